"""Every file in ``bad/`` makes one mistake, found with its code at the right line and column; the
fixtures they were made from pass every check."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from admiralty.cli import main
from admiralty.validator.diagnostics import CODES
from admiralty.validator.pipeline import validate

from .helpers import BAD, FIXTURES, TABLE, anchored


def expectations() -> list[tuple[str, str, str, int, int]]:
    rows = []
    for line in (BAD / "expected.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, code, severity, row, column = line.split()
            rows.append((name, code, severity, int(row), int(column)))
    return rows


def context(path: Path) -> list[str]:
    """Scenarios are validated with the fixture table; tables alone."""
    return [] if "\nkind: table\n" in path.read_text(encoding="utf-8") else [str(TABLE)]


def test_every_bad_file_has_one_expectation() -> None:
    listed = [row[0] for row in expectations()]
    assert sorted(listed) == sorted(p.name for p in BAD.glob("*.yaml")) and len(set(listed)) == len(listed)


def test_every_napoleonic_code_has_a_bad_file() -> None:
    wanted = {"REF020", "REF021", "REF022", "REF023", "REF024", "REF025", "SCH020", "GEO020", "GEO021", "GEO022",
              "GEO023", "GEO024", "GEO025", "GEO026", "GEO027", "NA-rocket", "NA-pen-a", "NA-how-a"}
    assert wanted <= {row[1] for row in expectations()}


def test_the_fixtures_pass_every_check() -> None:
    result = validate([str(FIXTURES)])
    assert result.report.sorted() == [] and [s.id for s in result.scenarios] == ["test-action"]


@pytest.mark.parametrize(("name", "code", "severity", "line", "column"), expectations())
def test_bad_file_is_reported_at_its_mistake(name: str, code: str, severity: str, line: int, column: int) -> None:
    path = BAD / name
    out = io.StringIO()
    with redirect_stdout(out):
        exit_code = main(["validate", *context(path), str(path), "--format", "json"])
    report = json.loads(out.getvalue())
    found = [d for d in report["diagnostics"] if d["file"].endswith(name)]
    assert [(d["code"], d["severity"], d["line"], d["column"]) for d in found] == [(code, severity, line, column)]
    assert found[0]["hint"], "every diagnostic carries a hint"
    assert code in CODES
    assert exit_code == (1 if severity == "error" else 0)


def test_text_format_names_file_line_column_and_code() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        main(["validate", str(TABLE), str(BAD / "unknown-fire-plan-target.yaml"), "--format", "text"])
    text = out.getvalue()
    assert "unknown-fire-plan-target.yaml:26:43: REF022 unknown fire-plan target 'red-lines'" in text
    assert "did you mean 'red-line'" in text


def test_a_table_with_errors_is_not_blamed_on_its_scenarios(tmp_path: Path) -> None:
    """The scenario is not checked against a broken table: one REF010 note, no invented findings."""
    broken = (BAD / "duplicate-terrain-id.yaml").read_text(encoding="utf-8")
    broken = broken.replace("test-field-duplicate", "test-field")
    (tmp_path / "table.yaml").write_text(anchored(broken), encoding="utf-8")
    (tmp_path / "scenario.yaml").write_text(anchored((FIXTURES / "scenario.yaml").read_text(encoding="utf-8")),
                                            encoding="utf-8")
    result = validate([str(tmp_path)])
    assert [(d.code, d.severity, Path(d.file).name) for d in result.report.sorted()] == [
        ("REF010", "info", "scenario.yaml"), ("REF001", "error", "table.yaml")]
    assert result.scenarios == []


def test_a_battery_named_as_a_target_is_told_batteries_are_never_targets(tmp_path: Path) -> None:
    """REF022 says what may be a target: a battery's id gets its own message, an unknown name the rule."""
    scenario = (BAD / "unknown-fire-plan-target.yaml").read_text(encoding="utf-8")
    battery = re.search(r"batteries:\s*\n\s*- \{?\s*id: ([a-z0-9-]+)", scenario)
    assert battery is not None
    (tmp_path / "s.yaml").write_text(scenario.replace("red-lines", battery.group(1)), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        main(["validate", str(TABLE), str(tmp_path / "s.yaml"), "--format", "text"])
    assert f"REF022 '{battery.group(1)}' is a battery, and batteries are never fire-plan targets" in out.getvalue()
    assert "hint: a target is an enemy unit, or a building or built-up area of the table: " in out.getvalue()

    out = io.StringIO()
    with redirect_stdout(out):
        main(["validate", str(TABLE), str(BAD / "unknown-fire-plan-target.yaml"), "--format", "text"])
    assert ("hint: a target is an enemy unit, or a building or built-up area of the table (never a battery); "
            "did you mean 'red-line'") in out.getvalue()
