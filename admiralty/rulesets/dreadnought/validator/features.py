"""A dreadnought scenario's map features (``features:``): objective lines and areas that the site draws and no
rule reads. Every zone and port a feature names must be on the scenario's map and every point inside its
zones (REF030), so that a typo shows at its line and column instead of as a line drawn to nowhere."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NotRequired, TypedDict

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from admiralty.rulesets.dreadnought.engine.model import MapFeature, Point, SeaMap, normalise_zone_id
from admiralty.validator.build import BuildContext, source
from admiralty.validator.load import Document, PathPart

_ZONE = re.compile(r"^[A-Z]{1,3} ?[0-9]{1,4}$")
FEATURE_CODE = "REF030"


PlaceDocument = str | list[float]
"""A place a feature goes through, as written: a zone or port id, or a point ``[x, y]``."""


class FeatureDocument(TypedDict):
    """One entry of a scenario's ``features:`` as its schema admits it."""

    id: str
    name: str
    kind: NotRequired[str]
    through: list[PlaceDocument]
    notes: NotRequired[str]


def build_features(data: Sequence[FeatureDocument], sea_map: SeaMap, doc: Document, ctx: BuildContext) -> \
        tuple[tuple[MapFeature, ...], bool]:
    """The scenario's features with every place checked; the flag says whether all of them were sound."""
    features: list[MapFeature] = []
    places_of = _Places(sea_map, doc, ctx)
    seen: set[str] = set()
    for index, entry in enumerate(data):
        at = ("features", index)
        if entry["id"] in seen:
            ctx.report("REF001", f"two features have the id '{entry['id']}'", doc, (*at, "id"),
                       "give each feature its own id")
            places_of.sound = False
        seen.add(entry["id"])
        places = [places_of.place(place, (*at, "through", position)) for position, place in enumerate(entry["through"])]
        kind = entry.get("kind", "line")
        least = 2 if kind == "line" else (1 if all(isinstance(p, str) and p in sea_map.zones for p in places) else 3)
        if len(places) < least:
            ctx.report(FEATURE_CODE, f"a {kind} needs at least {least} places, '{entry['id']}' has {len(places)}",
                       doc, (*at, "through"), "add places, or make it an area of zones")
            places_of.sound = False
        features.append(MapFeature(entry["id"], entry["name"], kind, tuple(places), entry.get("notes", ""),
                                   source(doc, *at)))
    return tuple(features), places_of.sound


class _Places:
    """Checks the places features go through: a zone or port of the map, or a point inside its zones.
    ``sound`` turns false at the first that is not."""

    def __init__(self, sea_map: SeaMap, doc: Document, ctx: BuildContext) -> None:
        self.map, self.doc, self.ctx = sea_map, doc, ctx
        self.sound = True
        self._water: BaseGeometry | None = None  # the map's zones as one shape, built only when a feature gives a point

    def place(self, place: PlaceDocument, where: tuple[PathPart, ...]) -> str | Point:
        if isinstance(place, str):
            return self._named(place, where)
        if self._water is None:
            self._water = unary_union([Polygon(zone.polygon).buffer(0) for zone in self.map.zones.values()])
        point = (float(place[0]), float(place[1]))
        if not self._water.buffer(1e-6).contains(ShapelyPoint(point)):
            x0, y0, x1, y1 = self._water.bounds
            self.ctx.report(FEATURE_CODE, f"the point [{point[0]:g}, {point[1]:g}] is outside every zone of map "
                            f"'{self.map.id}'", self.doc, where,
                            f"the map's zones span x {x0:g} to {x1:g} and y {y0:g} to {y1:g} (map units, y north)")
            self.sound = False
        return point

    def _named(self, place: str, where: tuple[PathPart, ...]) -> str:
        is_zone = _ZONE.match(place) is not None
        name = normalise_zone_id(place) if is_zone else place
        known = self.map.zones if is_zone else self.map.ports
        if name not in known:
            self.ctx.unknown(FEATURE_CODE, "zone" if is_zone else "port", name, known, self.doc, where)
            self.sound = False
        return name
