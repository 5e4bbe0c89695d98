"""The napoleonic print pack: a whole scenario to play from on paper. The scenario sheet (short briefing,
victory conditions, the rule options this scenario sets, the set-up with every unit's and battery's position,
facing and formation, and the fire plan), the table with the planned fire, the rosters (a box per figure,
grouped by base; NA-marking) packed three to a row with the batteries' pieces, the turn and score tracks; one
sheet per printed page."""

from __future__ import annotations

from admiralty.rulesets.napoleonic.engine.howitzers import battery_kind
from admiralty.rulesets.napoleonic.engine.model import Battery, NapoleonicScenario, Unit
from admiralty.rulesets.napoleonic.site.drawing import compass, table_svg
from admiralty.rulesets.napoleonic.site.plain import name_html as _name
from admiralty.rulesets.napoleonic.site.plain import special_rules, victory_conditions
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


BOXES_PER_ROW = 14  # figure boxes on one line of a dense roster card (base groups take room too)


def roster_height(unit: Unit) -> int:
    """A dense roster card's height in px: the name and class lines, then the rows of figure boxes."""
    return 12 * (2 + max(1, printpack.box_rows(unit.figures + 2 * unit.bases, BOXES_PER_ROW))) + 10


def battery_height(battery: Battery) -> int:
    return 12 * (2 + sum(1 for n in (battery.guns, battery.howitzers, battery.rockets) if n)) + 10


def _bare(block: str) -> str:
    """A page part made for the scenario page (a div between blank lines) as plain HTML for a sheet."""
    return block.strip().replace("\n", " ")


def _rows(headers: tuple[str, ...], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<div class="oob"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def setup(scenario: NapoleonicScenario) -> list[tuple[str, str]]:
    """The set-up per side: each unit's and battery's place (cm from the south-west corner), facing and
    formation, to lay out the table from."""
    out = []
    for side in scenario.sides:
        rows = [[_name(u), esc(f"{u.at[0]:g}, {u.at[1]:g}"), esc(compass(u.facing)), esc(u.formation),
                 f"{u.figures} on {u.bases}"] for u in scenario.units if u.side == side.id]
        rows += [[_name(b), esc(f"{b.at[0]:g}, {b.at[1]:g}"), esc(compass(b.facing)), "battery",
                  f"{b.guns + b.howitzers + b.rockets} pieces"] for b in scenario.batteries if b.side == side.id]
        if rows:
            out.append((f"Set-up: {side.name or id_words(side.id)}",
                        _rows(("Unit", "At (cm)", "Facing", "Formation", "Figures on bases"), rows)))
    return out


def scenario_sections(scenario: NapoleonicScenario, src: str, ctx: SiteContext) -> list[tuple[str, str]]:
    """The scenario sheet's sections: briefing, victory conditions, the special rules (the scenario page's
    sentences for the options it sets), set-up, fire plan."""
    from admiralty.rulesets.napoleonic.site.pages import fire_plan_rows  # pages imports this module

    fire = (_rows(("Turn", "Battery", "Target", "Pieces", "Range", "Band"), fire_plan_rows(scenario))
            if scenario.fire_plan else "<p>No planned fire: the players choose every target.</p>")
    sections = [("Briefing", f'<div class="briefing">{printpack.short_briefing(scenario.briefing)}</div>')
                if scenario.briefing else ("", ""),
                ("Victory conditions", _bare(victory_conditions(scenario, src, ctx))),
                ("Special rules", _bare(special_rules(scenario, src, ctx))),
                *setup(scenario), ("Fire plan", fire)]
    return [s for s in sections if s[1]]


def sheets_page(scenario: NapoleonicScenario, src: str, ctx: SiteContext) -> str:
    """The print pack: the scenario sheet(s), the table with the planned fire; per side its units' rosters (a box
    per figure, grouped by base) and its batteries' pieces, packed three to a row; the turn and score tracks. One
    sheet per printed page."""
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
    sheets = printpack.pack_sections("scenario", f"Scenario: {scenario.title}", scenario.date or "",
                                     scenario_sections(scenario, src, ctx))
    sheets += [printpack.map_sheet(scenario.title, ctx.figure_inline(key, table_svg(scenario.table, scenario,
                                                                                      svg_id=key, rings=False)))]
    for side in scenario.sides:
        name = side.name or id_words(side.id)
        units = [u for u in scenario.units if u.side == side.id]
        cards = [(roster_card(u), roster_height(u)) for u in units]
        cards += [(battery_card(b), battery_height(b)) for b in scenario.batteries if b.side == side.id]
        runs = printpack.pack_cards(cards)
        for number, run in enumerate(runs, 1):
            part = f" ({number} of {len(runs)})" if len(runs) > 1 else ""
            body = f'<div class="records dense">{"".join(run)}</div>'
            sheets.append(printpack.sheet("roster", f"Roster: {name}{part}", scenario.title, body, side=side.id))
    most = sum(u.figures for u in scenario.units) + 4 * len(scenario.batteries)
    sheets.append(printpack.tracks_sheet(scenario.title, scenario.turns, (),
                                         [side.name or id_words(side.id) for side in scenario.sides], most))
    out.append(html_block("".join(sheets), "sheets"))
    return "\n".join(out)


