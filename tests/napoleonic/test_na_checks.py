"""Scenario checks: findings with stable codes, and the fixtures pass clean."""

from __future__ import annotations

from dataclasses import replace

import pytest

from admiralty.rulesets.napoleonic.engine.checks import CHECKS, check_scenario
from admiralty.rulesets.napoleonic.engine.model import Finding, FirePlan, Ranges, Terrain

from .fixtures import SOUTH, brigade_example, leipzig_rockets, rect, unit, village_under_howitzers


def codes(findings: list[Finding]) -> list[tuple[str, str]]:
    return [(f.code, f.object_id) for f in findings]


@pytest.mark.parametrize("make", [brigade_example, leipzig_rockets, village_under_howitzers])
def test_fixtures_are_clean(make) -> None:  # type: ignore[no-untyped-def]
    assert check_scenario(make()) == []


def test_findings_are_plain_triples() -> None:
    s = leipzig_rockets()
    off = replace(s.units[-1], at=(200.0, 50.0))
    (finding,) = check_scenario(replace(s, units=(*s.units[:-1], off)))
    code, message, object_id = finding
    assert (code, object_id) == ("GEO020", "prussian-landwehr") and "table" in message
    assert [name for name, _ in CHECKS] == [
        "on-table", "overlaps", "buildings", "batteries", "fire-plan-sight", "howitzers",
    ]


def test_unit_off_the_table_edge() -> None:
    s = brigade_example()
    edge = unit("edge", "russia", (1.0, 50.0), SOUTH, formation="line")  # 16 cm wide around x = 1
    assert codes(check_scenario(replace(s, units=(*s.units, edge)))) == [("GEO020", "edge")]


def test_overlapping_units_found_through_the_strtree() -> None:
    s = brigade_example(gap=-2.0)  # the second column's front 2 cm inside the first
    assert codes(check_scenario(s)) == [("GEO021", "russian-grenadiers")]
    touching = brigade_example(gap=0.0)
    assert check_scenario(touching) == []


def test_unit_or_battery_in_a_building() -> None:
    s = brigade_example()
    farm = Terrain("farm", "building", rect(50, 44, 70, 60))
    battery_farm = Terrain("barn", "building", rect(55, 5, 65, 15))
    table = replace(s.table, terrain=(farm, battery_farm))
    found = codes(check_scenario(replace(s, table=table)))
    assert ("GEO022", "russian-column") in found
    assert ("GEO022", "russian-grenadiers") in found
    assert ("GEO022", "french-battery") in found


def test_a_unit_may_hold_a_built_up_area() -> None:
    assert check_scenario(leipzig_rockets()) == []  # the Saxons stand in Paunsdorf


def test_planned_target_out_of_sight_and_out_of_range() -> None:
    s = brigade_example()
    wall = Terrain("wall", "building", rect(50, 20, 70, 25))
    blocked = replace(s, table=replace(s.table, terrain=(wall,)),
                      fire_plan=(FirePlan("french-battery", 1, "russian-column"),))
    assert codes(check_scenario(blocked)) == [("GEO023", "french-battery")]
    short = tuple(replace(b, ranges=Ranges(5, 10, 20)) for b in s.batteries)
    far = replace(s, batteries=short, fire_plan=(FirePlan("french-battery", 1, "russian-column"),))
    assert codes(check_scenario(far)) == [("GEO024", "french-battery")]


@pytest.mark.rule("NA-pen-a")
def test_long_range_past_80_cm_only_under_the_house_cap() -> None:
    """The battery's own long range is its maximum (no finding at 90 cm); the house ``range_cap`` rejects it."""
    s = brigade_example()
    long_guns = replace(s, batteries=(replace(s.batteries[0], ranges=Ranges(15, 40, 90)),))
    assert codes(check_scenario(long_guns)) == []
    capped = replace(long_guns, rules={"tables": {"range_cap": {"enabled": True, "cm": 80}}})
    assert codes(check_scenario(capped)) == [("NA-pen-a", "french-battery")]


