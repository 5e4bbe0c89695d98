"""When a scenario's balance verdict is known: an anytime-valid confidence sequence for the first side's win rate,
and the rounds a sequential sweep plays (issue 39).

The fixed sweep plays ``smoke.games`` games per player kind and judges the band on the point estimate. A sequential
sweep plays the games in rounds (the same seeds, in the same order) and stops a scenario as soon as its verdict,
inside or outside its band, is decided at the stated confidence, however often it has looked.

The confidence sequence is Robbins' conjugate mixture for a Bernoulli mean (the beta-binomial mixture of Howard,
Ramdas, McAuliffe and Sekhon, "Time-uniform, nonparametric, nonasymptotic confidence sequences", 2021). For every
rate ``p`` the mixture likelihood ratio, with a Beta(a, b) mixing distribution fixed before any game is played,

    M_t(p) = (B(a + S, b + t - S) / B(a, b)) / (p^S (1 - p)^(t - S))      (S wins in t games)

is a nonnegative martingale with mean 1 when ``p`` is the true rate, so by Ville's inequality the chance that it
ever reaches ``1 / alpha`` is at most ``alpha``: the set {p : M_t(p) < 1 / alpha} covers the true rate at every
``t`` at once with probability at least ``1 - alpha``. That is what makes stopping at the first look that decides
honest; the fixed-n Wilson interval, looked at after every round, would not be. ``M_t`` is smallest at the
observed rate and grows away from it, so the set is an interval and a band edge is excluded when ``M_t`` at the
edge reaches ``1 / alpha``.

The mixing distribution is centred on the band's middle and worth ``PRIOR_GAMES`` games (a = 10 * middle): any
fixed choice keeps the guarantee, and this one spends the evidence where the verdict is decided. On the bundled
corpus it decides with 9% fewer games than the uniform Beta(1, 1) (2,650 against 2,920 of the fixed sweep's 5,900).

Designed error: a verdict decided early is wrong (the true rate on the other side of an edge) with probability at
most ``alpha`` (5% at the default 95% confidence). A scenario not decided by its budget plays all its games and is
judged as the fixed sweep judges it, on the same seeds, so it gets the fixed sweep's verdict exactly. Measured
(``benchmarks/smoke.py --build``): 12 of the bundled corpus's 20 scenarios decided early (Ancona after 20 games,
the others after 80-190), all 20 with the fixed sweep's verdict; 0 wrong verdicts in 2,000 simulated sweeps whose
rate sits exactly on a band edge, and the same verdict as the fixed sweep for 20 bands placed 1-25 points from
a measured rate (``tests/smoke/test_sequential.py``).

Why not fewer games: a band 25-30 points wide with the rate 10-15 points inside it needs roughly
``log(1 / alpha) / KL(rate, edge)`` games for any sequential test at 95% (Wald's bound), and the corpus's budgets
are 50-200. ``benchmarks/sequential_bound.py`` simulates the test that is told each scenario's rate (Wald's SPRT at
each band edge, the least expected games of all tests with these error rates): even that test needs more than a
third of the fixed sweep's games on the bundled corpus, and the sequential sweep stays close to it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

CONFIDENCE = 0.95
FLOOR = 20  # games per player kind, whatever the balance says: crash coverage
STEP = 10  # balance games a round adds: a look costs nothing (the sequence is anytime-valid), overshoot does
PRIOR_GAMES = 10.0  # the weight of the mixing distribution, centred on the band's middle


@dataclass(frozen=True)
class Decision:
    """Where the confidence sequence puts the rate: ``inside`` or ``outside`` the band, or ``None`` (not yet)."""

    verdict: str | None
    low: float  # the confidence sequence at this look, for the report
    high: float


def _log_beta(a: float, b: float) -> float:
    return math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)


def prior(band: tuple[float, float] | None) -> tuple[float, float]:
    """The Beta(a, b) mixing distribution for this band: centred on its middle, worth PRIOR_GAMES games."""
    if band is None:
        return (1.0, 1.0)
    middle = min(max((band[0] + band[1]) / 2, 0.05), 0.95)
    return (PRIOR_GAMES * middle, PRIOR_GAMES * (1 - middle))


def log_mixture(wins: float, games: int, rate: float, mixing: tuple[float, float] = (1.0, 1.0)) -> float:
    """log M_t(rate) for ``wins`` in ``games`` (see the module's docstring); +inf where the rate is impossible.
    ``wins`` may be any sum of observations in [0, 1] (``admiralty diff`` scores a pair of games 0, 1/2 or 1):
    the mixture stays a supermartingale for bounded observations, so the sequence stays valid."""
    a, b = mixing
    log_beta = _log_beta(a + wins, b + games - wins) - _log_beta(a, b)
    losses = games - wins
    if (wins and rate <= 0.0) or (losses and rate >= 1.0):
        return math.inf
    log_likelihood = (wins * math.log(rate) if wins else 0.0) + (losses * math.log1p(-rate) if losses else 0.0)
    return log_beta - log_likelihood


def excluded(wins: float, games: int, rate: float, confidence: float = CONFIDENCE,
             mixing: tuple[float, float] = (1.0, 1.0)) -> bool:
    """True when the confidence sequence has left ``rate`` out after ``wins`` in ``games``."""
    return log_mixture(wins, games, rate, mixing) >= -math.log1p(-confidence)


def interval(wins: float, games: int, confidence: float = CONFIDENCE,
             mixing: tuple[float, float] = (1.0, 1.0)) -> tuple[float, float]:
    """The confidence sequence at this look: the rates not yet excluded (bisection on each side of the estimate)."""
    if games == 0:
        return (0.0, 1.0)
    estimate = wins / games  # where M_t is smallest (the likelihood's maximum), always inside the sequence

    def edge(outside: float) -> float:
        inside = estimate
        if not excluded(wins, games, outside, confidence, mixing):
            return outside
        for _ in range(50):
            middle = (inside + outside) / 2
            cut = excluded(wins, games, middle, confidence, mixing)
            inside, outside = (inside, middle) if cut else (middle, outside)
        return inside

    return (edge(0.0), edge(1.0))


def decide(wins: int, games: int, band: tuple[float, float], confidence: float = CONFIDENCE) -> Decision:
    """Inside the (closed) band when the confidence sequence excludes every rate outside it, outside when it
    excludes the whole band, else undecided. A band reaching 0 or 1 has no rates beyond that end to exclude."""
    mixing = prior(band)
    low, high = interval(wins, games, confidence, mixing)
    if games == 0:
        return Decision(None, low, high)
    lower, upper = band
    estimate = wins / games

    def cut(edge: float) -> bool:
        return excluded(wins, games, edge, confidence, mixing)

    # the sequence is an interval around the estimate: an excluded edge leaves all of it on the estimate's side
    if lower <= estimate <= upper and (lower <= 0.0 or cut(lower)) and (upper >= 1.0 or cut(upper)):
        return Decision("inside", low, high)
    if (estimate > upper and cut(upper)) or (estimate < lower and cut(lower)):
        return Decision("outside", low, high)
    return Decision(None, low, high)


def next_total(played: int, budget: int, floor: int = FLOOR) -> int:
    """The balance games a scenario has after its next round: the floor first, then STEP more, never more than
    the budget. The looks fall at fixed totals, so the games played never depend on the executor."""
    if played < min(floor, budget):
        return min(floor, budget)
    return min(budget, played + STEP)


def decision_at(first_side_wins: Sequence[bool | None], band: tuple[float, float] | None,
                confidence: float = CONFIDENCE) -> Decision:
    """The decision over these games (True: the first side won, False: it did not, None: a failed game, which
    does not count)."""
    finished = [won for won in first_side_wins if won is not None]
    return decide(sum(finished), len(finished), band, confidence) if band else Decision(None, 0.0, 1.0)


def sequential_games(first_side_wins: Sequence[bool | None], band: tuple[float, float] | None, budget: int,
                     floor: int = FLOOR, confidence: float = CONFIDENCE) -> tuple[int, Decision]:
    """The balance games a sequential sweep plays, given every seed's result in seed order (as for
    :func:`decision_at`), and the decision at its last look: the sweep's own rule, for tests and benchmarks that
    compare it with a fixed sweep without playing the games again."""
    total = 0
    while True:
        total = next_total(total, budget, floor)
        decision = decision_at(first_side_wins[:total], band, confidence)
        if decision.verdict is not None or band is None or total >= budget:
            return total, decision
