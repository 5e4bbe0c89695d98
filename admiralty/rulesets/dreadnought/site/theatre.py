"""The part of the map a scenario is fought in: the rectangle (in the drawing's SVG units) round every zone and
port the scenario uses (starts, orders, ports entered, minefields, objectives and map features) and the home
ports of its sides (every port of a side's nations: where its fleets sail from and run back to, so that the
start view is a wargame map with its coasts, not a crop of open sea), with a margin,
widened or heightened so that it is at most ``MAX_TALL`` times as tall as wide (a full-width map taller than that
does not fit a laptop's screen) and at most ``MAX_WIDE`` times as wide as tall (a ribbon on a phone), and kept
inside the whole map. A scenario that uses most of its map gets the
whole map."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from admiralty.rulesets.dreadnought.engine.model import Point, Scenario, SeaMap

if TYPE_CHECKING:  # the map module draws with the theatre's box
    from admiralty.rulesets.dreadnought.site.map import Frame

Box = tuple[float, float, float, float]  # x, y, width, height in SVG units

MAX_TALL = 1.15
MAX_WIDE = 1.6
MARGIN_SHARE = 0.08  # of the larger side of the used area, at least one grid cell
WHOLE_MAP_SHARE = 0.8  # a crop wider and taller than this share of the map shows the whole map


def used_places(scenario: Scenario) -> list[str]:
    """Every zone or port id the scenario names where the reader should see it."""
    places: list[str] = []
    for side in scenario.sides:
        for fleet in side.fleets:
            places.append(fleet.start)
            for order in fleet.orders:
                places.extend(order.zones)
                if order.kind == "port" and order.target:
                    places.append(order.target)
    for field in scenario.minefields:
        places.extend(field.between)
    for condition in scenario.victory.conditions:
        if condition.target:
            places.append(condition.target)
    for feature in scenario.features:
        places.extend(place for place in feature.places if isinstance(place, str))
    return places


def home_ports(seamap: SeaMap, scenario: Scenario) -> list[str]:
    """Every port of the map that belongs to one of the scenario's sides' nations, in the map's order."""
    nations = {nation for side in scenario.sides for nation in side.nations}
    return [port_id for port_id, port in seamap.ports.items() if port.nation in nations]


def _map_points(seamap: SeaMap, scenario: Scenario) -> list[Point]:
    points: list[Point] = []
    for place in [*used_places(scenario), *home_ports(seamap, scenario)]:
        zone_id = place.replace(" ", "")
        if zone_id in seamap.zones:
            points.extend((float(x), float(y)) for x, y in seamap.zones[zone_id].polygon)
        elif place in seamap.ports:
            at = seamap.ports[place].at
            points.append((float(at[0]), float(at[1])))
    for feature in scenario.features:
        points.extend(place for place in feature.places if not isinstance(place, str))
    return points


def _widen(low: float, span: float, wanted: float, floor: float, ceiling: float) -> tuple[float, float]:
    """Grow ``[low, low + span]`` to ``wanted`` about its middle, shifted back inside ``[floor, ceiling]``."""
    wanted = min(wanted, ceiling - floor)
    low -= (wanted - span) / 2
    low = min(max(low, floor), ceiling - wanted)
    return low, wanted


def theatre_box(seamap: SeaMap, scenario: Scenario, frame: Frame, whole: Box, also: Scenario | None = None) -> Box:
    """The scenario's rectangle inside ``whole`` (the whole map's rectangle), in the frame's SVG units; with
    ``also`` (another version of the scenario on the same map), the rectangle that holds both."""
    points = [frame.point(p) for version in (scenario, also) if version is not None
              for p in _map_points(seamap, version)]
    if not points:
        return whole
    return fit_box(points, whole, (seamap.grid.cell if seamap.grid else 0.0) * frame.scale)


def fit_box(points: Iterable[tuple[float, float]], whole: Box, cell: float) -> Box:
    """The margin, aspect and whole-map rules applied to the points' bounding box."""
    listed = list(points)
    xs, ys = [p[0] for p in listed], [p[1] for p in listed]
    x, y, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    margin = max(cell, MARGIN_SHARE * max(w, h, 1e-9))
    x, y, w, h = x - margin, y - margin, w + 2 * margin, h + 2 * margin
    wx, wy, ww, wh = whole
    if w < h / MAX_TALL:
        x, w = _widen(x, w, h / MAX_TALL, wx, wx + ww)
    if h < w / MAX_WIDE:
        y, h = _widen(y, h, w / MAX_WIDE, wy, wy + wh)
    x, w = _widen(x, w, w, wx, wx + ww)  # only shifted (and trimmed) back inside the map
    y, h = _widen(y, h, h, wy, wy + wh)
    if w > ww * WHOLE_MAP_SHARE and h > wh * WHOLE_MAP_SHARE:
        return whole
    return (round(x, 2), round(y, 2), round(w, 2), round(h, 2))
