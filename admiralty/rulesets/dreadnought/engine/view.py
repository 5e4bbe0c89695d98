"""What a side may see (fog of war): its own fleets in full, enemy fleets only as the rules allow.

A fleet's ``plan`` lists its written orders from this turn on, by turn; a turn not listed is "stay".

Under the default ``fog: counters`` (the board game's shared operational map) every enemy fleet counter on
the map shows where it is, but its ships only while in contact this turn; under ``fog: contact`` enemy
fleets appear only while in contact. Hidden raiders never appear (DN-5.2-raid-hidden). Minefields show to
their owner and to sides that found them (DN-13).
"""

from __future__ import annotations

from admiralty.json_types import JSONObject, JSONValue
from admiralty.rulesets.dreadnought.engine.actions import order_turn
from admiralty.rulesets.dreadnought.engine.orders import order_text
from admiralty.rulesets.dreadnought.engine.state import FleetState, GameState, ShipState


def _static(state: GameState, ship: ShipState) -> JSONObject:
    """What never changes about a ship (its class data), built once per game."""
    found = state.view_cache.get(ship.name)
    if found is None:
        cls = ship.cls
        found = {
            "name": ship.name, "class": cls.id, "type": cls.type, "speed": ship.speed, "hull_max": cls.hull,
            "primary": cls.primary, "secondary": cls.secondary, "tertiary": cls.tertiary, "torpedo": cls.torpedo,
            "victory_points": cls.victory_points, "leader": ship.ship.leader, "italic": ship.ship.italic,
            "fuel_max": cls.fuel_boxes, "fuel_kind": cls.fuel_kind,
        }
        state.view_cache[ship.name] = found
    return found


def ship_view(state: GameState, ship: ShipState, full: bool) -> JSONObject:
    static = _static(state, ship)
    if not full:
        data = dict(static)
        del data["fuel_max"], data["fuel_kind"]
        return data
    # one dict display (the keys in the order they always had): update() with keywords cost a third more
    return {**static, "speed": ship.speed, "hull": ship.hull, "fuel": ship.fuel, "steam": ship.steam,
            "lost_way": ship.lost_way, "torpedoes_spent": ship.torpedoes_spent, "mine_loads": ship.mine_loads,
            "losses": dict(sorted(ship.losses.items())) if ship.losses else {}}


def own_fleet(state: GameState, fleet: FleetState) -> JSONObject:
    plan: JSONObject = {str(k): order_text(order) for k, order in sorted(fleet.plan.items())
            if k >= state.turn and order.kind != "stay"}
    return {
        "mission": fleet.mission, "at": fleet.at, "in_port": state.geo.is_port(fleet.at), "hidden": fleet.hidden,
        "escorts": fleet.escorts, "port_turns": fleet.port_turns, "plan": plan,
        "pursuing": fleet.pursuit.target if fleet.pursuit else None, "may_pursue": list(fleet.may_pursue),
        "fought": fleet.fought, "done": list(fleet.done_acts),
        "ships": [ship_view(state, s, True) for s in state.ships_of(fleet)],
    }


def view(state: GameState, side: str) -> JSONObject:
    """What ``side`` sees: its own fleets whole, the enemy's as the fog allows, its decision."""
    return {
        "ruleset": "dreadnought", "scenario": state.scenario.id, "side": side, "enemy_side": state.enemy(side),
        "turn": state.turn, "turns": state.scenario.turns, "phase": state.phase, "night": state.is_night,
        "weather": state.weather, "decision": _decision(state, side), "points": dict(state.points),
        "fleets": {f.id: own_fleet(state, f) for f in state.fleets.values() if f.side == side},
        "enemy_fleets": _enemy_fleets(state, side),
        "minefields": [{"between": list(m.between), "owner": m.owner, "strength": m.strength}
                       for m in state.minefields if side in m.known_to],
        "sunk": _names(sorted(s.name for s in state.ships.values() if s.sunk)),
        "grounded": _names(sorted(s.name for s in state.ships.values()
                                  if s.grounded_at is not None and s.side == side)),
        "over": state.over,
    }


def _names(names: list[str]) -> list[JSONValue]:
    """``names`` as a JSON array (a list of ``str`` is not a ``list[JSONValue]`` to mypy: lists are invariant)."""
    return [*names]


def _enemy_fleets(state: GameState, side: str) -> JSONObject:
    """Enemy counters not hidden (fog ``counters``) or only those sighted (fog ``contact``); ships of the
    sighted ones."""
    fog = str(state.options.get("fog", "counters"))
    sighted = set(state.sighted.get(side, []))
    enemy: JSONObject = {}
    for fleet in state.fleets.values():
        if fleet.side == side or fleet.hidden:
            continue
        seen = fleet.id in sighted
        if fog == "contact" and not seen:
            continue
        enemy[fleet.id] = {"at": fleet.at, "sighted": seen,
                           "ships": [ship_view(state, s, False) for s in state.ships_of(fleet)] if seen else None}
    return enemy


def _decision(state: GameState, side: str) -> JSONObject | None:
    """``side``'s decision now, an order's with the turn it writes."""
    queue = state.decisions.get(side, [])
    if not queue:
        return None
    head = queue[0]
    decision = head.as_dict()
    deciding = state.fleets.get(head.fleet or "")
    if head.kind == "order" and deciding is not None:
        decision["turn"] = order_turn(state, head, deciding)
    return decision
