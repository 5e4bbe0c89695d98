"""The check registry: stable codes with an explanation each, and a crashing check isolated from the rest."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from admiralty.rulesets.dreadnought.engine.model import SeaMap
from admiralty.validator.checks import CHECKS, CheckContext, check, load_check_modules
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


def test_a_crashing_check_is_one_internal_diagnostic_and_the_others_still_run() -> None:
    load_check_modules()

    @check("dreadnought", SeaMap, "TEST-CRASH")
    def crashes_on_islands(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
        if sea_map.id == "island-across-zones":
            raise RuntimeError("deliberate failure")
        yield from ()

    registered = CHECKS[-1]
    try:
        assert registered.name == "crashes_on_islands"
        report = validate([*MINI_CONTEXT, str(ISLAND)]).report
    finally:
        CHECKS.remove(registered)
    internal = [d for d in report.diagnostics if d.code == "internal"]
    assert len(internal) == 1
    assert internal[0].file.endswith(ISLAND.name) and internal[0].severity is Severity.ERROR
    assert "check 'crashes_on_islands' crashed: RuntimeError: deliberate failure" in internal[0].message
    assert internal[0].hint
    others = [(d.code, d.line) for d in report.diagnostics if d.code != "internal"]
    assert others == [("GEO007", 23)]  # the island's own check ran, as did every check on the mini map
    assert registered not in CHECKS and all(entry.name != "crashes_on_islands" for entry in CHECKS)
