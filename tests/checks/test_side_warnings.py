"""Warnings for a side or power that takes part in nothing (SID001, SID101, SID201) and for a side that can
never win (SID002), each on the authoring guide's worked example of its rule system."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from admiralty.scaffold.export import export_schemas
from admiralty.validator.diagnostics import CODES, Severity
from admiralty.validator.pipeline import validate

DOCS = Path(__file__).resolve().parents[2] / "docs"
EXAMPLES = {
    "dreadnought": ("authoring.md",
                    ("maps/narrows.yaml", "ships/a.yaml", "ships/b.yaml", "scenarios/narrows-raid.yaml")),
    "renaissance": ("../admiralty/rulesets/renaissance/site/guide.md",
                    ("maps/tyrrhenian.yaml", "scenarios/ponza-1552.yaml")),
    "napoleonic": ("../admiralty/rulesets/napoleonic/site/guide.md",
                   ("tables/gemioncourt.yaml", "scenarios/quatre-bras-1815.yaml")),
}


def example(ruleset: str, root: Path) -> Path:
    """The guide's files under ``root``; the scenario's path."""
    guide, files = EXAMPLES[ruleset]
    blocks = re.findall(r"```yaml\n(.*?)```", (DOCS / guide).read_text(encoding="utf-8"), re.S)
    for name, block in zip(files, blocks, strict=True):
        path = root / "corpus" / ruleset / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(block, encoding="utf-8")
    export_schemas(root / "corpus" / "schemas")
    return root / "corpus" / ruleset / files[-1]


def found(root: Path, scenario: Path, old: str = "", new: str = "") -> list[tuple[str, int, str, Severity]]:
    text = scenario.read_text(encoding="utf-8")
    assert old in text, old
    scenario.write_text(text.replace(old, new, 1), encoding="utf-8")
    report = validate([str(root / "corpus")]).report
    return [(d.code, d.line, d.message, d.severity) for d in report.diagnostics if d.code != "SCH012"]


@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
def test_the_guides_examples_have_no_idle_side(ruleset: str, tmp_path: Path) -> None:
    assert found(tmp_path, example(ruleset, tmp_path)) == []


def test_a_dreadnought_side_no_condition_names_can_never_win(tmp_path: Path) -> None:
    scenario = example("dreadnought", tmp_path)
    assert found(tmp_path, scenario, "  otherwise: entente\n", "") == [
        ("SID002", 28, "side 'entente' can never win: no victory condition names it and `otherwise` is 'draw'",
         Severity.WARNING)]


def test_the_otherwise_winner_or_a_condition_is_a_way_to_win(tmp_path: Path) -> None:
    scenario = example("dreadnought", tmp_path)
    assert found(tmp_path, scenario, "  otherwise: entente\n",
                 "    - {side: entente, kind: vp-lead, value: 5}\n") == []


def test_a_dreadnought_side_with_no_fleet_takes_part_in_nothing(tmp_path: Path) -> None:
    scenario = example("dreadnought", tmp_path)
    text = scenario.read_text(encoding="utf-8")
    patrol = text[text.index("    fleets:\n      - id: patrol"):text.index("minefields:")]
    findings = found(tmp_path, scenario, patrol, "    fleets: []\n")
    assert ("SID001", 28, "side 'entente' has no fleet: it takes part in nothing", Severity.WARNING) in findings


def test_a_renaissance_power_in_no_action_is_warned_of(tmp_path: Path) -> None:
    scenario = example("renaissance", tmp_path)
    text = scenario.read_text(encoding="utf-8").replace("powers: [ottoman, hapsburg]", "powers: [ottoman, hapsburg, "
                                                        "france]")
    text = text.replace("units:\n", "units:\n  - {at: gulf-of-lion, power: france, galleys: 2}\n")
    scenario.write_text(text.replace("leaders:\n", "leaders:\n  - {id: paulin, power: france, battle_rating: 1}\n"))
    findings = found(tmp_path, scenario)
    assert findings[0][:2] == ("SID101", 14) and findings[0][3] is Severity.WARNING
    assert findings[0][2] == ("power 'france' takes part in no action: its naval units and leaders never fight or "
                              "sail, and it can never win")


def test_a_renaissance_power_with_nothing_at_all_is_warned_of_too(tmp_path: Path) -> None:
    scenario = example("renaissance", tmp_path)
    findings = found(tmp_path, scenario, "powers: [ottoman, hapsburg]", "powers: [ottoman, hapsburg, genoa]")
    assert [f[:3] for f in findings] == [
        ("SID101", 14, "power 'genoa' takes part in no action: it never fights or sails, and it can never win")]


def test_a_napoleonic_side_with_nothing_on_the_table_is_warned_of(tmp_path: Path) -> None:
    scenario = example("napoleonic", tmp_path)
    text = scenario.read_text(encoding="utf-8")
    text = re.sub(r"side: allies", "side: france", text)  # every allied unit and battery given to France
    text = text.replace("target: foy-column", "target: gemioncourt").replace("target: dutch-jagers", "target: "
                                                                                                      "quatre-bras")
    scenario.write_text(text, encoding="utf-8")
    assert found(tmp_path, scenario) == [
        ("SID201", 17, "side 'allies' has no unit and no battery: it takes part in nothing", Severity.WARNING)]


@pytest.mark.parametrize("code", ["SID001", "SID002", "SID101", "SID201"])
def test_each_warning_has_a_page_with_a_wrong_and_a_right_example(code: str) -> None:
    validate([])  # loads every rule system's checks, which register the codes
    entry = CODES[code]
    assert entry.severity is Severity.WARNING and entry.title and entry.wrong and entry.right
