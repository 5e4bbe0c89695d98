"""The operational map as inline SVG, drawn from the model's geometry.

One ``<polygon class="zone" data-zone="ID">`` per sea zone, land in its nation's colour, ports as marked
points with names, and, for a scenario, minefields along zone borders and each side's start positions and
written routes in the side's colour, with a legend. Map y runs north, SVG y runs down: every point is
flipped on the way out (text is placed, never transformed, so labels stay upright).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from admiralty.engine.rulesets.dreadnought.model import Fleet, Point, SeaMap
from admiralty.site.colours import nation_colour, side_colour
from admiralty.site.text import attr, esc

MINE_COLOUR = "#111111"
DRAWING_SIZE = 800.0
PAD = 12.0
LEGEND_ROW = 22.0
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


def label_points(seamap: SeaMap, centres: dict[str, Point]) -> dict[str, Point]:
    """Where each zone's id goes: north of its centre (routes run through the centres), inside the zone."""
    points: dict[str, Point] = {}
    for zone_id, zone in seamap.zones.items():
        x, y = centres[zone_id]
        shape = Polygon(zone.polygon)
        lift = (shape.bounds[3] - shape.bounds[1]) * 0.3
        points[zone_id] = (x, y + lift) if shape.contains(ShapelyPoint(x, y + lift)) else (x, y)
    return points


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
        out.append(f'<path class="land" data-land="{attr(land.id)}" data-nation="{attr(land.nation)}" '
                   f'fill="{attr(nation_colour(land.nation))}" fill-rule="evenodd" d="{d}">'
                   f'<title>{esc(land.name)}</title></path>')
    return out


def _ports(seamap: SeaMap, frame: Frame, size: float) -> list[str]:
    out = []
    for port in seamap.ports.values():
        x, y = frame.point(port.at)
        out.append(f'<g class="port" data-port="{attr(port.id)}"><circle cx="{x}" cy="{y}" r="{size * 0.28:.1f}">'
                   f'<title>{esc(port.name)}</title></circle>'
                   f'<text class="port-label" x="{x + size * 0.5:.1f}" y="{y - size * 0.4:.1f}" '
                   f'font-size="{size * 0.85:.1f}">{esc(port.name)}</text></g>')
    return out


def _scenario_layers(scenario: Any, seamap: SeaMap, frame: Frame, centres: dict[str, Point], size: float,
                     svg_id: str) -> tuple[list[str], list[str]]:
    """Minefields, routes and start markers; returns (defs, shapes)."""
    defs: list[str] = []
    shapes: list[str] = []
    for field in getattr(scenario, "minefields", ()):
        lines = border(seamap, *field.between)
        for line in lines:
            shapes.append(f'<polyline class="minefield" data-between="{attr("/".join(field.between))}" '
                          f'stroke="{MINE_COLOUR}" points="{frame.points(line.coords)}">'
                          f'<title>{esc("minefield " + " / ".join(field.between) + " (" + field.owner + ")")}</title>'
                          '</polyline>')
    number = 0
    for index, side in enumerate(getattr(scenario, "sides", ())):
        colour = side_colour(index)
        marker = f"{svg_id}-arrow-{index}"
        defs.append(f'<marker id="{attr(marker)}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
                    f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/>'
                    '</marker>')
        for fleet in side.fleets:
            offset = (number % 5 - 2) * size * 0.15  # parallel, not on top of each other
            number += 1
            points = route_points(fleet, seamap, centres)
            shifted = [(x + offset, y + offset) for x, y in (frame.point(p) for p in points)]
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
    return defs, shapes


def _legend(seamap: SeaMap, scenario: Any, top: float, width: float) -> tuple[list[str], float]:
    """Legend entries flowed left to right and wrapped; widths estimated from the text length."""
    items: list[tuple[str, str, float]] = []  # (symbol, label, label x)
    for nation in sorted({land.nation for land in seamap.land}):
        items.append((f'<rect width="14" height="10" y="-9" fill="{attr(nation_colour(nation))}" stroke="#777"/>',
                      nation, 20))
    if seamap.ports:
        items.append(('<circle class="legend-port" cx="7" cy="-4" r="3.5"/>', "port", 20))
    if getattr(scenario, "minefields", ()):
        items.append((f'<line class="minefield" x1="0" y1="-4" x2="14" y2="-4" stroke="{MINE_COLOUR}"/>', "minefield",
                      20))
    for index, side in enumerate(getattr(scenario, "sides", ())):
        colour = side_colour(index)
        items.append((f'<path d="M7,-10 L13,-4 L7,2 L1,-4 Z" fill="{colour}"/><line x1="14" y1="-4" x2="30" y2="-4" '
                      f'stroke="{colour}" stroke-width="2"/>', f"{side.name}: start, route", 36))
    out = []
    x, row = PAD, 1
    for symbol, label, text_x in items:
        item_width = text_x + 7.0 * len(label) + 24
        if x > PAD and x + item_width > width - PAD:
            x, row = PAD, row + 1
        out.append(f'<g class="legend-item" transform="translate({x:.1f},{top + LEGEND_ROW * row:.1f})">{symbol}'
                   f'<text x="{text_x}">{esc(label)}</text></g>')
        x += item_width
    return out, (row * LEGEND_ROW + PAD) if items else 0.0


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


def drawing(seamap: SeaMap) -> Drawing:
    """The map's static layers, drawn once per map and kept on it (every scenario on a map shares its object)."""
    return seamap.derived("site.drawing", lambda: _draw(seamap))


def _draw(seamap: SeaMap) -> Drawing:
    frame = frame_for(seamap)
    size = _label_size(seamap, frame)
    centres = zone_centres(seamap)
    labels = "".join(f'<text class="zone-label" x="{x}" y="{y}" font-size="{size}">{esc(zone_id)}</text>'
                     for zone_id, (x, y) in ((z, frame.point(c)) for z, c in label_points(seamap, centres).items()))
    return Drawing(frame, size, centres, "".join(_zones(seamap, frame)), "".join(_land(seamap, frame)), labels,
                   "".join(_ports(seamap, frame, size)))


def map_svg(seamap: SeaMap, scenario: Any = None, *, svg_id: str = "map") -> str:
    """The map (and, given a scenario, its minefields, starts and written routes) as one inline ``<svg>``."""
    base = drawing(seamap)
    frame = base.frame
    width = max(frame.width, MIN_WIDTH)
    defs, overlay = (_scenario_layers(scenario, seamap, frame, base.centres, base.size, svg_id) if scenario
                     else ([], []))
    legend, legend_height = _legend(seamap, scenario, frame.height, width)
    height = frame.height + legend_height
    title = getattr(scenario, "title", None) or seamap.title
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map" id="{attr(svg_id)}" '
             f'viewBox="0 0 {width:.1f} {height:.1f}" width="{width:.0f}" height="{height:.0f}" role="img" '
             f'aria-label="{attr("Map: " + title)}">',
             f"<title>{esc('Map: ' + title)}</title>",
             f"<defs>{''.join(defs)}</defs>" if defs else "",
             f'<g class="zones">{base.zones}</g><g class="lands">{base.lands}</g><g class="labels">{base.labels}</g>',
             '<g class="overlay">', *overlay, "</g>",
             f'<g class="ports">{base.ports}</g>',
             '<g class="legend">', *legend, "</g>",
             "</svg>"]
    return "".join(parts)
