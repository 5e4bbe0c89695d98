"""Where the dreadnought map's words go: each zone's code at the pole of inaccessibility of its sea part (the
zone minus the land), sea names under their codes, country names inside their land, port names beside their
ports. Every label is a ``map-label`` with its size in screen pixels (``data-px``) and a priority, so that
the map viewer (``mapview.js``) keeps it legible at every zoom and hides whichever of two would overlap.

The static ``font-size`` is for the map drawn ``NOMINAL_PX`` wide, which is what a page without scripts and
the full-size download show.
"""

from __future__ import annotations

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


def label(kind: str, text: str, x: float, y: float, unit: float, extra: str = "", sea: bool = False) -> str:
    """A ``map-label`` text element; ``unit`` is SVG units per screen pixel at the nominal width."""
    px = SIZE_PX[kind]
    return (f'<text class="map-label {kind}" data-px="{px}" data-priority="{PRIORITY[kind]}"'
            + (' data-sea="1"' if sea else "")
            + f' x="{x:.1f}" y="{y:.1f}" font-size="{px * unit:.2f}" {extra}>{esc(text)}</text>')


def zone_labels(seamap: SeaMap, points: dict[str, Point], frame: object, unit: float) -> list[str]:
    out = []
    for zone_id, at in points.items():
        x, y = frame.point(at)  # type: ignore[attr-defined]
        out.append(label("zone-code", zone_id, x, y, unit, 'text-anchor="middle" dominant-baseline="central"',
                         sea=True))
        name = seamap.zones[zone_id].name
        if name and name != zone_id:
            out.append(label("sea-name", name, x, y, unit, 'text-anchor="middle" dominant-baseline="central" '
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
