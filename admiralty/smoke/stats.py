"""Statistics of a scenario's smoke games: failures, game length, win rates with Wilson intervals, VP; the type
they are kept, written and read in is ``summary.SmokeStats``."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import replace

from admiralty.engine.protocols import ScenarioModel
from admiralty.smoke.eventmeans import EventMeans
from admiralty.smoke.runner import Outcome
from admiralty.smoke.summary import (
    FAILURE_KINDS,
    BalanceCheck,
    FailedGame,
    LengthStats,
    PlayerStats,
    SideStats,
    SmokeStats,
    vp_key,
    wilson_interval,
)

Z95 = 1.959963984540054
__all__ = ["Z95", "SmokeStats", "balance_player", "by_player", "side_ids", "summarise", "wilson_interval"]


def side_ids(scenario: ScenarioModel) -> list[str]:
    """The scenario's sides in the author's order; the first is the one the balance band speaks of."""
    return [side for side, _ in scenario.side_names()]


def summarise(scenario: ScenarioModel, outcomes: Sequence[Outcome]) -> SmokeStats:
    """The statistics written to ``build/smoke/<id>.json``. Deterministic: no timings in them."""
    outcomes = sorted(outcomes, key=_by_kind_and_seed)
    sides = side_ids(scenario) or sorted({s for o in outcomes for s in o.points})
    finished = [o for o in outcomes if o.failure is None]
    played = sorted({o.player for o in outcomes})
    kind = balance_player(scenario.smoke.players, played)
    return SmokeStats(
        scenario=str(scenario.id),
        ruleset=scenario.ruleset,
        title=scenario.title,
        games=len(outcomes),
        players=tuple(played),
        games_per_player=tuple(sorted(Counter(o.player for o in outcomes).items())),
        failures=_failures(outcomes),
        length=game_length([o.turns for o in finished]),
        sides=tuple(_side_with_vp(side, finished) for side in sides),
        draws=_draws(finished),
        balance_check=balance_check(scenario, sides, _of_kind(finished, kind), kind),
        by_player=tuple((k, by_player(sides, _of_kind(finished, k))) for k in played),
        failed_games=_failed_games(outcomes),
        event_hashes=tuple({f"{o.player}:{o.seed}": o.event_hash for o in outcomes}.items()),
        events=event_means(_of_kind(finished, kind), kind),
    )


def _by_kind_and_seed(outcome: Outcome) -> tuple[str, int]:
    return (outcome.player, outcome.seed)


def _of_kind(outcomes: Sequence[Outcome], kind: str | None) -> list[Outcome]:
    return [o for o in outcomes if o.player == kind]


def _draws(finished: Sequence[Outcome]) -> int:
    return sum(1 for o in finished if o.winner is None)


def _failures(outcomes: Sequence[Outcome]) -> tuple[tuple[str, int], ...]:
    """The failure kinds that happened, with their counts, in ``FAILURE_KINDS`` order."""
    counts = Counter(o.failure for o in outcomes if o.failure)
    return tuple((kind, counts[kind]) for kind in FAILURE_KINDS if counts[kind])


def _failed_games(outcomes: Sequence[Outcome]) -> tuple[FailedGame, ...]:
    return tuple(FailedGame(o.player, o.seed, o.failure, o.message, o.replay_file)
                 for o in outcomes if o.failure is not None)


def balance_player(declared: Sequence[str], played: Collection[str]) -> str | None:
    """The player kind the band is judged on: the first declared kind played, else the first played."""
    return next((kind for kind in declared if kind in played), min(played) if played else None)


def game_length(lengths: Sequence[int]) -> LengthStats:
    return LengthStats(
        mean=statistics.fmean(lengths) if lengths else 0.0,
        stdev=statistics.pstdev(lengths) if len(lengths) > 1 else 0.0,
        min=min(lengths, default=0),
        max=max(lengths, default=0),
    )


def event_means(games: Sequence[Outcome], kind: str | None) -> EventMeans | None:
    """The mean count of each event type over ``games`` (the balance kind's finished games: what a player
    handles in the games the balance is judged on), a type a game never wrote counting 0 for it; ``None``
    without games."""
    if not games:
        return None
    totals: Counter[str] = Counter()
    for outcome in games:
        totals.update(outcome.event_counts)
    means = tuple((event, totals[event] / len(games)) for event in sorted(totals))
    return EventMeans(kind, len(games), statistics.fmean(o.turns for o in games), means)


def balance_check(scenario: ScenarioModel, sides: Sequence[str], games: Sequence[Outcome],
                  kind: str | None) -> BalanceCheck:
    """The first side's win rate over the balance kind's finished ``games``, against the scenario's band."""
    expected = scenario.smoke.balance
    first_wins = sum(1 for o in games if sides and o.winner == sides[0])
    observed = first_wins / len(games) if games else 0.0
    in_band = None if expected is None or not games else bool(expected[0] <= observed <= expected[1])
    return BalanceCheck(
        expected=None if expected is None else (expected[0], expected[1]), observed=observed,
        side=sides[0] if sides else None, in_band=in_band, player=kind, games=len(games),
        wilson95=wilson_interval(first_wins, len(games)),
    )


def _side_with_vp(side: str, finished: Sequence[Outcome]) -> SideStats:
    """One side's wins over all finished games, with its VP mean and histogram."""
    figures = _side(side, finished)
    vps = [o.points.get(side, 0.0) for o in finished]
    histogram = Counter(vp_key(v) for v in vps)
    return replace(figures, vp_mean=statistics.fmean(vps) if vps else 0.0,
                   vp_histogram=tuple(sorted((float(key), n) for key, n in histogram.items())))


def _side(side: str, finished: Sequence[Outcome]) -> SideStats:
    wins = sum(1 for o in finished if o.winner == side)
    return SideStats(side, wins, wins / len(finished) if finished else 0.0, wilson_interval(wins, len(finished)))


def by_player(sides: Sequence[str], finished: Sequence[Outcome]) -> PlayerStats:
    """Wins, rate and Wilson interval per side, and draws, over the finished games of one player kind: the
    figures the site's balance chart, verdict and index all show for the kind the band is judged on."""
    return PlayerStats(len(finished), tuple(_side(side, finished) for side in sides), _draws(finished))
