"""10.46: rounding fractional casualties (three quarters, a half, a quarter) with d6.

Casualties are exact fractions (``fractions.Fraction``); the whole figures stand, and the part left over
(3/4, 1/2 or 1/4 of a figure) is rounded by the rules below. The dice are arguments so that tests can
inject them; ``roll_rounding`` rolls them from the game's ``random.Random``.

NA-10.46a, the two readings, with their exact chances of rounding up (two fair d6, 36 outcomes):

* ``literal`` (the default): the seed says a 1-3 on *one* of the dice rounds up, and 1-3 on *both* fails.
  Read literally, exactly one die must show 1-3; two dice of 4-6 show no 1-3 at all and fail too.
  Chance 18/36 = **1/2**.
* ``at-least-one`` (the option ``rounding_3_4: at-least-one``): any 1-3 rounds up, so only two dice of
  4-6 fail. Chance 27/36 = **3/4**, which keeps the expected casualties equal to the fraction.

NA-10.46b: one d6, 4-6 rounds up: chance **1/2**. Second-class infantry skirmishers always round down,
whatever the fraction (3/4 included; chance 0, no dice). NA-10.46c: a quarter is dropped (chance 0).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from admiralty.engine.dice import Dice, roll

Reading = Literal["literal", "at-least-one"]
READINGS: tuple[Reading, ...] = ("literal", "at-least-one")

THREE_QUARTERS = Fraction(3, 4)
HALF = Fraction(1, 2)
QUARTER = Fraction(1, 4)

LOW = range(1, 4)  # "1, 2, 3" on a d6


@dataclass(frozen=True)
class Rounded:
    """The outcome of rounding: whole figures lost, the fraction that was rounded, the dice, the rule."""

    figures: int
    fraction: Fraction
    dice: tuple[int, ...]
    rounded_up: bool
    rule: str | None


def round_three_quarters(dice: tuple[int, int], reading: Reading = "literal") -> bool:
    """NA-10.46a: does a 3/4 casualty round up on these two d6?"""
    low = sum(1 for die in dice if die in LOW)
    if reading == "literal":
        return low == 1
    return low >= 1


def round_half(die: int, *, always_down: bool = False) -> bool:
    """NA-10.46b: does a 1/2 casualty round up on this d6? Never for second-class skirmishers."""
    return not always_down and die >= 4


def round_quarter() -> bool:
    """NA-10.46c: a 1/4 casualty is dropped: a miss."""
    return False


def dice_needed(fraction: Fraction) -> int:
    """How many d6 rounding ``fraction`` (the part of a figure left over) takes."""
    return {Fraction(0): 0, QUARTER: 0, HALF: 1, THREE_QUARTERS: 2}[_leftover(fraction)]


def _leftover(amount: Fraction) -> Fraction:
    part = amount - (amount.numerator // amount.denominator)
    if part not in (0, QUARTER, HALF, THREE_QUARTERS):
        raise ValueError(f"10.46 rounds quarters only, not {part}")
    return part


def round_casualties(
    amount: Fraction,
    dice: tuple[int, ...] = (),
    *,
    reading: Reading = "literal",
    always_down: bool = False,
) -> Rounded:
    """Whole figures for ``amount`` casualties, rounding the leftover quarter(s) with ``dice``.

    NA-10.46a (3/4: two dice), NA-10.46b (1/2: one die; ``always_down``, second-class skirmishers, rounds
    every fraction down without dice), NA-10.46c (1/4: dropped).
    """
    whole = amount.numerator // amount.denominator
    part = _leftover(amount)
    if part == 0:
        return Rounded(whole, part, (), False, None)
    if always_down:
        return Rounded(whole, part, (), False, "NA-10.46b")
    if part == QUARTER:
        return Rounded(whole, part, (), round_quarter(), "NA-10.46c")
    if part == HALF:
        up = round_half(dice[0], always_down=always_down)
        return Rounded(whole + up, part, tuple(dice[:1]), up, "NA-10.46b")
    up = round_three_quarters((dice[0], dice[1]), reading)
    return Rounded(whole + up, part, tuple(dice[:2]), up, "NA-10.46a")


def roll_rounding(
    amount: Fraction, dice: Dice, *, reading: Reading = "literal", always_down: bool = False
) -> Rounded:
    """``round_casualties`` with the dice rolled from ``dice`` (none when the fraction needs none)."""
    if always_down:  # nothing to roll: the skirmishers round down whatever the dice would show
        return round_casualties(amount, always_down=True)
    return round_casualties(amount, roll(dice, dice_needed(amount)), reading=reading)


def round_up_probability(fraction: Fraction, *, reading: Reading = "literal", always_down: bool = False) -> Fraction:
    """The exact chance that ``fraction`` of a figure rounds up, by enumerating every face of the dice."""
    needed = 0 if always_down else dice_needed(fraction)
    outcomes = list(itertools.product(range(1, 7), repeat=needed))
    ups = sum(
        round_casualties(fraction, faces, reading=reading, always_down=always_down).rounded_up
        for faces in outcomes
    )
    return Fraction(ups, len(outcomes))
