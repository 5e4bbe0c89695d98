"""Damage (8.0): the gunnery damage table (DN-7.5d), tankers blowing up (DN-12.64), and the rule that all
damage of a step takes effect together once both sides have fired (DN-7.5b).

Each hit is rolled on the table at once, but its effects wait in a ``Pending`` record until ``apply`` runs
after the step: a ship that loses a primary factor in the first gunnery step still fires all of them in
that step (the Courbet example) and one fewer in the next.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from admiralty.engine.dice import d6, roll
from admiralty.rulesets.dreadnought.engine.battle_tables import DamageRow, GunneryDamageTable, GunneryTable
from admiralty.rulesets.dreadnought.engine.tactical.state import Field, Unit

LOSSES: tuple[str, ...] = ("primary", "secondary", "tertiary", "torpedo")


@dataclass
class Effect:
    """What the hits of one step will do to one ship."""

    hull: int = 0
    primary: int = 0
    secondary: int = 0
    tertiary: int = 0
    torpedo: int = 0
    speed: int = 0
    lost_way: bool = False
    explodes: bool = False


@dataclass(eq=False)
class Pending:
    """Damage scored in a step and not yet applied, by ship name (in the order the hits came)."""

    effects: dict[str, Effect] = field(default_factory=dict)

    def on(self, name: str) -> Effect:
        found = self.effects.get(name)
        if found is None:
            found = self.effects[name] = Effect()
        return found


def damage_row(roll: int, table: GunneryDamageTable) -> DamageRow:
    """DN-7.5d: the row of the (house) gunnery damage table for a 2d6 ``roll``."""
    return table.row(roll)


def tanker_explodes(roll: int, table: GunneryTable) -> bool:
    """DN-12.64: a tanker hit by gunfire or torpedo explodes and sinks on a 6."""
    return roll >= table.tanker_explodes_on


def _tanker_check(state: Field, target: Unit, pending: Pending, weapon: str) -> None:
    """DN-12.64: roll for a tanker hit by ``weapon``."""
    if target.cls.type != "tanker":
        return
    roll = d6(state.dice)
    boom = tanker_explodes(roll, state.tables.gunnery)
    state.note("damage", f"{target.name} is a tanker hit by {weapon}: 1d6 {roll}, "
               f"{'explodes and sinks' if boom else 'holds'}", ship=target.name, roll=roll, explodes=boom)
    if boom:
        pending.on(target.name).explodes = True


def gunnery_hit(state: Field, target: Unit, pending: Pending) -> DamageRow:
    """DN-7.5d: roll 2d6 on the damage table for one gunnery hit on ``target``; the effect waits."""
    first, second = roll(state.dice, 2)
    row = damage_row(first + second, state.tables.gunnery_damage)
    effect = pending.on(target.name)
    effect.hull += row.hull
    effect.primary += row.primary
    effect.secondary += row.secondary
    effect.tertiary += row.tertiary
    effect.torpedo += row.torpedo
    effect.speed += row.speed
    effect.lost_way = effect.lost_way or row.lost_way
    state.note("damage", f"hit on {target.name}: 2d6 {first}+{second}={first + second}, {row.effect}",
               ship=target.name, roll=[first, second], effect=row.effect)
    _tanker_check(state, target, pending, "gunfire")
    return row


def torpedo_hit(state: Field, target: Unit, pending: Pending) -> None:
    """house:torpedoes: a torpedo hit destroys the table's hull boxes; a tanker may explode (DN-12.64)."""
    pending.on(target.name).hull += state.tables.torpedoes.damage
    _tanker_check(state, target, pending, "torpedo")


def apply(state: Field, pending: Pending) -> None:
    """DN-7.5b: every effect of the step at once. A ship with no hull left, or a tanker that exploded,
    sinks; one that loses speed below "1s", or whose boilers are hit, loses way."""
    for name, effect in pending.effects.items():
        unit = state.units[name]
        if unit.status == "sunk":
            continue
        was_stopped = unit.lost_way
        before = {k: int(getattr(unit, k)) for k in ("hull", *LOSSES)}
        _take_losses(unit, effect)
        changes = [f"{k} {v} -> {getattr(unit, k)}" for k, v in before.items() if getattr(unit, k) != v]
        if effect.speed:
            changes.append(f"speed {unit.speed_class}")
        if unit.lost_way and not was_stopped:
            changes.append("loses way")
            if unit.tow is not None and state.units[unit.tow].lost_way:
                state.cut_tow(unit)  # two ships without way: neither can tow the other
        if effect.explodes or unit.hull == 0:
            unit.status = "sunk"
            unit.exploded = effect.explodes
            state.cut_tow(unit)
            changes.append("sinks")
        state.note("damage", f"{unit.name}: {', '.join(changes) or 'no effect'}", ship=name, hull=unit.hull,
                   sunk=unit.status == "sunk")


def _take_losses(unit: Unit, effect: Effect) -> None:
    """DN-7.5b: hull, gun and speed losses off the unit's boxes (none below zero); DN-7.5d: speed lost below
    "1s", or boilers hit, and the ship loses way."""
    unit.hull = max(0, unit.hull - effect.hull)
    for loss in LOSSES:
        setattr(unit, loss, max(0, getattr(unit, loss) - getattr(effect, loss)))
    if effect.speed:
        if unit.speed - effect.speed < 0:
            unit.lost_way = True
        unit.speed = max(0, unit.speed - effect.speed)
    if effect.lost_way:
        unit.lost_way = True


Act = Callable[[Field, Unit, Unit, Pending], object]  # its return value (hits scored) is not needed here
Declare = Callable[[str, Mapping[str, Sequence[str]]], Mapping[str, str]]


def simultaneous_step(state: Field, declare: Declare,
                      targets_of: Callable[[Field, Unit, Sequence[Unit]], Sequence[Unit]], act: Act, *,
                      apply_when_idle: bool = True) -> bool:
    """DN-7.5b: the initiative side declares its targets and resolves them, then the other side; the damage
    of both takes effect only afterwards. Returns whether any ship acted."""
    pending = Pending()
    acted = False
    for side in state.order():
        options: dict[str, Sequence[str]] = {}
        enemies = state.on_map(state.enemy(side))  # no ship moves, sinks or leaves while a side declares
        for unit in state.on_map(side):
            targets = targets_of(state, unit, enemies)
            if targets:
                options[unit.name] = [t.name for t in targets]
        if not options:
            continue
        chosen = declare(side, options)
        for name in options:
            target = chosen.get(name)
            if target is not None and target in options[name]:
                act(state, state.units[name], state.units[target], pending)
                acted = True
    if acted or apply_when_idle:
        apply(state, pending)
    return acted

