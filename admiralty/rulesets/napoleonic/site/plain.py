"""Plain words for the napoleonic scenario page: names for ids, the rule options explained from the schema,
the victory conditions with the packaged house table's value, and the legend of the unit tables."""

from __future__ import annotations

from typing import Protocol

from admiralty.rulesets.napoleonic.engine.model import NapoleonicScenario
from admiralty.rulesets.napoleonic.engine.tables import load_tables
from admiralty.site.context import SiteContext
from admiralty.site.text import attr, esc, html_block
from admiralty.site.words import explain, id_words, link_clauses, option_schema, table_overrides, value_words

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


class Named(Protocol):
    """A unit, battery or terrain piece: an id, and (on most) the author's name for it."""

    @property
    def id(self) -> str: ...


def name_html(thing: Named) -> str:
    """The name a player reads (the id in words when the author gave none); the id stays as a tooltip."""
    return f'<span title="{attr(thing.id)}">{esc(getattr(thing, "name", "") or id_words(thing.id))}</span>'


def thing_name(scenario: NapoleonicScenario, thing_id: str) -> str:
    """A unit's, battery's or terrain piece's name for an id (its words when it has no name)."""
    for group in (scenario.units, scenario.batteries, scenario.table.terrain):
        for thing in group:
            if thing.id == thing_id:
                return getattr(thing, "name", "") or id_words(thing.id)
    return id_words(thing_id)


SENTENCES: dict[tuple[str, object], str] = {
    ("rounding_3_4", "at-least-one"): "Three-quarter casualties round up when either die shows 1 to 3 (NA-10.46a).",
    ("rounding_3_4", "literal"): "Three-quarter casualties fail only when both dice show 1 to 3 (NA-10.46a).",
    ("skirmisher_round_down", "target"): "Second-class skirmishers round down the losses they take, not the "
                                         "losses they inflict (NA-10.46b).",
    ("skirmisher_round_down", "firer"): "Second-class skirmishers round down the losses they inflict "
                                        "(NA-10.46b).",
    ("marking", "markers"): "Casualties are marked openly on the table, not on hidden roster sheets "
                            "(NA-marking).",
    ("marking", "roster"): "Casualties are kept on hidden roster sheets (NA-marking).",
    ("ignition_by_guns", True): "Batteries without howitzers may also set buildings alight (NA-fire-a).",
    ("ignition_by_guns", False): "Only batteries with howitzers set buildings alight (NA-fire-a).",
}


def special_rules(scenario: NapoleonicScenario, src: str, ctx: SiteContext) -> str:
    """The rule options this scenario sets away from the schema's default, each as a sentence a player reads
    (clause ids linked); defaults never appear, nor option names. House-table changes follow in words."""
    values = dict(scenario.rules)
    items = []
    for name, spec in option_schema("napoleonic").items():
        if name == "tables" or name not in values or values[name] == spec.get("default"):
            continue
        value = values[name]
        sentence = SENTENCES.get((name, value),
                                 f"{spec.get('title', id_words(name))}: {value_words(value)}.")
        items.append(f"<li>{link_clauses(esc(sentence), src, ctx)}</li>")
    for change in overrides(scenario):
        where, _, value = change.partition(" = ")
        words = [id_words(part).lower() for part in where.split(".")]
        items.append(f"<li>{esc(f'House table change: the {words[0]} table, {chr(32).join(words[1:])}: {value}.')}"
                     "</li>")
    if not items:
        return html_block("<p>None: the scenario is played with the rules as written.</p>", "special-rules")
    return html_block(f'<ul class="special-rules">{"".join(items)}</ul>', "special-rules")


def overrides(scenario: NapoleonicScenario) -> list[str]:
    """The house-table entries the scenario changes (none for an empty ``tables: {}``)."""
    return table_overrides(dict(scenario.rules)) if dict(scenario.rules).get("tables") else []


def victory_conditions(scenario: NapoleonicScenario, src: str, ctx: SiteContext) -> str:
    """How the game ends and is scored, with the scenario's own value of the house table entry."""
    per_battery = load_tables(dict(scenario.rules).get("tables")).battery_destroyed_figures
    names = [side.name or id_words(side.id) for side in scenario.sides]
    items = [f"The game lasts {scenario.turns} turns; it ends sooner when a side has no unit left on the table or "
             "no battery is left.",
             f"Each side scores the figures the enemy lost, plus {per_battery} for each enemy battery destroyed "
             "<span class=\"house-rule\">house rule</span>.",
             f"The higher score wins ({esc(' or '.join(names))}); equal scores are a draw."]
    return html_block("<ol>" + "".join(f"<li>{link_clauses(i, src, ctx)}</li>" for i in items) + "</ol>", "victory")


def legend_html(src: str, ctx: SiteContext) -> str:
    items = "".join(f"<dt>{esc(term)}</dt><dd>{explain(text, src, ctx)}</dd>" for term, text in LEGEND)
    return html_block(f'<details class="oob-legend"><summary>Reading the tables</summary><dl>{items}</dl>'
                      "</details>", "legend")
