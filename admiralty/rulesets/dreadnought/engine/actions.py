"""The action vocabulary: what a side may do at each decision, as JSON strings, and what each one does.

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

from admiralty.rulesets.dreadnought.engine import orders, towing
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
from admiralty.rulesets.dreadnought.engine.model import Order
from admiralty.rulesets.dreadnought.engine.pursuit import declare
from admiralty.rulesets.dreadnought.engine.state import Decision, FleetState, GameState

TRIVIAL = frozenset({"follow-orders", "done"})


def order_turn(state: GameState, decision: Decision, fleet: FleetState) -> int:
    """The turn an ``order`` decision writes: as given, or this turn plus the mission's lead."""
    return decision.turn or state.turn + order_lead(fleet)


def legal(state: GameState, decision: Decision) -> list[str]:
    fleet = state.fleets.get(decision.fleet or "")
    if decision.kind == "engage":
        return ["engage", "decline"]
    if fleet is None:
        return []
    if decision.kind == "organise":
        return _organise(state, fleet)
    if decision.kind == "order":
        return _order(state, fleet, order_turn(state, decision, fleet), explicit=bool(decision.turn))
    if decision.kind == "after-battle":
        return _after_battle(state, fleet)
    return []


def _abort_ports(state: GameState, fleet: FleetState) -> list[str]:
    """DN-5.2-abort: a nearest friendly port (literal), or any reachable one (option ``abort_port: any``)."""
    return [f"abort:{p}" for p in orders.abort_ports(state, fleet)]


def _organise(state: GameState, fleet: FleetState) -> list[str]:
    acts = ["done"]
    if fleet.is_collier_group:
        return acts
    rules = state.scenario.rules
    at, side = fleet.at, fleet.side
    acts += [f"join:{o.id}" for o in state.fleets.values()
             if o.at == at and o is not fleet and o.side == side and orders.may_join(state, fleet, o)]
    counters = state.counters(fleet.side)
    if orders.may_split(state, fleet, counters):
        acts += [f"split:{n}" for n in fleet.ships if orders.split_leaves_valid(state, fleet, [n])]
    acts += [f"leave:{n}" for n in towing.may_leave(state, fleet, counters)]
    if "mission" not in fleet.acted and orders.may_take_new_mission(state, fleet):
        ships = state.ships_of(fleet)
        acts += [f"mission:{m}" for m in ASSIGNABLE if m != fleet.mission and may_fly(m, ships, rules)
                 and (m != "raid" or may_add_raid_fleet(state, fleet.side))]
    if "plan" not in fleet.acted and is_pre_planned(fleet) and orders.may_take_new_mission(state, fleet):
        goals = set(state.geo.friendly_ports[fleet.side]) - {fleet.at}
        goals |= {c.target for c in state.scenario.victory.conditions
                  if c.kind == "reach" and c.side == fleet.side and c.target}
        acts += [f"plan:{g}" for g in sorted(goals) if state.geo.reachable(fleet.at, g)]
    if "hide" not in fleet.acted and may_hide(state, fleet):
        acts.append("hide")
    if "hide" not in fleet.acted and fleet.hidden:
        acts.append("show")
    return acts


def _order(state: GameState, fleet: FleetState, turn: int, explicit: bool) -> list[str]:
    acts = ["follow-orders"]
    if fleet.is_collier_group or fleet.mission == "abort":
        return acts
    if any(fleet.order(k).kind == "abort" for k in range(state.turn, turn + 1)):
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
    acts.append("stay")
    acts += _moves(state, fleet, base)
    acts += _stationary(state, fleet, base)
    return acts


def _moves(state: GameState, fleet: FleetState, base: str) -> list[str]:
    """Every move written from ``base``: one zone, two for fast fleets (DN-5.11a), or a friendly port; never
    into a zone holding an enemy port for colliers and tankers (DN-12.5, DN-12.6). Memoised per map."""
    supply = any(state.ships[n].cls.type in ("collier", "tanker") for n in fleet.ships)
    fast = orders.is_fast(state.ships_of(fleet))
    key = ("moves", fleet.side, base, fast, supply)
    found = state.geo.memo.get(key)
    if found is None:
        found = tuple(_list_moves(state, fleet.side, base, fast, supply))
        state.geo.memo[key] = found
    return list(found)


def _list_moves(state: GameState, side: str, base: str, fast: bool, supply: bool) -> list[str]:
    geo = state.geo

    def open_zone(zone: str) -> bool:
        return not (supply and geo.enemy_port_in(side, zone))

    acts: list[str] = []
    for zone in geo.exits(base):
        if not open_zone(zone):
            continue
        acts.append(f"move:{zone}")
        if fast:
            acts += [f"move:{zone}/{z}" for z in geo.neighbours.get(zone, ()) if z != base and open_zone(z)]
    if not geo.is_port(base):
        acts += [f"move:{p}" for p in geo.ports_by_zone.get(base, ()) if p in geo.friendly_ports[side]]
    return acts


def _stationary(state: GameState, fleet: FleetState, base: str) -> list[str]:
    geo = state.geo
    ships = state.ships_of(fleet)
    acts: list[str] = []
    if base in geo.refuel_ports[fleet.side]:
        acts.append("refuel")
    if not geo.is_port(base) and geo.is_coastal(base):
        acts += [kind for kind in ("coal", "oil") if any(s.cls.fuel_kind == kind for s in ships)]
    if fleet.mission == "raid" and not geo.is_port(base):
        acts += [f"bombard:{p}" for p in geo.enemy_ports_on(fleet.side, base)]
        acts.append("search")  # DN-5.2-raid: search for merchant ships (house table merchants)
    if fleet.mission == "raid" and not geo.is_port(base) and _can_lay(state, fleet):
        acts += [f"lay:{z}" for z in geo.neighbours.get(base, ()) if field_on(state, base, z) is None]
    return acts


def _can_lay(state: GameState, fleet: FleetState) -> bool:
    return any(is_minelayer(s, state.scenario.rules) and s.mine_loads > 0 for s in state.ships_of(fleet))


def _delaying_acts(state: GameState, fleet: FleetState) -> list[str]:
    """DN-5.2-minesweep and the other acts a pre-planned fleet may do in place of this turn's move."""
    geo, at = state.geo, fleet.at
    rules = state.scenario.rules
    if fleet.mission == "transport":
        return ["unload"] if geo.is_port(at) and at != fleet.origin and not fleet.unloaded else []
    if geo.is_port(at):
        return []
    if fleet.mission == "bombard":
        return [f"bombard:{p}" for p in geo.enemy_ports_on(fleet.side, at)]
    if fleet.mission == "minelay" and _can_lay(state, fleet):
        return [f"lay:{z}" for z in geo.neighbours.get(at, ()) if field_on(state, at, z) is None]
    if fleet.mission == "minesweep" and any(is_minesweeper(s, rules) for s in state.ships_of(fleet)):
        return ["sweep"]
    return []


def _after_battle(state: GameState, fleet: FleetState) -> list[str]:
    acts = ["follow-orders"]
    if fleet.is_collier_group:
        return acts
    if fleet.mission in LEAD_TWO and state.turn < state.scenario.turns:
        acts += [f"pursue:{e}" for e in fleet.may_pursue if e in state.fleets and not state.fleets[e].hidden]
    if fleet.mission != "abort" and state.turn < state.scenario.turns:
        acts += _abort_ports(state, fleet)
    return acts


# --- applying an action ------------------------------------------------------------------------------


def parse_order(state: GameState, text: str) -> Order:
    """An ``order`` action as the written ``Order`` it stands for."""
    word, _, arg = text.partition(":")
    if word == "move":
        if state.geo.is_port(arg):
            return Order("port", target=arg, text=arg)
        return Order("move", zones=tuple(arg.split("/")), text=arg)
    return Order(word, target=arg or None, text=text)


def apply(state: GameState, decision: Decision, action: str) -> bool:
    """Carry out ``action`` for ``decision``; True when the decision is finished (``organise`` repeats)."""
    word, _, arg = action.partition(":")
    if decision.kind == "engage":
        zone = decision.zone or ""
        state.emit("engagement-chosen", "house:contact", side=decision.side, zone=zone, engage=action == "engage")
        if action == "engage":
            state.engaging.setdefault(zone, []).append(decision.side)
        else:
            state.engaging.setdefault(zone, [])
        return True
    fleet = state.fleets[decision.fleet or ""]
    if decision.kind == "organise":
        return _apply_organise(state, fleet, word, arg)
    if decision.kind == "after-battle":
        if word == "pursue":
            declare(state, fleet, arg)
        elif word == "abort":
            orders.start_abort(state, fleet, arg, state.turn + 1)
        return True
    if word == "follow-orders":
        return True
    if word == "abort":
        turn = state.turn + 2
        for k in [k for k in fleet.plan if k >= turn]:
            del fleet.plan[k]
        fleet.plan[turn] = Order("abort", target=arg, text="abort")
        state.emit("abort-ordered", "DN-5.2-abort", fleet=fleet.id, side=fleet.side, port=arg, effective=turn)
        return True
    order = parse_order(state, action)
    turn = order_turn(state, decision, fleet)
    if is_pre_planned(fleet) and not decision.turn:
        orders.delay_plan(state, fleet, order)
        state.emit("plan-delayed", "DN-5.2-minesweep" if word == "sweep" else "DN-5.12", fleet=fleet.id,
                   side=fleet.side, act=action)
        return True
    fleet.plan[turn] = order
    rule = {"intercept": "DN-5.2-intercept", "raid": "DN-5.2-raid"}.get(fleet.mission, "DN-5.1")
    state.emit("order-written", rule, fleet=fleet.id, side=fleet.side, for_turn=turn, order=action)
    return True


def _apply_organise(state: GameState, fleet: FleetState, word: str, arg: str) -> bool:
    if word == "done":
        return True
    if word == "join":
        orders.join(state, fleet, state.fleets[arg])
        return True
    if word == "split":
        new = orders.split(state, fleet, [arg])
        queue = state.decisions.setdefault(fleet.side, [])
        queue.insert(1, Decision("order", fleet.side, new.id))
        return False
    if word == "leave":
        towing.leave_behind(state, fleet, arg, orders.new_fleet_id(state, fleet.id))
        return False
    if word == "mission":
        fleet.acted.append("mission")
        orders.set_mission(state, fleet, arg)
        return False
    if word == "plan":
        fleet.acted.append("plan")
        orders.replan(state, fleet, arg)
        return False
    fleet.acted.append("hide")
    if word == "hide":
        fleet.hidden = True
        state.emit("raider-hidden", "DN-5.2-raid-hidden", fleet=fleet.id, side=fleet.side)
    else:
        reveal(state, fleet, "chose-to-show")
    return False
