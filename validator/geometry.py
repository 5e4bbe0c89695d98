"""Map geometry with shapely 2: grid cells, sea zones, derived adjacency, coasts, islands, port zones.

Everything pairwise goes through an ``STRtree``: no loop over all pairs of zones. The results feed the
typed model's ``Topology`` (computed once here, used by the engine and the site).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

EPSILON = 1e-9
SIDES = ("N", "E", "S", "W")


def row_labels(first: str, last: str) -> list[str]:
    """Row labels from ``first`` to ``last`` inclusive, spreadsheet style (``Y, Z, AA, AB``)."""
    start, stop = label_index(first), label_index(last)
    return [index_label(i) for i in range(start, stop + 1)]


def label_index(label: str) -> int:
    value = 0
    for char in label:
        value = value * 26 + (ord(char) - ord("A") + 1)
    return value - 1


def index_label(index: int) -> str:
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


@dataclass(frozen=True)
class Cell:
    zone_id: str
    row: str
    column: int
    polygon: Polygon


def grid_cells(rows: tuple[str, str], columns: tuple[int, int], cell: float, origin: Sequence[float] = (0.0, 0.0),
               stagger: str = "none") -> list[Cell]:
    """Every cell of the grid, row by row from the north; the first row is the northernmost."""
    labels = row_labels(*rows)
    x0, y0 = float(origin[0]), float(origin[1])
    cells = []
    for r, label in enumerate(labels):
        shifted = (stagger == "odd-rows" and r % 2 == 0) or (stagger == "even-rows" and r % 2 == 1)
        top = y0 + (len(labels) - r) * cell
        for c, number in enumerate(range(columns[0], columns[1] + 1)):
            left = x0 + c * cell + (cell / 2 if shifted else 0.0)
            cells.append(Cell(f"{label}{number}", label, number,
                              shapely.box(left, top - cell, left + cell, top)))
    return cells


def polygon_of(ring: Sequence[Sequence[float]]) -> Polygon:
    return Polygon([(float(x), float(y)) for x, y in ring])


def exterior_rings(polygons: Sequence[Polygon]) -> list[tuple[tuple[float, float], ...]]:
    """Each polygon's exterior ring as a tuple of points without the closing repeat (vectorised)."""
    coords, index = shapely.get_coordinates(shapely.get_exterior_ring(list(polygons)), return_index=True)
    rings: list[list[tuple[float, float]]] = [[] for _ in polygons]
    for (x, y), i in zip(coords.tolist(), index.tolist(), strict=True):
        rings[i].append((x, y))
    return [tuple(ring[:-1]) for ring in rings]


def land_union(rings: Iterable[Sequence[Sequence[float]]]) -> BaseGeometry:
    """All land as one geometry (invalid rings are repaired with ``make_valid`` so that the union works;
    the geometry checks report them)."""
    polygons = [shapely.make_valid(polygon_of(r)) for r in rings]
    return shapely.union_all(polygons) if polygons else shapely.GeometryCollection()


def sea_cells(cells: Iterable[Cell], land: BaseGeometry, min_sea_fraction: float = 1e-6) -> list[Cell]:
    """The cells that are not wholly land (DESIGN.md: those are the sea zones)."""
    cells = list(cells)
    if land.is_empty:
        return cells
    shapely.prepare(land)
    kept = []
    for cell in cells:
        if land.contains(cell.polygon):
            continue
        if land.intersects(cell.polygon):
            sea = cell.polygon.difference(land).area
            if sea <= min_sea_fraction * cell.polygon.area:
                continue
        kept.append(cell)
    return kept


def shared_sea_border(a: Polygon, b: Polygon, land: BaseGeometry) -> float:
    """Length of the border two zones share that is not land (0 when they only meet at a point)."""
    shared = a.boundary.intersection(b.boundary)
    if shared.is_empty or shared.length <= EPSILON:
        return 0.0
    if land.is_empty:
        return float(shared.length)
    return float(shared.difference(land).length)


def derive_adjacency(zone_ids: Sequence[str], polygons: Sequence[Polygon], land: BaseGeometry) -> list[tuple[str, str]]:
    """Pairs of zones that share a border of positive length that is not all land, found with an STRtree."""
    tree = STRtree(list(polygons))
    pairs: list[tuple[str, str]] = []
    left, right = tree.query(list(polygons), predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i >= j:
            continue
        if shared_sea_border(polygons[i], polygons[j], land) > EPSILON:
            pairs.append((zone_ids[i], zone_ids[j]))
    return sorted(pairs)


def coastal_zones(zone_ids: Sequence[str], polygons: Sequence[Polygon], land: BaseGeometry) -> set[str]:
    """Zones that overlap land or share a border of positive length with it (meeting land at a single
    corner does not make a zone coastal)."""
    if land.is_empty:
        return set()
    parts = list(getattr(land, "geoms", [land]))
    tree = STRtree(parts)
    left, right = tree.query(list(polygons), predicate="intersects")
    coastal: set[str] = set()
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if zone_ids[i] in coastal:
            continue
        contact = polygons[i].intersection(parts[j])
        if contact.area > EPSILON or contact.length > EPSILON:
            coastal.add(zone_ids[i])
    return coastal


def land_sides(polygon: Polygon, land: BaseGeometry, tolerance: float = EPSILON) -> tuple[str, ...]:
    """Which sides (N, E, S, W) of a rectangular zone are wholly land (DN-7.41a)."""
    if land.is_empty:
        return ()
    minx, miny, maxx, maxy = polygon.bounds
    segments = {
        "N": LineString([(minx, maxy), (maxx, maxy)]),
        "E": LineString([(maxx, maxy), (maxx, miny)]),
        "S": LineString([(minx, miny), (maxx, miny)]),
        "W": LineString([(minx, miny), (minx, maxy)]),
    }
    return tuple(side for side in SIDES if segments[side].difference(land).length <= tolerance)


def islands_by_zone(zone_ids: Sequence[str], polygons: Sequence[Polygon],
                    islands: Sequence[tuple[str, Polygon]]) -> dict[str, list[str]]:
    """Land masses lying wholly inside a single zone, keyed by that zone (DN-7.41b)."""
    tree = STRtree(list(polygons))
    found: dict[str, list[str]] = {}
    for land_id, shape in islands:
        for i in tree.query(shape, predicate="within").tolist():
            found.setdefault(zone_ids[i], []).append(land_id)
    return found


def zones_near(point: Sequence[float], zone_ids: Sequence[str], tree: STRtree, tolerance: float) -> list[str]:
    """Zones within ``tolerance`` of a point (the zones a port opens on, when the author leaves them out)."""
    where = Point(float(point[0]), float(point[1]))
    hits = tree.query(where, predicate="dwithin", distance=tolerance)
    return sorted(zone_ids[i] for i in hits.tolist())
