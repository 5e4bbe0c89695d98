"""Plain words for the napoleonic scenario page: names for ids, the rule options explained from the schema,
the victory conditions with the packaged house table's value, and the legend of the unit tables."""

from __future__ import annotations

import re
from typing import Any

from admiralty.rulesets.napoleonic.engine.model import NapoleonicScenario
from admiralty.rulesets.napoleonic.engine.tables import load_tables
from admiralty.site.context import SiteContext
from admiralty.site.text import attr, esc, html_block
from admiralty.site.words import explain, id_words, link_clauses, option_schema, options_rows, table_overrides

OPTION_ID = re.compile(r'<code class="option-id">([^<]*)</code>')

LEGEND: tuple[tuple[str, str], ...] = (
    ("Class", "first, second or third: the troops' quality, which decides how they stand fire and round their "
              "losses (NA-10.46b)"),
    ("Figures", "figures in the unit; casualties are counted in figures (NA-marking)"),
    ("Bases × figures", "bases the unit stands on and the figures on a full base; a whole base of casualties "
                        "leaves the table"),
    ("Formation", "line, column or square: what the unit's footprint is and how round shot passes through it "
                  "(NA-pen-b)"),
    ("At (cm)", "the centre of the unit's front edge, in centimetres from the table's south-west corner"),
    ("Facing", "the direction the unit faces, in degrees clockwise from north"),
    ("Ranges (cm)", "canister / effective / long range: nothing beyond long range (NA-pen-a)"),
)


def name_html(thing: Any) -> str:
    """The name a player reads (the id in words when the author gave none); the id stays as a tooltip."""
    return f'<span title="{attr(thing.id)}">{esc(getattr(thing, "name", "") or id_words(thing.id))}</span>'


def thing_name(scenario: NapoleonicScenario, thing_id: str) -> str:
    """A unit's, battery's or terrain piece's name for an id (its words when it has no name)."""
    for group in (scenario.units, scenario.batteries, scenario.table.terrain):
        for thing in group:
            if thing.id == thing_id:
                return getattr(thing, "name", "") or id_words(thing.id)
    return id_words(thing_id)


def special_rules(scenario: NapoleonicScenario, src: str, ctx: SiteContext) -> list[list[str]]:
    """The rule options in plain words: each under the schema's title for it (``Marking casualties``, not the
    option's name in words), its value, and the schema's sentence for it."""
    rows = options_rows("napoleonic", dict(scenario.rules), src, ctx)
    titles = {name: str(spec["title"]) for name, spec in option_schema("napoleonic").items() if "title" in spec}
    for row in rows:
        found = OPTION_ID.search(row[0])
        if found and found.group(1) in titles:
            row[0] = f"{esc(titles[found.group(1)])} {found.group(0)}"
    return rows


def overrides(scenario: NapoleonicScenario) -> list[str]:
    return table_overrides(dict(scenario.rules))


def victory_conditions(scenario: NapoleonicScenario, src: str, ctx: SiteContext) -> str:
    """How the game ends and is scored, with the scenario's own value of the house table entry."""
    tables: Any = load_tables(dict(scenario.rules).get("tables"))
    per_battery = tables["result"]["battery_destroyed_figures"]
    names = [side.name or id_words(side.id) for side in scenario.sides]
    items = [f"The game lasts {scenario.turns} turns; it ends sooner when a side has no unit left on the table or "
             "no battery is left.",
             f"Each side scores the figures the enemy lost, plus {per_battery} for each enemy battery destroyed "
             "<span class=\"house-rule\">house rule</span>.",
             f"The higher score wins ({esc(' or '.join(names))}); equal scores are a draw."]
    return html_block("<ol>" + "".join(f"<li>{link_clauses(i, src, ctx)}</li>" for i in items) + "</ol>", "victory")


def legend_html(src: str, ctx: SiteContext) -> str:
    items = "".join(f"<dt>{esc(term)}</dt><dd>{explain(text, src, ctx)}</dd>" for term, text in LEGEND)
    return html_block(f'<details class="oob-legend" open><summary>Reading the tables</summary><dl>{items}</dl>'
                      "</details>", "legend")
