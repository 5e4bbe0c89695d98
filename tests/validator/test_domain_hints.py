"""Hints that know the domain (issue 16, item 4): a wrong case is named as such, a land cell says it is land
and names the nearest sea zones, and ids of one kind are never suggested for another."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from admiralty.rulesets.dreadnought.validator.place_hints import case_slip, land_cell
from admiralty.validator.diagnostics import Diagnostic, did_you_mean
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
ANCONA = "dreadnought/scenarios/ancona-1915.yaml"
PATROL = "orders: [N14, N13, O13, P13, Q13, R13, Q13, P13, O13, N13, N14, pola]"


def _validate_with(tmp_path: Path, old: str, new: str) -> list[Diagnostic]:
    corpus = tmp_path / "c"
    shutil.copytree(ROOT / "scenarios" / "dreadnought", corpus / "dreadnought",
                    ignore=shutil.ignore_patterns("*.py"))
    scenario = corpus / ANCONA
    text = scenario.read_text(encoding="utf-8")
    assert old in text
    scenario.write_text(text.replace(old, new, 1), encoding="utf-8")
    return [d for d in validate([str(corpus)]).report.diagnostics if d.code.startswith("REF")]


@pytest.fixture(scope="module")
def adriatic():  # type: ignore[no-untyped-def]
    return validate([str(ROOT / "scenarios" / "dreadnought")]).scenarios[0].map


def test_a_zone_code_in_lower_case_is_named_with_its_capitals(tmp_path: Path) -> None:
    [d] = _validate_with(tmp_path, "start: X20", "start: x20")
    assert d.code == "REF008" and d.message == "unknown port or zone 'x20'"
    assert d.hint == "did you mean the zone 'X20'? ids are case-sensitive"
    text = (ROOT / "scenarios" / ANCONA).read_text(encoding="utf-8")
    line = text[:text.index("start: X20")].count("\n") + 1
    assert (d.line, d.column) == (line, text.splitlines()[line - 1].index("X20") + 1)


def test_a_land_cell_is_said_to_be_land_with_the_nearest_sea_zones(tmp_path: Path) -> None:
    [d] = _validate_with(tmp_path, PATROL, PATROL.replace("[N14,", "[K11,"))
    assert d.message == "'K11' is a land cell of map 'adriatic', not a sea zone"
    assert d.hint == "the nearest sea zones are K12, L11, L10"  # one cell away, then the diagonal, then two


def test_a_misspelt_port_is_compared_with_ports_only(tmp_path: Path) -> None:
    [d] = _validate_with(tmp_path, "start: sebenico", "start: sebenco")
    assert d.message == "unknown port 'sebenco'" and d.hint == "did you mean 'sebenico'?"


def test_a_zone_outside_the_grid_is_unknown_not_land(tmp_path: Path) -> None:
    [d] = _validate_with(tmp_path, PATROL, PATROL.replace("[N14,", "[B3,"))
    assert d.message == "unknown zone 'B3'"
    assert "land" not in d.hint


def test_case_slips_and_land_cells_on_the_map(adriatic) -> None:  # type: ignore[no-untyped-def]
    assert case_slip(adriatic, "k12") == "K12"
    assert case_slip(adriatic, "Cattaro") == "cattaro"
    assert case_slip(adriatic, "k11") is None  # land: no zone to mean
    assert land_cell(adriatic, "L12") is None  # a sea zone
    assert land_cell(adriatic, "K10") == ("L10", "L11", "K12")
    assert land_cell(adriatic, "AG10") is None  # one row past the grid's last (AF)


def test_did_you_mean_prefers_the_same_word_in_another_case() -> None:
    assert did_you_mean("k14", ["K13", "K14", "K15"]) == "did you mean 'K14'? names are case-sensitive"
    near = did_you_mean("k16", ["K13", "K14", "K15"])  # no exact match in another case: the near misses
    assert all(f"'{z}'" in near for z in ("K13", "K14", "K15")) and "case-sensitive" not in near
