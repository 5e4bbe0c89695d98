"""The renaissance map drawing: a schematic SVG of sea zones, ports, units, battles and transports.

Sea zones are nodes placed by a seeded spring layout of the adjacency graph (with the ports attached to
their seas), pushed apart where their labels would overlap, or drawn as their polygons when every zone
has one. Atlantic and Mediterranean zones differ in colour because a galley rolls one die in the one and
two in the other (RN-dice). Ports are squares in the colour of the power that holds them; each place's
naval units are a small label per power.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import networkx as nx
from shapely.geometry import Polygon

from admiralty.rulesets.renaissance.engine.model import (
    UNIT_KINDS,
    Battle,
    Port,
    RenaissanceMap,
    RenaissanceScenario,
    Sea,
    Transport,
    Units,
    sea_graph,
)
from admiralty.site.text import attr, esc, slug

Point = tuple[float, float]

POWER_COLOURS: dict[str, str] = {  # Okabe-Ito for the powers that meet in battle, Tol's muted for the rest
    "ottoman": "#009e73", "hapsburg": "#e69f00", "venice": "#cc79a7", "papacy": "#56b4e9",
    "hospitallers": "#555555", "genoa": "#332288", "france": "#0072b2", "portugal": "#117733",
    "england": "#d55e00", "scotland": "#882255",
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


def _sea_point(sea: Sea) -> Point:
    """A sea's label point: its outline's centroid, or a point surely inside where the centroid is not (a
    crescent, a bent strait)."""
    shape = Polygon(sea.polygon or ())
    centre = shape.centroid if shape.is_valid and shape.contains(shape.centroid) else shape.representative_point()
    return (centre.x, centre.y)


def _port_point(sea_map: RenaissanceMap, port: Port, index: int, points: dict[str, Point]) -> Point:
    """A port without ``at``: just inside its seas, away from their middle by a share of its first sea's size,
    turned by the golden angle per port so that the ports of one sea do not land on each other."""
    seas = [points[s] for s in port.seas if s in points] or [next(iter(points.values()))]
    x, y = sum(p[0] for p in seas) / len(seas), sum(p[1] for p in seas) / len(seas)
    first = Polygon(sea_map.seas[port.seas[0]].polygon or ()) if port.seas else None
    reach = math.sqrt(first.area) * 0.3 if first is not None and first.area > 0 else 1.0
    angle = index * 2.399963  # the golden angle
    return (x + reach * math.cos(angle), y + reach * math.sin(angle))


def _polygon_points(sea_map: RenaissanceMap) -> dict[str, Point]:
    """Map-unit points when every sea has an outline: a port at its ``at``, or just inside its first sea."""
    points = {sea.id: _sea_point(sea) for sea in sea_map.seas.values()}
    for index, port in enumerate(sea_map.ports.values()):
        points[port.id] = port.at if port.at is not None else _port_point(sea_map, port, index, points)
    return points


def _has_polygons(sea_map: RenaissanceMap) -> bool:
    return bool(sea_map.seas) and all(sea.polygon for sea in sea_map.seas.values())


def _to_drawing(sea_map: RenaissanceMap, raw: dict[str, Point], drawn: bool) -> Callable[[Point], Point]:
    """Map coordinates to the drawing's: stretched over WIDTH x HEIGHT (to scale when drawn from polygons),
    with y turned to run down as SVG's does."""
    coords = list(raw.values())
    if drawn:
        coords += [p for sea in sea_map.seas.values() for p in sea.polygon or ()]
    xs, ys = [p[0] for p in coords] or [0.0], [p[1] for p in coords] or [0.0]
    left, top = min(xs), max(ys)
    sx, sy = WIDTH / ((max(xs) - left) or 1.0), HEIGHT / ((top - min(ys)) or 1.0)
    if drawn:
        sx = sy = min(sx, sy)
    return lambda p: ((p[0] - left) * sx, (top - p[1]) * sy)


def _extent(points: dict[str, Point], boxes: dict[str, Box], outlines: dict[str, tuple[Point, ...]]
            ) -> tuple[float, float, float, float]:
    """The drawing's bounds: every node's box around its point, and every outline."""
    corners = [(x + b[0], y + b[1], x + b[2], y + b[3])
               for k, (x, y) in points.items() for b in [boxes.get(k, (0.0, 0.0, 0.0, 0.0))]]
    corners += [(x, y, x, y) for ring in outlines.values() for x, y in ring]
    return (min(c[0] for c in corners), min(c[1] for c in corners),
            max(c[2] for c in corners), max(c[3] for c in corners))


def placement(sea_map: RenaissanceMap, boxes: dict[str, Box] | None = None) -> Placement:
    """Where everything goes: polygons to scale (north up) when every sea has one; else the spring layout
    stretched over the drawing, then ``separate``d so that no two ``boxes`` (node and its labels) overlap."""
    boxes = boxes or {}
    drawn = _has_polygons(sea_map)
    raw = _polygon_points(sea_map) if drawn else spring_positions(sea_map)
    point = _to_drawing(sea_map, raw, drawn)
    points = {k: point(p) for k, p in raw.items()}
    outlines = {sea.id: tuple(point(p) for p in sea.polygon or ()) for sea in sea_map.seas.values()} if drawn else {}
    if not drawn:
        points = separate(points, {k: boxes.get(k, (-20.0, -10.0, 20.0, 10.0)) for k in points}, sea_map.seas)
    left, top, right, bottom = _extent(points, boxes, outlines)  # shift it all so it starts at the margin

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


def _legend(powers: Iterable[str], top: float, width: float, scenario: bool, *,
            kinds: Iterable[str] = ("mediterranean", "atlantic"), geographic: bool = False) -> tuple[str, float]:
    """The legend's items in rows under the map; the geographic map names its battles in words and has land."""
    items = [(f'<rect width="16" height="10" y="-9" fill="{SEA_FILLS[k]}" stroke="#6b8aa3"/>',
              f"{k} sea" + (" (galleys roll 2 dice)" if k == "mediterranean" else " (galleys roll 1 die)"))
             for k in kinds]
    if geographic:
        items.append(('<line x1="0" y1="-4" x2="16" y2="-4" stroke="#8aa" stroke-width="1.5" stroke-dasharray="5 3"/>',
                      "sea-zone border (approximate)"))
    items += [(f'<rect width="9" height="9" y="-8" fill="{attr(power_colour(p))}"/>', power_name(p)) for p in powers]
    if scenario and geographic:
        items.append((f'<text y="0" font-size="11" font-weight="bold" fill="{BATTLE}">battle 1</text>',
                      "scripted battle and its number"))
    elif scenario:
        items.append((f'<circle cx="7" cy="-4" r="7" fill="{BATTLE}"/>', "scripted battle (number)"))
        items.append((f'<line x1="0" y1="-4" x2="16" y2="-4" stroke="{TRANSPORT}" stroke-width="2" '
                      'stroke-dasharray="6 3"/>', "transport"))
        items.append(("", "units: G galleys, Gn galleons, FD flush-deck galleons, C corsairs, A Armada strength"))
    out, x, row = [], 10.0, 1
    for symbol, label in items:
        indent = (52 if "battle 1" in symbol else 22) if symbol else 0
        item = indent + 6.6 * len(label) + 18
        if x > 10 and x + item > width - 10:
            x, row = 10.0, row + 1
        out.append(f'<g class="legend-item" transform="translate({x:.1f},{top + 20 * row:.1f})">{symbol}'
                   f'<text x="{indent}" font-size="11" fill="#222">{esc(label)}</text></g>')
        x += item
    return "".join(out), 20.0 * row + 12


def map_svg(sea_map: RenaissanceMap, scenario: RenaissanceScenario | None = None, *, svg_id: str = "map") -> str:
    """The map (and, given a scenario, its units, battles and transports) as one inline ``<svg>``: drawn to
    geography and cropped to the scenario when every sea and port has a position (``geomap``), else the
    schematic below."""
    from admiralty.rulesets.renaissance.site.geomap import geographic_svg, is_geographic  # it imports this module

    if is_geographic(sea_map):
        return geographic_svg(sea_map, scenario, svg_id)
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
