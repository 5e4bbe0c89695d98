"""JSON values as types: what ``json.loads`` (and ``yaml.safe_load`` on a JSON-compatible document) returns,
before any builder has checked its shape. One definition for every module that reads or writes JSON."""

from __future__ import annotations

from typing import TypeAlias

JSONScalar: TypeAlias = str | int | float | bool | None
JSONValue: TypeAlias = "JSONScalar | list[JSONValue] | dict[str, JSONValue]"
"""A JSON value of whatever kind."""
JSONObject: TypeAlias = dict[str, JSONValue]
"""A JSON object (a mapping of names to JSON values)."""
JSONArray: TypeAlias = list[JSONValue]
"""A JSON array."""

__all__ = ["JSONArray", "JSONObject", "JSONScalar", "JSONValue"]
