"""Pages for the renaissance ruleset: the scenario's own part, the map reference page, printable sheets.
The map drawing itself is in ``renaissance_map``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from admiralty.engine.protocols import Sourced
from admiralty.rulesets.renaissance.engine.model import (
    UNIT_KINDS,
    Battle,
    RenaissanceMap,
    RenaissanceScenario,
    Transport,
    Units,
    sea_graph,
)
from admiralty.rulesets.renaissance.engine.tables import load_tables
from admiralty.rulesets.renaissance.site.geomap import is_geographic
from admiralty.rulesets.renaissance.site.map import (
    map_svg,
    place_name,
    power_colour,
    power_name,
)
from admiralty.rulesets.renaissance.site.plain import special_rules, unit_legend, victory_conditions
from admiralty.rulesets.renaissance.site.replay import REPLAY
from admiralty.rulesets.renaissance.site.sheets import sheets_page
from admiralty.site.context import Renderer, SiteContext, map_src, md_path, scenario_src
from admiralty.site.glance import Size
from admiralty.site.richtext import document_head
from admiralty.site.text import attr, esc, heading, html_block, md_literal, slug


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]], css: str) -> str:
    """An HTML table; cells are already-escaped HTML."""
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return html_block(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>", css)


def _power(power: str) -> str:
    return f'<span class="power-swatch" style="background:{attr(power_colour(power))}"></span>{esc(power_name(power))}'


def _card_name(card: str) -> str:
    tables = load_tables()
    found = tables.combat_cards.get(card) or tables.reactions.get(card)
    return found.name if found else card


def _cards(cards: tuple[str, ...] | None) -> str:
    if cards is None:
        return "left to the player"
    return ", ".join(_card_name(c) for c in cards) or "none"


def action_text(scenario: RenaissanceScenario, action: Battle | Transport) -> str:
    """One scripted action in words (escaped HTML): a battle (RN-3-4 cards) or a transport (RN-16.3)."""
    turn = f"Turn {action.turn}: " if action.turn is not None else ""
    if isinstance(action, Transport):
        formation = scenario.formations.get(action.formation)
        name = formation.name or formation.id if formation else action.formation
        return (f"{esc(turn)}<strong>transport</strong>: {esc(power_name(action.power))} carries "
                f"<em>{esc(name)}</em> from {esc(place_name(scenario.map, action.from_port))} to "
                f"{esc(place_name(scenario.map, action.to_port))}.")
    text = (f"{esc(turn)}<strong>combat</strong> at {esc(place_name(scenario.map, action.at))}: "
            f"{esc(power_name(action.attacker))} attacks {esc(power_name(action.defender))}.")
    script = action.cards
    if script is not None:
        text += (f" Cards: attacker {esc(_cards(script.attacker))}; defender {esc(_cards(script.defender))}")
        if script.galleasses is not None:
            text += (f"; {esc(power_name(script.galleasses.by))} plays the Galleasses for the "
                     f"{esc(script.galleasses.side)}")
        elif script.galleasses_scripted:
            text += "; no Galleasses"
        text += "."
    return text


def _alliance_text(scenario: RenaissanceScenario) -> str:
    if not scenario.alliances:
        return "No alliances: every power is the enemy of every other."
    groups = "; ".join(", ".join(power_name(p) for p in group) for group in scenario.alliances)
    return f"Allied: {esc(groups)}. Powers not allied with each other are enemies."


def oob_rows(scenario: RenaissanceScenario, power: str) -> list[list[str]]:
    """A power's naval units per place, then a total row (cells are escaped HTML)."""
    rows: list[list[str]] = []
    total = Units()
    for where, by_power in scenario.units.items():
        units = by_power.get(power)
        if units is None or units.is_empty:
            continue
        total = total.merge(units)
        rows.append([esc(place_name(scenario.map, where)), *(str(units.count(k) or "") for k in UNIT_KINDS)])
    if len(rows) > 1:
        rows.append(["<strong>Total</strong>", *(f"<strong>{total.count(k) or ''}</strong>" for k in UNIT_KINDS)])
    return rows


def _power_section(scenario: RenaissanceScenario, power: str) -> list[str]:
    out = [f"### {heading(power_name(power))}\n"]
    rows = oob_rows(scenario, power)
    out.append(_table(["Where", "Galleys", "Galleons", "Flush-deck galleons", "Corsairs", "Armada"], rows, "oob")
               if rows else "No naval units.\n")
    leaders = [lead for lead in scenario.leaders.values() if lead.power == power]
    if leaders:
        out.append(_table(["Leader", "Battle rating", "At"],
                          [[esc(lead.name or lead.id), str(lead.battle_rating), esc(place_name(scenario.map, lead.at))]
                           for lead in leaders], "oob leaders"))
    formations = [f for f in scenario.formations.values() if f.power == power]
    if formations:
        out.append(_table(["Land formation", "Strength", "At"],
                          [[esc(f.name or f.id), str(f.strength), esc(place_name(scenario.map, f.at))]
                           for f in formations], "oob formations"))
    hand = scenario.hands.get(power, ())
    out.append(f"Cards in hand: {md_literal(', '.join(_card_name(c) for c in hand) or 'none')}.\n")
    return out


def _map_words(scenario: RenaissanceScenario) -> str:
    """What the scenario's map shows, in a sentence or two, for the kind of drawing it gets."""
    if is_geographic(scenario.map):
        how = ("Drawn to geography and cropped to the seas this scenario uses; the seas next to them are named "
               "at the edge, with an arrow when they lie beyond it. A sea zone is tinted over the water nearer "
               "its name than any other's (its borders are approximate: only the listed adjacencies count)")
    elif all(s.polygon for s in scenario.map.seas.values()):
        how = "Sea zones are drawn to their outlines"
    else:
        how = "Schematic: sea zones are ovals joined where they touch"
    return (how + "; ports are squares in the colour of the power that holds them; each place's naval units are "
            "labelled per power, and the battle numbers are those of the scripted actions below.\n")


def scenario_body(scenario: RenaissanceScenario, src: str, ctx: SiteContext) -> str:
    """The renaissance part of a scenario page: powers, map, orders of battle, scripted actions, Dry Dock."""
    dry = ", ".join(power_name(p) for p in sorted(scenario.dry_dock)) or "none"
    facts = [["Map", f'<a href="{attr(ctx.href(src, map_src(scenario.map.id)))}">{esc(scenario.map.title)}</a>'],
             ["Powers", " · ".join(_power(p) for p in scenario.powers)],
             ["Alliances", _alliance_text(scenario)],
             ['"Dry Dock"', esc(dry)],
             ["Scripted actions", str(len(scenario.actions))]]
    drawn = map_svg(scenario.map, scenario, svg_id=f"map-{slug(scenario.id)}")
    out = ["## Victory conditions\n", victory_conditions(scenario, src, ctx),
           "## Set-up\n", _table(["", ""], facts, "facts"), "## Map\n", _map_words(scenario),
           ctx.figure(f"rn-map-{slug(scenario.id)}", drawn, "map-figure"), unit_legend(), "## Orders of battle\n"]
    for power in scenario.powers:
        out += _power_section(scenario, power)
    out.append("## Scripted actions\n")
    if scenario.actions:
        out.append(html_block("<ol>" + "".join(f"<li>{action_text(scenario, a)}</li>" for a in scenario.actions)
                              + "</ol>", "actions"))
    else:
        out.append("None: the players choose every action.\n")
    out.append("## Special rules\n")
    cards = {c: _card_name(c) for hand in scenario.hands.values() for c in hand}
    out.append(special_rules(scenario, src, ctx, cards))
    return "\n".join(out)


# --- reference pages -------------------------------------------------------------------------------


def map_page(sea_map: RenaissanceMap, src: str, scenarios: Sequence[RenaissanceScenario], ctx: SiteContext) -> str:
    """A map's reference page: the drawing, then the sea zones (id, name, kind, neighbours) and the ports."""
    out = document_head(sea_map.title, f"Map id: `{esc(sea_map.id)}` (renaissance).", sea_map.description,
                        sea_map.sources)
    key = f"rn-map-ref-{slug(sea_map.id)}"
    out.append(ctx.figure(key, map_svg(sea_map, svg_id=key), "map-figure"))
    graph = sea_graph(sea_map)
    out.append("## Sea zones\n")
    out.append(_table(["Sea", "Name", "Kind", "Neighbours", "Ports"],
                      [[f"<code>{esc(s.id)}</code>", esc(s.name), esc(s.kind),
                        esc(" ".join(str(n) for n in graph.neighbors(s.id))) or "—",
                        esc(" ".join(p.id for p in sea_map.ports.values() if s.id in p.seas)) or "—"]
                       for s in sea_map.seas.values()], "zones"))
    if sea_map.ports:
        out.append("## Ports\n")
        out.append(_table(["Port", "Name", "Opens on", "Held by"],
                          [[f"<code>{esc(p.id)}</code>", esc(p.name), esc(" ".join(p.seas)), _power(p.power)]
                           for p in sea_map.ports.values()], "ports"))
    using = [s for s in scenarios if s.map.id == sea_map.id]
    if using:
        out.append("## Scenarios on this map\n")
        out.extend(f"- [{md_literal(s.title)}]({md_path(src, scenario_src(s.id))})" for s in using)
    return "\n".join(out) + "\n"


def _maps(scenarios: Sequence[RenaissanceScenario], models: Sequence[Sourced]) -> dict[str, RenaissanceMap]:
    """Every renaissance map: standalone models first (their port control is the map's own), then scenarios'."""
    maps = {m.id: m for m in models if isinstance(m, RenaissanceMap)}
    for scenario in scenarios:
        maps.setdefault(scenario.map.id, scenario.map)
    return maps


def reference_pages(scenarios: Sequence[RenaissanceScenario], models: Sequence[Sourced],
                    ctx: SiteContext) -> dict[str, str]:
    return {map_src(m.id): map_page(m, map_src(m.id), scenarios, ctx) for m in _maps(scenarios, models).values()}


def map_index_rows(scenarios: Sequence[RenaissanceScenario], models: Sequence[Sourced]) -> list[tuple[str, str, int]]:
    """(map id, title, sea-zone count) of every renaissance map, for the maps index."""
    return [(m.id, m.title, len(m.seas)) for m in sorted(_maps(scenarios, models).values(), key=lambda m: m.id)]


def glance(scenario: RenaissanceScenario) -> Size:
    """Naval units (Armada steps count one each), leaders and land formations; a turn with its battles takes
    about a quarter of an hour."""
    units = Units()
    for by_power in scenario.units.values():
        for found in by_power.values():
            units = units.merge(found)
    naval = sum(units.count(k) for k in UNIT_KINDS)
    words = f"{naval} naval units, {len(scenario.leaders)} leaders, {len(scenario.formations)} land formations"
    return Size(words, naval + len(scenario.leaders) + len(scenario.formations), 15)


RENDERER = Renderer(scenario_body, sheets_page, reference_pages, map_index_rows,
                    side_colours=lambda s: {p: power_colour(p) for p in s.powers}, glance=glance,
                    stylesheet=Path(__file__).with_name("site.css"), replay=REPLAY)
