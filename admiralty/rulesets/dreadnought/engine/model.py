"""The typed dreadnought model: maps, ship catalogs and scenarios as the validator builds them.

Everything here is plain frozen data; mappings are typed ``Mapping`` (read-only by contract) and hold plain
dicts so that models pickle (process pools and Dask workers receive scenarios). The validator builds it
from the documents, resolving every reference, so a ``Scenario`` holds its ``SeaMap`` and its ``Ship``
objects, not ids; the engine plays it and never reads YAML. ``source`` fields point back at the author's
file and node.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from admiralty.engine.model.common import NOWHERE, Smoke, Source
from admiralty.engine.model.derived import Derived

if TYPE_CHECKING:
    from admiralty.rulesets.dreadnought.engine.geography import Geography

Point = tuple[float, float]
Ring = tuple[Point, ...]

SPEEDS: tuple[str, ...] = ("1s", "1", "1+", "2", "2+")
"""Speed classes from slowest to fastest (DN-5.11a, DN-5.11b)."""
FAST_SPEEDS = frozenset({"2", "2+"})
FAST_RANK = SPEEDS.index("2")
"""``speed_rank`` of the slowest fast speed: a rank at least this is in ``FAST_SPEEDS``."""
TANKER_SPEED = "1"
"""DN-12.63: tankers use fast transport counters, whatever their class says."""
CAPITAL_TYPES = frozenset({"BB", "BC", "B"})
SUPPORT_TYPES = frozenset({"collier", "tanker", "transport"})
ORDER_KEYWORDS = frozenset({"stay", "refuel", "coal", "oil", "abort", "pursuit", "split"})


def speed_rank(speed: str) -> int:
    """0 for "1s" up to 4 for "2+": comparisons of speed use this rank."""
    return SPEEDS.index(speed)


def normalise_zone_id(text: str) -> str:
    """``"Q 31"`` and ``"Q31"`` name the same zone (FORMAT.md)."""
    return text.replace(" ", "")


# --- map -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grid:
    """The lettered/numbered grid: rows north to south, columns west to east, square cells."""

    rows: tuple[str, str]
    columns: tuple[int, int]
    cell: float
    origin: Point = (0.0, 0.0)
    stagger: str = "none"


@dataclass(frozen=True)
class Zone:
    """A sea zone: its id (``Q31``), name, declared kind (``None``: derive it) and polygon."""

    id: str
    name: str
    kind: str | None
    polygon: Ring
    source: Source = NOWHERE
    row: str | None = None
    column: int | None = None


@dataclass(frozen=True)
class LandMass:
    """Land owned by a nation, as one or more polygon rings."""

    id: str
    name: str
    nation: str
    polygons: tuple[Ring, ...]
    source: Source = NOWHERE


@dataclass(frozen=True)
class Port:
    """A port on the coast and the sea zones it opens on (declared, or derived from the geometry)."""

    id: str
    name: str
    nation: str
    at: Point
    zones: tuple[str, ...]
    source: Source = NOWHERE
    zones_declared: bool = True


@dataclass(frozen=True)
class Topology:
    """What the geometry says about a map, computed once by the validator.

    ``neighbours`` is the adjacency the game moves along (declared or derived, blocked borders removed);
    ``kinds`` is each zone's kind (``open`` or ``coastal``); ``land_sides`` lists, for each zone, which of
    its sides (``N``, ``E``, ``S``, ``W``) are wholly land (DN-7.41a); ``islands`` lists the land masses
    lying wholly inside each zone (DN-7.41b).
    """

    neighbours: Mapping[str, tuple[str, ...]]
    kinds: Mapping[str, str]
    land_sides: Mapping[str, tuple[str, ...]]
    islands: Mapping[str, tuple[str, ...]]


EMPTY_TOPOLOGY = Topology({}, {}, {}, {})


@dataclass(frozen=True)
class SeaMap(Derived):
    """A dreadnought map: zones, land, ports and the topology derived from them."""

    id: str
    title: str
    grid: Grid | None
    zones: Mapping[str, Zone]
    land: tuple[LandMass, ...]
    ports: Mapping[str, Port]
    declared_adjacency: tuple[tuple[str, str], ...] | None
    blocked: frozenset[frozenset[str]]
    topology: Topology = EMPTY_TOPOLOGY
    description: str = ""
    sources: tuple[str, ...] = ()
    source: Source = NOWHERE
    km_per_unit: float | None = None  # for the scale bar only; no rule reads distances in km

    def neighbours(self, zone: str) -> tuple[str, ...]:
        return self.topology.neighbours.get(zone, ())


# --- ships -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShipClass:
    """What every ship of a class shares."""

    id: str
    name: str
    type: str
    speed: str
    hull: int
    fuel_kind: str
    fuel_boxes: int
    victory_points: int
    armoured: bool = True
    shallow_draft: bool = False
    primary: int = 0
    secondary: int = 0
    tertiary: int = 0
    torpedo: int = 0
    capacity: int = 0
    notes: str = ""
    source: Source = NOWHERE

    @property
    def is_capital(self) -> bool:
        return self.type in CAPITAL_TYPES

    @property
    def is_combat(self) -> bool:
        return self.type not in SUPPORT_TYPES


@dataclass(frozen=True)
class Ship:
    """A named ship. ``italic`` marks an elite crew, ``leader`` a ship carrying a leader."""

    name: str
    cls: ShipClass
    nation: str
    catalog: str
    italic: bool = False
    leader: bool = False
    notes: str = ""
    source: Source = NOWHERE

    @property
    def counts_as(self) -> str:
        """DN-5.2: Canadian and Australian ships count as British."""
        return "britain" if self.nation in ("canada", "australia") else self.nation


@dataclass(frozen=True)
class Catalog:
    id: str
    title: str
    nation: str
    classes: Mapping[str, ShipClass]
    ships: Mapping[str, Ship]
    description: str = ""
    sources: tuple[str, ...] = ()
    source: Source = NOWHERE


# --- scenario --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Order:
    """One turn's written order (DN-5.1).

    ``kind`` is ``move`` (``zones`` holds one or two zone ids, DN-5.11a), ``port`` (``target`` is the
    port), ``convoy`` (``target`` is the escorted fleet), or one of ``stay``, ``refuel``, ``coal``, ``oil``,
    ``abort``, ``pursuit``, ``split``.
    """

    kind: str
    zones: tuple[str, ...] = ()
    target: str | None = None
    text: str = ""


STAY = Order("stay", text="stay")


@dataclass(frozen=True)
class Fleet:
    """A fleet: ships that move together under one mission, with a written order per turn."""

    id: str
    name: str
    side: str
    mission: str
    start: str
    ships: tuple[str, ...]
    orders: tuple[Order, ...] = ()
    escorts: str | None = None
    is_collier_group: bool = False
    source: Source = NOWHERE

    def order_source(self, index: int) -> Source:
        """Where the author wrote order ``index`` (0-based): orders are shared between fleets, so they
        carry no position of their own."""
        return self.source.child("orders", index)

    def order_for(self, turn: int) -> Order:
        """The written order for ``turn`` (1-based); ``stay`` past the end of the list."""
        return self.orders[turn - 1] if 1 <= turn <= len(self.orders) else STAY


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    nations: tuple[str, ...]
    controls: frozenset[str]
    fleets: tuple[Fleet, ...]
    player: str | None = None
    source: Source = NOWHERE


@dataclass(frozen=True)
class Minefield:
    """A minefield along the border of two zones (DN-13)."""

    between: tuple[str, str]
    owner: str
    strength: int = 1
    source: Source = NOWHERE


@dataclass(frozen=True)
class Rules:
    """The scenario's switches for rules that apply "unless the scenario says otherwise"."""

    raid_fleets: int = 1
    raid_max_ships: int = 2
    raid_needs_leader: bool = True
    mixed_nationality: bool = False
    abort_at_start: bool = False
    refuel_ports: tuple[str, ...] | None = None
    minelayers: frozenset[str] = frozenset()
    minesweepers: frozenset[str] = frozenset()
    american_colliers_after_1920: bool = False
    pursuit_speed_bonus: str = "literal"
    abort_port: str = "nearest"
    tables: Mapping[str, object] = field(default_factory=dict)
    source: Source = NOWHERE


@dataclass(frozen=True)
class VictoryCondition:
    side: str
    kind: str
    value: int = 0
    fleet: str | None = None
    target: str | None = None
    by_turn: int | None = None
    ships: tuple[str, ...] = ()
    source: Source = NOWHERE


@dataclass(frozen=True)
class MapFeature:
    """Something the site draws on the scenario's map (an objective line, an area); no rule reads it.

    ``places`` are zone ids, port ids or map points, in order; ``kind`` is ``line`` or ``area``.
    """

    id: str
    name: str
    kind: str
    places: tuple[str | Point, ...]
    notes: str = ""
    source: Source = NOWHERE


@dataclass(frozen=True)
class Victory:
    conditions: tuple[VictoryCondition, ...]
    otherwise: str = "draw"


@dataclass(frozen=True)
class Scenario(Derived):
    """A playable dreadnought scenario with every reference resolved; ``geography`` is derived from it once."""

    id: str
    title: str
    date: str
    map: SeaMap
    catalogs: tuple[Catalog, ...]
    ships: Mapping[str, Ship]
    turns: int
    night: frozenset[int]
    weather: tuple[str, ...] | None
    sides: tuple[Side, ...]
    minefields: tuple[Minefield, ...]
    rules: Rules
    victory: Victory
    smoke: Smoke
    briefing: str = ""
    sources: tuple[str, ...] = ()
    content_hash: str = ""
    source: Source = NOWHERE
    ruleset: str = "dreadnought"
    outcome: str = ""  # the historical outcome, for the site; the rules never read it
    features: tuple[MapFeature, ...] = ()  # drawn on the site's map only; the rules never read them

    def side_names(self) -> list[tuple[str, str]]:
        """(id, name) of each side in the author's order (``admiralty.contract.ScenarioModel``)."""
        return [(side.id, side.name or side.id.replace("-", " ").title()) for side in self.sides]

    def side(self, side_id: str) -> Side:
        for side in self.sides:
            if side.id == side_id:
                return side
        raise KeyError(side_id)

    def fleets(self) -> tuple[Fleet, ...]:
        return tuple(fleet for side in self.sides for fleet in side.fleets)

    def fleet(self, fleet_id: str) -> Fleet:
        for fleet in self.fleets():
            if fleet.id == fleet_id:
                return fleet
        raise KeyError(fleet_id)

    def is_night(self, turn: int) -> bool:
        return turn in self.night

    @cached_property
    def geography(self) -> Geography:
        """The map facts the rules ask again and again (friendly and refuelling ports per side, routes),
        computed when the first game of this scenario starts and shared by every later one (immutable; its
        memo only caches answers)."""
        # geography.py builds on this module's types, so it is imported when first needed, not at the top.
        from admiralty.rulesets.dreadnought.engine.geography import build_geography

        return build_geography(self)


def effective_speed(cls: ShipClass) -> str:
    """DN-12.63: the speed class the rules use for a ship of ``cls``: a tanker moves on the fast transport
    counters (speed 1), whatever its class says; every other ship at its class's speed. The engine moves
    ships by it and the validator checks written orders by it: one rule, one place."""
    return TANKER_SPEED if cls.type == "tanker" else cls.speed


def may_enter_two_zones(classes: Iterable[ShipClass]) -> bool:
    """DN-5.11a: a fleet may enter two zones in one turn (``A/B``) only when every ship in it moves at
    speed 2 or 2+ (by ``effective_speed``); an empty fleet may not."""
    speeds = [effective_speed(cls) for cls in classes]
    return bool(speeds) and all(speed in FAST_SPEEDS for speed in speeds)
