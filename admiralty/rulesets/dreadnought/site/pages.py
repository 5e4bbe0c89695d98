"""Pages for the dreadnought ruleset: the scenario's own part, map and ship-class pages, printable sheets."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from admiralty.engine.protocols import Sourced
from admiralty.rulesets.dreadnought.engine.model import Catalog, Fleet, Scenario, SeaMap, Ship, ShipClass, Side
from admiralty.rulesets.dreadnought.site.classes import class_page
from admiralty.rulesets.dreadnought.site.map import map_figure
from admiralty.rulesets.dreadnought.site.plain import (
    display_name,
    fleet_line,
    legend_html,
    ship_name,
    special_rules_html,
    type_html,
    victory_text,
)
from admiralty.rulesets.dreadnought.site.replay import REPLAY
from admiralty.rulesets.dreadnought.site.sheets import sheets_page
from admiralty.site.context import Renderer, SiteContext, class_src, map_src, md_path, scenario_src
from admiralty.site.glance import Size
from admiralty.site.richtext import document_head
from admiralty.site.text import attr, esc, heading, html_block, md_literal, slug
from admiralty.site.words import nation_name

SHIP_COLUMNS = ("Ship", "Class", "Type", "Speed", "Hull", "Fuel", "Armour", "Draft", "Guns P/S/T", "Torp.", "VP")


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]], css: str) -> str:
    """An HTML table; cells are already-escaped HTML."""
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return html_block(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>", css)


def facts_list(facts: Sequence[Sequence[str]]) -> str:
    """The set-up facts as a definition list in columns (label, already-escaped HTML value)."""
    items = "".join(f"<div><dt>{esc(label)}</dt><dd>{value}</dd></div>" for label, value in facts)
    return html_block(f'<dl class="facts-list">{items}</dl>', "facts")


def _class_cells(cls: ShipClass) -> list[str]:
    return [type_html(cls.type), esc(cls.speed), str(cls.hull), esc(f"{cls.fuel_boxes} {cls.fuel_kind}"),
            "armoured" if cls.armoured else "unarmoured", "shallow" if cls.shallow_draft else "—",
            f"{cls.primary}/{cls.secondary}/{cls.tertiary}", str(cls.torpedo), str(cls.victory_points)]


def _ship_row(ship: Ship, src: str, ctx: SiteContext) -> list[str]:
    link = f'<a href="{attr(ctx.href(src, class_src(ship.catalog, ship.cls.id)))}">{esc(ship.cls.name)}</a>'
    return [ship_name(ship), link, *_class_cells(ship.cls)]


def order_words(seamap: SeaMap, text: str) -> str:
    """A written order with port ids as port names (zone codes stay: they are printed on the map)."""
    return " ".join("/".join(seamap.ports[p].name if p in seamap.ports else p for p in word.split("/"))
                    for word in text.split(" "))


def _side_names(scenario: Scenario) -> dict[str, str]:
    return {side.id: side.name for side in scenario.sides}


def _side_ship_table(scenario: Scenario, side: Side, src: str, ctx: SiteContext) -> str:
    """Every ship of a side, one row each, behind a disclosure (the compact list above says who sails where)."""
    rows = [[esc(display_name(fleet.name, fleet.id)),
             *(_ship_row(scenario.ships[name], src, ctx) if name in scenario.ships else [esc(name)] + ["?"] * 10)]
            for fleet in side.fleets for name in fleet.ships]
    head = "".join(f"<th>{esc(h)}</th>" for h in ("Fleet", *SHIP_COLUMNS))
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return (f'<details class="oob-ships"><summary>Ship data: {esc(side.name)}, {len(rows)} ships</summary>'
            f'<div class="oob"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div></details>')


def _side_section(scenario: Scenario, side: Side) -> str:
    """A side's order of battle: its name, nations and zones in a sentence, one line per fleet."""
    controls = ", ".join(sorted(side.controls))
    head = f"Nations: {', '.join(nation_name(n) for n in side.nations)}" + (
        f"; controls zones {controls}" if controls else "") + "."
    fleets = "".join(f"<li>{fleet_line(scenario, fleet)}</li>" for fleet in side.fleets)
    return (f'<section class="oob-side" data-side="{attr(side.id)}"><h3 id="oob-{attr(slug(side.id))}">'
            f'{esc(side.name)}</h3><p>{esc(head)}</p><ul class="oob-fleets">{fleets}</ul></section>')


def orders_of_battle(scenario: Scenario, src: str, ctx: SiteContext) -> str:
    """The sides' orders of battle side by side (one column each on a wide screen), then each side's ship data
    behind a disclosure, then the legend of its columns."""
    sides = "".join(_side_section(scenario, side) for side in scenario.sides)
    tables = "".join(_side_ship_table(scenario, side, src, ctx) for side in scenario.sides if side.fleets)
    return html_block(f'<div class="oob-sides">{sides}</div>{tables}', "oob-compact") + legend_html(src, ctx)


def _orders_table(scenario: Scenario, fleets: Sequence[Fleet]) -> str:
    length = max([scenario.turns, *(len(f.orders) for f in fleets)])
    rows = []
    for turn in range(1, length + 1):
        light = "night" if scenario.is_night(turn) else "day"
        cells = [esc(order_words(scenario.map, fleet.order_for(turn).text or fleet.order_for(turn).kind))
                 for fleet in fleets]
        rows.append([str(turn), light, *cells])
    return _table(["Turn", "Light", *(display_name(f.name, f.id) for f in fleets)], rows, "orders")


def scenario_body(scenario: Scenario, src: str, ctx: SiteContext) -> str:
    """The dreadnought part of a scenario page: victory conditions and set-up first (what a player needs before
    anything else), then the map, the orders of battle in the compact fleet form (ship data folded), the
    written orders (folded), minefields and the special rules in sentences."""
    night = ", ".join(str(t) for t in sorted(scenario.night)) or "none"
    weather = ", ".join(scenario.weather) if scenario.weather else "random (house weather table)"
    facts = [["Map", f'<a href="{attr(ctx.href(src, map_src(scenario.map.id)))}">{esc(scenario.map.title)}</a>'],
             ["Ship catalogs", esc(", ".join(c.title for c in scenario.catalogs))],
             ["Turns", f"{scenario.turns} (night turns: {esc(night)})"],
             ["Weather", esc(weather)]]
    drawn = map_figure(scenario.map, scenario, svg_id=f"map-{slug(scenario.id)}")
    out = ["## Victory conditions\n",
           html_block("<ol>" + "".join(f"<li>{line}</li>" for line in victory_text(scenario)) + "</ol>", "victory"),
           "## Set-up\n", facts_list(facts),
           "## Map\n", ctx.figure(f"scenario-map-{slug(scenario.id)}", drawn, "map-figure"),
           "## Orders of battle\n", orders_of_battle(scenario, src, ctx)]
    out.append("## Written orders\n")
    for side in scenario.sides:
        if side.fleets:
            out.append(html_block(f'<details class="written-orders"><summary>Orders: {esc(side.name)}, '
                                  f"{len(side.fleets)} fleets turn by turn</summary>"
                                  + _orders_table(scenario, side.fleets).strip() + "</details>", "orders-folded"))
    if scenario.minefields:
        out.append("## Minefields\n")
        names = _side_names(scenario)
        out.append(_table(["Between", "Laid by", "Strength"],
                          [[esc(" / ".join(m.between)), esc(names.get(m.owner, nation_name(m.owner))), str(m.strength)]
                           for m in scenario.minefields], "minefields"))
    out.append("## Special rules\n")
    out.append(special_rules_html(scenario.rules, scenario.map, src, ctx))
    return "\n".join(out)


# --- reference pages -------------------------------------------------------------------------------


def _zones_section(seamap: SeaMap) -> list[str]:
    """Every zone: id, name, kind, neighbours, land sides and islands."""
    topo = seamap.topology
    rows = [[f"<code>{esc(z.id)}</code>", esc("" if z.name == z.id else z.name),
             esc(topo.kinds.get(z.id) or z.kind or "?"), esc(" ".join(topo.neighbours.get(z.id, ()))),
             esc(" ".join(topo.land_sides.get(z.id, ())) or "—"), esc(", ".join(topo.islands.get(z.id, ())) or "—")]
            for z in seamap.zones.values()]
    return ["## Zones\n", _table(["Zone", "Name", "Kind", "Neighbours", "Land sides", "Islands"], rows, "zones")]


def _shore_sections(seamap: SeaMap) -> list[str]:
    """Ports, land and blocked borders, each where the map has any."""
    out: list[str] = []
    if seamap.ports:
        out.append("## Ports\n")
        out.append(_table(["Port", "Name", "Nation", "Opens on"],
                          [[f"<code>{esc(p.id)}</code>", esc(p.name), esc(p.nation), esc(" ".join(p.zones))]
                           for p in seamap.ports.values()], "ports"))
    if seamap.land:
        out.append("## Land\n")
        out.append(_table(["Land", "Name", "Nation"], [[f"<code>{esc(m.id)}</code>", esc(m.name), esc(m.nation)]
                                                       for m in seamap.land], "land"))
    if seamap.blocked:
        out.append("## Blocked borders\n")
        pairs = sorted(sorted(pair) for pair in seamap.blocked)
        out.append(", ".join(md_literal(" / ".join(pair)) for pair in pairs) + "\n")
    return out


def map_page(seamap: SeaMap, src: str, scenarios: Sequence[Scenario], ctx: SiteContext) -> str:
    """A map's reference page: the drawing, then zones (id, name, kind, neighbours, land sides), ports, land."""
    out = document_head(seamap.title, f"Map id: `{esc(seamap.id)}`.", seamap.description, seamap.sources)
    out.append(ctx.figure(f"map-{slug(seamap.id)}", map_figure(seamap, svg_id=f"map-{slug(seamap.id)}"), "map-figure"))
    out.extend(_zones_section(seamap))
    out.extend(_shore_sections(seamap))
    using = [s for s in scenarios if s.map.id == seamap.id]
    if using:
        out.append("## Scenarios on this map\n")
        out.extend(f"- [{md_literal(s.title)}]({md_path(src, scenario_src(s.id))})" for s in using)
    return "\n".join(out) + "\n"


def ships_index(catalogs: Sequence[Catalog], ctx: SiteContext) -> str:
    src = "ships/index.md"
    out = ["# Ship classes\n", "Every class of every ship catalog, with the named ships of each.\n"]
    for catalog in catalogs:
        out.append(f"## {heading(catalog.title)}\n")
        out.append(f"Catalog `{esc(catalog.id)}`, nation {md_literal(catalog.nation)}.\n")
        rows = []
        for cls in catalog.classes.values():
            link = f'<a href="{attr(ctx.href(src, class_src(catalog.id, cls.id)))}">{esc(cls.name)}</a>'
            count = sum(1 for s in catalog.ships.values() if s.cls.id == cls.id)
            rows.append([link, *_class_cells(cls), str(count)])
        out.append(_table(["Class", "Type", "Speed", "Hull", "Fuel", "Armour", "Draft", "Guns P/S/T", "Torp.", "VP",
                           "Ships"], rows, "classes"))
    return "\n".join(out)


def reference_pages(scenarios: Sequence[Scenario], models: Sequence[Sourced], ctx: SiteContext) -> dict[str, str]:
    """Map and ship-class pages for every dreadnought map and catalog (from scenarios and standalone models)."""
    maps: dict[str, SeaMap] = {}
    catalogs: dict[str, Catalog] = {}
    for model in models:
        if isinstance(model, SeaMap):
            maps.setdefault(model.id, model)
        elif isinstance(model, Catalog):
            catalogs.setdefault(model.id, model)
    for scenario in scenarios:
        maps.setdefault(scenario.map.id, scenario.map)
        for catalog in scenario.catalogs:
            catalogs.setdefault(catalog.id, catalog)
    pages = {map_src(m.id): map_page(m, map_src(m.id), scenarios, ctx) for m in maps.values()}
    for catalog in catalogs.values():
        # a ship may take another catalog's class (class: hochseeflotte-1914/bremen): its catalog shows it too,
        # where the ship's row links
        borrowed = {ship.cls.id: ship.cls for ship in catalog.ships.values() if ship.cls.id not in catalog.classes}
        for cls in [*catalog.classes.values(), *borrowed.values()]:
            pages[class_src(catalog.id, cls.id)] = class_page(catalog, cls, class_src(catalog.id, cls.id), scenarios,
                                                              ctx)
    pages["ships/index.md"] = ships_index(sorted(catalogs.values(), key=lambda c: c.id), ctx)
    return pages


def map_index_rows(scenarios: Sequence[Scenario], models: Sequence[Sourced]) -> list[tuple[str, str, int]]:
    """(map id, title, zone count) of every dreadnought map, for the maps index."""
    maps = {m.id: m for m in models if isinstance(m, SeaMap)}
    for scenario in scenarios:
        maps.setdefault(scenario.map.id, scenario.map)
    return [(m.id, m.title, len(m.zones)) for m in sorted(maps.values(), key=lambda m: m.id)]


def glance(scenario: Scenario) -> Size:
    """Ships and fleets; a turn of written orders, movement and the odd battle takes about ten minutes."""
    fleets = [f for side in scenario.sides for f in side.fleets]
    ships = sum(len(f.ships) for f in fleets)
    return Size(f"{ships} ships in {len(fleets)} fleets", ships + len(fleets), 10)


RENDERER = Renderer(scenario_body, sheets_page, reference_pages, map_index_rows, glance=glance, replay=REPLAY)
