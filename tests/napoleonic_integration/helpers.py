"""Shared paths and helpers for the napoleonic integration tests."""

from __future__ import annotations

from pathlib import Path

from admiralty.validator.diagnostics import Diagnostic
from admiralty.validator.pipeline import Validation, validate

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "scenarios" / "napoleonic"
HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
BAD = HERE / "bad"
TABLE = FIXTURES / "table.yaml"
SCENARIO = FIXTURES / "scenario.yaml"


def anchored(text: str, folder: Path = FIXTURES) -> str:
    """``text`` (from ``folder``) with its relative schema modeline made absolute, so that it still names
    the schema when written elsewhere (SCH012 checks the file exists); only line 1 changes."""
    return text.replace("$schema=", f"$schema={folder.as_posix()}/", 1)


def validate_texts(tmp: Path, scenario: str | None = None, table: str | None = None) -> Validation:
    """Validate the fixtures, or the given texts in their place, written under ``tmp``."""
    (tmp / "table.yaml").write_text(anchored(table if table is not None else TABLE.read_text()), encoding="utf-8")
    (tmp / "scenario.yaml").write_text(anchored(scenario if scenario is not None else SCENARIO.read_text()),
                                       encoding="utf-8")
    return validate([str(tmp)])


def replaced(text: str, *pairs: tuple[str, str]) -> str:
    """``text`` with each ``old`` (which must occur exactly once) replaced by ``new``."""
    for old, new in pairs:
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
        text = text.replace(old, new)
    return text


def found(validation: Validation) -> list[tuple[str, int, int]]:
    """(code, line, column) of every finding, in report order."""
    return [(d.code, d.line, d.column) for d in validation.report.sorted()]


def codes(validation: Validation) -> list[str]:
    return [d.code for d in validation.report.sorted()]


def errors(validation: Validation) -> list[Diagnostic]:
    return [d for d in validation.report.sorted() if d.severity == "error"]
