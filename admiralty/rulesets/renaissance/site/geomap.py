"""The renaissance map drawn to geography: used when every sea and port of the map has a ``position``.

The drawing is cropped to what a scenario uses (the seas and ports of its units, leaders, formations and
actions, the ports on those seas, and the seas next to them), or to the whole map on its reference page.
Longitude and latitude are projected plate carrée, stretched by the cosine of the middle latitude so that
shapes keep their proportions; north is up. The coast is Natural Earth's (``coast``). A sea zone has no
outline in the map document, so each is tinted over the area nearer its position than any other sea's
(a Voronoi cell): enough to show which water is Atlantic and which Mediterranean (RN-dice), which is all
the rules ask of a zone's extent.

Every word on the map is a ``map-label`` whose ``data-px`` is its size in screen pixels: the shared map
viewer (mapview.js) keeps that size at every zoom and hides a label that would overlap another, in
``data-priority`` order, and a sea name (``data-sea``) that would sit on land.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import voronoi_diagram

from admiralty.rulesets.renaissance.engine.model import (
    Battle,
    Port,
    RenaissanceMap,
    RenaissanceScenario,
    Sea,
    Transport,
    sea_graph,
)
from admiralty.rulesets.renaissance.site import coast
from admiralty.rulesets.renaissance.site.map import (
    BATTLE,
    SEA_FILLS,
    TRANSPORT,
    _legend,
    power_colour,
    power_name,
    unit_chips,
)
from admiralty.site.text import attr, esc, slug

LonLat = tuple[float, float]
WIDTH = 760.0  # SVG units; the page shows the figure about this wide, so one unit is about one pixel
MARGIN_DEGREES = 0.7  # room round the outermost place for its labels
MIN_SPAN_DEGREES = 3.0  # a crop shows at least this much latitude: a single gulf still has its coasts round it
PORT_SIZE = 7.0
SIZE_PX = {"sea-name": 14, "port-name": 11, "unit-line": 11, "battle": 12, "scale": 11}
PRIORITY = {"sea-name": 1, "battle": 2, "unit-line": 3, "port-name": 4, "scale": 1}
UNITS_FIRST_EM, UNITS_STEP_EM = 1.7, 1.3  # the first unit line under a place's name, and the next ones
NEIGHBOUR_PRIORITY = 5  # a neighbouring sea's name gives way to everything the scenario itself uses
SEA_INK = {"atlantic": "#1f4e79", "mediterranean": "#17594a"}


def is_geographic(sea_map: RenaissanceMap) -> bool:
    """True when every sea and port has a position: only then can the map be drawn to geography."""
    places: list[Sea | Port] = [*sea_map.seas.values(), *sea_map.ports.values()]
    return bool(sea_map.seas) and all(p.position is not None for p in places)


def scenario_places(scenario: RenaissanceScenario) -> set[str]:
    """The seas and ports a scenario names: where its units, leaders and formations stand, and where its
    battles and transports happen."""
    used = {where for where, by in scenario.units.items() if any(not u.is_empty for u in by.values())}
    used |= {leader.at for leader in scenario.leaders.values() if leader.at is not None}
    used |= {formation.at for formation in scenario.formations.values()}
    for action in scenario.actions:
        used |= {action.at} if isinstance(action, Battle) else {action.from_port, action.to_port}
    return used


def _seas_in_use(sea_map: RenaissanceMap, used: set[str]) -> set[str]:
    """The seas a scenario uses: the seas among its places, and the seas its ports open on."""
    used_seas = {p for p in used if p in sea_map.seas}
    # A port's seas count only when none of them is in use already: Syracuse, where a relief waits to
    # cross the Malta Channel, must not pull the whole Ionian into the picture.
    used_seas |= {s for p in used if p in sea_map.ports and not used_seas & set(sea_map.ports[p].seas)
                  for s in sea_map.ports[p].seas}
    return used_seas


def _neighbours(sea_map: RenaissanceMap, used_seas: set[str]) -> set[str]:
    """The seas next to the ones in use but not in use themselves: where a beaten fleet may retreat (RN-9)."""
    return {b if a in used_seas else a for a, b in sea_map.adjacency if (a in used_seas) != (b in used_seas)}


def cropped_places(sea_map: RenaissanceMap, scenario: RenaissanceScenario | None
                   ) -> tuple[list[str], list[str], list[str]]:
    """(seas, neighbouring seas, ports) to draw, in map order. For a scenario: the seas it uses (its places
    and the seas its ports open on), the seas next to those (where a beaten fleet may retreat, RN-9) and the
    ports on its seas; the crop is fitted to the first and the ports. Without one: everything."""
    if scenario is None:
        return list(sea_map.seas), [], list(sea_map.ports)
    used = scenario_places(scenario)
    used_seas = _seas_in_use(sea_map, used)
    neighbours = _neighbours(sea_map, used_seas)
    seas = [s for s in sea_map.seas if s in used_seas]
    ports = [p.id for p in sea_map.ports.values() if p.id in used or any(s in used_seas for s in p.seas)]
    return seas, [s for s in sea_map.seas if s in neighbours], ports


ARROWS = "→↗↑↖←↙↓↘"  # east, then anticlockwise by 45 degrees


@dataclass(frozen=True)
class Frame:
    """The crop, in degrees, and its projection onto the SVG (x east, y down)."""

    west: float
    south: float
    east: float
    north: float
    stretch: float  # cos(middle latitude): a degree of longitude is this much of a degree of latitude
    scale: float  # SVG units per degree of latitude

    @property
    def width(self) -> float:
        return (self.east - self.west) * self.stretch * self.scale

    @property
    def height(self) -> float:
        return (self.north - self.south) * self.scale

    def point(self, lonlat: LonLat) -> tuple[float, float]:
        return ((lonlat[0] - self.west) * self.stretch * self.scale, (self.north - lonlat[1]) * self.scale)

    def km_per_unit(self) -> float:
        return 111.2 / self.scale  # a degree of latitude is 111.2 km


def frame_for(points: Iterable[LonLat], names: Iterable[tuple[LonLat, str]] = (),
              below: Iterable[tuple[LonLat, float]] = ()) -> Frame:
    """The crop round ``points`` with a margin, at ``WIDTH`` SVG units wide: wide enough for each port name
    of ``names`` to fit east of its port, deep enough for the lines ``below`` a place (its units, in SVG
    units) to fit under it; kept no taller than wide so that a long north-south theatre does not become a
    thin strip."""
    lons, lats = zip(*points, strict=True)
    names, below = list(names), list(below)
    frame = _frame(min(lons) - MARGIN_DEGREES, min(lats) - MARGIN_DEGREES, max(lons) + MARGIN_DEGREES * 2.5,
                   max(lats) + MARGIN_DEGREES)
    for _ in range(4):  # growing changes the scale, so a name may need a little more: a few rounds settle it
        east = max((frame.point(at)[0] + 0.6 * SIZE_PX["port-name"] * (len(name) + 2) - frame.width
                    for at, name in names), default=0.0)
        south = max((frame.point(at)[1] + depth - frame.height for at, depth in below), default=0.0)
        if east <= 0 and south <= 0:
            break
        frame = _frame(frame.west, frame.south - max(south, 0.0) / frame.scale,
                       frame.east + max(east, 0.0) / frame.scale / frame.stretch, frame.north)
    return frame


def _frame(west: float, south: float, east: float, north: float) -> Frame:
    if north - south < MIN_SPAN_DEGREES:
        south, north = (south + north - MIN_SPAN_DEGREES) / 2, (south + north + MIN_SPAN_DEGREES) / 2
    stretch = math.cos(math.radians((south + north) / 2))
    too_tall = (north - south) - (east - west) * stretch
    if too_tall > 0:  # widen east and west equally
        west, east = west - too_tall / stretch / 2, east + too_tall / stretch / 2
    return Frame(west, south, east, north, stretch, WIDTH / ((east - west) * stretch))


def _path(geometry: BaseGeometry, frame: Frame) -> str:
    """An SVG path (``M ... Z`` per ring, holes included: the even-odd rule cuts them) of polygons."""
    parts: list[str] = []
    for polygon in getattr(geometry, "geoms", [geometry]):
        if not isinstance(polygon, Polygon) or polygon.is_empty:
            continue
        for ring in (polygon.exterior, *polygon.interiors):
            points = [frame.point((x, y)) for x, y in ring.coords[:-1]]
            parts.append("M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points) + " Z")
    return " ".join(parts)


def label(kind: str, text: str, x: float, y: float, extra: str = "", sea: bool = False,
          priority: int | None = None) -> str:
    """A ``map-label`` text element; at the nominal width one SVG unit is one screen pixel. Where labels
    collide the viewer keeps the lower ``data-priority`` (by default the kind's); a unit line, the forces the
    scenario is about, must show (``data-must``): the viewer moves it to a free spot instead."""
    px = SIZE_PX[kind]
    return (f'<text class="map-label {kind}" data-px="{px}" data-priority="{priority or PRIORITY[kind]}"'
            + (' data-sea="1"' if sea else "") + (' data-must="1"' if kind == "unit-line" else "")
            + f' x="{x:.1f}" y="{y:.1f}" font-size="{px}" {extra}>{text}</text>')


def _sea_cells(sea_map: RenaissanceMap, frame: Frame, view: Polygon) -> list[str]:
    """Each sea's Voronoi cell inside the view, tinted by its kind; the land drawn over it hides the rest."""
    seas = list(sea_map.seas.values())
    out: list[str] = []
    if len(seas) == 1:
        cells: dict[str, BaseGeometry] = {seas[0].id: view}
    else:
        envelope = box(frame.west - 40, frame.south - 40, frame.east + 40, frame.north + 40)
        diagram = voronoi_diagram(MultiPoint([s.position for s in seas if s.position]), envelope=envelope)
        cells = {}
        for cell in diagram.geoms:
            owner = next((s for s in seas if s.position and cell.contains(Point(s.position))), None)
            if owner is not None:
                cells[owner.id] = cell
    for sea in seas:
        shape = cells.get(sea.id, Polygon()).intersection(view)
        if shape.is_empty:
            continue
        out.append(f'<path class="sea-zone sea-{attr(sea.kind)}" data-sea-zone="{attr(sea.id)}" '
                   f'd="{_path(shape, frame)}" fill="{SEA_FILLS.get(sea.kind, "#ddd")}" stroke="#ffffff" '
                   f'stroke-width="1.5" stroke-dasharray="5 3"><title>{esc(f"{sea.name} ({sea.kind})")}</title></path>')
    return out


def _land(frame: Frame, view: Polygon) -> str:
    pieces = [polygon.intersection(view) for polygon in coast.land() if polygon.intersects(view)]
    return "".join(f'<path class="land" d="{_path(piece, frame)}" fill="#efe7d4" stroke="#a89878" '
                   'stroke-width="0.8" fill-rule="evenodd"/>' for piece in pieces if not piece.is_empty)


def _scale_bar(frame: Frame, height: float) -> str:
    """A bar of a round number of km, about a fifth of the width."""
    target = frame.width / 5 * frame.km_per_unit()
    km = next(k for k in (25, 50, 100, 200, 250, 500, 1000, 2000) if k >= target * 0.6)
    length = km / frame.km_per_unit()
    x, y = 12.0, height - 14.0
    return (f'<g class="scale-bar"><rect x="{x}" y="{y:.1f}" width="{length:.1f}" height="4" fill="#222"/>'
            + label("scale", f"{km} km", x, y - 5) + "</g>")


def _compass(x: float, y: float) -> str:
    return (f'<g class="compass" transform="translate({x:.1f},{y:.1f})"><path d="M0,-16 L6,4 L0,0 L-6,4 Z" '
            'fill="#222"/><text y="-19" font-size="11" text-anchor="middle" fill="#222">N</text></g>')


def edge_point(frame: Frame, lonlat: LonLat, half_width: float) -> tuple[float, float, str]:
    """Where to write the name (``half_width`` SVG units either side) of a sea: at its point, moved in just
    enough for the whole name to fit, when the point is inside the crop; else on the way from the centre
    towards it, just inside the edge, with an arrow pointing at it (a neighbouring sea beyond the crop)."""
    x, y = frame.point(lonlat)
    width, height, inset_y = frame.width, frame.height, 16.0
    inset_x = min(half_width + 18.0, width / 2 - 1)
    if 0 <= x <= width and 0 <= y <= height:  # inside: nudged in so that the whole name shows, no arrow
        return min(max(x, inset_x), width - inset_x), min(max(y, inset_y), height - inset_y), ""
    cx, cy = width / 2, height / 2
    dx, dy = x - cx, y - cy
    reach = min((cx - inset_x) / abs(dx) if dx else math.inf, (cy - inset_y) / abs(dy) if dy else math.inf)
    octant = round(math.atan2(-dy, dx) / (math.pi / 4)) % 8
    return cx + dx * reach, cy + dy * reach, ARROWS[octant]


def _places(sea_map: RenaissanceMap, seas: list[str], neighbours: list[str], ports: list[str], frame: Frame,
            svg_id: str) -> list[str]:
    out: list[str] = []
    for sea_id in seas + neighbours:
        sea = sea_map.seas[sea_id]
        x, y, arrow = edge_point(frame, sea.position or (0.0, 0.0), 0.3 * SIZE_PX["sea-name"] * (len(sea.name) + 2))
        words = esc(sea.name) if not arrow else (f"{arrow} {esc(sea.name)}" if arrow in ARROWS[2:7]
                                                 else f"{esc(sea.name)} {arrow}")
        out.append(f'<g class="sea sea-{attr(sea.kind)}" id="{attr(svg_id)}-sea-{attr(slug(sea.id))}" '
                   f'data-sea="{attr(sea.id)}"><title>{esc(f"{sea.name} ({sea.kind})")}</title>'
                   + label("sea-name", words, x, y, f'text-anchor="middle" dominant-baseline="central" '
                           f'font-style="italic" fill="{SEA_INK.get(sea.kind, "#183a52")}"', sea=True,
                           priority=NEIGHBOUR_PRIORITY if sea_id in neighbours else None)
                   + "</g>")
    for port_id in ports:
        port = sea_map.ports[port_id]
        x, y = frame.point(port.position or (0.0, 0.0))
        out.append(f'<g class="port" id="{attr(svg_id)}-port-{attr(slug(port.id))}" data-port="{attr(port.id)}" '
                   f'data-power="{attr(port.power)}"><title>{esc(f"{port.name}, held by {power_name(port.power)}")}'
                   f'</title><rect x="{x - PORT_SIZE / 2:.1f}" y="{y - PORT_SIZE / 2:.1f}" width="{PORT_SIZE}" '
                   f'height="{PORT_SIZE}" fill="{attr(power_colour(port.power))}" stroke="#222" stroke-width="0.8"/>'
                   + label("port-name", esc(port.name), x, y, 'dx="0.7em" dominant-baseline="central" fill="#222"')
                   + "</g>")
    return out


def sea_route(sea_map: RenaissanceMap, transport: Transport) -> list[str]:
    """The ports and, between them, the fewest sea zones a transport crosses (RN-16.3), so that its arrow
    goes by sea and not over land; the route actually sailed depends on where the power's ships are."""
    graph = sea_graph(sea_map)
    start, end = sea_map.ports[transport.from_port].seas, sea_map.ports[transport.to_port].seas
    shared = [s for s in start if s in end]
    if shared:
        return [transport.from_port, shared[0], transport.to_port]
    paths = [nx.shortest_path(graph, a, b) for a in start for b in end if nx.has_path(graph, a, b)]
    best: list[str] = min(paths, key=len, default=[])
    return [transport.from_port, *best, transport.to_port]


def _smooth(points: list[tuple[float, float]]) -> str:
    """A path through the first and last point, curving through the middles of the legs between."""
    if len(points) < 3:
        (x1, y1), (x2, y2) = points[0], points[-1]
        return f"M{x1:.1f},{y1:.1f} L{x2:.1f},{y2:.1f}"
    out = [f"M{points[0][0]:.1f},{points[0][1]:.1f}"]
    for (ax, ay), (bx, by) in itertools.pairwise(points[1:]):
        out.append(f"Q{ax:.1f},{ay:.1f} {(ax + bx) / 2 if (bx, by) != points[-1] else bx:.1f},"
                   f"{(ay + by) / 2 if (bx, by) != points[-1] else by:.1f}")
    return " ".join(out)


def _positions(sea_map: RenaissanceMap) -> dict[str, LonLat | None]:
    """Every sea's and port's position by id."""
    return {**{s.id: s.position for s in sea_map.seas.values()}, **{p.id: p.position for p in sea_map.ports.values()}}


def _unit_lines(scenario: RenaissanceScenario, frame: Frame, at: dict[str, LonLat | None]) -> list[str]:
    """Each place's units per power, one line each under the place's name: a swatch in the power's colour and
    ``Hapsburg 3G``."""
    texts: list[str] = []
    for where, chips in unit_chips(scenario).items():
        x, y = frame.point(at[where] or (0.0, 0.0))
        # Below the sea's (larger) name or the port's, one line apart: in the label's own em, with room for
        # the boxes the viewer compares (about 1.2em tall each), so that none hides the next.
        first = UNITS_FIRST_EM if where in scenario.map.seas else UNITS_FIRST_EM - 0.3
        for i, (text, colour, tip, data) in enumerate(chips):
            # Centred by hand (about 0.55em a character) and kept inside the frame: the viewer hides a label
            # that crosses the edge.
            half = 0.275 * SIZE_PX["unit-line"] * (len(text) + 2)
            left = min(max(x - half, 4.0), frame.width - 2 * half - 4)
            texts.append(f'<g class="units" {data}><title>{esc(tip)}</title>'
                         + label("unit-line", f'<tspan fill="{attr(colour)}">\u25a0</tspan> {esc(text)}', left, y,
                                 f'dy="{first + UNITS_STEP_EM * i:.2f}em" '
                                 'dominant-baseline="central" fill="#111"') + "</g>")
    return texts


def _battle_labels(scenario: RenaissanceScenario, frame: Frame, at: dict[str, LonLat | None]) -> list[str]:
    """The scripted battles, numbered in script order, one label per place (``battles 2, 5``)."""
    battles: dict[str, list[int]] = {}
    for number, action in enumerate(scenario.actions, 1):
        if isinstance(action, Battle):
            battles.setdefault(action.at, []).append(number)
    texts: list[str] = []
    for where, numbers in battles.items():
        x, y = frame.point(at[where] or (0.0, 0.0))
        words = ("battle " if len(numbers) == 1 else "battles ") + ", ".join(map(str, numbers))
        tip = "; ".join(f"{n}. {power_name(b.attacker)} attacks {power_name(b.defender)}"
                        for n in numbers for b in [scenario.actions[n - 1]] if isinstance(b, Battle))
        offset = ('dy="-1.45em" text-anchor="middle"' if where in scenario.map.seas
                  else 'dx="-0.8em" text-anchor="end"')
        texts.append(f'<g class="action action-combat" data-action="{numbers[0]}" data-actions="'
                     f'{" ".join(map(str, numbers))}"><title>{esc(tip)}</title>'
                     + label("battle", esc(words), x, y, f'{offset} dominant-baseline="central" font-weight="bold" '
                             f'fill="{BATTLE}"') + "</g>")
    return texts


def _transport_arrows(scenario: RenaissanceScenario, frame: Frame, at: dict[str, LonLat | None],
                      svg_id: str) -> list[str]:
    """A dashed arrow per scripted transport, from port to port by sea (RN-16.3)."""
    arrows: list[str] = []
    for number, action in enumerate(scenario.actions, 1):
        if isinstance(action, Transport):
            route = [frame.point(at[place] or (0.0, 0.0)) for place in sea_route(scenario.map, action)]
            formation = scenario.formations.get(action.formation)
            what = f"{number}. {power_name(action.power)} carries {formation.name if formation else action.formation}"
            arrows.append(f'<g class="action action-transport" data-action="{number}"><title>{esc(what)}</title>'
                          f'<path d="{_smooth(route)}" fill="none" stroke="{TRANSPORT}" stroke-width="2.5" '
                          f'stroke-dasharray="7 4" marker-end="url(#{attr(svg_id)}-arrow)"/></g>')
    return arrows


def _overlay(scenario: RenaissanceScenario, frame: Frame, svg_id: str) -> tuple[list[str], list[str]]:
    """Transport arrows under everything, then each place's units per power (a swatch in the power's
    colour and ``Hapsburg 3G``), then the numbered scripted battles."""
    at = _positions(scenario.map)
    return (_transport_arrows(scenario, frame, at, svg_id),
            _unit_lines(scenario, frame, at) + _battle_labels(scenario, frame, at))


def _crop_frame(sea_map: RenaissanceMap, scenario: RenaissanceScenario | None, seas: list[str],
                ports: list[str]) -> Frame:
    """The crop around the seas and ports drawn, with room for the ports' names and each place's unit lines."""
    places = [sea_map.seas[s].position for s in seas] + [sea_map.ports[p].position for p in ports]
    names = [(port.position, port.name) for port in (sea_map.ports[p] for p in ports) if port.position is not None]
    at = _positions(sea_map)
    stacks = [(position, (UNITS_FIRST_EM + UNITS_STEP_EM * len(chips)) * SIZE_PX["unit-line"])
              for where, chips in (unit_chips(scenario).items() if scenario else ()) if (position := at[where])]
    return frame_for([p for p in places if p is not None], names, stacks)


def _map_legend(sea_map: RenaissanceMap, scenario: RenaissanceScenario | None, places: tuple[list[str], ...],
                frame: Frame) -> tuple[str, float]:
    """The legend under the map: the scenario's powers and the drawn ports' owners, and the sea kinds drawn."""
    seas, neighbours, ports = places
    powers = list(dict.fromkeys([*(scenario.powers if scenario else ()), *(sea_map.ports[p].power for p in ports)]))
    kinds = [k for k in ("mediterranean", "atlantic") if any(sea_map.seas[s].kind == k for s in seas + neighbours)]
    return _legend(powers, frame.height, frame.width, scenario is not None, kinds=kinds, geographic=True)


def geographic_svg(sea_map: RenaissanceMap, scenario: RenaissanceScenario | None, svg_id: str) -> str:
    """The map to geography, cropped (see the module's docstring), as one inline ``<svg>``: the map in an
    inner pane that the viewer pans and zooms, the legend below it."""
    seas, neighbours, ports = cropped_places(sea_map, scenario)
    frame = _crop_frame(sea_map, scenario, seas, ports)
    view = box(frame.west, frame.south, frame.east, frame.north)
    width, height = frame.width, frame.height
    legend, legend_height = _map_legend(sea_map, scenario, (seas, neighbours, ports), frame)
    title = f"Map: {scenario.title if scenario else sea_map.title}"
    arrows, texts = _overlay(scenario, frame, svg_id) if scenario else ([], [])
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map renaissance-map geographic" '
        f'id="{attr(svg_id)}" viewBox="0 0 {width:.1f} {height + legend_height + 16:.1f}" width="{width:.0f}" '
        f'height="{height + legend_height + 16:.0f}" role="img" aria-label="{attr(title)}" font-family="sans-serif">',
        f"<title>{esc(title)}</title>",
        f'<defs><marker id="{attr(svg_id)}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
        f'markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{TRANSPORT}"/>'
        "</marker></defs>",
        f'<svg class="map-pane" x="0" y="0" width="{width:.1f}" height="{height:.1f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}">',
        f'<rect class="sea-ground" width="{width:.1f}" height="{height:.1f}" fill="#dfe9f1"/>',
        '<g class="seas-tint">', *_sea_cells(sea_map, frame, view), "</g>",
        f'<g class="lands">{_land(frame, view)}</g>',
        '<g class="routes">', *arrows, "</g>",
        '<g class="places">', *_places(sea_map, seas, neighbours, ports, frame, svg_id), "</g>",
        '<g class="overlay">', *texts, "</g>",
        _scale_bar(frame, height), _compass(width - 22, 30), "</svg>",
        f'<text class="attribution" x="{width - 6:.1f}" y="{height + 12:.1f}" font-size="9" fill="#555" '
        f'text-anchor="end">{esc(coast.ATTRIBUTION)}</text>',
        f'<g class="legend" transform="translate(0,12)">{legend}</g></svg>'])

