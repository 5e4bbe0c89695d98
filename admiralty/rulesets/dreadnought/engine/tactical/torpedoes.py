"""Torpedoes (7.7 is not in the seeds; a house table): the torpedo step after gunnery.

A ship with its torpedoes ready may fire them once at an enemy ship it sees within torpedo range: one
1d6 per torpedo factor, hitting at 6 or more (+1 at night, +1 for a target in the same or an adjacent hex,
+1 for a target that has lost way); each hit destroys the table's hull boxes and a tanker hit may explode
(DN-12.64). Firing spends the ship's torpedoes until it rearms in port (DN-12-rearm). As in gunnery, the
initiative side fires first and all damage applies after both sides have fired.
"""

from __future__ import annotations

from collections.abc import Sequence

from admiralty.engine.dice import d6
from admiralty.rulesets.dreadnought.engine.battle_tables import TorpedoTable
from admiralty.rulesets.dreadnought.engine.tactical import damage
from admiralty.rulesets.dreadnought.engine.tactical.detection import seen_within
from admiralty.rulesets.dreadnought.engine.tactical.gunnery import Declare
from admiralty.rulesets.dreadnought.engine.tactical.hexes import distance
from admiralty.rulesets.dreadnought.engine.tactical.state import Field, Unit


def torpedo_modifier(*, night: bool, distance: int, lost_way: bool, table: TorpedoTable,
                     close_range: int = 1) -> int:
    """house:torpedoes: +1 at night, +1 in the same or an adjacent hex, +1 against a ship that lost way."""
    modifier = table.night_modifier if night else 0
    if distance <= close_range:
        modifier += table.close_modifier
    if lost_way:
        modifier += table.lost_way_modifier
    return modifier


def may_launch(unit: Unit) -> bool:
    """A ship on the map, allowed to fight, with torpedoes ready and a torpedo factor left."""
    return unit.on_map and unit.can_fire and unit.torpedoes_ready and unit.torpedo > 0


def torpedo_targets(state: Field, unit: Unit, enemies: Sequence[Unit] | None = None) -> list[Unit]:
    """The enemy ships ``unit`` sees within torpedo range (``enemies``: as ``seen_within``'s)."""
    if not may_launch(unit):
        return []
    return seen_within(state, unit, state.tables.torpedoes.range, enemies)  # on the map: ``may_launch``


def launch(state: Field, shooter: Unit, target: Unit, pending: damage.Pending) -> int:
    """Fire ``shooter``'s torpedoes at ``target``; they are spent (DN-12-rearm)."""
    table = state.tables.torpedoes
    hexes = distance(shooter.at, target.at)
    modifier = torpedo_modifier(night=state.night, distance=hexes, lost_way=target.lost_way, table=table,
                                close_range=state.tables.gunnery.close_range)
    rolls = [d6(state.dice) for _ in range(shooter.torpedo)]
    hits = sum(1 for roll in rolls if roll + modifier >= table.hits_on)
    shooter.torpedoes_ready = False
    shooter.torpedoes_fired = True
    state.note("torpedoes", f"{shooter.name} fires torpedoes at {target.name} ({hexes} hexes, hits on "
               f"{table.hits_on - modifier}+): {len(rolls)} dice {','.join(map(str, rolls))}: "
               f"{hits} hit{'s' * (hits != 1)}", ship=shooter.name, target=target.name, dice=rolls, hits=hits)
    for _ in range(hits):
        damage.torpedo_hit(state, target, pending)
    return hits


def torpedo_step(state: Field, declare: Declare) -> None:
    """The torpedo step: the initiative side, then the other; damage applies after both."""
    damage.simultaneous_step(state, declare, torpedo_targets, launch, apply_when_idle=False)
