"""The dreadnought tables (``tables.yaml``), read, checked against ``../schemas/tables.schema.json``
and merged with a scenario's ``rules.tables`` overrides by ``admiralty.engine.tables``: by table name, then
key (a key's value is replaced whole, so an override of ``contact.need`` gives both ``day`` and ``night``).

Tables are plain nested dicts of JSON values, read once into the typed ``house.House`` (and
``battle_tables.BattleTables``); the rules read that, never these dicts.
"""

from __future__ import annotations

from collections.abc import Mapping

from admiralty.engine.tables import HouseTables, Tables, TablesError

HOUSE = HouseTables.packaged("dreadnought", depth=2)
SCHEMA_FILE = HOUSE.schema_file

__all__ = ["HOUSE", "SCHEMA_FILE", "Tables", "TablesError", "base_tables", "merged_tables"]


def base_tables() -> Tables:
    """A fresh copy of the ruleset's own tables (validated once per process)."""
    return HOUSE.base()


def merged_tables(*overrides: Mapping[str, object] | None) -> Tables:
    """The ruleset's tables with each override applied in turn (a table's keys replaced one by one);
    ``TablesError`` when the result no longer fits the tables schema."""
    return HOUSE.merged(*overrides)

