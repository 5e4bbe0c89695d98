"""Every event a napoleonic game writes, as a typed record (``admiralty.engine.eventtypes``).

Each record is the JSON object the engine has always written: ``type`` is the event's kind, ``rule`` the clause
behind it (``NA-...``, or ``house`` for the house rules of the turn and the fire plan), ``turn`` the turn it
happened in (0 before the first), then its details. ``EVENTS`` is the registry ``Ruleset.events`` names;
``NapoleonicEvent`` the union the game, its tests and the replay sentences are written against.
"""

# No ``from __future__ import annotations``: the records' NotRequired must be seen at run time (Python 3.11).

from typing import Literal, NotRequired, TypedDict

from admiralty.engine.eventtypes import EventTypes, JsonValue


class Start(TypedDict):
    """The game begins (house): the scenario, the seed and the options it is played with."""

    type: Literal["start"]
    rule: str
    turn: int
    scenario: str
    seed: int
    options: dict[str, JsonValue]


class Turn(TypedDict):
    """A turn begins (house): the batteries in the order they fire."""

    type: Literal["turn"]
    rule: str
    turn: int
    order: list[str]


class Hold(TypedDict):
    """A battery holds its fire (house)."""

    type: Literal["hold"]
    rule: str
    turn: int
    battery: str


class PlanBlocked(TypedDict):
    """The fire plan names a target the battery cannot fire at (house)."""

    type: Literal["plan-blocked"]
    rule: str
    turn: int
    battery: str
    target: str


class NoTarget(TypedDict):
    """A battery has no target in range (house)."""

    type: Literal["no-target"]
    rule: str
    turn: int
    battery: str


class Fire(TypedDict):
    """A battery fires its guns or howitzers (NA-how-b): the range band, the pieces and the modifier; the dice,
    hits and casualties where the fire table is rolled."""

    type: Literal["fire"]
    rule: str
    turn: int
    battery: str
    target: str
    band: str
    distance: float
    pieces: int
    shells: bool
    modifier: int
    dice: NotRequired[list[int]]
    hits: NotRequired[int]
    casualties: NotRequired[str]


class FireRoll(TypedDict):
    """Howitzers try to set a building alight (NA-fire-a)."""

    type: Literal["fire-roll"]
    rule: str
    turn: int
    battery: str
    terrain: str
    howitzers: int
    dice: list[int]
    needs: int
    ignites: bool


class Burning(TypedDict):
    """A building catches fire (NA-fire-b)."""

    type: Literal["burning"]
    rule: str
    turn: int
    terrain: str


class AlreadyBurnt(TypedDict):
    """A building set alight had burnt out already (NA-fire-b)."""

    type: Literal["already-burnt"]
    rule: str
    turn: int
    terrain: str


class Rocket(TypedDict):
    """A rocket battery fires (NA-rocket): its dice and the table's result."""

    type: Literal["rocket"]
    rule: str
    turn: int
    battery: str
    target: str
    distance: float
    dice: list[int]
    result: str


class BatteryDestroyed(TypedDict):
    """A rocket battery destroys itself on a double six (NA-rocket)."""

    type: Literal["battery-destroyed"]
    rule: str
    turn: int
    battery: str


class DoubleSix(TypedDict):
    """A double six on the fire dice (house): the table row and its effect."""

    type: Literal["double-six"]
    rule: str
    turn: int
    battery: str
    target: str
    die: int
    effect: str
    table: str


class Wavers(TypedDict):
    """A unit wavers under fire."""

    type: Literal["wavers"]
    rule: str
    turn: int
    unit: str


class Steadies(TypedDict):
    """A wavering unit steadies at the start of a turn (house)."""

    type: Literal["steadies"]
    rule: str
    turn: int
    unit: str


class Penetration(TypedDict):
    """A shot passes through its target into a unit behind (NA-pen-b)."""

    type: Literal["penetration"]
    rule: str
    turn: int
    battery: str
    target: str
    unit: str
    share_behind: float
    gap: float
    distance: float
    casualties: str


class NoPenetration(TypedDict):
    """A shot stops in its target: shells (NA-how-b) or the ground it stands in (NA-pen-e; None: open ground)."""

    type: Literal["no-penetration"]
    rule: str
    turn: int
    target: str
    ground: NotRequired[str | None]
    shells: NotRequired[bool]


class Rounding(TypedDict):
    """A part casualty rounded to whole figures (NA-10.46a-c): the fraction as text, the dice if any."""

    type: Literal["rounding"]
    rule: str
    turn: int
    unit: str
    amount: str
    dice: list[int]
    rounded_up: bool
    figures: int


class Casualties(TypedDict):
    """Figures lost by a unit, and its total so far."""

    type: Literal["casualties"]
    rule: str
    turn: int
    unit: str
    figures: int
    total: int


class BaseRemoved(TypedDict):
    """A unit's casualties take a base off the table (NA-marking)."""

    type: Literal["base-removed"]
    rule: str
    turn: int
    unit: str
    bases_on_table: int


class Eliminated(TypedDict):
    """A unit is eliminated (NA-marking)."""

    type: Literal["eliminated"]
    rule: str
    turn: int
    unit: str


class GameOver(TypedDict):
    """The game ends (house): why, the winner (``None``: a draw) and each side's points."""

    type: Literal["game-over"]
    rule: str
    turn: int
    reason: str
    winner: str | None
    points: dict[str, float]


NapoleonicEvent = (Start | Turn | Hold | PlanBlocked | NoTarget | Fire | FireRoll | Burning | AlreadyBurnt | Rocket
                   | BatteryDestroyed | DoubleSix | Wavers | Steadies | Penetration | NoPenetration | Rounding
                   | Casualties | BaseRemoved | Eliminated | GameOver)
"""An event of a napoleonic game, of any declared type."""

EVENTS: EventTypes[NapoleonicEvent] = EventTypes.of(
    Start, Turn, Hold, PlanBlocked, NoTarget, Fire, FireRoll, Burning, AlreadyBurnt, Rocket, BatteryDestroyed,
    DoubleSix, Wavers, Steadies, Penetration, NoPenetration, Rounding, Casualties, BaseRemoved, Eliminated, GameOver)
"""Every event type a napoleonic game writes."""
