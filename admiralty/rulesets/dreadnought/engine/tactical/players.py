"""Battle players: who decides the tactical battle's choices.

The operational game calls the battle resolver in its battle phase and gets an outcome back; it has no
way to stop and ask the operational players about each hex and target. So the battle's decisions (entry
edge, moves, running aground, targets, torpedoes) are made inside the resolver by these battle players,
each with its own ``random.Random`` seeded from the game's RNG, and each shown only ``side_view`` (what
its side may see). ``heuristic`` targets by expected damage, closes when its side is the stronger, opens
(and leaves the map) when the weaker, keeps off the coast, and runs a sinking ship aground when land is
next to it; ``random`` picks uniformly among the legal choices.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from admiralty.rulesets.dreadnought.engine.battle_tables import GUN_CLASSES, BattleTables, GunneryDamageTable
from admiralty.rulesets.dreadnought.engine.tactical.detection import SideView
from admiralty.rulesets.dreadnought.engine.tactical.hexes import Hex, distance
from admiralty.rulesets.dreadnought.engine.tactical.map import (
    edge_distance,
    may_leave,
    needs_grounding_check,
    open_sides,
)
from admiralty.rulesets.dreadnought.engine.tactical.movement import Move
from admiralty.rulesets.dreadnought.engine.tactical.state import ShipView


class BattlePlayer(Protocol):
    """The decisions of one side in a tactical battle; each sees only ``view`` and draws from ``rng``."""

    name: str

    def entry(self, view: SideView, sides: Sequence[str], rng: random.Random) -> str: ...

    def aground(self, view: SideView, ships: Sequence[str], rng: random.Random) -> Sequence[str]: ...

    def move(self, view: SideView, group: str, options: Sequence[Move], rng: random.Random) -> Move: ...

    def fire(self, view: SideView, shooters: Mapping[str, Sequence[str]], rng: random.Random) -> Mapping[str, str]:
        ...

    def torpedo(self, view: SideView, launchers: Mapping[str, Sequence[str]],
                rng: random.Random) -> Mapping[str, str]: ...


def strength(ships: Iterable[ShipView]) -> float:
    """Fighting weight of some ships: gun and torpedo factors, scaled by hull left (as far as it shows)."""
    total = 0.0
    for ship in ships:
        if ship.grounded:
            continue
        guns = ship.primary + ship.secondary / 2 + ship.tertiary / 4 + ship.torpedo / 2
        total += guns * ship.hull / max(1, ship.hull_max)
    return total


def hit_chance(modifier: int, hits_on: int) -> float:
    """The chance that one die scores ``hits_on`` or more with ``modifier``."""
    return min(6, max(0, 7 - (hits_on - modifier))) / 6


def expected_damage(view: SideView, shooter: ShipView, target: ShipView, per_hit: float) -> float:
    """Hull boxes ``shooter`` may expect to destroy on ``target`` this step (the DN-7.5c dice, ``per_hit``
    boxes a hit: ``mean_hull_per_hit``)."""
    return _damage_reckoner(view.tables, per_hit)(shooter, target)


def _damage_reckoner(tables: BattleTables, per_hit: float) -> Callable[[ShipView, ShipView], float]:
    """``expected_damage`` with the tables read once: the scripted player weighs every shooter against every
    target it sees, each step (tens of thousands of pairs a game at Jutland)."""
    table = tables.gunnery
    italic, close = table.italic_modifier, table.close_modifier
    lost_way, towing = table.lost_way_modifier, table.towing_modifier
    close_range, hits_on = table.close_range, table.hits_on
    assert GUN_CLASSES == ("primary", "secondary", "tertiary")  # the order the dice are added in below
    primary, secondary, tertiary = (tables.ranges[k] for k in GUN_CLASSES)

    def reckon(shooter: ShipView, target: ShipView) -> float:
        (sq, sr), (tq, tr) = shooter.at, target.at
        dq, dr = sq - tq, sr - tr
        hexes = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # hexes.distance, inlined: tens of thousands a game
        modifier = italic if shooter.italic else 0
        modifier += close if hexes <= close_range else 0
        modifier += lost_way if target.lost_way else 0
        modifier += towing if target.towing else 0
        dice = ((shooter.primary if hexes <= primary else 0) + (shooter.secondary if hexes <= secondary else 0)
                + (shooter.tertiary if hexes <= tertiary else 0))
        return dice * hit_chance(modifier, hits_on) * per_hit

    return reckon


def mean_hull_per_hit(table: GunneryDamageTable) -> float:
    """The mean hull boxes one hit destroys on the 2d6 damage table."""
    ways = {roll: 6 - abs(roll - 7) for roll in range(2, 13)}
    total = 0.0
    for roll, count in ways.items():
        total += count * table.row(roll).hull
    return total / 36


class HeuristicPlayer:
    """Targets by expected damage, closes when stronger, opens and leaves when weaker, keeps off the coast
    unless running a sinking ship aground on purpose."""

    name = "heuristic"
    coast_penalty = 3.0
    closes_at = 0.8
    """Close while the own side's strength is at least this share of the enemy's known strength."""

    def entry(self, view: SideView, sides: Sequence[str], rng: random.Random) -> str:
        # The short sides of the map bring the fleets into range soonest.
        return next((s for s in ("N", "S", "W", "E") if s in sides), sides[0])

    def _stronger(self, view: SideView) -> bool:
        own = strength(view.own.values())
        enemy = strength([*view.enemy.values(), *view.last_seen.values()])
        return own > 0 and own >= self.closes_at * enemy

    def aground(self, view: SideView, ships: Sequence[str], rng: random.Random) -> Sequence[str]:
        if self._stronger(view):
            return ()
        reach = view.tables.ranges["primary"]
        chosen = []
        for name in ships:
            ship = view.own[name]
            sinking = ship.hull <= max(1, ship.hull_max // 4)
            if sinking and any(distance(ship.at, e.at) <= reach for e in view.enemy.values()):
                chosen.append(name)
        return chosen

    def move(self, view: SideView, group: str, options: Sequence[Move], rng: random.Random) -> Move:
        mine = [s for s in view.own.values() if s.group == group and not s.grounded]
        if not mine:
            return options[0]
        here = mine[0].at
        known = sorted({s.at for s in view.enemy.values()} or {s.at for s in view.last_seen.values()})
        hurt = sum(s.hull for s in mine) < 0.4 * sum(s.hull_max for s in mine)
        closing = self._stronger(view) and not hurt
        # With no enemy in sight or memory, the initiative player heads for the centre, where the other
        # side set up; the other player holds its position.
        target: Hex | None = view.map.centre if view.initiative else None
        if known:
            target = min(known, key=lambda h: distance(h, here))
        careless = all(s.shallow_draft and not s.capital for s in mine)
        edges = open_sides(view.map)

        def score(move: Move) -> float:
            end = move.path[-1] if move.path else here
            value = 2.0 if move.tow else 0.0
            if not careless:
                value -= self.coast_penalty * sum(1 for h in move.path if needs_grounding_check(view.map, h))
            if closing:
                value -= distance(end, target) if target is not None else 0
                return value - (50 if move.leave else 0)
            nearest = min((distance(end, h) for h in known), default=20)
            value += nearest - 0.5 * min(edge_distance(view.map, end, side) for side in edges)
            if move.leave or (may_leave(view.map, end) and not known):
                value += 100
            return value

        return max(options, key=score)

    def fire(self, view: SideView, shooters: Mapping[str, Sequence[str]], rng: random.Random) -> Mapping[str, str]:
        expected_on: dict[str, float] = {}
        chosen: dict[str, str] = {}
        damage = _damage_reckoner(view.tables, mean_hull_per_hit(view.tables.gunnery_damage))
        for name, targets in shooters.items():
            shooter = view.own[name]

            def value(target: str, shooter: ShipView = shooter) -> tuple[float, int]:
                ship = view.enemy[target]
                left = max(0.0, ship.hull - expected_on.get(target, 0.0))
                return min(damage(shooter, ship), left), ship.victory_points

            best = max(targets, key=value)
            chosen[name] = best
            expected_on[best] = expected_on.get(best, 0.0) + damage(shooter, view.enemy[best])
        return chosen

    def torpedo(self, view: SideView, launchers: Mapping[str, Sequence[str]],
                rng: random.Random) -> Mapping[str, str]:
        return {name: max(targets, key=lambda t: view.enemy[t].victory_points) for name, targets in launchers.items()}


class RandomPlayer:
    """Uniform over the legal choices (each ship may hold its fire); runs a ship next to land aground with
    chance 1/6."""

    name = "random"

    def entry(self, view: SideView, sides: Sequence[str], rng: random.Random) -> str:
        return sides[rng.randrange(len(sides))]

    def aground(self, view: SideView, ships: Sequence[str], rng: random.Random) -> Sequence[str]:
        return [name for name in ships if rng.randrange(6) == 0]

    def move(self, view: SideView, group: str, options: Sequence[Move], rng: random.Random) -> Move:
        return options[rng.randrange(len(options))]

    def fire(self, view: SideView, shooters: Mapping[str, Sequence[str]], rng: random.Random) -> Mapping[str, str]:
        return _pick(shooters, rng)

    def torpedo(self, view: SideView, launchers: Mapping[str, Sequence[str]],
                rng: random.Random) -> Mapping[str, str]:
        return _pick(launchers, rng)


def _pick(choices: Mapping[str, Sequence[str]], rng: random.Random) -> dict[str, str]:
    chosen = {}
    for name, targets in choices.items():
        index = rng.randrange(len(targets) + 1)
        if index < len(targets):
            chosen[name] = targets[index]
    return chosen


BATTLE_PLAYERS: dict[str, BattlePlayer] = {"heuristic": HeuristicPlayer(), "random": RandomPlayer()}
"""Battle players by name."""


def battle_player(spec: str | BattlePlayer) -> BattlePlayer:
    """A battle player by name, or the player object itself."""
    return BATTLE_PLAYERS[spec] if isinstance(spec, str) else spec

