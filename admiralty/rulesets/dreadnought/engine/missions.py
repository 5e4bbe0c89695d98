"""Missions (DN-5.2): what each mission allows, who may fly it, and the mission-specific acts.

Every fleet has one mission. The mission decides how far ahead its orders are written (DN-5.12,
DN-5.2-intercept, DN-5.2-raid), which ship classes may fly it, and the acts only it may do: unloading
cargo (DN-5.2-transport), bombarding (DN-5.2-bombard), laying mines (DN-5.2-minelay), sweeping
(DN-5.2-minesweep).
"""

from __future__ import annotations

from collections.abc import Sequence

from admiralty.engine.dice import d6
from admiralty.rulesets.dreadnought.engine.geography import nation_counts_as
from admiralty.rulesets.dreadnought.engine.model import Rules, Ship
from admiralty.rulesets.dreadnought.engine.state import FleetState, GameState, ShipState

PRE_PLANNED = frozenset({"transport", "bombard", "minelay", "minesweep"})
"""DN-5.12: all movement of these missions is planned before play."""
LEAD_TWO = frozenset({"intercept", "raid"})
"""DN-5.2-intercept, DN-5.2-raid: orders are written two turns ahead."""
ASSIGNABLE = ("transport", "bombard", "intercept", "minelay", "minesweep", "raid")
"""Missions a fleet may take as a new mission (DN-5.22); escort needs a fleet to escort, abort is ordered."""
ANY_NATION = "germany"
"""DN-5.2: German ships may count as any nationality."""


def order_lead(fleet: FleetState) -> int:
    """DN-5.2-intercept, DN-5.2-raid: turns between writing an order and carrying it out (0 for the rest)."""
    return 2 if fleet.mission in LEAD_TWO else 0


def is_pre_planned(fleet: FleetState) -> bool:
    """DN-5.12: transport, bombard, minelay and minesweep fleets follow their written plan."""
    return fleet.mission in PRE_PLANNED


def one_nationality(ships: Sequence[ShipState], rules: Rules) -> bool:
    """DN-5.2: one nationality per fleet unless it has four ships or fewer or the scenario allows mixing.

    German ships may count as any nationality; Canadian and Australian ships count as British.
    """
    if len(ships) <= 4 or rules.mixed_nationality:
        return True
    nations = {nation_counts_as(ship.ship.nation) for ship in ships} - {ANY_NATION}
    return len(nations) <= 1


def is_minelayer(ship: ShipState, rules: Rules) -> bool:
    """DN-5.2-minelay: minelayers (ML) or ships the scenario names."""
    return is_minelayer_ship(ship.ship, rules)


def is_minelayer_ship(ship: Ship, rules: Rules) -> bool:
    return ship.cls.type == "ML" or ship.name in rules.minelayers


def is_minesweeper(ship: ShipState, rules: Rules) -> bool:
    """DN-5.2-minesweep: minesweepers (MS) or ships the scenario names."""
    return ship.cls.type == "MS" or ship.name in rules.minesweepers


def may_fly(mission: str, ships: Sequence[ShipState], rules: Rules) -> bool:
    """DN-5.2: the ship classes each mission allows (and the raid limits of DN-5.2-raid)."""
    types = {ship.cls.type for ship in ships}
    if mission in ("bombard", "escort", "intercept"):
        return "transport" not in types
    if mission == "raid":
        if not types.isdisjoint({"transport", "tanker"}) or len(ships) > rules.raid_max_ships:
            return False
        return not rules.raid_needs_leader or any(ship.ship.leader for ship in ships)
    if mission == "minelay":
        return all(is_minelayer(ship, rules) for ship in ships)
    if mission == "minesweep":
        return all(is_minesweeper(ship, rules) for ship in ships)
    return True


def raid_fleets(state: GameState, side: str) -> int:
    return sum(1 for fleet in state.fleets.values() if fleet.side == side and fleet.mission == "raid")


def may_add_raid_fleet(state: GameState, side: str) -> bool:
    """DN-5.2-raid, DN-5.25: at most ``rules.raid_fleets`` raiding fleets per side."""
    return raid_fleets(state, side) < state.scenario.rules.raid_fleets


# --- mission acts, resolved after the battles ------------------------------------------------------


def bombard(state: GameState) -> None:
    """DN-5.2-bombard: bombard and raid fleets that stayed off an enemy port bombard it (house points).

    Not while aborting (DN-5.2-abort), nor after fighting or refuelling this turn (DN-12-nocombat). A
    hidden raider that bombards must reappear (DN-5.2-raid-hidden).
    """
    for fleet in list(state.fleets.values()):
        if fleet.activity != "bombard" or fleet.activity_target is None:
            continue
        port = state.geo.ports.get(fleet.activity_target)
        if fleet.mission not in ("bombard", "raid") or fleet.fought or port is None or fleet.at not in port.zones:
            state.emit("bombardment-cancelled", "DN-5.2-bombard", fleet=fleet.id, side=fleet.side)
            continue
        if fleet.hidden:
            reveal(state, fleet, "bombarded")
        fleet.done_acts.append(f"bombard:{fleet.activity_target}")
        state.emit("bombardment", "DN-5.2-bombard", fleet=fleet.id, side=fleet.side, port=fleet.activity_target)
        state.add_points(fleet.side, state.house.bombardment_vp, "bombardment", "DN-5.2-bombard",
                         fleet=fleet.id)


def search_merchants(state: GameState) -> None:
    """DN-5.2-raid (with its reference to 10.2, not in the seeds): a raiding fleet at sea that searched this
    turn and did not fight rolls 1d6 plus the weather's modifier on the house table ``merchants``; reaching
    the zone kind's number finds and sinks a merchant ship, which scores the table's points and brings a
    hidden raider back on the map (DN-5.2-raid-hidden). A failed search reveals nothing."""
    table = state.house.merchants
    for fleet in list(state.fleets.values()):
        if fleet.activity != "search":
            continue
        if fleet.mission != "raid" or fleet.fought or state.geo.is_port(fleet.at):
            state.emit("merchant-search-cancelled", "DN-5.2-raid", fleet=fleet.id, side=fleet.side)
            continue
        kind = "coastal" if state.geo.is_coastal(fleet.at) else "open"
        roll = d6(state.rng)
        bonus = table.weather[state.weather]
        found = roll + bonus >= table.finds_on[kind]
        state.emit("merchant-search", "house:merchants", fleet=fleet.id, side=fleet.side, zone=fleet.at,
                   roll=roll, modifier=bonus, found=found)
        if not found:
            continue
        if fleet.hidden:
            reveal(state, fleet, "sank-merchant")
        state.emit("merchant-sunk", "DN-5.2-raid", fleet=fleet.id, side=fleet.side, zone=fleet.at)
        state.add_points(fleet.side, table.vp, "merchant", "house:merchants", fleet=fleet.id)


def unload(state: GameState) -> None:
    """DN-5.2-transport: only transport fleets load and unload cargo; unloading in a port other than the
    one it sailed from scores once."""
    for fleet in list(state.fleets.values()):
        if fleet.activity != "unload":
            continue
        if fleet.mission != "transport" or fleet.unloaded or not state.geo.is_port(fleet.at) or \
                fleet.at == fleet.origin:
            state.emit("unload-refused", "DN-5.2-transport", fleet=fleet.id, side=fleet.side)
            continue
        fleet.unloaded = True
        fleet.done_acts.append("unload")
        state.emit("cargo-unloaded", "DN-5.2-transport", fleet=fleet.id, side=fleet.side, port=fleet.at)
        state.add_points(fleet.side, state.house.unload_vp, "cargo", "DN-5.2-transport",
                         fleet=fleet.id)


def reveal(state: GameState, fleet: FleetState, reason: str) -> None:
    """DN-5.2-raid-hidden: the raider's counter returns to the map; it may hide again two turns later."""
    fleet.hidden = False
    fleet.may_hide_from = state.turn + 2
    state.emit("raider-revealed", "DN-5.2-raid-hidden", fleet=fleet.id, side=fleet.side, at=fleet.at, reason=reason)


def may_hide(state: GameState, fleet: FleetState) -> bool:
    """DN-5.2-raid-hidden: a raider on the map may hide once it has moved, at sea, with no enemy fleet in
    its zone, and not within two turns of reappearing."""
    if fleet.mission != "raid" or fleet.hidden or not fleet.has_moved or state.turn < fleet.may_hide_from:
        return False
    if state.geo.is_port(fleet.at):
        return False
    return not any(other.side != fleet.side and not other.hidden and other.at == fleet.at
                   for other in state.fleets.values())


def reveal_raiders(state: GameState) -> None:
    """DN-5.2-raid-hidden: after movement, hidden raiders in port or sharing a zone with a visible enemy
    fleet reappear (repeated, since one reappearing raider may uncover another); two hidden raiders in one
    zone stay unknown to each other. The seed's enemy airships and aircraft would reveal them too; there are
    no such counters, and the status list says so (DN-airships, not played)."""
    changed = True
    while changed:
        changed = False
        for fleet in state.fleets.values():
            if not fleet.hidden:
                continue
            if state.geo.is_port(fleet.at):
                reveal(state, fleet, "entered-port")
                changed = True
            elif any(other.side != fleet.side and not other.hidden and other.at == fleet.at
                     for other in state.fleets.values()):
                reveal(state, fleet, "enemy-in-zone")
                changed = True
