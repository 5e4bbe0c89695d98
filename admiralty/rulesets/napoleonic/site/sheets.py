"""The napoleonic print pack: the table, the rosters (a box per figure, grouped by base; NA-marking) and the
batteries' pieces, the turn and score tracks; one sheet per printed page."""

from __future__ import annotations

from admiralty.rulesets.napoleonic.engine.howitzers import battery_kind
from admiralty.rulesets.napoleonic.engine.model import Battery, NapoleonicScenario, Unit
from admiralty.rulesets.napoleonic.site.drawing import table_svg
from admiralty.rulesets.napoleonic.site.plain import name_html as _name
from admiralty.site import printpack
from admiralty.site.context import SiteContext, md_path, scenario_src
from admiralty.site.text import attr, esc, heading, html_block, md_literal, slug
from admiralty.site.words import id_words


def figure_groups(unit: Unit) -> list[int]:
    """NA-marking: the figures of each base (the last base holds what is left over)."""
    left, groups = unit.figures, []
    for _ in range(unit.bases):
        groups.append(max(0, min(unit.figures_per_base, left)))
        left -= groups[-1]
    return groups


def _boxes(count: int, css: str = "tally-box") -> str:
    return "".join(f'<span class="{css}"></span>' for _ in range(max(0, count)))


def roster_card(unit: Unit) -> str:
    """NA-marking: a unit's roster line: a box per figure, grouped by base, to mark casualties on."""
    bases = "".join(f'<span class="base-group" title="base {i}">{_boxes(n)}</span>'
                    for i, n in enumerate(figure_groups(unit), 1))
    return (f'<div class="record roster" data-unit="{attr(unit.id)}"><div class="record-head">{_name(unit)} '
            f'<span class="record-class">{esc(unit.type)} · {esc(unit.class_)} · {esc(unit.formation)}</span></div>'
            f'<div class="record-row"><span class="record-label">{unit.figures} figures</span>{bases}</div></div>')


def battery_card(battery: Battery) -> str:
    """A battery's roster: a box per piece, by kind, to cross out as pieces are lost."""
    rows = "".join(f'<div class="record-row"><span class="record-label">{label}</span>{_boxes(n, "piece-box")}</div>'
                   for n, label in ((battery.guns, "Guns"), (battery.howitzers, "Howitzers"),
                                    (battery.rockets, "Rockets")) if n)
    return (f'<div class="record roster" data-battery="{attr(battery.id)}"><div class="record-head">{_name(battery)} '
            f'<span class="record-class">{esc(battery_kind(battery))} battery · ranges {battery.ranges.canister:g}/'
            f"{battery.ranges.effective:g}/{battery.ranges.long:g} cm</span></div>{rows}</div>")


ROSTERS_PER_SHEET = 12


def sheets_page(scenario: NapoleonicScenario, src: str, ctx: SiteContext) -> str:
    """The print pack: the table; per side its units' rosters (a box per figure, grouped by base; twelve to a
    sheet) and its batteries' pieces; the turn and score tracks. One sheet per printed page."""
    back = md_path(src, scenario_src(scenario.id))
    marking = str(scenario.rules.get("marking", "roster"))
    how = ("casualties are marked here and figures stay on the table (the enemy does not see them)"
           if marking == "roster" else "casualty markers stand beside the unit; a whole base of casualties is "
           "removed from the table")
    out = [f"# Rosters: {heading(scenario.title)}\n",
           f"The print pack: every sheet is one printed page. Marking casualties (NA-marking): {md_literal(how)}. "
           f"Back to the [scenario]({back}).\n",
           html_block(printpack.controls() + printpack.PRINT_SCRIPT, "print-pack-controls")]
    key = f"sheet-table-{slug(scenario.id)}"
    sheets = [printpack.map_sheet(scenario.title, ctx.figure_inline(key, table_svg(scenario.table, scenario,
                                                                                      svg_id=key, rings=False)))]
    for side in scenario.sides:
        name = side.name or id_words(side.id)
        units = [u for u in scenario.units if u.side == side.id]
        runs = printpack.chunks(units, ROSTERS_PER_SHEET)
        for number, run in enumerate(runs, 1):
            part = f" ({number} of {len(runs)})" if len(runs) > 1 else ""
            body = f'<div class="records">{"".join(roster_card(u) for u in run)}</div>'
            batteries = "".join(battery_card(b) for b in scenario.batteries if b.side == side.id)
            if number == len(runs) and batteries:
                body += f'<h3>Batteries</h3><div class="records">{batteries}</div>'
            sheets.append(printpack.sheet("roster", f"Roster: {name}{part}", scenario.title, body, side=side.id))
    most = sum(u.figures for u in scenario.units) + 4 * len(scenario.batteries)
    sheets.append(printpack.tracks_sheet(scenario.title, scenario.turns, (),
                                         [side.name or id_words(side.id) for side in scenario.sides], most))
    out.append(html_block("".join(sheets), "sheets"))
    return "\n".join(out)


