"""Where the dreadnought map's words go: each zone's code at the pole of inaccessibility of its sea part (the
zone minus the land), sea names under their codes, country names inside their land, port names beside their
ports. Every label is a ``map-label`` with its size in screen pixels (``data-px``) and a priority, so that
the map viewer (``mapview.js``) keeps it legible at every zoom and hides whichever of two would overlap.

The static ``font-size`` is for the map drawn ``NOMINAL_PX`` wide, which is what a page without scripts and
the full-size download show.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass

from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel, unary_union

from admiralty.rulesets.dreadnought.engine.model import Point, SeaMap
from admiralty.site.text import attr, esc

NOMINAL_PX = 700.0
# Lower numbers are placed first and win a collision: a scenario's route numbers and feature names (what the
# page is about) before the map's own words.
PRIORITY = {"scale-label": 0, "route-label": 1, "feature-name": 1, "port-name": 2, "sea-name": 3, "zone-code": 4,
            "country-name": 5, "route-turn": 6}
SIZE_PX = {"scale-label": 11, "port-name": 12, "sea-name": 12, "zone-code": 11, "route-label": 13, "feature-name": 12,
           "country-name": 13, "route-turn": 11}


def _largest(geometry: BaseGeometry) -> Polygon | None:
    if isinstance(geometry, Polygon):
        return geometry if not geometry.is_empty else None
    if isinstance(geometry, MultiPolygon) and not geometry.is_empty:
        return max(geometry.geoms, key=lambda g: g.area)
    parts = [g for g in getattr(geometry, "geoms", []) if isinstance(g, Polygon) and not g.is_empty]
    return max(parts, key=lambda g: g.area) if parts else None


def _pole(shape: Polygon) -> Point:
    """The pole of inaccessibility (shapely's polylabel): the inside point farthest from the outline."""
    tolerance = max(1e-3, (shape.bounds[2] - shape.bounds[0]) / 200)
    try:
        point = polylabel(shape, tolerance=tolerance)
    except Exception:  # a degenerate ring: fall back on a point known to be inside
        point = shape.representative_point()
    return (point.x, point.y)


def land_shape(seamap: SeaMap) -> BaseGeometry:
    polygons = [Polygon(ring).buffer(0) for land in seamap.land for ring in land.polygons if len(ring) >= 3]
    return unary_union(polygons) if polygons else Polygon()


def code_points(seamap: SeaMap, land: BaseGeometry) -> dict[str, Point]:
    """Each zone's label point: the pole of inaccessibility of the largest sea part of the zone."""
    points: dict[str, Point] = {}
    for zone_id, zone in seamap.zones.items():
        shape = Polygon(zone.polygon).buffer(0)
        sea = _largest(shape.difference(land)) if not land.is_empty else _largest(shape)
        target = sea if sea is not None and sea.area > shape.area * 0.02 else _largest(shape)
        if target is not None:
            points[zone_id] = _pole(target)
    return points


def country_points(seamap: SeaMap) -> list[tuple[str, Point]]:
    """One name per land mass with a name, inside its largest polygon."""
    out = []
    for land in seamap.land:
        rings = [Polygon(r).buffer(0) for r in land.polygons if len(r) >= 3]
        shape = _largest(unary_union(rings)) if rings else None
        if shape is not None and land.name:
            out.append((land.name, _pole(shape)))
    return out


# Kinds that are never hidden: a fleet's number is in the key, so it is on the map (moved to a free spot, never
# culled, by ``place_words`` here and by the viewer at every zoom).
MUST_SHOW = frozenset({"route-label"})


def label(kind: str, text: str, x: float, y: float, unit: float, extra: str = "", sea: bool = False) -> str:
    """A ``map-label`` text element; ``unit`` is SVG units per screen pixel at the nominal width."""
    px = SIZE_PX[kind]
    return (f'<text class="map-label {kind}" data-px="{px}" data-priority="{PRIORITY[kind]}"'
            + (' data-sea="1"' if sea else "") + (' data-must="1"' if kind in MUST_SHOW else "")
            + f' x="{x:.1f}" y="{y:.1f}" font-size="{px * unit:.2f}" {extra}>{esc(text)}</text>')


def zone_labels(seamap: SeaMap, points: dict[str, Point], frame: object, unit: float) -> list[str]:
    out = []
    for zone_id, at in points.items():
        x, y = frame.point(at)  # type: ignore[attr-defined]
        zone = f'data-zone="{attr(zone_id)}" '  # a scenario's map moves a code off its routes (``bundles``)
        out.append(label("zone-code", zone_id, x, y, unit, zone + 'text-anchor="middle" dominant-baseline="central"',
                         sea=True))
        name = seamap.zones[zone_id].name
        if name and name != zone_id:
            out.append(label("sea-name", name, x, y, unit, zone + 'text-anchor="middle" dominant-baseline="central" '
                             'dy="1.25em"', sea=True))
    return out


def port_labels(seamap: SeaMap, frame: object, unit: float) -> list[str]:
    out = []
    for port in seamap.ports.values():
        x, y = frame.point(port.at)  # type: ignore[attr-defined]
        out.append(label("port-name", port.name, x, y, unit, f'data-port="{attr(port.id)}" dx="0.55em" dy="-0.45em"'))
    return out


def country_labels(seamap: SeaMap, frame: object, unit: float) -> list[str]:
    out = []
    for name, at in country_points(seamap):
        x, y = frame.point(at)  # type: ignore[attr-defined]
        out.append(label("country-name", name, x, y, unit, 'text-anchor="middle" dominant-baseline="central"'))
    return out


def must_show_ports(words: str, ports: set[str]) -> str:
    """The map's words with the names of ``ports`` (a scenario's fleets' home ports) marked as words that must
    show: the viewer places them, moving them to a free spot, before any other word but the fleets' numbers."""
    if not ports:
        return words
    pattern = re.compile(r'<text class="map-label port-name"([^>]*) data-port="([^"]+)"')
    return pattern.sub(lambda m: m.group(0).replace(' data-port=', ' data-must="1" data-port=', 1)
                       if html.unescape(m.group(2)) in ports else m.group(0), words)


@dataclass
class Word:
    """A scenario's word on the map before it is placed: its kind, text, anchor (the box's centre) and the rest
    of its attributes."""

    kind: str
    text: str
    x: float
    y: float
    extra: str
    shown: bool = True

    def box(self, unit: float, dx: float = 0.0, dy: float = 0.0) -> tuple[float, float, float, float]:
        px = SIZE_PX[self.kind] * unit
        half_w, half_h = 0.34 * px * len(self.text) + 0.15 * px, 0.55 * px
        return (self.x + dx - half_w, self.y + dy - half_h, self.x + dx + half_w, self.y + dy + half_h)


def _clear(box: tuple[float, float, float, float], taken: list[tuple[float, float, float, float]]) -> bool:
    return not any(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3] for o in taken)


def place_words(words: list[Word], unit: float, rings: int = 6, angles: int = 12) -> list[str]:
    """The scenario's words placed without collisions at the nominal width (the static drawing: a page without
    scripts, the downloads): a word that must show (``MUST_SHOW``) moves to the nearest free spot on rings round
    its anchor; any other word tries the first ring and is hidden (``display="none"``) where none is free."""
    taken: list[tuple[float, float, float, float]] = []
    ordered = sorted(words, key=lambda w: (w.kind not in MUST_SHOW, PRIORITY[w.kind]))
    for word in ordered:
        step = SIZE_PX[word.kind] * unit
        reach = rings if word.kind in MUST_SHOW else 1
        spots = [(0.0, 0.0)] + [(ring * step * math.cos(2 * math.pi * i / angles),
                                 ring * step * math.sin(2 * math.pi * i / angles))
                                for ring in range(1, reach + 1) for i in range(angles)]
        free = next(((dx, dy) for dx, dy in spots if _clear(word.box(unit, dx, dy), taken)), None)
        if free is None and word.kind in MUST_SHOW:
            free = (0.0, 0.0)
        if free is None:
            word.shown = False
            continue
        word.x, word.y = word.x + free[0], word.y + free[1]
        taken.append(word.box(unit))
    return [label(w.kind, w.text, w.x, w.y, unit, 'text-anchor="middle" dominant-baseline="central" ' + w.extra
                  + ("" if w.shown else ' display="none"')) for w in words]
