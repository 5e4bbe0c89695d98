"""The changing state of a renaissance game, and the decision record a side answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NotRequired, TypedDict, cast

from admiralty.engine.api import Action
from admiralty.engine.dice import Dice, roll

from .combat import CorsairMode
from .events import RenaissanceEvent
from .model import BattleSide, RenaissanceScenario, Units, ZoneKind, are_enemies
from .tables import Tables
from .turn_track import TrackEntry


class BattleSideView(TypedDict):
    """One side of the battle being fought, as the view shows it: its power, units and dice (RN-dice)."""

    power: str
    units: dict[str, int]
    dice: int


class BattleView(TypedDict):
    """The battle being fought, as the view shows it: the step it is at, each side, and once step 7 (RN-7) has
    passed its winner and hits."""

    index: int
    at: str
    zone: ZoneKind
    step: str
    attacker: BattleSideView
    defender: BattleSideView
    winner: NotRequired[BattleSide]
    hits: NotRequired[dict[BattleSide, int]]


@dataclass(frozen=True)
class Decision:
    """A choice the rules leave to one side: ``kind`` is card, reaction, lose, keep or retreat; the options are
    ``actions.RenaissanceAction`` values."""

    side: str
    kind: str
    options: tuple[Action, ...]
    context: dict[str, int | str] = field(default_factory=dict)


class RenaissanceState:
    """Where everything is now; the scenario model stays the starting position."""

    def __init__(
        self, scenario: RenaissanceScenario, tables: Tables, dice: Dice, corsair_mode: CorsairMode
    ) -> None:
        self.scenario = scenario
        self.map = scenario.map
        self.tables = tables
        self.dice = dice
        self.corsair_mode: CorsairMode = corsair_mode
        self.events: list[RenaissanceEvent] = []
        self.turn = 1
        self.units: dict[str, dict[str, Units]] = {}
        for location, by_power in scenario.units.items():
            for power, units in by_power.items():
                self.set_units(location, power, units)
        self.leader_at: dict[str, str | None] = {lid: leader.at for lid, leader in scenario.leaders.items()}
        self.formation_at: dict[str, str] = {fid: f.at for fid, f in scenario.formations.items()}
        self.hands: dict[str, list[str]] = {p: list(scenario.hands.get(p, ())) for p in scenario.powers}
        self.pool: dict[str, Units] = {p: Units() for p in scenario.powers}
        self.track: tuple[TrackEntry, ...] = ()
        self.points: dict[str, float] = {p: 0.0 for p in scenario.powers}
        self.destroyed: dict[str, Units] = {p: Units() for p in scenario.powers}
        self.battles_won: dict[str, int] = {p: 0 for p in scenario.powers}
        self.battle: BattleView | None = None

    def roll(self, count: int) -> tuple[int, ...]:
        """Roll ``count`` dice: the scripted faces first (option ``dice``: tests, re-enacting a table game),
        then the game's generator."""
        return roll(self.dice, count)

    def record(self, event: RenaissanceEvent) -> None:
        """Append ``event`` (a record of ``events``: its type, its clause, the turn, its details); its data is
        copied, so later changes to a list or a count never reach the log."""
        copied = cast(RenaissanceEvent, snapshot(event))  # the same record: lists and dicts copied, tuples as lists
        self.events.append(copied)

    def units_of(self, location: str, power: str) -> Units:
        return self.units.get(location, {}).get(power, Units())

    def set_units(self, location: str, power: str, units: Units) -> None:
        """Store ``power``'s units at ``location``; an empty group is removed, never kept as zeros."""
        here = self.units.setdefault(location, {})
        if units.is_empty:
            here.pop(power, None)
            if not here:
                del self.units[location]
        else:
            here[power] = Units.of(units.as_dict())

    def enemy_locations(self, power: str) -> frozenset[str]:
        """The locations holding naval units of any enemy of ``power`` (membership tests only)."""
        alliances = self.scenario.alliances
        return frozenset(
            location
            for location, by_power in self.units.items()
            if any(are_enemies(power, other, alliances) for other in by_power)
        )

    def leaders_at(self, power: str, location: str) -> list[str]:
        """``power``'s leaders now at ``location``, in scenario order."""
        return [
            lid
            for lid, leader in self.scenario.leaders.items()
            if leader.power == power and self.leader_at[lid] == location
        ]

    def home_port(self, power: str) -> str | None:
        """The first port (map order) ``power`` controls: where a returning leader enters (house rule)."""
        return next((p.id for p in self.map.ports.values() if p.power == power), None)

    def take_card(self, power: str, card: str) -> bool:
        """Remove one copy of ``card`` from ``power``'s hand; False when the hand did not hold it."""
        hand = self.hands.setdefault(power, [])
        if card in hand:
            hand.remove(card)
            return True
        return False


def snapshot(value: object) -> object:
    """A deep copy of JSON-like data (dicts, lists, tuples as lists, scalars)."""
    if isinstance(value, dict):
        return {key: snapshot(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [snapshot(item) for item in value]
    return value
