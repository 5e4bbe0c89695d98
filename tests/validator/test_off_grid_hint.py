"""A zone code outside the map's grid names the sea zones nearest to it (issue 36, item 8), not the first twelve
zones in alphabetical order (which, for ``AA99`` on the Adriatic, were AA22 to AB26: across the sea from it)."""

from __future__ import annotations

import shutil
from pathlib import Path

from admiralty.rulesets.dreadnought.validator.place_hints import off_grid
from admiralty.validator.diagnostics import Diagnostic
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = "dreadnought/scenarios/otranto-1917.yaml"
CONVOY = "orders: [AA24, AA25,"


def _validate_with(tmp_path: Path, new: str) -> list[Diagnostic]:
    corpus = tmp_path / "c"
    shutil.copytree(ROOT / "scenarios" / "dreadnought", corpus / "dreadnought",
                    ignore=shutil.ignore_patterns("*.py"))
    scenario = corpus / OTRANTO
    text = scenario.read_text(encoding="utf-8")
    assert CONVOY in text
    scenario.write_text(text.replace(CONVOY, new, 1), encoding="utf-8")
    return [d for d in validate([str(corpus)]).report.diagnostics if d.code.startswith("REF")]


def test_a_zone_east_of_the_grid_names_the_nearest_sea_zones(tmp_path: Path) -> None:
    [d] = _validate_with(tmp_path, "orders: [AA99, AA25,")
    assert d.message == "unknown zone 'AA99'"
    # AA29 to AC29 are Albanian and Greek land: the nearest sea cells of column 29 are further south
    assert d.hint == ("it is outside the grid of map 'adriatic' (rows K to AF, columns 10 to 29); the nearest sea "
                      "zones are AD29, AE29, AF29")


def test_a_zone_north_of_the_grid_names_the_northernmost_sea_zones_near_it(tmp_path: Path) -> None:
    [d] = _validate_with(tmp_path, "orders: [B12, AA25,")
    assert d.hint.endswith("the nearest sea zones are K12, K13, K14")  # nine rows down, then one column across


def test_only_a_label_outside_the_grid_is_off_it() -> None:
    adriatic = next(m for m in validate([str(ROOT / "scenarios" / "dreadnought")]).models
                    if type(m).__name__ == "SeaMap" and m.id == "adriatic")
    assert off_grid(adriatic, "AG10") is not None and off_grid(adriatic, "J10") is not None  # a row past either end
    assert off_grid(adriatic, "AF29") is None and off_grid(adriatic, "K10") is None  # on it: sea, land
    assert off_grid(adriatic, "K9") is not None and off_grid(adriatic, "K30") is not None  # one column either side
    assert off_grid(adriatic, "cattaro") is None  # a port, not a label
