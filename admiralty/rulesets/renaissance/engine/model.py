"""The typed renaissance model: sea zones, ports, naval units, leaders, land formations, scripted actions.

The validator builds these objects from the YAML documents (FORMAT.md, "renaissance"); the engine only
reads them. Every object may carry a ``source`` (where it was written); the engine ignores it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple

from admiralty.engine.model.common import NOWHERE, Smoke, Source

if TYPE_CHECKING:
    import networkx as nx

SeaKind = Literal["atlantic", "mediterranean"]
ZoneKind = Literal["atlantic", "mediterranean", "port"]
BattleSide = Literal["attacker", "defender"]

UNIT_KINDS: tuple[str, ...] = ("galleys", "galleons", "flush_deck_galleons", "corsairs", "armada")
# The kinds that take RN-8's "one per two hits" losses; corsairs only take the Ottoman's leftover hits.
SHIP_KINDS: tuple[str, ...] = ("galleys", "galleons", "flush_deck_galleons", "armada")
ARMADA_STRENGTHS: tuple[int, ...] = (0, 2, 4, 6, 8)


@dataclass(frozen=True)
class Sea:
    """A sea zone; its kind decides how many dice a galley rolls there (RN-dice)."""

    id: str
    name: str
    kind: SeaKind
    source: Source | None = field(default=None, compare=False, repr=False)
    polygon: tuple[tuple[float, float], ...] | None = field(default=None, compare=False, repr=False)
    # (longitude, latitude) in degrees, for drawing the map to geography; the rules never read it.
    position: tuple[float, float] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Port:
    """A port opening on one or more sea zones, controlled by ``power``."""

    id: str
    name: str
    seas: tuple[str, ...]
    power: str
    source: Source | None = field(default=None, compare=False, repr=False)
    at: tuple[float, float] | None = field(default=None, compare=False, repr=False)
    position: tuple[float, float] | None = field(default=None, compare=False, repr=False)  # (lon, lat), as Sea's


@dataclass(frozen=True)
class RenaissanceMap:
    """Sea zones and ports; ``adjacency`` lists the pairs of sea zones that touch."""

    id: str
    title: str
    seas: dict[str, Sea]
    ports: dict[str, Port]
    adjacency: tuple[tuple[str, str], ...] = ()
    source: Source = field(default=NOWHERE, compare=False, repr=False)
    description: str = field(default="", compare=False)
    sources: tuple[str, ...] = field(default=(), compare=False)
    ruleset: str = field(default="renaissance", compare=False)

    def graph(self) -> nx.Graph:
        """The sea-zone graph (see :func:`sea_graph`)."""
        return sea_graph(self)


@dataclass(frozen=True)
class Units:
    """Naval units of one power in one place; ``armada`` is the Armada's strength (0, 2, 4, 6 or 8)."""

    galleys: int = 0
    galleons: int = 0
    flush_deck_galleons: int = 0
    corsairs: int = 0
    armada: int = 0
    source: Source | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        for kind in UNIT_KINDS:
            if getattr(self, kind) < 0:
                raise ValueError(f"negative {kind}: {getattr(self, kind)}")
        if self.armada not in ARMADA_STRENGTHS:
            raise ValueError(f"Armada strength must be one of {ARMADA_STRENGTHS}, not {self.armada}")

    @classmethod
    def of(cls, counts: Mapping[str, int], source: Source | None = None) -> Units:
        """Units from counts by kind (``UNIT_KINDS``; a kind left out is 0, another name is a ``TypeError``, as
        the constructor's keywords would be)."""
        unknown = sorted(set(counts) - set(UNIT_KINDS))
        if unknown:
            raise TypeError(f"unknown unit kinds: {', '.join(unknown)}")
        return cls(galleys=counts.get("galleys", 0), galleons=counts.get("galleons", 0),
                   flush_deck_galleons=counts.get("flush_deck_galleons", 0), corsairs=counts.get("corsairs", 0),
                   armada=counts.get("armada", 0), source=source)

    def count(self, kind: str) -> int:
        """How many of ``kind`` (for ``armada``: its strength)."""
        return int(getattr(self, kind))

    def plus(self, kind: str, amount: int) -> Units:
        """These units with ``amount`` more (or fewer, if negative) of ``kind``."""
        return Units.of({**self.as_dict(), kind: self.count(kind) + amount}, self.source)

    def merge(self, other: Units) -> Units:
        """The sum of both groups."""
        return Units.of({kind: self.count(kind) + other.count(kind) for kind in UNIT_KINDS})

    @property
    def is_empty(self) -> bool:
        return all(self.count(kind) == 0 for kind in UNIT_KINDS)

    def as_dict(self) -> dict[str, int]:
        """The counts, JSON-ready, zeros left out."""
        return {kind: self.count(kind) for kind in UNIT_KINDS if self.count(kind)}


@dataclass(frozen=True)
class Leader:
    """A naval leader; ``at`` is a sea or port id (``None``: off the map)."""

    id: str
    power: str
    battle_rating: int
    at: str | None
    source: Source | None = field(default=None, compare=False, repr=False)
    name: str = field(default="", compare=False)


@dataclass(frozen=True)
class LandFormation:
    """Land units that may be carried by naval transport (RN-16.3)."""

    id: str
    power: str
    at: str
    strength: int
    source: Source | None = field(default=None, compare=False, repr=False)
    name: str = field(default="", compare=False)


@dataclass(frozen=True)
class GalleassesPlay:
    """A scripted Galleasses reaction: which power plays it, for which side of the battle."""

    by: str
    side: BattleSide
    source: Source | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class CardScript:
    """Scripted combat cards of one battle; a ``None`` step is left to the players.

    ``galleasses_scripted`` tells "no Galleasses" (scripted, ``galleasses`` is ``None``) from "not scripted".
    """

    attacker: tuple[str, ...] | None = None
    defender: tuple[str, ...] | None = None
    galleasses: GalleassesPlay | None = None
    galleasses_scripted: bool = False
    source: Source | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Battle:
    """A scripted naval combat: ``attacker`` attacks ``defender`` at a sea zone or port."""

    attacker: str
    defender: str
    at: str
    cards: CardScript | None = None
    turn: int | None = None
    source: Source | None = field(default=None, compare=False, repr=False)
    kind: Literal["combat"] = "combat"


@dataclass(frozen=True)
class Transport:
    """A scripted naval transport of a land formation from one port to another (RN-16.3)."""

    power: str
    formation: str
    from_port: str
    to_port: str
    turn: int | None = None
    source: Source | None = field(default=None, compare=False, repr=False)
    kind: Literal["transport"] = "transport"


NavalAction = Battle | Transport


@dataclass(frozen=True)
class RenaissanceScenario:
    """A scenario: where everything starts and the actions to play, in order.

    ``units`` maps a location (sea or port id) to each power's units there. ``hands`` holds each power's
    combat and reaction cards (private to it); ``alliances`` lists groups of powers that are not enemies.
    """

    id: str
    title: str
    map: RenaissanceMap
    powers: tuple[str, ...]
    units: dict[str, dict[str, Units]]
    leaders: dict[str, Leader] = field(default_factory=dict)
    formations: dict[str, LandFormation] = field(default_factory=dict)
    dry_dock: frozenset[str] = frozenset()
    actions: tuple[NavalAction, ...] = ()
    hands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    alliances: tuple[tuple[str, ...], ...] = ()
    source: Source = field(default=NOWHERE, compare=False, repr=False)
    # What the rest of the project reads on every scenario (site, smoke, replays); the rules ignore it.
    date: str = field(default="", compare=False)
    briefing: str = field(default="", compare=False)
    outcome: str = field(default="", compare=False)
    sources: tuple[str, ...] = field(default=(), compare=False)
    smoke: Smoke = field(default_factory=Smoke, compare=False)
    content_hash: str = field(default="", compare=False)
    ruleset: str = field(default="renaissance", compare=False)

    @property
    def turns(self) -> int | None:
        """The renaissance scenarios play a list of naval actions, not numbered turns."""
        return None

    def side_names(self) -> list[tuple[str, str]]:
        """(id, name) of each power in the author's order (``admiralty.contract.ScenarioModel``); powers are
        plain ids, shown in title case."""
        return [(power, power.replace("-", " ").title()) for power in self.powers]


def sea_graph(sea_map: RenaissanceMap) -> nx.Graph:
    """Return the graph of sea zones (node attribute ``kind``), an edge per declared adjacency. networkx is
    imported here, when a graph is first wanted: reading a scenario does not need it."""
    import networkx as nx

    graph = nx.Graph()
    for sea in sea_map.seas.values():
        graph.add_node(sea.id, kind=sea.kind)
    graph.add_edges_from(sea_map.adjacency)
    return graph


def location_kind(sea_map: RenaissanceMap, location: str) -> ZoneKind:
    """Return ``port`` for a port, else the sea zone's kind."""
    if location in sea_map.ports:
        return "port"
    return sea_map.seas[location].kind


def ports_on(sea_map: RenaissanceMap, sea: str) -> list[str]:
    """Return the ports opening on ``sea``, in map order."""
    return [port.id for port in sea_map.ports.values() if sea in port.seas]


def are_enemies(a: str, b: str, alliances: tuple[tuple[str, ...], ...]) -> bool:
    """Two different powers are enemies unless one alliance holds both."""
    return a != b and not any(a in group and b in group for group in alliances)


class TurnOrderBreak(NamedTuple):
    """Action ``action`` (its index) is dated ``turn``, before ``latest``, the turn action ``latest_index``
    reached."""

    action: int
    turn: int
    latest: int
    latest_index: int


def turn_order_breaks(actions: Sequence[NavalAction]) -> list[TurnOrderBreak]:
    """RN-10: the scripted actions' turns never go back (an undated action keeps the turn before it)."""
    found: list[TurnOrderBreak] = []
    turn, turn_index = 1, -1
    for index, action in enumerate(actions):
        if action.turn is None:
            continue
        if action.turn < turn:
            found.append(TurnOrderBreak(index, action.turn, turn, turn_index))
        elif action.turn > turn:
            turn, turn_index = action.turn, index
    return found


def battles_between_friends(scenario: RenaissanceScenario) -> list[int]:
    """RN-10: the indices of scripted battles whose attacker and defender are not enemies."""
    return [index for index, action in enumerate(scenario.actions)
            if isinstance(action, Battle) and not are_enemies(action.attacker, action.defender, scenario.alliances)]


def unknown_references(scenario: RenaissanceScenario) -> list[str]:
    """Ids the scenario uses that it does not define. The validator's builder never builds such a scenario
    (it reports each at its line); this is the engine's own precondition for a model made otherwise."""
    places = set(scenario.map.seas) | set(scenario.map.ports)
    found = _map_references(scenario.map) + _unit_references(scenario, places) + _hand_references(scenario)
    found += _piece_references(scenario, places)
    for index, action in enumerate(scenario.actions):
        found += [f"action {index}: {problem}" for problem in _action_references(scenario, action, places)]
    return found


def _map_references(sea_map: RenaissanceMap) -> list[str]:
    """The map's adjacency and ports name only its seas."""
    found = [f"adjacency names unknown sea {s!r}" for pair in sea_map.adjacency for s in pair if s not in sea_map.seas]
    return found + [f"port {port.id!r} opens on unknown sea {s!r}"
                    for port in sea_map.ports.values() for s in port.seas if s not in sea_map.seas]


def _unit_references(scenario: RenaissanceScenario, places: set[str]) -> list[str]:
    """Units stand at the map's seas and ports and belong to the scenario's powers."""
    found = [f"units at unknown location {location!r}" for location in scenario.units if location not in places]
    return found + [f"units of unknown power {p!r}" for by_power in scenario.units.values() for p in by_power
                    if p not in scenario.powers]


def _hand_references(scenario: RenaissanceScenario) -> list[str]:
    """Card hands and dry docks belong to the scenario's powers."""
    found = [f"hand of unknown power {p!r}" for p in scenario.hands if p not in scenario.powers]
    return found + [f"dry dock for unknown power {p!r}" for p in sorted(scenario.dry_dock) if p not in scenario.powers]


def _piece_references(scenario: RenaissanceScenario, places: set[str]) -> list[str]:
    """Leaders stand at the map's seas and ports, land formations in its ports."""
    found = [f"leader {leader.id!r} at unknown location {leader.at!r}" for leader in scenario.leaders.values()
             if leader.at is not None and leader.at not in places]
    return found + [f"formation {formation.id!r} is not in a port" for formation in scenario.formations.values()
                    if formation.at not in scenario.map.ports]


def _action_references(scenario: RenaissanceScenario, action: NavalAction, places: set[str]) -> list[str]:
    if isinstance(action, Battle):
        found = [f"battle at unknown location {action.at!r}"] if action.at not in places else []
        powers: tuple[str, ...] = (action.attacker, action.defender)
        galleasses = action.cards.galleasses if action.cards else None
        if galleasses is not None:
            powers += (galleasses.by,)
            if galleasses.side not in ("attacker", "defender"):
                found.append(f"Galleasses for {galleasses.side!r}, not attacker/defender")
    else:
        found = [f"unknown formation {action.formation!r}"] if action.formation not in scenario.formations else []
        found += [f"unknown port {p!r}" for p in (action.from_port, action.to_port) if p not in scenario.map.ports]
        powers = (action.power,)
    return found + [f"unknown power {p!r}" for p in powers if p not in scenario.powers]


def problems(scenario: RenaissanceScenario) -> list[str]:
    """Return what makes the scenario unplayable (unknown ids, turns that go back, a battle between
    friends); empty when it is sound."""
    found = unknown_references(scenario)
    found += [f"action {b.action}: turn {b.turn} comes before turn {b.latest}"
              for b in turn_order_breaks(scenario.actions)]
    for index in battles_between_friends(scenario):
        battle = scenario.actions[index]
        assert isinstance(battle, Battle)
        found.append(f"action {index}: {battle.attacker!r} and {battle.defender!r} are not enemies")
    return found
