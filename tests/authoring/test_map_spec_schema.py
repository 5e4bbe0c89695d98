"""The ``map from-geojson`` spec has a JSON Schema, exported with the others (so editors complete its keys
offline), that every committed spec fits and that names each key the builder reads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator

from admiralty.rulesets.dreadnought.validator.authoring.cli import SPEC_KEYS
from admiralty.scaffold.export import export_schemas
from admiralty.schemafiles import schema_uri
from admiralty.validator.schema import registry

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "admiralty" / "rulesets" / "dreadnought" / "schemas" / "map-spec.schema.json"
SPECS = sorted((ROOT / "data" / "maps").glob("*.spec.yaml"))


def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return Draft202012Validator({**schema, "$id": schema_uri(SCHEMA)}, registry=registry())


def test_the_spec_schema_is_exported_beside_the_map_schema(tmp_path: Path) -> None:
    export_schemas(tmp_path / "schemas")
    exported = tmp_path / "schemas" / "dreadnought" / "map-spec.schema.json"
    assert exported.read_bytes() == SCHEMA.read_bytes() == (ROOT / "schemas" / "dreadnought" /
                                                            "map-spec.schema.json").read_bytes()


def test_every_committed_spec_fits_and_names_the_schema_in_its_modeline() -> None:
    assert len(SPECS) >= 4
    for spec in SPECS:
        text = spec.read_text(encoding="utf-8")
        assert text.splitlines()[0] == "# yaml-language-server: $schema=../../schemas/dreadnought/map-spec.schema.json"
        assert list(validator().iter_errors(yaml.safe_load(text))) == [], spec.name


def test_the_schema_describes_exactly_the_keys_the_command_names() -> None:
    properties = json.loads(SCHEMA.read_text(encoding="utf-8"))["properties"]
    assert list(properties) == list(SPEC_KEYS)
    assert all(entry.get("description") for entry in properties.values())


def test_a_misspelt_key_and_an_assignment_without_a_place_are_refused() -> None:
    spec = yaml.safe_load(SPECS[0].read_text(encoding="utf-8"))
    errors = list(validator().iter_errors({**spec, "nation_name": {}}))
    assert [e.validator for e in errors] == ["additionalProperties"] and re.search("nation_name", errors[0].message)
    errors = list(validator().iter_errors({**spec, "assign_land": [{"nation": "greece"}]}))
    assert [e.validator for e in errors] == ["oneOf"]
