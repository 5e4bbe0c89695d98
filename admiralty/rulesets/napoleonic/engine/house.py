"""The napoleonic house tables as one typed, read-only object, built once from the checked ``tables.yaml``
mapping (with a scenario's or a game's overrides merged in): the rules read ``tables.gun_fire.hit_on``, never
``tables["gun_fire"]["hit_on"]``.

The object is also a read-only ``Mapping`` of the checked data, for the code that reads documents' defaults by
key (the builder's ``bases`` and ``ranges``) and for ``merge``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class GunFire:
    """The house gun fire table: d6 per piece by range band, the score that hits, hits per figure (NA-10.46)
    and the modifiers (house; NA-how-b for the shell ones)."""

    dice_per_piece: Mapping[str, int]
    hit_on: int
    hits_per_figure: int
    target_in_cover: int
    target_in_column: int
    shell_long_range: int
    shell_vs_cover: int


@dataclass(frozen=True)
class PenetrationRules:
    """NA-pen-b..e: how far behind the target, how much of a unit behind, what share of the casualties, and
    the ground a target stands on that stops the shot."""

    behind_cm: float
    share_behind: float
    casualty_share: Fraction
    none_when_target_in: frozenset[str]


@dataclass(frozen=True)
class TableRow:
    """A row of a dice table (the house "double six" table, NA-rocket's): the rolls it covers, its name
    (``effect`` or ``result``) and what it does to the target."""

    rolls: tuple[int, ...]
    effect: str = ""
    result: str = ""
    figures: int = 0
    wavers: bool = False
    fire: bool = False
    double_six: bool = False
    own_figures: int = 0
    battery_destroyed: bool = False

    @classmethod
    def from_mapping(cls, row: Mapping[str, Any]) -> TableRow:
        return cls(tuple(int(r) for r in row["rolls"]), str(row.get("effect", "")), str(row.get("result", "")),
                   int(row.get("figures", 0)), bool(row.get("wavers")), bool(row.get("fire")),
                   bool(row.get("double_six")), int(row.get("own_figures", 0)), bool(row.get("battery_destroyed")))


def row_for(rows: tuple[TableRow, ...], roll: int) -> TableRow:
    """The row that lists ``roll`` (``limits`` has checked that each roll is listed once)."""
    for row in rows:
        if roll in row.rolls:
            return row
    raise KeyError(roll)


@dataclass(frozen=True)
class NapoleonicTables(Mapping[str, Any]):
    """Every number the rules read, typed; built once per set of overrides by ``tables.load_tables``."""

    range_cap: float | None  # NA-pen-a: the house cap on every battery's range in cm (None: off)
    gun_fire: GunFire
    cover_kinds: tuple[str, ...]
    in_terrain_share: float
    penetration: PenetrationRules
    fire_risk: tuple[tuple[int, int], ...]  # NA-fire-a: (howitzers, least 2d6 that ignites), by howitzers
    guns_only_needs: int
    double_six: tuple[TableRow, ...]
    rocket_range: float
    rockets: tuple[TableRow, ...]
    battery_destroyed_figures: int
    wavering_turns: int
    data: Mapping[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> NapoleonicTables:
        """Type the checked ``tables.yaml`` mapping (the schema and ``tables.limits`` have passed it)."""
        gun, modifiers, pen = data["gun_fire"], data["gun_fire"]["modifiers"], data["penetration"]
        cap = data["range_cap"]
        return cls(
            range_cap=float(cap["cm"]) if cap["enabled"] else None,
            gun_fire=GunFire(MappingProxyType({k: int(v) for k, v in gun["dice_per_piece"].items()}),
                             int(gun["hit_on"]), int(gun["hits_per_figure"]), int(modifiers["target_in_cover"]),
                             int(modifiers["target_in_column"]), int(modifiers["shell_long_range"]),
                             int(modifiers["shell_vs_cover"])),
            cover_kinds=tuple(data["cover_kinds"]),
            in_terrain_share=float(data["in_terrain_share"]),
            penetration=PenetrationRules(float(pen["behind_cm"]), float(pen["share_behind"]),
                                         Fraction(str(pen["casualty_share"])), frozenset(pen["none_when_target_in"])),
            fire_risk=tuple(sorted((int(row["howitzers"]), int(row["needs"])) for row in data["fire_risk"])),
            guns_only_needs=int(data["guns_only_needs"]),
            double_six=tuple(TableRow.from_mapping(row) for row in data["double_six"]["results"]),
            rocket_range=float(data["rockets"]["range"]),
            rockets=tuple(TableRow.from_mapping(row) for row in data["rockets"]["results"]),
            battery_destroyed_figures=int(data["result"]["battery_destroyed_figures"]),
            wavering_turns=int(data["result"]["wavering_turns"]),
            data=_frozen(data),
        )

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


def _frozen(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only deep copy: the typed object is shared (built once), so no reader may change it."""

    def freeze(value: object) -> object:
        if isinstance(value, dict):
            return MappingProxyType({k: freeze(v) for k, v in value.items()})
        if isinstance(value, list):
            return tuple(freeze(v) for v in value)
        return value

    frozen = freeze(json.loads(json.dumps(dict(data), default=dict)))
    assert isinstance(frozen, MappingProxyType)  # a mapping's JSON round trip is a dict, frozen a proxy
    return frozen
