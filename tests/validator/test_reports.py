"""Output formats: SARIF validates against the official 2.1.0 schema; github prints workflow commands."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from admiralty.cli import main
from admiralty.validator.diagnostics import CODES
from admiralty.validator.report.sarif import artifact_location, pascal_name

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


def test_sarif_rules_carry_help_for_github_code_scanning() -> None:
    """GH2012: every rule has help (text and Markdown) from its registered explanation and examples."""
    _, out = _run("validate", *CONTEXT, str(TESTS / "bad"), "--format", "sarif")
    run = json.loads(out)["runs"][0]
    assert "originalUriBaseIds" not in run  # SARIF1004: a relative %SRCROOT% is not allowed; the consumer binds it
    rules = run["tool"]["driver"]["rules"]
    with_examples = 0
    for rule in rules:
        entry = CODES[rule["id"]]
        help_ = rule["help"]
        assert help_["text"].startswith(entry.explanation) and help_["markdown"].startswith(entry.explanation)
        # no site to link to: this checkout's mkdocs.yml names no site_url (admiralty has no public home yet), so
        # no link to a host the project does not control (issue 36, item 4; tests/test_home.py links to a site_url)
        assert "helpUri" not in rule and "in the reference" not in help_["markdown"]
        assert rule["shortDescription"]["text"] == entry.title
        if entry.wrong and entry.right:
            with_examples += 1
            assert f"**Wrong**\n\n```yaml\n{entry.wrong.rstrip()}\n```" in help_["markdown"]
            assert f"**Right**\n\n```yaml\n{entry.right.rstrip()}\n```" in help_["markdown"]
            assert "Wrong:\n    " + entry.wrong.splitlines()[0] in help_["text"]
    assert with_examples >= 20
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
    assert all(loc["uriBaseId"] == "%SRCROOT%" and loc["uri"].startswith("tests/bad/") for loc in locations)


@pytest.mark.parametrize(("title", "name"), [
    ("Unknown ship", "UnknownShip"),
    ("Key is not a string", "KeyIsNotaString"),
    ("YAML 1.1 boolean word", "Yaml11BooleanWord"),
    ("Fire planned at one's own unit", "FirePlannedAtOnesOwnUnit"),
    ("Declared adjacent, but no shared sea border", "DeclaredAdjacentButNoSharedSeaBorder"),
    ("A fleet", "Afleet"),
    ("X", "Rulex"),
    ("", "Rule"),
    ("5 fleets", "Rule5Fleets"),
    ("Not UTF-8", "NotUtf8"),
])
def test_rule_names_are_pascal_identifiers(title: str, name: str) -> None:
    """SARIF2012's pattern: each capital followed by a lower-case letter or a digit."""
    assert pascal_name(title) == name
    assert re.fullmatch(r"(?:[A-Z][a-z0-9]+)*", name)


def test_artifact_uris_are_encoded_and_outside_files_absolute(tmp_path: Path) -> None:
    assert artifact_location("tests/bad/a b#1.yaml") == {"uri": "tests/bad/a%20b%231.yaml", "uriBaseId": "%SRCROOT%"}
    assert artifact_location("a:b.yaml") == {"uri": "a%3Ab.yaml", "uriBaseId": "%SRCROOT%"}  # no "a:" scheme
    outside = tmp_path / "x y.yaml"
    assert artifact_location(str(outside)) == {"uri": outside.as_uri()}
    assert artifact_location("../x.yaml") == {"uri": (Path.cwd().parent / "x.yaml").as_uri()}


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
