"""Movement (DN-5.1, DN-5.11a, DN-5.11b): every fleet carries out this turn's written order.

A fleet enters one zone a turn, or two (written ``A/B``) when every ship is speed 2 or 2+; it may always
stay. Moves follow ``topology.neighbours``; a fleet in port leaves into a zone the port opens on and enters
a friendly port from a zone it opens on. Escorts go with the fleet they escort (DN-5.2-escort), pursuers
with the fleet they pursue (DN-5.23). A ship must have the fuel for the move (DN-12-exhaust); crossing an
enemy minefield may cost hull (DN-13).
"""

from __future__ import annotations

from collections.abc import Callable

from admiralty.rulesets.dreadnought.engine import fuel, mines, towing
from admiralty.rulesets.dreadnought.engine.missions import reveal_raiders
from admiralty.rulesets.dreadnought.engine.model import Order
from admiralty.rulesets.dreadnought.engine.orders import DELAYING_ACTS, delay_plan, is_fast, start_abort, written_split
from admiralty.rulesets.dreadnought.engine.state import FleetState, GameState, ShipState

SUPPLY_TYPES = ("collier", "tanker")


def carry_out_orders(state: GameState) -> None:
    """The movement phase: ordinary fleets first, then pursuers (who need their quarry's path), then
    escorts (who need their fleet's)."""
    for fleet in state.fleets.values():
        fleet.start_of_turn = fleet.at
        fleet.path = []
        fleet.activity = "stay"
        fleet.activity_target = None
        fleet.fought = False
    snapshot = list(state.fleets.values())
    pursuers = [f for f in snapshot if f.pursuit is not None and f.pursuit.moving]
    escorts = [f for f in snapshot if f.mission == "escort" and f.order(state.turn).kind not in
               ("refuel", "coal", "oil", "abort")]
    later = {f.id for f in pursuers} | {f.id for f in escorts}
    for fleet in snapshot:
        if fleet.id not in later and fleet.id in state.fleets:
            carry_out(state, fleet, fleet.order(state.turn))
    _still_in_play(state, pursuers, follow_quarry)
    _still_in_play(state, escorts, follow_escorted)
    reveal_raiders(state)


def _still_in_play(state: GameState, fleets: list[FleetState], move: Callable[[GameState, FleetState], None]) -> None:
    for fleet in fleets:
        if fleet.id in state.fleets:
            move(state, fleet)


def carry_out(state: GameState, fleet: FleetState, order: Order) -> None:
    """DN-5.1: one fleet's written order for this turn."""
    if order.kind == "abort":
        if state.turn == 1 and not state.scenario.rules.abort_at_start:
            state.emit("order-refused", "DN-5.2-abort", fleet=fleet.id, side=fleet.side, order="abort",
                       reason="not-at-start")
            return
        if not start_abort(state, fleet, order.target, state.turn):
            return
        order = fleet.order(state.turn)
    if order.kind == "move":
        left = move_along(state, fleet, list(order.zones))
        if left and state.turn < state.scenario.turns:
            delay_plan(state, fleet, Order("move", zones=tuple(left), text="/".join(left)), state.turn + 1)
            state.emit("move-carried-over", "DN-5.1", fleet=fleet.id, side=fleet.side, zones=left)
    elif order.kind == "port" and order.target is not None:
        move_along(state, fleet, [order.target])
    elif order.kind == "split":
        written_split(state, fleet)
    elif order.kind in ("refuel", "coal", "oil", "search") or order.kind in DELAYING_ACTS:
        fleet.activity = order.kind
        fleet.activity_target = order.target


def move_along(state: GameState, fleet: FleetState, steps: list[str]) -> list[str]:
    """Enter ``steps`` in turn, as far as the rules allow; record the path and spend the fuel. Returns the
    zones that speed, weather or a split this turn held back (the fleet goes on with them next turn)."""
    if not steps:
        return []
    ships = [ship for ship in state.ships_of(fleet) if ship.afloat]
    dry = False  # some ship lost way, asked twice below (the move has burnt nothing yet); a loop, no generator
    for ship in ships:
        if ship.lost_way:
            dry = True
            break
    allowed = _limit_speed(state, fleet, steps, ships, dry)
    held_back = steps[len(allowed):] if allowed else []
    steps = allowed
    if not steps:
        return []
    factors = _tow(state, fleet, ships, dry)
    if factors is None:
        return []
    legal = _legal_prefix(state, fleet, steps)
    affordable = fuel.affordable_steps(state, ships, legal, factors)
    if affordable < len(legal):
        state.emit("short-of-fuel", "DN-12-exhaust", fleet=fleet.id, side=fleet.side, planned=legal,
                   possible=legal[:affordable])
        legal = legal[:affordable]
    if not _enter(state, fleet, legal, factors):
        return []
    return held_back if len(legal) == len(steps) else []


def _enter(state: GameState, fleet: FleetState, steps: list[str], factors: dict[str, int]) -> bool:
    """Enter each of ``steps`` (checked), burning fuel for each sea zone (house fuel table, towing
    ``factors``) and crossing minefields (DN-13) on the way; the move is one event (DN-5.1, DN-5.11a).
    False when the fleet left play on the way (sunk in a minefield)."""
    start = fleet.at
    zone_index = 0
    fleets, ports = state.fleets, state.geo.ports  # locals: a hundred moves a game, each step per ship
    for step in steps:
        if fleet.id not in fleets:
            return False
        if step not in ports:  # a sea zone (``Geography.is_port``)
            if fleet.at not in ports:
                mines.cross(state, fleet, fleet.at, step)
                if fleet.id not in fleets:
                    return False
            for ship in state.ships_of(fleet):
                units = fuel.units_for(state, ship, zone_index)
                fuel.burn(state, ship, units * factors.get(ship.ship.name, 1) if factors else units)
            zone_index += 1
        fleet.at = step
        fleet.path.append(step)
    if fleet.path:
        fleet.has_moved = True
        rule = "DN-5.11a" if zone_index == 2 else "DN-5.1"
        state.emit("fleet-moved", rule, fleet=fleet.id, side=fleet.side, start=start, path=list(fleet.path),
                   hidden=fleet.hidden)
    return True


def _limit_speed(state: GameState, fleet: FleetState, steps: list[str], ships: list[ShipState],
                 dry: bool) -> list[str]:
    """``steps`` as far as the fleet's afloat ``ships`` may go this turn (DN-5.24, DN-5.11b, house towing and
    weather). DN-5.24 judges a fleet split this turn by the ships of the fleet it split from
    (``split_fast``), not by its own: a fast ship split off a slow fleet stays too."""
    if fleet.split_turn == state.turn:
        if not (fleet.split_fast and is_fast(ships)):
            state.emit("cannot-move", "DN-5.24", fleet=fleet.id, side=fleet.side, reason="split-this-turn")
            return []
        steps = steps[:1]
    zones = [s for s in steps if not state.geo.is_port(s)]
    if len(zones) > 1 and not is_fast(ships):
        state.emit("move-shortened", "DN-5.11b", fleet=fleet.id, side=fleet.side, planned=steps, reason="speed")
        steps = steps[:1]
    steps = _towing_cap(state, fleet, ships, steps, dry)
    if not state.house.options.weather_zone_cap:
        return steps
    most = state.house.weather.max_zones[state.weather]  # invented house rule, off by default
    if len([s for s in steps if not state.geo.is_port(s)]) > most:
        state.emit("move-shortened", "house:weather", fleet=fleet.id, side=fleet.side, planned=steps,
                   weather=state.weather)
        steps = steps[:most]
    return steps


def _tow(state: GameState, fleet: FleetState, ships: list[ShipState], dry: bool) -> dict[str, int] | None:
    """DN-12-exhaust: ``None`` when a ship that lost way cannot be taken in tow (the fleet cannot move);
    otherwise each ship's fuel factor (house towing; empty when nothing is in tow). ``dry``: some ship lost way."""
    if not dry:
        return {}
    pairs = towing.tows(state, ships)
    if pairs is None:
        state.emit("cannot-move", "DN-12-exhaust", fleet=fleet.id, side=fleet.side,
                   ships=[s.name for s in ships if s.lost_way])
        return None
    state.emit("fleet-towed", "house:towing", fleet=fleet.id, side=fleet.side, tows=pairs)
    return towing.fuel_factors(state, pairs)


def _towing_cap(state: GameState, fleet: FleetState, ships: list[ShipState], steps: list[str],
                dry: bool) -> list[str]:
    """House towing: a fleet with a ship in tow (``dry``: some ship lost way) enters at most
    ``towing.zones_per_turn`` zones a turn."""
    if not dry or towing.tows(state, ships) is None:
        return steps
    most = state.house.towing.zones_per_turn
    kept: list[str] = []
    for step in steps:
        if not state.geo.is_port(step):
            if most <= 0:
                break
            most -= 1
        kept.append(step)
    if len(kept) < len(steps):
        state.emit("move-shortened", "house:towing", fleet=fleet.id, side=fleet.side, planned=steps, reason="towing")
    return kept


def _legal_prefix(state: GameState, fleet: FleetState, steps: list[str]) -> list[str]:
    """The steps up to the first one the map or the rules forbid (reported as an event)."""
    place = fleet.at
    supply = False
    for ship in state.ships_of(fleet):  # a loop, not any() over a generator
        if ship.ship.cls.type in SUPPLY_TYPES:
            supply = True
            break
    legal: list[str] = []
    for step in steps:
        reason = None
        if not state.geo.can_step(place, step):
            reason, rule = "not-adjacent", "DN-5.1"
        elif state.geo.is_port(step) and step not in state.geo.friendly_ports[fleet.side]:
            reason, rule = "enemy-port", "DN-5.1"
        elif supply and not state.geo.is_port(step) and state.geo.enemy_port_in(fleet.side, step):
            reason, rule = "enemy-port-zone", "DN-12.5" if _has(state, fleet, "collier") else "DN-12.6"
        if reason is not None:
            state.emit("order-impossible", rule, fleet=fleet.id, side=fleet.side, at=place, to=step, reason=reason)
            break
        legal.append(step)
        place = step
    return legal


def _has(state: GameState, fleet: FleetState, ship_type: str) -> bool:
    return any(state.ships[n].cls.type == ship_type for n in fleet.ships)


def follow_quarry(state: GameState, fleet: FleetState) -> None:
    """DN-5.23: a successful pursuer moves with the pursued fleet; contact follows in the new zone."""
    assert fleet.pursuit is not None
    target = state.fleets.get(fleet.pursuit.target)
    fleet.pursuit.moving = False
    if target is None or target.hidden:
        state.emit("pursuit-ended", "DN-5.23", fleet=fleet.id, side=fleet.side, reason="target-gone")
        return
    if fleet.at == target.start_of_turn:
        move_along(state, fleet, list(target.path))
    if fleet.at == target.at and not state.geo.is_port(fleet.at):
        state.forced.append((fleet.id, target.id))
        state.emit("pursuit-contact", "DN-5.23", fleet=fleet.id, side=fleet.side, target=target.id, zone=fleet.at)


def follow_escorted(state: GameState, fleet: FleetState) -> None:
    """DN-5.2-escort: the escort moves with the fleet it escorts; separated, it rejoins by the shortest
    route; with that fleet gone it aborts (house: "rejoin as soon as possible or abort")."""
    escorted = state.resolve_fleet(fleet.escorts) if fleet.escorts else None
    if escorted is None:
        state.emit("escort-alone", "DN-5.2-escort", fleet=fleet.id, side=fleet.side)
        if start_abort(state, fleet, None, state.turn):
            carry_out(state, fleet, fleet.order(state.turn))
        return
    if fleet.at == escorted.start_of_turn:
        move_along(state, fleet, list(escorted.path))
        return
    places = state.geo.route(fleet.at, escorted.at)
    if places:
        ships = [s for s in state.ships_of(fleet) if s.afloat]
        move_along(state, fleet, places[:2] if is_fast(ships) else places[:1])
