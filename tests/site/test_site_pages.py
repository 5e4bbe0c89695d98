"""Generated pages: the scenario index, scenario pages, smoke statistics, the coverage page, code pages."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from site_corpus import SMOKE_MINI, write_smoke

from admiralty.engine.model.common import Smoke
from admiralty.site import coverage
from admiralty.site.charts import balance_html, vp_svg
from admiralty.site.context import SiteContext
from admiralty.site.pages import generate_pages, index_page, renderers, scenario_page
from admiralty.site.scenarioindex import balance_label
from admiralty.site.smoke import parse_smoke, read_smoke, wilson_interval
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def hostile_validation(hostile_corpus: Path) -> Any:
    result = validate([str(hostile_corpus)])
    assert sorted(s.id for s in result.scenarios) == ["hostile-raid", "mini-raid"], result.report.sorted()
    return result


@pytest.fixture(scope="module")
def ctx(smoke_dir: Path) -> SiteContext:
    return SiteContext(smoke_dir=smoke_dir, rules_index=None)


def index_rows(page: str) -> list[str]:
    table = re.search(r'<table id="scenario-index".*?</table>', page, re.S)
    assert table
    return re.findall(r"<tr data-scenario=\"([^\"]+)\"", table.group(0))


def test_index_lists_every_scenario_once_with_sortable_columns(hostile_validation: Any, ctx: SiteContext) -> None:
    page = index_page(hostile_validation.scenarios, ctx)
    assert sorted(index_rows(page)) == ["hostile-raid", "mini-raid"]
    head = re.search(r"<thead>(.*?)</thead>", page, re.S)
    assert head and re.findall(r"<th>(.*?)</th>", head.group(1)) == ["Scenario", "Rule system", "Date", "Sides",
                                                                      "Size", "Playing time", "Difficulty",
                                                                      "Favoured", "Contest"]
    assert 'data-facet="ruleset"' in page and 'data-facet="era"' in page and 'data-facet="length"' in page
    assert 'data-ruleset="dreadnought" data-era="First World War"' in page
    assert 'id="scenario-filter"' in page and "<script>" in page and "addEventListener" in page
    assert "src=" not in page.split("<script>")[1]  # the script loads nothing
    assert 'data-sort="0.5000"' in page  # mini-raid's favourite's rate, sortable as a number
    assert "Entente wins 50% ✓; 100 games" in page  # the favoured side named (the band is Central Powers')
    assert "&lt;/title&gt;&lt;script&gt;" in page  # the hostile title, escaped in its cell


def test_balance_label_reads_band_and_verdict() -> None:
    stats = parse_smoke(SMOKE_MINI)
    assert balance_label(stats, None) == ("entente wins 50% ✓; 100 games", "0.5000")
    assert balance_label(stats, None, {"entente": "Entente"})[0] == "Entente wins 50% ✓; 100 games"
    assert balance_label(None, (0.35, 0.65)) == ("band 35%–65% (not played)", "")
    assert balance_label(None, None) == ("not played", "")


def test_scenario_page_has_every_part(hostile_validation: Any, ctx: SiteContext) -> None:
    mini = next(s for s in hostile_validation.scenarios if s.id == "mini-raid")
    page = scenario_page(mini, ctx)
    for part in ("## Briefing", "## Map", "## Orders of battle", "## Written orders", "## Minefields",
                 "## Special rules", "## Victory conditions", "## Balance",
                 "[Printable sheets](../sheets/mini-raid.md)"):
        assert part in page, part
    assert page.count('class="zone ') == len(mini.map.zones)
    assert "Novara" in page and "Sparviero" in page
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-chart"' in page
    assert "Central Powers</strong> wins by leading on victory points by at least 1." in page
    # names, not ids, where a player reads: the port, the nation, the mission
    # the compact fleet form: name, mission, start, ships; the per-ship table behind a disclosure
    assert re.search(r"<li><strong>[^<]+</strong>: raid, Westport: ", page)
    assert "Nations: Austria-Hungary" in page and ", westport:" not in page
    assert '<details class="oob-ships"><summary>Ship data: Central Powers' in page
    assert "<td>6</td><td>day</td><td>Westport</td>" in page  # turn 6: the order to enter Westport, by name
    # every mark of the orders-of-battle tables is explained on the page
    legend = page.split('class="oob-legend"')[1].split("</details>")[0]
    for term in ("<em>Italic name</em>", "★", "Speed", "Guns P/S/T", "Torp.", "VP", "Draft", "Fuel"):
        assert f"<dt>{term}</dt>" in legend, term
    assert "1s slow" in legend and "2+ fastest" in legend
    # the special rules: sentences for the switches set away from the default, never a default or a YAML key
    rules = page.split("## Special rules")[1].split("## A sample game")[0]
    assert "(default)" not in rules and "raid_max_ships" not in rules and "option-id" not in rules
    assert page.index("## Victory conditions") < page.index("## Map") < page.index("## Orders of battle")


def test_unknown_ruleset_gets_the_generic_part_only(ctx: SiteContext) -> None:
    @dataclass(frozen=True)
    class Other:
        id: str = "lepanto-1571"
        title: str = "Lepanto"
        ruleset: str = "renaissance-next"
        date: str = "1571-10-07"
        briefing: str = "Galleys <script>x</script> meet."
        outcome: str = "The *Holy League* won <img src=x onerror=alert(1)>."
        sources: tuple[str, ...] = ()
        turns: int | None = None
        content_hash: str = ""
        smoke: Smoke = field(default_factory=Smoke)

        def side_names(self) -> list[tuple[str, str]]:
            return [("holy-league", "Holy League"), ("ottomans", "Ottomans")]

    assert "renaissance-next" not in renderers()
    page = scenario_page(Other(), ctx)
    assert page.startswith("# Lepanto") and "Details not published yet" in page and "<script>" not in page
    historically = page.split('data-glance="historically"')[1].split("</div>")[0]
    assert "<em>Holy League</em> won &lt;img src=x onerror=alert(1)&gt;." in historically and "<img" not in page
    site = generate_pages([Other()], {}, ctx)
    assert "scenarios/lepanto-1571.md" in site.pages and "sheets/lepanto-1571.md" not in site.pages
    assert any("no page renderer" in note for note in site.notes)


def test_smoke_statistics_are_read_defensively(tmp_path: Path) -> None:
    write_smoke(tmp_path)
    good = read_smoke(tmp_path, "mini-raid")
    assert good is not None and good.games == 200 and good.in_band is True and good.draws == 20
    assert [s.side for s in good.sides] == ["central-powers", "entente"]
    assert good.sides[0].vp_histogram[0] == (0.0, 40)
    assert read_smoke(tmp_path, "hostile-raid") is None  # "games": "many"
    assert read_smoke(tmp_path, "absent") is None and read_smoke(None, "mini-raid") is None
    (tmp_path / "broken.json").write_text("{not json")
    assert read_smoke(tmp_path, "broken") is None
    partial = parse_smoke({"games": 10, "sides": {"a": {"wins": 3}, "b": {"rate": 2.5}, "c": "x"},
                           "balance": {"expected": [0.9, 0.1], "observed": float("nan"), "in_band": "yes"}})
    assert partial is not None and [s.side for s in partial.sides] == ["a"]
    assert partial.sides[0].rate == 0.3 and partial.sides[0].wilson95 == wilson_interval(3, 10)
    assert partial.expected is None and partial.observed is None and partial.in_band is None


def test_wilson_interval_matches_the_textbook() -> None:
    lo, hi = wilson_interval(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson_interval(0, 20)
    assert lo == 0.0 and round(hi, 4) == 0.1611
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_balance_chart_has_a_bar_and_whiskers_per_side() -> None:
    """The bars are the balance games' (100 scripted), not all 200 games'; names are escaped text."""
    stats = parse_smoke(SMOKE_MINI)
    assert stats is not None
    names = {"central-powers": "<Central>", "entente": "Entente"}
    colours = {"central-powers": "#0072b2", "entente": "#d55e00"}
    html = balance_html(stats.balance(), names, colours, ["central-powers", "entente"])
    root = ET.fromstring(html)
    rows = [e for e in root.iter() if e.get("class") == "bal-row"]
    assert [(r.get("data-side"), r.get("data-rate")) for r in rows] == [
        ("central-powers", "0.4400"), ("entente", "0.5000"), ("draw", "0.0600")]
    bars = [e for e in root.iter() if e.get("class") == "bal-bar"]
    assert "width:44.00%" in (bars[0].get("style") or "") and "#0072b2" in (bars[0].get("style") or "")
    assert len([e for e in root.iter() if e.get("class") == "bal-ci"]) == 2
    assert len([e for e in root.iter() if e.get("class") == "bal-band"]) == 1
    assert "100 games with scripted players on every side" in (root.find("figcaption").text or "")  # type: ignore[union-attr]
    assert "&lt;Central&gt;" in html and "<Central>" not in html
    vp = ET.fromstring(vp_svg(stats, names, colours, ["central-powers", "entente"]))
    assert len([e for e in vp.iter() if e.get("class") == "vp-bar"]) == 5 + 3


def test_balance_of_an_older_statistics_file_uses_what_it_knows() -> None:
    """A file without ``by_player``: one player kind means all games; several mean only the first side's rate."""
    old = {k: v for k, v in SMOKE_MINI.items() if k != "by_player"}
    stats = parse_smoke(old)
    assert stats is not None
    balance = stats.balance()
    assert (balance.player, balance.games, len(balance.sides)) == ("scripted", 100, 1)
    assert balance.first is not None and balance.first.rate == 0.44 and balance.first.wins == 44
    single = parse_smoke({**old, "players": ["scripted"], "balance": {"expected": [0.2, 0.8]}})
    assert single is not None and single.balance().games == 200 and single.balance().first.rate == 0.30  # type: ignore[union-attr]


RULES_SAMPLE = """# Rules index

## `dreadnought` — sample

| id | clause (summary) | seed |
|---|---|---|
| DN-5.1 | Every fleet has written orders. | 001 |
| DN-7.5d | Each hit: roll on the damage table (house table, in data). | 000 |
| DN-12-port | Refuel in port, `refuel` order. | 004 |

## `renaissance` — sample

| id | clause (summary) |
|---|---|
| RN-5 | Each 5 or 6 is a hit. |
"""


def test_rules_index_is_parsed() -> None:
    clauses = coverage.parse_rules_index(RULES_SAMPLE)
    assert [(c.id, c.ruleset, c.seed) for c in clauses] == [
        ("DN-5.1", "dreadnought", "001"), ("DN-7.5d", "dreadnought", "000"), ("DN-12-port", "dreadnought", "004"),
        ("RN-5", "renaissance", "")]
    assert clauses[2].summary == "Refuel in port, `refuel` order."


def test_coverage_scans_docstrings_markers_and_house_tables(tmp_path: Path) -> None:
    (tmp_path / "RULES.md").write_text(RULES_SAMPLE)
    engine = tmp_path / "admiralty" / "rulesets" / "dreadnought" / "engine"
    engine.mkdir(parents=True)
    (engine / "fuel.py").write_text('"""Fuel."""\n\ndef refuel():\n    """DN-12-port: refuel in port."""\n')
    (engine / "tables.yaml").write_text("fuel:\n  house: true\n  rule: DN-5.1\n  description: burn\n"
                                        "refuel:\n  house: false\n  rule: DN-12-port\n")
    tests = tmp_path / "tests" / "x"
    tests.mkdir(parents=True)
    (tests / "test_fuel.py").write_text(
        "import pytest\n\n@pytest.mark.rule('DN-12-port')\ndef test_refuel():\n    pass\n\n"
        "class TestOrders:\n    pass\n\n@pytest.mark.rule(\"DN-5.1\")\n@pytest.mark.rule(\"DN-5.11a\")\n"
        "def test_orders():\n    pass\n")
    (tests / "test_module.py").write_text("import pytest\npytestmark = pytest.mark.rule('RN-5')\n")
    result = coverage.collect(tmp_path, tmp_path / "RULES.md", {"dreadnought": engine / "tables.yaml"})
    assert result.index_found and len(result.clauses) == 4
    assert result.implemented["DN-12-port"] == ("admiralty/rulesets/dreadnought/engine/fuel.py:3 refuel",)
    assert result.tested["DN-12-port"] == ("tests/x/test_fuel.py::test_refuel",)
    assert result.tested["DN-5.1"] == ("tests/x/test_fuel.py::test_orders",)
    assert result.tested["RN-5"] == ("tests/x/test_module.py (every test)",)
    house = {c.id for c in result.clauses if coverage.is_house(c, result.house)}
    assert house == {"DN-5.1", "DN-7.5d"}  # served by a house table / says "house table"
    page = coverage.coverage_markdown(result, ["DN-12-port", "DN-12-port-closed", "REF001"])
    row = re.search(r'<tr id="dn-12-port">(.*?)</tr>', page)
    assert row and "fuel.py:3 refuel" in row.group(1) and "test_refuel" in row.group(1)
    assert 'title="tests/x/test_fuel.py::test_refuel"' in row.group(1)
    assert ('<summary title="2 codes">2</summary><ul class="cov-list">'
            '<li><code title="DN-12-port">DN-12-port</code></li>'
            '<li><code title="DN-12-port-closed">' in row.group(1))  # its codes, folded into their count
    assert row.group(1).count("<td>") == 5  # compact: id, summary (with the house mark), code, codes, tests
    assert '<tr id="dn-5.1">' in page and 'house rule</span>' in page.split('<tr id="dn-5.1">')[1].split("</tr>")[0]
    assert "DN-5.11a" in page.split("## Ids cited outside the index")[1]  # tested but not in the index


def test_coverage_without_the_rules_index_says_so(tmp_path: Path) -> None:
    page = coverage.coverage_markdown(coverage.collect(tmp_path, None), [])
    assert "Rules index not found" in page


def test_coverage_of_this_repository_finds_real_clauses() -> None:
    rules = ROOT / "RULES.md"  # the repository's own rules index (the site's plugin option `rules`)
    result = coverage.collect(ROOT, rules)
    assert len(result.clauses) > 50
    assert result.tested and result.implemented


def test_every_code_gets_a_page(hostile_validation: Any, ctx: SiteContext) -> None:
    from admiralty.validator.diagnostics import CODES

    site = generate_pages(hostile_validation.scenarios, hostile_validation.models_by_ruleset, ctx)
    for code, entry in CODES.items():
        page = site.pages[f"codes/{code.lower()}.md"]
        assert code in page.replace("\\", "")  # the heading backslash-escapes Markdown punctuation
        if entry.wrong:
            assert "## Wrong" in page and "## Right" in page
    assert json.dumps(sorted(site.pages)).count("maps/") >= 3  # index, mini, hostile-sea


def test_at_a_glance_box_says_who_is_favoured_only_when_the_intervals_part() -> None:
    """Favoured: the top side only when its Wilson interval lies wholly above the next side's; draws, time and
    difficulty in words; hostile side names escaped."""
    from admiralty.site.glance import Size, difficulty, favoured, glance_box, playing_time

    stats = parse_smoke(SMOKE_MINI)  # scripted: 44% (35–54%) v 50% (40–60%): overlapping
    assert stats is not None
    names = {"central-powers": "<b>Central</b>", "entente": "Entente"}
    text, rating = favoured(stats, names)
    assert text == "no side clearly: Entente wins 50% of games (<b>Central</b> 44%, drawn 6%)"
    assert rating == "balanced: either side can win (over the 100 games with scripted players on every side)"
    clear = parse_smoke({**SMOKE_MINI, "balance": {**SMOKE_MINI["balance"], "player": "random"}})
    assert clear is not None
    assert favoured(clear, names)[0] == "Entente wins 70% of games (<b>Central</b> 16%, drawn 14%)"
    assert favoured(clear, names)[1].startswith("lopsided: one side is clearly ahead")
    assert "points" not in favoured(clear, names)[0]
    assert favoured(None, names)[0].startswith("not measured")
    assert (difficulty(8), difficulty(9), difficulty(26)) == ("introductory", "intermediate", "advanced")
    assert playing_time(12, 10) == "about 2 hours" and playing_time(3, 10) == "about 30 minutes"
    box = glance_box(Size("4 ships in 2 fleets", 6, 10), 6, stats, list(names.items()), "<script>x</script>")
    assert "&lt;script&gt;x&lt;/script&gt;" in box and "<script>" not in box
    assert "<b>Central" not in box and "&lt;b&gt;Central" in box
    for label in ("size", "turns", "playing time", "difficulty", "favoured", "contest", "historically"):
        assert f'data-glance="{label}"' in box, label


def test_the_balance_speaks_of_the_scenarios_first_side_even_when_it_sorts_last() -> None:
    """The statistics file's keys are sorted: the verdict and the index must still read the scenario's first side
    (``balance.side``), as the chart does, not whichever side sorts first (Preveza showed Hapsburg 0% ✓ beside
    a chart of Ottoman 65%)."""
    data = json.loads(json.dumps(SMOKE_MINI))
    data["balance"].update(side="entente", observed=0.5)
    stats = parse_smoke(data)
    assert stats is not None
    first = stats.balance().first
    assert first is not None and (first.side, first.wins) == ("entente", 50)
    assert [s.side for s in stats.sides] == ["entente", "central-powers"]
    assert balance_label(stats, None)[0].startswith("entente wins 50%")


def test_every_corpus_scenarios_balance_names_its_first_side(tmp_path: Path) -> None:
    """On real smoke statistics of every corpus scenario (two games per player kind): the balance figure's side is
    the scenario's first."""
    done = subprocess.run([sys.executable, "-m", "admiralty", "smoke", str(ROOT / "scenarios"), "--games", "2",
                           "--jobs", "2", "--out", str(tmp_path)], capture_output=True, text=True, timeout=600,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    for scenario in validate([str(ROOT / "scenarios")]).scenarios:
        stats = read_smoke(tmp_path, scenario.id)
        assert stats is not None, scenario.id
        first = stats.balance().first
        assert first is not None and first.side == scenario.side_names()[0][0], scenario.id


def test_written_orders_are_headed_by_fleet_names_not_ids() -> None:
    ancona = next(s for s in validate([str(ROOT / "scenarios")]).scenarios if s.id == "ancona-1915")
    page = scenario_page(ancona, SiteContext())
    orders = page.split("## Written orders")[1]
    headers = re.findall(r"<th>(.*?)</th>", orders.split("</thead>")[0])
    assert headers[:2] == ["Turn", "Light"] and "Helgoland group" in headers
    assert not [h for h in headers if "-" in h], headers  # 'helgoland-group' was the header
