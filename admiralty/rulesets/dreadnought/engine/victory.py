"""Victory: points for ships sunk (as they sink), objectives reached, and the end-of-scenario reckoning.

At the end grounded ships count as sunk (DN-7.44): in a zone the enemy controls the enemy scores twice the
ship's points, in a zone its own side controls only 75%, elsewhere the plain value. Then the scenario's
conditions are checked in order; the first one met wins, else ``otherwise`` (a draw or a side).
"""

from __future__ import annotations

from admiralty.engine.api import GameResult
from admiralty.rulesets.dreadnought.engine.model import VictoryCondition, normalise_zone_id
from admiralty.rulesets.dreadnought.engine.state import GameState, ShipState


def grounded_multiplier(state: GameState, ship: ShipState, zone: str) -> float:
    """DN-7.44: x2 in an enemy-controlled zone, x0.75 in a friendly-controlled one, else x1."""
    if zone in state.geo.controls[state.enemy(ship.side)]:
        return state.house.grounded_in_enemy_zone
    if zone in state.geo.controls[ship.side]:
        return state.house.grounded_in_friendly_zone
    return 1.0


def score_grounded(state: GameState) -> None:
    """DN-7.44: at the end of the scenario grounded ships count as sunk."""
    for ship in state.ships.values():
        if ship.grounded_at is None or ship.sunk:
            continue
        multiplier = grounded_multiplier(state, ship, ship.grounded_at)
        state.add_points(state.enemy(ship.side), ship.cls.victory_points * multiplier, "grounded", "DN-7.44",
                         ship=ship.name, zone=ship.grounded_at, multiplier=multiplier)


def record_objectives(state: GameState) -> None:
    """``reach`` conditions: note the first turn the fleet (or the fleet its ships joined) is at its target."""
    for index, condition in enumerate(state.scenario.victory.conditions):
        if condition.kind != "reach" or index in state.reached or condition.fleet is None:
            continue
        if condition.by_turn is not None and state.turn > condition.by_turn:
            continue
        fleet = state.resolve_fleet(condition.fleet)
        target = condition.target or ""
        target = target if state.geo.is_port(target) else normalise_zone_id(target)
        if fleet is not None and fleet.at == target:
            state.reached[index] = state.turn
            state.emit("objective-reached", "victory", side=condition.side, fleet=fleet.id, target=condition.target,
                       condition=index)


def is_lost(ship: ShipState) -> bool:
    return ship.sunk or ship.grounded_at is not None


def condition_met(state: GameState, index: int, condition: VictoryCondition) -> bool:
    if condition.kind == "vp-lead":
        other = state.enemy(condition.side)
        return state.points.get(condition.side, 0.0) - state.points.get(other, 0.0) >= condition.value
    if condition.kind == "reach":
        return index in state.reached
    if condition.kind == "sink":
        return all(name in state.ships and is_lost(state.ships[name]) for name in condition.ships)
    return False


def final_result(state: GameState) -> GameResult:
    """Score grounded ships, then the first condition met gives its side the win."""
    score_grounded(state)
    winner: str | None = None
    reason = "otherwise"
    chosen: int | None = None
    for index, condition in enumerate(state.scenario.victory.conditions):
        if condition_met(state, index, condition):
            winner, reason, chosen = condition.side, condition.kind, index
            break
    else:
        otherwise = state.scenario.victory.otherwise
        winner = None if otherwise == "draw" else otherwise
    points = {side: round(state.points.get(side, 0.0), 4) for side in state.sides}
    details = {
        "condition": chosen,
        "sunk": sorted(s.name for s in state.ships.values() if s.sunk),
        "grounded": sorted(s.name for s in state.ships.values() if s.grounded_at is not None and not s.sunk),
    }
    state.emit("game-over", "victory", winner=winner, reason=reason, points=points, condition=chosen)
    return GameResult(winner=winner, points=points, turns=state.scenario.turns, reason=reason, details=details)
