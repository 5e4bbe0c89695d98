"""Map geometry with shapely 2: grid cells, sea zones, derived adjacency, coasts, islands, port zones.

The one implementation of a dreadnought map's geometry: the validator's build and the map builder
(``dreadnought.authoring``) both call it, so that a map derives the same zones, kinds and adjacency whoever
reads it. Definitions:

- a grid cell is a **sea zone** unless it is wholly land: the sea left in it is at most
  ``SEA_FRACTION`` of the cell;
- a zone is **coastal** when land inside the closed zone has a positive area or runs along its edge for a
  positive length; land meeting it at a point does not count;
- two zones are **adjacent** when they share a border of positive length that is not wholly land;
- "positive" means more than ``EPSILON`` of the zone's size (its area, or the square root of its area for
  a length), so that a map drawn in other units derives the same.

Everything pairwise goes through an ``STRtree``: over the zones for their neighbours, and over the parts of
the land for what lies near a zone or border, so that the work grows with the zones and the land near
them, never with all pairs or with the whole coastline per zone.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Required, TypeAlias, TypedDict

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree


class GridDocument(TypedDict, total=False):
    """A map document's ``grid:`` as its schema admits it (``rows: [A, P]``, ``columns: [1, 24]``, the cell size,
    optionally the origin and the stagger)."""

    rows: Required[list[str]]
    columns: Required[list[int]]
    cell: Required[float]
    origin: list[float]
    stagger: str

EPSILON = 1e-9  # relative to a zone's size: below this a length or an area is rounding, not geometry
SEA_FRACTION = 1e-6  # a cell with no more sea than this share of it is land, not a zone
SIDES = ("N", "E", "S", "W")
STAGGERS = ("none", "odd-rows", "even-rows")

# --- the grid --------------------------------------------------------------------------------------


def row_labels(first: str, last: str) -> list[str]:
    """Row labels from ``first`` to ``last`` inclusive, spreadsheet style (``Y, Z, AA, AB``); empty when
    ``last`` comes before ``first``."""
    start, stop = label_index(first), label_index(last)
    return [index_label(i) for i in range(start, stop + 1)]


def label_index(label: str) -> int:
    """The 0-based index of a row label: ``A`` is 0, ``Z`` 25, ``AA`` 26."""
    if not label or not label.isascii() or not label.isalpha():
        raise ValueError(f"not a row label: {label!r}")
    value = 0
    for char in label.upper():
        value = value * 26 + (ord(char) - ord("A") + 1)
    return value - 1


def index_label(index: int) -> str:
    """The row label of a 0-based index (inverse of :func:`label_index`)."""
    if index < 0:
        raise ValueError(f"row indices start at 0, not {index}")
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


_ZONE_ID = re.compile(r"^\s*([A-Za-z]+)\s*(\d+)\s*$")


def zone_id(row: str, column: int) -> str:
    """The zone id of a cell: ``zone_id("q", 31) == "Q31"``."""
    return f"{row.upper()}{column}"


def parse_zone_id(text: str) -> tuple[str, int] | None:
    """Split ``Q31`` or ``Q 31`` into ``("Q", 31)``; ``None`` if the text is not a grid label."""
    match = _ZONE_ID.match(text)
    if match is None:
        return None
    return match.group(1).upper(), int(match.group(2))


def row_is_shifted(position: int, stagger: str) -> bool:
    """Whether the row at 0-based ``position`` from the north is shifted east by half a cell. The first
    row counts as row 1, an odd row: ``odd-rows`` shifts the first, third, fifth ... rows."""
    return (stagger == "odd-rows" and position % 2 == 0) or (stagger == "even-rows" and position % 2 == 1)


@dataclass(frozen=True)
class Cell:
    zone_id: str
    row: str
    column: int
    polygon: Polygon


def grid_cells(rows: tuple[str, str], columns: tuple[int, int], cell: float, origin: Sequence[float] = (0.0, 0.0),
               stagger: str = "none") -> list[Cell]:
    """Every cell of the grid, row by row from the north, each row west to east.

    Each grid line is computed once from the origin (``y0 + k * cell``), so that neighbouring cells share
    their border exactly whatever the cell size.
    """
    labels = row_labels(*rows)
    x0, y0 = float(origin[0]), float(origin[1])
    size = float(cell)
    cells = []
    for r, label in enumerate(labels):
        south, north = y0 + (len(labels) - r - 1) * size, y0 + (len(labels) - r) * size
        shift = size / 2 if row_is_shifted(r, stagger) else 0.0
        for c, number in enumerate(range(columns[0], columns[1] + 1)):
            west, east = x0 + c * size + shift, x0 + (c + 1) * size + shift
            cells.append(Cell(f"{label}{number}", label, number, shapely.box(west, south, east, north)))
    return cells


def grid_extent(rows: tuple[str, str], columns: tuple[int, int], cell: float,
                origin: Sequence[float] = (0.0, 0.0), stagger: str = "none") -> Polygon:
    """The area the grid covers: a rectangle, or a rectangle with notched sides when staggered."""
    if stagger == "none":
        x0, y0 = float(origin[0]), float(origin[1])
        width = (columns[1] - columns[0] + 1) * cell
        return shapely.box(x0, y0, x0 + width, y0 + len(row_labels(*rows)) * cell)
    # simplify(0) drops the cell corners that lie along straight stretches of the outline
    extent = shapely.union_all([c.polygon for c in grid_cells(rows, columns, cell, origin, stagger)]).simplify(0)
    if not isinstance(extent, Polygon):
        raise ValueError("a grid covers one connected area")
    return extent


# --- land ------------------------------------------------------------------------------------------


def polygon_of(ring: Sequence[Sequence[float]]) -> Polygon:
    return Polygon([(float(x), float(y)) for x, y in ring])


def exterior_rings(polygons: Sequence[Polygon]) -> list[tuple[tuple[float, float], ...]]:
    """Each polygon's exterior ring as a tuple of points without the closing repeat (vectorised)."""
    coords, index = shapely.get_coordinates(shapely.get_exterior_ring(list(polygons)), return_index=True)
    points = list(map(tuple, coords.tolist()))
    rings = []
    start = 0
    for count in np.bincount(index, minlength=len(polygons)).tolist():
        rings.append(tuple(points[start:start + count - 1]) if count else ())
        start += count
    return rings


def land_union(rings: Iterable[Sequence[Sequence[float]]]) -> BaseGeometry:
    """All land as one geometry (invalid rings are repaired with ``make_valid`` so that the union works;
    the geometry checks report them)."""
    polygons = [shapely.make_valid(polygon_of(r)) for r in rings]
    return shapely.union_all(polygons) if polygons else shapely.GeometryCollection()


def coastline(land: BaseGeometry, extent: Polygon) -> BaseGeometry:
    """The land's boundary where it meets the sea: where land is cut off by the grid's edge is no coast."""
    if land.is_empty:
        return shapely.MultiLineString()
    return land.boundary.difference(extent.boundary.buffer(EPSILON))


@dataclass(frozen=True)
class LandIndex:
    """The parts of a land geometry in an STRtree: what lies near a zone or border is found without
    looking at the rest of the coastline."""

    land: BaseGeometry
    parts: np.ndarray  # of geometries
    tree: STRtree
    shores: STRtree  # the parts' boundaries


    @property
    def is_empty(self) -> bool:
        return bool(self.land.is_empty)


Land: TypeAlias = BaseGeometry | LandIndex
"""Land as a geometry, or already indexed: a caller that asks many questions of one coastline (the map
builder asks once per zone) indexes it once with :func:`land_index` and passes the index."""


def land_index(land: Land) -> LandIndex:
    """The index of ``land`` (``land`` itself when it is one already)."""
    if isinstance(land, LandIndex):
        return land
    parts = [land]
    while any(shapely.get_num_geometries(p) > 1 or p.geom_type.startswith(("Multi", "Geometry")) for p in parts):
        parts = [q for p in parts for q in shapely.get_parts(p).tolist()]
    array = _array([p for p in parts if not p.is_empty])
    shapely.prepare(array)  # see land_touching: each part answers "intersects?" from its own index
    return LandIndex(land, array, STRtree(array), STRtree(shapely.boundary(array)))


def land_touching(index: LandIndex, geometries: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(i, j)`` index pairs, in the tree's order, for each geometry ``i`` that intersects land part ``j``.

    The same pairs as ``index.tree.query(geometries, predicate="intersects")``, found the other way round:
    that query prepares each small *geometry* and tests it against the part, at a cost that grows with the
    part's vertices, and a coast drawn as one polygon along a whole map's edge has an envelope that covers
    every zone: the work grew with the zones times the coastline (t(20,000 zones) / t(5,000) was 7, not 4).
    Here the tree only matches envelopes and the *parts*, prepared once, answer the exact predicate."""
    left, right = index.tree.query(geometries)
    if not len(left):
        return left, right
    hit = shapely.intersects(index.parts[right], geometries[left])
    return left[hit], right[hit]


def land_near(land: Land, geometries: Sequence[BaseGeometry] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Which of ``geometries`` land touches (their indices, ascending), and for each the land there: the
    union of the land parts that intersect it."""
    index = land_index(land)
    if not len(index.parts):
        return np.zeros(0, dtype=int), _array([])
    left, right = land_touching(index, _array(geometries))
    if not len(left):
        return np.zeros(0, dtype=int), _array([])
    order = np.lexsort((right, left))
    left, right = left[order], right[order]
    touched, starts = np.unique(left, return_index=True)
    groups = np.split(right, starts[1:])
    near = _array([index.parts[g[0]] if len(g) == 1 else shapely.union_all(index.parts[g]) for g in groups])
    return touched, near


def _array(geometries: Sequence[BaseGeometry] | np.ndarray) -> np.ndarray:
    array = np.empty(len(geometries), dtype=object)
    array[:] = list(geometries)
    return array


def _repaired(geometries: Sequence[BaseGeometry]) -> np.ndarray:
    """The geometries, invalid ones repaired with ``make_valid``: overlays refuse a zone drawn as a bow tie
    (GEO001 reports it; the build must still finish)."""
    array = _array(geometries)
    invalid = ~shapely.is_valid(array)
    if invalid.any():
        array[invalid] = shapely.make_valid(array[invalid])
    return array


def distances_to_coast(points: Sequence[Sequence[float]], land: Land) -> list[float]:
    """Each point's distance to the nearest land boundary (``inf`` without land), through the index: the
    work grows with the points, not with the points times the length of the coastline."""
    index = land_index(land)
    if not len(index.parts) or not len(points):
        return [math.inf] * len(points)
    where = shapely.points(np.asarray(points, dtype=float).reshape(-1, 2))
    (found, _), distances = index.shores.query_nearest(where, return_distance=True, all_matches=False)
    result = [math.inf] * len(points)
    for i, distance in zip(found.tolist(), distances.tolist(), strict=True):
        result[i] = distance
    return result


# --- sea zones -------------------------------------------------------------------------------------


def sea_areas(polygons: Sequence[BaseGeometry], land: Land) -> list[BaseGeometry]:
    """Each polygon less the land in it (the polygon itself where no land touches it)."""
    result = _repaired(polygons)
    if land.is_empty or not len(result):
        return list(result)
    touched, near = land_near(land, result)
    if len(touched):
        result[touched] = shapely.difference(result[touched], near)
    return list(result)


def sea_zones(zone_ids: Sequence[str], polygons: Sequence[BaseGeometry], land: Land,
              min_sea_fraction: float = SEA_FRACTION) -> dict[str, BaseGeometry]:
    """The sea part of every polygon that is not wholly land (more than ``min_sea_fraction`` of it is
    sea), keyed by zone id, in the given order."""
    seas = sea_areas(polygons, land)
    left = shapely.area(_array(seas)).tolist()
    whole = shapely.area(_array(polygons)).tolist()
    return {zone: sea for zone, sea, a, b in zip(zone_ids, seas, left, whole, strict=True) if a > min_sea_fraction * b}


def sea_cells(cells: Iterable[Cell], land: Land, min_sea_fraction: float = SEA_FRACTION) -> list[Cell]:
    """The cells that are not wholly land (DESIGN.md: those are the sea zones), in the grid's order."""
    cells = list(cells)
    if land.is_empty:
        return cells
    kept = sea_zones([cell.zone_id for cell in cells], [cell.polygon for cell in cells], land, min_sea_fraction)
    return [cell for cell in cells if cell.zone_id in kept]


def sea_borders(polygons: Sequence[Polygon], land: Land) -> list[tuple[int, int, float]]:
    """``(i, j, length)`` for every pair of zones ``i < j`` that share a border of positive length that is
    not all land; ``length`` is the part of it outside land. Sorted by ``(i, j)``."""
    shapes = _array(polygons)
    if not len(shapes):
        return []
    left, right = STRtree(shapes).query(shapes)
    # envelopes that meet in a single point (diagonal neighbours on a grid) cannot share a border
    bounds = shapely.bounds(shapes)
    width = np.minimum(bounds[left, 2], bounds[right, 2]) - np.maximum(bounds[left, 0], bounds[right, 0])
    height = np.minimum(bounds[left, 3], bounds[right, 3]) - np.maximum(bounds[left, 1], bounds[right, 1])
    pair = (left < right) & ((width > 0) | (height > 0))
    left, right = left[pair], right[pair]
    order = np.lexsort((right, left))
    left, right = left[order], right[order]
    boundaries = shapely.boundary(shapes)
    shared = shapely.intersection(boundaries[left], boundaries[right])
    scale = np.sqrt(np.minimum(shapely.area(shapes[left]), shapely.area(shapes[right])))
    lengths = shapely.length(shared)
    touching = lengths > EPSILON * scale
    left, right, shared, lengths, scale = (a[touching] for a in (left, right, shared, lengths, scale))
    if not land.is_empty and len(shared):
        touched, near = land_near(land, shared)
        if len(touched):
            lengths[touched] = shapely.length(shapely.difference(shared[touched], near))
    keep = lengths > EPSILON * scale
    return list(zip(left[keep].tolist(), right[keep].tolist(), lengths[keep].tolist(), strict=True))


def derive_adjacency(zone_ids: Sequence[str], polygons: Sequence[Polygon], land: Land) -> list[tuple[str, str]]:
    """Pairs of zones that share a border of positive length that is not all land, sorted by id."""
    return sorted((zone_ids[i], zone_ids[j]) for i, j, _ in sea_borders(polygons, land))


def coastal_zones(zone_ids: Sequence[str], polygons: Sequence[Polygon], land: Land) -> set[str]:
    """Zones that overlap land or share a border of positive length with it (meeting land at a single
    corner does not make a zone coastal)."""
    if land.is_empty or not len(polygons):
        return set()
    index = land_index(land)
    shapes = _repaired(polygons)
    left, right = land_touching(index, shapes)
    contact = shapely.intersection(shapes[left], index.parts[right])
    size = shapely.area(shapes[left])
    touches = (shapely.area(contact) > EPSILON * size) | (shapely.length(contact) > EPSILON * np.sqrt(size))
    return {zone_ids[i] for i in left[touches].tolist()}


def zone_kinds(zone_ids: Sequence[str], polygons: Sequence[Polygon], land: Land) -> dict[str, str]:
    """``coastal`` or ``open`` for every zone (see :func:`coastal_zones`), in the zones' order."""
    coastal = coastal_zones(zone_ids, polygons, land)
    return {zone: "coastal" if zone in coastal else "open" for zone in zone_ids}


def land_sides(polygon: Polygon, land: Land, tolerance: float | None = None) -> tuple[str, ...]:
    """Which sides (N, E, S, W) of a rectangular zone are wholly land (DN-7.41a). A side is wholly land
    when at most ``tolerance`` of it (default: ``EPSILON`` of its length) lies outside land."""
    if land.is_empty:
        return ()
    index = land_index(land)
    _, hits = land_touching(index, _array([polygon]))
    if not len(hits):
        return ()
    near = index.parts[hits[0]] if len(hits) == 1 else shapely.union_all(index.parts[np.sort(hits)])
    minx, miny, maxx, maxy = polygon.bounds
    corners = {"N": [(minx, maxy), (maxx, maxy)], "E": [(maxx, maxy), (maxx, miny)],
               "S": [(minx, miny), (maxx, miny)], "W": [(minx, miny), (minx, maxy)]}
    segments = shapely.linestrings([corners[side] for side in SIDES])
    outside = shapely.length(shapely.difference(segments, near)).tolist()
    allowed = (EPSILON * shapely.length(segments)).tolist() if tolerance is None else [tolerance] * len(SIDES)
    return tuple(side for side, out, limit in zip(SIDES, outside, allowed, strict=True) if out <= limit)


def island_parts(land: BaseGeometry, frame: Polygon, cell_area: float) -> list[Polygon]:
    """The landmasses that are islands (DN-7.41b): the parts of the land that lie properly inside the frame
    and are no larger than a cell. Land touching the frame, or larger than a cell, is coast: it may run
    through any number of zones."""
    parts = [part for part in getattr(land, "geoms", [land]) if isinstance(part, Polygon) and not part.is_empty]
    return [part for part in parts if part.area <= cell_area and frame.contains_properly(part)]


def islands_by_zone(zone_ids: Sequence[str], polygons: Sequence[Polygon],
                    islands: Sequence[tuple[str, BaseGeometry]], *, properly: bool = False) -> dict[str, list[str]]:
    """Land masses lying wholly inside a single zone, keyed by that zone (DN-7.41b); ``properly``: not
    touching the zone's border either."""
    tree = STRtree(list(polygons))
    found: dict[str, list[str]] = {}
    for land_id, shape in islands:
        for i in tree.query(shape, predicate="within").tolist():
            if not properly or polygons[i].contains_properly(shape):
                found.setdefault(zone_ids[i], []).append(land_id)
    return found


def zones_near(point: Sequence[float], zone_ids: Sequence[str], tree: STRtree, tolerance: float) -> list[str]:
    """Zones within ``tolerance`` of a point, in the order of ``zone_ids`` (the zones a port opens on,
    when the author leaves them out)."""
    where = Point(float(point[0]), float(point[1]))
    hits = tree.query(where, predicate="dwithin", distance=tolerance)
    return [zone_ids[i] for i in sorted(hits.tolist())]
