"""Pursuit (DN-5.23).

Intercept and raid fleets that fought may pursue an enemy fleet of that battle that left the tactical map
(also while the rest of its side fought on), or any after lost contact (any battle under basic combat):
"pursuit" is written for the next two turns. In the orders phase of each of them the pursuer rolls 1d6, +2 by
day, +1 if every pursuing ship is faster than the slowest pursued ship (the literal reading; the scenario
option ``pursuit_speed_bonus: day-only`` gives the +1 by day only). 6 or more: the pursuer moves with the
enemy and contact follows in the new zone. Otherwise it stays that turn and new orders are written for the
next two."""

from __future__ import annotations

from admiralty.engine.dice import d6
from admiralty.rulesets.dreadnought.engine.house import PursuitTable
from admiralty.rulesets.dreadnought.engine.model import STAY, Order, speed_rank
from admiralty.rulesets.dreadnought.engine.state import Decision, FleetState, GameState, Pursuit


def declare(state: GameState, fleet: FleetState, target: str) -> None:
    """DN-5.23: write "pursuit" for the next two turns in place of the orders written for them."""
    count = state.house.pursuit.turns
    turns = [k for k in range(state.turn + 1, state.turn + 1 + count) if k <= state.scenario.turns]
    fleet.pursuit = Pursuit(target=target, turns=turns)
    for k in turns:
        fleet.plan[k] = Order("pursuit", target=target, text="pursuit")
    state.emit("pursuit-declared", "DN-5.23", fleet=fleet.id, side=fleet.side, target=target, turns=turns)


def is_faster(state: GameState, fleet: FleetState, target: FleetState) -> bool:
    """DN-5.23, DN-5.11b: every pursuing ship faster than the slowest pursued ship (1s is slower than 1)."""
    pursued = [speed_rank(s.speed) for s in state.ships_of(target)]
    pursuers = [speed_rank(s.speed) for s in state.ships_of(fleet)]
    return bool(pursued and pursuers) and min(pursuers) > min(pursued)


def modifier(night: bool, faster: bool, option: str, table: PursuitTable) -> int:
    """DN-5.23: +2 by day; +1 for faster pursuers (by day and night, or by day only under "day-only")."""
    bonus = 0 if night else table.day_bonus
    if faster and (option != "day-only" or not night):
        bonus += table.faster_bonus
    return bonus


def succeeds(roll: int, bonus: int, table: PursuitTable) -> bool:
    return roll + bonus >= table.succeeds_on


def roll_pursuits(state: GameState, rolls: dict[str, int] | None = None) -> None:
    """DN-5.23: each pursuing fleet rolls in this orders phase; ``rolls`` lets tests inject the dice."""
    for fleet in list(state.fleets.values()):
        pursuit = fleet.pursuit
        if pursuit is None or state.turn not in pursuit.turns:
            continue
        target = state.fleets.get(pursuit.target)
        if target is None or target.hidden:
            _end(state, fleet, "target-gone")
            continue
        faster = is_faster(state, fleet, target)
        bonus = modifier(state.is_night, faster, state.scenario.rules.pursuit_speed_bonus, state.house.pursuit)
        roll = rolls[fleet.id] if rolls is not None and fleet.id in rolls else d6(state.rng)
        if succeeds(roll, bonus, state.house.pursuit):
            pursuit.moving = True
            state.emit("pursuit-roll", "DN-5.23", fleet=fleet.id, side=fleet.side, target=target.id, roll=roll,
                       bonus=bonus, success=True)
            continue
        state.emit("pursuit-roll", "DN-5.23", fleet=fleet.id, side=fleet.side, target=target.id, roll=roll,
                   bonus=bonus, success=False)
        _fail(state, fleet)


def _end(state: GameState, fleet: FleetState, reason: str) -> None:
    fleet.pursuit = None
    fleet.plan[state.turn] = STAY
    state.emit("pursuit-ended", "DN-5.23", fleet=fleet.id, side=fleet.side, reason=reason)


def _fail(state: GameState, fleet: FleetState) -> None:
    """Failure: stay this turn, then new orders for the next two turns."""
    fleet.pursuit = None
    fleet.plan[state.turn] = STAY
    queue = state.decisions.setdefault(fleet.side, [])
    for k in (state.turn + 1, state.turn + 2):
        fleet.plan.pop(k, None)
        if k <= state.scenario.turns:
            queue.append(Decision("order", fleet.side, fleet.id, turn=k))
