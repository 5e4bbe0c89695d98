"""Gun fire: range bands and the house gun fire table (``tables.yaml``, ``gun_fire``; a house rule).

The seed refers to the rulebook's fire table without giving it, so the project's own stands in: every piece
of the battery rolls a number of d6 set by the range band; a die hits when die + modifiers reaches
``hit_on`` (a natural 1 always misses); each ``hits_per_figure`` hits kill a figure, and the hits left over
are a fraction of a figure that 10.46 rounds (``casualties``).

A gun battery fires all its pieces together, its howitzers included (NA-how-a); a howitzer battery fires
by ``howitzers.howitzer_solution`` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from admiralty.engine.dice import Dice, roll

from .house import NapoleonicTables
from .model import Battery, Ranges


@dataclass(frozen=True)
class FireSolution:
    """What a battery's fire at one target will be before the dice: the band, how many pieces and dice,
    the total modifier to each die, whether shells are fired, and the rule that set it."""

    band: str
    pieces: int
    dice: int
    modifier: int
    shells: bool
    rule: str


def range_band(distance: float, ranges: Ranges, epsilon: float = 1e-6) -> str | None:
    """The band ``distance`` (cm) falls in, or ``None`` beyond the long range (NA-pen-a: never beyond the
    battery's maximum). Each bound belongs to the nearer band: 80.0 is long range, 80.1 is out."""
    if distance <= ranges.canister + epsilon:
        return "canister"
    if distance <= ranges.effective + epsilon:
        return "effective"
    if distance <= ranges.long + epsilon:
        return "long"
    return None


def target_modifier(in_cover: bool, in_column: bool, tables: NapoleonicTables) -> int:
    """The house modifiers for the target (cover, column formation)."""
    gun = tables.gun_fire
    return (gun.target_in_cover if in_cover else 0) + (gun.target_in_column if in_column else 0)


def gun_solution(battery: Battery, band: str, in_cover: bool, in_column: bool,
                 tables: NapoleonicTables) -> FireSolution:
    """Normal gun fire by the house gun fire table, which decides the dice and hits, so the event is tagged
    ``house``. NA-how-a (howitzers inside a gun battery fire with it as ordinary pieces) only counts the
    pieces; it decides nothing about the shot, and the validator enforces it before play."""
    pieces = battery.guns + battery.howitzers
    return FireSolution(
        band=band,
        pieces=pieces,
        dice=pieces * tables.gun_fire.dice_per_piece[band],
        modifier=target_modifier(in_cover, in_column, tables),
        shells=False,
        rule="house",
    )


def count_hits(dice: Sequence[int], modifier: int, hit_on: int) -> int:
    """Hits among ``dice``: die + modifier >= hit_on, and never on a natural 1."""
    return sum(1 for die in dice if die != 1 and die + modifier >= hit_on)


def hit_probability(modifier: int, hit_on: int) -> Fraction:
    """The chance that one d6 hits with this modifier."""
    return Fraction(sum(1 for die in range(2, 7) if die + modifier >= hit_on), 6)


def casualties_from_hits(hits: int, tables: NapoleonicTables) -> Fraction:
    """Figures killed by ``hits``, as an exact fraction (the leftover is rounded by 10.46)."""
    return Fraction(hits, tables.gun_fire.hits_per_figure)


def roll_fire(solution: FireSolution, dice: Dice) -> tuple[int, ...]:
    """The dice for one battery's fire."""
    return roll(dice, solution.dice)


def expected_figures(solution: FireSolution, tables: NapoleonicTables) -> float:
    """The mean figures this fire kills before rounding (what the heuristic player compares)."""
    gun = tables.gun_fire
    p = hit_probability(solution.modifier, gun.hit_on)
    return float(solution.dice * p / gun.hits_per_figure)
