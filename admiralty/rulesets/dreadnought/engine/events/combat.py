"""The events of contact, battle, damage, mines, grounding, a mission's result, weather and victory."""

# No ``from __future__ import annotations``: the records' NotRequired must be seen at run time (Python 3.11).

from typing import Literal, NotRequired

from admiralty.engine.eventtypes import JsonValue
from admiralty.rulesets.dreadnought.engine.events.stamp import Stamped


class ContactRoll(Stamped):
    """A side searches a zone for an enemy group (house contact rules, DN-5.2-escort)."""

    type: Literal["contact-roll"]
    side: str
    zone: str
    group: list[str]
    ships: int
    roll: int
    sighted: bool


class EngagementChosen(Stamped):
    """A side chooses to engage or declines battle (house contact rules)."""

    type: Literal["engagement-chosen"]
    side: str
    zone: str
    engage: bool


class ContactAvoided(Stamped):
    """Both sides avoid battle in a zone (house contact rules)."""

    type: Literal["contact-avoided"]
    zone: str


class Battle(Stamped):
    """A battle in a zone between fleets (the resolver's clause): its steps, the side that left, whether contact
    was lost, and the resolver's own step log."""

    type: Literal["battle"]
    zone: str
    fleets: list[str]
    steps: int
    left: str | None
    contact_lost: bool
    log: list[dict[str, JsonValue]]


class DamageRecorded(Stamped):
    """A ship's damage boxes lost in a battle, and whether she lost way (DN-7.5d)."""

    type: Literal["damage-recorded"]
    ship: str
    side: str
    losses: dict[str, int]
    lost_way: bool
    speed: str


class ShipDamaged(Stamped):
    """A ship loses hull boxes (DN-7.5d, DN-13)."""

    type: Literal["ship-damaged"]
    ship: str
    side: str
    boxes: int
    hull: int
    cause: str


class ShipSunk(Stamped):
    """A ship is sunk (DN-7.5d, DN-13)."""

    type: Literal["ship-sunk"]
    ship: str
    side: str
    cause: str


class MineHit(Stamped):
    """A ship strikes a mine (DN-13)."""

    type: Literal["mine-hit"]
    ship: str
    side: str
    roll: int


class MinefieldPlaced(Stamped):
    """A minefield of the scenario lies between two zones (DN-13)."""

    type: Literal["minefield-placed"]
    between: list[str]
    owner: str
    strength: int


class MinefieldCrossed(Stamped):
    """A fleet crosses a minefield (DN-13)."""

    type: Literal["minefield-crossed"]
    fleet: str
    side: str
    between: list[str]


class MinefieldFound(Stamped):
    """A sweeper finds a minefield (DN-5.2-minesweep)."""

    type: Literal["minefield-found"]
    fleet: str
    side: str
    between: list[str]
    sweeper: str


class MinefieldLaid(Stamped):
    """A minelayer lays a minefield (DN-5.2-minelay)."""

    type: Literal["minefield-laid"]
    between: list[str]
    fleet: str
    minelayer: str
    side: str


class MinefieldSwept(Stamped):
    """A sweeper sweeps a minefield (DN-5.2-minesweep)."""

    type: Literal["minefield-swept"]
    fleet: str
    side: str
    between: list[str]
    strength: int
    sweeper: str


class LayRefused(Stamped):
    """A minelayer cannot lay towards a zone (DN-5.2-minelay)."""

    type: Literal["lay-refused"]
    fleet: str
    side: str
    to: str


class SweepRefused(Stamped):
    """A fleet cannot sweep for mines here (DN-5.2-minesweep)."""

    type: Literal["sweep-refused"]
    fleet: str
    side: str


class ShipGrounded(Stamped):
    """A ship runs aground (DN-7.42, DN-7.44)."""

    type: Literal["ship-grounded"]
    cause: str
    deliberate: bool
    ship: str
    side: str
    zone: str


class ShipRefloated(Stamped):
    """A grounded ship is refloated (DN-7.43)."""

    type: Literal["ship-refloated"]
    damage_roll: int
    ship: str
    side: str
    zone: str


class FleetFormed(Stamped):
    """A refloated ship forms a fleet of her own (DN-7.43)."""

    type: Literal["fleet-formed"]
    at: str
    fleet: str
    mission: str
    ships: list[str]
    side: str


class Weather(Stamped):
    """The turn's weather: rolled, or listed by the scenario (house weather rules)."""

    type: Literal["weather"]
    weather: str
    roll: NotRequired[int]
    listed: NotRequired[bool]


class Bombardment(Stamped):
    """A fleet bombards a port (DN-5.2-bombard)."""

    type: Literal["bombardment"]
    fleet: str
    side: str
    port: str


class BombardmentCancelled(Stamped):
    """A fleet calls off its bombardment (DN-5.2-bombard)."""

    type: Literal["bombardment-cancelled"]
    fleet: str
    side: str


class MerchantSearch(Stamped):
    """A raider searches a zone for merchant ships (house merchant rules)."""

    type: Literal["merchant-search"]
    fleet: str
    side: str
    zone: str
    roll: int
    modifier: int
    found: bool


class MerchantSearchCancelled(Stamped):
    """A raider calls off its search (DN-5.2-raid)."""

    type: Literal["merchant-search-cancelled"]
    fleet: str
    side: str


class MerchantSunk(Stamped):
    """A raider sinks a merchant ship (DN-5.2-raid)."""

    type: Literal["merchant-sunk"]
    fleet: str
    side: str
    zone: str


class CargoUnloaded(Stamped):
    """A transport fleet unloads at a port (DN-5.2-transport)."""

    type: Literal["cargo-unloaded"]
    fleet: str
    side: str
    port: str


class UnloadRefused(Stamped):
    """A transport fleet cannot unload here (DN-5.2-transport)."""

    type: Literal["unload-refused"]
    fleet: str
    side: str


class FleetTowed(Stamped):
    """A fleet takes damaged ships in tow: towed ship -> tug (house towing rules)."""

    type: Literal["fleet-towed"]
    fleet: str
    side: str
    tows: dict[str, str]


class Points(Stamped):
    """A side scores victory points, and for what (the clause that scores them)."""

    type: Literal["points"]
    side: str
    points: float
    reason: str
    fleet: NotRequired[str]
    ship: NotRequired[str]
    zone: NotRequired[str]
    multiplier: NotRequired[float]


class GameStarted(Stamped):
    """The game begins (DN-5.1): the scenario, seed, engine and turns to play."""

    type: Literal["game-started"]
    scenario: str
    seed: int
    engine: str
    turns: int


class GameOver(Stamped):
    """The game ends (victory): the winner (None: a draw), why, each side's points, the condition met."""

    type: Literal["game-over"]
    winner: str | None
    reason: str
    points: dict[str, float]
    condition: int | None


class ObjectiveReached(Stamped):
    """A fleet reaches a victory objective (victory)."""

    type: Literal["objective-reached"]
    side: str
    fleet: str
    target: str
    condition: int
