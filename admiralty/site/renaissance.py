"""Pages for the renaissance ruleset: the scenario's own part, the map reference page, printable sheets.

The map is schematic: sea zones are nodes placed by a seeded spring layout of the adjacency graph (with the
ports attached to their seas), or drawn as their polygons when every zone has one. Atlantic and
Mediterranean zones differ in colour because a galley rolls one die in the one and two in the other
(RN-dice). Ports are squares in the colour of the power that holds them; each place's naval units are a
small label per power.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx
from shapely.geometry import Polygon

from admiralty.site.context import SiteContext, map_src, md_path, scenario_src
from admiralty.site.text import attr, esc, heading, html_block, md_literal, render_inline, render_markdown, slug
from engine.rulesets.renaissance.model import (
    UNIT_KINDS,
    Battle,
    RenaissanceMap,
    RenaissanceScenario,
    Transport,
    Units,
    sea_graph,
)
from engine.rulesets.renaissance.tables import load_tables

Point = tuple[float, float]

POWER_COLOURS: dict[str, str] = {
    "ottoman": "#2e7d32", "hapsburg": "#c49000", "venice": "#ad1457", "papacy": "#8d6e63",
    "hospitallers": "#37474f", "genoa": "#0277bd", "france": "#283593", "portugal": "#00897b",
    "england": "#c62828", "scotland": "#5e35b1",
}
SEA_FILLS: dict[str, str] = {"atlantic": "#c9dcf0", "mediterranean": "#c8ebe0"}
UNIT_NAMES: dict[str, tuple[str, str]] = {  # kind -> (words, abbreviation on the map)
    "galleys": ("galleys", "G"), "galleons": ("galleons", "Gn"), "flush_deck_galleons": ("flush-deck galleons", "FD"),
    "corsairs": ("corsairs", "C"), "armada": ("Armada strength", "A"),
}
LAYOUT_SEED = 1571
WIDTH, HEIGHT, PAD = 720.0, 560.0, 10.0
SEA_RX, SEA_RY, PORT_SIZE, FONT = 46.0, 18.0, 9.0, 11.0
CHAR = 6.0  # the width of a character of a 10-11 px label, near enough
BATTLE, TRANSPORT = "#b71c1c", "#6a1b9a"
HALO = 'paint-order="stroke" stroke="#fff" stroke-width="3" stroke-linejoin="round" fill="#222"'


def power_name(power: str) -> str:
    return power.replace("-", " ").title()


def power_colour(power: str) -> str:
    """A power's colour: a fixed table, else one derived from the id (stable across runs)."""
    if power in POWER_COLOURS:
        return POWER_COLOURS[power]
    hue = int(hashlib.sha256(power.encode()).hexdigest()[:4], 16) % 360
    return f"hsl({hue}, 55%, 38%)"


def units_short(units: Units) -> str:
    """``5G 3C`` / ``A8``: the map's abbreviations (explained in its legend)."""
    return " ".join(f"{UNIT_NAMES[k][1]}{units.count(k)}" if k == "armada" else f"{units.count(k)}{UNIT_NAMES[k][1]}"
                    for k in UNIT_KINDS if units.count(k))


def units_words(units: Units) -> str:
    return ", ".join(f"{UNIT_NAMES[k][0]} {units.count(k)}" if k == "armada" else f"{units.count(k)} {UNIT_NAMES[k][0]}"
                     for k in UNIT_KINDS if units.count(k)) or "none"


def place_name(sea_map: RenaissanceMap, place: str | None) -> str:
    """A sea's or port's name with what it is (author text: escape it where it is shown)."""
    if place is None:
        return "off the map"
    if place in sea_map.ports:
        return f"{sea_map.ports[place].name} (port)"
    if place in sea_map.seas:
        return f"{sea_map.seas[place].name} ({sea_map.seas[place].kind})"
    return place


# --- the map ---------------------------------------------------------------------------------------


Box = tuple[float, float, float, float]  # (left, top, right, bottom) around a node's point, in SVG units


@dataclass(frozen=True)
class Placement:
    """Every sea and port's point in SVG units, and the outlines of seas drawn as polygons."""

    points: dict[str, Point]
    outlines: dict[str, tuple[Point, ...]]
    width: float
    height: float


def spring_positions(sea_map: RenaissanceMap) -> dict[str, Point]:
    """Abstract positions of seas and ports: a spring layout, seeded so that every build draws the same map,
    of the graph whose edges are the sea adjacencies and each port's links to the seas it opens on."""
    graph = sea_graph(sea_map)
    for port in sea_map.ports.values():
        graph.add_node(port.id)
        graph.add_edges_from((port.id, sea) for sea in port.seas if sea in sea_map.seas)
    if graph.number_of_nodes() < 2:
        return {node: (0.0, 0.0) for node in graph}
    layout = nx.spring_layout(graph, seed=LAYOUT_SEED, iterations=500)
    return {str(node): (float(x), float(y)) for node, (x, y) in layout.items()}


def separate(points: dict[str, Point], boxes: dict[str, Box], heavy: Iterable[str] = (),
             passes: int = 300) -> dict[str, Point]:
    """Move nodes until no two boxes overlap: each overlapping pair is pushed apart along the axis where they
    overlap least, a ``heavy`` node (a sea) moving a third as far as a light one (a port), so that the
    layout of the seas stays. Fixed passes in a fixed order, so the result is deterministic."""
    pos = {k: list(v) for k, v in points.items()}
    heavy = set(heavy)
    mass = {k: 3.0 if k in heavy else 1.0 for k in pos}
    for _ in range(passes):
        moved = False
        # Sweep from west to east: a pair whose x-ranges are apart cannot overlap. A pass that moves nothing
        # keeps this order valid throughout, so the last pass checks every pair.
        order = sorted(pos, key=lambda k: pos[k][0] + boxes[k][0])
        for i, a in enumerate(order):
            for b in order[i + 1:]:
                (ax, ay), (al, at, ar, ab) = pos[a], boxes[a]
                (bx, by), (bl, bt, br, bb) = pos[b], boxes[b]
                if bx + bl >= ax + ar:
                    break
                over_x = min(ax + ar, bx + br) - max(ax + al, bx + bl)
                over_y = min(ay + ab, by + bb) - max(ay + at, by + bt)
                if over_x <= 0 or over_y <= 0:
                    continue
                moved = True
                share_a = mass[b] / (mass[a] + mass[b])
                axis = 0 if over_x < over_y * 1.5 else 1  # sideways is cheaper: the drawing is wider than tall
                centre_a = (ax + (al + ar) / 2, ay + (at + ab) / 2)[axis]
                centre_b = (bx + (bl + br) / 2, by + (bt + bb) / 2)[axis]
                step = ((over_x, over_y)[axis] + 1) * (1 if centre_b >= centre_a else -1)
                pos[a][axis] -= step * share_a
                pos[b][axis] += step * (1 - share_a)
        if not moved:
            break
    return {k: (v[0], v[1]) for k, v in pos.items()}


def _polygon_points(sea_map: RenaissanceMap) -> dict[str, Point]:
    """Map-unit points when every sea has an outline: a port at its ``at``, or just inside its first sea."""
    points: dict[str, Point] = {}
    for sea in sea_map.seas.values():
        shape = Polygon(sea.polygon or ())
        centre = shape.centroid if shape.is_valid and shape.contains(shape.centroid) else shape.representative_point()
        points[sea.id] = (centre.x, centre.y)
    for index, port in enumerate(sea_map.ports.values()):
        if port.at is not None:
            points[port.id] = port.at
            continue
        seas = [points[s] for s in port.seas if s in points] or [next(iter(points.values()))]
        x, y = sum(p[0] for p in seas) / len(seas), sum(p[1] for p in seas) / len(seas)
        first = Polygon(sea_map.seas[port.seas[0]].polygon or ()) if port.seas else None
        reach = math.sqrt(first.area) * 0.3 if first is not None and first.area > 0 else 1.0
        angle = index * 2.399963  # the golden angle: ports of one sea do not land on each other
        points[port.id] = (x + reach * math.cos(angle), y + reach * math.sin(angle))
    return points


def placement(sea_map: RenaissanceMap, boxes: dict[str, Box] | None = None) -> Placement:
    """Where everything goes: polygons to scale (north up) when every sea has one; else the spring layout
    stretched over the drawing, then ``separate``d so that no two ``boxes`` (node and its labels) overlap."""
    drawn = bool(sea_map.seas) and all(sea.polygon for sea in sea_map.seas.values())
    raw = _polygon_points(sea_map) if drawn else spring_positions(sea_map)
    coords = list(raw.values()) + [p for sea in sea_map.seas.values() if drawn for p in sea.polygon or ()]
    xs, ys = [p[0] for p in coords] or [0.0], [p[1] for p in coords] or [0.0]
    span_x, span_y = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    sx, sy = WIDTH / span_x, HEIGHT / span_y
    if drawn:
        sx = sy = min(sx, sy)

    def point(p: Point) -> Point:  # map y runs north, SVG y runs down
        return ((p[0] - min(xs)) * sx, (max(ys) - p[1]) * sy)

    points = {k: point(p) for k, p in raw.items()}
    outlines = {sea.id: tuple(point(p) for p in sea.polygon or ()) for sea in sea_map.seas.values()} if drawn else {}
    if not drawn:
        points = separate(points, {k: (boxes or {}).get(k, (-20.0, -10.0, 20.0, 10.0)) for k in points},
                          sea_map.seas)
    # Shift everything so that the boxes and outlines start at the margin.
    extent = [(x + b[0], y + b[1], x + b[2], y + b[3]) for k, (x, y) in points.items()
              for b in [(boxes or {}).get(k, (0.0, 0.0, 0.0, 0.0))]]
    extent += [(x, y, x, y) for ring in outlines.values() for x, y in ring]
    left, top = min(e[0] for e in extent), min(e[1] for e in extent)
    right, bottom = max(e[2] for e in extent), max(e[3] for e in extent)

    def shift(p: Point) -> Point:
        return (round(p[0] - left + PAD, 1), round(p[1] - top + PAD, 1))

    return Placement({k: shift(p) for k, p in points.items()},
                     {k: tuple(shift(p) for p in ring) for k, ring in outlines.items()},
                     right - left + 2 * PAD, bottom - top + 2 * PAD)


def _wrap(text: str, width: int = 14) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines[:3] or [""]


def _text(x: float, y: float, lines: Sequence[str], css: str, size: float) -> str:
    top = y - (len(lines) - 1) * size * 0.55
    spans = "".join(f'<tspan x="{x}" y="{top + i * size * 1.1:.1f}">{esc(line)}</tspan>'
                    for i, line in enumerate(lines))
    return (f'<text class="{css}" font-size="{size}" fill="#183a52" text-anchor="middle" '
            f'dominant-baseline="central">{spans}</text>')


def _ink(colour: str) -> str:
    """Black or white text, whichever reads on ``colour`` (hex colours; white on anything else)."""
    if not colour.startswith("#") or len(colour) != 7:
        return "#fff"
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def _chip(x: float, y: float, text: str, colour: str, tip: str, data: str) -> str:
    width = CHAR * len(text) + 8
    return (f'<g class="units" {data}><title>{esc(tip)}</title><rect x="{x - width / 2:.1f}" y="{y:.1f}" '
            f'width="{width:.1f}" height="13" rx="3" fill="{attr(colour)}"/><text x="{x}" y="{y + 6.5:.1f}" '
            f'fill="{_ink(colour)}" font-size="10" text-anchor="middle" dominant-baseline="central">{esc(text)}'
            "</text></g>")


def _seas(sea_map: RenaissanceMap, place: Placement, svg_id: str) -> list[str]:
    out = []
    for sea in sea_map.seas.values():
        x, y = place.points[sea.id]
        fill = f'fill="{SEA_FILLS.get(sea.kind, "#ddd")}" stroke="#6b8aa3"'
        if sea.id in place.outlines:
            shape = f'<polygon points="{" ".join(f"{px},{py}" for px, py in place.outlines[sea.id])}" {fill}/>'
        else:
            shape = f'<ellipse cx="{x}" cy="{y}" rx="{SEA_RX}" ry="{SEA_RY}" {fill}/>'
        out.append(f'<g class="sea sea-{attr(sea.kind)}" id="{attr(svg_id)}-sea-{attr(slug(sea.id))}" '
                   f'data-sea="{attr(sea.id)}"><title>'
                   f"{esc(f'{sea.name} ({sea.kind})')}</title>{shape}"
                   f"{_text(x, y, _wrap(sea.name), 'sea-label', FONT)}</g>")
    return out


def _ports(sea_map: RenaissanceMap, place: Placement, svg_id: str) -> list[str]:
    out = []
    for port in sea_map.ports.values():
        x, y = place.points[port.id]
        out.append(f'<g class="port" id="{attr(svg_id)}-port-{attr(slug(port.id))}" data-port="{attr(port.id)}" '
                   f'data-power="{attr(port.power)}"><title>{esc(f"{port.name}, held by {power_name(port.power)}")}'
                   f'</title><rect x="{x - PORT_SIZE / 2}" y="{y - PORT_SIZE / 2}" width="{PORT_SIZE}" '
                   f'height="{PORT_SIZE}" fill="{attr(power_colour(port.power))}" stroke="#fff"/>'
                   f'<text class="port-label" x="{x + PORT_SIZE * 0.8}" y="{y}" {HALO} font-size="{FONT - 1}" '
                   f'dominant-baseline="central">{esc(port.name)}</text></g>')
    return out


def _edges(sea_map: RenaissanceMap, place: Placement) -> list[str]:
    pts = place.points
    out = [f'<line class="adjacency" data-between="{attr(a + "/" + b)}" x1="{pts[a][0]}" y1="{pts[a][1]}" '
           f'x2="{pts[b][0]}" y2="{pts[b][1]}" stroke="#7d9db5" stroke-width="4"/>'
           for a, b in sea_map.adjacency if a in pts and b in pts]
    out += [f'<line class="port-link" x1="{pts[p.id][0]}" y1="{pts[p.id][1]}" x2="{pts[s][0]}" y2="{pts[s][1]}" '
            'stroke="#9aa7b0" stroke-width="1"/>'
            for p in sea_map.ports.values() for s in p.seas if s in pts]
    return out


Chip = tuple[str, str, str, str]  # text, colour, tooltip, data attributes


def unit_chips(scenario: RenaissanceScenario) -> dict[str, list[Chip]]:
    """Per place, one label per power with naval units there: ``Hapsburg 3G 2Gn`` in the power's colour."""
    chips: dict[str, list[Chip]] = {}
    for where, by_power in scenario.units.items():
        for power, units in by_power.items():
            if not units.is_empty:
                tip = f"{power_name(power)} at {place_name(scenario.map, where)}: {units_words(units)}"
                data = f'data-location="{attr(where)}" data-power="{attr(power)}"'
                chips.setdefault(where, []).append((f"{power_name(power)} {units_short(units)}", power_colour(power),
                                                    tip, data))
    return chips


def node_boxes(sea_map: RenaissanceMap, chips: dict[str, list[Chip]], battles: Iterable[str] = ()) -> dict[str, Box]:
    """The room each node needs: its shape or square and name, its unit labels stacked below, and for a port
    with battles their numbers to the left."""
    fought = Counter(battles)
    boxes: dict[str, Box] = {}
    for place in [*sea_map.seas, *sea_map.ports]:
        below = 14.0 * len(chips.get(place, ()))
        half = max([CHAR * len(c[0]) / 2 + 4 for c in chips.get(place, ())], default=0.0)
        if place in sea_map.seas:
            boxes[place] = (-max(SEA_RX, half) - 3, -SEA_RY - 6, max(SEA_RX, half) + 3, SEA_RY + 3 + below)
        else:
            name = CHAR * len(sea_map.ports[place].name) + PORT_SIZE
            badges = 17.0 * fought[place]
            boxes[place] = (-max(PORT_SIZE + badges, half) - 2, -8.0, max(name, half) + 2, PORT_SIZE + below)
    return boxes


def _scenario_layers(scenario: RenaissanceScenario, place: Placement, chips: dict[str, list[Chip]],
                     svg_id: str) -> list[str]:
    """Transport arrows, then unit labels per place and power over them, then numbered battle badges."""
    out: list[str] = []
    sea_map = scenario.map
    labelled: list[str] = []
    for where, labels in chips.items():
        if where in place.points:
            x, y = place.points[where]
            y += SEA_RY + 1 if where in sea_map.seas and where not in place.outlines else PORT_SIZE / 2 + 2
            labelled += [_chip(x, y + 14 * i, *chip) for i, chip in enumerate(labels)]
    badges: dict[str, int] = {}
    for number, action in enumerate(scenario.actions, 1):
        if isinstance(action, Battle) and action.at in place.points:
            x, y = place.points[action.at]
            shift = badges.get(action.at, 0)
            badges[action.at] = shift + 1
            if action.at in sea_map.seas:
                bx, by = x + SEA_RX - 10 - shift * 17, y - SEA_RY + 2
            else:
                bx, by = x - PORT_SIZE - 4 - shift * 17, y
            labelled.append(f'<g class="action action-combat" data-action="{number}"><title>'
                            f"{esc(f'{number}. {power_name(action.attacker)} attacks {power_name(action.defender)}')}"
                            f'</title><circle cx="{bx}" cy="{by}" r="8" fill="{BATTLE}" stroke="#fff"/>'
                            f'<text x="{bx}" y="{by}" fill="#fff" font-size="10" text-anchor="middle" '
                            f'dominant-baseline="central">{number}</text></g>')
        elif isinstance(action, Transport) and action.from_port in place.points and action.to_port in place.points:
            (x1, y1), (x2, y2) = place.points[action.from_port], place.points[action.to_port]
            formation = scenario.formations.get(action.formation)
            what = f"{number}. {power_name(action.power)} carries {formation.name if formation else action.formation}"
            out.append(f'<g class="action action-transport" data-action="{number}"><title>'
                       f"{esc(what)}</title><path d=\"M{x1},{y1} "
                       f'Q{(x1 + x2) / 2 + (y2 - y1) * 0.2:.1f},{(y1 + y2) / 2 - (x2 - x1) * 0.2:.1f} {x2},{y2}" '
                       f'fill="none" stroke="{TRANSPORT}" stroke-width="2" stroke-dasharray="6 3" '
                       f'marker-end="url(#{attr(svg_id)}-arrow)"/></g>')
    return out + labelled


def _legend(powers: Iterable[str], top: float, width: float, scenario: bool) -> tuple[str, float]:
    items = [(f'<rect width="16" height="10" y="-9" fill="{SEA_FILLS[k]}" stroke="#6b8aa3"/>', f"{k} sea")
             for k in ("mediterranean", "atlantic")]
    items += [(f'<rect width="9" height="9" y="-8" fill="{attr(power_colour(p))}"/>', power_name(p)) for p in powers]
    if scenario:
        items.append((f'<circle cx="7" cy="-4" r="7" fill="{BATTLE}"/>', "scripted battle (number)"))
        items.append((f'<line x1="0" y1="-4" x2="16" y2="-4" stroke="{TRANSPORT}" stroke-width="2" '
                      'stroke-dasharray="6 3"/>', "transport"))
        items.append(("", "units: G galleys, Gn galleons, FD flush-deck galleons, C corsairs, A Armada strength"))
    out, x, row = [], 10.0, 1
    for symbol, label in items:
        item = (22 if symbol else 0) + 6.6 * len(label) + 18
        if x > 10 and x + item > width - 10:
            x, row = 10.0, row + 1
        out.append(f'<g class="legend-item" transform="translate({x:.1f},{top + 20 * row:.1f})">{symbol}'
                   f'<text x="{22 if symbol else 0}" font-size="11" fill="#222">{esc(label)}</text></g>')
        x += item
    return "".join(out), 20.0 * row + 12


def map_svg(sea_map: RenaissanceMap, scenario: RenaissanceScenario | None = None, *, svg_id: str = "map") -> str:
    """The schematic map (and, given a scenario, its units, battles and transports) as one inline ``<svg>``."""
    chips = unit_chips(scenario) if scenario else {}
    battles = [a.at for a in scenario.actions if isinstance(a, Battle)] if scenario else []
    place = placement(sea_map, node_boxes(sea_map, chips, battles))
    powers = list(dict.fromkeys([*(scenario.powers if scenario else ()), *(p.power for p in sea_map.ports.values())]))
    legend, legend_height = _legend(powers, place.height, place.width, scenario is not None)
    height = place.height + legend_height
    title = f"Map: {scenario.title if scenario else sea_map.title}"
    overlay = _scenario_layers(scenario, place, chips, svg_id) if scenario else []
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map renaissance-map" id="{attr(svg_id)}" '
        f'viewBox="0 0 {place.width:.1f} {height:.1f}" width="{place.width:.0f}" height="{height:.0f}" role="img" '
        f'aria-label="{attr(title)}" font-family="sans-serif">', f"<title>{esc(title)}</title>",
        f'<defs><marker id="{attr(svg_id)}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
        f'markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{TRANSPORT}"/>'
        "</marker></defs>",
        '<g class="edges">', *_edges(sea_map, place), "</g>",
        '<g class="seas">', *_seas(sea_map, place, svg_id), "</g>",
        '<g class="ports">', *_ports(sea_map, place, svg_id), "</g>",
        '<g class="overlay">', *overlay, "</g>",
        f'<g class="legend">{legend}</g></svg>'])


# --- the scenario page -----------------------------------------------------------------------------


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


def scenario_body(scenario: RenaissanceScenario, src: str, ctx: SiteContext) -> str:
    """The renaissance part of a scenario page: powers, map, orders of battle, scripted actions, Dry Dock."""
    dry = ", ".join(power_name(p) for p in sorted(scenario.dry_dock)) or "none"
    facts = [["Map", f'<a href="{attr(ctx.href(src, map_src(scenario.map.id)))}">{esc(scenario.map.title)}</a>'],
             ["Powers", " · ".join(_power(p) for p in scenario.powers)],
             ["Alliances", _alliance_text(scenario)],
             ['"Dry Dock"', esc(dry)],
             ["Scripted actions", str(len(scenario.actions))]]
    drawn = map_svg(scenario.map, scenario, svg_id=f"map-{slug(scenario.id)}")
    out = [_table(["", ""], facts, "facts"), "## Map\n",
           ("Sea zones are drawn to their outlines" if all(s.polygon for s in scenario.map.seas.values()) else
            "Schematic: sea zones are ovals joined where they touch")
           + ", ports are squares in the colour of the power that holds them; each place's naval units are "
           "labelled per power, and the numbers are the scripted battles below.\n",
           ctx.figure(f"rn-map-{slug(scenario.id)}", drawn, "map-figure"), "## Orders of battle\n"]
    for power in scenario.powers:
        out += _power_section(scenario, power)
    out.append("## Scripted actions\n")
    if scenario.actions:
        out.append(html_block("<ol>" + "".join(f"<li>{action_text(scenario, a)}</li>" for a in scenario.actions)
                              + "</ol>", "actions"))
    else:
        out.append("None: the players choose every action.\n")
    out.append('## "Dry Dock"\n')
    out.append(f"Powers with the \"Dry Dock\" bonus (RN-10: their lost units go back to the pool at once): "
               f"{md_literal(dry)}.\n")
    return "\n".join(out)


# --- reference pages -------------------------------------------------------------------------------


def map_page(sea_map: RenaissanceMap, src: str, scenarios: Sequence[RenaissanceScenario], ctx: SiteContext) -> str:
    """A map's reference page: the drawing, then the sea zones (id, name, kind, neighbours) and the ports."""
    out = [f"# {heading(sea_map.title)}\n", f"Map id: `{esc(sea_map.id)}` (renaissance).\n"]
    if sea_map.description:
        out.append(html_block(render_markdown(sea_map.description), "author-text"))
    if sea_map.sources:
        out.append(html_block("<ul>" + "".join(f"<li>{render_inline(s)}</li>" for s in sea_map.sources) + "</ul>",
                              "sources"))
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


def _maps(scenarios: Sequence[Any], models: Sequence[Any]) -> dict[str, RenaissanceMap]:
    """Every renaissance map: standalone models first (their port control is the map's own), then scenarios'."""
    maps = {m.id: m for m in models if isinstance(m, RenaissanceMap)}
    for scenario in scenarios:
        maps.setdefault(scenario.map.id, scenario.map)
    return maps


def reference_pages(scenarios: Sequence[Any], models: Sequence[Any], ctx: SiteContext) -> dict[str, str]:
    return {map_src(m.id): map_page(m, map_src(m.id), scenarios, ctx) for m in _maps(scenarios, models).values()}


def map_index_rows(scenarios: Sequence[Any], models: Sequence[Any]) -> list[tuple[str, str, int]]:
    """(map id, title, sea-zone count) of every renaissance map, for the maps index."""
    return [(m.id, m.title, len(m.seas)) for m in sorted(_maps(scenarios, models).values(), key=lambda m: m.id)]


# --- printable sheets ------------------------------------------------------------------------------


def _boxes(count: int, css: str = "tally-box") -> str:
    return "".join(f'<span class="{css}"></span>' for _ in range(max(0, count)))


def _place_card(scenario: RenaissanceScenario, where: str, units: Units) -> str:
    rows = []
    for kind in UNIT_KINDS:
        count = units.count(kind)
        if not count:
            continue
        if kind == "armada":  # one box per step of strength, to cross off as it is lost
            steps = "".join(f'<span class="tally-box step">{s}</span>' for s in range(count, 0, -2))
            rows.append(f'<div class="record-row"><span class="record-label">Armada</span>{steps}</div>')
        else:
            rows.append(f'<div class="record-row"><span class="record-label">{esc(UNIT_NAMES[kind][0])}</span>'
                        f"{_boxes(count)}</div>")
    return (f'<div class="record"><div class="record-head">{esc(place_name(scenario.map, where))}</div>'
            f"{''.join(rows)}</div>")


def sheets_page(scenario: RenaissanceScenario, src: str, ctx: SiteContext) -> str:
    """Printable sheets: per power its units per place (boxes to cross out), leaders, formations and cards."""
    back = md_path(src, scenario_src(scenario.id))
    out = [f"# Sheets: {heading(scenario.title)}\n",
           f"Print this page (one sheet per power). Back to the [scenario]({back}).\n"]
    sheets = []
    for power in scenario.powers:
        cards = "".join(_place_card(scenario, where, by_power[power]) for where, by_power in scenario.units.items()
                        if power in by_power and not by_power[power].is_empty)
        leaders = "".join(f"<li>{esc(lead.name or lead.id)}: battle rating {lead.battle_rating}, at "
                          f"{esc(place_name(scenario.map, lead.at))}</li>"
                          for lead in scenario.leaders.values() if lead.power == power)
        formations = "".join(f"<li>{esc(f.name or f.id)} at {esc(place_name(scenario.map, f.at))}: "
                             f"{_boxes(f.strength)}</li>" for f in scenario.formations.values() if f.power == power)
        hand = "".join(f"<li>{_boxes(1)} {esc(_card_name(c))}</li>" for c in scenario.hands.get(power, ()))
        dry = " · &quot;Dry Dock&quot;" if power in scenario.dry_dock else ""
        sheets.append(f'<section class="sheet sheet-oob" data-power="{attr(power)}"><h2>Order of battle: '
                      f"{esc(power_name(power))}</h2><p>{esc(scenario.title)}{dry}</p>"
                      f'<div class="records">{cards or "<p>No naval units.</p>"}</div>'
                      + (f"<h3>Leaders</h3><ul>{leaders}</ul>" if leaders else "")
                      + (f"<h3>Land formations</h3><ul>{formations}</ul>" if formations else "")
                      + (f"<h3>Cards in hand</h3><ul>{hand}</ul>" if hand else "") + "</section>")
    out.append(html_block("".join(sheets), "sheets"))
    return "\n".join(out)
