"""The lettered grid: spreadsheet row labels, zone ids, cell layout with and without stagger."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from admiralty.rulesets.dreadnought.validator.authoring.grid import (
    Grid,
    grid_cells,
    grid_extent,
    index_label,
    label_index,
    normalise_zone_id,
    parse_zone_id,
    row_labels,
)


@pytest.mark.parametrize(
    ("label", "index"), [("A", 0), ("Z", 25), ("AA", 26), ("AZ", 51), ("BA", 52), ("ZZ", 701), ("AAA", 702)]
)
def test_row_labels_count_like_spreadsheet_columns(label: str, index: int) -> None:
    assert label_index(label) == index
    assert index_label(index) == label


@given(st.integers(min_value=0, max_value=20_000))
def test_row_label_and_index_are_inverse(index: int) -> None:
    assert label_index(index_label(index)) == index


@pytest.mark.parametrize("label", ["", "A1", "Ä", " A"])
def test_a_row_label_is_ascii_letters(label: str) -> None:
    with pytest.raises(ValueError, match="not a row label"):
        label_index(label)


def test_row_labels_run_across_the_alphabet_end() -> None:
    assert row_labels("X", "AB") == ["X", "Y", "Z", "AA", "AB"]


def test_zone_ids_accept_a_space_and_lower_case() -> None:
    assert parse_zone_id("Q 31") == ("Q", 31)
    assert normalise_zone_id("aa 7") == "AA7"
    assert parse_zone_id("cattaro") is None
    assert normalise_zone_id("cattaro") == "cattaro"


def test_first_row_is_northernmost_and_origin_is_south_west() -> None:
    cells = grid_cells(Grid(rows=("K", "L"), columns=(18, 19), cell=10, origin=(5, 7)))
    assert list(cells) == ["K18", "K19", "L18", "L19"]
    assert cells["L18"].bounds == (5, 7, 15, 17)
    assert cells["K19"].bounds == (15, 17, 25, 27)


def test_odd_rows_stagger_shifts_the_first_row_east_by_half_a_cell() -> None:
    grid = Grid(rows=("A", "C"), columns=(1, 2), cell=2, stagger="odd-rows")
    cells = grid_cells(grid)
    assert cells["A1"].bounds == (1, 4, 3, 6)
    assert cells["B1"].bounds == (0, 2, 2, 4)
    assert cells["C1"].bounds == (1, 0, 3, 2)
    assert grid_extent(grid).area == pytest.approx(6 * 4)


def test_grid_rejects_unknown_stagger_and_reversed_rows() -> None:
    with pytest.raises(ValueError):
        Grid(rows=("A", "B"), columns=(1, 2), cell=1, stagger="diagonal")
    with pytest.raises(ValueError):
        Grid(rows=("C", "A"), columns=(1, 2), cell=1)
