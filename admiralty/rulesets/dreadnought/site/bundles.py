"""Parallel routes bundled, metro-map style, and zone codes kept clear of them (issue 38, item 5).

Fleets that sail the same zone-to-zone leg share it as a bundle of tight parallel lanes, one per fleet, centred on
the line between the two zones' centres (a leg sailed by one fleet runs on that line); where the routes part, each
goes its own way. A fleet keeps its lane number on every leg it shares in the order of the route key, so the
bundle reads the same along its length. Each drawn vertex is the miter point of the lanes of its two legs, so a
lane turns a corner without crossing its neighbours.

Routes run through the zones' centres, where the zone codes are: a code crossed by a bundle moves to the nearest
spot of its zone's sea clear of every route (at the map's nominal width), so that the code stays readable; the
map viewer hides any code a route still crosses at the zoom the reader chose (``mapview.js``).
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import numpy
import shapely
from shapely.geometry import LineString, MultiLineString, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from admiralty.rulesets.dreadnought.engine.model import SeaMap
from admiralty.rulesets.dreadnought.site import labels

XY = tuple[float, float]
ZOOMS = (1.0, 1.5, 2.0, 3.0)  # the zooms a crossed code is placed for, the default first
LANE_PX = 3.0  # px between two lanes of a bundle at the nominal width: the 2.6 px strokes almost touch
CLEAR_PX = 2.5  # px a zone code keeps from the middle of a route's stroke (half the stroke and a margin)
MITER = 2.0  # a vertex's shift at most this many times its larger lane offset (a sharp turn: the mean instead)


def _leg(a: XY, b: XY) -> tuple[XY, XY]:
    return (a, b) if a <= b else (b, a)


def _lane_shift(leg: tuple[XY, XY], lane: int, lanes: int, gap: float) -> XY:
    """The offset of ``lane`` of ``lanes`` on ``leg``, along the normal of the leg's own (sorted) direction, so
    that fleets sailing it either way keep their lanes."""
    (x0, y0), (x1, y1) = leg
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    distance = (lane - (lanes - 1) / 2) * gap
    return (-(y1 - y0) / length * distance, (x1 - x0) / length * distance)


def _miter(first: XY, second: XY) -> XY:
    """The point whose distance along each leg's normal is that leg's lane offset: where the two lanes meet."""
    d1, d2 = math.hypot(*first), math.hypot(*second)
    if d1 == 0 and d2 == 0:
        return (0.0, 0.0)
    if d1 == 0 or d2 == 0 or abs(first[0] * second[1] - first[1] * second[0]) < 1e-9:
        return ((first[0] + second[0]) / 2, (first[1] + second[1]) / 2)
    n1, n2 = (first[0] / d1, first[1] / d1), (second[0] / d2, second[1] / d2)
    det = n1[0] * n2[1] - n1[1] * n2[0]
    x = (d1 * n2[1] - d2 * n1[1]) / det
    y = (n1[0] * d2 - n2[0] * d1) / det
    if math.hypot(x, y) > MITER * max(d1, d2):  # nearly turning back: a miter would shoot far off
        return ((first[0] + second[0]) / 2, (first[1] + second[1]) / 2)
    return (x, y)


def _leg_users(routes: Sequence[Sequence[XY]]) -> dict[tuple[XY, XY], list[int]]:
    """Each leg (two points, either way) with the routes that sail it, in the routes' order."""
    users: dict[tuple[XY, XY], list[int]] = {}
    for number, points in enumerate(routes):
        for a, b in pairwise(points):
            if a != b and number not in users.setdefault(_leg(a, b), []):
                users[_leg(a, b)].append(number)
    return users


def _vertex_shift(shifts: Sequence[XY | None], index: int, last: int) -> XY:
    """How far a route's ``index``-th point moves: where the lanes of the legs either side of it meet (an end,
    or a point between two legs of which one has no length, takes its one leg's lane)."""
    before = next((s for s in reversed(shifts[:index]) if s is not None), None)
    after = next((s for s in shifts[index:] if s is not None), None)
    if before is not None and after is not None and 0 < index < last:
        return _miter(before, after)
    return after or before or (0.0, 0.0)


def bundled(routes: Sequence[Sequence[XY]], gap: float) -> list[list[XY]]:
    """Each route's drawn points (same count as its points) with the legs it shares with other routes laid out
    as parallel lanes ``gap`` apart, in the routes' order; a leg of one route stays on its centre line."""
    users = _leg_users(routes)
    out: list[list[XY]] = []
    for number, points in enumerate(routes):
        shifts: list[XY | None] = []
        for a, b in pairwise(points):
            sharing = users.get(_leg(a, b), [number])
            shifts.append(_lane_shift(_leg(a, b), sharing.index(number), len(sharing), gap) if a != b else None)
        drawn = []
        for index, (x, y) in enumerate(points):
            dx, dy = _vertex_shift(shifts, index, len(points) - 1)
            drawn.append((round(x + dx, 2), round(y + dy, 2)))
        out.append(drawn)
    return out


# a code still under a route at the default zoom: hidden in the static drawing (print, the downloads, a page without
# scripts), as the viewer hides it on screen until the reader zooms in far enough
_HIDDEN = ' display="none"'
_ZONE_WORD = re.compile(r'<text class="map-label (zone-code|sea-name)"([^>]*)>([^<]*)</text>')


def _attribute(attributes: str, name: str) -> str:
    found = re.search(rf' {name}="([^"]*)"', attributes)
    return html.unescape(found.group(1)) if found else ""


def _name_box(x: float, y: float, name: str, unit: float) -> Polygon:
    """A sea name's box: centred 1.25 em under its zone's code (``labels.zone_labels``)."""
    px = labels.SIZE_PX["sea-name"] * unit
    return box(*labels.Word("sea-name", name, x, y + 1.25 * px, "").box(unit))


def _land(seamap: SeaMap, to_svg: Callable[[Sequence[float]], XY]) -> BaseGeometry:
    polygons = [Polygon([to_svg(p) for p in ring]).buffer(0) for land in seamap.land for ring in land.polygons
                if len(ring) >= 3]
    return unary_union(polygons) if polygons else Polygon()


def _spot(x: float, y: float, code: str, unit: float, sea: BaseGeometry, near: BaseGeometry,
          taken: BaseGeometry | None, step: float, rings: int, angles: int) -> XY | None:
    """The nearest point to (x, y), on rings ``step`` apart, where the code's box (its size at ``unit``) lies
    inside ``sea``, off ``near`` and off ``taken`` (all candidates tested at once: shapely's array predicates)."""
    ring = numpy.repeat(numpy.arange(1, rings + 1), angles) * step
    angle = numpy.tile(numpy.arange(angles) * 2 * math.pi / angles, rings)
    xs, ys = x + ring * numpy.cos(angle), y + ring * numpy.sin(angle)
    left, top, right, bottom = labels.Word("zone-code", code, 0.0, 0.0, "").box(unit)
    low_x, low_y, high_x, high_y = sea.bounds
    # few candidates fit the zone's bounding box (the rings reach well past a small zone): only they are drawn
    near_zone = numpy.flatnonzero((xs + left >= low_x) & (xs + right <= high_x) & (ys + top >= low_y)
                                  & (ys + bottom <= high_y))
    xs, ys = xs[near_zone], ys[near_zone]
    boxes = shapely.box(xs + left, ys + top, xs + right, ys + bottom)
    inside = numpy.flatnonzero(shapely.contains(sea, boxes))
    free = ~shapely.intersects(near, boxes[inside])
    if taken is not None:
        free &= ~shapely.intersects(taken, boxes[inside])
    hits = inside[free]
    return (float(xs[hits[0]]), float(ys[hits[0]])) if len(hits) else None


def _crossed(codes: Sequence[re.Match[str]], near: BaseGeometry, unit: float) -> list[re.Match[str]]:
    """The zone codes whose box (at the nominal width) a route's stroke meets, all tested at once."""
    if not codes:
        return []
    px = labels.SIZE_PX["zone-code"] * unit
    xs = numpy.array([float(_attribute(m.group(2), "x") or 0) for m in codes])
    ys = numpy.array([float(_attribute(m.group(2), "y") or 0) for m in codes])
    half = numpy.array([0.34 * px * len(html.unescape(m.group(3))) + 0.15 * px for m in codes])  # labels.Word.box
    hits = shapely.intersects(near, shapely.box(xs - half, ys - 0.55 * px, xs + half, ys + 0.55 * px))
    return [m for m, hit in zip(codes, hits, strict=True) if hit]


@dataclass(frozen=True)
class _Clearance:
    """What placing a code needs: the map, its land in the drawing's units, the routes (their strokes at each
    zoom of ``ZOOMS`` drawn as needed) and the sea names' matches by zone."""

    seamap: SeaMap
    to_svg: Callable[[Sequence[float]], XY]
    land: BaseGeometry
    bundle: BaseGeometry
    names: dict[str, re.Match[str]]
    unit: float
    strokes: dict[float, BaseGeometry] = field(default_factory=dict)

    def near(self, zoom: float) -> BaseGeometry:
        """The routes' strokes at ``zoom`` with a margin round them (drawn once, when a code first needs it)."""
        if zoom not in self.strokes:
            self.strokes[zoom] = self.bundle.buffer(CLEAR_PX * self.unit / zoom, quad_segs=2)
            shapely.prepare(self.strokes[zoom])
        return self.strokes[zoom]


def _placed(match: re.Match[str], room: _Clearance, rings: int, angles: int) -> str:
    """A crossed code's element moved to the nearest free spot of its zone's sea at the least zoom that has one
    (hidden in the static drawing when that zoom is not the default), or hidden where it stands."""
    zone, code = _attribute(match.group(2), "data-zone"), html.unescape(match.group(3))
    x, y = float(_attribute(match.group(2), "x") or 0), float(_attribute(match.group(2), "y") or 0)
    seas: dict[str, BaseGeometry] = room.seamap.derived("site.bundles.seas", dict)  # per map, as its land
    if zone not in seas:
        seas[zone] = Polygon([room.to_svg(p) for p in room.seamap.zones[zone].polygon]).buffer(0).difference(room.land)
        shapely.prepare(seas[zone])
    name = room.names.get(zone)
    for zoom in ZOOMS:
        taken = _name_box(x, y, html.unescape(name.group(3)), room.unit / zoom) if name else None
        # the same spots at every zoom (a third of the code's height at the default zoom apart, as far out as the
        # rings reach): a closer zoom has room where its smaller code fits
        step = labels.SIZE_PX["zone-code"] * room.unit / 3
        spot = _spot(x, y, code, room.unit / zoom, seas[zone], room.near(zoom), taken, step, rings, angles)
        if spot is not None:
            moved = re.sub(r' x="[^"]*" y="[^"]*"', f' x="{spot[0]:.1f}" y="{spot[1]:.1f}"', match.group(2), count=1)
            return f'<text class="map-label zone-code"{moved}{_HIDDEN if zoom > 1 else ""}>{match.group(3)}</text>'
    return f'<text class="map-label zone-code"{match.group(2)}{_HIDDEN}>{match.group(3)}</text>'


def codes_clear_of_routes(words: str, routes: Sequence[Sequence[XY]], seamap: SeaMap,
                          to_svg: Callable[[Sequence[float]], XY], unit: float, rings: int = 24,
                          angles: int = 16) -> str:
    """The map's words with each zone code that a route crosses moved to the nearest spot inside its zone's sea
    that no route crosses and its sea name does not hold, at the default zoom or, where the zone is too small for
    that (a bundle through a grid cell), at the least zoom in ``ZOOMS`` that makes room; a code with no such spot
    stays put. A code still under a route at the default zoom is hidden in the static drawing, and the viewer
    hides a code while a route crosses it. ``unit``: SVG units per screen pixel at the nominal width. Kept on
    the map per words, routes and unit: a scenario's page and its print pack draw the same map."""
    lines = [LineString(points) for points in routes if len(points) > 1 and len(set(points)) > 1]
    if not lines:
        return words
    done: dict[tuple[str, tuple[tuple[XY, ...], ...], float], str] = seamap.derived("site.bundles.codes", dict)
    key = (words, tuple(tuple(points) for points in routes), unit)
    if key not in done:
        done[key] = _clear(words, MultiLineString(lines), seamap, to_svg, unit, rings, angles)
    return done[key]


def _clear(words: str, bundle: BaseGeometry, seamap: SeaMap, to_svg: Callable[[Sequence[float]], XY], unit: float,
           rings: int, angles: int) -> str:
    found = list(_ZONE_WORD.finditer(words))
    # the land in the drawing's units: one per map (every scenario on a map shares its object and its frame)
    land = seamap.derived("site.bundles.land", lambda: _land(seamap, to_svg))
    names = {_attribute(m.group(2), "data-zone"): m for m in found if m.group(1) == "sea-name"}
    room = _Clearance(seamap, to_svg, land, bundle, names, unit)
    codes = [m for m in found if m.group(1) == "zone-code" and _attribute(m.group(2), "data-zone") in seamap.zones]
    crossed = _crossed(codes, room.near(1.0), unit)
    if not crossed:
        return words
    out, at = [], 0
    for match in crossed:
        out += [words[at:match.start()], _placed(match, room, rings, angles)]
        at = match.end()
    return "".join(out) + words[at:]
