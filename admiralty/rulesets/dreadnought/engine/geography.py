"""Places on the operational map: sea zones, ports, friendly and enemy ports, and routes between them.

A place is a zone id (``Q31``) or a port id (``cattaro``); the two never collide (zone ids are upper case,
port ids lower-case kebab). Movement goes only along ``scenario.map.topology.neighbours``; a port is
entered from, and left into, the zones it opens on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from admiralty.rulesets.dreadnought.engine.act import Act
from admiralty.rulesets.dreadnought.engine.model import Port, Scenario

BRITISH_DOMINIONS = ("canada", "australia")


def breadth_first(adjacency: Mapping[str, Iterable[str]], sources: Iterable[str]) -> dict[str, tuple[str | None, int]]:
    """Every zone reachable from ``sources`` -> (the zone it was first reached from, None for a source; the steps
    from the nearest source), in the order reached, each zone's neighbours taken in ``adjacency``'s order (so the
    same tie-breaks every time). The one sweep behind routes, distances to friendly ports and connected seas."""
    reached: dict[str, tuple[str | None, int]] = {zone: (None, 0) for zone in sources}
    level = list(reached)
    while level:
        following = []
        for zone in level:
            steps = reached[zone][1] + 1
            for other in adjacency.get(zone, ()):
                if other not in reached:
                    reached[other] = (zone, steps)
                    following.append(other)
        level = following
    return reached


def nation_counts_as(nation: str) -> str:
    """DN-5.2: Canadian and Australian ships (and ports) count as British."""
    return "britain" if nation in BRITISH_DOMINIONS else nation


@dataclass(frozen=True)
class Geography:
    """The map facts the rules ask again and again, computed once per game."""

    neighbours: Mapping[str, tuple[str, ...]]
    ports: Mapping[str, Port]
    ports_by_zone: Mapping[str, tuple[str, ...]]
    kinds: Mapping[str, str]
    friendly_ports: Mapping[str, frozenset[str]]
    enemy_ports: Mapping[str, frozenset[str]]
    refuel_ports: Mapping[str, frozenset[str]]
    controls: Mapping[str, frozenset[str]]
    memo: dict[tuple[object, ...], tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    parents: dict[str, dict[str, str | None]] = field(default_factory=dict, compare=False, repr=False)
    """Each source's breadth-first tree (``_parents``), made once per source."""
    routes: dict[tuple[str, str], tuple[str, ...] | None] = field(default_factory=dict, compare=False, repr=False)
    """Each (start, goal)'s shortest route, or None where there is none (``route``), found once."""
    acts: dict[tuple[str, str, str, bool, bool], tuple[Act, ...]] = field(default_factory=dict, compare=False,
                                                                           repr=False)
    """Acts that follow from the map alone (``actions._moves``, ``actions._abort_ports``), made once per map."""

    def is_port(self, place: str) -> bool:
        return place in self.ports

    def is_coastal(self, zone: str) -> bool:
        return self.kinds.get(zone, "open") == "coastal" or bool(self.ports_by_zone.get(zone))

    def exits(self, place: str) -> tuple[str, ...]:
        """The zones a fleet at ``place`` may enter next (a port's zones, or a zone's neighbours)."""
        port = self.ports.get(place)
        return port.zones if port is not None else self.neighbours.get(place, ())

    def can_step(self, place: str, to: str) -> bool:
        """Whether one step from ``place`` to ``to`` is legal: zone to neighbour, port to its zone, zone to
        a port opening on it."""
        port = self.ports.get(to)
        if port is not None:
            return place in port.zones
        return to in self.exits(place)

    def enemy_port_in(self, side: str, zone: str) -> bool:
        """DN-12.5, DN-12.6: whether ``zone`` holds an enemy port of ``side``'s (a neutral one is not)."""
        return any(port in self.enemy_ports[side] for port in self.ports_by_zone.get(zone, ()))

    def enemy_ports_on(self, side: str, zone: str) -> list[str]:
        """The enemy ports opening on ``zone`` (bombardment targets): another side's, never a neutral's."""
        return [port for port in self.ports_by_zone.get(zone, ()) if port in self.enemy_ports[side]]

    @cached_property
    def adjacency(self) -> dict[str, tuple[str, ...]]:
        """Each zone's neighbours in the order a networkx ``Graph`` built edge by edge along the topology
        would hold them (an earlier zone that named this one first, then this zone's own list), so that
        ``route`` breaks ties between equally short routes exactly as networkx's breadth-first search did.
        Ports are excluded: a route never passes through a port."""
        adjacency: dict[str, dict[str, None]] = {}
        for zone, others in self.neighbours.items():
            adjacency.setdefault(zone, {})
            for other in others:
                adjacency[zone].setdefault(other, None)
                adjacency.setdefault(other, {}).setdefault(zone, None)
        return {zone: tuple(others) for zone, others in adjacency.items()}

    def _parents(self, source: str) -> dict[str, str | None]:
        """The breadth-first tree from ``source``: each zone reached -> the zone it was first reached from
        (computed once per source; the table every route from ``source`` is read off)."""
        tree = self.parents.get(source)
        if tree is None:
            tree = {zone: parent for zone, (parent, _) in breadth_first(self.adjacency, [source]).items()}
            self.parents[source] = tree
        return tree

    def _path(self, source: str, target: str) -> list[str] | None:
        tree = self._parents(source)
        if target not in tree:
            return None
        path = [target]
        while (parent := tree[path[-1]]) is not None:
            path.append(parent)
        path.reverse()
        return path

    @cached_property
    def components(self) -> dict[str, int]:
        """Each zone's connected component (a breadth-first sweep in the topology's order)."""
        part: dict[str, int] = {}
        for seed in self.neighbours:
            if seed in part:
                continue
            number = len(set(part.values()))
            part[seed] = number
            frontier = [seed]
            while frontier:
                nxt = []
                for zone in frontier:
                    for other in self.neighbours.get(zone, ()):
                        if other not in part:
                            part[other] = number
                            nxt.append(other)
                frontier = nxt
        return part

    def _parts(self, place: str) -> frozenset[int]:
        zones = self.ports[place].zones if place in self.ports else (place,)
        return frozenset(self.components[z] for z in zones if z in self.components)

    def reachable(self, start: str, goal: str) -> bool:
        """Whether any route leads from ``start`` to ``goal`` (cheaper than ``route``)."""
        return start == goal or bool(self._parts(start) & self._parts(goal))

    def reachable_ports(self, side: str, place: str) -> tuple[str, ...]:
        """``side``'s friendly ports (sorted) that some route from ``place`` reaches, ``place`` excluded."""
        key = (side, place)
        found = self.memo.get(key)
        if found is None:
            parts = self._parts(place)
            found = tuple(p for p in sorted(self.friendly_ports[side]) if p != place and parts & self._parts(p))
            self.memo[key] = found
        return found

    def route(self, start: str, goal: str) -> list[str] | None:
        """Shortest list of places entered to go from ``start`` to ``goal`` (a zone or a port), or None.

        Ties between equally short routes go to the first found by a breadth-first search that follows the
        topology's neighbour order (``adjacency``: networkx's order, which this replaced), so the choice is
        the same in every process. Routes are read off a per-source table and remembered per (start, goal).
        """
        if start == goal:
            return []
        key = (start, goal)
        if key in self.routes:
            known = self.routes[key]
        else:
            known = self.routes[key] = self._route(start, goal)
        return None if known is None else list(known)

    def _route(self, start: str, goal: str) -> tuple[str, ...] | None:
        starts = [start] if start not in self.ports else list(self.ports[start].zones)
        goal_port = self.ports.get(goal)
        goals = list(goal_port.zones) if goal_port is not None else [goal]
        best: list[str] | None = None
        for source in starts:
            if source not in self.adjacency:
                continue
            for target in goals:
                path = self._path(source, target)
                if path is None:
                    continue
                entered = path if start in self.ports else path[1:]
                if best is None or len(entered) < len(best):
                    best = list(entered)
        if best is None:
            return None
        return (*best, goal) if goal_port is not None else tuple(best)


def build_geography(scenario: Scenario) -> Geography:
    """The map facts of ``scenario`` for its two sides (carried on the model as ``scenario.geography``)."""
    sea = scenario.map
    by_zone: dict[str, list[str]] = {}
    for port in sea.ports.values():
        for zone in port.zones:
            by_zone.setdefault(zone, []).append(port.id)
    friendly: dict[str, frozenset[str]] = {}
    refuel: dict[str, frozenset[str]] = {}
    enemy: dict[str, frozenset[str]] = {}
    allowed = None if scenario.rules.refuel_ports is None else set(scenario.rules.refuel_ports)
    for side in scenario.sides:
        mine = _ports_of(scenario, {nation_counts_as(n) for n in side.nations})
        others = {nation_counts_as(n) for other in scenario.sides if other.id != side.id for n in other.nations}
        friendly[side.id] = mine
        enemy[side.id] = _ports_of(scenario, others) - mine
        refuel[side.id] = mine if allowed is None else frozenset(p for p in mine if p in allowed)
    return Geography(
        neighbours=sea.topology.neighbours,
        ports=sea.ports,
        ports_by_zone=MappingProxyType({z: tuple(p) for z, p in by_zone.items()}),
        kinds=sea.topology.kinds,
        friendly_ports=MappingProxyType(friendly),
        enemy_ports=MappingProxyType(enemy),
        refuel_ports=MappingProxyType(refuel),
        controls=MappingProxyType({side.id: frozenset(side.controls) for side in scenario.sides}),
    )


def _ports_of(scenario: Scenario, nations: set[str]) -> frozenset[str]:
    """The map's ports of ``nations`` (Canadian and Australian ones counting as British)."""
    return frozenset(p.id for p in scenario.map.ports.values() if nation_counts_as(p.nation) in nations)
