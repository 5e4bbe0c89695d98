"""The renaissance print pack: a whole scenario to play from on paper. The scenario sheet (short briefing,
victory conditions, special rules, set-up per power in one line a place, the scripted actions in order),
the map, per power its units per place (boxes to cross out, packed three cards to a row), leaders, land
formations and cards, and the action and points tracks. One sheet per printed page on Letter or A4.
"""

from __future__ import annotations

from admiralty.rulesets.renaissance.engine.model import UNIT_KINDS, RenaissanceScenario, Units
from admiralty.rulesets.renaissance.engine.tables import load_tables
from admiralty.rulesets.renaissance.site.map import UNIT_NAMES, map_svg, place_name, power_name
from admiralty.rulesets.renaissance.site.plain import special_rules, victory_conditions
from admiralty.site import printpack
from admiralty.site.context import SiteContext, md_path, scenario_src
from admiralty.site.text import attr, esc, heading, html_block, slug

BOXES_PER_ROW = 16


def _boxes(count: int, css: str = "tally-box") -> str:
    return "".join(f'<span class="{css}"></span>' for _ in range(max(0, count)))


def _bare(block: str) -> str:
    """A page part made for the scenario page (``html_block``: a div between blank lines) as plain HTML for a
    sheet, where a blank line would end the Markdown HTML block early."""
    return block.strip().replace("\n", " ")


def place_card(scenario: RenaissanceScenario, where: str, units: Units) -> tuple[str, int]:
    """A power's units at one place: a row of boxes per kind (an Armada's steps numbered); its height in px."""
    rows, lines = [], 1
    for kind in UNIT_KINDS:
        count = units.count(kind)
        if not count:
            continue
        if kind == "armada":  # one box per step of strength, to cross off as it is lost
            steps = "".join(f'<span class="tally-box step">{s}</span>' for s in range(count, 0, -2))
            rows.append(f'<div class="record-row"><span class="record-label">Armada</span>{steps}</div>')
            lines += 1
        else:
            rows.append(f'<div class="record-row"><span class="record-label">{esc(UNIT_NAMES[kind][0])}</span>'
                        f"{_boxes(count)}</div>")
            lines += printpack.box_rows(count, BOXES_PER_ROW)
    html = (f'<div class="record"><div class="record-head">{esc(place_name(scenario.map, where))}</div>'
            f"{''.join(rows)}</div>")
    return html, 13 * lines + 10


def _units_words(units: Units) -> str:
    """``5 galleys, 1 galleon, Armada strength 8``."""
    words = []
    for kind in UNIT_KINDS:
        count, name = units.count(kind), UNIT_NAMES[kind][0]
        if kind == "armada" and count:
            words.append(f"{name} {count}")
        elif count:
            words.append(f"{count} {name[:-1] if count == 1 and name.endswith('s') else name}")
    return ", ".join(words)


def setup_lines(scenario: RenaissanceScenario, power: str) -> str:
    """A power's set-up in short lines: units per place, leaders, land formations, cards in hand."""
    from admiralty.rulesets.renaissance.site.pages import _card_name  # pages imports this module

    items = [f"{esc(place_name(scenario.map, where))}: {esc(_units_words(by_power[power]))}"
             for where, by_power in scenario.units.items() if power in by_power and not by_power[power].is_empty]
    items += [f"Leader {esc(lead.name or lead.id)} (battle rating {lead.battle_rating}) at "
              f"{esc(place_name(scenario.map, lead.at))}" for lead in scenario.leaders.values() if lead.power == power]
    items += [f"Land formation {esc(f.name or f.id)} (strength {f.strength}) at {esc(place_name(scenario.map, f.at))}"
              for f in scenario.formations.values() if f.power == power]
    hand = scenario.hands.get(power, ())
    if hand:
        items.append("Cards: " + esc(", ".join(_card_name(c) for c in hand)))
    return "<ul>" + "".join(f"<li>{i}</li>" for i in items or ["No naval units."]) + "</ul>"


def vp_top(scenario: RenaissanceScenario) -> int:
    """The most points a power can score: every enemy unit destroyed and every battle won (house rule, RN-7)."""
    tables = load_tables()
    units = Units()
    for by_power in scenario.units.values():
        for found in by_power.values():
            units = units.merge(found)
    destroyed = sum(units.count(k) * tables.points_destroyed.get(k, 0.0) for k in UNIT_KINDS)
    return int(destroyed + tables.points_battle_won * len(scenario.actions)) + 1


def scenario_sections(scenario: RenaissanceScenario, src: str, ctx: SiteContext) -> list[tuple[str, str]]:
    """The scenario sheet's sections: briefing, victory conditions, special rules, set-up, scripted actions."""
    from admiralty.rulesets.renaissance.site.pages import _card_name, action_text  # pages imports this module

    cards = {c: _card_name(c) for hand in scenario.hands.values() for c in hand}
    sections = [("Briefing", f'<div class="briefing">{printpack.short_briefing(scenario.briefing)}</div>')
                if scenario.briefing else ("", ""),
                ("Victory conditions", _bare(victory_conditions(scenario, src, ctx))),
                ("Special rules", _bare(special_rules(scenario, src, ctx, cards)))]
    sections += [(f"Set-up: {power_name(p)}", setup_lines(scenario, p)) for p in scenario.powers]
    actions = ("<ol>" + "".join(f"<li>{action_text(scenario, a)}</li>" for a in scenario.actions) + "</ol>"
               if scenario.actions else "<p>None: the players choose every action.</p>")
    sections.append(("Scripted actions", actions))
    return [s for s in sections if s[1]]


def _power_extras(scenario: RenaissanceScenario, power: str) -> str:
    """What a power's last order-of-battle sheet carries below its unit cards: its leaders, land formations and
    cards in hand, each list only where the power has any."""
    from admiralty.rulesets.renaissance.site.pages import _card_name  # pages imports this module

    leaders = "".join(f"<li>{esc(lead.name or lead.id)}: battle rating {lead.battle_rating}, at "
                      f"{esc(place_name(scenario.map, lead.at))}</li>"
                      for lead in scenario.leaders.values() if lead.power == power)
    formations = "".join(f"<li>{esc(f.name or f.id)} at {esc(place_name(scenario.map, f.at))}: "
                         f"{_boxes(f.strength)}</li>" for f in scenario.formations.values() if f.power == power)
    hand = "".join(f"<li>{_boxes(1)} {esc(_card_name(c))}</li>" for c in scenario.hands.get(power, ()))
    return ((f"<h3>Leaders</h3><ul>{leaders}</ul>" if leaders else "")
            + (f"<h3>Land formations</h3><ul>{formations}</ul>" if formations else "")
            + (f"<h3>Cards in hand</h3><ul>{hand}</ul>" if hand else ""))


def _power_sheets(scenario: RenaissanceScenario, power: str) -> list[str]:
    """A power's order of battle: its units per place as cards, packed into sheets numbered "n of m", the last
    sheet leaving room for the extras."""
    cards = [place_card(scenario, where, by_power[power]) for where, by_power in scenario.units.items()
             if power in by_power and not by_power[power].is_empty]
    extra = _power_extras(scenario, power)
    dry = " · &quot;Dry Dock&quot;" if power in scenario.dry_dock else ""
    runs = printpack.pack_cards(cards, budget=printpack.PAGE_HEIGHT - printpack.text_height(extra))
    sheets = []
    for number, run in enumerate(runs, 1):
        part = f" ({number} of {len(runs)})" if len(runs) > 1 else ""
        body = f'<div class="records dense">{"".join(run) or "<p>No naval units.</p>"}</div>'
        sheets.append(f'<section class="sheet sheet-oob" data-power="{attr(power)}"><h2>Order of battle: '
                      f"{esc(power_name(power))}{part}</h2><p>{esc(scenario.title)}{dry}</p>{body}"
                      + (extra if number == len(runs) else "") + "</section>")
    return sheets


def sheets_page(scenario: RenaissanceScenario, src: str, ctx: SiteContext) -> str:
    """The print pack: the scenario sheet(s), the map, per power its units per place, leaders, formations and
    cards, and the tracks. One sheet per printed page on Letter or A4."""
    back = md_path(src, scenario_src(scenario.id))
    out = [f"# Sheets: {heading(scenario.title)}\n",
           f"The print pack: the whole scenario, every sheet one printed page. Back to the [scenario]({back}).\n",
           html_block(printpack.controls() + printpack.PRINT_SCRIPT, "print-pack-controls")]
    sheets = printpack.pack_sections("scenario", f"Scenario: {scenario.title}", scenario.date or "",
                                     scenario_sections(scenario, src, ctx))
    key = f"sheet-map-{slug(scenario.id)}"
    sheets.append(printpack.map_sheet(scenario.title, ctx.figure_inline(key, map_svg(scenario.map, scenario,
                                                                                        svg_id=key))))
    for power in scenario.powers:
        sheets += _power_sheets(scenario, power)
    sheets.append(printpack.tracks_sheet(scenario.title, max(1, len(scenario.actions)), (),
                                         [power_name(p) for p in scenario.powers], vp_top(scenario)))
    out.append(html_block("".join(sheets), "sheets"))
    return "\n".join(out)
