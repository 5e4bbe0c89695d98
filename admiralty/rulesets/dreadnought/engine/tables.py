"""The dreadnought tables (``tables.yaml``), read, checked against ``../schemas/tables.schema.json``
and merged with a scenario's ``rules.tables`` overrides by ``admiralty.engine.tables``: by table name, then
key (a key's value is replaced whole, so an override of ``contact.need`` gives both ``day`` and ``night``).

Tables are plain nested dicts of JSON values; code reads them by key, never by position, so that a table
stays data and the rules that use it stay short.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from admiralty.engine.tables import HouseTables, Tables, TablesError

HOUSE = HouseTables.packaged("dreadnought", depth=2)
SCHEMA_FILE = HOUSE.schema_file

__all__ = ["HOUSE", "SCHEMA_FILE", "Tables", "TablesError", "base_tables", "first_row", "last_row_from",
           "merged_tables"]


def base_tables() -> Tables:
    """A fresh copy of the ruleset's own tables (validated once per process)."""
    return HOUSE.base()


def merged_tables(*overrides: Mapping[str, Any] | None) -> Tables:
    """The ruleset's tables with each override applied in turn (a table's keys replaced one by one);
    ``TablesError`` when the result no longer fits the tables schema."""
    return HOUSE.merged(*overrides)


def first_row(rows: list[dict[str, Any]], key: str, value: int) -> dict[str, Any]:
    """The first row whose ``key`` is at least ``value`` (the last row if none is)."""
    for row in rows:
        if value <= row[key]:
            return row
    return rows[-1]


def last_row_from(rows: list[dict[str, Any]], key: str, value: int) -> dict[str, Any]:
    """The last row whose ``key`` is at most ``value`` (the first row if none is)."""
    chosen = rows[0]
    for row in rows:
        if row[key] <= value:
            chosen = row
    return chosen
