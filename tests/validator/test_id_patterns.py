"""Issue 19 (1): every id-like field of every schema is ASCII by pattern; free text only where a name or prose is.

Walks each schema: a string that is neither constrained (pattern, enum, const, format) nor a reference to an id
definition is free text, and its property must be one of the display-text properties below (names, titles and
prose, which the loader normalises and checks for invisible characters, TXT001-TXT005). Anything else holding
free text is an id-like field left without its ASCII pattern.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"  # the exported tree: every schema file
DISPLAY_TEXT = {"name", "title", "description", "effect", "notes", "briefing", "outcome", "sources",
                "ships", "minelayers", "minesweepers",  # lists of ship names
                "nation_names", "island"}  # a map spec's country and island names, as Natural Earth writes them
FREE = {"#/$defs/text", "#/$defs/markdown", "#/$defs/sources"}


def _free_text(node: Any, path: tuple[str, ...], found: set[tuple[str, ...]]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        constrained = any(k in node for k in ("pattern", "enum", "const", "format"))
        if ref.endswith(tuple(FREE)) or (node.get("type") == "string" and not constrained and not ref):
            found.add(path)
        for key, value in node.items():
            _free_text(value, (*path, key), found)
    elif isinstance(node, list):
        for value in node:
            _free_text(value, path, found)


def _owner(path: tuple[str, ...]) -> str:
    """The property a free-text location belongs to (past ``items``, ``$defs`` and the like)."""
    for index in range(len(path) - 1, 0, -1):
        if path[index - 1] == "properties":
            return path[index]
    return path[-1] if path else ""


def test_every_free_text_field_is_a_display_name_or_prose() -> None:
    offenders = []
    for file in sorted(SCHEMAS.glob("*/*.schema.json")):
        found: set[tuple[str, ...]] = set()
        _free_text(json.loads(file.read_text(encoding="utf-8")), (), found)
        offenders += [f"{file.parent.name}/{file.name}: {'/'.join(p)}" for p in found if _owner(p) not in DISPLAY_TEXT]
    assert offenders == []


def test_the_id_patterns_are_ascii() -> None:
    common = json.loads((SCHEMAS / "common.schema.json").read_text(encoding="utf-8"))["$defs"]
    for name in ("id", "zone_id", "place"):
        pattern = re.compile(common[name]["pattern"])
        assert not pattern.search("n\u043evara"), name  # Cyrillic o
        assert not pattern.search("nova\u200bra"), name  # zero-width space
    validator = jsonschema.Draft202012Validator({"$ref": "#/$defs/id", "$defs": common})
    assert validator.is_valid("novara-1914") and not validator.is_valid("n\u043evara-1914")
