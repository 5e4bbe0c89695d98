"""Every event a renaissance game writes, as a typed record (``admiralty.engine.eventtypes``).

Each record is the JSON object the engine has always written: ``type`` is the event's kind, ``rule`` the clause
behind it (``RN-...``), ``turn`` the turn it happened in, then its details. The events of a battle carry its
index (``battle``, from 0) and those of a scripted transport the action's (``action``), so that the replay
viewer steps through them one by one. ``EVENTS`` is the registry ``Ruleset.events`` names; ``RenaissanceEvent``
the union the game and the replay sentences are written against.
"""

# No ``from __future__ import annotations``: the records' NotRequired must be seen at run time (Python 3.11).

from typing import Literal, NotRequired, TypedDict

from admiralty.engine.eventtypes import EventTypes

UnitCounts = dict[str, int]
"""Naval units by kind (``{"galleys": 3, "corsairs": 1}``)."""


class Turn(TypedDict):
    """A turn begins (RN-10)."""

    type: Literal["turn"]
    rule: str
    turn: int


class BattleSide(TypedDict):
    """One side of a battle as it opens (RN-dice): its power, units, dice by unit kind, leader and port
    defender dice, and the total."""

    power: str
    units: UnitCounts
    dice: UnitCounts
    leader: int
    port_defender: int
    total: int


class Battle(TypedDict):
    """A battle opens at a place of a zone (sea or port) between an attacker and a defender (RN-dice)."""

    type: Literal["battle"]
    rule: str
    turn: int
    battle: int
    at: str
    zone: str
    attacker: BattleSide
    defender: BattleSide


class BattleSkipped(TypedDict):
    """A scripted battle that cannot be fought (RN-dice): the two powers and why."""

    type: Literal["battle-skipped"]
    rule: str
    turn: int
    battle: int
    at: str
    attacker: str
    defender: str
    reason: str


class Card(TypedDict):
    """A power plays a combat card in a battle (RN-3-4): scripted by the scenario or chosen, from its hand or
    not."""

    type: Literal["card"]
    rule: str
    turn: int
    battle: int
    side: str
    power: str
    card: str
    scripted: bool
    from_hand: bool


class Roll(TypedDict):
    """A side's battle dice and its hits (RN-5)."""

    type: Literal["roll"]
    rule: str
    turn: int
    battle: int
    side: str
    power: str
    rolls: list[int]
    hits: int


class Reaction(TypedDict):
    """A reaction card answers with extra dice (RN-6)."""

    type: Literal["reaction"]
    rule: str
    turn: int
    battle: int
    card: str
    by: str
    side: str
    rolls: list[int]
    hits: int
    scripted: bool


class Winner(TypedDict):
    """The side with more hits wins the battle (RN-7); the hits of each side."""

    type: Literal["winner"]
    rule: str
    turn: int
    battle: int
    side: str
    power: str
    hits: dict[str, int]


class Losses(TypedDict):
    """What a side loses (RN-8): ships, corsairs, the fives ignored, and whether an odd hit sank a ship."""

    type: Literal["losses"]
    rule: str
    turn: int
    battle: int
    side: str
    power: str
    ships: int
    corsairs: int
    ignored_fives: int
    odd_hit_sank: bool


class UnitLost(TypedDict):
    """A power loses naval units of one kind (RN-8); ``chosen`` when it had a choice of kind."""

    type: Literal["unit-lost"]
    rule: str
    turn: int
    battle: int
    power: str
    unit: str
    amount: int
    chosen: bool


class UnitKept(TypedDict):
    """A power keeps naval units of one kind it could have lost (RN-8)."""

    type: Literal["unit-kept"]
    rule: str
    turn: int
    battle: int
    power: str
    unit: str
    amount: int
    chosen: bool


class DestroyedNoRetreat(TypedDict):
    """A beaten side with nowhere to retreat is destroyed (RN-9)."""

    type: Literal["destroyed-no-retreat"]
    rule: str
    turn: int
    battle: int
    power: str
    at: str
    units: UnitCounts


class Retreat(TypedDict):
    """A beaten side retreats with its units and leaders (RN-9); ``chosen`` when it had a choice of place."""

    type: Literal["retreat"]
    rule: str
    turn: int
    battle: int
    power: str
    origin: str
    target: str
    units: UnitCounts
    leaders: list[str]
    chosen: bool


class UnitsToPool(TypedDict):
    """Units go back to a power's pool (RN-10): after a battle (its index; to dry dock) or off the turn track."""

    type: Literal["units-to-pool"]
    rule: str
    turn: int
    battle: NotRequired[int]
    power: str
    units: UnitCounts
    dry_dock: NotRequired[bool]


class ToTurnTrack(TypedDict):
    """Units and leaders go on the turn track, back on a later turn (RN-10)."""

    type: Literal["to-turn-track"]
    rule: str
    turn: int
    battle: int
    power: str
    units: UnitCounts
    leaders: list[str]
    returns_on: int


class LeaderReturns(TypedDict):
    """A leader comes back off the turn track at his power's home port (RN-10); ``None`` when it holds none."""

    type: Literal["leader-returns"]
    rule: str
    turn: int
    power: str
    leader: str
    at: str | None


# The two transport records have a detail named "from", a keyword: written in TypedDict's functional form.
Transport = TypedDict("Transport", {
    "type": Literal["transport"], "rule": str, "turn": int, "action": int, "power": str, "formation": str,
    "from": str, "to": str, "path": list[str]})
"""A formation carried from port to port through sea zones (RN-16.3)."""

TransportImpossible = TypedDict("TransportImpossible", {
    "type": Literal["transport-impossible"], "rule": str, "turn": int, "action": int, "power": str,
    "formation": str, "from": str, "to": str, "reason": str})
"""A scripted transport that cannot be made (RN-16.3), and why."""


RenaissanceEvent = (Turn | Battle | BattleSkipped | Card | Roll | Reaction | Winner | Losses | UnitLost | UnitKept
                    | DestroyedNoRetreat | Retreat | UnitsToPool | ToTurnTrack | LeaderReturns | Transport
                    | TransportImpossible)
"""An event of a renaissance game, of any declared type."""

EVENTS: EventTypes[RenaissanceEvent] = EventTypes.of(
    Turn, Battle, BattleSkipped, Card, Roll, Reaction, Winner, Losses, UnitLost, UnitKept, DestroyedNoRetreat,
    Retreat, UnitsToPool, ToTurnTrack, LeaderReturns, Transport, TransportImpossible)
"""Every event type a renaissance game writes."""
