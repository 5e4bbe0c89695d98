"""Checks on a renaissance map's optional positions (longitude, latitude of seas and ports).

The rules never read a position; the site draws the map to geography with them. So the checks are about
what a reader would see: a map that places only some of its seas and ports cannot be drawn to geography at
all, and a port placed far from the seas it opens on is almost always a slip (latitude and longitude
swapped, a sign lost, a digit dropped).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from admiralty.engine.model.common import Source
from admiralty.rulesets.renaissance.engine.model import Port, RenaissanceMap, Sea
from admiralty.rulesets.renaissance.validator.codes import PORT_REACH_KM
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic, Severity

EARTH_RADIUS_KM = 6371.0


def distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The great-circle distance between two ``(longitude, latitude)`` points, in km (haversine)."""
    lon1, lat1, lon2, lat2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def _where(obj: object, fallback: Source, *child: str) -> Source:
    found = getattr(obj, "source", None)
    return (found if isinstance(found, Source) else fallback).child(*child)


@check(RenaissanceMap, "GEO101", "GEO102")
def positions_are_sane(sea_map: RenaissanceMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    """Every place or none has a position; each port lies within reach of every sea it opens on."""
    home = _where(sea_map, Source("<generated>"))
    places: list[Sea | Port] = [*sea_map.seas.values(), *sea_map.ports.values()]
    placed = [p for p in places if p.position is not None]
    if placed and len(placed) < len(places):
        missing = [p.id for p in places if p.position is None]
        shown = ", ".join(missing[:6]) + (" ..." if len(missing) > 6 else "")
        first = next(p for p in places if p.position is None)
        yield ctx.at("GEO102", f"only {len(placed)} of {len(places)} seas and ports have a position (none for "
                     f"{shown}), so the site draws this map as a schematic", _where(first, home, "id"),
                     "give every sea and port a `position: [longitude, latitude]`, or none of them",
                     severity=Severity.WARNING)
    for port in sea_map.ports.values():
        if port.position is None:
            continue
        for sea_id in port.seas:
            sea_position = sea_map.seas[sea_id].position
            if sea_position is None:
                continue
            far = distance_km(port.position, sea_position)
            if far > PORT_REACH_KM:
                yield ctx.at("GEO101", f"port '{port.id}' at {list(port.position)} lies {far:.0f} km from sea "
                             f"zone '{sea_id}' at {list(sea_position)}, which it opens on (more than "
                             f"{PORT_REACH_KM:.0f} km)", _where(port, home, "position"),
                             "positions are [longitude, latitude]: check the order and the degrees")
