"""Every rule system has an authoring guide: it names each kind of document and each diagnostic code of the
rule system, its worked example validates, and its typical mistakes give the messages it shows. The rules
pages' clause indexes have a summary in every row, from data shipped with the package."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from admiralty.contract import rulesets
from admiralty.scaffold.export import export_schemas
from admiralty.site.pages import guides, guides_nav, rules_pages
from admiralty.site.status import load_clause_summaries, load_status
from admiralty.validator.pipeline import validate
from admiralty.validator.report import render

DOCS = Path(__file__).resolve().parents[2] / "docs"
RULESETS = DOCS.parent / "admiralty" / "rulesets"


def guide(ruleset: str) -> Path:
    """A rule system's guide: ``guide.md`` beside its rules page; dreadnought's, the first, is the site's
    ``authoring.md``."""
    own = guides().get(ruleset)
    return own if own is not None else DOCS / "authoring.md"


def ruleset_codes() -> dict[str, set[str]]:
    """The codes each rule system lists in its ``Ruleset.codes`` (its builder's and its checks')."""
    return {name: {code.code for code in ruleset.load_codes()} for name, ruleset in rulesets().items()}


@pytest.mark.parametrize("ruleset", sorted(rulesets()))
def test_the_guide_names_every_document_kind_of_its_rule_system(ruleset: str) -> None:
    text = guide(ruleset).read_text(encoding="utf-8")
    missing = [kind for kind in rulesets()[ruleset].kinds if f"kind: {kind}" not in text]
    assert not missing, f"{guide(ruleset).name} never says `kind: {'`, `kind: '.join(missing)}`"


@pytest.mark.parametrize("ruleset", sorted(rulesets()))
def test_the_guide_names_every_diagnostic_code_of_its_rule_system(ruleset: str) -> None:
    codes = ruleset_codes()[ruleset]
    assert len(codes) >= 10, codes  # the walk found the rule system's own codes
    text = guide(ruleset).read_text(encoding="utf-8")
    missing = sorted(c for c in codes if not re.search(rf"(?<![\w.-]){re.escape(c)}(?![\w-])", text))
    assert not missing, f"{guide(ruleset).name} does not mention {', '.join(missing)}"


def test_every_guide_is_published_in_the_navigation_and_serves_at_the_root() -> None:
    assert set(guides()) == {"renaissance", "napoleonic"}
    published = rules_pages(None)
    assert [next(iter(entry.values())) for entry in guides_nav()] == ["authoring-napoleonic.md",
                                                                   "authoring-renaissance.md"]
    for name, path in guides().items():
        assert published[f"authoring-{name}.md"] == path.read_text(encoding="utf-8")
    for name in rulesets():
        text = guide(name).read_text(encoding="utf-8")
        assert "8000/admiralty" not in text  # `docs --serve` serves the site at /, not /admiralty/
        assert "<http://127.0.0.1:8000/>" in text


# --- the worked examples and their mistakes ------------------------------------------------------------

EXAMPLES = {
    "renaissance": ("maps/tyrrhenian.yaml", "scenarios/ponza-1552.yaml"),
    "napoleonic": ("tables/gemioncourt.yaml", "scenarios/quatre-bras-1815.yaml"),
}
MISTAKES = {
    "renaissance": [
        ("    at: tyrrhenian-sea\n    turn: 1", "    at: ligurian-sea\n    turn: 1",
         ":32:9: RN-battle-absent this battle"),
        ("power: hapsburg, galleys: 4}", "power: hapsburg, galleys: 4}\n  - {at: naples, power: ottoman, galleys: 1}",
         ":21:10: RN-9-port ottoman's naval units start in Naples"),
        ("  - {at: ligurian-sea, power: hapsburg, galleys: 1}\n", "",
         ":27:81: RN-16.3 no chain of sea zones from genoa to naples"),
        ("[professional-rowers]}", "[profesional-rowers]}", "RN-3-4-card unknown card 'profesional-rowers'"),
        ("to: naples, turn: 1}", "to: naples, turn: 2}", "RN-turn-order turn 1 comes after turn 2 (line 28)"),
        ("defender: hapsburg", "defender: ottoman", "RN-battle-friends ottoman and ottoman are the same power"),
        ("    turn: 1\n    cards", "    turn: 0\n    cards", "SCH006 0 is less than the minimum of 1"),
    ],
    "napoleonic": [
        ('name: "2nd Nassau, 1st battalion"', "name: 2nd Nassau, 1st battalion",
         ":27:46: SCH002 unknown property '1st battalion': the comma before it ended the value of 'name'"),
        ("at: [86, 46], facing: 180}", "at: [74, 50], facing: 180}",
         ":35:59: GEO023 battery 'french-foot-battery' cannot see its planned target 'dutch-jagers'"),
        ("target: foy-column", "target: stevenart-battery",
         "REF022 'stevenart-battery' is a battery, and batteries are never fire-plan targets\n    hint: a target is "
         "an enemy unit, or a building or built-up area of the table: bachelu-column, foy-column, "
         "french-tirailleurs, gemioncourt, quatre-bras"),
        ("target: dutch-jagers", "target: dutch-jager", "REF022 unknown fire-plan target 'dutch-jager'"),
        ("target: foy-column", "target: bossu-wood", "REF025 terrain 'bossu-wood' is rough ground"),
        ("target: foy-column", "target: nassau-battalion",
         "REF024 'stevenart-battery' would fire at 'nassau-battalion', a unit of its own side"),
        ("at: [60, 20], facing: 0}", "at: [60, 2], facing: 0}",
         "GEO020 unit 'foy-column' is not wholly on the 120 x 80 cm table"),
        ("turn: 1, target: foy-column", "turn: 7, target: foy-column", "REF023 turn 7 is after the last turn, 6"),
        ("long: 70}", "long: 30}",
         "NA-pen-a battery 'stevenart-battery': ranges must rise canister <= effective <= long"),
    ],
}


def write_example(ruleset: str, root: Path) -> Path:
    blocks = re.findall(r"```yaml\n(.*?)```", guide(ruleset).read_text(encoding="utf-8"), re.S)
    files = EXAMPLES[ruleset]
    assert len(blocks) == len(files)
    for name, block in zip(files, blocks, strict=True):
        path = root / "scenarios" / ruleset / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(block, encoding="utf-8")
    export_schemas(root / "schemas")  # the modelines name ../../../schemas/, as in a repository made by init
    return root / "scenarios" / ruleset / files[-1]


@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
def test_the_worked_example_validates_and_each_mistake_reads_as_the_guide_says(
        ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = write_example(ruleset, tmp_path)
    monkeypatch.chdir(tmp_path)
    assert render(validate(["scenarios/"]).report, "text").strip() == "0 errors, 0 warnings in 2 files"
    text = " ".join(guide(ruleset).read_text(encoding="utf-8").replace("`", "").split())  # as read, not as wrapped
    good = scenario.read_text(encoding="utf-8")
    for old, new, expected in MISTAKES[ruleset]:
        assert old in good, old
        scenario.write_text(good.replace(old, new, 1), encoding="utf-8")
        report = render(validate(["scenarios/"]).report, "text")
        assert expected in report, report
        shown = " ".join(expected.split())
        assert shown.split(": ", 1)[-1] in text or shown in text, f"the guide does not show {expected!r}"
    scenario.write_text(good, encoding="utf-8")


# --- clause summaries ----------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", sorted(rulesets()))
def test_every_clause_index_row_has_a_summary_without_the_rules_index(ruleset: str) -> None:
    page = rules_pages(None)[f"rules/{ruleset}.md"]  # as an installed admiralty builds it: no RULES.md at hand
    index = page.split("## Clause index", 1)[1]
    rows = re.findall(r'<tr id="[^"]+"><td><code>([^<]+)</code></td><td>(.*?)</td></tr>', index)
    assert len(rows) >= 9
    empty = [clause for clause, summary in rows if not summary.strip()]
    assert not empty, f"clause index rows without a summary: {', '.join(empty)}"


@pytest.mark.parametrize("ruleset", sorted(rulesets()))
def test_every_clause_summary_belongs_to_a_clause_of_the_index(ruleset: str) -> None:
    entry = rulesets()[ruleset]
    summaries = load_clause_summaries(entry.rules_page)
    listed = {e.id for e in load_status(entry.rules_page)}
    page = rules_pages(None)[f"rules/{ruleset}.md"].split("## Clause index", 1)[1]
    shown = set(re.findall(r"<td><code>([^<]+)</code></td>", page))
    stale = sorted(set(summaries) - shown - listed)
    assert not stale, f"clauses.yaml summarises clauses the rules page never shows: {', '.join(stale)}"
    assert not set(summaries) & listed, "a clause in status.yaml is described there, not in clauses.yaml"
