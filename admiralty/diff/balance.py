"""The balance shift of a change: both versions of a scenario smoked on the same seeds with the same
players (common random numbers), within a time budget, and the pairs of games compared side by side.

The games are played by the smoke machinery (``admiralty.smoke``): the same tasks, the same
runner, the same executors. A pair whose event logs hash the same is the same game; when every pair is,
the shift is exactly zero by determinism, not by estimate.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from admiralty.contract import ScenarioModel
from admiralty.diff import stats
from admiralty.smoke.executors import Task, chunks, run_local
from admiralty.smoke.runner import Limits, Outcome
from admiralty.smoke.stats import side_ids

CHUNK = 10


@dataclass
class Played:
    """The pairs of games played: ``before[i]`` and ``after[i]`` share a seed (unless ``independent``)."""

    player: str
    before: list[Outcome] = field(default_factory=list)
    after: list[Outcome] = field(default_factory=list)
    seconds: float = 0.0
    planned: int = 0
    stopped_by_budget: bool = False


def play_pairs(before: ScenarioModel, after: ScenarioModel, *, games: int, player: str | None = None,
               seed: int = 0, budget: float | None = None, jobs: int = 1, limits: Limits | None = None,
               independent_offset: int = 0,
               clock: Callable[[], float] = time.perf_counter) -> Played:
    """Play seeds ``seed .. seed+games-1`` on both versions, chunk by chunk, until done or ``budget``
    seconds have passed (at least one chunk is always played). ``independent_offset`` plays the second
    version on other seeds (only to measure what common random numbers save)."""
    kind = player or (tuple(after.smoke.players) or ("random",))[0]
    limits = limits or Limits()
    played = Played(kind, planned=games)
    started = clock()
    size = max(CHUNK, jobs * 5)
    for block in chunks(list(range(seed, seed + games)), size):
        if budget is not None and played.before and clock() - started >= budget:
            played.stopped_by_budget = True
            break
        played.before.extend(_play(before, kind, block, limits, jobs))
        played.after.extend(_play(after, kind, tuple(s + independent_offset for s in block), limits, jobs))
    played.seconds = clock() - started
    return played


def _play(scenario: ScenarioModel, kind: str, seeds: tuple[int, ...], limits: Limits, jobs: int) -> list[Outcome]:
    """One version's games on ``seeds``, in seed order (no replay files, no determinism re-play: smoke does that)."""
    parts = max(1, min(jobs, len(seeds)))
    tasks = [Task(scenario, kind, part, limits, None, 0) for part in chunks(seeds, -(-len(seeds) // parts))]
    return sorted(run_local(tasks, jobs, lambda done: None), key=lambda o: o.seed)


def _rate(wins: int, n: int) -> dict[str, Any]:
    low, high = stats.wilson_interval(wins, n)
    return {"wins": wins, "rate": wins / n if n else 0.0, "wilson95": [low, high]}


def side_shift(side: str, played: Played, delta: float) -> dict[str, Any]:
    """One side's win rates before and after, the paired difference and what it would take to see it."""
    won_before = [o.winner == side for o in played.before]
    won_after = [o.winner == side for o in played.after]
    pairs = stats.paired(won_before, won_after)
    interval = stats.newcombe_paired(pairs)
    unpaired = stats.newcombe_unpaired(sum(won_after), len(won_after), sum(won_before), len(won_before))
    paired_var, independent_var = stats.paired_variance(pairs), stats.independent_variance(pairs)
    vp_before = [o.points.get(side, 0.0) for o in played.before]
    vp_after = [o.points.get(side, 0.0) for o in played.after]
    ks, ks_p = stats.ks_permutation_test(vp_before, vp_after)
    n = max(1, pairs.n)
    return {
        "before": _rate(sum(won_before), pairs.n),
        "after": _rate(sum(won_after), pairs.n),
        "difference": pairs.difference,
        "newcombe95": list(interval),
        "independent95": list(unpaired),
        "significant": stats.significant(interval),
        "discordant": {"won_before_only": pairs.before_only, "won_after_only": pairs.after_only},
        "variance": {"paired": paired_var, "independent": independent_var,
                     "saved": 1 - paired_var / independent_var if independent_var > 0 else None},
        "games_needed": {"paired": stats.games_needed(paired_var, delta),
                         "independent": stats.games_needed(independent_var, delta)},
        "vp": {"before_mean": sum(vp_before) / n, "after_mean": sum(vp_after) / n,
               "mean_difference": (sum(vp_after) - sum(vp_before)) / n,
               "sign_flip_p": stats.sign_flip_test([a - b for a, b in zip(vp_after, vp_before, strict=True)]),
               "ks": ks, "ks_p": ks_p},
    }


def analyse(scenario: ScenarioModel, played: Played, delta: float) -> dict[str, Any]:
    """The balance section of the report for one scenario (JSON-ready)."""
    sides = side_ids(scenario) or sorted({s for o in played.after for s in o.points})
    n = min(len(played.before), len(played.after))
    played.before, played.after = played.before[:n], played.after[:n]
    identical = sum(1 for b, a in zip(played.before, played.after, strict=True) if b.event_hash == a.event_hash)
    per_side = {side: side_shift(side, played, delta) for side in sides}
    needed = [s["games_needed"]["paired"] for s in per_side.values() if s["games_needed"]["paired"]]
    moved = sorted(((s["difference"], side) for side, s in per_side.items() if s["significant"]), reverse=True)
    if n and identical == n:
        verdict, towards = f"no shift: all {n} games played identically (exactly zero)", None
    elif moved and moved[0][0] > 0:
        towards = moved[0][1]
        verdict = f"shifted towards {towards} ({moved[0][0]:+.1%} win rate, {n} games)"
    elif moved:
        towards = None
        verdict = f"shifted away from {moved[-1][1]} ({moved[-1][0]:+.1%} win rate, {n} games)"
    else:
        towards = None
        verdict = (f"no detectable change at {n} games" + (f"; a shift of {delta:.0%} needs about {max(needed)} "
                                                           "games" if needed else ""))
    return {
        "player": played.player, "games": n, "planned": played.planned, "seconds": round(played.seconds, 2),
        "stopped_by_budget": played.stopped_by_budget, "identical_games": identical,
        "failures": {"before": sum(1 for o in played.before if o.failure),
                     "after": sum(1 for o in played.after if o.failure)},
        "draws": {"before": sum(1 for o in played.before if o.winner is None),
                  "after": sum(1 for o in played.after if o.winner is None)},
        "sides": per_side, "shift_of_interest": delta,
        "games_needed": max(needed) if needed else None,
        "verdict": verdict, "shifted_towards": towards,
        "largest_significant_shift": max((abs(d) for d, _ in moved), default=0.0),
    }
