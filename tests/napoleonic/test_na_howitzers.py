"""Howitzer batteries (NA-how-a, NA-how-b)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from admiralty.rulesets.napoleonic.engine.checks import check_scenario
from admiralty.rulesets.napoleonic.engine.fire import gun_solution
from admiralty.rulesets.napoleonic.engine.game import new_game
from admiralty.rulesets.napoleonic.engine.howitzers import battery_kind, fire_solution, howitzer_solution
from admiralty.rulesets.napoleonic.engine.model import Battery, FirePlan, NapoleonicScenario, Terrain
from admiralty.rulesets.napoleonic.engine.tables import load_tables

from .fixtures import NORTH, SOUTH, brigade_example, rect, scenario, unit, village_under_howitzers
from .helpers import battlefield, of_type, shoot

TABLES = load_tables()
MIXED = Battery("mixed", "france", guns=4, howitzers=2)
HOWITZERS = Battery("howitzers", "france", howitzers=4)


@pytest.mark.rule("NA-how-a")
def test_howitzers_in_a_gun_battery_fire_with_it() -> None:
    """The mixed battery's howitzers are simply pieces of it: 6 pieces, gun dice, no shells."""
    assert battery_kind(MIXED) == "gun" and battery_kind(HOWITZERS) == "howitzer"
    for band in ("canister", "effective", "long"):
        solution = fire_solution(MIXED, band, False, False, TABLES)
        assert solution.pieces == 6 and not solution.shells
        assert solution.dice == 6 * TABLES["gun_fire"]["dice_per_piece"][band]


@pytest.mark.rule("NA-how-a")
def test_part_of_a_gun_battery_cannot_be_planned_to_fire_alone() -> None:
    s = village_under_howitzers()
    plan = (*s.fire_plan, FirePlan("french-horse", 1, "austrian-grenzers", pieces="howitzers"))
    findings = check_scenario(replace(s, fire_plan=plan))
    assert [(f.code, f.object_id) for f in findings] == [("NA-how-a", "french-horse")]


@pytest.mark.rule("NA-how-a")
def test_howitzer_batteries_formed_before_play_only() -> None:
    s = village_under_howitzers()
    assert check_scenario(s) == []
    late = tuple(replace(b, formed_turn=2) if b.id == "french-howitzers" else b for b in s.batteries)
    findings = check_scenario(replace(s, batteries=late))
    assert [(f.code, f.object_id) for f in findings] == [("NA-how-a", "french-howitzers")]


@pytest.mark.rule("NA-how-a")
@pytest.mark.rule("NA-how-b")
@pytest.mark.rule("NA-10.46b")
def test_each_play_log_event_names_the_clause_that_decided_it() -> None:
    """A mixed battery's fire and its casualties are decided by the house gun fire table (NA-how-a only counts
    its howitzers as pieces): tagged ``house``, not NA-how-a. The penetration (NA-pen-b), its half-figure
    casualties (NA-pen-c) and their one-die rounding (NA-10.46b, the 1/2 roll) keep their own clauses; a
    howitzer battery's shells are NA-how-b."""
    s = brigade_example()
    mixed = replace(s.batteries[0], guns=4, howitzers=2)
    field = battlefield(replace(s, batteries=(mixed,)))
    events = shoot(field, "french-battery", "russian-column", [6] * 12 + [6])   # 12 hits: 3 figures; 3/2 behind
    tags = [(e["type"], e["unit"] if "unit" in e else e.get("target"), e["rule"]) for e in events]
    assert tags == [("fire", "russian-column", "house"), ("casualties", "russian-column", "house"),
                    ("penetration", "russian-grenadiers", "NA-pen-b"),
                    ("rounding", "russian-grenadiers", "NA-10.46b"),
                    ("casualties", "russian-grenadiers", "NA-pen-c")]
    shells = replace(s.batteries[0], guns=0, howitzers=4, at=(60.0, -20.0))     # 60 cm: long range, shells
    events = shoot(battlefield(replace(s, batteries=(shells,))), "french-battery", "russian-column", [6] * 4)
    assert [(e["type"], e["rule"]) for e in events] == [("fire", "NA-how-b"), ("casualties", "NA-how-b"),
                                                        ("no-penetration", "NA-how-b")]


@pytest.mark.rule("NA-how-a")
def test_no_action_ever_splits_a_battery() -> None:
    """Every legal action names a whole battery and a target; nothing forms or splits batteries."""
    game = new_game(village_under_howitzers(), seed=5)
    while not game.is_over:
        (side,) = game.to_move()
        actions = game.legal_actions(side)
        assert all(set(a) == {"battery", "target"} for a in actions)
        game.apply(side, actions[0])


@pytest.mark.rule("NA-how-b")
def test_long_range_shells_with_the_shell_modifier() -> None:
    mods = TABLES["gun_fire"]["modifiers"]
    open_ground = howitzer_solution(HOWITZERS, "long", False, False, TABLES)
    assert open_ground.shells and open_ground.modifier == mods["shell_long_range"]
    assert open_ground.dice == 4 * TABLES["gun_fire"]["dice_per_piece"]["long"]


@pytest.mark.rule("NA-how-b")
def test_effective_range_is_normal_shot_without_the_shell_modifier() -> None:
    howitzer = howitzer_solution(HOWITZERS, "effective", False, True, TABLES)
    as_guns = gun_solution(Battery("guns", "france", guns=4), "effective", False, True, TABLES)
    assert (howitzer.dice, howitzer.modifier) == (as_guns.dice, as_guns.modifier)


@pytest.mark.rule("NA-how-b")
def test_canister_range_is_normal_guns() -> None:
    for cover in (False, True):
        howitzer = howitzer_solution(HOWITZERS, "canister", cover, False, TABLES)
        as_guns = gun_solution(Battery("guns", "france", guns=4), "canister", cover, False, TABLES)
        assert (howitzer.dice, howitzer.modifier, howitzer.shells) == (as_guns.dice, as_guns.modifier, False)


@pytest.mark.rule("NA-how-b")
@pytest.mark.parametrize("band", ["long"])
def test_plus_one_against_cover(band: str) -> None:
    """Shells get +1 against a target in cover, on top of what guns would have there."""
    in_cover = howitzer_solution(HOWITZERS, band, True, False, TABLES)
    in_open = howitzer_solution(HOWITZERS, band, False, False, TABLES)
    cover_penalty = TABLES["gun_fire"]["modifiers"]["target_in_cover"]
    assert in_cover.modifier - in_open.modifier == cover_penalty + 1


@pytest.mark.rule("NA-how-b")
def test_shells_in_play_against_a_unit_in_cover() -> None:
    """4 howitzers at long range at a line in an orchard: 4 dice, hit on 5 with -1 cover +1 shells +1
    shell modifier = +1, so a 4 hits (and a natural 1 never does); 2 hits are half a figure, rounded up
    on the last die."""
    target = unit("austrian-line", "austria", (50.0, 60.0), SOUTH, formation="line")
    orchard = Terrain("orchard", "cover", rect(40, 55, 70, 70))
    reserve = unit("french-line", "france", (20.0, 20.0), NORTH, formation="line")
    battery = Battery("french-howitzers", "france", howitzers=4, at=(50.0, 10.0), facing=NORTH)
    field = battlefield(scenario((target, reserve), (battery,), terrain=(orchard,), sides=("france", "austria")))
    events = shoot(field, "french-howitzers", "austrian-line", [4, 4, 3, 1, 6])
    fire = of_type(events, "fire")[0]
    assert (fire["band"], fire["shells"], fire["modifier"], fire["hits"], fire["rule"]) == (
        "long", True, 1, 2, "NA-how-b",
    )
    assert field.rosters["austrian-line"].casualties == 1


# --- issue 15, item 6: shells never penetrate; at effective range they are plain shot --------------------


def _howitzers_at(distance: float) -> NapoleonicScenario:
    """Seed 003's brigade in columns under four howitzers ``distance`` cm south of the first line."""
    s = brigade_example(gap=4.0)
    battery = Battery("french-howitzers", "france", howitzers=4, at=(60.0, 40.0 - distance), facing=NORTH)
    return replace(s, batteries=(battery,))


@pytest.mark.rule("NA-how-b")
@pytest.mark.rule("NA-pen-a")
def test_shells_at_long_range_do_not_penetrate() -> None:
    """Seed 003: penetration is a rule of round shot; a howitzer battery fires only shells at long range,
    so the battalion 4 cm behind its target loses nothing (4 dice, all hit: one figure in the target)."""
    field = battlefield(_howitzers_at(60.0))
    events = shoot(field, "french-howitzers", "russian-column", [6, 6, 6, 6])
    fire = of_type(events, "fire")[0]
    assert (fire["band"], fire["shells"], fire["casualties"]) == ("long", True, "1")
    assert field.rosters["russian-column"].casualties == 1
    assert of_type(events, "penetration") == [] and field.rosters["russian-grenadiers"].casualties == 0


@pytest.mark.rule("NA-how-b")
@pytest.mark.rule("NA-pen-b")
def test_at_effective_range_shells_are_plain_shot_that_penetrates() -> None:
    """Seed 003: at effective range a howitzer's fire counts as normal round shot, so it penetrates like
    shot (8 hits: 2 figures in the target, 1 behind)."""
    field = battlefield(_howitzers_at(30.0))
    events = shoot(field, "french-howitzers", "russian-column", [6] * 8)
    fire = of_type(events, "fire")[0]
    assert (fire["band"], fire["shells"], fire["casualties"]) == ("effective", False, "2")
    assert field.rosters["russian-grenadiers"].casualties == 1


@pytest.mark.rule("NA-how-b")
def test_at_effective_range_no_cover_bonus() -> None:
    """Seed 003: at effective range shells count as normal shot without the shell modifier; the +1 for
    shells against cover is a shell modifier, so a target in cover is fired at exactly as guns would."""
    for cover in (False, True):
        howitzer = howitzer_solution(HOWITZERS, "effective", cover, False, TABLES)
        as_guns = gun_solution(Battery("guns", "france", guns=4), "effective", cover, False, TABLES)
        assert (howitzer.dice, howitzer.modifier, howitzer.shells) == (as_guns.dice, as_guns.modifier, False)
