"""Every event a dreadnought game writes, as a typed record (``admiralty.engine.eventtypes``).

Each record is the JSON object the engine has always written (``GameState.emit``): ``type`` is the event's kind,
``rule`` the clause behind it (``DN-...``, or ``house:...`` for a house rule), ``turn`` and ``phase`` where in the
game it happened, then its details. ``EVENTS`` is the registry ``Ruleset.events`` names; ``DreadnoughtEvent`` the
union the replay sentences are written against. The engine itself still builds its events from keyword details
(``admiralty.engine.events.emit_stamped``); the conformance suite holds every event a game writes against these
records.
"""

# No ``from __future__ import annotations``: the records' NotRequired must be seen at run time (Python 3.11).

from typing import Literal, NotRequired, TypedDict

from admiralty.engine.eventtypes import EventTypes, JsonValue


class _Stamped(TypedDict):
    """What every dreadnought event carries besides its type: the clause, the turn and the phase."""

    rule: str
    turn: int
    phase: str


class AbortImpossible(_Stamped):
    """A fleet ordered to abort cannot (DN-5.2-abort)."""

    type: Literal["abort-impossible"]
    fleet: str
    side: str


class AbortOrdered(_Stamped):
    """A fleet is ordered home to a port from a later turn (DN-5.2-abort)."""

    type: Literal["abort-ordered"]
    fleet: str
    side: str
    port: str
    effective: int


class Battle(_Stamped):
    """A battle in a zone between fleets (the resolver's clause): its steps, the side that left, whether contact
    was lost, and the resolver's own step log."""

    type: Literal["battle"]
    zone: str
    fleets: list[str]
    steps: int
    left: str | None
    contact_lost: bool
    log: list[dict[str, JsonValue]]


class Bombardment(_Stamped):
    """A fleet bombards a port (DN-5.2-bombard)."""

    type: Literal["bombardment"]
    fleet: str
    side: str
    port: str


class BombardmentCancelled(_Stamped):
    """A fleet calls off its bombardment (DN-5.2-bombard)."""

    type: Literal["bombardment-cancelled"]
    fleet: str
    side: str


class CannotMove(_Stamped):
    """A fleet cannot move this turn: why, or the ships that have lost way (DN-5.24, DN-12-exhaust)."""

    type: Literal["cannot-move"]
    fleet: str
    side: str
    reason: NotRequired[str]
    ships: NotRequired[list[str]]


class CargoUnloaded(_Stamped):
    """A transport fleet unloads at a port (DN-5.2-transport)."""

    type: Literal["cargo-unloaded"]
    fleet: str
    side: str
    port: str


class ContactAvoided(_Stamped):
    """Both sides avoid battle in a zone (house contact rules)."""

    type: Literal["contact-avoided"]
    zone: str


class ContactRoll(_Stamped):
    """A side searches a zone for an enemy group (house contact rules, DN-5.2-escort)."""

    type: Literal["contact-roll"]
    side: str
    zone: str
    group: list[str]
    ships: int
    roll: int
    sighted: bool


class DamageRecorded(_Stamped):
    """A ship's damage boxes lost in a battle, and whether she lost way (DN-7.5d)."""

    type: Literal["damage-recorded"]
    ship: str
    side: str
    losses: dict[str, int]
    lost_way: bool
    speed: str


class EngagementChosen(_Stamped):
    """A side chooses to engage or declines battle (house contact rules)."""

    type: Literal["engagement-chosen"]
    side: str
    zone: str
    engage: bool


class EscortAlone(_Stamped):
    """An escort fleet has nothing left to escort (DN-5.2-escort)."""

    type: Literal["escort-alone"]
    fleet: str
    side: str


class FleetFormed(_Stamped):
    """A refloated ship forms a fleet of her own (DN-7.43)."""

    type: Literal["fleet-formed"]
    at: str
    fleet: str
    mission: str
    ships: list[str]
    side: str


class FleetMoved(_Stamped):
    """A fleet moves along a path, seen or unseen (DN-5.1)."""

    type: Literal["fleet-moved"]
    fleet: str
    side: str
    start: str
    path: list[str]
    hidden: bool


class FleetPlaced(_Stamped):
    """A fleet starts the game at a zone on a mission (DN-5.2)."""

    type: Literal["fleet-placed"]
    fleet: str
    side: str
    mission: str
    at: str
    ships: list[str]
    escorts: str | None


class FleetRemoved(_Stamped):
    """A fleet leaves the game (DN-5.25)."""

    type: Literal["fleet-removed"]
    fleet: str
    side: str
    reason: str


class FleetSplit(_Stamped):
    """A fleet detaches ships as a new fleet (DN-5.24)."""

    type: Literal["fleet-split"]
    fleet: str
    new_fleet: str
    side: str
    ships: list[str]


class FleetTowed(_Stamped):
    """A fleet takes damaged ships in tow: towed ship -> tug (house towing rules)."""

    type: Literal["fleet-towed"]
    fleet: str
    side: str
    tows: dict[str, str]


class FleetsCombined(_Stamped):
    """A fleet joins another (DN-5.21)."""

    type: Literal["fleets-combined"]
    fleet: str
    into: str
    side: str
    ships: list[str]


class GameOver(_Stamped):
    """The game ends (victory): the winner (None: a draw), why, each side's points, the condition met."""

    type: Literal["game-over"]
    winner: str | None
    reason: str
    points: dict[str, float]
    condition: int | None


class GameStarted(_Stamped):
    """The game begins (DN-5.1): the scenario, seed, engine and turns to play."""

    type: Literal["game-started"]
    scenario: str
    seed: int
    engine: str
    turns: int


class LayRefused(_Stamped):
    """A minelayer cannot lay towards a zone (DN-5.2-minelay)."""

    type: Literal["lay-refused"]
    fleet: str
    side: str
    to: str


class LostWay(_Stamped):
    """A ship runs out of fuel (DN-12-exhaust)."""

    type: Literal["lost-way"]
    ship: str
    side: str


class MerchantSearch(_Stamped):
    """A raider searches a zone for merchant ships (house merchant rules)."""

    type: Literal["merchant-search"]
    fleet: str
    side: str
    zone: str
    roll: int
    modifier: int
    found: bool


class MerchantSearchCancelled(_Stamped):
    """A raider calls off its search (DN-5.2-raid)."""

    type: Literal["merchant-search-cancelled"]
    fleet: str
    side: str


class MerchantSunk(_Stamped):
    """A raider sinks a merchant ship (DN-5.2-raid)."""

    type: Literal["merchant-sunk"]
    fleet: str
    side: str
    zone: str


class MineHit(_Stamped):
    """A ship strikes a mine (DN-13)."""

    type: Literal["mine-hit"]
    ship: str
    side: str
    roll: int


class MinefieldCrossed(_Stamped):
    """A fleet crosses a minefield (DN-13)."""

    type: Literal["minefield-crossed"]
    fleet: str
    side: str
    between: list[str]


class MinefieldFound(_Stamped):
    """A sweeper finds a minefield (DN-5.2-minesweep)."""

    type: Literal["minefield-found"]
    fleet: str
    side: str
    between: list[str]
    sweeper: str


class MinefieldLaid(_Stamped):
    """A minelayer lays a minefield (DN-5.2-minelay)."""

    type: Literal["minefield-laid"]
    between: list[str]
    fleet: str
    minelayer: str
    side: str


class MinefieldPlaced(_Stamped):
    """A minefield of the scenario lies between two zones (DN-13)."""

    type: Literal["minefield-placed"]
    between: list[str]
    owner: str
    strength: int


class MinefieldSwept(_Stamped):
    """A sweeper sweeps a minefield (DN-5.2-minesweep)."""

    type: Literal["minefield-swept"]
    fleet: str
    side: str
    between: list[str]
    strength: int
    sweeper: str


class MissionAborted(_Stamped):
    """A fleet abandons its mission and heads for port (DN-5.2-abort)."""

    type: Literal["mission-aborted"]
    fleet: str
    side: str
    port: str
    from_turn: int
    route: list[str]


class MoveCarriedOver(_Stamped):
    """A fleet carries its move over to the next turn (DN-5.1)."""

    type: Literal["move-carried-over"]
    fleet: str
    side: str
    zones: list[str]


class MoveShortened(_Stamped):
    """A fleet cannot move as far as planned: speed, weather or towing (DN-5.11b)."""

    type: Literal["move-shortened"]
    fleet: str
    side: str
    planned: list[str]
    reason: NotRequired[str]
    weather: NotRequired[str]


class MovementPlanned(_Stamped):
    """A fleet plots a route to a goal (DN-5.12)."""

    type: Literal["movement-planned"]
    fleet: str
    side: str
    goal: str
    route: list[str]


class NewMission(_Stamped):
    """A fleet takes up a new mission (DN-5.22)."""

    type: Literal["new-mission"]
    fleet: str
    side: str
    mission: str
    previous: str


class ObjectiveReached(_Stamped):
    """A fleet reaches a victory objective (victory)."""

    type: Literal["objective-reached"]
    side: str
    fleet: str
    target: str
    condition: int


class OrderImpossible(_Stamped):
    """A fleet's order names a move it cannot make (DN-5.1)."""

    type: Literal["order-impossible"]
    fleet: str
    side: str
    at: str
    to: str
    reason: str


class OrderRefused(_Stamped):
    """A fleet cannot follow an order, and why (DN-5.2-abort, DN-5.24)."""

    type: Literal["order-refused"]
    fleet: str
    order: str
    side: str
    reason: NotRequired[str]


class OrderWritten(_Stamped):
    """A fleet writes its order for a later turn (DN-5.2-intercept, DN-5.2-raid)."""

    type: Literal["order-written"]
    fleet: str
    side: str
    for_turn: int
    order: str


class PlanDelayed(_Stamped):
    """A fleet waits a turn before it can act (DN-5.12)."""

    type: Literal["plan-delayed"]
    fleet: str
    side: str
    act: str


class Points(_Stamped):
    """A side scores victory points, and for what (the clause that scores them)."""

    type: Literal["points"]
    side: str
    points: float
    reason: str
    fleet: NotRequired[str]
    ship: NotRequired[str]
    zone: NotRequired[str]
    multiplier: NotRequired[float]


class PursuitContact(_Stamped):
    """A pursuer catches its target in a zone (DN-5.23)."""

    type: Literal["pursuit-contact"]
    fleet: str
    side: str
    target: str
    zone: str


class PursuitDeclared(_Stamped):
    """A fleet sets off in pursuit (DN-5.23)."""

    type: Literal["pursuit-declared"]
    fleet: str
    side: str
    target: str
    turns: list[int]


class PursuitEnded(_Stamped):
    """A fleet gives up the pursuit (DN-5.23)."""

    type: Literal["pursuit-ended"]
    fleet: str
    side: str
    reason: str


class PursuitRoll(_Stamped):
    """A pursuer's roll to catch up (DN-5.23)."""

    type: Literal["pursuit-roll"]
    fleet: str
    side: str
    target: str
    roll: int
    bonus: int
    success: bool


class RaiderHidden(_Stamped):
    """A raider slips out of sight (DN-5.2-raid-hidden)."""

    type: Literal["raider-hidden"]
    fleet: str
    side: str


class RaiderRevealed(_Stamped):
    """A hidden raider is seen again (DN-5.2-raid-hidden)."""

    type: Literal["raider-revealed"]
    fleet: str
    side: str
    at: str
    reason: str


class Rearmed(_Stamped):
    """A ship rearms at a port (DN-12-rearm)."""

    type: Literal["rearmed"]
    ship: str
    side: str
    port: str


class RefuelLost(_Stamped):
    """A fleet that fought takes on no fuel this turn (DN-12-nocombat)."""

    type: Literal["refuel-lost"]
    fleet: str
    side: str


class RefuelRefused(_Stamped):
    """A fleet cannot refuel where it is (DN-12-port)."""

    type: Literal["refuel-refused"]
    at: str
    fleet: str
    side: str


class Refuelled(_Stamped):
    """A ship takes on fuel boxes (DN-12)."""

    type: Literal["refuelled"]
    boxes: int
    fuel: int
    ship: str
    side: str
    source: str


class ShipDamaged(_Stamped):
    """A ship loses hull boxes (DN-7.5d, DN-13)."""

    type: Literal["ship-damaged"]
    ship: str
    side: str
    boxes: int
    hull: int
    cause: str


class ShipGrounded(_Stamped):
    """A ship runs aground (DN-7.42, DN-7.44)."""

    type: Literal["ship-grounded"]
    cause: str
    deliberate: bool
    ship: str
    side: str
    zone: str


class ShipLeftBehind(_Stamped):
    """A ship out of fuel is left behind as a fleet of her own (DN-12-exhaust)."""

    type: Literal["ship-left-behind"]
    fleet: str
    new_fleet: str
    side: str
    ship: str
    mission: str


class ShipRefloated(_Stamped):
    """A grounded ship is refloated (DN-7.43)."""

    type: Literal["ship-refloated"]
    damage_roll: int
    ship: str
    side: str
    zone: str


class ShipSunk(_Stamped):
    """A ship is sunk (DN-7.5d, DN-13)."""

    type: Literal["ship-sunk"]
    ship: str
    side: str
    cause: str


class ShortOfFuel(_Stamped):
    """A fleet short of fuel moves less than planned (DN-12-exhaust)."""

    type: Literal["short-of-fuel"]
    fleet: str
    planned: list[str]
    possible: list[str]
    side: str


class Supplied(_Stamped):
    """A collier or tanker gives a ship fuel boxes (DN-12.51, DN-12.61)."""

    type: Literal["supplied"]
    boxes: int
    ship: str
    supplier: str
    supplier_fuel: int


class SupplyRefused(_Stamped):
    """A fleet gets no supply where it is (DN-12.5)."""

    type: Literal["supply-refused"]
    fleet: str
    side: str
    at: str


class SweepRefused(_Stamped):
    """A fleet cannot sweep for mines here (DN-5.2-minesweep)."""

    type: Literal["sweep-refused"]
    fleet: str
    side: str


class UnloadRefused(_Stamped):
    """A transport fleet cannot unload here (DN-5.2-transport)."""

    type: Literal["unload-refused"]
    fleet: str
    side: str


class Weather(_Stamped):
    """The turn's weather: rolled, or listed by the scenario (house weather rules)."""

    type: Literal["weather"]
    weather: str
    roll: NotRequired[int]
    listed: NotRequired[bool]


DreadnoughtEvent = (AbortImpossible | AbortOrdered | Battle | Bombardment | BombardmentCancelled | CannotMove |
                    CargoUnloaded | ContactAvoided | ContactRoll | DamageRecorded | EngagementChosen |
                    EscortAlone | FleetFormed | FleetMoved | FleetPlaced | FleetRemoved | FleetSplit |
                    FleetTowed | FleetsCombined | GameOver | GameStarted | LayRefused | LostWay | MerchantSearch
                    | MerchantSearchCancelled | MerchantSunk | MineHit | MinefieldCrossed | MinefieldFound |
                    MinefieldLaid | MinefieldPlaced | MinefieldSwept | MissionAborted | MoveCarriedOver |
                    MoveShortened | MovementPlanned | NewMission | ObjectiveReached | OrderImpossible |
                    OrderRefused | OrderWritten | PlanDelayed | Points | PursuitContact | PursuitDeclared |
                    PursuitEnded | PursuitRoll | RaiderHidden | RaiderRevealed | Rearmed | RefuelLost |
                    RefuelRefused | Refuelled | ShipDamaged | ShipGrounded | ShipLeftBehind | ShipRefloated |
                    ShipSunk | ShortOfFuel | Supplied | SupplyRefused | SweepRefused | UnloadRefused | Weather)
"""Any event of a dreadnought game."""

EVENTS: EventTypes[DreadnoughtEvent] = EventTypes.of(
    AbortImpossible, AbortOrdered, Battle, Bombardment, BombardmentCancelled, CannotMove, CargoUnloaded,
    ContactAvoided, ContactRoll, DamageRecorded, EngagementChosen, EscortAlone, FleetFormed, FleetMoved,
    FleetPlaced, FleetRemoved, FleetSplit, FleetTowed, FleetsCombined, GameOver, GameStarted, LayRefused,
    LostWay, MerchantSearch, MerchantSearchCancelled, MerchantSunk, MineHit, MinefieldCrossed, MinefieldFound,
    MinefieldLaid, MinefieldPlaced, MinefieldSwept, MissionAborted, MoveCarriedOver, MoveShortened,
    MovementPlanned, NewMission, ObjectiveReached, OrderImpossible, OrderRefused, OrderWritten, PlanDelayed,
    Points, PursuitContact, PursuitDeclared, PursuitEnded, PursuitRoll, RaiderHidden, RaiderRevealed, Rearmed,
    RefuelLost, RefuelRefused, Refuelled, ShipDamaged, ShipGrounded, ShipLeftBehind, ShipRefloated, ShipSunk,
    ShortOfFuel, Supplied, SupplyRefused, SweepRefused, UnloadRefused, Weather)
"""Every event type a dreadnought game writes."""
