"""The events of fuel: ships running dry, refuelling, supply at sea, rearming."""

# No ``from __future__ import annotations``: the records' NotRequired must be seen at run time (Python 3.11).

from typing import Literal

from admiralty.rulesets.dreadnought.engine.events.stamp import Stamped


class LostWay(Stamped):
    """A ship runs out of fuel (DN-12-exhaust)."""

    type: Literal["lost-way"]
    ship: str
    side: str


class Rearmed(Stamped):
    """A ship rearms at a port (DN-12-rearm)."""

    type: Literal["rearmed"]
    ship: str
    side: str
    port: str


class RefuelLost(Stamped):
    """A fleet that fought takes on no fuel this turn (DN-12-nocombat)."""

    type: Literal["refuel-lost"]
    fleet: str
    side: str


class RefuelRefused(Stamped):
    """A fleet cannot refuel where it is (DN-12-port)."""

    type: Literal["refuel-refused"]
    at: str
    fleet: str
    side: str


class Refuelled(Stamped):
    """A ship takes on fuel boxes (DN-12)."""

    type: Literal["refuelled"]
    boxes: int
    fuel: int
    ship: str
    side: str
    source: str


class ShipLeftBehind(Stamped):
    """A ship out of fuel is left behind as a fleet of her own (DN-12-exhaust)."""

    type: Literal["ship-left-behind"]
    fleet: str
    new_fleet: str
    side: str
    ship: str
    mission: str


class ShortOfFuel(Stamped):
    """A fleet short of fuel moves less than planned (DN-12-exhaust)."""

    type: Literal["short-of-fuel"]
    fleet: str
    planned: list[str]
    possible: list[str]
    side: str


class Supplied(Stamped):
    """A collier or tanker gives a ship fuel boxes (DN-12.51, DN-12.61)."""

    type: Literal["supplied"]
    boxes: int
    ship: str
    supplier: str
    supplier_fuel: int


class SupplyRefused(Stamped):
    """A fleet gets no supply where it is (DN-12.5)."""

    type: Literal["supply-refused"]
    fleet: str
    side: str
    at: str
