"""Pages for the napoleonic ruleset: the table to scale, units, batteries, the fire plan, roster sheets.

The table is drawn in centimetres at ``SCALE`` pixels each, with y flipped so that the far (north) edge is
up. Every unit is its footprint (``geometry.unit_footprint``: the bases it stands on) in its side's colour,
with its front edge marked; every battery is a marker with its three range circles (NA-pen-a: nothing
beyond the long range), and the fire plan is drawn as arrows from battery to target.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from shapely.geometry import Polygon

from admiralty.engine.protocols import Sourced
from admiralty.rulesets.napoleonic.engine.fire import range_band
from admiralty.rulesets.napoleonic.engine.geometry import range_cm
from admiralty.rulesets.napoleonic.engine.howitzers import battery_kind
from admiralty.rulesets.napoleonic.engine.model import NapoleonicScenario, Table
from admiralty.rulesets.napoleonic.site.drawing import (
    TERRAIN_WORDS,
    compass,
    fire_warnings,
    table_svg,
    target_shape,
)
from admiralty.rulesets.napoleonic.site.plain import (
    legend_html,
    name_html,
    special_rules,
    thing_name,
    victory_conditions,
)
from admiralty.rulesets.napoleonic.site.replay import REPLAY
from admiralty.rulesets.napoleonic.site.sheets import sheets_page
from admiralty.site.context import Renderer, SiteContext, map_src, md_path, scenario_src
from admiralty.site.glance import Size
from admiralty.site.richtext import document_head
from admiralty.site.text import attr, esc, heading, html_block, md_literal, slug
from admiralty.site.words import nation_name

# --- the scenario page -----------------------------------------------------------------------------


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]], css: str) -> str:
    """An HTML table; cells are already-escaped HTML."""
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return html_block(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>", css)


_name = name_html


def unit_rows(scenario: NapoleonicScenario, side: str) -> list[list[str]]:
    return [[_name(u), esc(u.type), esc(u.class_), str(u.figures), f"{u.bases} × {u.figures_per_base}",
             esc(u.formation), esc(f"{u.at[0]:g}, {u.at[1]:g}"), esc(compass(u.facing))]
            for u in scenario.units if u.side == side]


def battery_rows(scenario: NapoleonicScenario, side: str) -> list[list[str]]:
    return [[_name(b), esc(battery_kind(b)), str(b.guns), str(b.howitzers), str(b.rockets),
             f"{b.ranges.canister:g} / {b.ranges.effective:g} / {b.ranges.long:g}", esc(f"{b.at[0]:g}, {b.at[1]:g}"),
             esc(compass(b.facing))] for b in scenario.batteries if b.side == side]


def fire_plan_rows(scenario: NapoleonicScenario) -> list[list[str]]:
    """The fire plan by turn: battery, target, pieces, and the range to the target's nearest point (NA-pen-a)."""
    batteries = {b.id: b for b in scenario.batteries}
    rows = []
    for entry in sorted(scenario.fire_plan, key=lambda e: e.turn):
        shape = target_shape(scenario, entry.target)
        battery = batteries.get(entry.battery)
        distance, band = "?", "?"
        if shape is not None and battery is not None:
            cm = range_cm(battery.at, shape)
            distance, band = f"{cm:.1f} cm", range_band(cm, battery.ranges) or "out of range"
        rows.append([str(entry.turn), esc(thing_name(scenario, entry.battery)), esc(thing_name(scenario, entry.target)),
                     esc(entry.pieces), esc(distance), esc(band)])
    return rows


def scenario_body(scenario: NapoleonicScenario, src: str, ctx: SiteContext) -> str:
    """The napoleonic part of a scenario page: the table, units, batteries, fire plan and rule switches."""
    table = scenario.table
    facts = [["Table", f'<a href="{attr(ctx.href(src, map_src(table.id)))}">{esc(table.title)}</a> '
                       f"({table.size[0]:g} × {table.size[1]:g} cm)"],
             ["Turns", str(scenario.turns)],
             ["Units", f"{len(scenario.units)} ({sum(u.figures for u in scenario.units)} figures)"],
             ["Batteries", str(len(scenario.batteries))]]
    drawn = table_svg(table, scenario, svg_id=f"table-{slug(scenario.id)}")
    out = ["## Victory conditions\n", victory_conditions(scenario, src, ctx),
           "## Set-up\n", _table(["", ""], facts, "facts"), "## Table\n",
           "To scale, in centimetres; north (the far edge) is up. Each unit is drawn on the bases it covers, its "
           "front edge black. Select a battery (click it, or Tab to it and press Enter) to see its canister, "
           "effective and long range circles; on paper, the range sticks under the table measure the same "
           "distances.\n",
           ctx.figure(f"na-table-{slug(scenario.id)}", drawn, "map-figure"), fire_warnings(scenario)]
    out.append("## Units\n")
    for side in scenario.sides:
        rows = unit_rows(scenario, side.id)
        if rows:
            out.append(f"### {heading(side.name or side.id)}\n")
            if side.nations:
                out.append(f"Nations: {md_literal(', '.join(nation_name(n) for n in side.nations))}.\n")
            out.append(_table(["Unit", "Type", "Class", "Figures", "Bases × figures", "Formation", "At (cm)",
                               "Facing"], rows, "oob"))
    out.append("## Batteries\n")
    for side in scenario.sides:
        rows = battery_rows(scenario, side.id)
        if rows:
            out.append(f"### Batteries: {heading(side.name or side.id)}\n")
            out.append(_table(["Battery", "Kind", "Guns", "Howitzers", "Rockets", "Ranges (cm)", "At (cm)",
                               "Facing"], rows, "oob batteries"))
    out.append("## Fire plan\n")
    if scenario.fire_plan:
        out.append(_table(["Turn", "Battery", "Target", "Pieces", "Range", "Band"], fire_plan_rows(scenario),
                          "orders fire-plan"))
    else:
        out.append("No planned fire: the players choose every target.\n")
    out.append(legend_html(src, ctx))
    out.append("## Special rules\n")
    out.append(special_rules(scenario, src, ctx))
    return "\n".join(out)


# --- reference pages -------------------------------------------------------------------------------


def table_page(table: Table, src: str, scenarios: Sequence[NapoleonicScenario], ctx: SiteContext) -> str:
    """A table's reference page: the drawing and its terrain pieces."""
    out = document_head(table.title, f"Table id: `{esc(table.id)}` (napoleonic), {table.size[0]:g} × "
                        f"{table.size[1]:g} cm.", table.description, table.sources)
    key = f"na-table-ref-{slug(table.id)}"
    out.append(ctx.figure(key, table_svg(table, svg_id=key), "map-figure"))
    if table.terrain:
        out.append("## Terrain\n")
        out.append(_table(["Terrain", "Kind", "Area (cm²)"],
                          [[_name(t), esc(TERRAIN_WORDS.get(t.kind, t.kind)), f"{Polygon(t.polygon).area:.0f}"]
                           for t in table.terrain], "zones"))
    using = [s for s in scenarios if s.table.id == table.id]
    if using:
        out.append("## Scenarios on this table\n")
        out.extend(f"- [{md_literal(s.title)}]({md_path(src, scenario_src(s.id))})" for s in using)
    return "\n".join(out) + "\n"


def reference_pages(scenarios: Sequence[NapoleonicScenario], models: Sequence[Sourced],
                    ctx: SiteContext) -> dict[str, str]:
    """A page per napoleonic table (from standalone models and from scenarios)."""
    tables = {m.id: m for m in models if isinstance(m, Table)}
    for scenario in scenarios:
        tables.setdefault(scenario.table.id, scenario.table)
    return {map_src(t.id): table_page(t, map_src(t.id), scenarios, ctx) for t in tables.values()}


def map_index_rows(scenarios: Sequence[NapoleonicScenario], models: Sequence[Sourced]) -> list[tuple[str, str, int]]:
    """(table id, title, terrain pieces) of every napoleonic table, for the maps index."""
    tables = {m.id: m for m in models if isinstance(m, Table)}
    for scenario in scenarios:
        tables.setdefault(scenario.table.id, scenario.table)
    return [(t.id, t.title, len(t.terrain)) for t in sorted(tables.values(), key=lambda t: t.id)]


def glance(scenario: NapoleonicScenario) -> Size:
    """Units and batteries; a turn of fire for every battery takes about ten minutes."""
    figures = sum(u.figures for u in scenario.units)
    return Size(f"{len(scenario.units)} units ({figures} figures), {len(scenario.batteries)} batteries",
                len(scenario.units) + len(scenario.batteries), 10)



RENDERER = Renderer(scenario_body, sheets_page, reference_pages, map_index_rows, glance=glance,
                    stylesheet=Path(__file__).with_name("site.css"), replay=REPLAY)
