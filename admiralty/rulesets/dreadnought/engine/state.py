"""The mutable state of one dreadnought game, in plain typed dataclasses.

The frozen model (``model.py``) says what the scenario is; these classes say where everything stands now.
Every change goes through a rule module, which records it with ``GameState.emit`` so that the event log
is a complete account of the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple

from admiralty.engine.api import Event, GameResult
from admiralty.engine.events import emit_stamped
from admiralty.json_types import JSONObject
from admiralty.rulesets.dreadnought.engine.battle_types import BattleResolver
from admiralty.rulesets.dreadnought.engine.geography import Geography
from admiralty.rulesets.dreadnought.engine.house import House
from admiralty.rulesets.dreadnought.engine.model import (
    SPEEDS,
    STAY,
    Order,
    Scenario,
    Ship,
    ShipClass,
    effective_speed,
    speed_rank,
)


@dataclass(eq=False)
class ShipState:
    """One ship: boxes left, where it is (its fleet, or the zone it is grounded in), what it has spent.

    ``fuel`` counts the boxes not yet crossed out; ``steam`` the fuel units already burnt from the box in use
    (house fuel table)."""

    ship: Ship
    side: str
    hull: int
    fuel: int
    fleet: str | None
    torpedoes_spent: bool = False
    sunk: bool = False
    grounded_at: str | None = None
    deliberate: bool = False
    mine_loads: int = 0
    steam: int = 0
    losses: dict[str, int] = field(default_factory=dict)
    boilers: bool = False
    base_rank: int = field(init=False, repr=False)
    """The speed rank of the ship's class (DN-12.63 for tankers), fixed for the game: ``speed`` is asked
    hundreds of thousands of times a smoke run, so it is looked up once here."""

    def __post_init__(self) -> None:
        self.base_rank = speed_rank(effective_speed(self.ship.cls))

    @property
    def name(self) -> str:
        return self.ship.name

    @property
    def cls(self) -> ShipClass:
        return self.ship.cls

    @property
    def afloat(self) -> bool:
        return not self.sunk and self.grounded_at is None

    @property
    def lost_way(self) -> bool:
        """DN-12-exhaust: every fuel box crossed out; or way lost in battle (boilers hit, speed below "1s"),
        recorded on the ship (DN-7.5d)."""
        return self.fuel <= 0 or self.boilers

    @property
    def speed(self) -> str:
        """The speed class the rules use for this ship (DN-12.63 for tankers), less the speed classes lost in
        battle (DN-7.5d, recorded on the ship: a slowed ship slows its fleet)."""
        return SPEEDS[self.speed_rank_now]

    @property
    def speed_rank_now(self) -> int:
        """``speed_rank(self.speed)``: the class's rank less the speed classes lost in battle (DN-7.5d)."""
        losses = self.losses
        return max(0, self.base_rank - losses.get("speed", 0)) if losses else self.base_rank


@dataclass(eq=False)
class Pursuit:
    """DN-5.23: the enemy fleet pursued and the turns written "pursuit"."""

    target: str
    turns: list[int]
    moving: bool = False


@dataclass(eq=False)
class FleetState:
    """A fleet counter: its ships, mission, place (a zone id or a port id) and written orders by turn."""

    id: str
    side: str
    mission: str
    ships: list[str]
    at: str
    plan: dict[int, Order] = field(default_factory=dict)
    escorts: str | None = None
    is_collier_group: bool = False
    hidden: bool = False
    has_moved: bool = False
    may_hide_from: int = 0
    port_turns: int = 0
    start_of_turn: str = ""
    path: list[str] = field(default_factory=list)
    activity: str = "stay"
    activity_target: str | None = None
    pursuit: Pursuit | None = None
    may_pursue: list[str] = field(default_factory=list)
    fought: bool = False
    split_turn: int = 0
    split_fast: bool = True   # DN-5.24: whether the whole fleet, before it split this turn, was fast
    unloaded: bool = False
    acted: list[str] = field(default_factory=list)
    done_acts: list[str] = field(default_factory=list)
    origin: str = ""

    def order(self, turn: int) -> Order:
        return self.plan.get(turn, STAY)


@dataclass(eq=False)
class MinefieldState:
    """A minefield on the border of two zones (DN-13); ``known_to`` lists the sides that know it."""

    between: tuple[str, str]
    owner: str
    strength: int
    known_to: list[str]


class Decision(NamedTuple):
    """A choice a side must make now; the legal actions follow from the kind (see ``actions.py``). A named
    tuple rather than a frozen dataclass: two are made for every fleet every turn, and a named tuple costs
    about half as much to make. The game tells decisions apart by identity (the head of a side's queue)."""

    kind: str
    side: str
    fleet: str | None = None
    turn: int = 0
    zone: str | None = None

    def as_dict(self) -> JSONObject:
        return {"kind": self.kind, "fleet": self.fleet, "turn": self.turn, "zone": self.zone}


@dataclass(eq=False)
class GameState:
    """Everything about one game in progress, including its RNG and event log."""

    scenario: Scenario
    geo: Geography
    rng: random.Random
    resolver: BattleResolver
    options: dict[str, object]
    """The game's options as given (``game.new_game``): JSON values, a ``battle`` resolver object taken out."""
    sides: tuple[str, str]
    house: House
    """The typed house tables every rule reads, the battles' included (``House.battle``)."""
    events: list[Event] = field(default_factory=list)
    turn: int = 1
    phase: str = "setup"
    step: int = 0
    weather: str = "calm"
    ships: dict[str, ShipState] = field(default_factory=dict)
    fleets: dict[str, FleetState] = field(default_factory=dict)
    minefields: list[MinefieldState] = field(default_factory=list)
    points: dict[str, float] = field(default_factory=dict)
    decisions: dict[str, list[Decision]] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    sighted: dict[str, list[str]] = field(default_factory=dict)
    engaging: dict[str, list[str]] = field(default_factory=dict)
    forced: list[tuple[str, str]] = field(default_factory=list)
    reached: dict[int, int] = field(default_factory=dict)
    over: bool = False
    final: GameResult | None = None
    version: int = 0
    view_cache: dict[str, JSONObject] = field(default_factory=dict)
    fuel_units: dict[tuple[int, str, bool], int] = field(default_factory=dict)  # fuel.units_for's memo

    # --- recording ---------------------------------------------------------------------------------

    def emit(self, type_: str, rule: str, **details: object) -> None:
        """Append one event (``admiralty.engine.events``) stamped with the turn and phase; ``details`` must be
        JSON values (lists, not sets or tuples)."""
        emit_stamped(self.events, type_, rule, {"turn": self.turn, "phase": self.phase}, details)
        self.version += 1

    # --- lookups ------------------------------------------------------------------------------------

    @property
    def is_night(self) -> bool:
        return self.scenario.is_night(self.turn)

    def enemy(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def resolve_fleet(self, fleet_id: str) -> FleetState | None:
        """The fleet now carrying ``fleet_id``'s ships (following combinations, DN-5.21), if any."""
        seen = 0
        while fleet_id in self.aliases and seen < 1000:
            fleet_id = self.aliases[fleet_id]
            seen += 1
        return self.fleets.get(fleet_id)

    def side_fleets(self, side: str) -> list[FleetState]:
        return [fleet for fleet in self.fleets.values() if fleet.side == side]

    def ships_of(self, fleet: FleetState) -> list[ShipState]:
        return list(map(self.ships.__getitem__, fleet.ships))  # the look-ups in C: asked ~700 times a game

    def counters(self, side: str) -> int:
        """DN-5.25, DN-12.53, DN-12.63: fleet counters in use; each collier or tanker is one counter."""
        used = 0
        for fleet in self.fleets.values():  # a loop, not sum() over a generator: asked at every organise
            if fleet.side == side:
                used += len(fleet.ships) if fleet.is_collier_group else 1
        return used

    def add_points(self, side: str, points: float, reason: str, rule: str, **details: object) -> None:
        self.points[side] = self.points.get(side, 0.0) + points
        self.emit("points", rule, side=side, points=points, reason=reason, **details)
