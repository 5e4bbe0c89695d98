"""What must hold after every action of a dreadnought game (the smoke runner checks it).

Fuel and hull boxes within bounds, every afloat ship in exactly one fleet and sunk or grounded ships in none,
no empty fleet, every fleet in a sea zone or a port of the map, and grounded ships in a sea zone.
``whole_state`` checks all of it; ``touched_state`` checks it for what one action touched (``Touched``): the
fleets its decision named, their ships and places. An action that ran on into the turn sequence (movement,
battles, the end of a turn or of the game) is reported ``whole``, so a rule that breaks an invariant is caught
at the action that broke it either way, with the same words.
"""

from __future__ import annotations

from admiralty.engine.api import Touched
from admiralty.rulesets.dreadnought.engine.state import GameState, ShipState


def whole_state(state: GameState) -> list[str]:
    """Every invariant over every fleet and ship."""
    problems: list[str] = []
    holder: dict[str, str] = {}
    ports, zones = state.geo.ports, state.geo.neighbours  # locals: this runs after many actions of every game
    for fleet in state.fleets.values():
        ships = fleet.ships
        if not ships:
            problems.append(f"fleet {fleet.id} has no ships")
        if fleet.at not in ports and fleet.at not in zones:
            problems.append(f"fleet {fleet.id} is at {fleet.at!r}, neither a sea zone nor a port")
        for name in ships:
            if name in holder:
                problems.append(f"{name} is in fleets {holder[name]} and {fleet.id}")
            holder[name] = fleet.id
    for ship in state.ships.values():
        _ship_problems(state, ship, holder.get(ship.ship.name), problems)
    return problems


def touched_state(state: GameState, touched: Touched) -> list[str]:
    """The invariants over ``touched``'s fleets (those still in play) and ships; the whole state when it says
    ``whole``. A ship's fleets are the touched fleets that hold it and the fleet the ship says it is in."""
    if touched.whole:
        return whole_state(state)
    problems: list[str] = []
    fleets = state.fleets
    ports, zones = state.geo.ports, state.geo.neighbours
    for fleet_id in touched.fleets:
        fleet = fleets.get(fleet_id)
        if fleet is None:
            continue  # joined another fleet (which is touched too) or left play
        if not fleet.ships:
            problems.append(f"fleet {fleet.id} has no ships")
        if fleet.at not in ports and fleet.at not in zones:
            problems.append(f"fleet {fleet.id} is at {fleet.at!r}, neither a sea zone nor a port")
    for name in touched.ships:
        ship = state.ships[name]
        holders = _holders(state, touched, name)
        if len(holders) > 1:
            problems.append(f"{name} is in fleets {holders[0]} and {holders[1]}")
        _ship_problems(state, ship, holders[-1] if holders else None, problems)
    return problems


def _holders(state: GameState, touched: Touched, name: str) -> list[str]:
    """The fleets holding ship ``name`` among the touched ones and the one the ship says it is in, in the
    whole-state check's order (the fleets' own)."""
    fleets = state.fleets
    holders = [f for f in touched.fleets if f in fleets and name in fleets[f].ships]
    own = state.ships[name].fleet
    if own is not None and own not in holders and own in fleets and name in fleets[own].ships:
        holders.insert(0, own)
    if len(holders) > 1:
        holders.sort(key=list(fleets).index)
    return holders


def _ship_problems(state: GameState, ship: ShipState, held_by: str | None, problems: list[str]) -> None:
    """One ship's bounds, its place in a fleet (``held_by``: the fleet holding it, if any) and where it ran
    aground."""
    record = ship.ship
    cls, name, grounded = record.cls, record.name, ship.grounded_at
    if not 0 <= ship.fuel <= cls.fuel_boxes:
        problems.append(f"{name} has {ship.fuel} fuel boxes of {cls.fuel_boxes}")
    if not 0 <= ship.hull <= cls.hull:
        problems.append(f"{name} has {ship.hull} hull boxes of {cls.hull}")
    afloat = not ship.sunk and grounded is None
    if afloat != (held_by is not None):
        problems.append(f"{name} is {'afloat' if afloat else 'lost'} but "
                        f"{'in no fleet' if afloat else 'still in fleet ' + str(held_by)}")
    if grounded is not None and grounded not in state.geo.neighbours:
        problems.append(f"{name} is grounded at {grounded!r}, not a sea zone")
