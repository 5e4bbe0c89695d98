"""Output formats: SARIF validates against the official 2.1.0 schema; github prints workflow commands."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from admiralty.cli import main

TESTS = Path(__file__).resolve().parent.parent
SARIF_SCHEMA = TESTS / "fixtures" / "sarif" / "sarif-2.1.0.json"
MINI = TESTS / "fixtures" / "mini"
CONTEXT = [str(MINI / name) for name in ("map.yaml", "ah.yaml", "it.yaml")]


def _run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(list(args))
    return code, out.getvalue()


def test_sarif_output_validates_against_the_official_schema() -> None:
    code, out = _run("validate", *CONTEXT, str(TESTS / "bad"), "--format", "sarif")
    assert code == 1
    sarif = json.loads(out)
    schema = json.loads(SARIF_SCHEMA.read_text())
    errors = sorted(Draft202012Validator(schema).iter_errors(sarif), key=str)
    assert errors == []
    results = sarif["runs"][0]["results"]
    assert len(results) >= 25
    rule_ids = [rule["id"] for rule in sarif["runs"][0]["tool"]["driver"]["rules"]]
    assert all(rule_ids[r["ruleIndex"]] == r["ruleId"] for r in results)


def test_github_format_prints_workflow_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, out = _run("validate", *CONTEXT, str(TESTS / "bad" / "unknown-ship.yaml"))
    assert code == 1
    first = out.splitlines()[0]
    assert first.startswith("::error file=")
    assert ",line=23,col=25," in first
    assert "title=REF005::unknown ship 'Siada'%0Ahint: did you mean 'Saida'?" in first


def test_clean_input_exits_zero_in_every_format() -> None:
    for fmt in ("text", "json", "github", "sarif"):
        code, _ = _run("validate", str(MINI), "--format", fmt)
        assert code == 0


def test_strict_turns_warnings_into_failure(tmp_path: Path) -> None:
    text = (MINI / "ah.yaml").read_text().replace("# yaml-language-server", "# no modeline")
    (tmp_path / "ah.yaml").write_text(text)
    assert _run("validate", str(tmp_path / "ah.yaml"))[0] == 0
    code, out = _run("validate", str(tmp_path / "ah.yaml"), "--strict")
    assert code == 1
    assert "SCH012" in out


def test_usage_error_exits_two() -> None:
    with pytest.raises(SystemExit) as raised:
        main(["validate", "--format", "xml"])
    assert raised.value.code == 2
