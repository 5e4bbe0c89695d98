"""One land entry while ``map from-geojson`` builds a map: a country (or nation), hand-drawn land or land given
to a nation, with its shape in map units. ``from_geojson.land_entry`` writes it out as a map's ``land:`` entry."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from shapely.geometry import MultiPolygon, Polygon


class Land(TypedDict):
    id: str
    name: str
    nation: str
    island: bool
    geometry: Polygon | MultiPolygon
    extra: NotRequired[bool]
    """Hand-drawn (``extra_land``): ``assign_land`` may name it as an island."""


def reshaped(entry: Land, geometry: Polygon | MultiPolygon) -> Land:
    """A copy of ``entry`` with another shape."""
    out = entry.copy()
    out["geometry"] = geometry
    return out
