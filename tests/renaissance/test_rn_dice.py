"""RN-dice: how many dice each side rolls."""

from __future__ import annotations

import pytest

from admiralty.rulesets.renaissance.engine.dice import battle_dice, best_rating, unit_dice
from admiralty.rulesets.renaissance.engine.model import Leader, Units
from admiralty.rulesets.renaissance.engine.tables import load_tables

from .fixtures import duel, events, run

TABLES = load_tables()


@pytest.mark.rule("RN-dice")
@pytest.mark.parametrize(("zone", "expected"), [("atlantic", 3), ("mediterranean", 6), ("port", 6)])
def test_a_galley_rolls_one_die_in_the_atlantic_and_two_elsewhere(zone: str, expected: int) -> None:
    assert unit_dice(Units(galleys=3), zone, TABLES) == {"galleys": expected}  # type: ignore[arg-type]


@pytest.mark.rule("RN-dice")
@pytest.mark.parametrize("zone", ["atlantic", "mediterranean", "port"])
def test_galleons_roll_two_and_corsairs_one_everywhere(zone: str) -> None:
    units = Units(galleons=1, flush_deck_galleons=2, corsairs=3)
    assert unit_dice(units, zone, TABLES) == {  # type: ignore[arg-type]
        "galleons": 2,
        "flush_deck_galleons": 4,
        "corsairs": 3,
    }


@pytest.mark.rule("RN-dice")
@pytest.mark.parametrize("strength", [2, 4, 6, 8])
def test_the_armada_rolls_its_strength(strength: int) -> None:
    assert unit_dice(Units(armada=strength), "atlantic", TABLES) == {"armada": strength}


@pytest.mark.rule("RN-dice")
@pytest.mark.parametrize("strength", [-2, 1, 3, 10])
def test_the_armada_has_only_strengths_two_to_eight(strength: int) -> None:
    with pytest.raises(ValueError, match=r"(?i)armada"):
        Units(armada=strength)


@pytest.mark.rule("RN-dice")
def test_only_the_best_leader_of_that_power_in_that_place_counts() -> None:
    leaders = [
        Leader("a", "venice", 1, "ionian-sea"),
        Leader("b", "venice", 3, "ionian-sea"),
        Leader("c", "venice", 5, "adriatic-sea"),  # elsewhere
        Leader("d", "ottoman", 6, "ionian-sea"),  # the enemy's
    ]
    where = {leader.id: leader.at for leader in leaders}
    assert best_rating(leaders, "venice", "ionian-sea", where) == 3
    assert best_rating(leaders, "papacy", "ionian-sea", where) == 0


@pytest.mark.rule("RN-dice")
@pytest.mark.parametrize(
    ("zone", "defender", "bonus"),
    [("port", True, 1), ("port", False, 0), ("atlantic", True, 0), ("mediterranean", True, 0)],
)
def test_one_die_for_the_defender_only_in_a_port(zone: str, defender: bool, bonus: int) -> None:
    count = battle_dice(Units(galleons=1), 2, zone, defender, TABLES)  # type: ignore[arg-type]
    assert count.port_defender == bonus
    assert count.total == 2 + 2 + bonus


@pytest.mark.rule("RN-dice")
def test_the_game_rolls_the_dice_it_counts_in_a_port_battle() -> None:
    scenario = duel(
        Units(galleys=2, galleons=1), Units(galleys=1, corsairs=1), at="harbour",
        attacker_rating=2, defender_rating=1,
    )
    game = run(scenario, seed=5)
    battle = events(game, "battle")[0]
    # Attacker: 2 galleys x2 (port) + 1 galleon x2 + rating 2 = 8; defender: 2 + 1 + rating 1 + port 1 = 5.
    assert battle["attacker"]["total"] == 8
    assert battle["defender"]["total"] == 5
    assert battle["defender"]["port_defender"] == 1
    rolls = {event["side"]: event["rolls"] for event in events(game, "roll")}
    assert len(rolls["attacker"]) == 8
    assert len(rolls["defender"]) == 5
