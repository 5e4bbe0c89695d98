"""Property: on any grid with any land, the derived zones and adjacency equal the brute-force truth.

The brute force looks at every pair of cells and asks shapely whether their sea areas (cell minus land)
share a stretch of border of positive length. Land rectangles are drawn on a half-cell lattice, so that
coasts often run exactly along grid lines and through cell corners: the cases that need care.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import box, union_all
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from validator.authoring.derive import derive_adjacency, sea_zones
from validator.authoring.grid import Grid, grid_cells, row_label


@st.composite
def grids_with_land(draw: st.DrawFn) -> tuple[Grid, BaseGeometry]:
    first_row = draw(st.integers(min_value=1, max_value=30))
    rows = draw(st.integers(min_value=1, max_value=4))
    first_column = draw(st.integers(min_value=0, max_value=40))
    columns = draw(st.integers(min_value=1, max_value=5))
    cell = draw(st.sampled_from([1.0, 2.5, 10.0]))
    stagger = draw(st.sampled_from(["none", "odd-rows", "even-rows"]))
    grid = Grid(
        rows=(row_label(first_row), row_label(first_row + rows - 1)),
        columns=(first_column, first_column + columns - 1),
        cell=cell,
        origin=(draw(st.sampled_from([0.0, -3.0, 7.5])), 0.0),
        stagger=stagger,
    )
    half = cell / 2
    x0 = grid.origin[0]
    steps_x = st.integers(min_value=-1, max_value=2 * columns + 2)
    steps_y = st.integers(min_value=-1, max_value=2 * rows + 1)
    rectangles = []
    for _ in range(draw(st.integers(min_value=0, max_value=6))):
        xa, xb = sorted(draw(st.lists(steps_x, min_size=2, max_size=2, unique=True)))
        ya, yb = sorted(draw(st.lists(steps_y, min_size=2, max_size=2, unique=True)))
        rectangles.append(box(x0 + xa * half, ya * half, x0 + xb * half, yb * half))
    return grid, union_all(rectangles) if rectangles else Polygon()


def brute_force(cells: dict[str, Polygon], land: BaseGeometry) -> set[tuple[str, str]]:
    seas = sea_zones(cells, land)
    truth = set()
    for first, second in itertools.combinations(seas, 2):
        if seas[first].intersection(seas[second]).length > 1e-9:
            truth.add((first, second) if first <= second else (second, first))
    return truth


@settings(max_examples=150, deadline=None)
@given(grids_with_land())
def test_derived_adjacency_equals_brute_force(case: tuple[Grid, BaseGeometry]) -> None:
    grid, land = case
    cells = grid_cells(grid)
    graph = derive_adjacency(cells, land)
    derived = {(a, b) if a <= b else (b, a) for a, b in graph.edges}
    assert derived == brute_force(cells, land)
    assert list(graph.nodes) == [z for z, c in cells.items() if c.difference(land).area > 0]
