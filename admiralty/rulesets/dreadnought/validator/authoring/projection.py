"""From longitude and latitude to map units: a cylindrical projection with square units, equal-area by default.

Two projections, both anchored at the bbox's south-west corner and true to scale along its middle latitude:

- ``equal-area`` (the default): Lambert's cylindrical equal-area projection with its standard parallel on
  the middle latitude. Every area on the map is in true proportion to the area on the ground (a sea zone
  of 100 square units is ``100 * km_per_unit**2`` km² wherever it lies), so that zones of one grid hold
  the same amount of sea; shapes are stretched north-south away from the standard parallel.
- ``equirectangular``: longitudes shrunk by the cosine of the middle latitude, latitudes evenly spaced;
  neither equal-area nor conformal, true along the meridians (kept for maps drawn with it before).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

KM_PER_DEGREE = 6371.0 * math.pi / 180.0  # a degree of latitude on the mean sphere, 111.195 km
EARTH_RADIUS_KM = 6371.0
PROJECTIONS = ("equal-area", "equirectangular")
NAMES = {"equal-area": "Lambert cylindrical equal-area", "equirectangular": "equirectangular (plate carrée)"}


@dataclass(frozen=True)
class Projection:
    """The point (``west``, ``south``) lands on ``origin``; x grows east, y north; one map unit is
    ``km_per_unit`` kilometres east-west on ``mid_latitude`` (and, for ``equirectangular``, north-south
    everywhere)."""

    west: float
    south: float
    mid_latitude: float
    km_per_unit: float
    origin: tuple[float, float] = (0.0, 0.0)
    kind: str = "equal-area"

    @classmethod
    def from_bbox(cls, bbox: Sequence[float], km_per_unit: float, origin: Sequence[float] = (0.0, 0.0),
                  kind: str = "equal-area") -> Projection:
        """The projection for a ``[west, south, east, north]`` box in degrees, anchored at its south-west."""
        west, south, _east, north = (float(value) for value in bbox)
        if not north > south:
            raise ValueError("bbox must be [west, south, east, north] with north > south")
        if not -90 <= south < north <= 90:
            raise ValueError("bbox latitudes must lie between -90 and 90")
        if km_per_unit <= 0:
            raise ValueError("km_per_unit must be positive")
        if kind not in PROJECTIONS:
            raise ValueError(f"projection must be one of {', '.join(PROJECTIONS)}, not {kind!r}")
        return cls(west, south, (south + north) / 2, float(km_per_unit), (float(origin[0]), float(origin[1])), kind)

    @property
    def units_per_degree(self) -> float:
        """Map units per degree of latitude on the standard parallel."""
        return KM_PER_DEGREE / self.km_per_unit

    def describe(self) -> str:
        """One sentence naming the projection, for the map's description and the author."""
        hemisphere = "N" if self.mid_latitude >= 0 else "S"
        return (f"Projection: {NAMES[self.kind]}, true to scale on {abs(self.mid_latitude):.2f}° {hemisphere}, "
                f"its south-west corner at {self.west:g}°, {self.south:g}°; one map unit is {self.km_per_unit:g} km.")

    def forward(self, lon: float, lat: float) -> tuple[float, float]:
        """The map position of a longitude and latitude."""
        x, y = self._forward_array(np.array([[lon, lat]], dtype=float))[0]
        return float(x), float(y)

    def geometry(self, geometry: BaseGeometry) -> BaseGeometry:
        """A shapely geometry in lon/lat, carried into map units."""
        return shapely.transform(geometry, self._forward_array)

    def _forward_array(self, coords: np.ndarray) -> np.ndarray:
        shrink = math.cos(math.radians(self.mid_latitude))
        x = (coords[:, 0] - self.west) * shrink * self.units_per_degree + self.origin[0]
        if self.kind == "equal-area":
            rise = np.sin(np.radians(coords[:, 1])) - math.sin(math.radians(self.south))
            y = rise * EARTH_RADIUS_KM / shrink / self.km_per_unit + self.origin[1]
        else:
            y = (coords[:, 1] - self.south) * self.units_per_degree + self.origin[1]
        return np.column_stack((x, y))


def height_km(bbox: Sequence[float], kind: str = "equal-area") -> float:
    """How tall the bbox comes out on the map, in km (to make it fill the grid's rows)."""
    _west, south, _east, north = (float(value) for value in bbox)
    if kind == "equal-area":
        shrink = math.cos(math.radians((south + north) / 2))
        return (math.sin(math.radians(north)) - math.sin(math.radians(south))) * EARTH_RADIUS_KM / shrink
    return (north - south) * KM_PER_DEGREE
