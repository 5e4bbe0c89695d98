"""The renaissance builder and checks: each bad document is reported at its mistake, each good one passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from admiralty.validator.checks import load_check_modules
from admiralty.validator.diagnostics import CODES, Severity
from admiralty.validator.pipeline import validate

from .helpers import BAD, GOOD, TEST_MAP

# The rule clause each check code stands for (a bad file reporting it checks that clause).
RULE_OF_CODE = {"RN-9-port": "RN-9", "RN-8-corsairs": "RN-8", "RN-16.3": "RN-16.3", "RN-6": "RN-6",
                "RN-3-4": "RN-3-4", "RN-3-4-card": "RN-3-4", "RN-16.3-formation": "RN-16.3",
                "RN-battle-absent": "RN-9", "RN-turn-order": "RN-10", "RN-dice-armada": "RN-dice"}
BUILDER_CODES = {"RN-3-4-card", "RN-16.3-formation", "RN-dice-armada"}


def _expectations() -> dict[str, list[tuple[str, int, int]]]:
    expected: dict[str, list[tuple[str, int, int]]] = {}
    for line in (BAD / "expected.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, code, row, column = line.split()
            expected.setdefault(name, []).append((code, int(row), int(column)))
    return expected


EXPECTED = _expectations()


def _cases() -> list[object]:
    cases: list[object] = []
    for name in sorted(EXPECTED):
        rules = sorted({RULE_OF_CODE[code] for code, _, _ in EXPECTED[name] if code in RULE_OF_CODE})
        cases.append(pytest.param(name, marks=[pytest.mark.rule(rule) for rule in rules], id=name))
    return cases


def test_every_bad_file_has_an_expectation() -> None:
    assert set(EXPECTED) == {path.name for path in BAD.glob("*.yaml")}


@pytest.mark.parametrize("name", _cases())
def test_bad_file_is_reported_at_its_mistake(name: str) -> None:
    report = validate([str(TEST_MAP), str(BAD / name)]).report
    found = sorted((d for d in report.diagnostics if d.file.endswith(name) and d.severity is not Severity.INFO),
                   key=lambda d: (d.line, d.column, d.code))
    assert [(d.code, d.line, d.column) for d in found] == EXPECTED[name]
    for diagnostic in found:
        assert diagnostic.hint, "every diagnostic carries a hint"
        assert diagnostic.severity is CODES[diagnostic.code].severity
    assert not [d for d in report.diagnostics if d.file.endswith(TEST_MAP.name)]


def test_good_files_pass_every_check() -> None:
    """Each good file shows one rule passing; two leave a power out of every action on purpose (the allied
    power sheltering in port, the Ottoman squadron a transport must avoid), which SID101 notes as a warning."""
    report = validate([str(TEST_MAP), str(GOOD)]).report
    assert [(d.file.rsplit("/", 1)[-1], d.code, d.severity) for d in report.diagnostics] == [
        ("port-attacked.yaml", "SID101", Severity.WARNING), ("transport.yaml", "SID101", Severity.WARNING)]


def test_every_renaissance_check_code_has_a_failing_document() -> None:
    codes = {code for entry in load_check_modules() if entry.ruleset == "renaissance" for code in entry.codes}
    assert codes == {"GRA101", "GRA102", "GRA103", "GEO101", "GEO102", "RN-9-port", "RN-8-corsairs",
                     "RN-battle-friends", "RN-turn-order", "RN-battle-absent", "RN-16.3", "RN-6", "RN-3-4", "SID101"}
    reported = {code for rows in EXPECTED.values() for code, _, _ in rows}
    assert codes | BUILDER_CODES <= reported
    for code in codes | BUILDER_CODES:
        entry = CODES[code]
        assert entry.title and entry.explanation and entry.wrong and entry.right


@pytest.mark.parametrize(("name", "code"), [("galleasses-in-atlantic.yaml", "RN-6"),
                                            ("card-not-in-hand.yaml", "RN-3-4"),
                                            ("map-disconnected.yaml", "GRA102"),
                                            ("map-positions-partial.yaml", "GEO102")])
def test_warnings_do_not_fail_validation(name: str, code: str) -> None:
    report = validate([str(TEST_MAP), str(BAD / name)]).report
    assert [d.code for d in report.diagnostics] == [code]
    assert report.exit_code() == 0 and report.exit_code(strict=True) == 1


@pytest.mark.rule("RN-9")
def test_enemy_port_is_allowed_only_to_its_attacker() -> None:
    result = validate([str(TEST_MAP), str(GOOD / "port-attacked.yaml")])
    (scenario,) = result.scenarios
    assert scenario.units["preveza"].keys() == {"ottoman", "hapsburg"}
    assert [d.code for d in result.report.diagnostics] == ["SID101"]  # Venice shelters, in no action: no RN-9-port


def test_a_scenario_with_a_broken_reference_is_not_built() -> None:
    result = validate([str(TEST_MAP), str(BAD / "unknown-place.yaml")])
    assert result.scenarios == []
    result = validate([str(TEST_MAP), str(BAD / "battle-side-absent.yaml")])
    assert [s.id for s in result.scenarios] == ["bad-battle-side-absent"]  # built; the check reports it


def test_a_scenario_of_a_broken_map_is_not_checked_further(tmp_path: Path) -> None:
    text = (GOOD / "corsairs.yaml").read_text().replace("map: ionian-test", "map: bad-sea-without-kind")
    (tmp_path / "scenario.yaml").write_text(text.replace("$schema=", f"$schema={GOOD.as_posix()}/", 1))  # SCH012
    report = validate([str(BAD / "map-sea-without-kind.yaml"), str(tmp_path / "scenario.yaml")]).report
    assert sorted((d.code, d.severity.value) for d in report.diagnostics) == [("REF010", "info"),
                                                                            ("SCH001", "error")]
