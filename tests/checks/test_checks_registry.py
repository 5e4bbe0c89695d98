"""The check registry: stable codes with an explanation each, and a crashing check isolated from the rest."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

import admiralty.validator.checks as checks_module
from admiralty.contract import rulesets
from admiralty.rulesets.dreadnought.engine.model import SeaMap
from admiralty.validator.checks import CheckContext, check, load_check_modules
from admiralty.validator.diagnostics import CODES, Diagnostic, Severity
from admiralty.validator.pipeline import validate

TESTS = Path(__file__).resolve().parents[1]
MINI_CONTEXT = [str(TESTS / "fixtures" / "mini" / name) for name in ("map.yaml", "ah.yaml", "it.yaml")]
ISLAND = TESTS / "bad" / "island-across-zones.yaml"


def test_every_dreadnought_check_code_is_registered_with_an_explanation() -> None:
    entries = [entry for entry in load_check_modules() if entry.ruleset == "dreadnought"]
    codes = {code for entry in entries for code in entry.codes}
    assert {"GRA001", "GRA004", "GEO001", "GEO009", "DN-5.2", "DN-5.11a", "DN-12.6"} <= codes
    for code in sorted(codes):
        explained = CODES[code]
        assert explained.title and explained.explanation, code
        assert "\n\n" not in explained.explanation, f"{code}: one paragraph"
        assert explained.wrong and explained.right, f"{code}: an example of the mistake and its fix"


@check(SeaMap, "GRA001")
def crashes_on_islands(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    if sea_map.id == "island-across-zones":
        raise RuntimeError("deliberate failure")
    yield from ()


def test_a_crashing_check_is_one_internal_diagnostic_and_the_others_still_run(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = dict(rulesets())
    dreadnought = installed["dreadnought"]
    installed["dreadnought"] = dataclasses.replace(dreadnought, checks=(*dreadnought.checks,
                                                                        f"{__name__}:crashes_on_islands"))
    monkeypatch.setattr(checks_module, "rulesets", lambda: installed)  # one more check listed, as a plug-in would
    report = validate([*MINI_CONTEXT, str(ISLAND)]).report
    internal = [d for d in report.diagnostics if d.code == "internal"]
    assert len(internal) == 1
    assert internal[0].file.endswith(ISLAND.name) and internal[0].severity is Severity.ERROR
    assert "check 'crashes_on_islands' crashed: RuntimeError: deliberate failure" in internal[0].message
    assert internal[0].hint
    others = [(d.code, d.line) for d in report.diagnostics if d.code != "internal"]
    assert others == [("GEO007", 23)]  # the island's own check ran, as did every check on the mini map


def test_a_check_is_called_as_its_function_and_lists_nothing_by_being_defined() -> None:
    assert crashes_on_islands.name == "crashes_on_islands" and crashes_on_islands.codes == ("GRA001",)
    assert crashes_on_islands.target is SeaMap and crashes_on_islands.ruleset == ""
    assert all(entry.name != "crashes_on_islands" for entry in load_check_modules())
