"""The balance shift of a change: both versions of a scenario smoked on the same seeds with the same
players (common random numbers), within a time budget, and the pairs of games compared side by side. The pairs
are played in rounds until the shift is decided by the smoke sweep's anytime-valid confidence sequence
(``diff.stats.shift_sequence``) or the games or the time run out; the report says how many it needed.

The games are played by the smoke machinery (``admiralty.smoke``): the same tasks, the same
runner, the same executors. A pair whose event logs hash the same is the same game; when every pair is,
the shift is exactly zero by determinism, not by estimate.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from admiralty.contract import ScenarioModel
from admiralty.diff import stats
from admiralty.diff.report_types import (
    Balance,
    BeforeAfter,
    Discordant,
    GamesNeeded,
    Rate,
    Sequential,
    SideDecision,
    SideShift,
    Variance,
    VPShift,
)
from admiralty.smoke.executors import Task, chunks, run_local
from admiralty.smoke.runner import Limits, Outcome
from admiralty.smoke.sequential import CONFIDENCE, next_total
from admiralty.smoke.stats import side_ids

CHUNK = 10  # pairs a round of a fixed run plays at least (a sequential run looks at the smoke sweep's totals)


@dataclass
class Played:
    """The pairs of games played: ``before[i]`` and ``after[i]`` share a seed (unless ``independent``)."""

    player: str
    before: list[Outcome] = field(default_factory=list)
    after: list[Outcome] = field(default_factory=list)
    seconds: float = 0.0
    planned: int = 0
    stopped_by_budget: bool = False
    sequential: bool = False  # looked after every round, and stopped when the shift was decided
    decided: dict[str, stats.ShiftDecision] = field(default_factory=dict)  # per side, at the last look


def play_pairs(before: ScenarioModel, after: ScenarioModel, *, games: int, player: str | None = None,
               seed: int = 0, budget: float | None = None, jobs: int = 1, limits: Limits | None = None,
               independent_offset: int = 0, shift: float | None = None,
               clock: Callable[[], float] = time.perf_counter) -> Played:
    """Play seeds ``seed .. seed+games-1`` on both versions in rounds (the smoke sweep's: a floor of pairs, then
    ten more a round) until done, until ``budget`` seconds have passed (the first round is always played) or,
    with a ``shift`` of interest, until the shift is decided (:func:`shift_decided`). ``independent_offset``
    plays the second version on other seeds (only to measure what common random numbers save)."""
    kind = player or (tuple(after.smoke.players) or ("random",))[0]
    limits = limits or Limits()
    played = Played(kind, planned=games, sequential=shift is not None)
    started = clock()
    total = 0
    while total < games:
        if budget is not None and played.before and clock() - started >= budget:
            played.stopped_by_budget = True
            break
        target = next_total(total, games) if shift is not None else min(games, total + max(CHUNK, jobs * 5))
        block, total = tuple(range(seed + total, seed + target)), target
        played.before.extend(_play(before, kind, block, limits, jobs))
        played.after.extend(_play(after, kind, tuple(s + independent_offset for s in block), limits, jobs))
        if shift is not None:
            played.decided = decisions(after, played, shift)
            if shift_decided(played.decided):
                break
    played.seconds = clock() - started
    return played


def decisions(scenario: ScenarioModel, played: Played, delta: float) -> dict[str, stats.ShiftDecision]:
    """Each side's shift as the confidence sequence puts it over the pairs so far."""
    return {side: stats.shift_sequence(_pairs(side, played), delta) for side in _sides(scenario, played)}


def shift_decided(decided: dict[str, stats.ShiftDecision]) -> bool:
    """The shift is decided when a side's win rate has moved (zero excluded: the change shifts the balance), or
    when every side's has moved less than the shift of interest, if at all."""
    verdicts = [d.verdict for d in decided.values()]
    return stats.SHIFTED in verdicts or (bool(verdicts) and all(v == stats.SMALLER for v in verdicts))


def _play(scenario: ScenarioModel, kind: str, seeds: tuple[int, ...], limits: Limits, jobs: int) -> list[Outcome]:
    """One version's games on ``seeds``, in seed order (no replay files, no determinism re-play: smoke does that)."""
    parts = max(1, min(jobs, len(seeds)))
    tasks = [Task(scenario, kind, part, limits, None, 0) for part in chunks(seeds, -(-len(seeds) // parts))]
    return sorted(run_local(tasks, jobs, lambda done: None), key=lambda o: o.seed)


def _rate(wins: int, n: int) -> Rate:
    low, high = stats.wilson_interval(wins, n)
    return Rate(wins=wins, rate=wins / n if n else 0.0, wilson95=[low, high])


def _pairs(side: str, played: Played) -> stats.PairedShift:
    return stats.paired([o.winner == side for o in played.before], [o.winner == side for o in played.after])


def _sides(scenario: ScenarioModel, played: Played) -> list[str]:
    return side_ids(scenario) or sorted({s for o in played.after for s in o.points})


def side_shift(side: str, played: Played, delta: float) -> SideShift:
    """One side's win rates before and after, the paired difference and what it would take to see it."""
    pairs = _pairs(side, played)
    won_before, won_after = pairs.both + pairs.before_only, pairs.both + pairs.after_only
    interval = stats.newcombe_paired(pairs)
    unpaired = stats.newcombe_unpaired(won_after, pairs.n, won_before, pairs.n)
    paired_var, independent_var = stats.paired_variance(pairs), stats.independent_variance(pairs)
    return SideShift(
        before=_rate(won_before, pairs.n),
        after=_rate(won_after, pairs.n),
        difference=pairs.difference,
        newcombe95=list(interval),
        independent95=list(unpaired),
        significant=stats.significant(interval),
        discordant=Discordant(won_before_only=pairs.before_only, won_after_only=pairs.after_only),
        variance=Variance(paired=paired_var, independent=independent_var,
                          saved=1 - paired_var / independent_var if independent_var > 0 else None),
        games_needed=GamesNeeded(paired=stats.games_needed(paired_var, delta),
                                 independent=stats.games_needed(independent_var, delta)),
        vp=_vp_shift(side, played),
    )


def _vp_shift(side: str, played: Played) -> VPShift:
    vp_before = [o.points.get(side, 0.0) for o in played.before]
    vp_after = [o.points.get(side, 0.0) for o in played.after]
    ks, ks_p = stats.ks_permutation_test(vp_before, vp_after)
    n = max(1, len(vp_before))
    return VPShift(before_mean=sum(vp_before) / n, after_mean=sum(vp_after) / n,
                   mean_difference=(sum(vp_after) - sum(vp_before)) / n,
                   sign_flip_p=stats.sign_flip_test([a - b for a, b in zip(vp_after, vp_before, strict=True)]),
                   ks=ks, ks_p=ks_p)


def _needed(per_side: dict[str, SideShift]) -> list[int]:
    """Each side's paired games to see the shift of interest, where it can be told."""
    return [s["games_needed"]["paired"] for s in per_side.values() if s["games_needed"]["paired"]]


def _verdict(per_side: dict[str, SideShift], n: int, identical: int, delta: float) -> tuple[str, str | None]:
    """The verdict's words and the side the balance moved towards (if a significant shift raised one)."""
    needed = _needed(per_side)
    moved = sorted(((s["difference"], side) for side, s in per_side.items() if s["significant"]), reverse=True)
    if n and identical == n:
        return f"no shift: all {n} games played identically (exactly zero)", None
    if moved and moved[0][0] > 0:
        return f"shifted towards {moved[0][1]} ({moved[0][0]:+.1%} win rate, {n} games)", moved[0][1]
    if moved:
        return f"shifted away from {moved[-1][1]} ({moved[-1][0]:+.1%} win rate, {n} games)", None
    return (f"no detectable change at {n} games"
            + (f"; a shift of {delta:.0%} needs about {max(needed)} games" if needed else "")), None


def _sequential(played: Played, n: int) -> Sequential | None:
    """How many pairs the sequential shift test needed, and what it decided per side; None when not sequential."""
    if not played.sequential:
        return None
    decided = shift_decided(played.decided)
    return Sequential(confidence=CONFIDENCE, decided=decided, games=n, budget=played.planned,
                      sides={side: SideDecision(verdict=d.verdict, sequence=[d.low, d.high])
                             for side, d in played.decided.items()})


def _needed_words(sequential: Sequential | None) -> str:
    if sequential is None:
        return ""
    if sequential["decided"]:
        return (f"; decided after {sequential['games']} of {sequential['budget']} games "
                f"({sequential['confidence']:.0%} confidence sequence)")
    return f"; undecided after {sequential['games']} of {sequential['budget']} games"


def analyse(scenario: ScenarioModel, played: Played, delta: float) -> Balance:
    """The balance section of the report for one scenario (JSON-ready)."""
    n = min(len(played.before), len(played.after))
    played.before, played.after = played.before[:n], played.after[:n]
    identical = sum(1 for b, a in zip(played.before, played.after, strict=True) if b.event_hash == a.event_hash)
    per_side = {side: side_shift(side, played, delta) for side in _sides(scenario, played)}
    needed = _needed(per_side)
    verdict, towards = _verdict(per_side, n, identical, delta)
    sequential = _sequential(played, n)
    return Balance(
        player=played.player, games=n, planned=played.planned, seconds=round(played.seconds, 2),
        stopped_by_budget=played.stopped_by_budget, identical_games=identical,
        failures=_count_each(played, lambda o: o.failure is not None),
        draws=_count_each(played, lambda o: o.winner is None),
        sides=per_side, shift_of_interest=delta,
        games_needed=max(needed, default=None),
        verdict=verdict + _needed_words(sequential), shifted_towards=towards, sequential=sequential,
        largest_significant_shift=_largest_significant(per_side),
    )


def _count_each(played: Played, which: Callable[[Outcome], bool]) -> BeforeAfter:
    """How many games of each version are ``which``."""
    return BeforeAfter(before=sum(1 for o in played.before if which(o)), after=sum(1 for o in played.after if which(o)))


def _largest_significant(per_side: dict[str, SideShift]) -> float:
    return max((abs(s["difference"]) for s in per_side.values() if s["significant"]), default=0.0)
