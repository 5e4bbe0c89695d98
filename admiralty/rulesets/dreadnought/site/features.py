"""A scenario's map features (``features:``, an objective line such as the Otranto drifter line, or an area) drawn
on the dreadnought map with their names, and where each fleet's written route goes, turn by turn, for the
numbered key beside the map."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shapely.geometry import MultiPolygon, Polygon
from shapely.ops import unary_union

from admiralty.rulesets.dreadnought.engine.model import Fleet, MapFeature, Point, Scenario, SeaMap
from admiralty.rulesets.dreadnought.engine.routes import PlannedRoute
from admiralty.rulesets.dreadnought.site import labels
from admiralty.site.text import attr, esc

if TYPE_CHECKING:  # the map module draws the features
    from admiralty.rulesets.dreadnought.site.map import Frame

FEATURE_COLOUR = "#b2182b"


def feature_points(feature: MapFeature, seamap: SeaMap, centres: dict[str, Point]) -> list[Point]:
    """The feature's places as map points: a port's point, a zone's centre, a point as written."""
    points: list[Point] = []
    for place in feature.places:
        if not isinstance(place, str):
            points.append((float(place[0]), float(place[1])))
        elif place in seamap.ports:
            at = seamap.ports[place].at
            points.append((float(at[0]), float(at[1])))
        elif place in centres:
            points.append(centres[place])
    return points


def _area_rings(feature: MapFeature, seamap: SeaMap, centres: dict[str, Point]) -> list[Sequence[Sequence[float]]]:
    """An area of zones is their union's outline; an area of points or ports the polygon through them."""
    if all(isinstance(p, str) and p in seamap.zones for p in feature.places):
        shape = unary_union([Polygon(seamap.zones[str(p)].polygon).buffer(0) for p in feature.places])
        parts = shape.geoms if isinstance(shape, MultiPolygon) else [shape]
        return [list(part.exterior.coords) for part in parts if isinstance(part, Polygon) and not part.is_empty]
    return [feature_points(feature, seamap, centres)]


def feature_shapes(scenario: Scenario, seamap: SeaMap, frame: Frame, centres: dict[str, Point],
                   unit: float) -> list[str]:
    """Each feature as a line or an outlined area with a ``<title>`` (its name and notes) and its name as a map
    label at its middle."""
    out: list[str] = []
    for feature in scenario.features:
        tip = feature.name + (": " + feature.notes if feature.notes else "")
        if feature.kind == "area":
            rings = _area_rings(feature, seamap, centres)
            d = " ".join("M" + " L".join(f"{x},{y}" for x, y in (frame.point(p) for p in ring)) + " Z"
                         for ring in rings if len(ring) >= 3)
            out.append(f'<path class="feature feature-area" data-feature="{attr(feature.id)}" '
                       f'stroke="{FEATURE_COLOUR}" d="{d}"><title>{esc(tip)}</title></path>')
            middle = Polygon(rings[0]).representative_point() if rings and len(rings[0]) >= 3 else None
            at = frame.point((middle.x, middle.y)) if middle is not None else None
        else:
            drawn = [frame.point(p) for p in feature_points(feature, seamap, centres)]
            out.append(f'<polyline class="feature feature-line" data-feature="{attr(feature.id)}" '
                       f'stroke="{FEATURE_COLOUR}" points="{" ".join(f"{x},{y}" for x, y in drawn)}">'
                       f"<title>{esc(tip)}</title></polyline>")
            at = _middle(drawn)
        if at is not None:
            out.append(labels.label("feature-name", feature.name, at[0], at[1], unit,
                                    f'text-anchor="middle" dy="1.3em" fill="{FEATURE_COLOUR}" '
                                    f'data-feature="{attr(feature.id)}"'))
    return out


def _middle(points: list[tuple[float, float]]) -> tuple[float, float] | None:
    if not points:
        return None
    if len(points) == 1:
        return points[0]
    (x0, y0), (x1, y1) = points[len(points) // 2 - 1], points[len(points) // 2]
    return ((x0 + x1) / 2, (y0 + y1) / 2)


@dataclass(frozen=True)
class RouteSummary:
    """Where a fleet's written route goes (DN-5.1, one order a turn): its start, its farthest stop and the turn it
    gets there, and its last stop and turn (``None`` when the orders never move it)."""

    start: str
    farthest: tuple[int, str] | None
    last: tuple[int, str] | None


def route_summary(fleet: Fleet, seamap: SeaMap, centres: dict[str, Point],
                  planned: PlannedRoute | None = None) -> RouteSummary:
    """DN-5.1: the turn each written order brings the fleet to its place; the farthest from the start wins. The
    turn is the planned route's (``engine.routes``: a minelay, sweep or other act in place of a move slips the
    plan), or the order's place in the list without one."""
    def where(place: str) -> Point | None:
        if place in seamap.ports:
            at = seamap.ports[place].at
            return (float(at[0]), float(at[1]))
        return centres.get(place.replace(" ", ""))

    start = where(fleet.start)
    stops: list[tuple[int, str]] = []
    for index, order in enumerate(fleet.orders):
        turn = planned.turn_of_order(index) if planned is not None else index + 1
        if order.kind == "move" and order.zones:
            stops.append((turn, order.zones[-1]))
        elif order.kind == "port" and order.target:
            stops.append((turn, order.target))
    stops = [stop for stop in stops if where(stop[1]) is not None]
    if not stops or start is None:
        return RouteSummary(fleet.start, None, stops[-1] if stops else None)

    def distance(stop: tuple[int, str]) -> float:
        at = where(stop[1])
        return 0.0 if at is None else (at[0] - start[0]) ** 2 + (at[1] - start[1]) ** 2

    farthest = max(stops, key=distance)  # max keeps the first of equals: the earliest turn
    return RouteSummary(fleet.start, farthest, stops[-1])
