"""Properties of ``dreadnought.geometry`` on random grid maps: what the STRtree-based code derives equals a
brute-force geometric truth computed pair by pair, without any index.

Land is drawn from rectangles and triangles with corners on a quarter-cell lattice, so that coasts often
run exactly along grid lines and through cell corners (the cases that need care), and every contact is
either nothing or a sizeable area or length (no rounding-sized slivers whose truth is a matter of taste).
"""

from __future__ import annotations

import itertools
import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from admiralty.rulesets.dreadnought.validator import geometry
from admiralty.rulesets.dreadnought.validator.authoring.derive import derive_adjacency as authoring_adjacency
from admiralty.rulesets.dreadnought.validator.authoring.derive import map_geometry

TOLERANCE = 1e-9  # relative to the cell, as in admiralty.rulesets.dreadnought.validator.geometry
GridMap = tuple[list[geometry.Cell], BaseGeometry, float]  # the cells, the land, the cell's side


@st.composite
def grid_maps(draw: st.DrawFn) -> GridMap:
    rows = draw(st.integers(min_value=1, max_value=5))
    columns = draw(st.integers(min_value=1, max_value=6))
    first_row = draw(st.integers(min_value=0, max_value=40))
    first_column = draw(st.integers(min_value=0, max_value=60))
    cell = draw(st.sampled_from([0.5, 1.0, 2.5, 10.0]))
    origin = (draw(st.sampled_from([0.0, -3.0, 7.5])), draw(st.sampled_from([0.0, 5.0, -2.5])))
    stagger = draw(st.sampled_from(geometry.STAGGERS))
    cells = geometry.grid_cells((geometry.index_label(first_row), geometry.index_label(first_row + rows - 1)),
                                (first_column, first_column + columns - 1), cell, origin, stagger)
    quarter = cell / 4

    def point() -> tuple[float, float]:
        x = draw(st.integers(min_value=-2, max_value=4 * columns + 4))
        y = draw(st.integers(min_value=-2, max_value=4 * rows + 2))
        return origin[0] + x * quarter, origin[1] + y * quarter

    shapes: list[Polygon] = []
    for _ in range(draw(st.integers(min_value=0, max_value=6))):
        corners = [point() for _ in range(2 if draw(st.booleans()) else 3)]
        if len(corners) == 2:
            (xa, ya), (xb, yb) = corners
            shape = shapely.box(min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
        else:
            shape = Polygon(corners)
        if shape.area > 0:
            shapes.append(shape)
    land = shapely.union_all(shapes) if shapes else shapely.GeometryCollection()
    return cells, land, cell


def sea_cells_truth(cells: list[geometry.Cell], land: BaseGeometry) -> dict[str, BaseGeometry]:
    """Each cell less all the land, kept when more than SEA_FRACTION of it is sea."""
    seas = {c.zone_id: c.polygon.difference(land) for c in cells}
    return {c.zone_id: seas[c.zone_id] for c in cells if seas[c.zone_id].area > geometry.SEA_FRACTION * c.polygon.area}


def adjacency_truth(seas: dict[str, BaseGeometry], cell: float) -> set[frozenset[str]]:
    """Every pair of sea zones whose sea areas share a stretch of border of positive length."""
    return {frozenset((a, b)) for a, b in itertools.combinations(seas, 2)
            if seas[a].intersection(seas[b]).length > TOLERANCE * cell}  # fmt: skip


def coastal_truth(polygon: Polygon, land: BaseGeometry) -> bool:
    """DE-9IM: the interiors overlap in an area, or the boundaries share a line."""
    if land.is_empty:
        return False
    return bool(polygon.relate_pattern(land, "2********") or polygon.relate_pattern(land, "****1****"))


def side_is_land_truth(segment: LineString, land: BaseGeometry) -> bool:
    """Cut the segment where it meets the land's boundary; every piece's midpoint must be on land."""
    if land.is_empty:
        return False
    crossings = shapely.get_coordinates(segment.intersection(land.boundary)).tolist()
    cuts = sorted({0.0, segment.length, *(segment.project(Point(x, y)) for x, y in crossings)})
    pieces = [(a, b) for a, b in itertools.pairwise(cuts) if b - a > TOLERANCE * segment.length]
    return all(land.covers(segment.interpolate((a + b) / 2)) for a, b in pieces)


@settings(max_examples=120, deadline=None)
@given(grid_maps())
def test_sea_zones_and_adjacency_equal_the_pairwise_truth(case: GridMap) -> None:
    cells, land, cell = case
    seas = sea_cells_truth(cells, land)
    kept = geometry.sea_cells(cells, land)
    assert [c.zone_id for c in kept] == list(seas)
    ids, polygons = [c.zone_id for c in kept], [c.polygon for c in kept]
    derived = {frozenset(pair) for pair in geometry.derive_adjacency(ids, polygons, land)}
    assert derived == adjacency_truth(seas, cell)
    graph = authoring_adjacency({c.zone_id: c.polygon for c in cells}, land)
    assert {frozenset(edge) for edge in graph.edges} == derived  # the map builder derives the same


@settings(max_examples=120, deadline=None)
@given(grid_maps())
def test_land_touching_finds_what_the_trees_predicate_query_finds(case: GridMap) -> None:
    """``land_touching`` (envelopes from the tree, the exact test by the prepared land part) returns the pairs
    of the tree's own ``intersects`` query, in its order: the build's answers depend on both."""
    cells, land, _ = case
    index = geometry.land_index(land)
    shapes = geometry._array([c.polygon for c in cells])
    expected = index.tree.query(shapes, predicate="intersects")
    found = geometry.land_touching(index, shapes)
    assert [a.tolist() for a in found] == [a.tolist() for a in expected]


@settings(max_examples=120, deadline=None)
@given(grid_maps())
def test_coastal_kinds_equal_the_de9im_truth(case: GridMap) -> None:
    cells, land, _ = case
    kept = geometry.sea_cells(cells, land)
    kinds = geometry.zone_kinds([c.zone_id for c in kept], [c.polygon for c in kept], land)
    # Contacts within the tolerance of rounding (below a millionth of the cell) may go either way: the
    # exact predicate sees them, the tolerant one by design does not. Everything clearer must agree.
    clear = [c for c in kept if not _within_rounding(c.polygon, land)]
    assert {c.zone_id: kinds[c.zone_id] for c in clear} == {
        c.zone_id: "coastal" if coastal_truth(c.polygon, land) else "open" for c in clear}


def _within_rounding(polygon: Polygon, land: BaseGeometry) -> bool:
    """The exact predicate sees a contact that measures no more than rounding: an overlap or a shared border
    under a millionth of the cell, or none at all (DE-9IM can report an area where the computed intersection
    is 0.0, when a coast runs through a cell's corner)."""
    if land.is_empty or not coastal_truth(polygon, land):
        return False
    size = polygon.area
    area, length = polygon.intersection(land).area, polygon.boundary.intersection(land.boundary).length
    tiny = 1e-6
    return area <= tiny * size and length <= tiny * size ** 0.5


def test_a_coast_through_a_cell_corner_is_a_contact_within_rounding() -> None:
    """Hypothesis found it: a coast passing (to the last bits) through the corner (2, 0.5) of the cell
    [1.5, 2] x [0.5, 1]. DE-9IM says the interiors overlap; the intersection measures 0.0; zone_kinds says
    open, as the tolerance means it to."""
    land = shapely.from_wkt("POLYGON ((0 0, 0 0.125, 1.265 0.01, 2.375 0.75, 1.3472222222222223 0.0025252525252525, "
                            "1.375 0, 1.34375 0, 1 -0.25, 0.875 -0.25, 1.25 0, 0 0))")
    cell = shapely.box(1.5, 0.5, 2, 1)
    assert coastal_truth(cell, land) and cell.intersection(land).area == 0.0
    assert _within_rounding(cell, land)
    assert geometry.zone_kinds(["A3"], [cell], land) == {"A3": "open"}


@pytest.mark.rule("DN-7.41a")
@settings(max_examples=120, deadline=None)
@given(grid_maps())
def test_land_sides_agree_with_a_segment_test(case: GridMap) -> None:
    cells, land, _ = case
    for c in geometry.sea_cells(cells, land):
        minx, miny, maxx, maxy = c.polygon.bounds
        segments = {"N": LineString([(minx, maxy), (maxx, maxy)]), "E": LineString([(maxx, maxy), (maxx, miny)]),
                    "S": LineString([(minx, miny), (maxx, miny)]), "W": LineString([(minx, miny), (minx, maxy)])}
        truth = tuple(side for side in geometry.SIDES if side_is_land_truth(segments[side], land))
        assert geometry.land_sides(c.polygon, land) == truth, c.zone_id


@settings(max_examples=80, deadline=None)
@given(rows=st.integers(min_value=1, max_value=5), columns=st.integers(min_value=1, max_value=6),
       cell=st.floats(min_value=0.01, max_value=1000.0), x0=st.floats(min_value=-1e4, max_value=1e4),
       y0=st.floats(min_value=-1e4, max_value=1e4), stagger=st.sampled_from(geometry.STAGGERS))  # fmt: skip
def test_cells_of_any_size_share_their_borders_exactly(rows: int, columns: int, cell: float, x0: float, y0: float,
                                                        stagger: str) -> None:
    cells = geometry.grid_cells(("A", geometry.index_label(rows - 1)), (1, columns), cell, (x0, y0), stagger)
    pairs = geometry.derive_adjacency([c.zone_id for c in cells], [c.polygon for c in cells], Polygon())
    across = columns if stagger == "none" else 2 * columns - 1  # a shifted row meets two cells of the next
    assert len(pairs) == rows * (columns - 1) + (rows - 1) * across
    assert geometry.coastal_zones([c.zone_id for c in cells], [c.polygon for c in cells], Polygon()) == set()


@pytest.mark.rule("DN-7.41b")
def test_islands_inside_one_zone_and_not_across_a_border() -> None:
    cells = geometry.grid_cells(("A", "B"), (1, 2), 10.0)
    ids, polygons = [c.zone_id for c in cells], [c.polygon for c in cells]
    islands = [("inside", shapely.box(2, 12, 4, 14)), ("across", shapely.box(8, 12, 12, 14)),
               ("on-the-edge", shapely.box(0, 12, 2, 14))]  # fmt: skip
    assert geometry.islands_by_zone(ids, polygons, islands) == {"A1": ["inside", "on-the-edge"]}
    assert geometry.islands_by_zone(ids, polygons, islands, properly=True) == {"A1": ["inside"]}


def test_a_sliver_of_sea_is_land_and_its_cell_no_zone() -> None:
    """A cell with at most SEA_FRACTION of it at sea is not a zone, for the validator and the builder alike."""
    cells = geometry.grid_cells(("A", "A"), (1, 2), 10.0)
    sliver = math.sqrt(2 * geometry.SEA_FRACTION * 100) * 0.99  # a corner triangle just under the fraction
    land = Polygon([(0, 0), (10, 0), (10, 10), (sliver, 10), (0, 10 - sliver)])
    assert [c.zone_id for c in geometry.sea_cells(cells, land)] == ["A2"]
    document = {"grid": {"rows": ["A", "A"], "columns": [1, 2], "cell": 10},
                "land": [{"id": "x", "nation": "n", "polygon": [list(p) for p in land.exterior.coords[:-1]]}]}
    assert list(map_geometry(document).zones) == ["A2"]


def test_rows_count_like_spreadsheet_columns() -> None:
    assert geometry.row_labels("Y", "AB") == ["Y", "Z", "AA", "AB"]
    assert [geometry.label_index(label) for label in ("A", "Z", "AA", "ZZ", "AAA")] == [0, 25, 26, 701, 702]
    assert geometry.row_labels("C", "A") == []
    with pytest.raises(ValueError):
        geometry.index_label(-1)


@settings(max_examples=80, deadline=None)
@given(grid_maps(), st.lists(st.tuples(st.floats(-20, 80), st.floats(-20, 60)), min_size=1, max_size=8))
def test_distances_to_the_coast_equal_shapely_on_the_whole_coastline(
        case: GridMap, points: list[tuple[float, float]]) -> None:
    _, land, _ = case
    truth = [land.boundary.distance(Point(p)) if not land.is_empty else math.inf for p in points]
    assert geometry.distances_to_coast(points, land) == pytest.approx(truth)


def test_a_zone_drawn_as_a_bow_tie_is_repaired_not_fatal() -> None:
    """GEO001 reports the bow tie; the geometry the build needs must still come out."""
    bow = Polygon([(0, -10), (10, 0), (10, -10), (0, 0)])
    land = shapely.box(-5, -10, 5, 20)
    assert geometry.coastal_zones(["C1"], [bow], land) == {"C1"}
    assert list(geometry.sea_zones(["C1"], [bow], land)) == ["C1"]
    assert geometry.derive_adjacency(["C1", "B1"], [bow, shapely.box(0, 0, 10, 10)], land) == []
