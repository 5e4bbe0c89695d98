"""Damage, sinking and grounding of ships, shared by mines, weather and battles.

A ship that sinks scores its victory points for the enemy at once; a grounded ship scores only at the end
of the scenario (DN-7.44, ``victory.py``). Either way it leaves its fleet, and a fleet with no ship left is
removed from the map.
"""

from __future__ import annotations

from admiralty.rulesets.dreadnought.engine.state import FleetState, GameState, ShipState


def damage_ship(state: GameState, ship: ShipState, boxes: int, cause: str, rule: str) -> None:
    """Cross out ``boxes`` hull boxes; the ship sinks when none is left."""
    if not ship.afloat or boxes <= 0:
        return
    ship.hull = max(0, ship.hull - boxes)
    state.emit("ship-damaged", rule, ship=ship.name, side=ship.side, boxes=boxes, hull=ship.hull, cause=cause)
    if ship.hull == 0:
        sink_ship(state, ship, cause, rule)


def sink_ship(state: GameState, ship: ShipState, cause: str, rule: str) -> None:
    """The ship sinks: it leaves its fleet and the enemy scores its victory points."""
    if ship.sunk:
        return
    was_grounded = ship.grounded_at is not None
    ship.sunk = True
    ship.grounded_at = None
    ship.hull = 0
    if not was_grounded:
        _leave_fleet(state, ship)
    state.emit("ship-sunk", rule, ship=ship.name, side=ship.side, cause=cause)
    state.add_points(state.enemy(ship.side), float(ship.cls.victory_points), "sunk", rule, ship=ship.name)


def ground_ship(state: GameState, ship: ShipState, zone: str, deliberate: bool, cause: str, rule: str) -> None:
    """The ship runs aground in ``zone`` (DN-7.42, DN-7.44): it leaves its fleet but keeps its fleet id so
    that it may rejoin on refloating (DN-7.43)."""
    if not ship.afloat:
        return
    _leave_fleet(state, ship)
    ship.grounded_at = zone
    ship.deliberate = deliberate
    state.emit("ship-grounded", rule, ship=ship.name, side=ship.side, zone=zone, deliberate=deliberate, cause=cause)


def _leave_fleet(state: GameState, ship: ShipState) -> None:
    fleet = state.fleets.get(ship.fleet or "")
    if fleet is not None and ship.name in fleet.ships:
        fleet.ships.remove(ship.name)
        if not fleet.ships:
            remove_fleet(state, fleet, "no-ships-left")


def remove_fleet(state: GameState, fleet: FleetState, reason: str) -> None:
    del state.fleets[fleet.id]
    state.emit("fleet-removed", "DN-5.25", fleet=fleet.id, side=fleet.side, reason=reason)
