"""Where a schema wants integers, and where a document holds integral floats (``2.0``, ``-0.0``) there.

JSON Schema counts ``2.0`` as an integer (jsonschema and jsonschema-rs both accept it), and so does every
editor; admiralty does not (SCH003), because the builders and the engine count, slice and ``range()`` with
such values. The schema cannot say so, so this semantic check follows the schema's ``type`` keywords
through local ``$ref``s (never the network) and reports the places.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from admiralty.schemafiles import ref_target
from admiralty.validator.load import PathPart


@cache
def schema_file_contents(path: Path) -> Any:
    """The parsed JSON of a schema file, read once."""
    return json.loads(path.read_text(encoding="utf-8"))


def _deref(node: Any, base: Path) -> tuple[Any, Path]:
    """Follow ``$ref`` to local schema files (``../common.schema.json#/$defs/id``), never the network."""
    for _ in range(32):  # a chain of references, not a loop
        if not isinstance(node, dict) or "$ref" not in node:
            break
        file_part, _, pointer = str(node["$ref"]).partition("#")
        base = ref_target(base, file_part) if file_part else base
        node = schema_file_contents(base)
        for part in (p for p in pointer.split("/") if p):
            node = node[part]
    return node, base


@dataclass
class _Wants:
    """Where a schema wants integers: at this node (and no alternative here takes other numbers), and in
    which children. ``below`` is false for subtrees with no integer at all (polygons), which are skipped."""

    integer: bool = False
    number: bool = False
    properties: dict[str, _Wants] = field(default_factory=dict)
    extra: _Wants | None = None
    prefix: list[_Wants] = field(default_factory=list)
    items: _Wants | None = None
    below: bool = False


def _compile(node: Any, base: Path, into: _Wants, depth: int = 0) -> _Wants:
    node, base = _deref(node, base)
    if not isinstance(node, dict) or depth > 40:
        return into
    kinds = node.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    into.integer |= "integer" in kinds
    into.number |= "number" in kinds
    _compile_mapping(node, base, into, depth)
    _compile_array(node, base, into, depth)
    for key in ("anyOf", "oneOf", "allOf"):
        for option in node.get(key, []):
            _compile(option, base, into, depth + 1)
    children = [*into.properties.values(), *into.prefix, *(c for c in (into.extra, into.items) if c)]
    into.below = (into.integer and not into.number) or any(c.below for c in children)
    return into


def _compile_mapping(node: dict[str, Any], base: Path, into: _Wants, depth: int) -> None:
    """The object keywords: ``properties`` and ``additionalProperties``."""
    for key, sub in node.get("properties", {}).items():
        into.properties[key] = _compile(sub, base, into.properties.get(key) or _Wants(), depth + 1)
    if isinstance(node.get("additionalProperties"), dict):
        into.extra = _compile(node["additionalProperties"], base, into.extra or _Wants(), depth + 1)


def _compile_array(node: dict[str, Any], base: Path, into: _Wants, depth: int) -> None:
    """The array keywords: ``prefixItems`` and ``items``."""
    for i, sub in enumerate(node.get("prefixItems", [])):
        if i >= len(into.prefix):
            into.prefix.append(_Wants())
        into.prefix[i] = _compile(sub, base, into.prefix[i], depth + 1)
    if isinstance(node.get("items"), dict):
        into.items = _compile(node["items"], base, into.items or _Wants(), depth + 1)


@cache
def _integer_places(path: Path) -> _Wants:
    return _compile(schema_file_contents(path), path, _Wants())


def integral_floats(data: Any, schema_file: Path) -> list[tuple[PathPart, ...]]:
    """Where the schema in ``schema_file`` wants an integer and ``data`` holds a float (``2.0``, ``-0.0``):
    JSON Schema counts those as integers (jsonschema and jsonschema-rs both accept them), but the
    builders and the engine count, slice and ``range()`` with such values, which a float breaks."""
    found: list[tuple[PathPart, ...]] = []
    stack: list[tuple[Any, _Wants, tuple[PathPart, ...]]] = [(data, _integer_places(schema_file), ())]
    while stack:
        value, wants, at = stack.pop()
        if not wants.below:
            continue
        if isinstance(value, float):
            if wants.integer and not wants.number:
                found.append(at)
        elif isinstance(value, dict):
            for key, item in value.items():
                sub = wants.properties.get(key, wants.extra)
                if sub is not None:
                    stack.append((item, sub, (*at, key)))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                sub = wants.prefix[i] if i < len(wants.prefix) else wants.items
                if sub is not None:
                    stack.append((item, sub, (*at, i)))
    return found
