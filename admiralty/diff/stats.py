"""The statistics of a balance shift between two versions of a scenario played on the same seeds.

Each seed is played once on each version with the same players (common random numbers), so the games come
in pairs. For one side, a pair is (won before, won after); the difference of the win rates is estimated
with Newcombe's interval for paired proportions (Newcombe 1998, method 10: Wilson score intervals of the
two margins combined with the pairs' phi correlation), the one that uses the pairing. The unpaired
(Newcombe's hybrid score, method 10 of the 1998 unpaired paper) interval is given beside it, to show what
independent seeds would have cost.

Sample sizes are the normal approximation for a two-sided test at level ``alpha`` with ``power``:
``n = (z(1-alpha/2) + z(power))^2 * var / delta^2`` where ``var`` is the variance of one pair's
difference, estimated from the games played (paired) or ``p1(1-p1) + p2(1-p2)`` (independent).

VP distributions are compared with permutation tests seeded by a constant (the same report every run):
a paired sign-flip test of the mean VP difference and a two-sample test of the Kolmogorov-Smirnov
distance that ignores the pairing.

When to stop playing (issue 39): the pairs are played in rounds, and after each round :func:`shift_sequence`
looks at the same anytime-valid confidence sequence the smoke sweep decides balance verdicts with
(``admiralty.smoke.sequential``: Robbins' beta-binomial mixture, valid however often it is looked at). A pair
scores ``(1 + won after - won before) / 2``, one of 0, 1/2 and 1, whose mean is ``(1 + shift) / 2``. The mixture
martingale stays a nonnegative supermartingale for any observation in [0, 1] with that mean (each factor
``(t/p)^y ((1-t)/(1-p))^(1-y)`` is at most its chord ``y t/p + (1-y)(1-t)/(1-p)``, whose mean is 1), so Ville's
inequality holds as for wins and losses: a shift is decided (zero excluded, or the whole shift of interest
excluded on both sides) with an error of at most 5% at 95% confidence, whenever the run stops.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from admiralty.smoke.sequential import CONFIDENCE, excluded, interval, prior
from admiralty.smoke.stats import Z95, wilson_interval

PERMUTATIONS = 4000
PERMUTATION_SEED = 20260522


@dataclass(frozen=True)
class PairedShift:
    """One side's win rate before and after, over ``n`` pairs of games on the same seeds."""

    n: int
    both: int  # won on both versions
    before_only: int  # won before, not after (discordant)
    after_only: int  # won after, not before (discordant)
    neither: int

    @property
    def before(self) -> float:
        return (self.both + self.before_only) / self.n if self.n else 0.0

    @property
    def after(self) -> float:
        return (self.both + self.after_only) / self.n if self.n else 0.0

    @property
    def difference(self) -> float:
        """after - before; exactly 0.0 when no pair is discordant."""
        return (self.after_only - self.before_only) / self.n if self.n else 0.0

    def wilson_before(self) -> tuple[float, float]:
        return wilson_interval(self.both + self.before_only, self.n)

    def wilson_after(self) -> tuple[float, float]:
        return wilson_interval(self.both + self.after_only, self.n)


def paired(before: Sequence[bool], after: Sequence[bool]) -> PairedShift:
    """The 2x2 table of ``n`` pairs (the same seed before and after)."""
    if len(before) != len(after):
        raise ValueError("paired outcomes need as many games before as after")
    table = Counter(zip(before, after, strict=True))
    return PairedShift(len(before), table[True, True], table[True, False], table[False, True], table[False, False])


SHIFTED = "shifted"
SMALLER = "smaller than the shift of interest"


@dataclass(frozen=True)
class ShiftDecision:
    """Where the confidence sequence puts one side's shift (after - before): ``SHIFTED`` (zero excluded),
    ``SMALLER`` (every shift of ``delta`` or more excluded) or ``None`` (not yet)."""

    verdict: str | None
    low: float
    high: float


def shift_sequence(shift: PairedShift, delta: float, confidence: float = CONFIDENCE) -> ShiftDecision:
    """The anytime-valid decision on one side's shift over the pairs so far (see the module's docstring)."""
    if shift.n == 0:
        return ShiftDecision(None, -1.0, 1.0)
    score = (shift.n + shift.after_only - shift.before_only) / 2  # the pairs' scores, summed
    half = min(max(delta, 0.0), 1.0) / 2
    mixing = prior((0.5 - half, 0.5 + half))
    low, high = interval(score, shift.n, confidence, mixing)
    estimate = score / shift.n

    def cut(rate: float) -> bool:
        return excluded(score, shift.n, rate, confidence, mixing)

    verdict = None
    if cut(0.5):
        verdict = SHIFTED
    elif half > 0 and 0.5 - half < estimate < 0.5 + half and cut(0.5 - half) and cut(0.5 + half):
        verdict = SMALLER
    return ShiftDecision(verdict, 2 * low - 1, 2 * high - 1)


def _phi(shift: PairedShift) -> float:
    """Newcombe's continuity-corrected correlation of the pairs (0 when a margin is empty)."""
    a, b, c, d, n = shift.both, shift.before_only, shift.after_only, shift.neither, shift.n
    denominator = math.sqrt((a + b) * (c + d) * (a + c) * (b + d))
    if denominator == 0:
        return 0.0
    cross = float(a * d - b * c)
    if cross > 0:
        cross = max(cross - n / 2, 0.0)
    return cross / denominator


def newcombe_paired(shift: PairedShift) -> tuple[float, float]:
    """95% interval for after - before from paired games (Newcombe 1998, method 10)."""
    if shift.n == 0:
        return (-1.0, 1.0)
    p1, p2 = shift.after, shift.before
    l1, u1 = shift.wilson_after()
    l2, u2 = shift.wilson_before()
    phi = _phi(shift)
    d = p1 - p2
    low = d - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    high = d + math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return (max(-1.0, low), min(1.0, high))


def newcombe_unpaired(wins_after: int, n_after: int, wins_before: int, n_before: int) -> tuple[float, float]:
    """95% interval for after - before from independent samples (Newcombe's hybrid score interval)."""
    p1 = wins_after / n_after if n_after else 0.0
    p2 = wins_before / n_before if n_before else 0.0
    l1, u1 = wilson_interval(wins_after, n_after)
    l2, u2 = wilson_interval(wins_before, n_before)
    d = p1 - p2
    return (max(-1.0, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)),
            min(1.0, d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)))


def paired_variance(shift: PairedShift) -> float:
    """Variance of one pair's difference (won after - won before) as observed."""
    if shift.n == 0:
        return 0.0
    pb, pc = shift.before_only / shift.n, shift.after_only / shift.n
    return pb + pc - (pc - pb) ** 2


def independent_variance(shift: PairedShift) -> float:
    """Variance of one difference had the two games been played on independent seeds."""
    return shift.before * (1 - shift.before) + shift.after * (1 - shift.after)


def games_needed(variance: float, delta: float, alpha: float = 0.05, power: float = 0.8) -> int | None:
    """Games (pairs, or games per version when independent) to detect a shift of ``delta``; None when the
    variance is zero (nothing varies between the versions: any shift would show at once)."""
    if variance <= 0 or delta <= 0:
        return None
    z = NormalDist().inv_cdf(1 - alpha / 2) + NormalDist().inv_cdf(power)
    return max(1, math.ceil(z * z * variance / (delta * delta)))


def significant(interval: tuple[float, float]) -> bool:
    """The interval excludes no change."""
    return interval[0] > 0 or interval[1] < 0


def sign_flip_test(differences: Sequence[float], resamples: int = PERMUTATIONS) -> float:
    """Two-sided p-value of a mean paired difference of zero (each pair's sign flipped at random); exact
    enumeration up to 12 non-zero differences, else ``resamples`` seeded draws."""
    nonzero = [d for d in differences if d != 0]
    if not nonzero:
        return 1.0
    observed = abs(sum(nonzero))
    tolerance = 1e-9 * max(1.0, observed)
    if len(nonzero) <= 12:
        total = 1 << len(nonzero)
        hits = sum(1 for mask in range(total)
                   if abs(sum(d if mask >> i & 1 else -d for i, d in enumerate(nonzero))) >= observed - tolerance)
        return hits / total
    rng = random.Random(PERMUTATION_SEED)
    hits = sum(1 for _ in range(resamples)
               if abs(sum(d if rng.random() < 0.5 else -d for d in nonzero)) >= observed - tolerance)
    return (hits + 1) / (resamples + 1)


def ks_distance(first: Sequence[float], second: Sequence[float]) -> float:
    """The largest gap between the two empirical distribution functions."""
    if not first or not second:
        return 0.0
    a, b = sorted(first), sorted(second)
    i = j = 0
    gap = 0.0
    for value in sorted({*a, *b}):
        while i < len(a) and a[i] <= value:
            i += 1
        while j < len(b) and b[j] <= value:
            j += 1
        gap = max(gap, abs(i / len(a) - j / len(b)))
    return gap


def ks_permutation_test(first: Sequence[float], second: Sequence[float],
                        resamples: int = PERMUTATIONS // 4) -> tuple[float, float]:
    """(KS distance, two-sample permutation p-value): are the two VP distributions the same?"""
    observed = ks_distance(first, second)
    if observed == 0:
        return (0.0, 1.0)
    pooled = [*first, *second]
    rng = random.Random(PERMUTATION_SEED)
    hits = 0
    for _ in range(resamples):
        rng.shuffle(pooled)
        if ks_distance(pooled[:len(first)], pooled[len(first):]) >= observed - 1e-12:
            hits += 1
    return (observed, (hits + 1) / (resamples + 1))


__all__ = ["SHIFTED", "SMALLER", "Z95", "PairedShift", "ShiftDecision", "games_needed", "independent_variance",
           "ks_permutation_test", "newcombe_paired", "newcombe_unpaired", "paired", "paired_variance",
           "shift_sequence", "sign_flip_test", "significant", "wilson_interval"]
