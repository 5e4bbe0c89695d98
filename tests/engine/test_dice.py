"""The one dice protocol (``admiralty.engine.dice``): the game's ``random.Random`` is a ``Dice`` as it
stands, scripted dice show their faces in order and say so when a test scripted too few."""

from __future__ import annotations

import random

import pytest

from admiralty.engine.dice import DiceRanOut, FixedDice, ScriptedDice, d6, half_up, roll, two_d6


def test_a_seeded_generator_rolls_what_randint_rolls() -> None:
    """Rolling through the helpers draws exactly the generator's own ``randint(1, 6)`` sequence, so a seed
    plays the same game whichever ruleset's helper rolled."""
    expected = random.Random(7)
    faces = [expected.randint(1, 6) for _ in range(5)]
    rng = random.Random(7)
    assert [d6(rng), *roll(rng, 2), two_d6(rng)] == [*faces[:3], faces[3] + faces[4]]
    assert roll(rng, 0) == () and roll(rng, -2) == ()


def test_scripted_dice_show_their_faces_then_say_they_ran_out() -> None:
    dice = ScriptedDice([3, 5])
    assert roll(dice, 2) == (3, 5) and dice.left == 0
    with pytest.raises(DiceRanOut, match="ran out: all 2 faces were used"):
        d6(dice)


def test_scripted_faces_must_fit_the_roll() -> None:
    with pytest.raises(ValueError, match="scripted face 7"):
        d6(ScriptedDice([7]))


def test_scripted_dice_can_roll_on_with_other_dice() -> None:
    dice = ScriptedDice([1], then=FixedDice(4))
    assert roll(dice, 3) == (1, 4, 4)
    follow = ScriptedDice([6], then=random.Random(3))
    assert roll(follow, 3) == (6, *roll(random.Random(3), 2))


def test_half_up_rounds_a_roll_up() -> None:
    assert [half_up(v) for v in (1, 2, 5, 6)] == [1, 1, 3, 3]
