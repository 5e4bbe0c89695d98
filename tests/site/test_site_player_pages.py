"""Player pages say rules in sentences: the special rules list only what a scenario changes, in words, and no
built player page shows an engine setting's key; the orders of battle come in the compact fleet form."""

from __future__ import annotations

import re
from pathlib import Path

from admiralty.rulesets.dreadnought.engine.model import Rules
from admiralty.rulesets.dreadnought.site.plain import RULE_CLAUSES, special_rules_html
from admiralty.site.context import SiteContext
from admiralty.site.words import option_schema
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]


def _map() -> object:
    scenario = next(s for s in validate([str(ROOT / "scenarios")]).scenarios if s.id == "ancona-1915")
    return scenario.map


def test_defaults_never_appear_and_changes_read_as_sentences() -> None:
    seamap = _map()
    ctx = SiteContext()
    assert "None: the scenario is played with the rules as written." in special_rules_html(Rules(), seamap, "s.md",
                                                                                             ctx)
    changed = special_rules_html(Rules(raid_max_ships=3, mixed_nationality=True, refuel_ports=("pola", "venice"),
                                       tables={"bombardment": {"vp": 10}}), seamap, "s.md", ctx)
    items = re.findall(r"<li>(.*?)</li>", changed)
    assert len(items) == 4, items
    assert items[0].startswith("A raiding fleet may hold up to 3 ships.")
    assert items[1].startswith("Ships of allied nations may sail in the same fleet.")
    assert items[2].startswith("Ships refuel only at Pola and Venice.")
    assert items[3].startswith("In the bombardment table, victory points: 10 (not as printed in the house tables).")
    for key in set(RULE_CLAUSES) - {"tables"}:
        assert key not in changed, key


def _player_pages(built_site: Path) -> list[Path]:
    return [p for p in (built_site / "scenarios").glob("*/index.html")]


def test_no_engine_setting_keys_on_built_player_pages(built_site: Path) -> None:
    keys = set(RULE_CLAUSES) | {k for ruleset in ("napoleonic", "renaissance") for k in option_schema(ruleset)}
    keys -= {"tables"}  # an English word too
    pages = _player_pages(built_site)
    assert pages
    for page in pages:
        text = re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8"))
        found = sorted(k for k in keys if re.search(rf"\b{re.escape(k)}\b", text))
        assert not found, (page, found)
        assert "../shared" not in text and "(default)" not in text, page


def test_compact_order_of_battle_separates_ships(built_site: Path) -> None:
    page = (built_site / "scenarios" / "mini-raid" / "index.html").read_text(encoding="utf-8")
    fleets = re.findall(r'<ul class="oob-fleets">(.*?)</ul>', page, re.S)
    assert fleets and all("<li><strong>" in f for f in fleets)
    assert re.search(r"Novara[^<]*,\s", page)  # ships separated, so the search finds each by name
    assert page.index('id="victory-conditions"') < page.index('id="map"')



def test_home_page_shows_scenario_cards(built_site: Path) -> None:
    home = (built_site / "index.html").read_text(encoding="utf-8")
    cards = re.findall(r'<li class="scenario-card" data-scenario="([^"]+)">', home)
    assert sorted(cards) == ["hostile-raid", "mini-raid"]
    assert 'href="scenarios/mini-raid/"' in home and 'class="balance-strip"' in home
    assert "Who wins: Central Powers 44%, Entente 50%, drawn 6%" in home  # the strip says what it shows
    assert "admiralty:scenarios" not in home


def test_player_sources_drop_build_plumbing() -> None:
    from admiralty.site.richtext import player_sources

    assert player_sources(["Natural Earth 1:10m, naturalearthdata.com; ../shared/data/europe.geojson",
                           "Generated with `admiralty map from-geojson ../shared/x.geojson -o y.yaml --force`",
                           "Corbett, Naval Operations III (1923)"]) == [
        "Natural Earth 1:10m, naturalearthdata.com", "Corbett, Naval Operations III (1923)"]


def test_maps_index_lists_the_napoleonic_tables() -> None:
    from admiralty.rulesets.napoleonic.site.pages import map_index_rows
    from admiralty.site.pages import _maps_index

    scenarios = [s for s in validate([str(ROOT / "scenarios")]).scenarios if s.ruleset == "napoleonic"]
    rows = map_index_rows(scenarios, [])
    assert len(rows) == len({s.table.id for s in scenarios}) == 5
    page = _maps_index(rows, SiteContext())
    assert all(f"<code>{table_id}</code>" in page for table_id, _, _ in rows)


def test_search_finds_ships_by_name_and_type_and_leaves_out_print_packs(built_site: Path) -> None:
    import json

    from admiralty.rulesets.dreadnought.site.plain import type_html

    assert type_html("BB") == 'BB <span class="type-words">battleship</span>' and type_html("Q") == "Q"
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    scenario_text = " ".join(d["text"] for d in docs if d["location"].startswith("scenarios/mini-raid/"))
    assert re.search(r"\bNovara\b", scenario_text)  # a word of its own, not glued to the next cell
    assert not [d["location"] for d in docs if d["location"].startswith(("sheets/", "codes/"))
                and d["location"].rstrip("/") not in ("sheets", "codes")
                and not d["location"].startswith(("sheets/#", "codes/#"))]
