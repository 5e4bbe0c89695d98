"""Build a dreadnought map document into the engine's ``SeaMap``: land, zones, borders, ports, topology."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import shapely
from shapely.geometry import Polygon
from shapely.strtree import STRtree

from admiralty.rulesets.dreadnought.engine.model import (
    Grid,
    LandMass,
    Port,
    SeaMap,
    Topology,
    Zone,
    normalise_zone_id,
)
from admiralty.rulesets.dreadnought.validator import geometry
from admiralty.validator.build import BuildContext, source
from admiralty.validator.load import Document, PathPart

PORT_TOLERANCE_CELLS = 0.05  # a port opens on zones within 5% of a cell of its point
LAND_UNION = "land-union"  # the name a built map keeps the union of its land under (SeaMap.derived)


def build_map(doc: Document, ctx: BuildContext) -> SeaMap | None:
    """A map document as the engine's ``SeaMap``: land, the grid's sea cells and drawn zones, borders
    (declared or derived from the geometry, less the blocked ones), ports and the derived topology."""
    data = doc.data
    grid_data = data["grid"]
    grid = Grid(tuple(grid_data["rows"]), tuple(grid_data["columns"]), float(grid_data["cell"]),
                tuple(grid_data.get("origin", (0.0, 0.0))), grid_data.get("stagger", "none"))
    land = _land(doc)
    land_shape = geometry.land_index(geometry.land_union(ring for mass in land for ring in mass.polygons))
    made = _zones(doc, ctx, grid, land_shape)
    if made is None:  # GRA007: no sea at all; its zones, ports and borders would each be "unknown"
        return None
    polygons, zones = made
    ids = list(polygons)
    shapes = [polygons[z] for z in ids]
    blocked = _pairs(doc, ctx, data.get("blocked", []), ("blocked",), zones)
    declared: tuple[tuple[str, str], ...] | None = None
    if isinstance(data.get("adjacency", "derived"), list):
        declared = tuple(_pairs(doc, ctx, data["adjacency"], ("adjacency",), zones))
        pairs = [(a, b) for a, b in declared if a in zones and b in zones]
    else:
        pairs = geometry.derive_adjacency(ids, shapes, land_shape)
    ports = _ports(doc, ctx, zones, STRtree(shapes), grid.cell * PORT_TOLERANCE_CELLS)
    topology = _topology(polygons, zones, land, land_shape, _neighbours(ids, pairs, blocked))
    built = SeaMap(data["id"], data["title"], grid, (zones), tuple(land), (ports),
                   declared, frozenset(frozenset(p) for p in blocked), topology, data.get("description", ""),
                   tuple(data.get("sources", [])), source(doc), data.get("km_per_unit"))
    built.derived(LAND_UNION, lambda: land_shape.land)  # the checks' shapes reuse it instead of a second union
    return built


def _topology(polygons: dict[str, Polygon], zones: dict[str, Zone], land: list[LandMass],
              land_shape: geometry.LandIndex, neighbours: dict[str, tuple[str, ...]]) -> Topology:
    """What the engine derives from the geometry: neighbours, each zone's kind (open or coastal where the map
    does not say), its land sides, and the islands in it."""
    ids = list(polygons)
    shapes = [polygons[z] for z in ids]
    coastal = geometry.coastal_zones(ids, shapes, land_shape)
    islands = geometry.islands_by_zone(ids, shapes, [(m.id, geometry.polygon_of(r)) for m in land for r in m.polygons])
    return Topology(
        neighbours,
        ({z: zones[z].kind or ("coastal" if z in coastal else "open") for z in ids}),
        ({z: geometry.land_sides(polygons[z], land_shape) for z in ids}),
        ({z: tuple(v) for z, v in islands.items()}),
    )


def _land(doc: Document) -> list[LandMass]:
    land = []
    for i, entry in enumerate(doc.data.get("land", [])):
        rings = [entry["polygon"]] if "polygon" in entry else entry["multipolygon"]
        land.append(LandMass(entry["id"], entry.get("name", entry["id"]), entry["nation"],
                             tuple(_ring(r) for r in rings), source(doc, "land", i)))
    return land


def _zones(doc: Document, ctx: BuildContext, grid: Grid,
           land: geometry.Land) -> tuple[dict[str, Polygon], dict[str, Zone]] | None:
    """The sea zones: the grid's cells that are not wholly land, with the ``zones:`` entries' names, kinds
    and drawn polygons laid over them (in the grid's order, then the drawn zones'); None when every cell
    of the grid is land (GRA007, reported here)."""
    grid_cells = geometry.grid_cells(grid.rows, grid.columns, grid.cell, grid.origin, grid.stagger)
    cells = geometry.sea_cells(grid_cells, land)
    if grid_cells and not cells:
        _no_sea(doc, ctx, grid_cells, land)
        return None
    polygons: dict[str, Polygon] = {cell.zone_id: cell.polygon for cell in cells}
    rows = {cell.zone_id: (cell.row, cell.column) for cell in cells}
    overrides: dict[str, tuple[int, dict[str, Any]]] = {}
    for i, entry in enumerate(doc.data.get("zones", [])):
        zone_id = normalise_zone_id(entry["id"])
        if zone_id in overrides:
            ctx.report("REF001", f"zone '{zone_id}' is listed twice", doc, ("zones", i, "id"), "merge the entries")
            continue
        overrides[zone_id] = (i, entry)
        if "polygon" in entry:
            polygons[zone_id] = geometry.polygon_of(entry["polygon"])
        elif zone_id not in polygons:
            ctx.unknown("REF008", "grid zone", zone_id, polygons, doc, ("zones", i, "id"))
    zones = {}
    for zone_id, ring in zip(polygons, geometry.exterior_rings(list(polygons.values())), strict=True):
        index, entry = overrides.get(zone_id, (-1, {}))
        row, column = rows.get(zone_id, (None, None))
        zones[zone_id] = Zone(zone_id, entry.get("name", zone_id), entry.get("kind"), ring,
                              source(doc, "zones", index) if index >= 0 else source(doc, "grid"), row, column)
    return polygons, zones


def _no_sea(doc: Document, ctx: BuildContext, cells: Sequence[geometry.Cell], land: geometry.Land) -> None:
    """GRA007: the grid holds no sea cell; says where the land and the grid lie, in map units."""
    def extent(bounds: tuple[float, ...]) -> str:
        return f"x {bounds[0]:g} to {bounds[2]:g}, y {bounds[1]:g} to {bounds[3]:g}"

    grid_bounds = tuple(shapely.total_bounds([cell.polygon for cell in cells]).tolist())
    land_bounds = geometry.land_index(land).land.bounds
    ctx.report("GRA007", f"every one of the grid's {len(cells):,} cells is land: the map has no sea zone", doc,
               ("grid",), f"the grid covers {extent(grid_bounds)} and the land {extent(land_bounds)} (map units): "
               "draw both in the same units, or fix the grid's cell and origin", key=True)
    ctx.broken.add(("dreadnought", "map", doc.data["id"]))


def _neighbours(ids: Sequence[str], pairs: Iterable[tuple[str, str]],
                blocked: Iterable[tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    """Each zone's neighbours across the open borders (a blocked border joins nothing)."""
    neighbours: dict[str, set[str]] = {z: set() for z in ids}
    closed = {frozenset(p) for p in blocked}
    for a, b in pairs:
        if frozenset((a, b)) not in closed:
            neighbours[a].add(b)
            neighbours[b].add(a)
    return {z: tuple(sorted(n)) for z, n in neighbours.items()}


def _ports(doc: Document, ctx: BuildContext, zones: Mapping[str, Zone], tree: STRtree,
           tolerance: float) -> dict[str, Port]:
    """The ports, each opening on its listed zones or, unlisted, on the zones within ``tolerance``."""
    ids = list(zones)
    ports = {}
    for i, entry in enumerate(doc.data.get("ports", [])):
        if entry["id"] in ports:
            ctx.report("REF001", f"port '{entry['id']}' is defined twice", doc, ("ports", i, "id"), "rename one")
            continue
        declared_zones = [normalise_zone_id(z) for z in entry.get("zones", [])]
        for j, zone_id in enumerate(declared_zones):
            if zone_id not in zones:
                ctx.unknown("REF008", "zone", zone_id, zones, doc, ("ports", i, "zones", j))
        port_zones = [z for z in declared_zones if z in zones] if declared_zones else geometry.zones_near(
            entry["at"], ids, tree, tolerance)
        ports[entry["id"]] = Port(entry["id"], entry["name"], entry["nation"], tuple(entry["at"]),
                                  tuple(port_zones), source(doc, "ports", i), bool(declared_zones))
    return ports


def _ring(points: Sequence[Sequence[float]]) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in points)


def _pairs(doc: Document, ctx: BuildContext, pairs: list[list[str]], at: tuple[PathPart, ...],
           zones: dict[str, Zone]) -> list[tuple[str, str]]:
    """The pairs in document order (so that index ``i`` is the author's line), unknown zones reported."""
    out = []
    for i, pair in enumerate(pairs):
        a, b = (normalise_zone_id(z) for z in pair)
        for j, zone_id in enumerate((a, b)):
            if zone_id not in zones:
                ctx.unknown("REF008", "zone", zone_id, zones, doc, (*at, i, j))
        out.append((a, b))
    return out


# --- catalogs --------------------------------------------------------------------------------------
