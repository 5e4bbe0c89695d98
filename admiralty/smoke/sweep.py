"""Smoke every scenario: build the tasks, run them on an executor, write the statistics.

A complete run writes ``<out>/<id>.json`` per scenario (and removes any ``<id>.partial.json`` an earlier,
interrupted run left). A run the executor could not finish (:class:`RunInterrupted`) writes
``<out>/<id>.partial.json`` instead: the same statistics over the games finished before the run ended, plus
``"partial": true``, the ``reason`` and the ``planned_games``. It leaves ``<id>.json`` alone, so the site
never shows an interrupted run's figures as if they were a whole sample.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from admiralty.atomic import write_text
from admiralty.engine.protocols import ScenarioModel
from admiralty.smoke.cache import OutcomeCache
from admiralty.smoke.executors import RunInterrupted, Stop, Task, chunks, run_dask, run_local
from admiralty.smoke.runner import Limits, Outcome
from admiralty.smoke.sequential import CONFIDENCE, FLOOR, Decision, decision_at, next_total
from admiralty.smoke.stats import balance_player, side_ids, summarise
from admiralty.smoke.summary import PartialRun, SequentialStats, SmokeStats


@dataclass(frozen=True)
class SmokeSettings:
    games: int | None = None  # per player kind; None: each scenario's own `smoke.games` (the budget when sequential)
    seed: int = 0
    jobs: int = 1
    executor: str = "local"  # local, dask-local, dask://HOST:PORT
    out_dir: str = "build/smoke"
    limits: Limits = field(default_factory=Limits)
    check_every: int = 10  # re-play every n-th seed from its replay file to prove determinism
    players: tuple[str, ...] | None = None
    stall_timeout: float = 120.0  # end the run when no chunk of games finished for this long (0: never)
    fail_fast: bool = False  # a local-pool worker's death ends the run (otherwise: a crash of its game, go on)
    sequential: bool = False  # stop each scenario when its balance verdict is decided (the CLI's default)
    cache: bool = False  # take finished games from <out_dir>/cache instead of playing them again (the CLI's default)
    floor: int = FLOOR  # sequential: games per player kind whatever the balance says
    confidence: float = CONFIDENCE  # sequential: of the confidence sequence that decides


def budget(scenario: ScenarioModel, settings: SmokeSettings) -> int:
    """The games per player kind of a fixed sweep: the most a sequential one plays."""
    return settings.games if settings.games is not None else scenario.smoke.games


def kinds_of(scenario: ScenarioModel, settings: SmokeSettings) -> tuple[str, ...]:
    return settings.players or tuple(scenario.smoke.players)


def balance_kind(scenario: ScenarioModel, kinds: Sequence[str]) -> str | None:
    """The player kind the band is judged on: the first declared kind played (as ``summarise`` picks it)."""
    return balance_player(scenario.smoke.players, kinds)


def plan(scenarios: Sequence[ScenarioModel], settings: SmokeSettings,
         wanted: Callable[[ScenarioModel, str], Sequence[int]] | None = None) -> list[Task]:
    """The tasks that play ``wanted(scenario, kind)`` seeds (by default every seed of a fixed sweep)."""
    replay_dir = str(Path(settings.out_dir) / "replays")
    tasks: list[Task] = []
    for scenario in scenarios:
        games = budget(scenario, settings)
        for number, kind in enumerate(kinds_of(scenario, settings)):
            seeds = (list(wanted(scenario, kind)) if wanted is not None
                     else list(range(settings.seed, settings.seed + games)))
            # chunks sized on this round's seeds, not the budget: a sequential round of a few slow games (Jutland)
            # is shared by the workers instead of keeping one busy while the others wait for the round's end
            size = max(1, min(50, -(-len(seeds) // max(1, settings.jobs * 4))))
            # the first kind's first seed is the scenario's sample game, in whichever round it is played
            tasks.extend(
                Task(scenario, kind, chunk, settings.limits, replay_dir, settings.check_every,
                     settings.seed if number == 0 and games else None)
                for chunk in chunks(seeds, size)
            )
    return tasks


class _Sweep:
    """The rounds of one run: the games each scenario has (played now or taken from the cache), the games it
    is to have after the next round, and the sequential decision of each scenario."""

    def __init__(self, scenarios: Sequence[ScenarioModel], settings: SmokeSettings) -> None:
        self.scenarios, self.settings = scenarios, settings
        self.cache = OutcomeCache(settings.out_dir, settings.cache)
        self.outcomes: dict[str, dict[tuple[str, int], Outcome]] = {str(s.id): {} for s in scenarios}
        self.target = {(str(s.id), kind): min(settings.floor, budget(s, settings)) if settings.sequential
                       else budget(s, settings) for s in scenarios for kind in kinds_of(s, settings)}
        self.decisions: dict[str, tuple[int, Decision]] = {}
        self.replay_dir = Path(settings.out_dir) / "replays"

    def wanted(self, scenario: ScenarioModel, kind: str) -> list[int]:
        """The seeds of this round not played yet and not in the cache (those are taken from it here)."""
        have = self.outcomes[str(scenario.id)]
        seeds = [seed for seed in range(self.settings.seed, self.settings.seed + self.target[(str(scenario.id), kind)])
                 if (kind, seed) not in have]
        cached = self.cache.get(scenario, kind, self.settings.limits, seeds)
        sample = self.settings.seed in cached and kind == kinds_of(scenario, self.settings)[0]
        if sample and not _sample_current(self.replay_dir, scenario):
            del cached[self.settings.seed]  # the site's sample game must be on disk, of this scenario
        for seed, outcome in cached.items():
            have[(kind, seed)] = outcome
        return [seed for seed in seeds if seed not in cached]

    def add(self, done: Sequence[Outcome]) -> None:
        for outcome in done:
            self.outcomes[outcome.scenario][(outcome.player, outcome.seed)] = outcome

    def of(self, scenario: ScenarioModel) -> list[Outcome]:
        return list(self.outcomes[str(scenario.id)].values())

    def planned(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for (scenario_id, _), games in self.target.items():
            totals[scenario_id] = totals.get(scenario_id, 0) + games
        return totals

    def next_round(self) -> bool:
        """Decide each sequential scenario at this look; raise the targets of those still open. False: done."""
        if not self.settings.sequential:
            return False
        more = False
        for scenario in self.scenarios:
            kind = balance_kind(scenario, kinds_of(scenario, self.settings))
            band = scenario.smoke.balance
            if kind is None or band is None:
                continue
            key = (str(scenario.id), kind)
            games = self.target[key]
            wins = first_side_wins(scenario, [self.outcomes[key[0]][(kind, seed)]
                                              for seed in range(self.settings.seed, self.settings.seed + games)])
            decision = decision_at(wins, (band[0], band[1]), self.settings.confidence)
            self.decisions[key[0]] = (games, decision)
            if decision.verdict is None and games < budget(scenario, self.settings):
                self.target[key] = next_total(games, budget(scenario, self.settings), self.settings.floor)
                more = True
        return more

    def summary(self, scenario: ScenarioModel) -> SmokeStats:
        summary = summarise(scenario, self.of(scenario))
        if not self.settings.sequential:
            return summary
        games, decision = self.decisions.get(str(scenario.id), (0, Decision(None, 0.0, 1.0)))
        each = budget(scenario, self.settings)
        return replace(summary, sequential=SequentialStats(
            confidence=self.settings.confidence, floor=min(self.settings.floor, each), budget=each,
            fixed_games=each * len(kinds_of(scenario, self.settings)), verdict=decision.verdict,
            balance_games=games, sequence=(decision.low, decision.high) if games else None,
        ))


def first_side_wins(scenario: ScenarioModel, outcomes: Sequence[Outcome]) -> list[bool | None]:
    """Per game in seed order: did the band's side (the first) win; None for a failed game, which does not count."""
    sides = side_ids(scenario)
    return [None if o.failure else bool(sides) and o.winner == sides[0] for o in outcomes]


def _sample_current(replay_dir: Path, scenario: ScenarioModel) -> bool:
    """The sample game on disk is this scenario's (its header names this content hash)."""
    try:
        with open(replay_dir / f"{scenario.id}-sample.jsonl", encoding="utf-8") as handle:
            return bool(json.loads(handle.readline()).get("scenario_hash") == scenario.content_hash)
    except (OSError, ValueError, AttributeError):
        return False


def run(scenarios: Sequence[ScenarioModel], settings: SmokeSettings,
        progress: Callable[[list[Outcome]], None] = lambda done: None) -> dict[str, SmokeStats]:
    """Play every scenario's games and return (and write) the statistics per scenario id: all of a fixed sweep's
    in one round, or a sequential sweep's in rounds until each balance verdict is decided. Games in the cache
    are taken from it; ``progress`` hears of the games played."""
    sweep = _Sweep(scenarios, settings)
    out = Path(settings.out_dir)
    by_id = {str(s.id): s for s in scenarios}

    def collect(done: list[Outcome]) -> None:
        sweep.add(done)
        progress(done)

    try:
        try:
            while True:
                tasks = plan(scenarios, settings, sweep.wanted)
                outcomes = _execute(tasks, settings, collect) if tasks else []
                sweep.add(outcomes)
                for scenario_id, played in _grouped(outcomes).items():
                    sweep.cache.put(by_id[scenario_id], settings.limits, played)
                if not sweep.next_round():
                    break
        except Stop as signalled:
            raise RunInterrupted(f"interrupted by {signalled.name}", [o for s in scenarios for o in sweep.of(s)],
                                 signalled.signum) from None
    except RunInterrupted as stopped:
        sweep.add(stopped.outcomes)  # with the earlier rounds' games and those from the cache
        stopped.outcomes = [o for s in scenarios for o in sweep.of(s)]
        planned = sweep.planned()
        for scenario in scenarios:
            path = out / f"{scenario.id}.partial.json"
            partial = PartialRun(stopped.reason, planned.get(str(scenario.id), 0))
            _write(path, replace(summarise(scenario, sweep.of(scenario)), partial=partial))
            stopped.partial_files.append(str(path))
        raise
    finally:
        sweep.cache.save()  # the games finished are kept even when the run was interrupted
    stats: dict[str, SmokeStats] = {}
    for scenario in scenarios:
        summary = sweep.summary(scenario)
        stats[str(scenario.id)] = summary
        _write(out / f"{scenario.id}.json", summary)
        (out / f"{scenario.id}.partial.json").unlink(missing_ok=True)  # an earlier interrupted run's
    return stats


def _grouped(outcomes: Sequence[Outcome]) -> dict[str, list[Outcome]]:
    grouped: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        grouped.setdefault(outcome.scenario, []).append(outcome)
    return grouped


def _execute(tasks: list[Task], settings: SmokeSettings, progress: Callable[[list[Outcome]], None]) -> list[Outcome]:
    if settings.executor == "local":
        return run_local(tasks, settings.jobs, progress, settings.stall_timeout, settings.fail_fast)
    if settings.executor == "dask-local":
        return run_dask(tasks, None, settings.jobs, progress, settings.stall_timeout)
    if settings.executor.startswith("dask://"):
        address = "tcp://" + settings.executor.removeprefix("dask://")
        return run_dask(tasks, address, settings.jobs, progress, settings.stall_timeout)
    raise ValueError(f"unknown executor {settings.executor!r}: use local, dask-local or dask://HOST:PORT")


def _write(path: Path, summary: SmokeStats) -> None:
    write_text(path, summary.dumps())
