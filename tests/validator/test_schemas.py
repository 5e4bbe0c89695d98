"""The schemas themselves: valid 2020-12, no absolute ``$id`` (every ``$ref`` resolves against the file's own
location, as editors resolve it), a description on every property."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from admiralty.validator.schema import SCHEMAS_DIR, registry, schema_files, schema_uri, validator_for

FILES = schema_files()


def _properties(node: Any, where: str = "$") -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            yield f"{where}.{name}", sub
        for key, value in node.items():
            if key == "if":  # a condition's properties are tests, not properties authors write
                continue
            yield from _properties(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _properties(value, f"{where}[{i}]")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_schema_is_valid_and_has_no_absolute_id(path: Path) -> None:
    """An absolute ``$id`` makes editors resolve ``../common.schema.json`` against a URL nobody serves."""
    schema = json.loads(path.read_text())
    Draft202012Validator.check_schema(schema)
    assert "$id" not in schema
    assert registry()[schema_uri(path)].contents["$id"] == schema_uri(path)
    assert schema_uri(path).endswith("/schemas/" + path.relative_to(SCHEMAS_DIR).as_posix())


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_ref_resolves_from_the_file_itself(path: Path) -> None:
    """Each ``$ref`` names a file next to this one (relative to it, never a URL) and a pointer that exists
    there: what an editor follows from the modeline, offline."""
    schema = json.loads(path.read_text())
    refs = list(_refs(schema))
    for ref in refs:
        file_part, _, pointer = ref.partition("#")
        assert "://" not in file_part, ref
        target = (path.parent / file_part).resolve() if file_part else path
        assert target.is_file(), ref
        node = json.loads(target.read_text())
        for part in (p for p in pointer.split("/") if p):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        assert isinstance(node, dict), ref


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_property_has_a_description(path: Path) -> None:
    schema = json.loads(path.read_text())
    missing = [where for where, sub in _properties(schema) if "description" not in sub]
    assert missing == []


def test_validators_are_built_once() -> None:
    assert validator_for("dreadnought", "map") is validator_for("dreadnought", "map")


def test_refs_resolve_locally_without_network() -> None:
    validator = validator_for("dreadnought", "ships")
    assert validator is not None
    errors = list(validator.iter_errors({"kind": "ships", "ruleset": "dreadnought", "id": "BAD ID",
                                         "nation": "x", "classes": [], "ships": []}))
    assert any(e.validator == "pattern" for e in errors)
