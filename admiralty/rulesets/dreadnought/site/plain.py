"""Plain words for the dreadnought pages: places, fleets and nations by name, the victory conditions, the
rule switches explained with their clauses linked, and the legend of the orders-of-battle tables."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from admiralty.rulesets.dreadnought.engine.model import Fleet, Rules, Scenario, SeaMap, Ship
from admiralty.site.context import SiteContext
from admiralty.site.text import esc, html_block
from admiralty.site.words import (
    clause_link,
    explain,
    id_words,
    option_title,
    table_overrides,
    value_words,
)

RULE_CLAUSES: dict[str, str] = {
    "raid_fleets": "DN-5.2-raid, DN-5.25",
    "raid_max_ships": "DN-5.2-raid",
    "raid_needs_leader": "DN-5.2-raid",
    "mixed_nationality": "DN-5.2",
    "abort_at_start": "DN-5.2-abort",
    "refuel_ports": "DN-12-port",
    "minelayers": "DN-5.2-minelay",
    "minesweepers": "DN-5.2-minesweep",
    "american_colliers_after_1920": "DN-12.54",
    "pursuit_speed_bonus": "DN-5.23",
    "abort_port": "DN-5.2-abort",
    "tables": "",
}
VICTORY_TEXT: dict[str, str] = {
    "vp-lead": "{side} wins by leading on victory points by at least {value}.",
    "reach": "{side} wins if {fleet} reaches {target}{by_turn}.",
    "sink": "{side} wins if every one of {ships} is sunk (grounded counts as sunk).",
}
MISSIONS: dict[str, str] = {
    "raid": "raid", "intercept": "intercept", "transport": "transport", "bombard": "bombardment",
    "minelay": "minelaying", "minesweep": "minesweeping", "escort": "escort", "patrol": "patrol",
}
LEGEND: tuple[tuple[str, str], ...] = (
    ("<em>Italic name</em>", "elite crew: +1 to hit (DN-7.5c)"),
    ("★", "the ship carries a leader, which a raiding fleet needs (DN-5.2-raid)"),
    ("Type", "the class's ship type as the catalog writes it (BB battleship, CA armoured cruiser, CL light "
             "cruiser, DD destroyer, TB torpedo boat, SS submarine, and so on)"),
    ("Speed", "1s slow (moves like 1 on the map, slower than 1 in battle), 1, 1+, 2, 2+ fastest; a fleet "
              "whose ships are all 2 or 2+ may enter two zones a turn (DN-5.11a, DN-5.11b)"),
    ("Hull", "hull boxes: hits the ship can take before it sinks"),
    ("Fuel", "fuel boxes and what they hold, coal or oil (DN-12)"),
    ("Armour", "armoured or unarmoured (unarmoured ships lose more when refloated, DN-7.43)"),
    ("Draft", "shallow draft: capital ships take no +1 to grounding, light ships never ground (DN-7.42)"),
    ("Guns P/S/T", "gunnery factors, primary/secondary/tertiary: dice rolled per step for each gun class "
                   "(DN-7.5c)"),
    ("Torp.", "torpedo factor"),
    ("VP", "victory points the enemy scores for sinking the ship"),
)


TYPE_WORDS: dict[str, str] = {
    "BB": "battleship", "BC": "battlecruiser", "B": "pre-dreadnought battleship", "CA": "armoured cruiser",
    "CL": "light cruiser", "DD": "destroyer", "TB": "torpedo boat", "SS": "submarine", "ML": "minelayer",
    "MS": "minesweeper",
}


def type_html(ship_type: str) -> str:
    """``BB <span class="type-words">battleship</span>``: the catalog's code and its words, so that a reader (and
    the site search) finds "battleship" as well as "BB"."""
    words = TYPE_WORDS.get(ship_type)
    return esc(ship_type) + (f' <span class="type-words">{esc(words)}</span>' if words else "")


def ship_name(ship: Ship) -> str:
    """Italic name for an elite crew (as on the counters), a star for a leader."""
    name = f"<em>{esc(ship.name)}</em>" if ship.italic else esc(ship.name)
    return name + (' <span class="leader" title="leader">★</span>' if ship.leader else "")


def place_name(seamap: SeaMap, place: str | None) -> str:
    """A port by its name, a zone by its name (or ``zone W25`` when it has none). Author text: escape it."""
    if not place:
        return "?"
    if place in seamap.ports:
        return seamap.ports[place].name
    zone = seamap.zones.get(place)
    if zone is not None and zone.name and zone.name != zone.id:
        return f"{zone.name} ({zone.id})"
    if "/" in place:
        return " then ".join(place_name(seamap, p) for p in place.split("/"))
    return f"zone {place}"


def fleet_name(scenario: Scenario, fleet_id: str | None) -> str:
    for side in scenario.sides:
        for fleet in side.fleets:
            if fleet.id == fleet_id:
                return display_name(fleet.name, fleet.id)
    return id_words(fleet_id) if fleet_id else "?"


def display_name(name: str, ident: str) -> str:
    """An author's name, or the id in words when the name is only the id (``mirabello-group``)."""
    return id_words(ident) if not name or name == ident else name


def mission_words(mission: str) -> str:
    return MISSIONS.get(mission, mission.replace("-", " "))


def fleet_line(scenario: Scenario, fleet: Fleet) -> str:
    """One fleet in the compact form, as escaped HTML: ``<strong>5th Battle Squadron</strong>: intercept, G11:
    Barham, Valiant, Warspite, Malaya`` (the ships separated, so the search finds each). The scenario page's
    orders of battle and the print pack's set-up both write it."""
    kind = "colliers and tankers" if fleet.is_collier_group else mission_words(fleet.mission)
    escorts = f", escorting {esc(fleet_name(scenario, fleet.escorts))}" if fleet.escorts else ""
    ships = ", ".join(ship_name(scenario.ships[n]) if n in scenario.ships else esc(n) for n in fleet.ships)
    return (f"<strong>{esc(display_name(fleet.name, fleet.id))}</strong>: {esc(kind)}{escorts}, "
            f"{esc(place_name(scenario.map, fleet.start))}: {ships}")


def victory_text(scenario: Scenario) -> list[str]:
    """Each victory condition in words (escaped HTML), in the order they are checked, then the fallback."""
    names = {side.id: side.name for side in scenario.sides}
    out = []
    for c in scenario.victory.conditions:
        template = VICTORY_TEXT.get(c.kind, "{side} wins: " + esc(c.kind) + ".")
        out.append(template.format(side=f"<strong>{esc(names.get(c.side, c.side))}</strong>", value=c.value,
                                   fleet=f"<em>{esc(fleet_name(scenario, c.fleet))}</em>",
                                   target=esc(place_name(scenario.map, c.target)),
                                   by_turn=f" by turn {c.by_turn}" if c.by_turn else " by the end",
                                   ships=esc(", ".join(c.ships))))
    otherwise = scenario.victory.otherwise
    out.append("Otherwise: " + ("a draw." if otherwise == "draw" else f"<strong>{esc(names.get(otherwise, otherwise))}"
                                                                    "</strong> wins."))
    out.append(f"The conditions are checked in this order after the last of the {scenario.turns} turns; victory "
               "points are those of the enemy ships sunk (each class's VP).")
    return out


def _ports_words(seamap: SeaMap, ports: Iterable[str]) -> str:
    names = [place_name(seamap, str(p)) for p in ports]
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1] if names else "none"


ON_OFF_SENTENCES: dict[str, tuple[str, str]] = {  # a yes/no switch: the sentence when on, when off
    "raid_needs_leader": ("A raiding fleet needs a ship with a leader (★).",
                          "A raiding fleet needs no ship with a leader."),
    "mixed_nationality": ("Ships of allied nations may sail in the same fleet.", "Every fleet is of one nation only."),
    "abort_at_start": ("Fleets may start the game on the abort mission, heading home and declining battle.",
                       "No fleet starts the game on the abort mission."),
}

VALUE_SENTENCES: dict[str, Callable[[object], str]] = {  # a switch with a value: its sentence
    "raid_fleets": lambda value: f"Each side may send {value} raiding fleet{'s' if value != 1 else ''} to sea at once.",
    "raid_max_ships": lambda value: f"A raiding fleet may hold up to {value} ships.",
    "american_colliers_after_1920": lambda value: "American colliers join the supply after 1920.",
    "pursuit_speed_bonus": lambda value: f"Pursuit speed bonus: {value_words(value)}.",
    "abort_port": lambda value: f"An aborting fleet heads for the {value_words(value)} friendly port.",
}


def _mine_sentence(name: str, value: Iterable[object]) -> str:
    """Which ships may lay (``minelayers``) or sweep (``minesweepers``) mines."""
    job = "lay mines" if name == "minelayers" else "sweep mines"
    ships = sorted(str(v) for v in value)
    return (f"These ships may {job}: {', '.join(ships)}." if ships else f"No ship may {job}.")


def _rule_sentence(name: str, value: object, seamap: SeaMap) -> str:
    """The sentence a player reads for one rule switch the scenario sets away from the default (plain text)."""
    if name in ON_OFF_SENTENCES:
        on, off = ON_OFF_SENTENCES[name]
        return on if value else off
    if name in VALUE_SENTENCES:
        return VALUE_SENTENCES[name](value)
    if name == "refuel_ports" and isinstance(value, Iterable):  # a tuple of port ids (Rules.refuel_ports)
        return f"Ships refuel only at {_ports_words(seamap, value)}."
    if name in ("minelayers", "minesweepers") and isinstance(value, Iterable):  # frozensets of ship ids
        return _mine_sentence(name, value)
    return f"{option_title(name)}: {value_words(value)}."


TABLE_WORDS = {"vp": "victory points"}


def table_sentence(path: str) -> str:
    """``bombardment.vp = 10`` -> ``in the bombardment table, victory points: 10`` (words, no YAML keys)."""
    where, _, value = path.partition(" = ")
    parts = [TABLE_WORDS.get(p, id_words(p).lower()) for p in where.split(".")]
    return f"in the {parts[0]} table, {' '.join(parts[1:]) or 'the entry'}: {value}"


def special_rule_items(rules: Rules, seamap: SeaMap, src: str, ctx: SiteContext) -> list[str]:
    """The special rules, one ``<li>`` sentence each with its clause links; defaults never appear."""
    defaults = Rules()
    items: list[str] = []
    for name, clauses in RULE_CLAUSES.items():
        value = getattr(rules, name)
        if name == "tables":
            changed = table_overrides({"tables": value}) if value else []  # {} would read as one empty entry
            if not changed:
                continue
            text = "; ".join(table_sentence(c) for c in changed)
            sentence = text[0].upper() + text[1:] + " (not as printed in the house tables)."
        elif value == getattr(defaults, name):
            continue
        else:
            sentence = _rule_sentence(name, value, seamap)
        links = ", ".join(clause_link(c.strip(), src, ctx) for c in clauses.split(",") if c.strip())
        items.append(f"<li>{esc(sentence)}" + (f" <span class=\"rule-clauses\">({links})</span>" if links else "")
                     + "</li>")
    return items


def special_rules_html(rules: Rules, seamap: SeaMap, src: str, ctx: SiteContext) -> str:
    """The special rules as a list of sentences (``special_rule_items``), or a line saying there are none."""
    items = special_rule_items(rules, seamap, src, ctx)
    if not items:
        return html_block("<p>None: the scenario is played with the rules as written.</p>", "special-rules")
    return html_block(f'<ul class="special-rules">{"".join(items)}</ul>', "special-rules")


def legend_html(src: str, ctx: SiteContext) -> str:
    """What every mark and abbreviation of the orders-of-battle tables means, clause ids linked."""
    items = "".join(f"<dt>{term}</dt><dd>{explain(text, src, ctx)}</dd>" for term, text in LEGEND)
    return html_block(f'<details class="oob-legend"><summary>Reading the tables</summary><dl>{items}</dl>'
                      "</details>", "legend")
