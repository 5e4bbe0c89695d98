"""The ruleset's tables (``tables.yaml``): the seed's numbers and the house rules, as data.

``load_tables()`` reads the packaged file once and returns a fresh deep copy, merged with a scenario's or
a game's overrides key by key (``{"gun_fire": {"hit_on": 4}}`` changes one entry and keeps the rest).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

Tables = dict[str, Any]

TABLES_PATH = Path(__file__).with_name("tables.yaml")


@lru_cache(maxsize=1)
def _packaged() -> Tables:
    with TABLES_PATH.open(encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    if not isinstance(data, dict):
        raise ValueError(f"{TABLES_PATH}: expected a mapping")
    return data


def merge(base: Mapping[str, Any], overrides: Mapping[str, Any]) -> Tables:
    """Return ``base`` with ``overrides`` merged in: mappings key by key, anything else replaced."""
    merged: Tables = copy.deepcopy(dict(base))
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def load_tables(overrides: Mapping[str, Any] | None = None) -> Tables:
    """The packaged tables with ``overrides`` merged in, checked for the shapes the rules rely on."""
    tables = merge(_packaged(), overrides or {})
    check_tables(tables)
    return tables


def check_tables(tables: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` when an entry the rules depend on has an impossible value."""
    gun = tables["gun_fire"]
    if gun["hits_per_figure"] not in (1, 2, 4):
        # NA-10.46 rounds only quarters and halves; other leftovers would have no rule.
        raise ValueError("gun_fire.hits_per_figure must be 1, 2 or 4 (10.46 rounds quarters only)")
    share = tables["penetration"]["casualty_share"]
    if share * 4 != int(share * 4) or not 0 < share <= 1:
        raise ValueError("penetration.casualty_share must be a positive multiple of 1/4, at most 1")
    ranges = tables["ranges"]
    if not 0 < ranges["canister"] <= ranges["effective"] <= ranges["long"] <= tables["max_range"]:
        raise ValueError("ranges must satisfy 0 < canister <= effective <= long <= max_range")
    for name in ("double_six", "rockets"):
        covered = sorted(roll for row in tables[name]["results"] for roll in row["rolls"])
        expected = list(range(1, 7)) if name == "double_six" else list(range(2, 13))
        if covered != expected:
            raise ValueError(f"{name}.results must cover each roll {expected[0]}..{expected[-1]} once")


def table_row(rows: list[Mapping[str, Any]], roll: int) -> Mapping[str, Any]:
    """The row of a ``rolls``-keyed table that lists ``roll``."""
    for row in rows:
        if roll in row["rolls"]:
            return row
    raise KeyError(roll)
