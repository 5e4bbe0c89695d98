"""The battles' house tables as typed objects: the basic combat's and the tactical battle's.

``house.read_house`` reads them once per distinct set of overrides (``House.battle``) from the merged, checked
``tables.yaml`` data, so that the resolvers read ``tables.gunnery.hits_on`` rather than looking up nested keys
and converting numbers each time. Each table names the clause it serves, as ``tables.yaml`` does; the
mappings left (``Counts``) are keyed by the game's own words (a gun class, a weather state, a speed class),
never by a table's field names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from admiralty.json_types import JSONObject, JSONValue

Counts = Mapping[str, int]

GUN_CLASSES: tuple[str, ...] = ("primary", "secondary", "tertiary")
"""Gun classes in the order their dice are rolled (DN-7.5c)."""


def counts(values: JSONValue) -> Counts:
    """A read-only mapping of whole numbers from a checked table's mapping of them."""
    table = _object(values)
    return MappingProxyType({key: _int(table, key) for key in table})


def _object(value: JSONValue) -> JSONObject:
    if not isinstance(value, dict):
        raise TypeError(f"a house table's mapping expected, got {value!r}")
    return value


def _int(table: JSONObject, key: str, default: int | None = None) -> int:
    """A whole number of a checked table (``default`` when the schema lets the key be left out)."""
    value = table.get(key, default)
    if not isinstance(value, int | float):
        raise TypeError(f"a whole number expected for {key!r} in a house table, got {value!r}")
    return int(value)


@dataclass(frozen=True, slots=True)
class DayNight:
    """A number by day and by night."""

    day: int
    night: int

    def at(self, night: bool) -> int:
        return self.night if night else self.day


@dataclass(frozen=True, slots=True)
class BreakOff:
    """house:combat: the losing side leaves on 1d6 + ``speed_modifier`` x (own slowest - enemy slowest)."""

    leaves_on: int
    speed_modifier: int


@dataclass(frozen=True, slots=True)
class CombatTorpedo:
    """house:combat: the first step's torpedoes."""

    hit_on: int
    night_modifier: int
    damage: int


@dataclass(frozen=True, slots=True)
class LoseContact:
    """house:combat: the 1d6 chance that contact is lost after a step, by day or night, more in a storm."""

    day: int
    night: int
    storm: int

    def chance(self, night: bool, weather: str) -> int:
        return (self.night if night else self.day) + (self.storm if weather == "storm" else 0)


@dataclass(frozen=True, slots=True)
class CombatTable:
    """house:combat: basic combat (6.2 is not in the seeds), fought in steps of simultaneous fire."""

    steps: DayNight
    dice_divisor: Counts
    """Gun factors per die, by gun class."""
    hit_on: int
    natural_six_hits: bool
    italic_modifier: int
    lost_way_modifier: int
    weather: Counts
    damage_per_hit: int
    torpedo: CombatTorpedo
    break_off: BreakOff
    lose_contact: LoseContact
    tanker_explodes_on: int
    """DN-12.64."""


@dataclass(frozen=True, slots=True)
class DetectionTable:
    """house:detection: hexes within which a ship sees enemy ships, by light and weather; ``gun_flash``: a ship
    that fired at night is seen this far off."""

    day: Counts
    night: Counts
    gun_flash: int

    def reach(self, night: bool, weather: str) -> int:
        """house:detection: hexes within which a ship sees enemy ships."""
        return (self.night if night else self.day)[weather]


@dataclass(frozen=True, slots=True)
class GunneryTable:
    """DN-7.5c: the hit roll and its modifiers; DN-5.2-bombard: the halving divisor; DN-12.64: tankers."""

    hits_on: int
    close_range: int
    italic_modifier: int
    close_modifier: int
    lost_way_modifier: int
    towing_modifier: int
    bombard_divisor: int
    tanker_explodes_on: int


@dataclass(frozen=True, slots=True)
class DamageRow:
    """DN-7.5d: one row of the gunnery damage table (factors and speed classes lost, way lost)."""

    up_to: int
    effect: str
    hull: int
    primary: int = 0
    secondary: int = 0
    tertiary: int = 0
    torpedo: int = 0
    speed: int = 0
    lost_way: bool = False


@dataclass(frozen=True, slots=True)
class GunneryDamageTable:
    """DN-7.5d: the (house) gunnery damage table, 2d6 per hit, rows in ascending ``up_to``."""

    results: tuple[DamageRow, ...]

    def row(self, roll: int) -> DamageRow:
        """The first row whose ``up_to`` is at least ``roll`` (the last row if none is)."""
        for row in self.results:
            if roll <= row.up_to:
                return row
        return self.results[-1]


@dataclass(frozen=True, slots=True)
class TorpedoTable:
    """house:torpedoes: the torpedo step after gunnery (7.7 is not in the seeds)."""

    range: int
    hits_on: int
    night_modifier: int
    close_modifier: int
    lost_way_modifier: int
    damage: int


@dataclass(frozen=True, slots=True)
class TacticalTurnTable:
    """house:tactical: turns a battle lasts, hexes a group moves per step by speed class (DN-5.11b), leaving the
    map, and the blind turns after which contact is lost."""

    turns: DayNight
    move_groups: Counts
    move_all_groups: Counts
    leave_map_cost: int
    leave_from_turn: int
    contact_lost_after: int


@dataclass(frozen=True, slots=True)
class TacticalMapTable:
    """DN-7.41a, DN-7.41b (house size): the battle zone's hex map."""

    columns: int
    rows: int


@dataclass(frozen=True, slots=True)
class GroundingTable:
    """DN-7.42: the grounding roll on entering a hex next to land."""

    grounds_on: int
    home_modifier: int
    capital_modifier: int


@dataclass(frozen=True, slots=True)
class BattleTowing:
    """house:towing on the tactical map: hexes a step with a ship in tow, and ships one ship may tow."""

    hexes_per_step: int
    tows_per_ship: int


@dataclass(frozen=True, slots=True)
class BattleTables:
    """Every table a battle resolver reads (``tables.yaml``, overrides merged in)."""

    combat: CombatTable
    detection: DetectionTable
    gunnery: GunneryTable
    ranges: Counts
    """house:ranges: hexes by gun class."""
    gunnery_damage: GunneryDamageTable
    torpedoes: TorpedoTable
    tactical_turn: TacticalTurnTable
    tactical_map: TacticalMapTable
    grounding: GroundingTable
    towing: BattleTowing


def _combat(table: JSONObject) -> CombatTable:
    steps, modifiers, torpedo = _object(table["steps"]), _object(table["modifiers"]), _object(table["torpedo"])
    leave, lose = _object(table["break_off"]), _object(table["lose_contact"])
    return CombatTable(
        steps=DayNight(_int(steps, "day"), _int(steps, "night")), dice_divisor=counts(table["dice_divisor"]),
        hit_on=_int(table, "hit_on"), natural_six_hits=bool(table["natural_six_hits"]),
        italic_modifier=_int(modifiers, "italic"), lost_way_modifier=_int(modifiers, "lost_way"),
        weather=counts(table["weather"]), damage_per_hit=_int(table, "damage_per_hit"),
        torpedo=CombatTorpedo(_int(torpedo, "hit_on"), _int(torpedo, "night_modifier"), _int(torpedo, "damage")),
        break_off=BreakOff(_int(leave, "leaves_on"), _int(leave, "speed_modifier")),
        lose_contact=LoseContact(_int(lose, "day"), _int(lose, "night"), _int(lose, "storm")),
        tanker_explodes_on=_int(table, "tanker_explodes_on"))


def _gunnery(table: JSONObject) -> GunneryTable:
    bonus = _object(table["modifiers"])
    return GunneryTable(_int(table, "hits_on"), _int(table, "close_range"), _int(bonus, "italic"),
                        _int(bonus, "close"), _int(bonus, "lost_way"), _int(bonus, "towing"),
                        _int(table, "bombard_divisor"), _int(table, "tanker_explodes_on"))


def _damage_row(row: JSONObject) -> DamageRow:
    return DamageRow(_int(row, "up_to"), str(row["effect"]), _int(row, "hull"), primary=_int(row, "primary", 0),
                     secondary=_int(row, "secondary", 0), tertiary=_int(row, "tertiary", 0),
                     torpedo=_int(row, "torpedo", 0), speed=_int(row, "speed", 0),
                     lost_way=bool(row.get("lost_way", False)))


def _torpedoes(table: JSONObject) -> TorpedoTable:
    bonus = _object(table["modifiers"])
    return TorpedoTable(_int(table, "range"), _int(table, "hits_on"), _int(bonus, "night"), _int(bonus, "close"),
                        _int(bonus, "lost_way"), _int(table, "damage"))


def _tactical_turn(table: JSONObject) -> TacticalTurnTable:
    turns, movement = _object(table["turns"]), _object(table["movement"])
    return TacticalTurnTable(DayNight(_int(turns, "day"), _int(turns, "night")), counts(movement["move_groups"]),
                             counts(movement["move_all_groups"]), _int(table, "leave_map_cost"),
                             _int(table, "leave_from_turn"), _int(table, "contact_lost_after"))


def read_battle_tables(tables: JSONObject) -> BattleTables:
    """The typed ``BattleTables`` of merged, checked ``tables``."""
    def table(name: str) -> JSONObject:
        return _object(tables[name])

    detection, grounding, towing, ranges = table("detection"), table("grounding"), table("towing"), table("ranges")
    hex_map = table("tactical_map")
    return BattleTables(
        combat=_combat(table("combat")),
        detection=DetectionTable(counts(detection["day"]), counts(detection["night"]), _int(detection, "gun_flash")),
        gunnery=_gunnery(table("gunnery")),
        ranges=MappingProxyType({k: _int(ranges, k) for k in GUN_CLASSES}),
        gunnery_damage=GunneryDamageTable(tuple(_damage_row(_object(row)) for row in _rows(table("gunnery_damage")))),
        torpedoes=_torpedoes(table("torpedoes")),
        tactical_turn=_tactical_turn(table("tactical_turn")),
        tactical_map=TacticalMapTable(_int(hex_map, "columns"), _int(hex_map, "rows")),
        grounding=GroundingTable(_int(grounding, "grounds_on"), _int(grounding, "home_modifier"),
                                 _int(grounding, "capital_modifier")),
        towing=BattleTowing(_int(towing, "hexes_per_step"), _int(towing, "tows_per_ship")))


def _rows(table: JSONObject) -> list[JSONValue]:
    rows = table["results"]
    if not isinstance(rows, list) or not rows:
        raise TypeError(f"the gunnery damage table needs a list of rows, got {rows!r}")
    return rows
