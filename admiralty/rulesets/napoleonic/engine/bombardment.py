"""One battery's fire at one target, resolved from the dice to the roster sheets.

Order of play for gun and howitzer batteries (rockets: ``fire_rockets``):

1. the fire solution (house gun fire table; NA-how-a, NA-how-b);
2. against a unit: the dice, hits, casualties as a fraction, rounded by 10.46 (NA-10.46a/b/c), marked on
   the roster (NA-marking);
3. penetration into the enemy units behind the target (NA-pen-a..e), half the target's loss, rounded by
   NA-10.46b;
4. against a building or built-up area, or a unit in one: the fire roll (NA-fire-a), a fire lasting the
   game, once only (NA-fire-b), and on a double six the house "double six" table.

Every change is returned as an event naming its rule; the caller appends them to ``game.events``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypedDict

from shapely.geometry import Polygon

from admiralty.engine.dice import Dice, d6

from . import events as ev
from .buildings import double_six_effect, fire_needs, ignites, is_double_six, roll_2d6, set_alight
from .casualties import Reading, roll_rounding
from .fire import casualties_from_hits, count_hits, roll_fire
from .geometry import EPSILON, range_cm, share_inside, terrain_shape, unit_footprint
from .house import NapoleonicTables, TableRow
from .howitzers import battery_kind, fire_solution
from .model import Battery, NapoleonicScenario, Terrain, Unit
from .penetration import penetration_applies, penetration_casualties, units_penetrated
from .rockets import rocket_result
from .roster import RosterEntry, new_roster, record_casualties, unit_on_table
from .targets import Target, describe, legal_targets, reach

Event = ev.NapoleonicEvent
"""An event of a shot. Each names its turn first: the log has always put it there (the game used to stamp it)."""


class NapoleonicOptions(TypedDict):
    """The options a game is played with, once ``resolve_options`` has checked them (``tables``: overrides of
    ``tables.yaml`` entries, merged key by key)."""

    rounding_3_4: Reading
    skirmisher_round_down: str
    marking: str
    ignition_by_guns: bool
    tables: Mapping[str, object]


@dataclass
class Battlefield:
    """The state a game's fire changes: roster sheets, fires, wavering units, destroyed batteries."""

    scenario: NapoleonicScenario
    tables: NapoleonicTables
    options: NapoleonicOptions
    rosters: dict[str, RosterEntry]
    burning: dict[str, int] = field(default_factory=dict)
    wavering: dict[str, int] = field(default_factory=dict)  # unit id -> last turn it wavers
    destroyed: dict[str, int] = field(default_factory=dict)  # battery id -> turn destroyed

    @property
    def marking(self) -> str:
        return str(self.options["marking"])

    _standing: tuple[tuple[int, ...], list[Unit], dict[str, Polygon]] | None = field(
        default=None, repr=False, compare=False
    )

    _targets: dict[tuple[str, tuple[int, ...]], list[Target]] = field(
        default_factory=dict, repr=False, compare=False
    )
    _passes_into: dict[tuple[str, str, tuple[int, ...]], list[str]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def _stand(self) -> tuple[list[Unit], dict[str, Polygon]]:
        # The table changes only when a base goes or a unit is eliminated: recompute only then.
        key = self._table_key()
        if self._standing is None or self._standing[0] != key:
            units = [
                unit_on_table(u, self.rosters[u.id], self.marking)
                for u in self.scenario.units
                if not self.rosters[u.id].eliminated
            ]
            self._standing = (key, units, {u.id: unit_footprint(u) for u in units})
        return self._standing[1], self._standing[2]

    def _table_key(self) -> tuple[int, ...]:
        return tuple(self.rosters[u.id].bases_on_table(self.marking) for u in self.scenario.units)

    def legal_targets(self, battery: Battery) -> list[Target]:
        """``targets.legal_targets`` of ``battery`` on the table as it stands. What a battery may fire at
        changes only when a base goes or a unit is eliminated (buildings block sight burning or not), so
        the answer is kept for each state of the table."""
        key = (battery.id, self._table_key())
        found = self._targets.get(key)
        if found is None:
            found = legal_targets(self.scenario, battery, self.on_table(), self.shapes(), self.tables)
            self._targets[key] = found
        return list(found)

    def passes_into(self, battery: Battery, target: Target) -> list[str]:
        """The units behind the unit ``target`` that a shot of ``battery`` would pass on into (NA-pen-b,
        NA-pen-d), as the table stands; kept for each state of the table like ``legal_targets``."""
        key = (battery.id, target.id, self._table_key())
        found = self._passes_into.get(key)
        if found is None:
            shapes = self.shapes()
            behind = [(u.id, shapes[u.id]) for u in self.on_table() if u.side == target.side and u.id != target.id]
            hits = units_penetrated(battery.at, reach(battery, self.tables), shapes[target.id], behind, self.tables)
            found = [hit.unit for hit in hits]
            self._passes_into[key] = found
        return list(found)

    def on_table(self) -> list[Unit]:
        """The units still on the table, as they stand now (removed bases gone), in scenario order."""
        return list(self._stand()[0])

    def shapes(self) -> dict[str, Polygon]:
        """Their footprints, by unit id."""
        return dict(self._stand()[1])

    def batteries(self) -> list[Battery]:
        return [b for b in self.scenario.batteries if b.id not in self.destroyed]


def new_battlefield(scenario: NapoleonicScenario, tables: NapoleonicTables, options: NapoleonicOptions) -> Battlefield:
    return Battlefield(scenario, tables, options, {u.id: new_roster(u) for u in scenario.units})


def resolve(field: Battlefield, battery: Battery, target_id: str, turn: int, dice: Dice) -> list[Event]:
    """Resolve ``battery``'s fire at ``target_id`` (assumed legal) on ``turn``."""
    target = describe(field.scenario, battery, target_id, field.shapes(), field.tables)
    if target is None:
        raise ValueError(f"{target_id!r} is not a target on the table")
    if battery_kind(battery) == "rocket":
        return fire_rockets(field, battery, target, turn, dice)
    return fire_guns(field, battery, target, turn, dice)


def _mark(field: Battlefield, unit_id: str, amount: Fraction | int, rule: str, dice: Dice, turn: int) -> list[Event]:
    """Round ``amount`` casualties by 10.46 when fractional and mark them on the unit's roster."""
    events: list[Event] = []
    amount = Fraction(amount)
    unit = field.scenario.unit(unit_id)
    always_down = (
        field.options["skirmisher_round_down"] == "target"
        and unit.type == "skirmishers"
        and unit.class_ == "second"
    )
    rounded = roll_rounding(amount, dice, reading=field.options["rounding_3_4"], always_down=always_down)
    if rounded.rule is not None:
        events.append(ev.Rounding(turn=turn, type="rounding", rule=rounded.rule, unit=unit_id, amount=str(amount),
                                  dice=list(rounded.dice), rounded_up=rounded.rounded_up, figures=rounded.figures))
    entry, marked = record_casualties(field.rosters[unit_id], rounded.figures, field.marking, rule, turn)
    field.rosters[unit_id] = entry
    return events + marked


def fire_guns(field: Battlefield, battery: Battery, target: Target, turn: int, dice: Dice) -> list[Event]:
    """A gun or howitzer battery fires at ``target`` (house gun fire table, NA-how-a/b, NA-pen, NA-fire)."""
    tables = field.tables
    assert target.band is not None
    solution = fire_solution(battery, target.band, target.cover, target.column, tables)
    events: list[Event] = []
    fire = ev.Fire(turn=turn, type="fire", rule=solution.rule, battery=battery.id, target=target.id,
                   band=solution.band, distance=target.distance, pieces=solution.pieces, shells=solution.shells,
                   modifier=solution.modifier)
    events.append(fire)
    shape = _target_shape(field, target)  # as it stood when fired at: casualties may shrink or remove it
    lost = 0
    if target.kind == "unit":
        faces = roll_fire(solution, dice)
        hits = count_hits(faces, solution.modifier, tables.gun_fire.hit_on)
        amount = casualties_from_hits(hits, tables)
        fire["dice"], fire["hits"], fire["casualties"] = list(faces), hits, str(amount)
        before = field.rosters[target.id].casualties
        events += _mark(field, target.id, amount, solution.rule, dice, turn)
        lost = field.rosters[target.id].casualties - before
    if solution.shells:  # NA-how-b: shells are not round shot and never penetrate
        events.append(ev.NoPenetration(turn=turn, type="no-penetration", rule="NA-how-b", target=target.id,
                                       shells=True))
    else:
        events += _penetrate(field, battery, target, shape, lost, dice, turn)
    if target.terrain is not None:
        events += _fire_risk(field, battery, target, turn, dice)
    return events


def _penetrate(
    field: Battlefield, battery: Battery, target: Target, target_shape: Polygon, lost: int, dice: Dice, turn: int
) -> list[Event]:
    """NA-pen-a..e: the shot passes on into the enemy units close behind the target."""
    if not penetration_applies(target.ground_kind, field.tables):
        return [ev.NoPenetration(turn=turn, type="no-penetration", rule="NA-pen-e", target=target.id,
                                 ground=target.ground_kind)]
    if lost <= 0:
        return []
    shapes = field.shapes()
    candidates = [(u.id, shapes[u.id]) for u in field.on_table() if u.side == target.side and u.id != target.id]
    events: list[Event] = []
    for hit in units_penetrated(battery.at, reach(battery, field.tables), target_shape, candidates, field.tables):
        amount = penetration_casualties(lost, field.tables)
        events.append(ev.Penetration(turn=turn, type="penetration", rule="NA-pen-b", battery=battery.id,
                                     target=target.id, unit=hit.unit, share_behind=hit.share_behind, gap=hit.gap,
                                     distance=hit.distance, casualties=str(amount)))
        events += _mark(field, hit.unit, amount, "NA-pen-c", dice, turn)
    return events


def _target_shape(field: Battlefield, target: Target) -> Polygon:
    if target.kind == "unit":
        return field.shapes()[target.id]
    return terrain_shape(field.scenario.terrain(target.id))


def _fire_risk(field: Battlefield, battery: Battery, target: Target, turn: int, dice: Dice) -> list[Event]:
    """NA-fire-a: the 2d6 roll for setting the building or built-up area alight."""
    assert target.terrain is not None
    needs = fire_needs(battery.howitzers, field.tables, ignition_by_guns=bool(field.options["ignition_by_guns"]))
    if needs is None:
        return []
    faces = roll_2d6(dice)
    alight = ignites(faces, needs)
    events: list[Event] = [ev.FireRoll(turn=turn, type="fire-roll", rule="NA-fire-a", battery=battery.id,
                                       terrain=target.terrain.id, howitzers=battery.howitzers, dice=list(faces),
                                       needs=needs, ignites=alight)]
    if alight:
        events += _ignite(field, target.terrain, turn)
    if is_double_six(faces):
        events += _double_six(field, battery, target, turn, dice)
    return events


def _ignite(field: Battlefield, terrain: Terrain, turn: int) -> list[Event]:
    """NA-fire-b: a building burns once only, and for the rest of the game."""
    if set_alight(field.burning, terrain, turn):
        return [ev.Burning(turn=turn, type="burning", rule="NA-fire-b", terrain=terrain.id)]
    return [ev.AlreadyBurnt(turn=turn, type="already-burnt", rule="NA-fire-b", terrain=terrain.id)]


def _victims(field: Battlefield, battery: Battery, target: Target) -> list[str]:
    """Who suffers a hit on ``target``: the unit itself; for a terrain piece, the enemy unit holding the
    largest share of it (ties: scenario order), if any."""
    if target.kind == "unit":
        return [target.id]
    region = terrain_shape(field.scenario.terrain(target.id))
    share_needed = field.tables.in_terrain_share - EPSILON
    best: tuple[float, str] | None = None
    for unit_id, shape in field.shapes().items():
        if field.scenario.unit(unit_id).side == battery.side:
            continue
        share = share_inside(shape, region)
        if share >= share_needed and (best is None or share > best[0]):
            best = (share, unit_id)
    return [best[1]] if best else []


def _hit(field: Battlefield, battery: Battery, target: Target, row: TableRow, turn: int, rule: str,
         dice: Dice) -> list[Event]:
    """Apply a table row's ``figures``, ``wavers`` and ``fire`` to the target."""
    events: list[Event] = []
    for unit_id in _victims(field, battery, target):
        if row.figures > 0:
            events += _mark(field, unit_id, row.figures, rule, dice, turn)
        if row.wavers and not field.rosters[unit_id].eliminated:
            field.wavering[unit_id] = turn + field.tables.wavering_turns
            events.append(ev.Wavers(turn=turn, type="wavers", rule=rule, unit=unit_id))
    if row.fire and target.terrain is not None:
        events += _ignite(field, target.terrain, turn)
    return events


def _double_six(field: Battlefield, battery: Battery, target: Target, turn: int, dice: Dice) -> list[Event]:
    """The house "double six" table, rolled on a double six (NA-fire-a, NA-rocket)."""
    die = d6(dice)
    row = double_six_effect(die, field.tables)
    events: list[Event] = [ev.DoubleSix(turn=turn, type="double-six", rule="house", battery=battery.id,
                                        target=target.id, die=die, effect=row.effect, table="double_six")]
    return events + _hit(field, battery, target, row, turn, "house", dice)


def fire_rockets(field: Battlefield, battery: Battery, target: Target, turn: int, dice: Dice) -> list[Event]:
    """NA-rocket: one unmodified 2d6 on the rocket table."""
    faces = roll_2d6(dice)
    row = rocket_result(faces, field.tables)
    events: list[Event] = [ev.Rocket(turn=turn, type="rocket", rule="NA-rocket", battery=battery.id,
                                     target=target.id, distance=target.distance, dice=list(faces), result=row.result)]
    events += _hit(field, battery, target, row, turn, "NA-rocket", dice)
    if row.double_six:
        events += _double_six(field, battery, target, turn, dice)
    if row.own_figures > 0:
        own = nearest_own_unit(field, battery)
        if own is not None:
            events += _mark(field, own, row.own_figures, "NA-rocket", dice, turn)
    if row.battery_destroyed:
        field.destroyed[battery.id] = turn
        events.append(ev.BatteryDestroyed(turn=turn, type="battery-destroyed", rule="NA-rocket", battery=battery.id))
    return events


def nearest_own_unit(field: Battlefield, battery: Battery) -> str | None:
    """NA-rocket: the battery's own unit nearest to it (ties: scenario order), if any is on the table."""
    best: tuple[float, str] | None = None
    for unit_id, shape in field.shapes().items():
        if field.scenario.unit(unit_id).side != battery.side:
            continue
        distance = range_cm(battery.at, shape)
        if best is None or distance < best[0] - EPSILON:
            best = (distance, unit_id)
    return best[1] if best else None
