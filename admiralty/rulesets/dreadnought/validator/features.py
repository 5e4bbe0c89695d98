"""A dreadnought scenario's map features (``features:``): objective lines and areas that the site draws and no
rule reads. Every zone and port a feature names must be on the scenario's map and every point inside its
zones (REF030), so that a typo shows at its line and column instead of as a line drawn to nowhere."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.ops import unary_union

from admiralty.rulesets.dreadnought.engine.model import MapFeature, Point, SeaMap, normalise_zone_id
from admiralty.validator.build import BuildContext, source
from admiralty.validator.diagnostics import register
from admiralty.validator.load import Document

_ZONE = re.compile(r"^[A-Z]{1,3} ?[0-9]{1,4}$")
FEATURE_CODE = "REF030"

register(FEATURE_CODE, "Map feature off the map",
         "A scenario's map feature (`features:`) names a zone or port that the scenario's map does not have, "
         "gives a point that lies outside every zone of the map, or has too few places for its kind (a line "
         "needs two, an area of points three).",
         wrong="through: [otranto, AC99]", right="through: [otranto, AC26]")


def build_features(data: Sequence[Any], sea_map: SeaMap, doc: Document, ctx: BuildContext) -> \
        tuple[tuple[MapFeature, ...], bool]:
    """The scenario's features with every place checked; the flag says whether all of them were sound."""
    features: list[MapFeature] = []
    sound = True
    seen: set[str] = set()
    water = None  # the map's zones as one shape, built only when a feature gives a point
    for index, entry in enumerate(data):
        at = ("features", index)
        if entry["id"] in seen:
            ctx.report("REF001", f"two features have the id '{entry['id']}'", doc, (*at, "id"),
                       "give each feature its own id")
            sound = False
        seen.add(entry["id"])
        places: list[str | Point] = []
        for position, place in enumerate(entry["through"]):
            where = (*at, "through", position)
            if isinstance(place, str):
                name = normalise_zone_id(place) if _ZONE.match(place) else place
                known = sea_map.zones if _ZONE.match(place) else sea_map.ports
                if name not in known:
                    ctx.unknown(FEATURE_CODE, "zone" if _ZONE.match(place) else "port", name, known, doc, where)
                    sound = False
                places.append(name)
                continue
            if water is None:
                water = unary_union([Polygon(zone.polygon).buffer(0) for zone in sea_map.zones.values()])
            point = (float(place[0]), float(place[1]))
            if not water.buffer(1e-6).contains(ShapelyPoint(point)):
                x0, y0, x1, y1 = water.bounds
                ctx.report(FEATURE_CODE, f"the point [{point[0]:g}, {point[1]:g}] is outside every zone of map "
                           f"'{sea_map.id}'", doc, where,
                           f"the map's zones span x {x0:g} to {x1:g} and y {y0:g} to {y1:g} (map units, y north)")
                sound = False
            places.append(point)
        kind = entry.get("kind", "line")
        least = 2 if kind == "line" else (1 if all(isinstance(p, str) and p in sea_map.zones for p in places) else 3)
        if len(places) < least:
            ctx.report(FEATURE_CODE, f"a {kind} needs at least {least} places, '{entry['id']}' has {len(places)}",
                       doc, (*at, "through"), "add places, or make it an area of zones")
            sound = False
        features.append(MapFeature(entry["id"], entry["name"], kind, tuple(places), entry.get("notes", ""),
                                   source(doc, *at)))
    return tuple(features), sound
