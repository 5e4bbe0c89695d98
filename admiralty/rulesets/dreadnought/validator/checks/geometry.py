"""Geometry checks of a dreadnought map and its minefields (shapely 2, pairwise work through STRtree)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree
from shapely.validation import explain_validity

from admiralty.rulesets.dreadnought.engine.model import Scenario, SeaMap
from admiralty.rulesets.dreadnought.validator import geometry
from admiralty.rulesets.dreadnought.validator.map_build import LAND_UNION
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic

OVERLAP_TOLERANCE = 1e-6  # of a zone's area: rounding in coordinates is not an overlap
PORT_TOLERANCE = 0.05  # of a cell: how far a port may sit from the coast and from the zones it opens on


@dataclass(frozen=True)
class Shapes:
    """A map's geometry, built once per map for every check that needs it."""

    ids: tuple[str, ...]
    zones: tuple[Polygon, ...]
    land: BaseGeometry
    coast: BaseGeometry
    tree: STRtree


def shapes_of(sea_map: SeaMap) -> Shapes:
    """The map's shapely geometry, built once for every check that needs it."""

    def compute() -> Shapes:
        ids = tuple(sea_map.zones)
        zones = tuple(Polygon(sea_map.zones[z].polygon) for z in ids)
        land = sea_map.derived(LAND_UNION, lambda: geometry.land_union(r for m in sea_map.land for r in m.polygons))
        return Shapes(ids, zones, land, land.boundary, STRtree(list(zones)))

    result: Shapes = sea_map.derived("shapes", compute)
    return result


@check(SeaMap, "GEO001")
def polygons_are_valid(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    for zone in sea_map.zones.values():
        if zone.source.path and zone.source.path[0] == "zones":
            polygon = Polygon(zone.polygon)
            if not polygon.is_valid:
                yield ctx.at(
                    "GEO001",
                    f"zone {zone.id}: {explain_validity(polygon)}",
                    zone.source.child("polygon"),
                    "redraw the outline so that it does not cross itself",
                )
    for mass in sea_map.land:
        for i, ring in enumerate(mass.polygons):
            polygon = Polygon(ring)
            if not polygon.is_valid:
                where = (
                    mass.source.child("polygon") if len(mass.polygons) == 1 else mass.source.child("multipolygon", i)
                )
                yield ctx.at(
                    "GEO001",
                    f"land '{mass.id}': {explain_validity(polygon)}",
                    where,
                    "redraw the outline so that it does not cross itself",
                )


@check(SeaMap, "GEO002")
def zones_do_not_overlap(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    """Grid cells never overlap each other, so only free-form zones are queried against the rest."""
    shapes = shapes_of(sea_map)
    free = [k for k, zone_id in enumerate(shapes.ids) if sea_map.zones[zone_id].row is None]
    if not free:
        return
    left, right = shapes.tree.query([shapes.zones[k] for k in free], predicate="overlaps")
    seen: set[tuple[int, int]] = set()
    for q, j in zip(left.tolist(), right.tolist(), strict=True):
        i = free[q]
        pair = (min(i, j), max(i, j))
        if i == j or pair in seen:
            continue
        seen.add(pair)
        a, b = shapes.zones[pair[0]], shapes.zones[pair[1]]
        if not (a.is_valid and b.is_valid):
            continue
        shared = a.intersection(b).area
        if shared > OVERLAP_TOLERANCE * min(a.area, b.area):
            zone = sea_map.zones[shapes.ids[i]]
            yield ctx.at(
                "GEO002",
                f"zones {shapes.ids[pair[0]]} and {shapes.ids[pair[1]]} overlap by {shared:.3g} square units",
                zone.source,
                "redraw the zones so that they only meet along a border",
            )


@check(SeaMap, "GEO003", "GEO004")
def declared_adjacency_matches_geometry(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    """Declared adjacency both ways against shared sea borders (a derived one matches by construction)."""
    if sea_map.declared_adjacency is None:
        return
    shapes = shapes_of(sea_map)
    touching = {frozenset(p) for p in geometry.derive_adjacency(shapes.ids, shapes.zones, shapes.land)}
    declared = {frozenset(p) for p in sea_map.declared_adjacency}
    for i, (a, b) in enumerate(sea_map.declared_adjacency):
        if a != b and frozenset((a, b)) not in touching:
            yield ctx.at(
                "GEO003",
                f"{a} and {b} are declared adjacent but share no sea border",
                sea_map.source.child("adjacency", i),
                "remove the pair, or redraw the zones so they touch",
            )
    for pair in sorted(touching - declared - set(sea_map.blocked), key=sorted):
        a, b = sorted(pair)
        yield ctx.at(
            "GEO004",
            f"{a} and {b} share a sea border but are not declared adjacent",
            sea_map.source.child("adjacency"),
            f"add [{a}, {b}] to adjacency, or to blocked",
        )


@check(SeaMap, "GEO005", "GEO006")
def ports_are_on_the_coast(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    shapes = shapes_of(sea_map)
    cell = sea_map.grid.cell if sea_map.grid else 1.0
    tolerance = cell * PORT_TOLERANCE
    ports = list(sea_map.ports.values())
    distances = geometry.distances_to_coast([port.at for port in ports], shapes.land)
    for port, distance in zip(ports, distances, strict=True):
        point = Point(port.at)
        if distance > tolerance:
            inland = shapes.land.contains(point)
            yield ctx.at(
                "GEO005",
                f"port '{port.id}' is {distance:.2f} map units {'inland' if inland else 'out at sea'}"
                f" (at most {tolerance:.2f} from the coast)",
                port.source.child("at"),
                "move the point onto the coastline",
            )
            continue
        if port.zones_declared:
            for i, zone_id in enumerate(port.zones):
                zone = sea_map.zones.get(zone_id)
                if zone is not None and Polygon(zone.polygon).distance(point) > tolerance:
                    yield ctx.at(
                        "GEO006",
                        f"port '{port.id}' does not touch zone {zone_id}",
                        port.source.child("zones", i),
                        "list only the zones beside the port's point",
                    )


@check(SeaMap, "GEO007")
def islands_lie_in_one_zone(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-7.41b: an island (a landmass wholly inside the map and no larger than a cell) lies inside exactly
    one zone. Land that reaches the map's edge or is larger than a cell is a coast, not an island."""
    shapes = shapes_of(sea_map)
    if not shapes.zones:
        return
    frame, cell_area = _frame(sea_map, shapes)
    for island in geometry.island_parts(shapes.land, frame, cell_area):
        hits = [
            shapes.ids[i]
            for i in shapes.tree.query(island, predicate="intersects").tolist()
            if shapes.zones[i].intersection(island).area > OVERLAP_TOLERANCE * island.area
        ]
        if len(hits) > 1:
            mass = max(sea_map.land, key=lambda m: sum(shapely.make_valid(Polygon(r)).intersection(island).area
                                                        for r in m.polygons))
            yield ctx.at(
                "GEO007",
                f"island '{mass.id}' lies across zones {', '.join(sorted(hits))}",
                mass.source,
                "move or redraw the island so that it lies inside one zone (or split it along the zones' border)",
            )


def _frame(sea_map: SeaMap, shapes: Shapes) -> tuple[Polygon, float]:
    """The map's outer edge and the area of a cell: the grid's, or the zones' bounding box and mean area."""
    grid = sea_map.grid
    if grid is not None:
        frame = geometry.grid_extent(grid.rows, grid.columns, grid.cell, grid.origin, grid.stagger)
        return frame, float(grid.cell) ** 2
    return shapely.box(*shapely.total_bounds(list(shapes.zones))), sum(z.area for z in shapes.zones) / len(shapes.zones)


@check(SeaMap, "GEO009")
def zone_kinds_match_the_coast(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    """Only the zones that declare a kind are tested (a derived kind matches by construction), all of them
    in one bulk query of the land's STRtree (``geometry.coastal_zones``): the work grows with the declared
    zones and the land beside them, and a map that declares none costs a pass over its zones."""
    shapes = shapes_of(sea_map)
    declared = _declaring_a_kind(sea_map, shapes)
    if not declared:
        return
    coastal = geometry.coastal_zones([shapes.ids[k] for k in declared], [shapes.zones[k] for k in declared],
                                     shapes.land)
    for zone in (sea_map.zones[shapes.ids[k]] for k in declared):
        touches = zone.id in coastal
        if (zone.kind == "open") == touches:
            yield ctx.at(
                "GEO009",
                f"zone {zone.id} is declared {zone.kind} but {'touches' if touches else 'does not touch'} land",
                zone.source.child("kind"),
                f"write kind: {'coastal' if touches else 'open'}, or leave kind out",
            )


def _declaring_a_kind(sea_map: SeaMap, shapes: Shapes) -> list[int]:
    """The positions in ``shapes`` of the zones whose document declares a ``kind``, in the zones' order."""
    return [k for k, zone_id in enumerate(shapes.ids) if sea_map.zones[zone_id].kind is not None]


@check(Scenario, "GEO008")
def minefields_lie_on_borders(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-13: a minefield lies along the border of two zones that share one."""
    zones = scenario.map.zones
    for field in scenario.minefields:
        a, b = field.between
        if a not in zones or b not in zones:
            continue
        shared = Polygon(zones[a].polygon).boundary.intersection(Polygon(zones[b].polygon).boundary)
        if a == b or shared.length <= geometry.EPSILON:
            yield ctx.at(
                "GEO008",
                f"zones {a} and {b} share no border for a minefield",
                field.source.child("between"),
                f"lay it between {a} and one of its neighbours: {', '.join(scenario.map.neighbours(a))}",
            )
