"""``assign_land`` of a ``map from-geojson`` spec: historical borders over today's. The source draws today's
countries; an entry gives the land inside a polygon (``polygon: [[lon, lat], ...]``), or an island named in
the GeoJSON or in ``extra_land`` (``island: Imbros``), to a nation: Imbros and Tenedos Greek in 1918."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import shapely
from shapely.geometry import Polygon, shape
from shapely.geometry.base import BaseGeometry

from admiralty.rulesets.dreadnought.validator.authoring.land import Land
from admiralty.rulesets.dreadnought.validator.authoring.projection import Projection

NAME_KEYS = ("name", "NAME", "name_en", "NAME_EN")


def _region(entry: Mapping[str, Any], collection: Mapping[str, Any], lands: list[Land],
            projection: Projection) -> BaseGeometry:
    """The area an entry gives away, in map units: its polygon, or the island of that name."""
    if "polygon" in entry:
        return projection.geometry(Polygon([(float(lon), float(lat)) for lon, lat in entry["polygon"]]))
    name = str(entry["island"])
    found = [projection.geometry(shape(feature["geometry"])) for feature in collection.get("features", [])
             if name in {str(feature.get("properties", {}).get(key)) for key in NAME_KEYS}]
    found += [land["geometry"] for land in lands if land.get("extra") and name in (land["id"], land["name"])]
    if not found:
        raise ValueError(f"assign_land: no island named {name!r} in the GeoJSON or in extra_land; give its outline "
                         "as `polygon: [[lon, lat], ...]` instead")
    return shapely.union_all(found).buffer(1e-9)


def assign_land(lands: list[Land], entries: Sequence[Mapping[str, Any]], collection: Mapping[str, Any],
                projection: Projection, nation_names: Mapping[str, str]) -> list[Land]:
    """The land entries with each ``assign_land`` entry's area cut from whoever held it and given to its
    ``nation`` (joined to that nation's entry, or a new one named from ``nation_names``)."""
    from admiralty.rulesets.dreadnought.validator.authoring.from_geojson import polygonal

    lands = [land.copy() for land in lands]
    for entry in entries:
        nation = str(entry["nation"])
        region = _region(entry, collection, lands, projection)
        given = []
        for land in lands:
            if land["nation"] != nation and land["geometry"].intersects(region):
                part = polygonal(land["geometry"].intersection(region))
                if part.area > 0:
                    given.append(part)
                    land["geometry"] = polygonal(land["geometry"].difference(region))
        if not given:
            what = f"island {entry['island']!r}" if "island" in entry else "the polygon"
            raise ValueError(f"assign_land to {nation!r}: {what} holds no land of another nation")
        target = next((land for land in lands if land["nation"] == nation), None)
        if target is None:
            target = Land(id=nation, name=nation_names.get(nation, nation), nation=nation, island=False,
                          geometry=Polygon())
            lands.append(target)
        target["geometry"] = polygonal(shapely.union_all([target["geometry"], *given]))
    return [land for land in lands if not land["geometry"].is_empty]
