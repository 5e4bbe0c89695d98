"""Mine warfare (DN-13): minefields along zone borders, struck when crossed, laid and swept in play.

Fields are placed by the scenario or laid by minelay fleets (or raid fleets with minelayers,
DN-5.2-minelay) and found and cleared by minesweep fleets (DN-5.2-minesweep). The chances are the house
mine table; the owner's fleets know the safe channels and never strike their own fields.
"""

from __future__ import annotations

from collections.abc import Sequence

from admiralty.engine.dice import d6
from admiralty.rulesets.dreadnought.engine.losses import damage_ship
from admiralty.rulesets.dreadnought.engine.missions import is_minelayer, is_minesweeper
from admiralty.rulesets.dreadnought.engine.state import FleetState, GameState, MinefieldState, ShipState


def border(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def field_on(state: GameState, a: str, b: str) -> MinefieldState | None:
    key = border(a, b)
    for field in state.minefields:
        if field.between == key and field.strength > 0:
            return field
    return None


def cross(state: GameState, fleet: FleetState, a: str, b: str, rolls: Sequence[int] | None = None) -> None:
    """DN-13: crossing an enemy field, each ship rolls 1d6 per strength point; a hit costs hull boxes and
    the crossing side learns of the field. ``rolls`` lets tests inject the dice."""
    field = field_on(state, a, b)
    if field is None or field.owner == fleet.side:
        return
    strike = state.house.mines
    dice = iter(rolls) if rolls is not None else None
    if fleet.side not in field.known_to:
        field.known_to = sorted([*field.known_to, fleet.side])
    state.emit("minefield-crossed", "DN-13", fleet=fleet.id, side=fleet.side, between=list(field.between))
    for ship in list(state.ships_of(fleet)):
        for _ in range(field.strength):
            roll = next(dice) if dice is not None else d6(state.rng)
            if roll >= strike.hits_on:
                state.emit("mine-hit", "DN-13", ship=ship.name, side=ship.side, roll=roll)
                damage_ship(state, ship, strike.damage, "mine", "DN-13")
                if not ship.afloat:
                    break


def lay(state: GameState, fleet: FleetState, other: str) -> bool:
    """DN-5.2-minelay: a minelay fleet (or a raid fleet with minelayers) lays a field on the border between
    its zone and ``other``, using one load of one minelayer (house loads)."""
    rules = state.scenario.rules
    if fleet.mission not in ("minelay", "raid") or state.geo.is_port(fleet.at):
        return False
    if other not in state.geo.neighbours.get(fleet.at, ()) or field_on(state, fleet.at, other) is not None:
        return False
    layers = [s for s in state.ships_of(fleet) if is_minelayer(s, rules) and s.mine_loads > 0]
    if not layers:
        return False
    layers[0].mine_loads -= 1
    field = MinefieldState(border(fleet.at, other), fleet.side, state.house.mines.lay_strength,
                           [fleet.side])
    state.minefields.append(field)
    fleet.done_acts.append(f"lay:{other}")
    state.emit("minefield-laid", "DN-5.2-minelay", fleet=fleet.id, side=fleet.side, between=list(field.between),
               minelayer=layers[0].name)
    return True


def sweep(state: GameState, fleet: FleetState, rolls: Sequence[int] | None = None) -> None:
    """DN-5.2-minesweep: each sweeper rolls for each enemy field on the borders of its zone: high enough
    finds it, higher still removes a strength point (house mine table)."""
    sweepers = [s for s in state.ships_of(fleet) if is_minesweeper(s, state.scenario.rules)]
    dice = iter(rolls) if rolls is not None else None
    zone = fleet.at
    for field in state.minefields:
        if zone not in field.between or field.owner == fleet.side or field.strength <= 0:
            continue
        for sweeper in sweepers:
            roll = next(dice) if dice is not None else d6(state.rng)
            _sweep_roll(state, fleet, field, sweeper, roll)
    state.minefields = [field for field in state.minefields if field.strength > 0]


def _sweep_roll(state: GameState, fleet: FleetState, field: MinefieldState, sweeper: ShipState, roll: int) -> None:
    """DN-5.2-minesweep, house mine table: one sweeper's ``roll`` against one field finds it (if its side did
    not know it) and may clear a strength point."""
    table = state.house.mines
    if roll >= table.finds_on and fleet.side not in field.known_to:
        field.known_to = sorted([*field.known_to, fleet.side])
        state.emit("minefield-found", "DN-5.2-minesweep", fleet=fleet.id, side=fleet.side,
                   between=list(field.between), sweeper=sweeper.name)
    if roll >= table.clears_on and field.strength > 0:
        field.strength -= 1
        state.emit("minefield-swept", "DN-5.2-minesweep", fleet=fleet.id, side=fleet.side,
                   between=list(field.between), strength=field.strength, sweeper=sweeper.name)


def mine_warfare(state: GameState) -> None:
    """After movement: fleets that stayed to sweep or lay do so (DN-5.2-minesweep, DN-5.2-minelay)."""
    for fleet in list(state.fleets.values()):
        if fleet.activity == "sweep":
            if fleet.mission == "minesweep" and not state.geo.is_port(fleet.at):
                sweep(state, fleet)
            else:
                state.emit("sweep-refused", "DN-5.2-minesweep", fleet=fleet.id, side=fleet.side)
        elif fleet.activity == "lay" and fleet.activity_target is not None and not lay(
                state, fleet, fleet.activity_target):
            state.emit("lay-refused", "DN-5.2-minelay", fleet=fleet.id, side=fleet.side, to=fleet.activity_target)
