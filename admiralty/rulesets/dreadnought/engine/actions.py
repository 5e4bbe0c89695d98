"""The action vocabulary: what a side may do at each decision, and what each one does.

Each legal action is an ``Act`` (``act.py``) keyed by its text (the JSON string players, replays and events
see); ``legal`` builds a decision's acts (the game keeps them until the state changes), ``apply`` carries out
the chosen one.

Decisions come in four kinds (``Decision.kind``); each has its own small vocabulary:

``organise`` (orders phase, one fleet; repeated until ``done``)
    ``done``; ``join:<fleet>`` (DN-5.21); ``split:<ship>`` (DN-5.24, the ship leaves as a new fleet);
    ``mission:<mission>`` (DN-5.22); ``plan:<place>`` (DN-5.12, re-plan a pre-planned fleet's route);
    ``hide`` / ``show`` (DN-5.2-raid-hidden).
``order`` (orders phase, one fleet, writing the order for ``Decision.turn``: two turns ahead for intercept
    and raid fleets, this turn for the others)
    ``follow-orders`` (keep what is written); ``stay``; ``move:<zone>``; ``move:<zone>/<zone>``
    (DN-5.11a); ``move:<port>``; ``refuel``; ``coal``; ``oil``; ``bombard:<port>``; ``lay:<zone>``;
    ``search`` (raid: merchant ships); ``sweep``; ``unload``; ``abort:<port>`` (DN-5.2-abort, effective two
    turns ahead). Pre-planned fleets
    (DN-5.12) may only ``follow-orders``, ``abort:<port>``, or do a delaying act this turn (``sweep``,
    ``lay``, ``bombard``, ``unload``) that pushes the rest of their plan back one turn. Escorts may only
    ``follow-orders`` (they sail with their fleet) or ``abort:<port>``; aborting fleets and collier groups
    have nothing to decide.
``engage`` (contact phase, one zone): ``engage`` or ``decline``.
``after-battle`` (one fleet that fought): ``follow-orders``; ``pursue:<fleet>`` (DN-5.23);
    ``abort:<port>`` (DN-5.2-abort after a battle: effective at once).

A decision whose only choice is ``follow-orders`` or ``done`` is taken by the engine without asking.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from admiralty.rulesets.dreadnought.engine import orders, towing
from admiralty.rulesets.dreadnought.engine.act import (
    DECLINE,
    DONE,
    ENGAGE,
    FOLLOW_ORDERS,
    HIDE,
    SHOW,
    STAY,
    TRIVIAL,
    Act,
    act,
    move_to_port,
    move_to_zones,
)
from admiralty.rulesets.dreadnought.engine.mines import field_on
from admiralty.rulesets.dreadnought.engine.missions import (
    ASSIGNABLE,
    LEAD_TWO,
    is_minelayer,
    is_minesweeper,
    is_pre_planned,
    may_add_raid_fleet,
    may_fly,
    may_hide,
    order_lead,
    reveal,
)
from admiralty.rulesets.dreadnought.engine.model import FAST_RANK, Order
from admiralty.rulesets.dreadnought.engine.pursuit import declare
from admiralty.rulesets.dreadnought.engine.state import Decision, FleetState, GameState

__all__ = ["TRIVIAL", "Act", "apply", "legal", "order_turn"]


def order_turn(state: GameState, decision: Decision, fleet: FleetState) -> int:
    """The turn an ``order`` decision writes: as given, or this turn plus the mission's lead."""
    return decision.turn or state.turn + order_lead(fleet)


def legal(state: GameState, decision: Decision) -> Sequence[Act]:
    """The legal actions of ``decision``, in the order players are offered them (their texts all differ)."""
    if decision.kind == "engage":
        return _ENGAGE_OR_DECLINE
    fleet = state.fleets.get(decision.fleet or "")
    if fleet is None:
        return ()
    if decision.kind == "organise":
        return _organise(state, fleet)
    if decision.kind == "order":
        return _order(state, fleet, order_turn(state, decision, fleet), explicit=bool(decision.turn))
    if decision.kind == "after-battle":
        return _after_battle(state, fleet)
    return ()


_ENGAGE_OR_DECLINE = (ENGAGE, DECLINE)
_SUPPLY_TYPES = frozenset({"collier", "tanker"})


def _abort_ports(state: GameState, fleet: FleetState) -> tuple[Act, ...]:
    """DN-5.2-abort: a nearest friendly port (literal), or any reachable one (option ``abort_port: any``).
    Memoised per map and place, as the ports are."""
    key = ("abort", fleet.side, fleet.at, False, False)
    found = state.geo.acts.get(key)
    if found is None:
        found = state.geo.acts[key] = tuple(act("abort", p) for p in orders.abort_ports(state, fleet))
    return found


# --- organise: the steps of DN-5.2x a fleet may take in the orders phase, in the order offered ----------


def _organise(state: GameState, fleet: FleetState) -> list[Act]:
    acts = [DONE]
    if fleet.is_collier_group:
        return acts
    acts += _joins(state, fleet)
    counters = None  # the side's counters in use, counted only when a split or a ship left behind may need them
    if fleet.mission in orders.SPLITTING and len(fleet.ships) >= 2:
        counters = state.counters(fleet.side)
        acts += _splits(state, fleet, counters)
    acts += [act("leave", n) for n in towing.may_leave(state, fleet, counters)]
    if orders.may_take_new_mission(state, fleet):
        acts += _new_missions(state, fleet)
        acts += _new_plans(state, fleet)
    if fleet.mission == "raid" or fleet.hidden:  # what _hide_or_show asks first, without the call
        acts += _hide_or_show(state, fleet)
    return acts


def _joins(state: GameState, fleet: FleetState) -> list[Act]:
    """DN-5.21: fleets of the side in the same place that this one may combine with."""
    at, side, mission, escorts = fleet.at, fleet.side, fleet.mission, fleet.escorts
    # may_join's own first tests, inline: most fleets of the side are elsewhere or fly another mission
    return [act("join", o.id) for o in state.fleets.values()
            if o.at == at and o is not fleet and o.side == side
            and (o.mission == "abort" or (o.mission == mission and o.escorts == escorts))
            and orders.may_join(state, fleet, o)]


def _splits(state: GameState, fleet: FleetState, counters: int) -> list[Act]:
    """DN-5.24, DN-5.25: each ship that may leave as a new fleet."""
    if not orders.may_split(state, fleet, counters):
        return []
    return [act("split", n) for n in fleet.ships if orders.split_leaves_valid(state, fleet, [n])]


def _new_missions(state: GameState, fleet: FleetState) -> list[Act]:
    """DN-5.22: after six turns in a friendly port (``orders.may_take_new_mission``), any other mission the
    ships may fly."""
    if "mission" in fleet.acted:
        return []
    rules, ships = state.scenario.rules, state.ships_of(fleet)
    return [act("mission", m) for m in ASSIGNABLE if m != fleet.mission and may_fly(m, ships, rules)
            and (m != "raid" or may_add_raid_fleet(state, fleet.side))]


def _new_plans(state: GameState, fleet: FleetState) -> list[Act]:
    """DN-5.12: a pre-planned fleet six turns in port (``orders.may_take_new_mission``) plans its movement
    anew, to a friendly port or a place its side must reach."""
    if "plan" in fleet.acted or not is_pre_planned(fleet):
        return []
    goals = set(state.geo.friendly_ports[fleet.side]) - {fleet.at}
    goals |= {c.target for c in state.scenario.victory.conditions
              if c.kind == "reach" and c.side == fleet.side and c.target}
    return [act("plan", g) for g in sorted(goals) if state.geo.reachable(fleet.at, g)]


def _hide_or_show(state: GameState, fleet: FleetState) -> list[Act]:
    """DN-5.2-raid-hidden: a raider may hide, a hidden one show itself (once a turn)."""
    if "hide" in fleet.acted:
        return []
    acts = [HIDE] if may_hide(state, fleet) else []
    if fleet.hidden:
        acts.append(SHOW)
    return acts


# --- order: writing a fleet's order --------------------------------------------------------------------


def _order(state: GameState, fleet: FleetState, turn: int, explicit: bool) -> list[Act]:
    acts = [FOLLOW_ORDERS]
    if fleet.is_collier_group or fleet.mission == "abort":
        return acts
    plan = fleet.plan  # an abort written for any turn up to the one this order writes (a loop: no generator)
    for k in range(state.turn, turn + 1):
        written = plan.get(k)
        if written is not None and written.kind == "abort":
            return acts
    if state.turn + 2 <= state.scenario.turns:
        acts += _abort_ports(state, fleet)
    if fleet.mission == "escort" or fleet.order(turn).kind == "pursuit" or turn > state.scenario.turns:
        return acts
    if is_pre_planned(fleet) and not explicit:
        return acts + _delaying_acts(state, fleet)
    if fleet.mission not in LEAD_TWO and not explicit:
        return acts
    base = orders.planned_place(state, fleet, turn)
    acts.append(STAY)
    acts += _moves(state, fleet, base)
    acts += _stationary(state, fleet, base)
    return acts


def _moves(state: GameState, fleet: FleetState, base: str) -> tuple[Act, ...]:
    """Every move written from ``base``: one zone, two for fast fleets (DN-5.11a), or a friendly port; never
    into a zone holding an enemy port for colliers and tankers (DN-12.5, DN-12.6). Memoised per map."""
    supply, fast = False, bool(fleet.ships)  # orders.is_fast and the supply test in one pass over the ships
    ships = state.ships
    for name in fleet.ships:
        ship = ships[name]
        if ship.ship.cls.type in _SUPPLY_TYPES:
            supply = True
        if fast and ship.speed_rank_now < FAST_RANK:
            fast = False
    key = ("move", fleet.side, base, fast, supply)
    found = state.geo.acts.get(key)
    if found is None:
        found = state.geo.acts[key] = tuple(_list_moves(state, fleet.side, base, fast, supply))
    return found


def _list_moves(state: GameState, side: str, base: str, fast: bool, supply: bool) -> list[Act]:
    geo = state.geo

    def open_zone(zone: str) -> bool:
        return not (supply and geo.enemy_port_in(side, zone))

    acts: list[Act] = []
    for zone in geo.exits(base):
        if not open_zone(zone):
            continue
        acts.append(move_to_zones((zone,)))
        if fast:
            acts += [move_to_zones((zone, z)) for z in geo.neighbours.get(zone, ()) if z != base and open_zone(z)]
    if not geo.is_port(base):
        acts += [move_to_port(p) for p in geo.ports_by_zone.get(base, ()) if p in geo.friendly_ports[side]]
    return acts


def _stationary(state: GameState, fleet: FleetState, base: str) -> list[Act]:
    """Orders written for ``base`` itself: refuel in port (DN-12), coal or oil at sea off a coast (DN-12.5,
    DN-12.6), and the raider's bombarding, merchant search and mine laying (DN-5.2-raid)."""
    geo = state.geo
    acts: list[Act] = []
    if base in geo.refuel_ports[fleet.side]:
        acts.append(act("refuel"))
    if geo.is_port(base):
        return acts
    if geo.is_coastal(base):
        kinds = {s.cls.fuel_kind for s in state.ships_of(fleet)}
        acts += [act(kind) for kind in ("coal", "oil") if kind in kinds]
    if fleet.mission == "raid":
        acts += [act("bombard", p) for p in geo.enemy_ports_on(fleet.side, base)]
        acts.append(act("search"))  # DN-5.2-raid: search for merchant ships (house table merchants)
        if _can_lay(state, fleet):
            acts += _lays(state, base)
    return acts


def _lays(state: GameState, at: str) -> list[Act]:
    """DN-5.2-minelay: a field on each border of ``at`` that has none."""
    return [act("lay", z) for z in state.geo.neighbours.get(at, ()) if field_on(state, at, z) is None]


def _can_lay(state: GameState, fleet: FleetState) -> bool:
    return any(is_minelayer(s, state.scenario.rules) and s.mine_loads > 0 for s in state.ships_of(fleet))


def _delaying_acts(state: GameState, fleet: FleetState) -> list[Act]:
    """DN-5.2-minesweep and the other acts a pre-planned fleet may do in place of this turn's move."""
    geo, at = state.geo, fleet.at
    if fleet.mission == "transport":
        return [act("unload")] if geo.is_port(at) and at != fleet.origin and not fleet.unloaded else []
    if geo.is_port(at):
        return []
    if fleet.mission == "bombard":
        return [act("bombard", p) for p in geo.enemy_ports_on(fleet.side, at)]
    if fleet.mission == "minelay":
        return _lays(state, at) if _can_lay(state, fleet) else []
    rules = state.scenario.rules
    if fleet.mission == "minesweep" and any(is_minesweeper(s, rules) for s in state.ships_of(fleet)):
        return [act("sweep")]
    return []


def _after_battle(state: GameState, fleet: FleetState) -> list[Act]:
    acts = [FOLLOW_ORDERS]
    if fleet.is_collier_group:
        return acts
    if fleet.mission in LEAD_TWO and state.turn < state.scenario.turns:
        acts += [act("pursue", e) for e in fleet.may_pursue if e in state.fleets and not state.fleets[e].hidden]
    if fleet.mission != "abort" and state.turn < state.scenario.turns:
        acts += _abort_ports(state, fleet)
    return acts


# --- applying an action ------------------------------------------------------------------------------


def apply(state: GameState, decision: Decision, chosen: Act) -> bool:
    """Carry out ``chosen`` (one of ``legal(state, decision)``) for ``decision``; True when the decision is
    finished (``organise`` repeats)."""
    if decision.kind == "engage":
        return _engage(state, decision, chosen is ENGAGE)
    fleet = state.fleets[decision.fleet or ""]
    if decision.kind == "organise":
        return _ORGANISE[chosen.word](state, fleet, chosen.arg)
    if decision.kind == "after-battle":
        if chosen.word == "pursue":
            declare(state, fleet, chosen.arg)
        elif chosen.word == "abort":
            orders.start_abort(state, fleet, chosen.arg, state.turn + 1)
        return True
    if chosen.word == "abort":
        _order_abort(state, fleet, chosen.arg)
    elif chosen.order is not None:
        _write_order(state, decision, fleet, chosen, chosen.order)
    return True


def _engage(state: GameState, decision: Decision, engage: bool) -> bool:
    """House contact table: the side engages the enemy in the zone, or declines."""
    zone = decision.zone or ""
    state.emit("engagement-chosen", "house:contact", side=decision.side, zone=zone, engage=engage)
    sides = state.engaging.setdefault(zone, [])
    if engage:
        sides.append(decision.side)
    return True


def _order_abort(state: GameState, fleet: FleetState, port: str) -> None:
    """DN-5.2-abort: written two turns ahead, replacing every order from then on."""
    turn = state.turn + 2
    for k in [k for k in fleet.plan if k >= turn]:
        del fleet.plan[k]
    fleet.plan[turn] = Order("abort", target=port, text="abort")
    state.emit("abort-ordered", "DN-5.2-abort", fleet=fleet.id, side=fleet.side, port=port, effective=turn)


def _write_order(state: GameState, decision: Decision, fleet: FleetState, chosen: Act, order: Order) -> None:
    """DN-5.1 (DN-5.2-intercept, DN-5.2-raid two turns ahead); a pre-planned fleet's act this turn delays the
    rest of its plan instead (DN-5.12, DN-5.2-minesweep)."""
    if is_pre_planned(fleet) and not decision.turn:
        orders.delay_plan(state, fleet, order)
        state.emit("plan-delayed", "DN-5.2-minesweep" if chosen.word == "sweep" else "DN-5.12", fleet=fleet.id,
                   side=fleet.side, act=chosen.text)
        return
    turn = order_turn(state, decision, fleet)
    fleet.plan[turn] = order
    rule = {"intercept": "DN-5.2-intercept", "raid": "DN-5.2-raid"}.get(fleet.mission, "DN-5.1")
    state.emit("order-written", rule, fleet=fleet.id, side=fleet.side, for_turn=turn, order=chosen.text)


def _done(state: GameState, fleet: FleetState, arg: str) -> bool:
    return True


def _join(state: GameState, fleet: FleetState, other: str) -> bool:
    """DN-5.21."""
    orders.join(state, fleet, state.fleets[other])
    return True


def _split(state: GameState, fleet: FleetState, ship: str) -> bool:
    """DN-5.24: the new fleet writes its own order next."""
    new = orders.split(state, fleet, [ship])
    state.decisions.setdefault(fleet.side, []).insert(1, Decision("order", fleet.side, new.id))
    return False


def _leave(state: GameState, fleet: FleetState, ship: str) -> bool:
    """DN-12-exhaust."""
    towing.leave_behind(state, fleet, ship, orders.new_fleet_id(state, fleet.id))
    return False


def _mission(state: GameState, fleet: FleetState, mission: str) -> bool:
    """DN-5.22."""
    fleet.acted.append("mission")
    orders.set_mission(state, fleet, mission)
    return False


def _plan(state: GameState, fleet: FleetState, goal: str) -> bool:
    """DN-5.12."""
    fleet.acted.append("plan")
    orders.replan(state, fleet, goal)
    return False


def _hide(state: GameState, fleet: FleetState, arg: str) -> bool:
    """DN-5.2-raid-hidden."""
    fleet.acted.append("hide")
    fleet.hidden = True
    state.emit("raider-hidden", "DN-5.2-raid-hidden", fleet=fleet.id, side=fleet.side)
    return False


def _show(state: GameState, fleet: FleetState, arg: str) -> bool:
    """DN-5.2-raid-hidden."""
    fleet.acted.append("hide")
    reveal(state, fleet, "chose-to-show")
    return False


_ORGANISE: dict[str, Callable[[GameState, FleetState, str], bool]] = {
    "done": _done, "join": _join, "split": _split, "leave": _leave, "mission": _mission, "plan": _plan,
    "hide": _hide, "show": _show}
"""What each organise word does (the fleet and the act's ``arg``); True when the fleet is done organising."""
