"""GEO007 (DN-7.41b) knows an island from a coast: only a landmass wholly inside the frame and no larger than
a cell must lie inside one zone; land reaching the frame, or larger than a cell, may cross any zones."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from admiralty.validator.pipeline import validate


def codes(tmp_path: Path, ring: list[list[float]]) -> list[str]:
    document = {"kind": "map", "ruleset": "dreadnought", "id": "isles", "title": "Isles",
                "grid": {"rows": ["A", "E"], "columns": [1, 5], "cell": 10},
                "land": [{"id": "mass", "name": "Mass", "nation": "italy", "polygon": ring}],
                "adjacency": "derived"}  # fmt: skip
    path = tmp_path / "isles.yaml"
    path.write_text(yaml.safe_dump(document), encoding="utf-8")
    return [d.code for d in validate([str(path)]).report.diagnostics if d.severity == "error"]


@pytest.mark.rule("DN-7.41b")
def test_a_small_island_across_cells_is_reported(tmp_path: Path) -> None:
    assert codes(tmp_path, [[18, 18], [22, 18], [22, 22], [18, 22]]) == ["GEO007"]  # 16 units across 4 cells


@pytest.mark.rule("DN-7.41b")
def test_a_small_island_inside_one_cell_or_split_along_a_border_is_fine(tmp_path: Path) -> None:
    assert codes(tmp_path, [[12, 12], [18, 12], [18, 18], [12, 18]]) == []
    assert codes(tmp_path, [[12, 12], [20, 12], [20, 18], [12, 18]]) == []  # touching the border from inside


@pytest.mark.rule("DN-7.41b")
def test_a_landmass_larger_than_a_cell_is_coast(tmp_path: Path) -> None:
    assert codes(tmp_path, [[12, 12], [28, 12], [28, 28], [12, 28]]) == []  # 256 square units > 100


@pytest.mark.rule("DN-7.41b")
def test_land_touching_the_frame_is_coast(tmp_path: Path) -> None:
    assert codes(tmp_path, [[0, 18], [12, 18], [12, 22], [0, 22]]) == []  # small, but on the map's edge
