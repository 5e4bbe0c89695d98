"""A dreadnought scenario's map features (``features:``): checked against the map at validation (REF030, at the
line and column of the place), carried on the model for the site, never read by the rules."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini"


def _with_features(tmp_path: Path, block: str) -> Path:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    scenario = folder / "scenario.yaml"
    scenario.write_text(scenario.read_text().replace("minefields:\n", block + "minefields:\n", 1))
    return folder


def test_a_sound_feature_reaches_the_model(tmp_path: Path) -> None:
    folder = _with_features(tmp_path, "features:\n  - {id: patrol-line, name: Patrol line, through: [B3, westport, "
                                      "[15, 15]]}\n  - {id: box, name: Box, kind: area, through: [B3, C3]}\n")
    result = validate([str(folder)])
    assert [d for d in result.report.diagnostics if d.severity.name == "ERROR"] == []
    features = result.scenarios[0].features
    assert [(f.id, f.kind, f.places) for f in features] == [
        ("patrol-line", "line", ("B3", "westport", (15.0, 15.0))), ("box", "area", ("B3", "C3"))]


@pytest.mark.parametrize(("place", "message", "hint"), [
    ("B33", "unknown zone 'B33'", "B3"),
    ("westprot", "unknown port 'westprot'", "westport"),
    ("[900, 900]", "outside every zone", "the map's zones span"),
])
def test_a_place_off_the_map_is_reported_where_it_is_written(tmp_path: Path, place: str, message: str,
                                                             hint: str) -> None:
    folder = _with_features(tmp_path, f"features:\n  - id: line\n    name: A line\n    through: [B3, {place}]\n")
    result = validate([str(folder)])
    found = [d for d in result.report.diagnostics if d.code == "REF030"]
    assert len(found) == 1 and message in found[0].message and hint in found[0].hint, found
    text = (folder / "scenario.yaml").read_text().splitlines()
    line = next(i for i, row in enumerate(text, 1) if row.startswith("    through:"))
    assert (found[0].line, found[0].column) == (line, text[line - 1].index(place) + 1)
    assert found[0].json_path == "$.features[0].through[1]"
    assert result.scenarios == []  # a broken feature fails the scenario like any broken reference


def test_a_line_needs_two_places(tmp_path: Path) -> None:
    folder = _with_features(tmp_path, "features:\n  - {id: dot, name: A dot, through: [B3]}\n")
    found = [d for d in validate([str(folder)]).report.diagnostics if d.code == "REF030"]
    assert len(found) == 1 and "at least 2 places" in found[0].message


def test_otranto_names_its_drifter_line_from_the_heel_of_italy() -> None:
    scenario = next(s for s in validate([str(ROOT / "scenarios")]).scenarios if s.id == "otranto-1917")
    line = next(f for f in scenario.features if f.id == "drifter-line")
    assert line.kind == "line" and line.places[0] == "otranto" and len(line.places) >= 2
