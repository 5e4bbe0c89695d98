"""Every event a dreadnought game writes, as a typed record (``admiralty.engine.eventtypes``).

Each record is the JSON object the engine has always written (``GameState.emit``): ``type`` is the event's kind,
``rule`` the clause behind it (``DN-...``, or ``house:...`` for a house rule), ``turn`` and ``phase`` where in the
game it happened (``stamp.Stamped``), then its details. The records are grouped by the rulebook's parts
(``fleets``, ``combat``, ``supply``); ``EVENTS`` is the registry ``Ruleset.events`` names, ``DreadnoughtEvent``
the union the replay sentences are written against. The engine itself still builds its events from keyword
details (``admiralty.engine.events.emit_stamped``); the conformance suite holds every event a game writes against
these records.
"""

from admiralty.engine.eventtypes import EventTypes
from admiralty.rulesets.dreadnought.engine.events.combat import (
    Battle,
    Bombardment,
    BombardmentCancelled,
    CargoUnloaded,
    ContactAvoided,
    ContactRoll,
    DamageRecorded,
    EngagementChosen,
    FleetFormed,
    FleetTowed,
    GameOver,
    GameStarted,
    LayRefused,
    MerchantSearch,
    MerchantSearchCancelled,
    MerchantSunk,
    MinefieldCrossed,
    MinefieldFound,
    MinefieldLaid,
    MinefieldPlaced,
    MinefieldSwept,
    MineHit,
    ObjectiveReached,
    Points,
    ShipDamaged,
    ShipGrounded,
    ShipRefloated,
    ShipSunk,
    SweepRefused,
    UnloadRefused,
    Weather,
)
from admiralty.rulesets.dreadnought.engine.events.fleets import (
    AbortImpossible,
    AbortOrdered,
    CannotMove,
    EscortAlone,
    FleetMoved,
    FleetPlaced,
    FleetRemoved,
    FleetsCombined,
    FleetSplit,
    MissionAborted,
    MoveCarriedOver,
    MovementPlanned,
    MoveShortened,
    NewMission,
    OrderImpossible,
    OrderRefused,
    OrderWritten,
    PlanDelayed,
    PursuitContact,
    PursuitDeclared,
    PursuitEnded,
    PursuitRoll,
    RaiderHidden,
    RaiderRevealed,
)
from admiralty.rulesets.dreadnought.engine.events.supply import (
    LostWay,
    Rearmed,
    Refuelled,
    RefuelLost,
    RefuelRefused,
    ShipLeftBehind,
    ShortOfFuel,
    Supplied,
    SupplyRefused,
)

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
"""An event of a dreadnought game, of any declared type."""

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

__all__ = [  # the records, for the replay sentences and the tests
    "EVENTS",
    "AbortImpossible",
    "AbortOrdered",
    "Battle",
    "Bombardment",
    "BombardmentCancelled",
    "CannotMove",
    "CargoUnloaded",
    "ContactAvoided",
    "ContactRoll",
    "DamageRecorded",
    "DreadnoughtEvent",
    "EngagementChosen",
    "EscortAlone",
    "FleetFormed",
    "FleetMoved",
    "FleetPlaced",
    "FleetRemoved",
    "FleetSplit",
    "FleetTowed",
    "FleetsCombined",
    "GameOver",
    "GameStarted",
    "LayRefused",
    "LostWay",
    "MerchantSearch",
    "MerchantSearchCancelled",
    "MerchantSunk",
    "MineHit",
    "MinefieldCrossed",
    "MinefieldFound",
    "MinefieldLaid",
    "MinefieldPlaced",
    "MinefieldSwept",
    "MissionAborted",
    "MoveCarriedOver",
    "MoveShortened",
    "MovementPlanned",
    "NewMission",
    "ObjectiveReached",
    "OrderImpossible",
    "OrderRefused",
    "OrderWritten",
    "PlanDelayed",
    "Points",
    "PursuitContact",
    "PursuitDeclared",
    "PursuitEnded",
    "PursuitRoll",
    "RaiderHidden",
    "RaiderRevealed",
    "Rearmed",
    "RefuelLost",
    "RefuelRefused",
    "Refuelled",
    "ShipDamaged",
    "ShipGrounded",
    "ShipLeftBehind",
    "ShipRefloated",
    "ShipSunk",
    "ShortOfFuel",
    "Supplied",
    "SupplyRefused",
    "SweepRefused",
    "UnloadRefused",
    "Weather",
]
