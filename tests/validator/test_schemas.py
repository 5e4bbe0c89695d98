"""The schemas themselves: valid 2020-12, no absolute ``$id`` (every ``$ref`` resolves against the file's own
location, as editors resolve it), a description on every property."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from admiralty.resources import SCHEMA_BASE_URI
from admiralty.schemafiles import schema_files, schema_places, schema_uri
from admiralty.validator.diagnostics import Diagnostic, Severity
from admiralty.validator.pipeline import validate
from admiralty.validator.schema import registry, validator_for

EXPORTED = Path(__file__).resolve().parents[2] / "schemas"  # what `admiralty schemas export` writes
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
    assert schema_uri(path) == SCHEMA_BASE_URI + schema_places()[path]


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


@pytest.mark.parametrize("path", sorted(EXPORTED.rglob("*.schema.json")), ids=lambda p: p.name)
def test_every_ref_resolves_from_the_file_itself(path: Path) -> None:
    """Each ``$ref`` of the exported tree (what the modelines name) names a file next to this one (relative to
    it, never a URL) and a pointer that exists there: what an editor follows from the modeline, offline."""
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


# --- SCH012: the modeline is there, names this kind's schema, and that file exists -------------------------

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini"
SHIPS = "dreadnought/ships.schema.json"


def _modeline_warnings(tmp_path: Path, first_line: str | None, folder: str = "corpus/ships") -> list[Diagnostic]:
    """SCH012 findings for the mini Austro-Hungarian catalog written to ``folder`` with ``first_line``."""
    body = (MINI / "ah.yaml").read_text(encoding="utf-8").split("\n", 1)[1]
    target = tmp_path / folder / "ah.yaml"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text((first_line + "\n" if first_line is not None else "") + body, encoding="utf-8")
    report = validate([str(target)]).report
    assert [d for d in report.diagnostics if d.severity is Severity.ERROR] == []
    return [d for d in report.diagnostics if d.code == "SCH012"]


def _copy_schemas(into: Path) -> None:
    shutil.copytree(EXPORTED, into, ignore=shutil.ignore_patterns("__pycache__"))


def test_modeline_missing_is_a_warning(tmp_path: Path) -> None:
    found = _modeline_warnings(tmp_path, None)
    assert [(d.line, d.column, d.severity) for d in found] == [(1, 1, Severity.WARNING)]
    assert "there is none" in found[0].message and SHIPS in found[0].hint


def test_modeline_naming_another_schema_is_a_warning(tmp_path: Path) -> None:
    _copy_schemas(tmp_path / "schemas")
    found = _modeline_warnings(tmp_path, "# yaml-language-server: $schema=../../schemas/dreadnought/map.schema.json")
    assert len(found) == 1 and "it names '../../schemas/dreadnought/map.schema.json'" in found[0].message


def test_modeline_naming_a_file_that_is_not_there_is_a_warning(tmp_path: Path) -> None:
    """A corpus copied out of the repository keeps ``../../../schemas/...``: the right name, no file."""
    found = _modeline_warnings(tmp_path, f"# yaml-language-server: $schema=../../../schemas/{SHIPS}")
    assert len(found) == 1
    looked_for = re.search(r"\(looked for (.+)\)$", found[0].message)
    assert "does not exist" in found[0].message and looked_for
    # shown as the file names are (relative to the working directory when that is shorter): the same place
    assert Path(looked_for.group(1)).resolve() == (tmp_path.parent / "schemas" / SHIPS).resolve()
    assert "admiralty schemas export" in found[0].hint and "fix the path" in found[0].hint


@pytest.mark.parametrize("modeline", [f"../../schemas/{SHIPS}", f"https://example.org/schemas/{SHIPS}", "FILE_URI"])
def test_modeline_naming_an_existing_file_or_a_url_is_quiet(tmp_path: Path, modeline: str) -> None:
    _copy_schemas(tmp_path / "schemas")
    if modeline == "FILE_URI":
        modeline = (tmp_path / "schemas" / SHIPS).as_uri()
    assert _modeline_warnings(tmp_path, f"# yaml-language-server: $schema={modeline}") == []


def test_modeline_file_uri_to_nothing_is_a_warning(tmp_path: Path) -> None:
    found = _modeline_warnings(tmp_path, f"# yaml-language-server: $schema={(tmp_path / 'nowhere' / SHIPS).as_uri()}")
    assert len(found) == 1 and "does not exist" in found[0].message


def test_the_repository_corpus_modelines_all_resolve() -> None:
    report = validate([str(Path(__file__).resolve().parents[2] / "scenarios")]).report
    assert [d for d in report.diagnostics if d.code == "SCH012"] == []


# --- what the schemas state: table override keys, integers ------------------------------------------------


def _keys(node: dict[str, Any]) -> dict[str, Any]:
    """The property tree of a schema node: name -> the same for its own properties (leaves: None)."""
    return {name: _keys(sub) if "properties" in sub else None for name, sub in node.get("properties", {}).items()}


@pytest.mark.parametrize("ruleset", ["dreadnought", "napoleonic"])
def test_table_overrides_name_exactly_the_house_tables_keys(ruleset: str) -> None:
    """``rules.tables`` is closed at every level it is merged at, with the tables schema's own names, so that
    an editor flags an unknown table or key (admiralty: SCH020): dreadnought merges by table then key,
    napoleonic mapping by mapping; nothing there is required, an override names only what it changes."""
    scenario = json.loads((EXPORTED / ruleset / "scenario.schema.json").read_text())
    tables = json.loads((EXPORTED / ruleset / "tables.schema.json").read_text())
    overrides = scenario["properties"]["rules"]["properties"]["tables"]
    house = {k: v for k, v in _keys(tables).items() if k not in ("kind", "ruleset", "id", "title")}
    if ruleset == "dreadnought":  # one level of merge: a table's keys are replaced whole
        house = {name: dict.fromkeys(keys) for name, keys in house.items() if keys is not None}
    assert _keys(overrides) == house

    def closed(node: dict[str, Any]) -> Iterator[bool]:
        if "properties" in node:
            yield node.get("additionalProperties") is False and "required" not in node
            for sub in node["properties"].values():
                yield from closed(sub)

    assert all(closed(overrides))


@pytest.mark.parametrize(("ruleset", "overrides", "code"), [
    ("dreadnought", {"gunnery_dice": {"hit_on": 5}}, "additionalProperties"),
    ("dreadnought", {"gunnery": {"hits_onn": 5}}, "additionalProperties"),
    ("dreadnought", {"gunnery": {"hits_on": 5}}, None),
    ("napoleonic", {"gun_fire": {"dice_per_piece": {"canistr": 2}}}, "additionalProperties"),
    ("napoleonic", {"gun_fire": {"dice_per_piece": {"canister": 2}}}, None)])
def test_an_unknown_table_override_key_fails_the_schema(ruleset: str, overrides: dict[str, Any],
                                                        code: str | None) -> None:
    validator = validator_for(ruleset, "scenario")
    assert validator is not None
    errors = [e for e in validator.iter_errors({"rules": {"tables": overrides}})
              if list(e.absolute_path)[:2] == ["rules", "tables"]]
    assert [e.validator for e in errors] == ([code] if code else [])


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_integer_descriptions_say_that_admiralty_wants_whole_numbers(path: Path) -> None:
    """JSON Schema counts ``3.0`` as an integer, so editors accept it; admiralty does not (SCH003). The
    schema cannot say so in a keyword, so every described integer says so in words."""
    schema = json.loads(path.read_text())

    def integers(node: Any) -> Iterator[dict[str, Any]]:
        if isinstance(node, dict):
            if node.get("type") == "integer" and "description" in node:
                yield node
            for value in node.values():
                yield from integers(value)
        elif isinstance(node, list):
            for value in node:
                yield from integers(value)

    assert all("not `3.0`" in node["description"] for node in integers(schema))
