"""The operational map as inline SVG, drawn from the model's geometry.

One ``<polygon class="zone" data-zone="ID">`` per sea zone, land in its nation's colour, ports as marked
points with names, and, for a scenario, minefields along zone borders and each side's start positions and
written routes in the side's colour, with a legend. Map y runs north, SVG y runs down: every point is
flipped on the way out (text is placed, never transformed, so labels stay upright).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry.base import BaseGeometry

from admiralty.rulesets.dreadnought.engine.model import Fleet, Point, Scenario, SeaMap
from admiralty.rulesets.dreadnought.engine.routes import PlannedRoute, planned_or_written
from admiralty.rulesets.dreadnought.site import bundles, labels
from admiralty.rulesets.dreadnought.site.features import feature_shapes
from admiralty.rulesets.dreadnought.site.legend import legend_html, route_key_html
from admiralty.rulesets.dreadnought.site.theatre import Box, theatre_box
from admiralty.site.colours import is_neutral, land_colour, side_colour
from admiralty.site.text import attr, esc

MINE_COLOUR = "#111111"
DRAWING_SIZE = 800.0
PAD = 12.0
MIN_WIDTH = 400.0


@dataclass(frozen=True)
class Frame:
    """Map units to SVG units: scale, then flip y so that north is up."""

    min_x: float
    max_y: float
    scale: float
    width: float
    height: float

    def point(self, p: Sequence[float]) -> tuple[float, float]:
        return (round((p[0] - self.min_x) * self.scale + PAD, 2), round((self.max_y - p[1]) * self.scale + PAD, 2))

    def points(self, ring: Iterable[Sequence[float]]) -> str:
        return " ".join(f"{x},{y}" for x, y in (self.point(p) for p in ring))


def frame_for(seamap: SeaMap) -> Frame:
    """The frame that fits every zone, land mass and port of the map into the drawing."""
    xs: list[float] = []
    ys: list[float] = []
    rings = [zone.polygon for zone in seamap.zones.values()]
    rings += [ring for land in seamap.land for ring in land.polygons]
    for ring in rings:
        xs.extend(p[0] for p in ring)
        ys.extend(p[1] for p in ring)
    for port in seamap.ports.values():
        xs.append(port.at[0])
        ys.append(port.at[1])
    if not xs:
        return Frame(0.0, 1.0, 1.0, 2 * PAD, 2 * PAD)
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    scale = DRAWING_SIZE / span
    return Frame(min(xs), max(ys), scale, (max(xs) - min(xs)) * scale + 2 * PAD,
                 (max(ys) - min(ys)) * scale + 2 * PAD)


def zone_centres(seamap: SeaMap) -> dict[str, Point]:
    """Each zone's centroid (its representative point when the centroid falls outside a concave zone)."""
    centres: dict[str, Point] = {}
    for zone_id, zone in seamap.zones.items():
        shape = Polygon(zone.polygon)
        centre = shape.centroid if shape.is_valid and shape.contains(shape.centroid) else shape.representative_point()
        centres[zone_id] = (centre.x, centre.y)
    return centres


def _label_size(seamap: SeaMap, frame: Frame) -> float:
    areas = [Polygon(zone.polygon).area for zone in seamap.zones.values()]
    side = (statistics.median(areas) ** 0.5) * frame.scale if areas else 20.0
    return round(min(16.0, max(5.0, side * 0.26)), 1)


def _lines(geometry: BaseGeometry) -> list[LineString]:
    if isinstance(geometry, LineString):
        return [geometry] if geometry.length > 0 else []
    if isinstance(geometry, MultiLineString):
        return [line for line in geometry.geoms if line.length > 0]
    return [line for part in getattr(geometry, "geoms", []) for line in _lines(part)]


def border(seamap: SeaMap, a: str, b: str) -> list[LineString]:
    """The shared border of two zones as lines (empty when they do not touch along a side)."""
    if a not in seamap.zones or b not in seamap.zones:
        return []
    first, second = Polygon(seamap.zones[a].polygon), Polygon(seamap.zones[b].polygon)
    return _lines(first.boundary.intersection(second.boundary))


def place_point(seamap: SeaMap, place: str, centres: dict[str, Point]) -> Point | None:
    """Where a start or order names: a port's point or a zone's centre."""
    if place in seamap.ports:
        at = seamap.ports[place].at
        return (float(at[0]), float(at[1]))
    return centres.get(place.replace(" ", ""))


def route_points(fleet: Fleet, seamap: SeaMap, centres: dict[str, Point]) -> list[Point]:
    """The written route: the start, then every zone or port the orders enter, in order (DN-5.1)."""
    points: list[Point] = []
    start = place_point(seamap, fleet.start, centres)
    if start is not None:
        points.append(start)
    for order in fleet.orders:
        stops: list[Point | None] = []
        if order.kind == "move":
            stops = [centres.get(zone) for zone in order.zones]
        elif order.kind == "port" and order.target:
            stops = [place_point(seamap, order.target, centres)]
        for stop in stops:
            if stop is not None and (not points or points[-1] != stop):
                points.append(stop)
    return points


def turn_stops(fleet: Fleet, seamap: SeaMap, centres: dict[str, Point], shifted: list[tuple[float, float]],
               planned: PlannedRoute | None = None) -> list[tuple[int, tuple[float, float]]]:
    """The turn each route point is reached on (DN-5.1: one order a turn, on the turn the planned route carries
    it out: ``engine.routes``), at the drawn (offset) point; a point reached on several turns keeps the first."""
    out: list[tuple[int, tuple[float, float]]] = []
    index = 0
    points = route_points(fleet, seamap, centres)
    for number, order in enumerate(fleet.orders):
        turn = planned.turn_of_order(number) if planned is not None else number + 1
        stops = order.zones if order.kind == "move" else ([order.target] if order.kind == "port" and order.target
                                                          else [])
        for stop in stops:
            at = place_point(seamap, stop, centres) if stop else None
            if at is not None and index + 1 < len(points) and points[index + 1] == at:
                index += 1
                out.append((turn, shifted[index]))
    return out


def _zones(seamap: SeaMap, frame: Frame) -> list[str]:
    out = []
    for zone_id, zone in seamap.zones.items():
        kind = seamap.topology.kinds.get(zone_id) or zone.kind or "sea"
        tip = zone_id if zone.name in ("", zone_id) else f"{zone_id} {zone.name}"
        out.append(f'<polygon class="zone zone-{attr(kind)}" data-zone="{attr(zone_id)}" '
                   f'points="{frame.points(zone.polygon)}"><title>{esc(tip)}</title></polygon>')
    return out


def _land(seamap: SeaMap, frame: Frame) -> list[str]:
    out = []
    for land in seamap.land:
        d = " ".join("M" + " L".join(f"{x},{y}" for x, y in (frame.point(p) for p in ring)) + " Z"
                     for ring in land.polygons)
        kind = "land neutral" if is_neutral(land.name) else "land"
        out.append(f'<path class="{kind}" data-land="{attr(land.id)}" data-nation="{attr(land.nation)}" '
                   f'fill="{attr(land_colour(land.nation, land.name))}" fill-rule="evenodd" d="{d}">'
                   f'<title>{esc(land.name)}</title></path>')
    return out


def _ports(seamap: SeaMap, frame: Frame, size: float) -> list[str]:
    out = []
    for port in seamap.ports.values():
        x, y = frame.point(port.at)
        out.append(f'<g class="port" data-port="{attr(port.id)}"><circle cx="{x}" cy="{y}" r="{size * 0.28:.1f}">'
                   f"<title>{esc(port.name)}</title></circle></g>")
    return out


def _route_labels(fleet: Fleet, number: int, colour: str, seamap: SeaMap, centres: dict[str, Point],
                  shifted: list[tuple[float, float]], unit: float, planned: PlannedRoute | None) -> list[labels.Word]:
    """The fleet's number from the route key, above the drawn route's point farthest from its start (fleets
    mostly start together in port and part at sea), and the turn each stop is reached on (DN-5.1); placed
    together with every other fleet's by ``labels.place_words``."""
    sx, sy = shifted[0]
    far = max(shifted, key=lambda p: (p[0] - sx) ** 2 + (p[1] - sy) ** 2)
    lift = (0.9 if far != shifted[0] else 1.1) * labels.SIZE_PX["route-label"] * unit
    extra = f'fill="{colour}" data-fleet="{attr(fleet.id)}"'
    out = [labels.Word("route-label", str(number), far[0], far[1] - lift, extra)]
    out += [labels.Word("route-turn", str(turn), x, y, extra)
            for turn, (x, y) in turn_stops(fleet, seamap, centres, shifted, planned)]
    return out


def _fleet_ports(scenario: Scenario, seamap: SeaMap) -> set[str]:
    """The ports the scenario's fleets start from or are ordered into: their names must show on its map."""
    ports = {fleet.start for side in scenario.sides for fleet in side.fleets}
    ports |= {order.target for side in scenario.sides for fleet in side.fleets
              for order in fleet.orders if order.kind == "port" and order.target}
    return {port for port in ports if port in seamap.ports}


def _objectives(scenario: Scenario, seamap: SeaMap, frame: Frame, centres: dict[str, Point], size: float) -> list[str]:
    """A ring round every place a victory condition names (``reach`` targets)."""
    out = []
    for condition in scenario.victory.conditions:
        at = place_point(seamap, condition.target, centres) if condition.target else None
        if at is not None:
            x, y = frame.point(at)
            out.append(f'<circle class="objective" cx="{x}" cy="{y}" r="{size * 0.9:.1f}"><title>'
                       f'{esc("objective: " + str(condition.target))}</title></circle>')
    return out


def _scenario_layers(scenario: Scenario, seamap: SeaMap, frame: Frame, centres: dict[str, Point], size: float,
                     svg_id: str, unit: float) -> tuple[list[str], list[str], list[str]]:
    """Map features, minefields, routes and start markers; returns (defs, shapes, words): the fleets' numbers and
    turns are drawn above every shape and port, so that no later route covers them."""
    defs: list[str] = []
    shapes: list[str] = []
    words: list[labels.Word] = []
    for field in scenario.minefields:
        lines = border(seamap, *field.between)
        for line in lines:
            shapes.append(f'<polyline class="minefield" data-between="{attr("/".join(field.between))}" '
                          f'stroke="{MINE_COLOUR}" points="{frame.points(line.coords)}">'
                          f'<title>{esc("minefield " + " / ".join(field.between) + " (" + field.owner + ")")}</title>'
                          '</polyline>')
    shapes += feature_shapes(scenario, seamap, frame, centres, unit)
    number = 0
    planned = planned_or_written(scenario)
    drawn = iter(drawn_routes(scenario, seamap, frame, centres, unit))
    for index, side in enumerate(scenario.sides):
        colour = side_colour(index)
        marker = f"{svg_id}-arrow-{index}"
        defs.append(f'<marker id="{attr(marker)}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
                    f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/>'
                    '</marker>')
        for fleet in side.fleets:
            number += 1
            shifted = next(drawn)
            if len(shifted) > 1:
                coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in shifted)
                shapes.append(f'<polyline class="route" data-fleet="{attr(fleet.id)}" data-side="{attr(side.id)}" '
                              f'stroke="{colour}" points="{coords}" marker-end="url(#{attr(marker)})">'
                              f'<title>{esc(fleet.name)}: written route</title></polyline>')
            if shifted:
                x, y = shifted[0]
                r = size * 0.45
                shapes.append(f'<path class="start" data-fleet="{attr(fleet.id)}" data-side="{attr(side.id)}" '
                              f'fill="{colour}" d="M{x:.1f},{y - r:.1f} L{x + r:.1f},{y:.1f} L{x:.1f},{y + r:.1f} '
                              f'L{x - r:.1f},{y:.1f} Z"><title>{esc(fleet.name)} starts at {esc(fleet.start)}'
                              '</title></path>')
            if shifted:
                words += _route_labels(fleet, number, colour, seamap, centres, shifted, unit,
                                       planned.get(fleet.id))
    shapes += _objectives(scenario, seamap, frame, centres, size)
    return defs, shapes, labels.place_words(words, unit)


def drawn_routes(scenario: Scenario, seamap: SeaMap, frame: Frame, centres: dict[str, Point],
                 unit: float) -> list[list[tuple[float, float]]]:
    """Every fleet's route as drawn, in the route key's order: legs that fleets share bundled into parallel lanes
    (``bundles``: tight lines, not a spread of offsets that covered the zone codes)."""
    routes = [[frame.point(p) for p in route_points(fleet, seamap, centres)]
              for side in scenario.sides for fleet in side.fleets]
    return bundles.bundled(routes, bundles.LANE_PX * unit)


@dataclass(frozen=True)
class Drawing:
    """What a map contributes to every drawing of it, computed once per map object."""

    frame: Frame
    size: float
    centres: dict[str, Point]
    zones: str
    lands: str
    labels: str
    ports: str
    blocked: str = ""
    unit: float = 1.0  # SVG units per screen pixel at the nominal width


def drawing(seamap: SeaMap) -> Drawing:
    """The map's static layers, drawn once per map and kept on it (every scenario on a map shares its object)."""
    return seamap.derived("site.drawing", lambda: _draw(seamap))


def _draw(seamap: SeaMap) -> Drawing:
    frame = frame_for(seamap)
    size = _label_size(seamap, frame)
    centres = zone_centres(seamap)
    unit = max(frame.width, MIN_WIDTH) / labels.NOMINAL_PX
    land = labels.land_shape(seamap)
    words = [*labels.zone_labels(seamap, labels.code_points(seamap, land), frame, unit),
             *labels.port_labels(seamap, frame, unit), *labels.country_labels(seamap, frame, unit)]
    blocked = "".join(f'<polyline class="blocked" data-between="{attr("/".join(sorted(pair)))}" '
                      f'points="{frame.points(line.coords)}"><title>{esc("blocked: " + " / ".join(sorted(pair)))}'
                      "</title></polyline>" for pair in seamap.blocked for line in border(seamap, *sorted(pair)))
    return Drawing(frame, size, centres, "".join(_zones(seamap, frame)), "".join(_land(seamap, frame)),
                   "".join(words), "".join(_ports(seamap, frame, size)), blocked, unit)


def _compass(x: float, y: float, r: float) -> str:
    return (f'<g class="compass" transform="translate({x:.1f},{y:.1f})"><title>north is up</title>'
            f'<circle r="{r:.1f}" fill="#fff" fill-opacity="0.85" stroke="#555"/>'
            f'<path d="M0,{-r * 0.85:.1f} L{r * 0.3:.1f},{r * 0.2:.1f} L0,0 Z" fill="#222"/>'
            f'<path d="M0,{-r * 0.85:.1f} L{-r * 0.3:.1f},{r * 0.2:.1f} L0,0 Z" fill="#888"/>'
            f'<text y="{r * 0.75:.1f}" font-size="{r * 0.6:.1f}" text-anchor="middle" font-weight="bold">N</text></g>')


def _scale_bar(seamap: SeaMap, frame: Frame, unit: float, box: Box) -> str:
    """One grid cell (or ten map units) as a bar in the bottom left corner of the shown part of the map, labelled
    in km when the map says how long a unit is, else in map units (and cells)."""
    cell = seamap.grid.cell if seamap.grid is not None else None
    length = float(cell) if cell else 10.0
    bar = length * frame.scale
    x, y = box[0] + 6 * unit, box[1] + box[3] - 8 * unit
    measure = f"{length * seamap.km_per_unit:.0f} km" if seamap.km_per_unit else f"{length:g} map units"
    words = measure + (" = one grid cell" if cell else "")
    return (f'<g class="scale-bar"><rect x="{x:.1f}" y="{y - 2 * unit:.1f}" width="{bar:.1f}" '
            f'height="{3 * unit:.1f}" fill="#222"/>'
            + labels.label("scale-label", words, x, y - 5 * unit, unit) + "</g>")


_FONT_SIZE = re.compile(r'font-size="([0-9.]+)"')


def _rescaled(words: str, factor: float) -> str:
    """The map's labels with their static sizes (for a page without scripts) made right for a crop."""
    return _FONT_SIZE.sub(lambda m: f'font-size="{float(m.group(1)) * factor:.2f}"', words)


def map_svg(seamap: SeaMap, scenario: Scenario | None = None, *, svg_id: str = "map",
            also: Scenario | None = None) -> str:
    """The map (and, given a scenario, its features, minefields, starts, written routes and objectives) as one
    inline ``<svg>``: the map in an inner pane that the viewer pans and zooms, the compass outside it. A scenario's
    pane shows its theatre (``theatre.theatre_box``); its ``data-whole`` is the whole map, for the viewer's
    whole-map button and as far as one may zoom out. ``also``, another version of the scenario on the same map,
    widens the theatre to hold both (a before and an after drawn on the same crop)."""
    base = drawing(seamap)
    frame = base.frame
    width = max(frame.width, MIN_WIDTH)
    whole: Box = (0.0, 0.0, width, frame.height)
    box = theatre_box(seamap, scenario, frame, whole, also) if scenario else whole
    unit = box[2] / labels.NOMINAL_PX
    height = round(width * box[3] / box[2], 1)
    # marks drawn in map units shrink with the crop so that they keep their size on screen
    size = base.size * box[2] / width
    ports = base.ports if box == whole else "".join(_ports(seamap, frame, size))
    words = base.labels if box == whole else _rescaled(base.labels, box[2] / width)
    if scenario:
        words = labels.must_show_ports(words, _fleet_ports(scenario, seamap))
        words = bundles.codes_clear_of_routes(words, drawn_routes(scenario, seamap, frame, base.centres, unit), seamap,
                                              frame.point, unit)
    defs, overlay, route_words = (_scenario_layers(scenario, seamap, frame, base.centres, size, svg_id, unit)
                                  if scenario else ([], [], []))
    title = (scenario.title if scenario else "") or seamap.title
    view = " ".join(f"{n:.1f}" for n in box)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map" id="{attr(svg_id)}" '
             f'viewBox="0 0 {width:.1f} {height:.1f}" width="{width:.0f}" height="{height:.0f}" role="img" '
             f'aria-label="{attr("Map: " + title)}" font-family="sans-serif">',
             f"<title>{esc('Map: ' + title)}</title>",
             f"<defs>{''.join(defs)}</defs>" if defs else "",
             f'<svg class="map-pane" x="0" y="0" width="{width:.1f}" height="{height:.1f}" viewBox="{view}"'
             + (f' data-whole="0 0 {width:.1f} {frame.height:.1f}">' if box != whole else ">"),
             f'<rect class="sea-ground" width="{width:.1f}" height="{frame.height:.1f}" fill="#f4f8fb"/>',
             f'<g class="zones">{base.zones}</g><g class="lands">{base.lands}</g><g class="borders">{base.blocked}</g>',
             '<g class="overlay">', *overlay, "</g>",
             f'<g class="ports">{ports}</g><g class="labels">{words}{"".join(route_words)}</g>',
             _scale_bar(seamap, frame, unit, box), "</svg>",
             _compass(width - PAD - 16, PAD + 18, 16),
             "</svg>"]
    return "".join(parts)


def map_figure(seamap: SeaMap, scenario: Scenario | None = None, *, svg_id: str = "map") -> str:
    """The drawing with its legend and, for a scenario, the numbered key to its fleets' routes, as HTML."""
    key = route_key_html(scenario, seamap, drawing(seamap).centres) if scenario else ""
    return map_svg(seamap, scenario, svg_id=svg_id) + legend_html(seamap, scenario) + key
