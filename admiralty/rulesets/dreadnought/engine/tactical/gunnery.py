"""Gunnery (7.5): who may fire at whom, the dice, the modifiers, and the simultaneous gunnery step.

A ship fires at one enemy ship it sees and that is within the range of at least one of its gun classes
(DN-7.5a; ranges are the house table 7.6). The initiative player declares all his targets and rolls them,
then the other player does the same; the damage of both waits until both have fired (DN-7.5b). Each gun
class in range rolls one die per factor, primary first, then secondary, then tertiary; a die hits at 6 or
more, +1 each for an elite (italic) firing ship, a target in the same or an adjacent hex, a target that
has lost way, and a target towing or in tow (DN-7.5c). Every hit rolls on the damage table (DN-7.5d). A
bombard fleet's ships fire each gun class at half, rounding down, in the first step in which they fire at
ships (DN-5.2-bombard).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from admiralty.engine.dice import d6
from admiralty.rulesets.dreadnought.engine.battle_tables import GUN_CLASSES, GunneryTable
from admiralty.rulesets.dreadnought.engine.tactical import damage
from admiralty.rulesets.dreadnought.engine.tactical.detection import seen_within
from admiralty.rulesets.dreadnought.engine.tactical.hexes import distance
from admiralty.rulesets.dreadnought.engine.tactical.state import Field, Unit

Declare = damage.Declare
"""A side's choice of targets: ``(side, {ship: its legal targets}) -> {ship: target}``."""


def hit_modifier(*, italic: bool, distance: int, lost_way: bool, towing: bool, table: GunneryTable) -> int:
    """DN-7.5c: +1 each for an italic firing ship, a target in the same or an adjacent hex, a target that
    has lost way, a target towing or being towed."""
    modifier = table.italic_modifier if italic else 0
    if distance <= table.close_range:
        modifier += table.close_modifier
    if lost_way:
        modifier += table.lost_way_modifier
    if towing:
        modifier += table.towing_modifier
    return modifier


def count_hits(rolls: Sequence[int], modifier: int, hits_on: int = 6) -> int:
    """DN-7.5c: the dice that score ``hits_on`` (6) or more with ``modifier`` added.

    >>> count_hits([1, 1, 2, 3, 3, 4, 6, 6], 0)   # Viribus Unitus's primary battery in the seed's example
    2
    """
    return sum(1 for roll in rolls if roll + modifier >= hits_on)


def fire_factors(unit: Unit, table: GunneryTable) -> dict[str, int]:
    """The factors ``unit`` fires with now; DN-5.2-bombard: halved per gun class, rounding down, in the
    first step in which a bombard fleet's ship fires at ships."""
    guns = unit.guns()
    if unit.halve_next:
        divisor = table.bombard_divisor
        return {k: v // divisor for k, v in guns.items()}
    return guns


def classes_in_range(factors: Mapping[str, int], hexes: int, ranges: Mapping[str, int]) -> list[str]:
    """The gun classes with factors left whose range reaches ``hexes`` (house:ranges)."""
    return [k for k in GUN_CLASSES if factors[k] > 0 and hexes <= ranges[k]]


def may_fire(unit: Unit) -> bool:
    """A ship on the map that is allowed to fight (DN-12-nocombat) and has guns left."""
    return unit.on_map and unit.can_fire and (unit.primary + unit.secondary + unit.tertiary) > 0


def legal_targets(state: Field, unit: Unit, enemies: Sequence[Unit] | None = None) -> list[Unit]:
    """DN-7.5a: the enemy ships ``unit`` sees that one of its gun classes reaches: a gun class reaches a target
    when the longest-ranged class with factors left does (the same test as ``classes_in_range`` being
    non-empty; the unit is on the map, as ``may_fire`` checked)."""
    if not may_fire(unit):
        return []
    factors = fire_factors(unit, state.tables.gunnery)
    ranges = state.tables.ranges
    return seen_within(state, unit, max((ranges[k] for k in GUN_CLASSES if factors[k] > 0), default=-1),
                       enemies)


def fire(state: Field, shooter: Unit, target: Unit, pending: damage.Pending) -> int:
    """DN-7.5c, DN-7.5d: ``shooter`` fires every gun class in range at ``target``; hits go to ``pending``."""
    table = state.tables.gunnery
    hexes = distance(shooter.at, target.at)
    factors = fire_factors(shooter, table)
    halved = shooter.halve_next
    modifier = hit_modifier(italic=shooter.italic, distance=hexes, lost_way=target.lost_way,
                            towing=target.tow is not None, table=table)
    hits_on = table.hits_on
    dice: dict[str, list[int]] = {}
    total = 0
    parts = []
    for gun_class in classes_in_range(factors, hexes, state.tables.ranges):
        rolls = [d6(state.dice) for _ in range(factors[gun_class])]
        hits = count_hits(rolls, modifier, hits_on)
        dice[gun_class] = rolls
        total += hits
        parts.append(f"{gun_class} {len(rolls)} dice {','.join(map(str, rolls))}: {hits} hit{'s' * (hits != 1)}")
    shooter.halve_next = False
    shooter.flash = state.step
    state.note("gunnery", f"{shooter.name} fires at {target.name} ({hexes} hex{'es' * (hexes != 1)}, "
               f"{'halved, ' if halved else ''}hits on {hits_on - modifier}+): {'; '.join(parts)}",
               ship=shooter.name, target=target.name, range=hexes, modifier=modifier, dice=dice, hits=total)
    for _ in range(total):
        damage.gunnery_hit(state, target, pending)
    return total


def gunnery_step(state: Field, declare: Declare) -> None:
    """DN-7.5b: the initiative side declares and fires, then the other side; then all damage applies."""
    state.step += 1
    damage.simultaneous_step(state, declare, legal_targets, fire)
