"""Where ``map from-geojson`` puts a port, and when it refuses to: a port given in longitude and latitude is
moved onto the nearest coast of its nation, but never onto another landmass (an island or a continent other
than the one the given point lies on or nearest to) and never further than ``max_port_move_km``, unless the
author allows it (``allow_port_moves: true``, ``--allow-port-moves``). Every move is reported: from, to, km."""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

MAX_PORT_MOVE_KM = 30.0  # further than this is no longer "onto the coast next to it" but somewhere else


@dataclass(frozen=True)
class PortMove:
    """One port moved onto the coast: the point given (lon, lat), where it went (map units), how far."""

    port: str
    given: tuple[float, float]
    at: tuple[float, float]
    km: float
    other_landmass: bool


class PortMoveError(ValueError):
    """A port that would move onto another landmass or too far; the message names it and says what to do."""


def landmass_index(parts: list[BaseGeometry], point: Point) -> int:
    """The landmass (a connected part of all the land) a point lies on, or lies nearest to."""
    return min(range(len(parts)), key=lambda i: parts[i].distance(point)) if parts else -1


def check_move(move: PortMove, limit_km: float, allowed: bool) -> None:
    """Refuse a move onto another landmass or beyond ``limit_km``, naming the port, unless ``allowed``."""
    if allowed:
        return
    where = (f"from ({move.given[0]:g}, {move.given[1]:g}) to [{move.at[0]:g}, {move.at[1]:g}]")
    if move.other_landmass:
        raise PortMoveError(f"port {move.port!r} would move {move.km:g} km {where}, onto another landmass than "
                            "the one it was given on: its nation holds no coast there. Give that land to the "
                            "port's nation (`assign_land`), name the coast to use (`coast:`), or pass "
                            "--allow-port-moves")
    if move.km > limit_km:
        raise PortMoveError(f"port {move.port!r} would move {move.km:g} km {where}, more than {limit_km:g} km "
                            "(`max_port_move_km`): check its longitude and latitude, or pass --allow-port-moves")
