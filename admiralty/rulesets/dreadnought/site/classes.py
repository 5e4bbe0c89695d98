"""A ship class's page: its counter drawn from the class's data, its figures explained, the named ships of the
class and the scenarios that put one of them to sea."""

from __future__ import annotations

from collections.abc import Sequence

from admiralty.rulesets.dreadnought.engine.model import Catalog, Scenario, ShipClass
from admiralty.rulesets.dreadnought.site.plain import LEGEND, ship_name
from admiralty.site.colours import nation_colour
from admiralty.site.context import SiteContext, md_path, scenario_src
from admiralty.site.richtext import render_inline, render_markdown
from admiralty.site.text import attr, esc, heading, html_block, md_literal
from admiralty.site.words import explain, nation_name

COUNTER_W, COUNTER_H = 240.0, 150.0


def counter_svg(cls: ShipClass, nation: str) -> str:
    """The class as a game counter: type and speed on top, the class name, gun factors P-S-T and torpedo in
    the middle, a row of hull boxes and of fuel circles (grey for oil), and the VP in the corner."""
    fill = nation_colour(nation)
    hull = min(cls.hull, 16)
    box = min(12.0, (COUNTER_W - 24) / max(1, hull) - 2)
    boxes = "".join(f'<rect x="{12 + i * (box + 2):.1f}" y="104" width="{box:.1f}" height="{box:.1f}" fill="#fff" '
                    'stroke="#222" stroke-width="1.2"/>' for i in range(hull))
    fuel = min(cls.fuel_boxes, 16)
    fuel_fill = "#c8c8c8" if cls.fuel_kind == "oil" else "#fff"
    circles = "".join(f'<circle cx="{18 + i * 14}" cy="{132}" r="5.5" fill="{fuel_fill}" stroke="#222" '
                      'stroke-width="1.2"/>' for i in range(fuel))
    label = f"Counter of the {cls.name} class"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="ship-counter" viewBox="0 0 {COUNTER_W:.0f} '
            f'{COUNTER_H:.0f}" width="{COUNTER_W:.0f}" height="{COUNTER_H:.0f}" role="img" aria-label="{attr(label)}" '
            f'font-family="sans-serif"><title>{esc(label)}</title>'
            f'<rect x="1" y="1" width="{COUNTER_W - 2:.0f}" height="{COUNTER_H - 2:.0f}" rx="8" fill="{attr(fill)}" '
            'stroke="#333" stroke-width="2"/>'
            f'<text x="12" y="24" font-size="16" font-weight="bold">{esc(cls.type)}</text>'
            f'<text x="{COUNTER_W - 12:.0f}" y="24" font-size="16" font-weight="bold" text-anchor="end">'
            f'{esc(cls.speed)}</text>'
            f'<text x="{COUNTER_W / 2:.0f}" y="52" font-size="15" text-anchor="middle">{esc(cls.name)}</text>'
            f'<text x="{COUNTER_W / 2:.0f}" y="84" font-size="22" font-weight="bold" text-anchor="middle">'
            f"{cls.primary}-{cls.secondary}-{cls.tertiary}"
            + (f" T{cls.torpedo}" if cls.torpedo else "") + "</text>"
            f"{boxes}{circles}"
            f'<text x="{COUNTER_W - 12:.0f}" y="{COUNTER_H - 12:.0f}" font-size="13" text-anchor="end">'
            f"{cls.victory_points} VP</text></svg>")


def _figures(cls: ShipClass, src: str, ctx: SiteContext) -> str:
    values = {"Type": cls.type, "Speed": cls.speed, "Hull": str(cls.hull),
              "Fuel": f"{cls.fuel_boxes} {cls.fuel_kind}", "Armour": "armoured" if cls.armoured else "unarmoured",
              "Draft": "shallow" if cls.shallow_draft else "normal",
              "Guns P/S/T": f"{cls.primary}/{cls.secondary}/{cls.tertiary}", "Torp.": str(cls.torpedo),
              "VP": str(cls.victory_points)}
    rows = "".join(f"<tr><th>{esc(term)}</th><td><strong>{esc(values[term])}</strong></td>"
                   f"<td>{explain(text, src, ctx)}</td></tr>" for term, text in LEGEND if term in values)
    return html_block(f"<table><thead><tr><th>Figure</th><th>Value</th><th>What it means</th></tr></thead>"
                      f"<tbody>{rows}</tbody></table>", "class-data")


def class_page(catalog: Catalog, cls: ShipClass, src: str, scenarios: Sequence[Scenario], ctx: SiteContext) -> str:
    """A ship class's reference page: counter, figures explained, ships of the class, scenarios using it."""
    out = [f"# {heading(cls.name)} ({md_literal(cls.type)})\n",
           f"Catalog {md_literal(catalog.title)}, nation {md_literal(nation_name(catalog.nation))}.\n",
           ctx.figure(f"counter-{catalog.id}-{cls.id}", counter_svg(cls, catalog.nation), "class-counter"),
           "The counter: type and speed on top, the gun factors primary-secondary-tertiary (and torpedo) in the "
           "middle, a square per hull box, a circle per fuel box (grey for oil), the victory points in the corner.\n",
           "## Figures\n", _figures(cls, src, ctx)]
    if cls.capacity:
        out.append(f"Capacity: {cls.capacity}.\n")
    if cls.notes:
        out.append(html_block(render_markdown(cls.notes), "author-text"))
    ships = [s for s in catalog.ships.values() if s.cls.id == cls.id]
    out.append("## Ships of the class\n")
    rows = "".join(f"<tr><td>{ship_name(s)}</td><td>{esc(nation_name(s.nation))}</td>"
                   f"<td>{render_inline(s.notes) if s.notes else ''}</td></tr>" for s in ships)
    out.append(html_block(f"<table><thead><tr><th>Ship</th><th>Nation</th><th>Notes</th></tr></thead><tbody>{rows}"
                          "</tbody></table>", "ships"))
    using = [(s, sorted(n for n, ship in s.ships.items() if ship.cls.id == cls.id and ship.catalog == catalog.id))
             for s in scenarios]
    using = [(s, names) for s, names in using if names]
    out.append("## Scenarios with ships of this class\n")
    if using:
        out.extend(f"- [{md_literal(s.title)}]({md_path(src, scenario_src(s.id))}): {md_literal(', '.join(names))}"
                   for s, names in using)
    else:
        out.append("None of the published scenarios uses this class.")
    out.append(f"\n[All ship classes]({md_path(src, 'ships/index.md')})\n")
    return "\n".join(out)
