"""Shot penetration (NA-pen-a..e), with the seed's worked example and each bound."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from admiralty.rulesets.napoleonic.engine.fire import range_band
from admiralty.rulesets.napoleonic.engine.geometry import gap_behind, share_behind, unit_footprint
from admiralty.rulesets.napoleonic.engine.model import Battery, NapoleonicScenario, Ranges, Terrain
from admiralty.rulesets.napoleonic.engine.penetration import penetration_casualties, units_penetrated
from admiralty.rulesets.napoleonic.engine.tables import load_tables
from admiralty.rulesets.napoleonic.engine.targets import legal_targets, reach

from .fixtures import NORTH, SOUTH, brigade_example, rect, scenario, unit
from .helpers import battlefield, of_type, shoot

TABLES = load_tables()
EIGHT_HITS = [6] * 8  # 4 guns at effective range roll 8 dice: 8 hits = 2 figures exactly


def penetrated(s: NapoleonicScenario, target_id: str = "russian-column") -> list[str]:
    battery = s.batteries[0]
    shapes = {u.id: unit_footprint(u) for u in s.units}
    target = s.unit(target_id)
    others = [(u.id, shapes[u.id]) for u in s.units if u.side == target.side and u.id != target_id]
    return [p.unit for p in units_penetrated(battery.at, battery.ranges.long, shapes[target_id], others, TABLES)]


@pytest.mark.rule("NA-pen-b")
@pytest.mark.rule("NA-pen-c")
def test_seed_example_brigade_in_columns() -> None:
    """Seed 003: the French battery kills 2 figures in the leading column; the grenadier battalion 8 cm
    behind it loses 1."""
    field = battlefield(brigade_example(gap=8.0))
    events = shoot(field, "french-battery", "russian-column", EIGHT_HITS)
    fire = of_type(events, "fire")[0]
    assert (fire["band"], fire["hits"], fire["casualties"]) == ("effective", 8, "2")
    assert field.rosters["russian-column"].casualties == 2
    assert field.rosters["russian-grenadiers"].casualties == 1
    (hit,) = of_type(events, "penetration")
    assert hit["unit"] == "russian-grenadiers" and hit["rule"] == "NA-pen-b"
    assert hit["gap"] == pytest.approx(8.0) and hit["share_behind"] == pytest.approx(1.0)
    assert field.rosters["french-reserve"].casualties == 0


@pytest.mark.rule("NA-pen-b")
@pytest.mark.parametrize(("gap", "expected"), [(0.0, True), (7.9, True), (8.0, True), (8.1, False), (12.0, False)])
def test_eight_cm_behind_bound(gap: float, expected: bool) -> None:
    assert (penetrated(brigade_example(gap=gap)) == ["russian-grenadiers"]) is expected


@pytest.mark.rule("NA-pen-b")
def test_eight_point_one_cm_loses_nothing_in_play() -> None:
    field = battlefield(brigade_example(gap=8.1))
    events = shoot(field, "french-battery", "russian-column", EIGHT_HITS)
    assert not of_type(events, "penetration")
    assert field.rosters["russian-grenadiers"].casualties == 0


@pytest.mark.rule("NA-pen-b")
def test_only_enemy_units_suffer() -> None:
    """A unit of the firing side standing behind the target is not hit (the seed says "enemy")."""
    s = brigade_example()
    friend = unit("french-skirmishers", "france", (60.0, 50.0), SOUTH, formation="line", bases=1)
    s2 = scenario((s.units[0], friend, s.units[2]), s.batteries)
    field = battlefield(s2)
    events = shoot(field, "french-battery", "russian-column", EIGHT_HITS)
    assert not of_type(events, "penetration")


def reach_scenario(rear_front: float) -> NapoleonicScenario:
    """Battery at y=0; target column (facing south) from y=70 to 78; another 2 cm-deep line from
    ``rear_front`` on. The long range is the 80 cm maximum."""
    target = unit("russian-column", "russia", (60.0, 70.0), SOUTH)
    rear = unit("russian-reserve", "russia", (60.0, rear_front), SOUTH, formation="line", bases=2)
    battery = Battery("french-battery", "france", guns=4, at=(60.0, 0.0), facing=NORTH)
    return scenario((target, rear), (battery,))


@pytest.mark.rule("NA-pen-a")
@pytest.mark.parametrize(("front", "expected"), [(79.0, True), (80.0, True), (81.0, False)])
def test_penetration_never_beyond_maximum_range(front: float, expected: bool) -> None:
    """80 cm from the battery is still in reach; 81 cm is not, though the unit is within 8 cm behind."""
    s = reach_scenario(front)
    assert (penetrated(s) == ["russian-reserve"]) is expected


def long_gun_scenario() -> NapoleonicScenario:
    """A battery of 100 cm long range at y=0; the target column (facing south) from y=82 to 90, and a line
    right behind it, 90 cm away."""
    target = unit("russian-column", "russia", (60.0, 82.0), SOUTH)
    rear = unit("russian-reserve", "russia", (60.0, 90.0), SOUTH, formation="line", bases=2)
    battery = Battery("french-battery", "france", guns=4, at=(60.0, 0.0), facing=NORTH, ranges=Ranges(15, 40, 100))
    return scenario((target, rear), (battery,), size=(120.0, 120.0))


@pytest.mark.rule("NA-pen-a")
def test_a_battery_reaches_its_own_maximum_range_past_80_cm() -> None:
    """The literal reading (default): the seed's 80 cm is its example of a maximum range. A battery whose
    long range is 100 cm fires at a column 82 cm away and its shot penetrates the line 90 cm away."""
    s = long_gun_scenario()
    battery = s.batteries[0]
    assert reach(battery, TABLES) == 100.0
    shapes = {u.id: unit_footprint(u) for u in s.units}
    assert [t.id for t in legal_targets(s, battery, s.units, shapes, TABLES)] == ["russian-column",
                                                                                  "russian-reserve"]
    events = shoot(battlefield(s), "french-battery", "russian-column", [6] * 5)   # 4 hits, 1 die for 1/2
    assert of_type(events, "fire")[0]["band"] == "long"
    assert [(e["unit"], e["distance"]) for e in of_type(events, "penetration")] == [("russian-reserve", 90.0)]


@pytest.mark.rule("NA-pen-a")
@pytest.mark.parametrize(("cap", "expected"), [(100.0, ["russian-column", "russian-reserve"]),
                                               (90.0, ["russian-column", "russian-reserve"]),
                                               (89.0, ["russian-column"]), (80.0, [])])
def test_the_house_range_cap_limits_every_battery(cap: float, expected: list[str]) -> None:
    """House option ``range_cap`` (off by default): no battery reaches past ``cm``; 90 cm is in at a 90 cm
    cap, out at 89."""
    s = long_gun_scenario()
    capped = load_tables({"range_cap": {"enabled": True, "cm": cap}})
    assert reach(s.batteries[0], capped) == min(100.0, cap)
    shapes = {u.id: unit_footprint(u) for u in s.units}
    assert [t.id for t in legal_targets(s, s.batteries[0], s.units, shapes, capped)] == expected


@pytest.mark.rule("NA-pen-a")
def test_range_bands_end_at_the_maximum() -> None:
    ranges = Ranges(15.0, 40.0, 80.0)
    assert [range_band(d, ranges) for d in (15.0, 15.1, 40.0, 40.1, 80.0)] == [
        "canister", "effective", "effective", "long", "long",
    ]
    assert range_band(80.1, ranges) is None and range_band(81.0, ranges) is None


@pytest.mark.rule("NA-pen-a")
def test_penetration_at_every_range_band() -> None:
    """Canister, effective and long range all penetrate."""
    for battery_y, band in ((35.0, "canister"), (10.0, "effective"), (-10.0, "long")):
        s = brigade_example()
        moved = Battery("french-battery", "france", guns=4, at=(60.0, battery_y), facing=NORTH)
        s = scenario(s.units, (moved,), size=(120.0, 120.0))
        field = battlefield(s)
        # 3, 2 and 1 figures in the target: 3/2, 1 and 1/2 behind it (one rounding die for a half)
        faces = {"canister": [6] * 13, "effective": [6] * 8, "long": [6] * 5}[band]
        events = shoot(field, "french-battery", "russian-column", faces)
        assert of_type(events, "fire")[0]["band"] == band
        assert [e["unit"] for e in of_type(events, "penetration")] == ["russian-grenadiers"]


@pytest.mark.rule("NA-pen-a")
def test_target_beyond_81_cm_is_not_a_target() -> None:
    s = reach_scenario(90.0)
    far = Battery("french-battery", "france", guns=4, at=(60.0, -11.0), facing=NORTH)
    shapes = {u.id: unit_footprint(u) for u in s.units}
    assert [t.id for t in legal_targets(s, far, s.units, shapes, TABLES)] == []
    near = Battery("french-battery", "france", guns=4, at=(60.0, -10.0), facing=NORTH)
    assert [t.id for t in legal_targets(s, near, s.units, shapes, TABLES)] == ["russian-column"]


@pytest.mark.rule("NA-pen-c")
@pytest.mark.parametrize(("die", "expected"), [(1, 1), (3, 1), (4, 2), (6, 2)])
def test_half_the_target_casualties_rounded_by_10_46b(die: int, expected: int) -> None:
    """3 figures in the target: 1 1/2 behind it, the half rounded up on 4-6."""
    field = battlefield(brigade_example(guns=6))  # 12 dice at effective range
    events = shoot(field, "french-battery", "russian-column", [6] * 12 + [die])
    assert field.rosters["russian-column"].casualties == 3
    assert field.rosters["russian-grenadiers"].casualties == expected
    (rounding,) = [e for e in of_type(events, "rounding") if e["unit"] == "russian-grenadiers"]
    assert rounding["rule"] == "NA-10.46b" and rounding["amount"] == "3/2"


@pytest.mark.rule("NA-pen-c")
def test_penetration_casualties_are_half() -> None:
    assert [penetration_casualties(n, TABLES) for n in (0, 1, 2, 3, 6)] == [
        0, Fraction(1, 2), 1, Fraction(3, 2), 3,
    ]


@pytest.mark.rule("NA-pen-c")
def test_no_loss_in_the_target_no_penetration() -> None:
    field = battlefield(brigade_example())
    events = shoot(field, "french-battery", "russian-column", [2] * 8)
    assert not of_type(events, "penetration") and field.rosters["russian-grenadiers"].casualties == 0


@pytest.mark.rule("NA-pen-d")
@pytest.mark.parametrize(
    ("lateral", "share", "expected"),
    [(1.96, 0.51, True), (2.0, 0.50, True), (2.04, 0.49, False), (0.0, 1.0, True), (4.0, 0.0, False)],
)
def test_half_the_footprint_strictly_behind(lateral: float, share: float, expected: bool) -> None:
    """The second column shifted sideways: 51% of it behind counts, 49% does not; exactly 50% counts
    because the seed says "не менее 50%" (not less than 50%)."""
    s = brigade_example(gap=4.0, lateral=lateral)
    shapes = {u.id: unit_footprint(u) for u in s.units}
    origin = s.batteries[0].at
    assert share_behind(origin, shapes["russian-column"], shapes["russian-grenadiers"]) == pytest.approx(share)
    assert (penetrated(s) == ["russian-grenadiers"]) is expected


@pytest.mark.rule("NA-pen-d")
def test_beside_the_target_is_not_behind() -> None:
    """A unit level with the target's flank, wholly outside its shadow, is not behind it."""
    s = brigade_example(gap=-8.0, lateral=6.0)  # level with the target, 2 cm to its east
    assert penetrated(s) == []


@pytest.mark.rule("NA-pen-e")
@pytest.mark.parametrize("kind", ["built-up", "rough"])
def test_no_penetration_from_a_target_in_built_up_or_rough(kind: str) -> None:
    s = brigade_example()
    ground = Terrain("ground", kind, rect(50, 39, 70, 49))
    field = battlefield(scenario(s.units, s.batteries, terrain=(ground,)))
    events = shoot(field, "french-battery", "russian-column", EIGHT_HITS)
    assert field.rosters["russian-column"].casualties >= 1
    assert not of_type(events, "penetration")
    (blocked,) = of_type(events, "no-penetration")
    assert blocked["rule"] == "NA-pen-e" and blocked["ground"] == kind


@pytest.mark.rule("NA-pen-e")
def test_no_penetration_when_firing_at_a_building() -> None:
    """Firing at a building with an enemy column just behind it: no penetration, no casualties."""
    s = brigade_example()
    building = Terrain("farm", "building", rect(55, 30, 65, 36))
    rear = unit("russian-column", "russia", (60.0, 38.0), SOUTH)  # 2 cm behind the farm
    field = battlefield(scenario((rear, s.units[2]), s.batteries, terrain=(building,)))
    events = shoot(field, "french-battery", "farm", [])  # no howitzers: no fire roll either
    assert of_type(events, "no-penetration")[0]["rule"] == "NA-pen-e"
    assert field.rosters["russian-column"].casualties == 0


@settings(max_examples=150, deadline=None)
@given(
    gap=st.integers(min_value=0, max_value=1600).map(lambda n: n / 100),
    lateral=st.integers(min_value=0, max_value=600).map(lambda n: n / 100),
)
@pytest.mark.rule("NA-pen-b")
@pytest.mark.rule("NA-pen-d")
def test_penetration_matches_the_definition(gap: float, lateral: float) -> None:
    """Battery straight ahead: share behind is (4 - lateral) / 4 of a 4 cm wide column; penetration iff
    that is at least 1/2 and the gap is at most 8 cm."""
    share = max(0.0, 4.0 - lateral) / 4.0
    expected = share >= 0.5 - 1e-9 and gap <= 8.0 + 1e-9 and share > 0
    assert (penetrated(brigade_example(gap=gap, lateral=lateral)) == ["russian-grenadiers"]) is expected


@settings(max_examples=60, deadline=None)
@given(angle=st.floats(min_value=0.0, max_value=359.0), gap=st.sampled_from([2.0, 7.5, 8.5]),
       lateral=st.sampled_from([0.0, 1.5, 2.5]))
@pytest.mark.rule("NA-pen-d")
def test_behind_does_not_depend_on_the_table_orientation(angle: float, gap: float, lateral: float) -> None:
    """Rotating the whole setup about the battery changes neither the share behind nor the gap."""
    def turn(p: tuple[float, float]) -> tuple[float, float]:
        x, y = p[0] - 60.0, p[1] - 10.0
        c, s_ = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        return (60.0 + x * c + y * s_, 10.0 - x * s_ + y * c)  # clockwise, like a compass bearing

    base = brigade_example(gap=gap, lateral=lateral)
    shapes = {u.id: unit_footprint(u) for u in base.units}
    origin = base.batteries[0].at
    front = unit("russian-column", "russia", turn((60.0, 40.0)), (SOUTH + angle) % 360)
    rear = unit("russian-grenadiers", "russia", turn((60.0 + lateral, 48.0 + gap)), (SOUTH + angle) % 360)
    f2, r2 = unit_footprint(front), unit_footprint(rear)
    assert share_behind(origin, f2, r2) == pytest.approx(
        share_behind(origin, shapes["russian-column"], shapes["russian-grenadiers"]), abs=1e-6)
    assert gap_behind(origin, f2, r2) == pytest.approx(
        gap_behind(origin, shapes["russian-column"], shapes["russian-grenadiers"]), abs=1e-6)
