"""Plain words for the renaissance scenario page: its special rules and its victory conditions, the
house rules that decide a game quoted from the packaged tables (so a changed table changes the page)."""

from __future__ import annotations

from admiralty.rulesets.renaissance.engine.model import UNIT_KINDS, RenaissanceScenario
from admiralty.rulesets.renaissance.engine.tables import load_tables
from admiralty.rulesets.renaissance.site.map import UNIT_NAMES, power_name
from admiralty.site.context import SiteContext
from admiralty.site.text import esc, html_block
from admiralty.site.words import link_clauses

UNIT_LEGEND: tuple[tuple[str, str], ...] = (
    ("G", "galleys: one die in an Atlantic sea, two in a Mediterranean one (RN-dice)"),
    ("Gn", "galleons"),
    ("FD", "flush-deck galleons (England's)"),
    ("C", "corsairs: one die; sunk after the ships when hits are shared out (RN-dice)"),
    ("A", "the Armada, by its strength: each loss takes 2 off it (house rule)"),
)


def _number(value: float) -> str:
    return f"{value:g}"


def special_rules(scenario: RenaissanceScenario, src: str, ctx: SiteContext, cards: dict[str, str]) -> str:
    """The rules particular to this scenario, one sentence each (escaped HTML, clause ids linked)."""
    items = []
    if scenario.alliances:
        groups = "; ".join(", ".join(power_name(p) for p in group) for group in scenario.alliances)
        items.append(f"Alliances: {esc(groups)}. Allied powers never fight each other; every other pair of powers "
                     "are enemies.")
    else:
        items.append("No alliances: every power is the enemy of every other.")
    dry = [power_name(p) for p in scenario.powers if p in scenario.dry_dock]
    items.append(("\"Dry Dock\" (RN-10): " + esc(", ".join(dry)) + " put their lost ships back into the pool at once "
                  "instead of on the turn track.") if dry else "No power has the \"Dry Dock\" bonus (RN-10): lost "
                 "ships go on the turn track.")
    for power in scenario.powers:
        hand = scenario.hands.get(power, ())
        if hand:
            items.append(f"{esc(power_name(power))} holds the cards {esc(', '.join(cards.get(c, c) for c in hand))}; "
                         "each card is played once.")
    kinds = sorted({s.kind for s in scenario.map.seas.values()})
    if len(kinds) > 1:
        items.append("Galleys roll one die in an Atlantic sea and two in a Mediterranean one (RN-dice); the map "
                     "colours the seas by kind.")
    scripted = len(scenario.actions)
    items.append(f"The game plays the {scripted} scripted actions below in order (RN-3-4, RN-16.3); where a script "
                 "leaves a choice (cards, retreats, losses), the players make it." if scripted else
                 "No scripted actions: the players choose every action.")
    items.append("Land formations move by sea only through seas where their power has ships (RN-16.3).")
    return html_block("<ul>" + "".join(f"<li>{link_clauses(i, src, ctx)}</li>" for i in items) + "</ul>",
                      "special-rules")


def victory_conditions(scenario: RenaissanceScenario, src: str, ctx: SiteContext) -> str:
    """How the game is won: the points house rule, with the values of the packaged tables."""
    tables = load_tables()
    per_unit = {kind: tables.points_destroyed.get(kind, 0.0) for kind in UNIT_KINDS}
    same = len(set(per_unit.values())) == 1
    destroyed = (f"{_number(next(iter(per_unit.values())))} point for each enemy ship destroyed (for the Armada, "
                 "each step of strength it loses)" if same else
                 "; ".join(f"{_number(v)} for each enemy {UNIT_NAMES[k][0]} destroyed" for k, v in per_unit.items()))
    items = [f"In each naval battle a power scores {esc(destroyed)}, and {_number(tables.points_battle_won)} for "
             "winning the battle (RN-7) <span class=\"house-rule\">house rule</span>.",
             "The game ends when every scripted action has been played. The power with the most points wins; when "
             "two or more share the most, the game is a draw.",
             f"Powers: {esc(', '.join(power_name(p) for p in scenario.powers))}; each scores for itself, allies "
             "included."]
    return html_block("<ol>" + "".join(f"<li>{link_clauses(i, src, ctx)}</li>" for i in items) + "</ol>", "victory")


def unit_legend() -> str:
    items = "".join(f"<dt>{esc(abbr)}</dt><dd>{esc(text)}</dd>" for abbr, text in UNIT_LEGEND)
    return html_block(f'<details class="oob-legend"><summary>Abbreviations on the map</summary><dl>{items}</dl>'
                      "</details>", "legend")
