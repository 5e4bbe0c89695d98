"""The ruleset's tables (``tables.yaml``): the seed's numbers and the house rules, as data.

``admiralty.engine.tables`` reads the packaged file once, checks it against
``../schemas/tables.schema.json`` and ``limits`` (what the schema cannot say), and merges a
scenario's or a game's overrides key by key at every level (``{"gun_fire": {"hit_on": 4}}`` changes one
entry and keeps the rest). ``load_tables`` types the result once (``house.NapoleonicTables``): the rules read
attributes, never keys; the checked mapping stays readable by key for the documents' builder.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, cast

from admiralty.engine.tables import HouseTables, Problem, TablesError, merge

from .house import NapoleonicTables, TableRow

Tables = Mapping[str, Any]
"""The checked tables read by key (the documents' builder reads ``bases`` and ``ranges`` so); the rules read the
typed ``NapoleonicTables``, which is such a mapping too."""
__all__ = ["HOUSE", "TABLES_PATH", "NapoleonicTables", "TableRow", "Tables", "TablesError", "check_tables",
           "limits", "load_tables", "merge", "range_cap", "table_row", "typed_tables"]


def typed_tables(tables: Tables) -> NapoleonicTables:
    """``tables`` typed: as they are when ``load_tables`` made them, else typed now (a checked mapping)."""
    return tables if isinstance(tables, NapoleonicTables) else NapoleonicTables.from_mapping(tables)


def range_cap(tables: Mapping[str, Any]) -> float | None:
    """NA-pen-a: the house cap on every battery's range in cm, or ``None`` (the default, the literal reading:
    each battery's own long range is its maximum)."""
    cap = tables["range_cap"]
    return float(cap["cm"]) if cap["enabled"] else None


def limits(tables: Mapping[str, Any]) -> list[Problem]:
    """The entries the rules depend on that the schema cannot bound, each with the clause that needs it."""
    found: list[Problem] = []
    if tables["gun_fire"]["hits_per_figure"] not in (1, 2, 4):
        # NA-10.46 rounds only quarters and halves; other leftovers would have no rule.
        found.append((("gun_fire", "hits_per_figure"),
                      "gun_fire.hits_per_figure must be 1, 2 or 4 (10.46 rounds quarters only)"))
    share = tables["penetration"]["casualty_share"]
    if share * 4 != int(share * 4) or not 0 < share <= 1:
        found.append((("penetration", "casualty_share"),
                      "penetration.casualty_share must be a positive multiple of 1/4, at most 1"))
    ranges, cap = tables["ranges"], range_cap(tables)
    if not 0 < ranges["canister"] <= ranges["effective"] <= ranges["long"]:
        found.append((("ranges",), "ranges must satisfy 0 < canister <= effective <= long"))
    elif cap is not None and ranges["long"] > cap:
        found.append((("ranges",), "ranges.long must be at most range_cap.cm while the range cap is on"))
    for name in ("double_six", "rockets"):
        covered = sorted(roll for row in tables[name]["results"] for roll in row["rolls"])
        expected = list(range(1, 7)) if name == "double_six" else list(range(2, 13))
        if covered != expected:
            found.append(((name, "results"), f"{name}.results must cover each roll {expected[0]}..{expected[-1]} once"))
    return found


HOUSE = HouseTables.packaged("napoleonic", limits=limits)
TABLES_PATH = HOUSE.file


def load_tables(overrides: object = None) -> NapoleonicTables:
    """The packaged tables with ``overrides`` merged in, checked against the schema and ``limits``, typed.
    ``overrides`` is a scenario's ``rules.tables`` or a game's ``tables`` option: a mapping of entries (the
    schema has checked a scenario's; anything else fails in the merge, as it always has)."""
    if not overrides:
        return _default_tables()
    return NapoleonicTables.from_mapping(HOUSE.merged(cast(Mapping[str, object], overrides)))


@cache
def _default_tables() -> NapoleonicTables:
    return NapoleonicTables.from_mapping(HOUSE.base())


def check_tables(tables: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` with the first limit ``tables`` break, in one sentence: the validator's SCH020
    message after its own schema check (``load_tables`` raises ``TablesError`` listing every finding)."""
    found = limits(tables)
    if found:
        raise ValueError(found[0][1])


def table_row(rows: list[Mapping[str, Any]], roll: int) -> Mapping[str, Any]:
    """The row of a ``rolls``-keyed table that lists ``roll``."""
    for row in rows:
        if roll in row["rolls"]:
            return row
    raise KeyError(roll)
