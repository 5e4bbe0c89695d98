"""The operational game's house tables as typed objects, read once from the merged ``tables.yaml``.

``tables.py`` reads, checks and merges the tables as JSON data (a scenario's ``rules.tables``, a game's
``tables`` option); ``load_house`` turns the merged data into a ``House`` once per distinct set of
overrides in a process, so the rules read ``state.house.fuel.units_per_box`` rather than looking up nested
keys and converting numbers each time. Each table below names the clause it serves, as ``tables.yaml`` does;
the battles' tables (``House.battle``) are in ``battle_tables.py``. ``load_house`` is the one loader: tests that
change a table build their ``House`` from the dict of overrides through it, as a game does.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from admiralty.rulesets.dreadnought.engine.battle_tables import BattleTables, Counts, read_battle_tables
from admiralty.rulesets.dreadnought.engine.battle_tables import counts as _counts
from admiralty.rulesets.dreadnought.engine.tables import Tables, merged_tables

Overrides = Mapping[str, object]
"""A scenario's ``rules.tables`` or a game's ``tables`` option: table name to the keys it replaces (parsed
YAML, checked against the tables schema once merged)."""


@dataclass(frozen=True, slots=True)
class StormGrounding:
    """House (after DN-7.42): storms drive ships aground in coastal zones (``OptionsTable.storm_grounding``)."""

    states: frozenset[str]
    zone_kind: str
    grounds_on: int
    capital_modifier: int


@dataclass(frozen=True, slots=True)
class WeatherTable:
    """house:weather: the weather by 2d6 roll (``states``: each state's highest roll, in order)."""

    states: tuple[tuple[int, str], ...]
    max_zones: Counts
    storm_grounding: StormGrounding

    def for_roll(self, roll: int) -> str:
        """The first state whose roll bound is at least ``roll`` (the last state if none is)."""
        for up_to, state in self.states:
            if roll <= up_to:
                return state
        return self.states[-1][1]


@dataclass(frozen=True, slots=True)
class RefloatTable:
    """DN-7.43: refloating grounded ships."""

    refloats_on: int
    unarmoured_modifier: int


@dataclass(frozen=True, slots=True)
class ContactTable:
    """house:contact: the 1d6 needed by day and night, with weather and group-size modifiers."""

    need_day: int
    need_night: int
    weather: Counts
    group_size: tuple[tuple[int, int], ...]
    """(fewest ships, modifier) rows in order: the last row whose bound the group reaches applies."""

    def need(self, night: bool) -> int:
        return self.need_night if night else self.need_day

    def size_modifier(self, ships: int) -> int:
        """The last row whose ship count is at most ``ships`` (the first row if none is)."""
        chosen = self.group_size[0][1]
        for least, modifier in self.group_size:
            if least <= ships:
                chosen = modifier
        return chosen


@dataclass(frozen=True, slots=True)
class FuelTable:
    """DN-12-exhaust, house fuel table: units burnt per sea zone, by speed class and fuel kind."""

    units_per_box: int
    per_zone: Mapping[str, Counts]
    second_zone_extra: Counts


@dataclass(frozen=True, slots=True)
class AmericanColliers:
    """DN-12.54: American colliers after 1920."""

    nations: frozenset[str]
    after_year: int
    collier_rate: int
    collier_port: int


@dataclass(frozen=True, slots=True)
class RefuelTable:
    """DN-12-port, DN-12.5, DN-12.52, DN-12.54, DN-12.6, DN-12.62: boxes restored per full turn; DN-12-rearm
    and DN-5.22: turns in port to rearm and to take a new mission."""

    port: Counts
    collier_rate: int
    collier_port_multiplier: int
    tanker_rate: int
    tanker_port_multiplier: int
    american: AmericanColliers
    rearm_turns: int
    new_mission_turns: int


@dataclass(frozen=True, slots=True)
class PursuitTable:
    """DN-5.23: the pursuit roll."""

    succeeds_on: int
    day_bonus: int
    faster_bonus: int
    turns: int


@dataclass(frozen=True, slots=True)
class MinesTable:
    """DN-13 (house for laying and sweeping): strikes, sweeping and laying."""

    hits_on: int
    damage: int
    finds_on: int
    clears_on: int
    loads_per_minelayer: int
    lay_strength: int


@dataclass(frozen=True, slots=True)
class MerchantsTable:
    """house:merchants: a raider's search for merchant ships, by zone kind and weather."""

    finds_on: Counts
    weather: Counts
    vp: float


@dataclass(frozen=True, slots=True)
class TowingTable:
    """house:towing on the operational map: zones a turn with a ship in tow, tows per ship, fuel factor."""

    tows_per_ship: int
    zones_per_turn: int
    fuel_factor: int


@dataclass(frozen=True, slots=True)
class OptionsTable:
    """house:options: invented house rules, each off unless a scenario turns it on."""

    storm_grounding: bool
    weather_zone_cap: bool
    refloat_abort: bool


@dataclass(frozen=True, slots=True)
class House:
    """Every table the operational rules read (``tables.yaml``, overrides merged in)."""

    weather: WeatherTable
    refloat: RefloatTable
    contact: ContactTable
    fuel: FuelTable
    refuel: RefuelTable
    pursuit: PursuitTable
    mines: MinesTable
    merchants: MerchantsTable
    towing: TowingTable
    options: OptionsTable
    bombardment_vp: float
    """DN-5.2-bombard (house): points for a bombardment."""
    unload_vp: float
    """DN-5.2-transport (house): points for unloading cargo, once per fleet."""
    grounded_in_enemy_zone: float
    """DN-7.44: a grounded ship's loss multiplier in a zone the enemy controls."""
    grounded_in_friendly_zone: float
    """DN-7.44: ... in a zone its own side controls."""
    fleet_counters: int
    """DN-5.25: fleet counters in the box."""
    battle: BattleTables
    """The tables the battle resolvers read (the basic combat, the tactical battle)."""


def read_house(tables: Tables) -> House:
    """The typed ``House`` of merged, checked ``tables``."""
    weather, contact, refuel, mines = tables["weather"], tables["contact"], tables["refuel"], tables["mines"]
    storm, american = weather["storm_grounding"], refuel["american"]
    return House(
        weather=WeatherTable(tuple((int(r["up_to"]), str(r["state"])) for r in weather["states"]),
                             _counts(weather["max_zones"]),
                             StormGrounding(frozenset(storm["states"]), str(storm["zone_kind"]),
                                            int(storm["grounds_on"]), int(storm["capital_modifier"]))),
        refloat=RefloatTable(int(tables["refloat"]["refloats_on"]), int(tables["refloat"]["unarmoured_modifier"])),
        contact=ContactTable(int(contact["need"]["day"]), int(contact["need"]["night"]), _counts(contact["weather"]),
                             tuple((int(r["from"]), int(r["modifier"])) for r in contact["group_size"])),
        fuel=FuelTable(int(tables["fuel"]["units_per_box"]),
                       MappingProxyType({speed: _counts(kinds) for speed, kinds in tables["fuel"]["per_zone"].items()}),
                       _counts(tables["fuel"]["second_zone_extra"])),
        refuel=RefuelTable(_counts(refuel["port"]), int(refuel["collier"]["rate"]),
                           int(refuel["collier"]["port_multiplier"]), int(refuel["tanker"]["rate"]),
                           int(refuel["tanker"]["port_multiplier"]),
                           AmericanColliers(frozenset(american["nations"]), int(american["after_year"]),
                                            int(american["collier_rate"]), int(american["collier_port"])),
                           int(refuel["rearm_turns"]), int(refuel["new_mission_turns"])),
        pursuit=PursuitTable(*(int(tables["pursuit"][k]) for k in ("succeeds_on", "day_bonus", "faster_bonus",
                                                                    "turns"))),
        mines=MinesTable(int(mines["strike"]["hits_on"]), int(mines["strike"]["damage"]),
                         int(mines["sweep"]["finds_on"]), int(mines["sweep"]["clears_on"]),
                         int(mines["lay"]["loads_per_minelayer"]), int(mines["lay"]["strength"])),
        merchants=MerchantsTable(_counts(tables["merchants"]["finds_on"]), _counts(tables["merchants"]["weather"]),
                                 float(tables["merchants"]["vp"])),
        towing=TowingTable(*(int(tables["towing"][k]) for k in ("tows_per_ship", "zones_per_turn", "fuel_factor"))),
        options=OptionsTable(*(bool(tables["options"][k]) for k in ("storm_grounding", "weather_zone_cap",
                                                                     "refloat_abort"))),
        bombardment_vp=float(tables["bombardment"]["vp"]),
        unload_vp=float(tables["transport"]["unload_vp"]),
        grounded_in_enemy_zone=float(tables["victory"]["grounded_in_enemy_zone"]),
        grounded_in_friendly_zone=float(tables["victory"]["grounded_in_friendly_zone"]),
        fleet_counters=int(tables["limits"]["fleet_counters"]),
        battle=read_battle_tables(tables),
    )


def load_house(*overrides: Overrides | None) -> House:
    """The ``House`` of the tables with each of ``overrides`` merged in turn (as ``merged_tables``), read once
    per distinct ``overrides`` in a process; ``TablesError`` when they no longer fit the tables schema."""
    return _house(json.dumps([dict(o) for o in overrides if o], sort_keys=True, default=_plain))


@cache
def _house(overrides_json: str) -> House:
    return read_house(merged_tables(*json.loads(overrides_json)))


def _plain(value: object) -> object:
    """JSON for the read-only mappings a frozen model's overrides arrive in."""
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"not a JSON value in the table overrides: {value!r}")
