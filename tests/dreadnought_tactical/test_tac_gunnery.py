"""Gunnery (DN-7.5a-d) with the seed's worked examples, the bombard halving (DN-5.2-bombard), tankers
(DN-12.64), torpedoes and the hit rate by number of modifiers (a statistical check)."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from admiralty.engine.dice import FixedDice, ScriptedDice
from admiralty.rulesets.dreadnought.engine.house import load_house
from admiralty.rulesets.dreadnought.engine.tables import base_tables
from admiralty.rulesets.dreadnought.engine.tactical import damage
from admiralty.rulesets.dreadnought.engine.tactical.gunnery import (
    count_hits,
    fire,
    fire_factors,
    gunnery_step,
    hit_modifier,
    legal_targets,
)
from admiralty.rulesets.dreadnought.engine.tactical.torpedoes import torpedo_step

from .helpers import COURBET, CRUISER, DREADNOUGHT, GUNBOAT, TANKER, TEGETTHOFF, at, cls, first_target, placed, ship

TABLES = load_house().battle


def _fired(log: Sequence[Mapping[str, Any]], name: str) -> list[Mapping[str, Any]]:
    return [e for e in log if e["step"] == "gunnery" and e.get("ship") == name]


# --- DN-7.5c: the dice and the modifiers ----------------------------------------------------------------


@pytest.mark.rule("DN-7.5c")
def test_viribus_unitus_rolls_eight_primary_dice_and_scores_two_hits() -> None:
    assert count_hits([1, 1, 2, 3, 3, 4, 6, 6], 0) == 2
    # The same through a real step: three hexes, by day, no modifier; each hit then rolls 2d6 (DN-7.5d).
    state = placed([(ship("Viribus Unitus", "a", TEGETTHOFF), at(5, 5)), (ship("Courbet", "b", COURBET), at(8, 5))],
                   dice=ScriptedDice([1, 1, 2, 3, 3, 4, 6, 6, 3, 4, 3, 4]))
    state.step = 1
    pending = damage.Pending()
    hits = fire(state, state.units["Viribus Unitus"], state.units["Courbet"], pending)
    assert hits == 2 and pending.effects["Courbet"].hull == 2
    entry = _fired(state.log, "Viribus Unitus")[0]
    assert entry["dice"] == {"primary": [1, 1, 2, 3, 3, 4, 6, 6]} and entry["range"] == 3
    assert "Viribus Unitus fires at Courbet (3 hexes" in str(entry["text"])


@pytest.mark.rule("DN-7.5c")
@pytest.mark.parametrize(("italic", "hexes", "lost_way", "towing", "expected"), [
    (False, 3, False, False, 0), (True, 3, False, False, 1), (False, 1, False, False, 1), (False, 0, False, False, 1),
    (False, 2, False, False, 0), (False, 3, True, False, 1), (False, 3, False, True, 1), (True, 0, True, True, 4)])
def test_each_modifier_adds_one(italic: bool, hexes: int, lost_way: bool, towing: bool, expected: int) -> None:
    assert hit_modifier(italic=italic, distance=hexes, lost_way=lost_way, towing=towing,
                        table=TABLES.gunnery) == expected


@pytest.mark.rule("DN-7.5c")
def test_a_six_or_more_after_modifiers_hits_at_each_bound() -> None:
    for modifier in range(0, 5):
        assert count_hits([5 - modifier], modifier) == 0
        assert count_hits([6 - modifier], modifier) == 1
    assert count_hits([1], 5) == 1 and count_hits([1], 4) == 0


@pytest.mark.rule("DN-7.5c")
@pytest.mark.parametrize("modifiers", [0, 1, 2, 3, 4])
def test_the_hit_rate_for_each_number_of_modifiers_matches_its_exact_value(modifiers: int) -> None:
    # A gunboat with 1000 primary factors fires three times: 3000 dice whose modifiers come from the real
    # conditions (italic crew, target adjacent, lost way, in tow). The hit rate must lie within the 99.9%
    # normal-approximation interval p +- 3.29 sqrt(p(1-p)/n) of p = (1 + modifiers) / 6.
    shooter = ship("Gunboat", "a", GUNBOAT, italic=modifiers >= 1)
    target = ship("Target", "b", cls("hulk", hull=10_000), lost_way=modifiers >= 3)
    hexes = at(5, 6) if modifiers >= 2 else at(5, 9)
    state = placed([(shooter, at(5, 5)), (target, hexes)], dice=random.Random(1000 + modifiers))
    if modifiers >= 4:
        state.units["Target"].tow = "Tug"
    dice = hits = 0
    for _ in range(3):
        hits += fire(state, state.units["Gunboat"], state.units["Target"], damage.Pending())
        dice += 1000
    p = (1 + modifiers) / 6
    half_width = 3.29 * math.sqrt(p * (1 - p) / dice)
    assert abs(hits / dice - p) <= half_width, (hits / dice, p, half_width)


# --- DN-7.5a: range and detection -------------------------------------------------------------------------


@pytest.mark.rule("DN-7.5a")
def test_each_gun_class_fires_only_within_its_range_and_a_target_beyond_all_is_not_legal() -> None:
    ranges = TABLES.ranges
    gunner = ship("Gunner", "a", DREADNOUGHT)
    for hexes, classes in ((ranges["tertiary"], ["primary", "secondary", "tertiary"]),
                           (ranges["secondary"], ["primary", "secondary"]), (ranges["primary"], ["primary"])):
        state = placed([(gunner, at(2, 5)), (ship("Target", "b", CRUISER), at(2, 5 + hexes))],
                       dice=ScriptedDice([], then=FixedDice(1)))
        state.step = 1
        assert [t.name for t in legal_targets(state, state.units["Gunner"])] == ["Target"]
        fire(state, state.units["Gunner"], state.units["Target"], damage.Pending())
        assert list(_fired(state.log, "Gunner")[0]["dice"]) == classes
    far = placed([(gunner, at(2, 1)), (ship("Target", "b", CRUISER), at(2, 2 + ranges["primary"]))])
    assert legal_targets(far, far.units["Gunner"]) == []


@pytest.mark.rule("DN-7.5a")
def test_at_night_primaries_cannot_fire_at_an_unseen_target_three_hexes_off() -> None:
    ships = [(ship("Viribus Unitus", "a", TEGETTHOFF), at(5, 5)), (ship("Courbet", "b", COURBET), at(5, 8))]
    night = placed(ships, night=True)
    assert TABLES.ranges["primary"] >= 3 and legal_targets(night, night.units["Viribus Unitus"]) == []
    day = placed(ships)
    assert [t.name for t in legal_targets(day, day.units["Viribus Unitus"])] == ["Courbet"]
    close = placed([ships[0], (ships[1][0], at(5, 7))], night=True)        # two hexes: seen at night
    assert [t.name for t in legal_targets(close, close.units["Viribus Unitus"])] == ["Courbet"]
    flashing = placed(ships, night=True)                                    # it fired last step: seen
    flashing.step, flashing.units["Courbet"].flash = 2, 2
    assert [t.name for t in legal_targets(flashing, flashing.units["Viribus Unitus"])] == ["Courbet"]


@pytest.mark.rule("DN-7.5a")
def test_ships_that_may_not_fight_or_have_no_guns_do_not_fire() -> None:
    state = placed([(ship("Refuelling", "a", DREADNOUGHT, can_fire=False), at(5, 5)),
                    (ship("Tanker", "a", TANKER), at(5, 5)), (ship("Target", "b", CRUISER), at(5, 7))])
    assert legal_targets(state, state.units["Refuelling"]) == [] and legal_targets(state, state.units["Tanker"]) == []


# --- DN-7.5b: simultaneous fire, initiative first ---------------------------------------------------------


@pytest.mark.rule("DN-7.5b")
def test_courbet_hit_in_the_first_step_fires_all_eight_primaries_then_seven() -> None:
    # Step 1: Viribus Unitus (initiative) rolls 1,1,2,3,3,4,6,6; the first hit rolls 1+2 = 3 (main turret:
    # a primary factor and a hull box), the second 3+4 = 7 (a hull box); Courbet answers with 8 dice.
    # Step 2: Viribus Unitus misses with 8 dice; Courbet has 7.
    rolls = [1, 1, 2, 3, 3, 4, 6, 6, 1, 2, 3, 4] + [1] * 8 + [1] * 8 + [1] * 7
    dice = ScriptedDice(rolls)
    state = placed([(ship("Viribus Unitus", "a", TEGETTHOFF), at(5, 5)), (ship("Courbet", "b", COURBET), at(8, 5))],
                   dice=dice)
    order: list[str] = []

    def declare(side: str, options: Mapping[str, Sequence[str]]) -> Mapping[str, str]:
        order.append(side)
        return first_target(side, options)

    gunnery_step(state, declare)
    courbet = state.units["Courbet"]
    assert order == ["a", "b"]
    assert len(_fired(state.log, "Courbet")[0]["dice"]["primary"]) == 8
    assert courbet.primary == 7 and courbet.hull == 10
    gunnery_step(state, declare)
    assert len(_fired(state.log, "Courbet")[1]["dice"]["primary"]) == 7
    assert dice.used == len(rolls)


@pytest.mark.rule("DN-7.5b")
def test_a_ship_sunk_by_the_initiative_player_still_fires_in_that_step() -> None:
    # The cruiser has 4 hull boxes: four hits of 2d6 = 7 sink it, but only after it has fired back with all
    # six of its dice (6 hits, each 4 + 4 = 8 on the table: one hull box), which sink the gunboat too.
    state = placed([(ship("Gunboat", "a", GUNBOAT), at(5, 5)), (ship("Cruiser", "b", CRUISER), at(5, 6))],
                   dice=ScriptedDice([6] * 4 + [1] * 996 + [3, 4] * 4 + [6] * 6, then=FixedDice(4)))
    gunnery_step(state, first_target)
    assert [e["ship"] for e in state.log if e["step"] == "gunnery"] == ["Gunboat", "Cruiser"]
    assert _fired(state.log, "Cruiser")[0]["hits"] == 6
    assert state.units["Cruiser"].status == "sunk" and state.units["Gunboat"].status == "sunk"


@pytest.mark.rule("DN-7.5b")
def test_one_target_per_ship_several_ships_may_share_one_and_not_every_enemy_need_be_fired_at() -> None:
    state = placed([(ship("A1", "a", CRUISER), at(5, 5)), (ship("A2", "a", CRUISER), at(5, 5)),
                    (ship("B1", "b", CRUISER), at(5, 7)), (ship("B2", "b", CRUISER), at(5, 7))],
                   dice=ScriptedDice([], then=FixedDice(1)))
    seen: dict[str, Mapping[str, Sequence[str]]] = {}

    def declare(side: str, options: Mapping[str, Sequence[str]]) -> Mapping[str, str]:
        seen[side] = options
        return {name: "B1" for name in options} if side == "a" else {"B1": "A1", "B2": "nobody"}

    gunnery_step(state, declare)
    shots = [(e["ship"], e["target"]) for e in state.log if e["step"] == "gunnery"]
    assert shots == [("A1", "B1"), ("A2", "B1"), ("B1", "A1")]
    assert seen["a"] == {"A1": ["B1", "B2"], "A2": ["B1", "B2"]}


# --- DN-7.5d: the damage table ------------------------------------------------------------------------------


@pytest.mark.rule("DN-7.5d")
def test_every_2d6_roll_has_a_row_and_each_hit_rolls_once_on_the_table() -> None:
    table = TABLES.gunnery_damage
    rows = [damage.damage_row(roll, table) for roll in range(2, 13)]
    assert all(r.hull >= 1 for r in rows)
    assert damage.damage_row(3, table).primary == 1 and damage.damage_row(12, table).lost_way is True
    assert base_tables()["gunnery_damage"]["house"] is True and base_tables()["gunnery_damage"]["rule"] == "DN-7.5d"
    state = placed([(ship("Target", "b", DREADNOUGHT), at(5, 5))], dice=ScriptedDice([6, 6, 5, 6]))
    pending = damage.Pending()
    damage.gunnery_hit(state, state.units["Target"], pending)
    damage.gunnery_hit(state, state.units["Target"], pending)
    target = state.units["Target"]
    assert target.hull == 12 and not target.lost_way           # nothing until the step ends
    damage.apply(state, pending)
    assert target.hull == 12 - 2 - 1 and target.lost_way and target.torpedo == 0


# --- DN-5.2-bombard ------------------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.2-bombard")
def test_a_bombard_fleet_fires_at_half_rounded_down_per_gun_class_in_its_first_step_of_fire() -> None:
    odd = cls("odd", "BB", primary=7, secondary=5, tertiary=3)
    state = placed([(ship("Bomber", "a", odd, halved_first_step=True), at(5, 5)),
                    (ship("Target", "b", cls("hulk", hull=500)), at(5, 7))], dice=ScriptedDice([], then=FixedDice(1)))
    bomber = state.units["Bomber"]
    assert fire_factors(bomber, TABLES.gunnery) == {"primary": 3, "secondary": 2, "tertiary": 1}
    gunnery_step(state, lambda side, options: {})            # holding fire does not use up the halving
    assert bomber.halve_next
    gunnery_step(state, first_target)
    gunnery_step(state, first_target)
    dice = [{k: len(v) for k, v in e["dice"].items()} for e in _fired(state.log, "Bomber")]
    assert dice == [{"primary": 3, "secondary": 2, "tertiary": 1}, {"primary": 7, "secondary": 5, "tertiary": 3}]


# --- DN-12.64 and torpedoes --------------------------------------------------------------------------------


@pytest.mark.rule("DN-12.64")
@pytest.mark.parametrize(("roll", "explodes"), [(5, False), (6, True)])
def test_a_tanker_hit_by_gunfire_explodes_on_a_six(roll: int, explodes: bool) -> None:
    state = placed([(ship("Olna", "b", TANKER, hull=2), at(5, 5))], dice=ScriptedDice([3, 4, roll]))
    pending = damage.Pending()
    damage.gunnery_hit(state, state.units["Olna"], pending)
    damage.apply(state, pending)
    olna = state.units["Olna"]
    assert olna.exploded == explodes and (olna.status == "sunk") == explodes and olna.hull == 1


@pytest.mark.rule("DN-12.64")
def test_a_tanker_hit_by_a_torpedo_rolls_too_and_others_never_do() -> None:
    state = placed([(ship("Lance", "a", CRUISER), at(5, 5)), (ship("Olna", "b", cls("big-tanker", "tanker",
                    hull=20)), at(5, 6)), (ship("Other", "b", cls("hulk", hull=20)), at(5, 6))],
                   dice=ScriptedDice([6, 1, 6]))
    torpedo_step(state, lambda side, options: {"Lance": "Olna"} if side == "a" else {})
    assert state.units["Olna"].exploded and state.units["Olna"].hull == 20 - 3
    assert state.units["Lance"].torpedoes_fired and not state.units["Lance"].torpedoes_ready
    calm = placed([(ship("Lance", "a", CRUISER), at(5, 5)), (ship("Other", "b", cls("hulk", hull=20)), at(5, 6))],
                  dice=(two := ScriptedDice([6, 6])))
    torpedo_step(calm, lambda side, options: {"Lance": "Other"} if side == "a" else {})
    assert calm.units["Other"].hull == 20 - 6 and two.used == 2


def test_torpedoes_fire_once_then_are_spent() -> None:
    state = placed([(ship("Lance", "a", CRUISER), at(5, 5)), (ship("Target", "b", cls("hulk", hull=50)), at(5, 7))],
                   dice=ScriptedDice([], then=FixedDice(1)))
    torpedo_step(state, first_target)
    torpedo_step(state, first_target)
    assert [e["ship"] for e in state.log if e["step"] == "torpedoes"] == ["Lance"]
