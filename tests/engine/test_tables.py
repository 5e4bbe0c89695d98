"""One house-table loader for every rule system: the packaged ``tables.yaml`` checked against the rule
system's ``tables.schema.json``, overrides merged key by key, one ``TablesError`` listing each finding."""

from __future__ import annotations

from pathlib import Path

import pytest
from referencing.exceptions import Unresolvable

from admiralty.contract import rulesets
from admiralty.engine.tables import HouseTables, TablesError, merge

BUNDLED = ("dreadnought", "napoleonic", "renaissance")


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_rule_system_ships_tables_that_fit_its_schema(name: str) -> None:
    house = HouseTables.packaged(name)
    assert house.schema_file.is_file() and house.file == rulesets()[name].tables
    tables = house.base()
    assert tables["kind"] == "tables" and tables["ruleset"] == name
    assert house.problems(tables) == []
    tables["kind"] = "changed"
    assert house.base()["kind"] == "tables"  # every call is a fresh copy


@pytest.mark.parametrize(("name", "override", "where"), [
    ("dreadnought", {"weather": {"max_zones": {"storm": 2}}}, ("weather", "max_zones")),  # replaced whole
    ("napoleonic", {"ranges": {"canister": "near"}}, ("ranges", "canister")),
    ("renaissance", {"hit_on": [7]}, ("hit_on", 0)),
    ("renaissance", {"no_such_table": {}}, ()),
])
def test_an_override_that_breaks_the_schema_is_one_error_naming_where(name: str, override: dict[str, object],
                                                                      where: tuple[object, ...]) -> None:
    house = HouseTables.packaged(name, depth=2 if name == "dreadnought" else None)
    with pytest.raises(TablesError) as caught:
        house.merged(override)
    assert caught.value.ruleset == name and where in [path for path, _ in caught.value.problems]
    assert str(caught.value).startswith(f"invalid {name} tables:\n")


def test_merge_goes_key_by_key_to_its_depth_and_changes_neither_argument() -> None:
    base = {"t": {"a": {"x": 1, "y": 2}, "b": [1, 2]}, "u": 1}
    override = {"t": {"a": {"x": 5}}}
    assert merge(base, override) == {"t": {"a": {"x": 5, "y": 2}, "b": [1, 2]}, "u": 1}
    assert merge(base, override, depth=2) == {"t": {"a": {"x": 5}, "b": [1, 2]}, "u": 1}
    assert merge(base, {"t": 3}, depth=2) == {"t": 3, "u": 1}
    assert base == {"t": {"a": {"x": 1, "y": 2}, "b": [1, 2]}, "u": 1} and override == {"t": {"a": {"x": 5}}}


def test_overrides_apply_in_turn_and_the_rules_limits_come_after_the_schema() -> None:
    from admiralty.rulesets.napoleonic.engine.tables import HOUSE

    tables = HOUSE.merged({"gun_fire": {"hit_on": 4}}, {"gun_fire": {"hit_on": 3}})
    assert tables["gun_fire"]["hit_on"] == 3 and tables["gun_fire"]["hits_per_figure"] == 4
    with pytest.raises(TablesError, match=r"ranges: ranges must satisfy 0 < canister"):
        HOUSE.merged({"ranges": {"effective": 90}})  # fits the schema, but past the long range (NA-pen-a)
    with pytest.raises(TablesError, match=r"ranges: ranges.long must be at most range_cap.cm"):
        HOUSE.merged({"range_cap": {"enabled": True}, "ranges": {"long": 90}})  # past the house cap


def test_a_schema_ref_resolves_next_to_the_schema_file_only(tmp_path: Path) -> None:
    """``../common.schema.json`` is read from the package; a schema naming a file that is not there fails
    with the reference named, it never reaches the network."""
    (tmp_path / "r").mkdir()
    schema = tmp_path / "r" / "tables.schema.json"
    schema.write_text('{"type": "object", "properties": {"id": {"$ref": "../missing.schema.json"}}}')
    data = tmp_path / "tables.yaml"
    data.write_text("kind: tables\nid: x\n")
    with pytest.raises(Unresolvable, match=r"missing\.schema\.json"):
        HouseTables("r", data, schema).base()
