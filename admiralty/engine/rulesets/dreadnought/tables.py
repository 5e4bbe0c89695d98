"""The dreadnought tables (``tables.yaml``): loaded with ``yaml.safe_load``, checked once against
``tables.schema.json``, then merged with a scenario's ``rules.tables`` overrides (by table name, then key).

Tables are plain nested dicts of JSON values; code reads them by key, never by position, so that a table
stays data and the rules that use it stay short.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from admiralty.resources import package_path

HERE = Path(__file__).resolve().parent
TABLES_FILE = HERE / "tables.yaml"
SCHEMA_FILE = package_path("schemas", "dreadnought", "tables.schema.json")

Tables = dict[str, Any]


class TablesError(ValueError):
    """The tables (or a scenario's overrides of them) do not match the tables schema."""


@cache
def _validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def check(tables: Mapping[str, Any]) -> None:
    """Raise ``TablesError`` listing every schema error of ``tables``."""
    errors = sorted(_validator().iter_errors(tables), key=lambda error: list(error.absolute_path))
    if errors:
        lines = [f"{'/'.join(str(p) for p in error.absolute_path) or '<root>'}: {error.message}" for error in errors]
        raise TablesError("invalid dreadnought tables:\n" + "\n".join(lines))


@cache
def _base_json() -> str:
    data = yaml.safe_load(TABLES_FILE.read_text(encoding="utf-8"))
    check(data)
    return json.dumps(data, sort_keys=True)


def base_tables() -> Tables:
    """A fresh copy of the ruleset's own tables (validated once per process)."""
    tables: Tables = json.loads(_base_json())
    return tables


@cache
def _merged_json(overrides_json: str) -> str:
    tables = base_tables()
    overrides = json.loads(overrides_json)
    for name, entries in overrides.items():
        if name not in tables or not isinstance(tables[name], dict) or not isinstance(entries, dict):
            raise TablesError(f"unknown table or bad override: {name!r}")
        tables[name] = {**tables[name], **entries}
    check(tables)
    return json.dumps(tables, sort_keys=True)


def merged_tables(*overrides: Mapping[str, Any] | None) -> Tables:
    """The ruleset's tables with each override applied in turn (a table's keys replaced one by one)."""
    combined: dict[str, dict[str, Any]] = {}
    for override in overrides:
        for name, entries in (override or {}).items():
            if not isinstance(entries, Mapping):
                raise TablesError(f"override of table {name!r} must be a mapping of its keys")
            combined.setdefault(name, {}).update(entries)
    tables: Tables = json.loads(_merged_json(json.dumps(combined, sort_keys=True, default=_plain)))
    return tables


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, (tuple, frozenset, set)):
        return sorted(value) if isinstance(value, (set, frozenset)) else list(value)
    raise TypeError(f"not JSON: {value!r}")


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
