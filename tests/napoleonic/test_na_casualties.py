"""10.46 rounding (NA-10.46a/b/c): each reading's exact chance, and the engine's frequency against it.

The statistical checks roll N = 40,000 seeded roundings through the engine's own ``roll_rounding`` and
require the frequency of rounding up within 3.29 standard errors of the exact chance: a 99.9% two-sided
interval (for p = 1/2 that is +-0.0082). The seeds are fixed, so the tests are deterministic; the interval
says how unlikely a correct engine would be to fail with some other seed.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from admiralty.engine.dice import ScriptedDice
from admiralty.rulesets.napoleonic.engine.casualties import (
    dice_needed,
    roll_rounding,
    round_casualties,
    round_half,
    round_quarter,
    round_three_quarters,
    round_up_probability,
)
from admiralty.rulesets.napoleonic.engine.model import Battery

from .fixtures import NORTH, SOUTH, scenario, unit
from .helpers import battlefield, of_type, shoot

N = 40_000
Z_999 = 3.29  # two-sided 99.9%


def engine_frequency(amount: Fraction, seed: int, **kwargs: object) -> float:
    rng = random.Random(seed)
    whole = amount.numerator // amount.denominator
    ups = sum(roll_rounding(amount, rng, **kwargs).figures > whole for _ in range(N))  # type: ignore[arg-type]
    return ups / N


def assert_close(frequency: float, p: Fraction) -> None:
    if p in (0, 1):
        assert frequency == float(p)
        return
    se = math.sqrt(float(p) * (1 - float(p)) / N)
    assert abs(frequency - float(p)) <= Z_999 * se, (frequency, float(p), Z_999 * se)


@pytest.mark.rule("NA-10.46a")
def test_three_quarters_literal_reading_exact() -> None:
    """Literal: exactly one die of 1-3 rounds up; 1-3 on both fails; 4-6 on both has no 1-3: fails.
    18 of 36 outcomes: 1/2."""
    ups = [(a, b) for a, b in itertools.product(range(1, 7), repeat=2) if round_three_quarters((a, b), "literal")]
    assert len(ups) == 18
    assert round_up_probability(Fraction(3, 4), reading="literal") == Fraction(1, 2)
    assert round_three_quarters((2, 5)) and round_three_quarters((6, 3))
    assert not round_three_quarters((1, 3)) and not round_three_quarters((4, 6))


@pytest.mark.rule("NA-10.46a")
def test_three_quarters_at_least_one_reading_exact() -> None:
    """Option: any 1-3 rounds up; only 4-6 on both fails. 27 of 36 outcomes: 3/4."""
    assert round_up_probability(Fraction(3, 4), reading="at-least-one") == Fraction(3, 4)
    assert round_three_quarters((1, 3), "at-least-one") and not round_three_quarters((4, 6), "at-least-one")


@pytest.mark.rule("NA-10.46a")
@pytest.mark.parametrize(("reading", "p"), [("literal", Fraction(1, 2)), ("at-least-one", Fraction(3, 4))])
def test_three_quarters_engine_frequency(reading: str, p: Fraction) -> None:
    assert_close(engine_frequency(Fraction(7, 4), seed=1046, reading=reading), p)


@pytest.mark.rule("NA-10.46a")
def test_three_quarters_with_whole_figures() -> None:
    assert round_casualties(Fraction(11, 4), (2, 6)).figures == 3
    assert round_casualties(Fraction(11, 4), (2, 2)).figures == 2
    assert round_casualties(Fraction(11, 4), (5, 5)).figures == 2
    assert round_casualties(Fraction(11, 4), (5, 5), reading="at-least-one").figures == 2
    assert round_casualties(Fraction(11, 4), (2, 2), reading="at-least-one").figures == 3


@pytest.mark.rule("NA-10.46b")
def test_half_exact() -> None:
    assert [round_half(d) for d in range(1, 7)] == [False, False, False, True, True, True]
    assert round_up_probability(Fraction(1, 2)) == Fraction(1, 2)
    assert round_casualties(Fraction(5, 2), (4,)).figures == 3
    assert round_casualties(Fraction(5, 2), (3,)).figures == 2


@pytest.mark.rule("NA-10.46b")
def test_second_class_skirmishers_always_round_down() -> None:
    assert not any(round_half(d, always_down=True) for d in range(1, 7))
    assert round_up_probability(Fraction(1, 2), always_down=True) == 0
    assert roll_rounding(Fraction(3, 2), ScriptedDice([4])).figures == 2
    assert roll_rounding(Fraction(3, 2), ScriptedDice([]), always_down=True).figures == 1  # rolls nothing


@pytest.mark.rule("NA-10.46b")
def test_half_engine_frequency() -> None:
    assert_close(engine_frequency(Fraction(1, 2), seed=461), Fraction(1, 2))
    assert_close(engine_frequency(Fraction(1, 2), seed=462, always_down=True), Fraction(0))


@pytest.mark.rule("NA-10.46b")
def test_skirmisher_option_applies_to_fire_at_them() -> None:
    """Option ``skirmisher_round_down: target``: half casualties on second-class skirmishers round down."""
    skirmishers = unit("voltigeurs", "russia", (60.0, 40.0), SOUTH, formation="line", type_="skirmishers",
                       class_="second", figures=6, bases=3)
    battery = Battery("french-battery", "france", guns=1, at=(60.0, 10.0), facing=NORTH)
    reserve = unit("french-reserve", "france", (10.0, 12.0), NORTH)
    s = scenario((skirmishers, reserve), (battery,))
    literal = battlefield(s)
    shoot(literal, "french-battery", "voltigeurs", [6, 6, 6])  # 2 hits: 1/2 figure, rounded up on the 6
    assert literal.rosters["voltigeurs"].casualties == 1
    option = battlefield(s, skirmisher_round_down="target")
    events = shoot(option, "french-battery", "voltigeurs", [6, 6])  # no rounding die is rolled
    assert option.rosters["voltigeurs"].casualties == 0
    assert of_type(events, "rounding")[0]["rule"] == "NA-10.46b"


@pytest.mark.rule("NA-10.46c")
def test_quarter_dropped() -> None:
    assert round_quarter() is False
    assert dice_needed(Fraction(9, 4)) == 0
    rounded = round_casualties(Fraction(9, 4))
    assert (rounded.figures, rounded.rule) == (2, "NA-10.46c")
    assert round_up_probability(Fraction(1, 4)) == 0
    assert_close(engine_frequency(Fraction(1, 4), seed=463), Fraction(0))


@pytest.mark.rule("NA-10.46c")
def test_a_single_quarter_is_a_miss() -> None:
    """One hit (a quarter of a figure) kills nobody."""
    target = unit("russian-column", "russia", (60.0, 40.0), SOUTH)
    battery = Battery("french-battery", "france", guns=1, at=(60.0, 10.0), facing=NORTH)
    reserve = unit("french-reserve", "france", (10.0, 12.0), NORTH)
    field = battlefield(scenario((target, reserve), (battery,)))
    events = shoot(field, "french-battery", "russian-column", [6, 2])
    assert field.rosters["russian-column"].casualties == 0
    assert of_type(events, "rounding")[0]["rule"] == "NA-10.46c"


def test_only_quarters_are_rounded() -> None:
    with pytest.raises(ValueError):
        round_casualties(Fraction(1, 3))


@pytest.mark.rule("NA-10.46b")
@pytest.mark.parametrize(("amount", "figures"), [(Fraction(3, 4), 0), (Fraction(7, 4), 1), (Fraction(5, 2), 2)])
def test_second_class_skirmishers_round_every_fraction_down(amount: Fraction, figures: int) -> None:
    """Seed 003, 10.46b: second-class infantry skirmishers round casualties *down*, always: a 3/4 fraction
    too, with no dice rolled (the 3/4 rule of 10.46a would otherwise round it up on one low die)."""
    rounded = roll_rounding(amount, ScriptedDice([]), always_down=True)
    assert (rounded.figures, rounded.rounded_up, rounded.rule) == (figures, False, "NA-10.46b")
    assert round_up_probability(amount - int(amount), always_down=True) == 0
