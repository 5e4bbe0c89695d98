"""Table geometry with shapely: footprints, range, the line of fire, line of sight, "strictly behind".

Conventions (see ``model``): cm, x east / y north, facings are compass bearings (0 north, clockwise).

**Range** is measured from the battery's point to the *nearest point* of the target's footprint: the
closest figure decides whether a unit is within a band, as on the tabletop with a tape measure.

**The line of fire** runs from the battery's point to the *centroid* of the target's footprint. The
centroid, not the nearest point, because the gunners lay on the body of the unit, and because the
direction to the nearest point jumps from one corner to another when a target turns slightly, while the
direction to the centroid moves smoothly; penetration (what lies behind the target along the line of fire)
then treats both flanks of the target alike.

**Line of sight** from a battery to a target exists when that line of fire does not pass through the
interior of any building other than the target itself (grazing a corner or an edge does not block).

**Strictly behind** (NA-pen-d): let ``d`` be the unit vector of the line of fire and ``l`` the vector at
right angles to it. Project the target's footprint on both: its *rear line* is the line at right angles
to the line of fire through the target's farthest point along ``d``, and its *lateral extent* is the
interval its footprint covers along ``l``. The target's *shadow* is the strip of that lateral width that
starts at the rear line and runs on away from the battery. A unit's share behind the target is the share
of its footprint's area inside the shadow; its *gap* behind the target is how far beyond the rear line (along
``d``) the nearest point of that part lies. The 8 cm band of NA-pen-b is the first 8 cm of the shadow.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from .model import Point as XY
from .model import Terrain, Unit

EPSILON = 1e-6  # cm: below what a tape measure can tell apart; absorbs floating-point rounding
SHADOW_LENGTH = 10_000.0  # cm: longer than any table


def bearing_vector(degrees: float) -> XY:
    """The unit vector of a compass bearing, exact at multiples of 90 degrees."""
    quarter, rest = divmod(degrees % 360.0, 90.0)
    if rest == 0.0:
        return ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))[int(quarter)]
    radians = math.radians(degrees)
    return (math.sin(radians), math.cos(radians))


@lru_cache(maxsize=4096)  # shapely geometries are immutable, and footprints are asked for again and again
def unit_footprint(unit: Unit, bases: int | None = None) -> Polygon:
    """The rectangle ``unit``'s bases cover (``bases`` overrides the count, e.g. after bases are removed).

    ``at`` is the middle of the front edge; the bases extend behind it. Line: bases side by side.
    Column: bases one behind another.
    """
    count = unit.bases if bases is None else bases
    if unit.formation == "column":
        width, depth = unit.base_width, count * unit.base_depth
    else:
        width, depth = count * unit.base_width, unit.base_depth
    fx, fy = bearing_vector(unit.facing)
    rx, ry = fy, -fx  # to the unit's right
    x0, y0 = unit.at
    corners = []
    for u, v in ((-width / 2, 0.0), (width / 2, 0.0), (width / 2, -depth), (-width / 2, -depth)):
        corners.append((x0 + u * rx + v * fx, y0 + u * ry + v * fy))
    return Polygon(corners)


@lru_cache(maxsize=1024)
def terrain_shape(terrain: Terrain) -> Polygon:
    return Polygon(terrain.polygon)


def range_cm(origin: XY, shape: BaseGeometry) -> float:
    """Distance in cm from ``origin`` to the nearest point of ``shape`` (0 when inside it)."""
    return float(Point(origin).distance(shape))


def line_of_fire(origin: XY, shape: BaseGeometry) -> LineString:
    """The segment from ``origin`` to the centroid of ``shape``."""
    centre = shape.centroid
    return LineString([origin, (centre.x, centre.y)])


def fire_direction(origin: XY, shape: BaseGeometry) -> XY:
    """The unit vector of the line of fire from ``origin`` to ``shape``'s centroid."""
    centre = shape.centroid
    dx, dy = centre.x - origin[0], centre.y - origin[1]
    length = math.hypot(dx, dy)
    if length == 0.0:
        return (0.0, 1.0)
    return (dx / length, dy / length)


def has_line_of_sight(origin: XY, target: BaseGeometry, buildings: Iterable[BaseGeometry]) -> bool:
    """True when the line of fire to ``target`` crosses the interior of none of ``buildings``.

    Pass the buildings *other than* the target; touching an edge or a corner does not block.
    """
    ray = line_of_fire(origin, target)
    # DE-9IM "T********": the interiors meet, which an edge or a corner alone never does.
    return not any(ray.relate_pattern(building, "T********") for building in buildings)


def _projections(origin: XY, direction: XY, shape: BaseGeometry) -> tuple[list[float], list[float]]:
    """Coordinates of ``shape``'s vertices along the line of fire and at right angles to it."""
    dx, dy = direction
    along, across = [], []
    for x, y in _vertices(shape):
        rx, ry = x - origin[0], y - origin[1]
        along.append(rx * dx + ry * dy)
        across.append(-rx * dy + ry * dx)
    return along, across


def _vertices(shape: BaseGeometry) -> list[XY]:
    if shape.is_empty:
        return []
    if isinstance(shape, Polygon):
        return [(float(x), float(y)) for x, y in shape.exterior.coords]
    points: list[XY] = []
    for part in getattr(shape, "geoms", ()):
        points.extend(_vertices(part))
    return points


def shadow(origin: XY, target: BaseGeometry, length: float = SHADOW_LENGTH) -> Polygon:
    """The strip strictly behind ``target`` along the line of fire from ``origin``, ``length`` cm deep.

    Its near edge is the target's rear line; its width is the target's lateral extent.
    """
    direction = fire_direction(origin, target)
    along, across = _projections(origin, direction, target)
    rear, left, right = max(along), min(across), max(across)
    dx, dy = direction
    lx, ly = -dy, dx

    def at(s: float, t: float) -> XY:
        return (origin[0] + s * dx + t * lx, origin[1] + s * dy + t * ly)

    return Polygon([at(rear, left), at(rear + length, left), at(rear + length, right), at(rear, right)])


def share_behind(origin: XY, target: BaseGeometry, other: BaseGeometry) -> float:
    """The share (0..1) of ``other``'s area lying strictly behind ``target`` along the line of fire."""
    if other.area == 0.0:
        return 0.0
    return float(other.intersection(shadow(origin, target)).area / other.area)


def gap_behind(origin: XY, target: BaseGeometry, other: BaseGeometry) -> float | None:
    """How far (cm, along the line of fire) beyond ``target``'s rear line the nearest part of ``other``
    that lies in the target's shadow is; ``None`` when no part of ``other`` is in the shadow."""
    inside = other.intersection(shadow(origin, target))
    if inside.is_empty or inside.area == 0.0:
        return None
    direction = fire_direction(origin, target)
    rear = max(_projections(origin, direction, target)[0])
    return min(_projections(origin, direction, inside)[0]) - rear


@lru_cache(maxsize=65536)  # asked for every target, every battery, every turn; shapes are immutable
def share_inside(shape: BaseGeometry, region: BaseGeometry) -> float:
    """The share (0..1) of ``shape``'s area inside ``region``."""
    if shape.area == 0.0:
        return 0.0
    return float(shape.intersection(region).area / shape.area)
