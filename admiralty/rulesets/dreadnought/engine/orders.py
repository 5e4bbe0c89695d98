"""The orders phase (DN-5.1): written orders, and what may change them.

Each fleet carries its written orders as a plan, one ``Order`` per turn (a missing turn is "stay"). The
scenario writes the first ones; during play a side writes further orders two turns ahead for intercept and
raid fleets (DN-5.2-intercept, DN-5.2-raid), while transport, bombard, minelay and minesweep fleets keep
their pre-planned movement (DN-5.12). The orders phase may also combine fleets (DN-5.21), split them
(DN-5.24), give a new mission after six turns in port (DN-5.22) and order an abort (DN-5.2-abort).
"""

from __future__ import annotations

from admiralty.rulesets.dreadnought.engine import fuel
from admiralty.rulesets.dreadnought.engine.missions import may_add_raid_fleet, may_fly, one_nationality
from admiralty.rulesets.dreadnought.engine.model import (
    FAST_RANK,
    Fleet,
    Order,
    normalise_zone_id,
)
from admiralty.rulesets.dreadnought.engine.state import FleetState, GameState, ShipState

DELAYING_ACTS = frozenset({"sweep", "lay", "bombard", "unload"})
"""Acts a pre-planned fleet does in place of this turn's move, delaying (not cancelling) the plan."""


def written_plan(fleet: Fleet, turns: int) -> dict[int, Order]:
    """DN-5.1: the scenario's written orders by turn (turns past the list stay)."""
    plan: dict[int, Order] = {}
    for turn, order in enumerate(fleet.orders, start=1):
        if turn <= turns and order.kind != "stay":
            zones = tuple(normalise_zone_id(z) for z in order.zones)
            plan[turn] = order if zones == order.zones else Order(order.kind, zones, order.target, order.text)
    return plan


def is_fast(ships: list[ShipState]) -> bool:
    """DN-5.11a: a fleet made only of speed 2 or 2+ ships (``model.may_enter_two_zones``), each at the speed
    it has now (speed lost in battle is recorded on the ship, DN-7.5d)."""
    # The speed now (``ShipState.speed``) is the class's speed less the classes lost, so it is fast only if the
    # class is (``may_enter_two_zones``): one look at the rank decides both (ranks 3 and 4 are "2" and "2+").
    for ship in ships:  # a loop, not all() over a generator: asked for every move and every order
        if ship.speed_rank_now < FAST_RANK:
            return False
    return bool(ships)


def place_after(state: GameState, place: str, order: Order) -> str:
    """Where a fleet at ``place`` is after carrying out ``order``, step by step as far as the map lets it (a move
    stops at the first zone it cannot enter)."""
    if order.kind == "move":
        for zone in order.zones:
            if not state.geo.can_step(place, zone):
                break
            place = zone
    elif order.kind == "port" and order.target is not None and state.geo.can_step(place, order.target):
        place = order.target
    return place


def planned_place(state: GameState, fleet: FleetState, turn: int) -> str:
    """Where ``fleet`` will be at the start of ``turn`` if its written moves from now on all succeed."""
    place = fleet.at
    for k in range(state.turn, turn):
        place = place_after(state, place, fleet.order(k))
    return place


def order_text(order: Order) -> str:
    """An order in the action vocabulary's words (``move:Q31/R32``, ``refuel``, ``abort:cattaro``)."""
    if order.kind == "move":
        return "move:" + "/".join(order.zones)
    if order.kind == "port":
        return f"move:{order.target}"
    if order.target is not None:
        return f"{order.kind}:{order.target}"
    return order.kind


def delay_plan(state: GameState, fleet: FleetState, act: Order, turn: int | None = None) -> None:
    """DN-5.2-minesweep (and the other delaying acts): ``act`` takes this turn (or ``turn``); every later
    written order moves one turn later, the last one falling off the end of the scenario."""
    turn, last = state.turn if turn is None else turn, state.scenario.turns
    for k in range(last, turn, -1):
        if (k - 1) in fleet.plan:
            fleet.plan[k] = fleet.plan[k - 1]
        else:
            fleet.plan.pop(k, None)
    fleet.plan[turn] = act


# --- abort and routes ------------------------------------------------------------------------------


def route_orders(state: GameState, fleet: FleetState, goal: str) -> list[Order] | None:
    """Turn-by-turn orders along the shortest route to ``goal`` at the highest speed that does not use up
    the fuel (DN-5.2-abort): two zones a turn for fast fleets while every ship keeps a box in hand for the
    rest of the route at one zone a turn, else one zone a turn; a port is entered on a turn of its own."""
    places = state.geo.route(fleet.at, goal)
    if places is None:
        return None
    port = places[-1] if places and state.geo.is_port(places[-1]) else None
    zones = places[:-1] if port is not None else places
    ships = [s for s in state.ships_of(fleet) if s.afloat]
    fast = is_fast(ships)
    burnt = dict.fromkeys((ship.name for ship in ships), 0)

    def keeps_a_box(ship: ShipState, units: int) -> bool:
        return ship.fuel - fuel.boxes_crossed(state.house.fuel, ship, units) >= 1

    orders: list[Order] = []
    i = 0
    while i < len(zones):
        take = 1
        if fast and i + 1 < len(zones):
            rest = len(zones) - i - 2
            take = 2 if all(keeps_a_box(s, burnt[s.name] + fuel.move_units(state.house.fuel, s, 2)
                                        + rest * fuel.step_units(state.house.fuel, s, 0)) for s in ships) else 1
        step = tuple(zones[i:i + take])
        for ship in ships:
            burnt[ship.name] += fuel.move_units(state.house.fuel, ship, take)
        orders.append(Order("move", zones=step, text="/".join(step)))
        i += take
    if port is not None:
        orders.append(Order("port", target=port, text=port))
    return orders


def nearest_ports(state: GameState, side: str, place: str) -> tuple[str, ...]:
    """DN-5.2-abort: ``side``'s friendly ports (sorted) that the shortest route from ``place`` reaches in
    the fewest steps (several when tied); none when no friendly port is reachable."""
    key = ("nearest-ports", side, place)
    found = state.geo.memo.get(key)
    if found is None:
        lengths: dict[str, int] = {place: 0} if place in state.geo.friendly_ports[side] else {}
        for port in state.geo.reachable_ports(side, place):
            places = state.geo.route(place, port)
            if places is not None:
                lengths[port] = len(places)
        least = min(lengths.values(), default=0)
        found = tuple(p for p in sorted(lengths) if lengths[p] == least)
        state.geo.memo[key] = found
    return found


def nearest_friendly_port(state: GameState, fleet: FleetState) -> str | None:
    ports = nearest_ports(state, fleet.side, fleet.at)
    return ports[0] if ports else None


def abort_ports(state: GameState, fleet: FleetState) -> tuple[str, ...]:
    """DN-5.2-abort: the ports an abort may head for. Literal reading (the default): a nearest friendly port
    by the shortest route; the scenario option ``abort_port: any`` allows any reachable friendly port."""
    if state.scenario.rules.abort_port == "any":
        return state.geo.reachable_ports(fleet.side, fleet.at)
    return nearest_ports(state, fleet.side, fleet.at)


def write_route(state: GameState, fleet: FleetState, orders: list[Order], from_turn: int) -> None:
    for k in [k for k in fleet.plan if k >= from_turn]:
        del fleet.plan[k]
    for k, order in enumerate(orders, start=from_turn):
        if k <= state.scenario.turns:
            fleet.plan[k] = order


def start_abort(state: GameState, fleet: FleetState, port: str | None, from_turn: int) -> bool:
    """DN-5.2-abort: the fleet's mission becomes abort and its orders from ``from_turn`` to the end take it
    to a friendly port by the shortest route at the best speed; False when no friendly port is reachable."""
    goal = port if port in abort_ports(state, fleet) else nearest_friendly_port(state, fleet)
    orders = None if goal is None else route_orders(state, fleet, goal)
    if goal is None or orders is None:
        state.emit("abort-impossible", "DN-5.2-abort", fleet=fleet.id, side=fleet.side)
        return False
    fleet.mission = "abort"
    fleet.escorts = None
    fleet.pursuit = None
    write_route(state, fleet, orders, from_turn)
    state.emit("mission-aborted", "DN-5.2-abort", fleet=fleet.id, side=fleet.side, port=goal, from_turn=from_turn,
               route=[order_text(order) for order in orders])
    return True


# --- combining, splitting, new missions ------------------------------------------------------------


def may_join(state: GameState, fleet: FleetState, other: FleetState) -> bool:
    """DN-5.21: fleets with the same mission in the same place may combine (an escort only with escorts
    of the same fleet); any fleet may join an aborting fleet. DN-5.2: the result keeps to one nationality
    unless small or allowed; DN-5.2-raid: a raiding fleet stays within its size limit."""
    if fleet.id == other.id or fleet.side != other.side or fleet.at != other.at:
        return False
    if fleet.is_collier_group or other.is_collier_group:
        return False
    if other.mission != "abort" and (fleet.mission != other.mission or fleet.escorts != other.escorts):
        return False
    rules = state.scenario.rules
    if other.mission != "raid" and (rules.mixed_nationality or len(fleet.ships) + len(other.ships) <= 4):
        return True  # what ``one_nationality`` answers for these, without looking at each ship
    ships = state.ships_of(other) + state.ships_of(fleet)
    if not one_nationality(ships, rules):
        return False
    return other.mission != "raid" or may_fly("raid", ships, rules)


def join(state: GameState, fleet: FleetState, other: FleetState) -> None:
    """DN-5.21: ``fleet``'s counter is removed and its ships join ``other``, which keeps its own orders.
    DN-5.24: ships split off this turn do not escape the split's limit by joining: ``other`` takes it on."""
    if fleet.split_turn == state.turn:
        other.split_fast = fleet.split_fast and (other.split_turn != state.turn or other.split_fast)
        other.split_turn = state.turn
    for name in fleet.ships:
        state.ships[name].fleet = other.id
    other.ships.extend(fleet.ships)
    del state.fleets[fleet.id]
    state.aliases[fleet.id] = other.id
    for escort in state.fleets.values():
        if escort.escorts == fleet.id:
            escort.escorts = other.id
    state.emit("fleets-combined", "DN-5.21", fleet=fleet.id, into=other.id, side=fleet.side, ships=list(other.ships))


SPLITTING = frozenset({"raid", "intercept"})
"""DN-5.24: the missions whose fleets may split."""


def may_split(state: GameState, fleet: FleetState, counters: int | None = None) -> bool:
    """DN-5.24, DN-5.25: raid and intercept fleets of two or more ships may split while a counter is free
    (and, for raiders, while another raiding fleet is allowed). ``counters``: the side's counters in use, when
    the caller has counted them already."""
    if fleet.mission not in SPLITTING or len(fleet.ships) < 2:
        return False
    if counters is None:
        counters = state.counters(fleet.side)
    if counters >= state.house.fleet_counters:
        return False
    return fleet.mission != "raid" or may_add_raid_fleet(state, fleet.side)


def split_leaves_valid(state: GameState, fleet: FleetState, names: list[str]) -> bool:
    if fleet.mission != "raid":
        return True
    rules = state.scenario.rules
    staying = [state.ships[n] for n in fleet.ships if n not in names]
    leaving = [state.ships[n] for n in names]
    return may_fly("raid", staying, rules) and may_fly("raid", leaving, rules)


def new_fleet_id(state: GameState, base: str) -> str:
    n = 2
    while f"{base}-{n}" in state.fleets or f"{base}-{n}" in state.aliases:
        n += 1
    return f"{base}-{n}"


def split(state: GameState, fleet: FleetState, names: list[str]) -> FleetState:
    """DN-5.24: a new fleet counter with the same mission and written orders takes ``names``. This turn
    neither fleet moves if any ship of the fleet that split (all of it, before the split) is speed 1s, 1 or
    1+; only when all its ships are 2 or 2+ may the fleets move, one zone at most. A fleet that splits again
    the same turn is judged by every ship it held at its first split."""
    fast = is_fast([ship for ship in state.ships_of(fleet) if ship.afloat])
    if fleet.split_turn == state.turn:
        fast = fast and fleet.split_fast
    new = FleetState(id=new_fleet_id(state, fleet.id), side=fleet.side, mission=fleet.mission,
                     ships=[n for n in fleet.ships if n in names], at=fleet.at, plan=dict(fleet.plan),
                     hidden=fleet.hidden, has_moved=fleet.has_moved, may_hide_from=fleet.may_hide_from,
                     port_turns=fleet.port_turns, start_of_turn=fleet.start_of_turn, split_turn=state.turn,
                     split_fast=fast)
    fleet.ships = [n for n in fleet.ships if n not in names]
    fleet.split_turn = state.turn
    fleet.split_fast = fast
    for name in new.ships:
        state.ships[name].fleet = new.id
    state.fleets[new.id] = new
    state.emit("fleet-split", "DN-5.24", fleet=fleet.id, new_fleet=new.id, side=fleet.side, ships=list(new.ships))
    return new


def may_take_new_mission(state: GameState, fleet: FleetState) -> bool:
    """DN-5.22: six consecutive turns in a friendly port."""
    return (not fleet.is_collier_group and fleet.at in state.geo.friendly_ports[fleet.side]
            and fleet.port_turns >= state.house.refuel.new_mission_turns)


def set_mission(state: GameState, fleet: FleetState, mission: str) -> None:
    """DN-5.22: the fleet takes a new mission; its written orders stand until rewritten."""
    old = fleet.mission
    fleet.mission = mission
    fleet.escorts = None
    state.emit("new-mission", "DN-5.22", fleet=fleet.id, side=fleet.side, mission=mission, previous=old)


def replan(state: GameState, fleet: FleetState, goal: str) -> bool:
    """DN-5.12: after six turns in port a pre-planned fleet's movement is planned anew, here as the
    shortest route to ``goal`` from this turn, then staying there."""
    orders = route_orders(state, fleet, goal)
    if orders is None:
        return False
    write_route(state, fleet, orders, state.turn)
    state.emit("movement-planned", "DN-5.12", fleet=fleet.id, side=fleet.side, goal=goal,
               route=[order_text(order) for order in orders])
    return True


def written_split(state: GameState, fleet: FleetState) -> None:
    """DN-5.24 written in the scenario's orders as "split": the second half of the ships leaves (house)."""
    if not may_split(state, fleet):
        state.emit("order-refused", "DN-5.24", fleet=fleet.id, side=fleet.side, order="split")
        return
    names = fleet.ships[(len(fleet.ships) + 1) // 2:]
    if split_leaves_valid(state, fleet, names):
        split(state, fleet, names)
    else:
        state.emit("order-refused", "DN-5.24", fleet=fleet.id, side=fleet.side, order="split")

