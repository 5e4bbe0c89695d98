"""Build a dreadnought ``map`` document from a GeoJSON FeatureCollection of land and a grid spec.

The steps, in order:

1. project every country (lon/lat, property ``name``) into map units (:class:`Projection`: Lambert
   cylindrical equal-area on the middle latitude by default, stated in the map's description; one map unit
   is ``km_per_unit`` km); invalid source rings are repaired;
2. simplify the countries together with :func:`shapely.coverage_simplify` (the coverage variant of
   shapely's simplify: borders shared by two countries move together, so no gap opens between them that
   would turn an inland cell into a sea zone); ``simplify`` is its tolerance, in map units;
3. clip to the grid's extent, give each country its ``nation`` (``nations`` maps country names or ISO
   codes to nation ids, :mod:`.countries`) and merge the countries of one nation (or keep one entry per
   country: ``merge: country``);
4. tidy: fill holes (lakes are not sea zones), hand land parts smaller than ``min_land_area`` (square map
   units) that touch other land to the entry they share most border with, drop the isolated ones;
5. add the hand-drawn ``extra_land`` (islands the source lacks; areas kept out of play), cut so that land
   entries never overlap; an entry marked ``island: true`` must lie inside one cell and touch no other land;
   then ``assign_land`` gives land inside a polygon, or an island by name, to another nation (:mod:`.assign`);
6. round every coordinate to 2 decimals (keeping polygons valid) and repair (:mod:`.repair`): sea slivers
   (under ``min_sea_fraction`` of a cell) and sea zones cut off from the main sea become land, islands that
   lie across cells are split along the cell borders; then derive sea zones, kinds and adjacency from the
   rounded land exactly as a reader of the document would (:mod:`dreadnought.geometry` through
   :mod:`.derive`);
7. snap each port onto the nearest point of its nation's coast (the coast of ``coast:`` when given: a
   base on another nation's shore; the whole coast when the nation holds none on the map), round it, and
   list the zones it opens on; refuse a move onto another landmass or beyond ``max_port_move_km`` unless
   ``allow_port_moves`` (:mod:`.ports`);
8. name zones from ``zone_names`` (a zone id, or a lon/lat point inside the zone).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Point, Polygon, shape
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient
from shapely.ops import nearest_points

from admiralty.rulesets.dreadnought.validator import geometry as zone_geometry
from admiralty.rulesets.dreadnought.validator.authoring.assign import assign_land
from admiralty.rulesets.dreadnought.validator.authoring.countries import nation_of
from admiralty.rulesets.dreadnought.validator.authoring.derive import (
    PORT_TOLERANCE,
    MapGeometry,
    map_geometry,
    port_zones,
)
from admiralty.rulesets.dreadnought.validator.authoring.grid import Grid, grid_cells, grid_extent, normalise_zone_id
from admiralty.rulesets.dreadnought.validator.authoring.land import Land, reshaped
from admiralty.rulesets.dreadnought.validator.authoring.mapyaml import write_map_yaml
from admiralty.rulesets.dreadnought.validator.authoring.ports import (
    MAX_PORT_MOVE_KM,
    PortMove,
    check_move,
    landmass_index,
)
from admiralty.rulesets.dreadnought.validator.authoring.projection import Projection
from admiralty.rulesets.dreadnought.validator.authoring.repair import Repairs, repair

__all__ = ["MapBuild", "build_from_files", "build_map", "build_map_document", "write_map_yaml"]

SLIVER_FRACTION = 1e-3  # a zone needs at least this share of its cell in sea


@dataclass(frozen=True)
class MapBuild:
    """A built map: the document, its derived geometry, and how far (km) each port was moved to the coast."""

    document: dict[str, Any]
    geometry: MapGeometry
    port_snap_km: dict[str, float]
    projection: Projection | None = None
    repairs: Repairs | None = None
    port_moves: tuple[PortMove, ...] = ()


def build_from_files(geojson_path: str | Path, spec: Mapping[str, Any]) -> dict[str, Any]:
    """Read a GeoJSON FeatureCollection from ``geojson_path`` and build the map document ``spec`` describes.

    ``spec`` keys (lon/lat in degrees, lengths and areas in map units):

    - ``id``, ``title``, optional ``description`` and ``sources`` (list of text): copied into the document;
    - ``grid``: ``{rows: [first, last], columns: [first, last], cell, origin?, stagger?}`` as in the map
      document; ``bbox``: ``[west, south, east, north]`` (its south-west corner lands on the grid's origin,
      its middle latitude sets the east-west scale); ``km_per_unit``: kilometres per map unit;
    - ``nations``: country name or ISO 3166 code (alpha-2, alpha-3, numeric) -> nation id;
      ``nation_names``: nation id -> land entry name;
      ``default_nation``: nation of unlisted countries (default: the country name in kebab-case);
      ``merge``: ``nation`` (default) or ``country``;
    - ``simplify`` (default a twentieth of the cell: 0.5 map units for a cell of 10), ``min_land_area``
      (default a hundredth of a cell's area: 1.0 square units), ``min_sea_fraction`` (default 0.001);
    - ``extra_land``: ``[{id, name, nation, polygon: [[lon, lat], ...], island?: bool}]``;
    - ``ports``: ``[{id, name, nation, at: [lon, lat], coast?: nation}]``; ``port_tolerance`` (default 0.05);
    - ``projection``: ``equal-area`` (default) or ``equirectangular``; ``state_projection`` (default true):
      end the description with a sentence naming it;
    - ``zone_names``: ``[{name, id}]`` or ``[{name, at: [lon, lat]}]``; ``list_zones``: ``all`` (default:
      every sea zone with its kind) or ``named``;
    - ``adjacency``: ``derived`` (default) or ``list`` (write the derived pairs); ``blocked``: zone pairs.
    """
    collection = json.loads(Path(geojson_path).read_text(encoding="utf-8"))
    return build_map_document(collection, spec)


def build_map_document(collection: Mapping[str, Any], spec: Mapping[str, Any]) -> dict[str, Any]:
    """The map document built from a parsed FeatureCollection (see :func:`build_from_files`)."""
    return build_map(collection, spec).document


def build_map(collection: Mapping[str, Any], spec: Mapping[str, Any]) -> MapBuild:
    """Build the map document and keep its derived geometry and the ports' snap distances."""
    grid = Grid.from_doc(spec["grid"])
    # tolerances scale with the cell (0.5 and 1.0 for the usual cell of 10), so a grid drawn in other units
    # neither simplifies its coast away nor keeps every pebble
    spec = {"simplify": grid.cell / 20, "min_land_area": grid.cell**2 / 100, **spec}
    projection = Projection.from_bbox(spec["bbox"], float(spec["km_per_unit"]), grid.origin,
                                      str(spec.get("projection", "equal-area")))
    extent = grid_extent(grid)
    lands, repairs = _land(collection, spec, grid, projection, extent)
    document = _document(spec, grid, projection, lands)
    geometry = map_geometry(document)
    check_sea_slivers(geometry, float(spec.get("min_sea_fraction", SLIVER_FRACTION)))
    names = zone_names(spec.get("zone_names", []), projection, geometry)
    listed = [z for z in geometry.zones if spec.get("list_zones", "all") == "all" or z in names]
    document["zones"] = [_zone_entry(zone, names.get(zone), geometry.kinds[zone]) for zone in listed]
    if not document["zones"]:
        del document["zones"]
    snaps, moves = _place_ports(spec, projection, geometry, lands, extent, document)
    if not document["ports"]:
        del document["ports"]
    if spec.get("adjacency", "derived") == "list":
        document["adjacency"] = [[a, b] for a, b in geometry.graph.edges]
    return MapBuild(document=document, geometry=geometry, port_snap_km=snaps, projection=projection, repairs=repairs,
                    port_moves=tuple(moves))


def _land(collection: Mapping[str, Any], spec: Mapping[str, Any], grid: Grid, projection: Projection,
          extent: Polygon) -> tuple[list[Land], Repairs]:
    """The countries' land on the grid: projected, tidied, with the extra and assigned land, rounded, then
    repaired (slivers of sea filled) and its islands checked; and the repairs made."""
    lands = country_land(collection, spec, projection, extent)
    lands = tidy_land(lands, float(spec["min_land_area"]))
    lands += extra_land(spec.get("extra_land", []), projection, extent, lands)
    lands = assign_land(lands, spec.get("assign_land", []), collection, projection, spec.get("nation_names", {}))
    lands = [reshaped(entry, round_geometry(entry["geometry"])) for entry in lands]
    lands, repairs = repair(lands, grid, float(spec.get("min_sea_fraction", SLIVER_FRACTION)), round_geometry)
    check_islands(lands, grid)
    return lands, repairs


def _document(spec: Mapping[str, Any], grid: Grid, projection: Projection, lands: list[Land]) -> dict[str, Any]:
    """The map document's keys in the order the writer writes them; ``zones`` and ``ports`` are filled later."""
    document: dict[str, Any] = {"kind": "map", "ruleset": "dreadnought", "id": spec["id"]}
    document["title"] = spec["title"]
    description = str(spec.get("description") or "")
    if spec.get("state_projection", True):
        description = (f"{description.rstrip()}\n" if description else "") + projection.describe()
    if description:
        document["description"] = description
    document["grid"] = grid.to_doc()
    document["km_per_unit"] = round(float(spec["km_per_unit"]), 2)  # as the writer writes it
    document["zones"] = []
    document["land"] = [land_entry(entry) for entry in lands]
    document["ports"] = []
    document["adjacency"] = "derived"
    if spec.get("blocked"):
        document["blocked"] = [[normalise_zone_id(a), normalise_zone_id(b)] for a, b in spec["blocked"]]
    if spec.get("sources"):
        document["sources"] = list(spec["sources"])
    return document


def _place_ports(spec: Mapping[str, Any], projection: Projection, geometry: MapGeometry, lands: list[Land],
                 extent: Polygon, document: dict[str, Any]) -> tuple[dict[str, float], list[PortMove]]:
    """Each port snapped to its nation's shore into ``document["ports"]``: how far each moved (km), and the
    moves (each checked against the limit)."""
    snaps: dict[str, float] = {}
    moves: list[PortMove] = []
    tolerance = float(spec.get("port_tolerance", PORT_TOLERANCE))
    shore = zone_geometry.coastline(geometry.land, extent)
    landmasses = parts_of(geometry.land)
    limit, allowed = float(spec.get("max_port_move_km", MAX_PORT_MOVE_KM)), bool(spec.get("allow_port_moves"))
    for port in spec.get("ports", []):
        entry, moved = snap_port(port, projection, nation_shore(shore, lands, port), geometry, tolerance)
        document["ports"].append(entry)
        snaps[entry["id"]] = round(moved * projection.km_per_unit, 1)
        given = Point(projection.forward(*port["at"]))
        other = landmass_index(landmasses, given) != landmass_index(landmasses, Point(entry["at"]))
        move = PortMove(entry["id"], (float(port["at"][0]), float(port["at"][1])), (entry["at"][0], entry["at"][1]),
                        snaps[entry["id"]], other)
        check_move(move, limit, allowed)
        if move.km > 0:
            moves.append(move)
    return snaps, moves


def nation_shore(shore: BaseGeometry, lands: list[Land], port: Mapping[str, Any]) -> BaseGeometry:
    """The coast a port snaps to: that of the nation named by its ``coast`` (default: its ``nation``) when
    that nation holds coast on the map, else the whole coast (a base on another's shore)."""
    nation = str(port.get("coast", port["nation"]))
    held = [entry["geometry"] for entry in lands if entry["nation"] == nation]
    if not held:
        if "coast" in port:
            raise ValueError(f"port {port['id']!r}: no land of nation {nation!r} on the map")
        return shore
    own = shore.intersection(shapely.union_all(held).buffer(1e-6))
    if own.length > 0:
        return own
    if "coast" in port:
        raise ValueError(f"port {port['id']!r}: the land of {nation!r} has no coast on the map")
    return shore


def kebab(text: str) -> str:
    """``"Bosnia and Herz."`` -> ``"bosnia-and-herz"``: the id form of a name."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def country_land(
    collection: Mapping[str, Any], spec: Mapping[str, Any], projection: Projection, extent: Polygon
) -> list[Land]:
    """Steps 1-3: projected, coverage-simplified, clipped countries, merged per nation by default."""
    nations: Mapping[str, str] = spec.get("nations", {})  # country name or ISO code -> nation id
    margin = extent.buffer(extent.length / 8, join_style="mitre")
    named: list[tuple[dict[str, Any], BaseGeometry]] = []
    for feature in collection["features"]:
        projected = projection.geometry(shape(feature["geometry"]))
        if not projected.is_valid:  # real data: rings that touch or cross themselves after simplification
            projected = polygonal(shapely.make_valid(projected))
        if projected.intersects(margin):
            named.append((dict(feature["properties"]), projected.intersection(margin)))
    simplified = shapely.coverage_simplify(
        np.array([geometry for _, geometry in named], dtype=object), float(spec["simplify"])
    )
    by_key: dict[str, Land] = {}
    merge = spec.get("merge", "nation")
    for (properties, _), geometry in zip(named, simplified, strict=True):
        name = str(properties["name"])
        clipped = polygonal(geometry.intersection(extent))
        if clipped.is_empty:
            continue
        nation = nation_of(properties, nations) or spec.get("default_nation") or kebab(name)
        key = nation if merge == "nation" else kebab(name)
        label = spec.get("nation_names", {}).get(nation, name) if merge == "nation" else name
        found = by_key.get(key)
        merged = polygonal(shapely.union_all([found["geometry"] if found is not None else Polygon(), clipped]))
        if found is None:
            by_key[key] = Land(id=key, name=label, nation=nation, island=False, geometry=merged)
        else:
            found["geometry"] = merged
    order = list(dict.fromkeys(nations.values()))
    return sorted(by_key.values(), key=lambda e: (order.index(e["id"]) if e["id"] in order else 99, e["id"]))


def tidy_land(lands: list[Land], min_area: float) -> list[Land]:
    """Step 4: fill holes; small parts touching other land join it, isolated small parts are dropped."""
    parts = [[fill_holes(p) for p in parts_of(entry["geometry"])] for entry in lands]
    moves: list[tuple[int, Polygon]] = []
    for index, polygons in enumerate(parts):
        for polygon in [p for p in polygons if p.area < min_area]:
            polygons.remove(polygon)
            shared = [
                (polygon.boundary.intersection(shapely.union_all(other)).length, j)
                for j, other in enumerate(parts)
                if j != index and other
            ]
            # the neighbour with the longest common border; the first listed on a tie
            length, target = max(shared, key=lambda pair: (pair[0], -pair[1]), default=(0.0, -1))
            if length > 0:
                moves.append((target, polygon))
    for index, polygon in moves:
        parts[index].append(polygon)
    tidy = []
    for entry, polygons in zip(lands, parts, strict=True):
        if polygons:
            tidy.append(reshaped(entry, polygonal(shapely.union_all(polygons))))
    return tidy


def extra_land(
    entries: Sequence[Mapping[str, Any]], projection: Projection, extent: Polygon, lands: list[Land]
) -> list[Land]:
    """Step 5: hand-drawn land in lon/lat, clipped to the grid and cut away from the land already there."""
    taken = shapely.union_all([entry["geometry"] for entry in lands])
    extra: list[Land] = []
    for entry in entries:
        ring = Polygon([(float(lon), float(lat)) for lon, lat in entry["polygon"]])
        geometry = polygonal(projection.geometry(ring).intersection(extent).difference(taken))
        if geometry.is_empty:
            raise ValueError(f"extra land {entry['id']!r} lies wholly outside the grid or under other land")
        taken = shapely.union_all([taken, geometry])
        extra.append(Land(id=entry["id"], name=entry["name"], nation=entry["nation"], geometry=geometry,
                          island=bool(entry.get("island", False)), extra=True))  # assign_land may name it an island
    return extra


def check_islands(lands: list[Land], grid: Grid) -> None:
    """Raise unless every ``island`` entry lies inside one cell and touches no other land."""
    cells = grid_cells(grid)
    islands = [(entry["id"], entry["geometry"]) for entry in lands if entry["island"]]
    inside = zone_geometry.islands_by_zone(list(cells), list(cells.values()), islands, properly=True)
    placed = {land_id for found in inside.values() for land_id in found}
    for entry in lands:
        if not entry["island"]:
            continue
        geometry = entry["geometry"]
        if entry["id"] not in placed:
            raise ValueError(f"island {entry['id']!r} crosses a cell border")
        others = [other["geometry"] for other in lands if other is not entry]
        if geometry.intersects(shapely.union_all(others)):
            raise ValueError(f"island {entry['id']!r} touches other land")


def check_sea_slivers(geometry: MapGeometry, fraction: float = SLIVER_FRACTION) -> None:
    """Raise if a zone holds almost no sea: a gap left between land entries, not a stretch of water."""
    for zone, sea in geometry.zones.items():
        if sea.area < fraction * geometry.cells[zone].area:
            raise ValueError(
                f"zone {zone} has only {sea.area:.4f} square units of sea: close the gap between the land "
                "entries there (or move the hand-drawn land)"
            )


def round_geometry(geometry: BaseGeometry, digits: int = 2) -> Polygon | MultiPolygon:
    """Coordinates on a 10**-digits grid (valid output), then rounded so they print as written."""
    snapped = shapely.set_precision(geometry, 10.0**-digits)
    rounded = polygonal(shapely.transform(snapped, lambda coords: np.round(coords, digits)))
    if not rounded.is_valid:
        rounded = polygonal(shapely.make_valid(rounded))
    return rounded


def land_entry(entry: Land) -> dict[str, object]:
    """A ``land:`` entry: ``polygon`` for one part, ``multipolygon`` (largest part first) for several."""
    polygons = sorted(parts_of(entry["geometry"]), key=lambda p: (-p.area, p.bounds))
    rings = [ring_points(polygon) for polygon in polygons]
    out: dict[str, object] = {"id": entry["id"], "name": entry["name"], "nation": entry["nation"]}
    if len(rings) == 1:
        out["polygon"] = rings[0]
    else:
        out["multipolygon"] = rings
    return out


def ring_points(polygon: Polygon) -> list[list[float]]:
    """The exterior ring counter-clockwise, not closed, starting at its south-westernmost point."""
    ring = orient(polygon, sign=1.0).exterior.coords[:-1]
    start = min(range(len(ring)), key=lambda i: (ring[i][1], ring[i][0]))
    ordered = ring[start:] + ring[:start]
    return [[round(float(x), 2), round(float(y), 2)] for x, y in ordered]


def zone_names(entries: Sequence[Mapping[str, Any]], projection: Projection, geometry: MapGeometry) -> dict[str, str]:
    """Zone id -> name, from ``{name, id}`` or ``{name, at: [lon, lat]}`` entries."""
    names: dict[str, str] = {}
    for entry in entries:
        if "id" in entry:
            zone = normalise_zone_id(str(entry["id"]))
        else:
            point = Point(projection.forward(*entry["at"]))
            inside = [z for z, cell in geometry.cells.items() if cell.covers(point)]
            zone = inside[0] if inside else ""
        if zone not in geometry.zones:
            raise ValueError(f"zone name {entry['name']!r}: {zone or entry.get('at')} is not a sea zone")
        names[zone] = str(entry["name"])
    return names


def snap_port(
    port: Mapping[str, Any],
    projection: Projection,
    shore: BaseGeometry,
    geometry: MapGeometry,
    tolerance: float,
) -> tuple[dict[str, Any], float]:
    """A ``ports:`` entry snapped to the coast, and how far (map units) the given point moved."""
    given = Point(projection.forward(*port["at"]))
    if shore.is_empty:
        raise ValueError(f"port {port['id']!r} opens on no sea zone: the map has no coast")
    snapped = nearest_points(shore, given)[0]
    at = [round(snapped.x, 2), round(snapped.y, 2)]
    zones = port_zones(at, geometry.zones, tolerance)
    if not zones:
        raise ValueError(f"port {port['id']!r} opens on no sea zone")
    entry = {"id": port["id"], "name": port["name"], "nation": port["nation"], "at": at, "zones": zones}
    return entry, float(given.distance(snapped))


def parts_of(geometry: BaseGeometry) -> list[Polygon]:
    """The polygons of a polygonal geometry (empty list for an empty one)."""
    if isinstance(geometry, Polygon):
        return [] if geometry.is_empty else [geometry]
    if isinstance(geometry, MultiPolygon):
        return list(geometry.geoms)
    return [part for sub in getattr(geometry, "geoms", []) for part in parts_of(sub)]


def polygonal(geometry: BaseGeometry) -> Polygon | MultiPolygon:
    """Only the areas of a geometry (overlay results can carry stray points and lines)."""
    parts = [p for p in parts_of(geometry) if p.area > 0]
    if not parts:
        return Polygon()
    return parts[0] if len(parts) == 1 else MultiPolygon(parts)


def fill_holes(polygon: Polygon) -> Polygon:
    """The polygon without its holes."""
    return Polygon(polygon.exterior.coords)


def _zone_entry(zone: str, name: str | None, kind: str) -> dict[str, str]:
    entry = {"id": zone}
    if name:
        entry["name"] = name
    entry["kind"] = kind
    return entry
