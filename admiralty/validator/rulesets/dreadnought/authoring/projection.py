"""From longitude and latitude to map units: an equirectangular projection scaled for square units."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

KM_PER_DEGREE = 6371.0 * math.pi / 180.0  # a degree of latitude on the mean sphere, 111.195 km


@dataclass(frozen=True)
class Projection:
    """Equirectangular projection, longitudes shrunk by the cosine of the middle latitude.

    The point (``west``, ``south``) lands on ``origin``; x grows east, y north. One map unit is
    ``km_per_unit`` kilometres: exactly so north-south (``KM_PER_DEGREE / km_per_unit`` units per degree
    of latitude, with 111.195 km to the degree), and exactly so east-west on ``mid_latitude``; east-west
    distances come out too long north of it and too short south of it by the ratio of the cosines (about
    5 % at 3.5 degrees from the middle latitude).
    """

    west: float
    south: float
    mid_latitude: float
    km_per_unit: float
    origin: tuple[float, float] = (0.0, 0.0)

    @classmethod
    def from_bbox(cls, bbox: Sequence[float], km_per_unit: float, origin: Sequence[float] = (0.0, 0.0)) -> Projection:
        """The projection for a ``[west, south, east, north]`` box in degrees, anchored at its south-west."""
        west, south, _east, north = (float(value) for value in bbox)
        if not north > south:
            raise ValueError("bbox must be [west, south, east, north] with north > south")
        if km_per_unit <= 0:
            raise ValueError("km_per_unit must be positive")
        return cls(west, south, (south + north) / 2, float(km_per_unit), (float(origin[0]), float(origin[1])))

    @property
    def units_per_degree(self) -> float:
        """Map units per degree of latitude."""
        return KM_PER_DEGREE / self.km_per_unit

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
        y = (coords[:, 1] - self.south) * self.units_per_degree + self.origin[1]
        return np.column_stack((x, y))
