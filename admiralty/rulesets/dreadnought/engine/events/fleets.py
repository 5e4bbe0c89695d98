"""The events of fleets: placing, orders, missions, movement, pursuit, splitting and combining."""

# No ``from __future__ import annotations``: the records' NotRequired must be seen at run time (Python 3.11).

from typing import Literal, NotRequired

from admiralty.rulesets.dreadnought.engine.events.stamp import Stamped


class AbortImpossible(Stamped):
    """A fleet ordered to abort cannot (DN-5.2-abort)."""

    type: Literal["abort-impossible"]
    fleet: str
    side: str


class AbortOrdered(Stamped):
    """A fleet is ordered home to a port from a later turn (DN-5.2-abort)."""

    type: Literal["abort-ordered"]
    fleet: str
    side: str
    port: str
    effective: int


class CannotMove(Stamped):
    """A fleet cannot move this turn: why, or the ships that have lost way (DN-5.24, DN-12-exhaust)."""

    type: Literal["cannot-move"]
    fleet: str
    side: str
    reason: NotRequired[str]
    ships: NotRequired[list[str]]


class EscortAlone(Stamped):
    """An escort fleet has nothing left to escort (DN-5.2-escort)."""

    type: Literal["escort-alone"]
    fleet: str
    side: str


class FleetMoved(Stamped):
    """A fleet moves along a path, seen or unseen (DN-5.1)."""

    type: Literal["fleet-moved"]
    fleet: str
    side: str
    start: str
    path: list[str]
    hidden: bool


class FleetPlaced(Stamped):
    """A fleet starts the game at a zone on a mission (DN-5.2)."""

    type: Literal["fleet-placed"]
    fleet: str
    side: str
    mission: str
    at: str
    ships: list[str]
    escorts: str | None


class FleetRemoved(Stamped):
    """A fleet leaves the game (DN-5.25)."""

    type: Literal["fleet-removed"]
    fleet: str
    side: str
    reason: str


class FleetSplit(Stamped):
    """A fleet detaches ships as a new fleet (DN-5.24)."""

    type: Literal["fleet-split"]
    fleet: str
    new_fleet: str
    side: str
    ships: list[str]


class FleetsCombined(Stamped):
    """A fleet joins another (DN-5.21)."""

    type: Literal["fleets-combined"]
    fleet: str
    into: str
    side: str
    ships: list[str]


class MissionAborted(Stamped):
    """A fleet abandons its mission and heads for port (DN-5.2-abort)."""

    type: Literal["mission-aborted"]
    fleet: str
    side: str
    port: str
    from_turn: int
    route: list[str]


class MoveCarriedOver(Stamped):
    """A fleet carries its move over to the next turn (DN-5.1)."""

    type: Literal["move-carried-over"]
    fleet: str
    side: str
    zones: list[str]


class MoveShortened(Stamped):
    """A fleet cannot move as far as planned: speed, weather or towing (DN-5.11b)."""

    type: Literal["move-shortened"]
    fleet: str
    side: str
    planned: list[str]
    reason: NotRequired[str]
    weather: NotRequired[str]


class MovementPlanned(Stamped):
    """A fleet plots a route to a goal (DN-5.12)."""

    type: Literal["movement-planned"]
    fleet: str
    side: str
    goal: str
    route: list[str]


class NewMission(Stamped):
    """A fleet takes up a new mission (DN-5.22)."""

    type: Literal["new-mission"]
    fleet: str
    side: str
    mission: str
    previous: str


class OrderImpossible(Stamped):
    """A fleet's order names a move it cannot make (DN-5.1)."""

    type: Literal["order-impossible"]
    fleet: str
    side: str
    at: str
    to: str
    reason: str


class OrderRefused(Stamped):
    """A fleet cannot follow an order, and why (DN-5.2-abort, DN-5.24)."""

    type: Literal["order-refused"]
    fleet: str
    order: str
    side: str
    reason: NotRequired[str]


class OrderWritten(Stamped):
    """A fleet writes its order for a later turn (DN-5.2-intercept, DN-5.2-raid)."""

    type: Literal["order-written"]
    fleet: str
    side: str
    for_turn: int
    order: str


class PlanDelayed(Stamped):
    """A fleet waits a turn before it can act (DN-5.12)."""

    type: Literal["plan-delayed"]
    fleet: str
    side: str
    act: str


class PursuitContact(Stamped):
    """A pursuer catches its target in a zone (DN-5.23)."""

    type: Literal["pursuit-contact"]
    fleet: str
    side: str
    target: str
    zone: str


class PursuitDeclared(Stamped):
    """A fleet sets off in pursuit (DN-5.23)."""

    type: Literal["pursuit-declared"]
    fleet: str
    side: str
    target: str
    turns: list[int]


class PursuitEnded(Stamped):
    """A fleet gives up the pursuit (DN-5.23)."""

    type: Literal["pursuit-ended"]
    fleet: str
    side: str
    reason: str


class PursuitRoll(Stamped):
    """A pursuer's roll to catch up (DN-5.23)."""

    type: Literal["pursuit-roll"]
    fleet: str
    side: str
    target: str
    roll: int
    bonus: int
    success: bool


class RaiderHidden(Stamped):
    """A raider slips out of sight (DN-5.2-raid-hidden)."""

    type: Literal["raider-hidden"]
    fleet: str
    side: str


class RaiderRevealed(Stamped):
    """A hidden raider is seen again (DN-5.2-raid-hidden)."""

    type: Literal["raider-revealed"]
    fleet: str
    side: str
    at: str
    reason: str
