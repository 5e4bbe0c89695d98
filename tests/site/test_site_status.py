"""Issue 15, item 11: the rules pages show each rule system's status list (every rule its seeds refer to
that the engine plays as a house rule or does not play), each entry with an anchor that scenario pages link."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from admiralty.contract import rulesets
from admiralty.site.context import SiteContext
from admiralty.site.pages import rules_pages, scenario_page
from admiralty.site.status import StatusError, load_status, ruleset_status
from admiralty.site.words import clause_anchor
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]

NAMED_BY_THE_ISSUE = [
    pytest.param("dreadnought", "DN-10.2", marks=pytest.mark.rule("DN-5.2-raid")),
    pytest.param("dreadnought", "DN-11.1", marks=pytest.mark.rule("DN-5.2-bombard")),
    pytest.param("dreadnought", "DN-11.5", marks=pytest.mark.rule("DN-5.2-transport")),
    pytest.param("dreadnought", "DN-11.2", marks=pytest.mark.rule("DN-12-exhaust")),
    pytest.param("renaissance", "RN-8.1", marks=pytest.mark.rule("RN-10")),
    pytest.param("renaissance", "RN-23.2", marks=pytest.mark.rule("RN-dice")),
    pytest.param("renaissance", "RN-galleass-dice", marks=pytest.mark.rule("RN-6")),
    pytest.param("napoleonic", "NA-gun-fire", marks=pytest.mark.rule("NA-how-b")),
    pytest.param("napoleonic", "NA-melee", marks=pytest.mark.rule("NA-fire-b")),
    pytest.param("dreadnought", "DN-airships", marks=pytest.mark.rule("DN-5.2-raid-hidden")),
    pytest.param("napoleonic", "NA-range-cap", marks=pytest.mark.rule("NA-pen-a")),
]


@pytest.mark.parametrize(("ruleset", "entry_id"), NAMED_BY_THE_ISSUE)
def test_the_rules_the_seeds_refer_to_are_listed_with_a_status_and_an_anchor(ruleset: str, entry_id: str) -> None:
    """The status list holds the rule, and the built rules page carries its row as the clause anchor."""
    assert entry_id in {e.id for e in ruleset_status(ruleset)}
    page = rules_pages(SiteContext(smoke_dir=None, rules_index=ROOT / "RULES.md"))[f"rules/{ruleset}.md"]
    assert page.count(f'id="{clause_anchor(entry_id)}"') == 1
    assert "## Status of the rules the seeds refer to" in page


@pytest.mark.parametrize("ruleset", sorted(rulesets()))
def test_every_status_entry_names_a_house_table_that_exists(ruleset: str) -> None:
    entries = ruleset_status(ruleset)
    assert entries, f"{ruleset} has no status list"
    path = rulesets()[ruleset].tables
    assert path is not None
    tables = yaml.safe_load(path.read_text(encoding="utf-8"))
    for entry in entries:
        assert not entry.table or entry.table in tables, (entry.id, entry.table)
        assert entry.status != "house" or entry.table, f"{entry.id}: a house rule names its table"


@pytest.mark.rule("DN-5.2-raid-hidden")
def test_airships_and_aircraft_are_listed_as_not_played() -> None:
    """Issue 34: the seed's airships and aircraft that reveal a hidden raider have no counters in the engine."""
    entry = next(e for e in ruleset_status("dreadnought") if e.id == "DN-airships")
    assert entry.status == "not-played" and "airship" in entry.note and "aircraft" in entry.note


@pytest.mark.rule("NA-pen-a")
def test_the_range_cap_is_a_house_option_off_by_default() -> None:
    """Issue 34: the 80 cm cap is listed as a house option, and the packaged table has it off."""
    entry = next(e for e in ruleset_status("napoleonic") if e.id == "NA-range-cap")
    path = rulesets()["napoleonic"].tables
    assert path is not None
    cap = yaml.safe_load(path.read_text(encoding="utf-8"))[entry.table]
    assert entry.status == "option" and cap == {"house_rule": True, "enabled": False, "cm": 80}


def test_no_anchor_is_given_twice_on_a_rules_page() -> None:
    for name, page in rules_pages(SiteContext(smoke_dir=None, rules_index=ROOT / "RULES.md")).items():
        anchors = re.findall(r'id="(clause-[^"]+)"', page)
        assert len(anchors) == len(set(anchors)), name


def test_every_corpus_scenario_page_links_its_rule_systems_status_entries() -> None:
    ctx = SiteContext(smoke_dir=None, rules_index=None)
    scenarios = validate([str(ROOT / "scenarios")]).scenarios
    assert {s.ruleset for s in scenarios} == set(rulesets())
    for scenario in scenarios:
        page = scenario_page(scenario, ctx)
        for entry in ruleset_status(scenario.ruleset):
            assert f'rules/{scenario.ruleset}/#{clause_anchor(entry.id)}"' in page, (scenario.id, entry.id)


@pytest.mark.parametrize(("text", "message"), [
    ("{a: 1}", "must be a YAML list"),
    ("- {id: X-1, title: t, status: maybe, note: n}", "status 'maybe'"),
    ("- {id: X-1, title: t, status: house}", "missing or empty note"),
    ("- {id: X-1, title: t, status: house, note: n, colour: red}", "unknown key(s) colour"),
    ("- {id: X-1, title: t, status: house, note: n}\n- {id: X-1, title: u, status: house, note: n}", "twice"),
])
def test_a_malformed_status_file_is_refused_with_a_clear_message(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "status.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(StatusError, match=re.escape(message)):
        load_status(tmp_path / "rules.md")
