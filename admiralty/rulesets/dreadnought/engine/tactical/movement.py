"""Tactical movement: groups, the two movement steps, towing, leaving the map.

Ships move in groups (each fleet starts as one group, all its ships in one hex). A tactical turn has two
movement steps (house): "move groups", in which slow ("1s") ships never move (DN-5.11b), and "move all
groups". A group moves as far as its slowest ship may in that step. In each step the player without the
initiative moves first, then the initiative player.

A ship that has lost way moves only in tow (house towing, 11.2): a group may keep it in tow (the group then
moves at most the towing table's hexes a step) or cast it off, when it stays where it is. Ships never enter
land hexes (DN-7.41b); entering a hex next to land calls for a grounding roll (DN-7.42), except the shaded
ring hexes of a side that is wholly land (DN-7.41a); from a ring hex of any other side a group may leave the
map. Before its groups move, a player may run ships next to land aground on purpose (DN-7.44).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from admiralty.rulesets.dreadnought.engine.battle_tables import TacticalTurnTable
from admiralty.rulesets.dreadnought.engine.tactical.grounding import check_grounding, may_run_aground, run_aground
from admiralty.rulesets.dreadnought.engine.tactical.hexes import Hex
from admiralty.rulesets.dreadnought.engine.tactical.map import HexMap, may_leave, needs_grounding_check
from admiralty.rulesets.dreadnought.engine.tactical.state import Field, Unit, where

STEPS: tuple[str, ...] = ("move groups", "move all groups")


@dataclass(frozen=True)
class Move:
    """A group's move in one step: the hexes it enters in order (none: it stays), whether it then leaves
    the map, and whether it keeps its ships without way in tow."""

    path: tuple[Hex, ...] = ()
    leave: bool = False
    tow: bool = True


STAY = Move()

ChooseMove = Callable[[str, str, Sequence[Move]], Move]
"""``(side, group, options) -> move``."""
ChooseAground = Callable[[str, Sequence[str]], Sequence[str]]
"""``(side, ships that may run aground) -> the ships run aground on purpose``."""


def step_hexes(speed_class: str, step: str, table: TacticalTurnTable) -> int:
    """Hexes a ship of ``speed_class`` may move in ``step``. DN-5.11b: slow ("1s") ships move only in the
    "move all groups" step, whatever the table says."""
    if step == STEPS[0] and speed_class == "1s":
        return 0
    return (table.move_groups if step == STEPS[0] else table.move_all_groups).get(speed_class, 0)


def groups(state: Field, side: str) -> dict[str, list[Unit]]:
    """The side's groups of ships under way, in battle order."""
    found: dict[str, list[Unit]] = {}
    for unit in state.mobile(side):
        found.setdefault(unit.group, []).append(unit)
    return found


def tows(units: Sequence[Unit], per_ship: int) -> list[tuple[Unit, Unit]]:
    """house:towing: (tower, towed) pairs, each ship without way taken by the next ship with way."""
    towers = [u for u in units if not u.lost_way]
    crippled = [u for u in units if u.lost_way]
    pairs = []
    for index, towed in enumerate(crippled):
        if per_ship > 0 and index // per_ship < len(towers):
            pairs.append((towers[index // per_ship], towed))
    return pairs


def allowance(state: Field, units: Sequence[Unit], step: str, towing: bool) -> int:
    """Hexes the group moves in ``step``: its slowest ship under its own way decides; towing caps it."""
    table = state.tables.tactical_turn
    own_way = [u for u in units if not u.lost_way]
    if not own_way:
        return 0
    hexes = min(step_hexes(u.speed_class, step, table) for u in own_way)
    if towing:
        hexes = min(hexes, state.tables.towing.hexes_per_step)
    return hexes


def reachable(m: HexMap, start: Hex, hexes: int) -> dict[Hex, tuple[Hex, ...]]:
    """Every sea hex within ``hexes`` moves of ``start``, with a shortest path to it (of those, the one
    entering the fewest hexes that need a grounding roll)."""
    best: dict[Hex, tuple[int, tuple[Hex, ...]]] = {start: (0, ())}
    layer = [start]
    for _ in range(hexes):
        found: dict[Hex, tuple[int, tuple[Hex, ...]]] = {}
        for here in layer:
            risk, path = best[here]
            for there in m.adjacent[here]:
                if there in best:
                    continue
                cost = risk + (1 if needs_grounding_check(m, there) else 0)
                if there not in found or cost < found[there][0]:
                    found[there] = (cost, (*path, there))
        best.update(found)
        layer = list(found)
    return {h: path for h, (_, path) in best.items()}


def options(state: Field, units: Sequence[Unit], step: str) -> list[Move]:
    """The moves open to a group in ``step``; staying put (with ships in tow if it has any) comes first. A
    group with a ship that is refuelling this turn only stays (DN-12-nocombat: it cannot move, nor leave)."""
    m = state.map
    start = units[0].at
    table = state.tables.tactical_turn
    cost = table.leave_map_cost if state.turn >= table.leave_from_turn else 10**6
    crippled = any(u.lost_way for u in units)
    free = all(u.can_move for u in units)
    moves: list[Move] = []
    for tow in _tow_variants(state, units, crippled):
        movers = [u for u in units if not u.lost_way or tow]
        hexes = allowance(state, movers, step, tow and crippled) if free else 0
        paths = reachable(m, start, hexes) if hexes > 0 else {start: ()}
        for h, path in paths.items():
            moves.append(Move(path, False, tow))
            if len(path) + cost <= hexes and may_leave(m, h) and free:
                moves.append(Move(path, True, tow))
    return moves


def _tow_variants(state: Field, units: Sequence[Unit], crippled: bool) -> list[bool]:
    """House towing: a group with a ship that lost way moves towing it (when it can) or leaving it."""
    if not crippled:
        return [True]
    return [True, False] if tows(units, state.tables.towing.tows_per_ship) else [False]


def carry_out(state: Field, name: str, units: Sequence[Unit], move: Move) -> None:
    """Move the group ``name`` along ``move``: cast off or take in tow, roll for grounding in each hex next
    to land (a grounded ship stays, and so does a ship it had in tow), then leave the map if told."""
    movers = _rig_tows(state, name, units, move)
    if not movers:
        return
    origin = movers[0].at
    movers = _advance(state, name, movers, move.path)
    m = state.map
    if move.path:
        state.note("movement", f"{name} ({', '.join(u.name for u in units)}) moves {where(origin, m)} -> "
                   f"{where(move.path[-1], m)}", group=name, path=[where(h, m) for h in move.path])
    if move.leave and movers:
        for unit in movers:
            unit.status = "left"
        state.note("movement", f"{name} ({', '.join(u.name for u in movers)}) leaves the map", group=name,
                   left=[u.name for u in movers])


def _rig_tows(state: Field, name: str, units: Sequence[Unit], move: Move) -> list[Unit]:
    """Cast off every tow, take in tow again if the move says so; a ship that has lost way and is not in
    tow stays behind as a group of its own. The ships that move."""
    per_ship = state.tables.towing.tows_per_ship
    movers = list(units)
    for unit in units:
        state.cut_tow(unit)
    if move.tow:
        for tower, towed in tows(units, per_ship):
            tower.tow, towed.tow = towed.name, tower.name
    for unit in units:
        if unit.lost_way and unit.tow is None:
            unit.group = f"{name}/{unit.name}"
            movers.remove(unit)
    return movers


def _advance(state: Field, name: str, movers: list[Unit], path: Sequence[Hex]) -> list[Unit]:
    """Step the ships hex by hex, rolling for grounding in each; a ship that grounds or loses way (and its
    tow) drops out of the group. The ships still in the group at the end."""
    for h in path:
        for unit in movers:
            unit.at = h
        for unit in movers:
            check_grounding(state, unit)
        for unit in movers:
            if unit.mobile and unit.lost_way and unit.tow is None:
                unit.group = f"{name}/{unit.name}"
        movers = [u for u in movers if u.mobile and u.group == name]
        if not movers:
            break
    return movers


def movement_step(state: Field, step: str, choose: ChooseMove, aground: ChooseAground) -> None:
    """One movement step: the player without the initiative, then the initiative player; each may first run
    ships aground on purpose (DN-7.44), then moves every group (DN-5.11b)."""
    table = state.tables.tactical_turn
    for side in reversed(state.order()):
        able = [u.name for u in state.mobile(side)   # DN-12-nocombat: a refuelling ship does not move
                if u.can_move and may_run_aground(state, u) and step_hexes(u.speed_class, step, table) > 0]
        if able:
            for ship in aground(side, able):
                if ship in able and state.units[ship].mobile:
                    run_aground(state, state.units[ship])
        for name, units in groups(state, side).items():
            moves = options(state, units, step)
            move = choose(side, name, moves) if len(moves) > 1 else moves[0]
            carry_out(state, name, units, move if move in moves else moves[0])
