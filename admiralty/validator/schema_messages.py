"""Messages for schema findings whose jsonschema wording starts with the whole offending value: a list of eighty
items or a mapping of forty keys came out as two hundred characters of value cut off before the reason ("is too
long", "has non-unique elements"), so SCH007 never said what was wrong (issue 35). Here the reason comes first,
with counts, and the value, when shown at all, is shortened."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from admiralty.validator.load import PathPart

if TYPE_CHECKING:  # jsonschema is imported only when a document breaks a schema (see schema.py)
    from jsonschema.exceptions import ValidationError

_LONGEST = 200  # characters of a message
_VALUE = 40  # characters of a value shown in one


def short_value(value: object) -> str:
    """The value as JSON, cut to ``_VALUE`` characters with its length said when longer."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) <= _VALUE:
        return text
    closing = '"' if isinstance(value, str) else ""  # a text stays quoted: "xxxx..." (502 characters)
    return f"{text[:_VALUE - 12]}...{closing} ({len(text):,} characters)"


def _items(count: int) -> str:
    return f"{count} item" if count == 1 else f"{count} items"


def first_repeat(items: list[object]) -> tuple[int, int] | None:
    """The indexes of the first item equal to an earlier one, and of that earlier one (JSON equality: 1 and 1.0
    are equal, True and 1 are not, as jsonschema's uniqueItems has it)."""
    seen: dict[str, int] = {}
    for index, item in enumerate(items):
        key = json.dumps(item, sort_keys=True, default=str)
        if key in seen:
            return index, seen[key]
        seen[key] = index
    return None


def count_message(error: ValidationError, path: tuple[PathPart, ...]) -> tuple[tuple[PathPart, ...], str] | None:
    """SCH007's own wording and where it points, for the keywords that count items or keys; None for others."""
    keyword, limit, value = str(error.validator), error.validator_value, error.instance
    if isinstance(value, list):
        if keyword == "minItems":
            return path, f"the list has {_items(len(value))}, fewer than the {limit} required"
        if keyword == "maxItems":
            return path, f"the list has {_items(len(value))}, more than the {limit} allowed"
        if keyword == "items" and limit is False:
            allowed = len(error.schema.get("prefixItems", [])) if isinstance(error.schema, dict) else 0
            return path, f"the list has {_items(len(value))}, more than the {allowed} allowed"
        if keyword == "uniqueItems":
            repeat = first_repeat(value)
            if repeat is not None:
                index, earlier = repeat
                return (*path, index), (f"item {index + 1} repeats item {earlier + 1} ({short_value(value[index])}); "
                                        "the items must all differ")
    if keyword == "maxProperties" and isinstance(value, dict):
        count = len(value)
        return path, f"the mapping has {count} key{'' if count == 1 else 's'}, more than the {limit} allowed"
    return None


def shortened(error: ValidationError) -> str:
    """jsonschema's message, with the value it starts with shortened so that the reason after it survives."""
    message = str(error.message)
    if len(message) <= _LONGEST:
        return message
    shown = repr(error.instance)
    if message.startswith(shown):
        return short_value(error.instance) + message[len(shown):][:_LONGEST]
    return message[:_LONGEST - 3] + "..."
