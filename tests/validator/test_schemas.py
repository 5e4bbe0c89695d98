"""The schemas themselves: valid 2020-12, an $id each, a description on every property."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from admiralty.validator.schema import schema_files, validator_for

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
def test_schema_is_valid_and_identified(path: Path) -> None:
    schema = json.loads(path.read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["$id"].endswith(str(path.relative_to(path.parents[1] if path.parent.name != "schemas"
                                                        else path.parent)))


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
