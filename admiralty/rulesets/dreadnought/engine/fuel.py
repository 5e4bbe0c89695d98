"""Fuel (DN-12): spending it on the move, losing way, refuelling in port, colliers, tankers, rearming.

House fuel table: every sea zone a ship enters burns fuel units (the second zone of a turn, at best speed,
burns extra); every ``units_per_box`` units cross out one fuel box, so a ship keeps the units of the box it
is burning (``ShipState.steam``). Entering a port is free. A ship with every box crossed out has lost way
(DN-12-exhaust). The fuel phase, after the battles, restores fuel to fleets that spent the whole turn
refuelling and were not attacked (DN-12-nocombat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from admiralty.rulesets.dreadnought.engine.house import FuelTable
from admiralty.rulesets.dreadnought.engine.state import FleetState, GameState, ShipState


def step_units(table: FuelTable, ship: ShipState, index: int) -> int:
    """House fuel table: units ``ship`` burns on the ``index``-th (0-based) zone it enters this turn."""
    kind = ship.cls.fuel_kind
    units = table.per_zone[ship.speed][kind]
    if index >= 1:
        units += table.second_zone_extra[kind]
    return units


def units_for(state: GameState, ship: ShipState, index: int) -> int:
    """``step_units`` through the game's memo: the answer depends only on the ship's speed and fuel kind and
    on whether this is its first zone of the turn, and the tables do not change during a game."""
    key = (ship.speed_rank_now, ship.cls.fuel_kind, index >= 1)  # the rank: ``speed`` is a look-up more
    found = state.fuel_units.get(key)
    if found is None:
        found = state.fuel_units[key] = step_units(state.house.fuel, ship, index)
    return found


def move_units(table: FuelTable, ship: ShipState, zones: int) -> int:
    """Units for entering ``zones`` zones in one turn."""
    return sum(step_units(table, ship, i) for i in range(zones))


def boxes_crossed(table: FuelTable, ship: ShipState, units: int) -> int:
    """Fuel boxes ``units`` more units would cross out, given the units already burnt from the current box."""
    return (ship.steam + units) // table.units_per_box


def affordable_steps(state: GameState, ships: Sequence[ShipState], steps: Sequence[str],
                     factors: Mapping[str, int] | None = None) -> int:
    """DN-12-exhaust: how many of ``steps`` every ship has the fuel for (a ship must have the fuel for its
    planned move; it may burn its last box doing so; a port step is free). ``factors`` multiplies a ship's
    units (house towing: a tug burns more, a ship in tow, factor 0, burns nothing and needs no fuel)."""
    factors = factors or {}
    ships = [ship for ship in ships if factors.get(ship.name, 1) > 0] if factors else list(ships)
    burnt = [0] * len(ships)  # units each ship has burnt so far this move
    per_box = state.house.fuel.units_per_box
    zone_index = 0
    for count, step in enumerate(steps):
        if state.geo.is_port(step):
            continue
        for number, ship in enumerate(ships):
            burnt[number] += units_for(state, ship, zone_index) * (factors.get(ship.name, 1) if factors else 1)
            if ship.fuel <= 0 or (ship.steam + burnt[number]) // per_box > ship.fuel:  # boxes_crossed
                return count
        zone_index += 1
    return len(steps)


def burn(state: GameState, ship: ShipState, units: int) -> None:
    """Burn ``units``; each full box of units crosses out a fuel box; at zero the ship loses way."""
    if units <= 0 or ship.fuel <= 0:
        return
    per_box = state.house.fuel.units_per_box
    ship.steam += units
    crossed, ship.steam = divmod(ship.steam, per_box)
    if crossed:
        ship.fuel = max(0, ship.fuel - crossed)
        if ship.fuel == 0:
            ship.steam = 0
            state.emit("lost-way", "DN-12-exhaust", ship=ship.name, side=ship.side)


def _restore(state: GameState, ship: ShipState, boxes: int, rule: str, source: str) -> int:
    gained = max(0, min(boxes, ship.cls.fuel_boxes - ship.fuel))
    if gained:
        ship.fuel += gained
        state.emit("refuelled", rule, ship=ship.name, side=ship.side, boxes=gained, fuel=ship.fuel, source=source)
    return gained


def is_american(state: GameState, ship: ShipState) -> bool:
    """DN-12.54: an American collier in a scenario after 1920 (or with the scenario's switch on)."""
    american = state.house.refuel.american
    if ship.ship.nation not in american.nations or ship.cls.type != "collier":
        return False
    year = int(state.scenario.date[:4]) if state.scenario.date[:4].isdigit() else 0
    return state.scenario.rules.american_colliers_after_1920 or year > american.after_year


def port_rate(state: GameState, ship: ShipState) -> int:
    """DN-12-port, DN-12.52, DN-12.54, DN-12.62: boxes restored per full turn in a friendly port."""
    refuel = state.house.refuel
    base = refuel.port[ship.cls.fuel_kind]
    if ship.cls.type == "collier":
        if is_american(state, ship):
            return refuel.american.collier_port
        return refuel.collier_rate * refuel.collier_port_multiplier
    if ship.cls.type == "tanker":
        return refuel.tanker_rate * refuel.tanker_port_multiplier
    return base


def supply_rate(state: GameState, supplier: ShipState) -> int:
    """DN-12.5, DN-12.54, DN-12.6: boxes a collier or tanker gives one ship per full turn."""
    refuel = state.house.refuel
    if supplier.cls.type == "tanker":
        return refuel.tanker_rate
    if is_american(state, supplier):
        return refuel.american.collier_rate
    return refuel.collier_rate


def full_turn_in_place(fleet: FleetState) -> bool:
    return fleet.start_of_turn == fleet.at and not fleet.path


def refuel_in_port(state: GameState) -> None:
    """DN-12-port: "refuel" for a full turn in a friendly port the scenario lets the side use; any number of
    ships refuel in one port. DN-12-nocombat: a fleet attacked this turn gets nothing."""
    for fleet in list(state.fleets.values()):
        if fleet.activity != "refuel":
            continue
        if fleet.at not in state.geo.refuel_ports[fleet.side] or not full_turn_in_place(fleet):
            state.emit("refuel-refused", "DN-12-port", fleet=fleet.id, side=fleet.side, at=fleet.at)
            continue
        if fleet.fought:
            state.emit("refuel-lost", "DN-12-nocombat", fleet=fleet.id, side=fleet.side)
            continue
        for ship in state.ships_of(fleet):
            _restore(state, ship, port_rate(state, ship), "DN-12-port", fleet.at)


def supply_at_sea(state: GameState) -> None:
    """DN-12.5, DN-12.51, DN-12.6, DN-12.61: "coal" (or "oil") for a full turn in a coastal zone with a
    friendly collier (or tanker) that also stayed: each supplier fuels one ship, each ship takes from one
    supplier, and the supplier crosses out the boxes it gives."""
    used: set[str] = set()
    for fleet in list(state.fleets.values()):
        if fleet.activity in ("coal", "oil") and _may_take_supply(state, fleet):
            _take_supply(state, fleet, used)


def _may_take_supply(state: GameState, fleet: FleetState) -> bool:
    """DN-12.5, DN-12.6: a full turn in a coastal zone (not a port); DN-12-nocombat: not attacked."""
    rule = "DN-12.5" if fleet.activity == "coal" else "DN-12.6"
    if state.geo.is_port(fleet.at) or not state.geo.is_coastal(fleet.at) or not full_turn_in_place(fleet):
        state.emit("supply-refused", rule, fleet=fleet.id, side=fleet.side, at=fleet.at)
        return False
    if fleet.fought:
        state.emit("refuel-lost", "DN-12-nocombat", fleet=fleet.id, side=fleet.side)
        return False
    return True


def _staying_friends(state: GameState, fleet: FleetState) -> list[FleetState]:
    """The side's fleets (``fleet`` too) that spent the whole turn where ``fleet`` is, not attacked."""
    return [other for other in state.fleets.values()
            if other.side == fleet.side and other.at == fleet.at and full_turn_in_place(other) and not other.fought]


def _take_supply(state: GameState, fleet: FleetState, used: set[str]) -> None:
    """DN-12.51, DN-12.61: each ship short of fuel takes from one supplier not ``used`` yet this turn."""
    fuel_kind, supplier_type = ("coal", "collier") if fleet.activity == "coal" else ("oil", "tanker")
    rule = "DN-12.5" if fuel_kind == "coal" else "DN-12.6"
    suppliers = [ship for other in _staying_friends(state, fleet) for ship in state.ships_of(other)
                 if ship.cls.type == supplier_type and ship.fuel > 0 and ship.name not in used]
    takers = [ship for ship in state.ships_of(fleet)
              if ship.cls.fuel_kind == fuel_kind and ship.fuel < ship.cls.fuel_boxes
              and ship.cls.type != supplier_type]
    for taker, supplier in zip(takers, suppliers, strict=False):
        used.add(supplier.name)
        boxes = min(supply_rate(state, supplier), supplier.fuel)
        gained = _restore(state, taker, boxes, rule, supplier.name)
        supplier.fuel -= gained
        state.emit("supplied", "DN-12.51" if fuel_kind == "coal" else "DN-12.61", supplier=supplier.name,
                   ship=taker.name, boxes=gained, supplier_fuel=supplier.fuel)


def port_time(state: GameState) -> None:
    """Count full turns in a friendly port (DN-5.22, DN-12-rearm) and rearm after three (DN-12-rearm)."""
    rearm_turns = state.house.refuel.rearm_turns
    for fleet in state.fleets.values():
        in_port = fleet.at in state.geo.friendly_ports[fleet.side]
        if in_port and full_turn_in_place(fleet) and not fleet.fought:
            fleet.port_turns += 1
        elif not in_port or fleet.start_of_turn != fleet.at:
            fleet.port_turns = 0
        if fleet.port_turns >= rearm_turns:
            for ship in state.ships_of(fleet):
                if ship.torpedoes_spent:
                    ship.torpedoes_spent = False
                    state.emit("rearmed", "DN-12-rearm", ship=ship.name, side=ship.side, port=fleet.at)


def fuel_phase(state: GameState) -> None:
    """The fuel phase: port refuelling, supply at sea, then port time and rearming."""
    refuel_in_port(state)
    supply_at_sea(state)
    port_time(state)
