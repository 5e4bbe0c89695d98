"""Towing on the operational map (DN-12-exhaust with 11.2, which the seeds do not give: house table ``towing``).

A ship whose fuel boxes are all crossed out has lost way: it cannot move but may be towed. A fleet moves with
such ships only when each has a tug of its own in the fleet (a ship under way; ``tows_per_ship`` ships in tow
at most per tug); it then enters at most ``zones_per_turn`` zones and each tug burns ``fuel_factor`` times its
fuel units, the ships in tow burning none. Without enough tugs the fleet cannot move, but any fleet may leave
a ship that lost way behind as a fleet of its own (``leave_behind``).
"""

from __future__ import annotations

from admiralty.rulesets.dreadnought.engine.missions import may_add_raid_fleet
from admiralty.rulesets.dreadnought.engine.state import FleetState, GameState, ShipState


def tows(state: GameState, ships: list[ShipState]) -> dict[str, str] | None:
    """DN-12-exhaust, house towing: each ship that lost way (in list order) -> its tug, the ships under way
    in list order each taking up to ``tows_per_ship``; ``None`` when some ship cannot be taken in tow."""
    per_tug = state.house.towing.tows_per_ship
    tugs = [s.name for s in ships if not s.lost_way for _ in range(per_tug)]
    dry = [s.name for s in ships if s.lost_way]
    if len(dry) > len(tugs):
        return None
    return dict(zip(dry, tugs, strict=False))


def fuel_factors(state: GameState, pairs: dict[str, str]) -> dict[str, int]:
    """House towing: how many times its fuel units each ship burns (tugs the table's factor, ships in tow 0)."""
    factor = state.house.towing.fuel_factor
    out = dict.fromkeys(pairs, 0)
    out.update(dict.fromkeys(pairs.values(), factor))
    return out


def may_leave(state: GameState, fleet: FleetState, counters: int | None = None) -> list[str]:
    """DN-12-exhaust: the ships that lost way which the fleet (of any mission) may leave behind, while a fleet
    counter is free (DN-5.25) and the fleet keeps a ship. ``counters``: the side's counters in use, when the
    caller has counted them already."""
    if fleet.is_collier_group or len(fleet.ships) < 2:
        return []
    lost = [n for n in fleet.ships if state.ships[n].lost_way]
    if not lost:  # the usual case: nothing to leave, whatever the counters
        return []
    if (state.counters(fleet.side) if counters is None else counters) >= state.house.fleet_counters:
        return []
    return lost


def leave_behind(state: GameState, fleet: FleetState, name: str, new_id: str) -> FleetState:
    """DN-12-exhaust: ``name`` stays where it is as a fleet of its own, with the fleet's mission (a raider
    over the raid-fleet limit aborts) and no written orders, until it is refuelled or towed."""
    mission = fleet.mission
    if mission == "raid" and not may_add_raid_fleet(state, fleet.side):
        mission = "abort"
    new = FleetState(id=new_id, side=fleet.side, mission=mission, ships=[name], at=fleet.at,
                     escorts=fleet.escorts, hidden=fleet.hidden, has_moved=fleet.has_moved,
                     may_hide_from=fleet.may_hide_from, port_turns=fleet.port_turns,
                     start_of_turn=fleet.start_of_turn, origin=fleet.origin)
    fleet.ships = [n for n in fleet.ships if n != name]
    state.ships[name].fleet = new.id
    state.fleets[new.id] = new
    state.emit("ship-left-behind", "DN-12-exhaust", fleet=fleet.id, new_fleet=new.id, side=fleet.side, ship=name,
               mission=mission)
    return new
