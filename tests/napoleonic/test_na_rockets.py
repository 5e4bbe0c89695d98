"""Rockets (NA-rocket): range and sight, and every line of the 2d6 table."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from admiralty.engine.dice import ScriptedDice
from admiralty.rulesets.napoleonic.engine.checks import check_scenario
from admiralty.rulesets.napoleonic.engine.game import new_game
from admiralty.rulesets.napoleonic.engine.geometry import unit_footprint
from admiralty.rulesets.napoleonic.engine.model import Battery, FirePlan, NapoleonicScenario, Ranges, Terrain
from admiralty.rulesets.napoleonic.engine.rockets import rocket_result
from admiralty.rulesets.napoleonic.engine.tables import load_tables
from admiralty.rulesets.napoleonic.engine.targets import legal_targets, reach

from .fixtures import NORTH, SOUTH, leipzig_rockets, rect, scenario, unit
from .helpers import battlefield, of_type, shoot

TABLES = load_tables()


@pytest.mark.rule("NA-rocket")
def test_rocket_table_distribution() -> None:
    counts = Counter(rocket_result(d, TABLES).result for d in itertools.product(range(1, 7), repeat=2))  # type: ignore[arg-type]
    assert counts == {"direct-hit": 1, "hit": 9, "miss": 23, "own-unit-hit": 2, "misfire": 1}
    assert Fraction(counts["hit"], 36) == Fraction(1, 4)


@pytest.mark.rule("NA-rocket")
def test_twelve_direct_hit_six_figures_and_double_six() -> None:
    field = battlefield(leipzig_rockets())
    events = shoot(field, "bogue-rockets", "saxon-line", [6, 6, 1])
    assert of_type(events, "rocket")[0]["result"] == "direct-hit"
    assert field.rosters["saxon-line"].casualties == 6
    assert of_type(events, "double-six")[0]["effect"] == "dust-and-smoke"
    assert not field.burning  # the direct hit itself starts no fire


@pytest.mark.rule("NA-rocket")
@pytest.mark.parametrize("dice", [(4, 5), (5, 5), (5, 6)])
def test_nine_to_eleven_one_figure_wavers_and_fire(dice: tuple[int, int]) -> None:
    field = battlefield(leipzig_rockets())
    events = shoot(field, "bogue-rockets", "saxon-line", list(dice))
    assert field.rosters["saxon-line"].casualties == 1
    assert "saxon-line" in field.wavering
    assert of_type(events, "burning")[0]["terrain"] == "paunsdorf"


@pytest.mark.rule("NA-rocket")
def test_nine_to_eleven_in_the_open_no_fire() -> None:
    field = battlefield(leipzig_rockets())
    shoot(field, "bogue-rockets", "french-column-1", [5, 5])
    assert field.rosters["french-column-1"].casualties == 1 and not field.burning


@pytest.mark.rule("NA-rocket")
@pytest.mark.parametrize("dice", [(1, 3), (2, 6), (4, 4)])
def test_four_to_eight_miss(dice: tuple[int, int]) -> None:
    field = battlefield(leipzig_rockets())
    events = shoot(field, "bogue-rockets", "saxon-line", list(dice))
    assert of_type(events, "rocket")[0]["result"] == "miss"
    assert all(r.casualties == 0 for r in field.rosters.values())
    assert not of_type(events, "casualties") and not field.burning


@pytest.mark.rule("NA-rocket")
def test_three_nearest_own_unit_loses_two() -> None:
    field = battlefield(leipzig_rockets())
    shoot(field, "bogue-rockets", "saxon-line", [1, 2])
    lost = {k: r.casualties for k, r in field.rosters.items() if r.casualties}
    assert lost == {"russian-jaegers": 2}  # 12.0 cm from the troop, the grenadiers 13.2


@pytest.mark.rule("NA-rocket")
def test_two_misfire_destroys_the_battery_for_the_rest_of_the_game() -> None:
    game = new_game(leipzig_rockets(), seed=1)
    assert game.to_move() == ("allies",) and game.view("allies")["battery"] == "bogue-rockets"
    game.rng = ScriptedDice([1, 1])  # type: ignore[assignment]
    game.apply("allies", game.legal_actions("allies")[0])
    game.rng = random.Random(1)
    destroyed = [e for e in game.events if e["type"] == "battery-destroyed"]
    assert destroyed and destroyed[0]["rule"] == "NA-rocket"
    while not game.is_over:
        (side,) = game.to_move()
        assert game.view(side)["battery"] != "bogue-rockets"
        game.apply(side, game.legal_actions(side)[0])
    assert game.result().details["batteries_destroyed"]["allies"] == 1
    assert game.result().points["france"] >= TABLES["result"]["battery_destroyed_figures"]


def rocket_range_scenario(target_front: float, wall: bool = False) -> NapoleonicScenario:
    target = unit("french-column", "france", (60.0, target_front), SOUTH)
    reserve = unit("russian-reserve", "russia", (10.0, 12.0), NORTH)
    # A short "long range" on purpose: rockets ignore the gun ranges and reach 80 cm.
    troop = Battery("rockets", "russia", rockets=1, at=(60.0, 0.0), facing=NORTH, ranges=Ranges(5, 10, 20))
    terrain = (Terrain("farm", "building", rect(55, 30, 65, 35)),) if wall else ()
    return scenario((target, reserve), (troop,), terrain=terrain, sides=("russia", "france"),
                    fire_plan=(FirePlan("rockets", 1, "french-column"),))


@pytest.mark.rule("NA-rocket")
@pytest.mark.parametrize(("front", "legal"), [(79.0, True), (80.0, True), (81.0, False)])
def test_rocket_range_80_cm(front: float, legal: bool) -> None:
    s = rocket_range_scenario(front)
    shapes = {u.id: unit_footprint(u) for u in s.units}
    assert reach(s.batteries[0], TABLES) == 80.0
    assert bool(legal_targets(s, s.batteries[0], s.units, shapes, TABLES)) is legal
    codes = [f.code for f in check_scenario(s)]
    assert codes == ([] if legal else ["NA-rocket"])


@pytest.mark.rule("NA-rocket")
def test_rockets_need_line_of_sight() -> None:
    s = rocket_range_scenario(50.0, wall=True)
    shapes = {u.id: unit_footprint(u) for u in s.units}
    assert [t.id for t in legal_targets(s, s.batteries[0], s.units, shapes, TABLES)] == ["farm"]
    findings = check_scenario(s)
    assert [(f.code, f.object_id) for f in findings] == [("NA-rocket", "rockets")]
    assert "cannot see" in findings[0].message


@pytest.mark.rule("NA-rocket")
def test_rockets_do_not_penetrate() -> None:
    field = battlefield(leipzig_rockets())
    events = shoot(field, "bogue-rockets", "french-column-1", [6, 6, 2])
    assert field.rosters["french-column-1"].casualties == 6
    assert field.rosters["french-column-2"].casualties == 0 and not of_type(events, "penetration")


@pytest.mark.rule("NA-rocket")
def test_a_rocket_battery_holds_rockets_only() -> None:
    s = leipzig_rockets()
    mixed = tuple(b if b.id != "bogue-rockets" else Battery("bogue-rockets", "allies", guns=1, rockets=2,
                                                            at=b.at) for b in s.batteries)
    findings = check_scenario(replace(s, batteries=mixed))
    assert ("NA-rocket", "bogue-rockets") in [(f.code, f.object_id) for f in findings]
