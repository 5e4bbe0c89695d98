"""The weather phase (house weather table) and refloating grounded ships (DN-7.43).

The scenario may list each turn's weather; otherwise 2d6 on the house table gives it. In the weather
phase each grounded ship that did not ground deliberately rolls to refloat; then, only when a scenario turns on
the invented house rule ``options.storm_grounding``, a storm may drive ships at sea near a coast aground.
"""

from __future__ import annotations

from admiralty.engine.dice import d6, half_up, two_d6
from admiralty.rulesets.dreadnought.engine.losses import damage_ship, ground_ship
from admiralty.rulesets.dreadnought.engine.missions import may_add_raid_fleet
from admiralty.rulesets.dreadnought.engine.orders import new_fleet_id, start_abort
from admiralty.rulesets.dreadnought.engine.state import FleetState, GameState, ShipState


def weather_phase(state: GameState) -> None:
    """Set this turn's weather, refloat grounded ships, then ground ships caught by a storm."""
    listed = state.scenario.weather
    if listed is not None and state.turn <= len(listed):
        state.weather = listed[state.turn - 1]
        state.emit("weather", "house:weather", weather=state.weather, listed=True)
    else:
        roll = two_d6(state.rng)
        state.weather = state.house.weather.for_roll(roll)
        state.emit("weather", "house:weather", weather=state.weather, roll=roll)
    for ship in list(state.ships.values()):
        if ship.grounded_at is not None and not ship.deliberate and not ship.sunk:
            refloat(state, ship, d6(state.rng))
    storm_grounding(state)


def refloat(state: GameState, ship: ShipState, roll: int, damage_roll: int | None = None) -> bool:
    """DN-7.43: a 1 refloats; the owner then rolls again and loses half the roll (rounded up) in hull
    boxes, +1 to the roll if the ship is unarmoured. Deliberately grounded ships never refloat (DN-7.44)."""
    table = state.house.refloat
    if ship.deliberate or ship.grounded_at is None or roll != table.refloats_on:
        return False
    zone = ship.grounded_at
    second = damage_roll if damage_roll is not None else d6(state.rng)
    if not ship.cls.armoured:
        second += table.unarmoured_modifier
    ship.grounded_at = None
    state.emit("ship-refloated", "DN-7.43", ship=ship.name, side=ship.side, zone=zone, damage_roll=second)
    fleet = _rejoin(state, ship, zone)
    damage_ship(state, ship, half_up(second), "refloating", "DN-7.43")
    if fleet.id in state.fleets and not fleet.ships:
        del state.fleets[fleet.id]
    return True


def _rejoin(state: GameState, ship: ShipState, zone: str) -> FleetState:
    """A refloated ship rejoins its fleet if that fleet is in the zone; otherwise it forms a fleet of its
    own. The seeds say nothing more: that fleet keeps the old fleet's mission (escorting what it escorted;
    a raider over the raid-fleet limit, or a ship whose fleet is gone, aborts). The invented house rule that
    it always aborts to the nearest friendly port is the option ``options.refloat_abort``, off by default."""
    old = state.resolve_fleet(ship.fleet) if ship.fleet else None
    if old is not None and old.at == zone:
        old.ships.append(ship.name)
        ship.fleet = old.id
        return old
    mission, escorts = "abort", None
    if old is not None and not state.house.options.refloat_abort:
        mission, escorts = old.mission, old.escorts
        if mission == "raid" and not may_add_raid_fleet(state, ship.side):
            mission, escorts = "abort", None
    fleet = FleetState(id=new_fleet_id(state, ship.fleet or "refloated"), side=ship.side, mission=mission,
                       ships=[ship.name], at=zone, start_of_turn=zone, escorts=escorts)
    state.fleets[fleet.id] = fleet
    ship.fleet = fleet.id
    state.emit("fleet-formed", "DN-7.43", fleet=fleet.id, side=ship.side, ships=[ship.name], at=zone,
               mission=mission)
    if mission == "abort":
        start_abort(state, fleet, None, state.turn)
    return fleet


def storm_grounding(state: GameState) -> None:
    """House (after DN-7.42), an invented rule off unless ``options.storm_grounding``: in the listed
    weather, each ship at sea in a coastal zone rolls 2d6, +1 for a capital ship that is not shallow-draft;
    shallow-draft light ships never ground."""
    table = state.house.weather.storm_grounding
    if not state.house.options.storm_grounding or state.weather not in table.states:
        return
    for fleet in list(state.fleets.values()):
        zone = fleet.at
        if state.geo.is_port(zone) or state.geo.kinds.get(zone, "open") != table.zone_kind:
            continue
        for ship in list(state.ships_of(fleet)):
            if ship.cls.shallow_draft and not ship.cls.is_capital:
                continue
            roll = two_d6(state.rng)
            bonus = table.capital_modifier if ship.cls.is_capital and not ship.cls.shallow_draft else 0
            if roll + bonus >= table.grounds_on:
                ground_ship(state, ship, zone, False, "storm", "house:weather")
