"""Statistics of a scenario's smoke games: failures, game length, win rates with Wilson intervals, VP."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from admiralty.engine.protocols import ScenarioModel
from admiralty.smoke.runner import FAILURE_KINDS, Outcome

Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default); (0, 1) with no trials."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def side_ids(scenario: ScenarioModel) -> list[str]:
    """The scenario's sides in the author's order; the first is the one the balance band speaks of."""
    return [side for side, _ in scenario.side_names()]


def summarise(scenario: ScenarioModel, outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """The statistics the site reads from ``build/smoke/<id>.json``. Deterministic: no timings in it."""
    outcomes = sorted(outcomes, key=lambda o: (o.player, o.seed))
    sides = side_ids(scenario) or sorted({s for o in outcomes for s in o.points})
    finished = [o for o in outcomes if o.failure is None]
    failures = Counter(o.failure for o in outcomes if o.failure)
    lengths = [o.turns for o in finished]
    declared = tuple(scenario.smoke.players)
    played = {o.player for o in outcomes}
    first_kind = next((kind for kind in declared if kind in played), min(played) if played else None)
    balance_games = [o for o in finished if o.player == first_kind]
    per_side: dict[str, Any] = {}
    for side in sides:
        wins = sum(1 for o in finished if o.winner == side)
        vps = [o.points.get(side, 0.0) for o in finished]
        histogram = Counter(_vp_key(v) for v in vps)
        per_side[side] = {
            "wins": wins,
            "rate": wins / len(finished) if finished else 0.0,
            "wilson95": list(wilson_interval(wins, len(finished))),
            "vp": {"mean": statistics.fmean(vps) if vps else 0.0,
                   "histogram": {key: histogram[key] for key in sorted(histogram, key=float)}},
        }
    expected = scenario.smoke.balance
    observed = (sum(1 for o in balance_games if sides and o.winner == sides[0]) / len(balance_games)
                if balance_games else 0.0)
    in_band = None if expected is None or not balance_games else bool(expected[0] <= observed <= expected[1])
    first_wins = sum(1 for o in balance_games if sides and o.winner == sides[0])
    return {
        "scenario": str(scenario.id),
        "ruleset": scenario.ruleset,
        "title": scenario.title,
        "games": len(outcomes),
        "players": sorted({o.player for o in outcomes}),
        "games_per_player": dict(sorted(Counter(o.player for o in outcomes).items())),
        "failures": {kind: failures.get(kind, 0) for kind in FAILURE_KINDS},
        "length": {
            "mean": statistics.fmean(lengths) if lengths else 0.0,
            "stdev": statistics.pstdev(lengths) if len(lengths) > 1 else 0.0,
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
        },
        "sides": per_side,
        "draws": sum(1 for o in finished if o.winner is None),
        "balance": {"expected": list(expected) if expected is not None else None, "observed": observed,
                    "side": sides[0] if sides else None, "in_band": in_band, "player": first_kind,
                    "games": len(balance_games), "wilson95": list(wilson_interval(first_wins, len(balance_games)))},
        "by_player": {kind: by_player(sides, [o for o in finished if o.player == kind]) for kind in sorted(played)},
        "failed_games": [{"player": o.player, "seed": o.seed, "kind": o.failure, "message": o.message,
                          "replay": o.replay_file} for o in outcomes if o.failure],
        "event_hashes": {f"{o.player}:{o.seed}": o.event_hash for o in outcomes},
    }


def by_player(sides: Sequence[str], finished: Sequence[Outcome]) -> dict[str, Any]:
    """Wins, rate and Wilson interval per side, and draws, over the finished games of one player kind: the
    figures the site's balance chart, verdict and index all show for the kind the band is judged on."""
    return {
        "games": len(finished),
        "draws": sum(1 for o in finished if o.winner is None),
        "sides": {side: {"wins": (wins := sum(1 for o in finished if o.winner == side)),
                         "rate": wins / len(finished) if finished else 0.0,
                         "wilson95": list(wilson_interval(wins, len(finished)))} for side in sides},
    }


def _vp_key(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
