"""The dreadnought print pack: a whole scenario to play from on paper. The scenario sheet (short briefing,
victory conditions, special rules in sentences, set-up with each side's fleets in the compact form
"5th Battle Squadron: intercept, G11: Barham, Valiant, Warspite, Malaya"), the map, the written orders, the
ships' record cards packed three to a row, the turn track and a VP track reaching the largest victory
threshold. One sheet per printed page on Letter or A4.
"""

from __future__ import annotations

from collections.abc import Sequence

from admiralty.rulesets.dreadnought.engine.model import Fleet, Scenario, Ship, Side
from admiralty.rulesets.dreadnought.site.map import map_figure
from admiralty.rulesets.dreadnought.site.plain import (
    display_name,
    fleet_line,
    ship_name,
    special_rule_items,
    victory_text,
)
from admiralty.site import printpack
from admiralty.site.context import SiteContext, md_path, scenario_src
from admiralty.site.text import esc, heading, html_block, slug
from admiralty.site.words import nation_name

BOXES_PER_ROW = 16  # hull or fuel boxes on one line of a dense card (8 px boxes in a third of the page)


def _boxes(count: int, css: str) -> str:
    return "".join(f'<span class="{css}"></span>' for _ in range(max(0, count)))


def record_card(ship: Ship) -> str:
    """One ship's record: its data, hull boxes (squares) and fuel boxes (circles, grey for oil) to cross out."""
    cls = ship.cls
    extras = (" · armoured" if cls.armoured else "") + (" · shallow draft" if cls.shallow_draft else "")
    return (f'<div class="record"><div class="record-head">{ship_name(ship)} <span class="record-class">'
            f"{esc(cls.name)} · {esc(cls.type)} · speed {esc(cls.speed)}</span></div>"
            f'<div class="record-data">Guns {cls.primary}/{cls.secondary}/{cls.tertiary} · torpedo {cls.torpedo} · '
            f"VP {cls.victory_points}{extras}"
            f'</div><div class="record-row"><span class="record-label">Hull</span>{_boxes(cls.hull, "hull-box")}</div>'
            f'<div class="record-row"><span class="record-label">Fuel ({esc(cls.fuel_kind)})</span>'
            f'{_boxes(cls.fuel_boxes, "fuel-box fuel-" + slug(cls.fuel_kind))}</div></div>')


def card_height(ship: Ship) -> int:
    """A dense card's height in px: name and data lines (two for a long name), then the box rows."""
    head = 2 if len(ship.name) + len(ship.cls.name) > 30 else 1
    rows = printpack.box_rows(ship.cls.hull, BOXES_PER_ROW) + printpack.box_rows(ship.cls.fuel_boxes, BOXES_PER_ROW)
    return 12 * (head + 1 + max(2, rows)) + 10


def special_rules(scenario: Scenario, src: str, ctx: SiteContext) -> str:
    """The scenario page's special-rule sentences (``plain.special_rule_items``), then its minefields, which a
    player lays out on the printed map; "None" when the standard rules apply."""
    items = special_rule_items(scenario.rules, scenario.map, src, ctx)
    names = {side.id: side.name for side in scenario.sides}
    items += [f"<li>Minefield between {esc(' and '.join(m.between))}, laid by "
              f"{esc(names.get(m.owner, nation_name(m.owner)))}, strength {m.strength}.</li>"
              for m in scenario.minefields]
    return "<ul>" + ("".join(items) or "<li>None: the standard rules apply.</li>") + "</ul>"


def setup(scenario: Scenario) -> list[tuple[str, str]]:
    """The set-up: turns, night and weather, then each side's fleets in the compact form."""
    night = ", ".join(str(t) for t in sorted(scenario.night)) or "none"
    weather = ("rolled each turn (house weather table)" if not scenario.weather else
               f"{scenario.weather[0]} on every turn" if len(set(scenario.weather)) == 1 else
               ", ".join(f"turn {n}: {w}" for n, w in enumerate(scenario.weather, 1)))
    out = [("Set-up", f"<p>{scenario.turns} turns; night turns: {esc(night)}; weather: {esc(weather)}. Each fleet "
                      "starts where its line says; its written orders are on their own sheet.</p>")]
    for side in scenario.sides:
        nations = ", ".join(nation_name(n) for n in side.nations)
        lines = "".join(f"<li>{fleet_line(scenario, f)}</li>" for f in side.fleets) or "<li>No fleets.</li>"
        out.append((f"Order of battle: {side.name} ({nations})", f"<ul>{lines}</ul>"))
    return out


def _order_words(scenario: Scenario, text: str) -> str:
    """A written order with port ids as port names (zone codes stay: they are printed on the map)."""
    ports = scenario.map.ports
    return " ".join("/".join(ports[p].name if p in ports else p for p in word.split("/")) for word in text.split(" "))


def _orders(scenario: Scenario, fleets: Sequence[Fleet]) -> str:
    """The written orders, a row per turn and a column per fleet."""
    length = max([scenario.turns, *(len(f.orders) for f in fleets)])
    head = "".join(f"<th>{esc(display_name(f.name, f.id))}</th>" for f in fleets)
    rows = "".join(f"<tr><td>{turn}</td><td>{'night' if scenario.is_night(turn) else 'day'}</td>"
                   + "".join(f"<td>{esc(_order_words(scenario, f.order_for(turn).text or f.order_for(turn).kind))}</td>"
                             for f in fleets)
                   + "</tr>" for turn in range(1, length + 1))
    return (f'<div class="orders"><table><thead><tr><th>Turn</th><th>Light</th>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></div>")


def vp_top(scenario: Scenario) -> int:
    """What the VP tracks must reach: the largest victory threshold, or the most a side can score."""
    most = max((sum(s.cls.victory_points for s in scenario.ships.values() if s.nation not in side.nations)
                for side in scenario.sides), default=10)
    thresholds = [c.value for c in scenario.victory.conditions if c.kind == "vp-lead"]
    return max([most, *thresholds])


ORDER_COLUMNS = 6  # fleets per written-orders sheet (a wider table would not fit the page)


def _order_sheets(scenario: Scenario, side: Side) -> list[str]:
    """One side's written orders, ORDER_COLUMNS fleets to a sheet, numbered when there is more than one."""
    sheets: list[str] = []
    for start in range(0, len(side.fleets), ORDER_COLUMNS):
        fleets = side.fleets[start:start + ORDER_COLUMNS]
        part = f" ({start // ORDER_COLUMNS + 1})" if len(side.fleets) > ORDER_COLUMNS else ""
        sheets.append(printpack.sheet("orders", f"Written orders: {side.name}{part}", scenario.title,
                                      _orders(scenario, fleets), side=side.id))
    return sheets


def _record_sheets(scenario: Scenario, side: Side) -> list[str]:
    """One side's ships' record cards, packed into as few sheets as they fit, numbered "n of m"."""
    ships = [scenario.ships[n] for f in side.fleets for n in f.ships if n in scenario.ships]
    runs = printpack.pack_cards([(record_card(s), card_height(s)) for s in ships])
    sheets: list[str] = []
    for number, run in enumerate(runs, 1):
        part = f" ({number} of {len(runs)})" if len(runs) > 1 else ""
        sheets.append(printpack.sheet("records", f"Record sheet: {side.name}{part}", scenario.title,
                                      f'<div class="records dense">{"".join(run)}</div>', side=side.id))
    return sheets


def sheets_page(scenario: Scenario, src: str, ctx: SiteContext) -> str:
    """The print pack: the scenario sheet(s), the map, per side its written orders and its ships' record cards
    (packed three to a row), the turn and VP tracks. One sheet per printed page on Letter or A4."""
    back = md_path(src, scenario_src(scenario.id))
    out = [f"# Sheets: {heading(scenario.title)}\n",
           f"The print pack: the whole scenario, every sheet one printed page. Back to the [scenario]({back}).\n",
           html_block(printpack.controls() + printpack.PRINT_SCRIPT, "print-pack-controls")]
    victory = "<ol>" + "".join(f"<li>{line}</li>" for line in victory_text(scenario)) + "</ol>"
    sections = [("Briefing", f'<div class="briefing">{printpack.short_briefing(scenario.briefing)}</div>')
                if scenario.briefing else ("", ""),
                ("Victory conditions", victory), ("Special rules", special_rules(scenario, src, ctx)), *setup(scenario)]
    sheets = printpack.pack_sections("scenario", f"Scenario: {scenario.title}", scenario.date or "",
                                     [s for s in sections if s[1]])
    key = f"sheet-map-{slug(scenario.id)}"
    sheets.append(printpack.map_sheet(scenario.title, ctx.figure_inline(key, map_figure(scenario.map, scenario,
                                                                                            svg_id=key))))
    for side in scenario.sides:
        sheets += _order_sheets(scenario, side) + _record_sheets(scenario, side)
    sheets.append(printpack.tracks_sheet(scenario.title, scenario.turns, sorted(scenario.night),
                                         [side.name for side in scenario.sides], vp_top(scenario)))
    out.append(html_block("".join(sheets), "sheets"))
    return "\n".join(out)
