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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from admiralty.atomic import write_text
from admiralty.engine.protocols import ScenarioModel
from admiralty.smoke.executors import RunInterrupted, Stop, Task, chunks, run_dask, run_local
from admiralty.smoke.runner import Limits, Outcome
from admiralty.smoke.stats import summarise


@dataclass(frozen=True)
class SmokeSettings:
    games: int | None = None  # per player kind; None: each scenario's own `smoke.games`
    seed: int = 0
    jobs: int = 1
    executor: str = "local"  # local, dask-local, dask://HOST:PORT
    out_dir: str = "build/smoke"
    limits: Limits = field(default_factory=Limits)
    check_every: int = 10  # re-play every n-th seed from its replay file to prove determinism
    players: tuple[str, ...] | None = None
    stall_timeout: float = 120.0  # end the run when no chunk of games finished for this long (0: never)
    fail_fast: bool = False  # a local-pool worker's death ends the run (otherwise: a crash of its game, go on)


def plan(scenarios: Sequence[ScenarioModel], settings: SmokeSettings) -> list[Task]:
    replay_dir = str(Path(settings.out_dir) / "replays")
    tasks: list[Task] = []
    for scenario in scenarios:
        games = settings.games if settings.games is not None else scenario.smoke.games
        kinds = settings.players or tuple(scenario.smoke.players)
        seeds = list(range(settings.seed, settings.seed + games))
        size = max(1, min(50, -(-games // max(1, settings.jobs * 4))))
        for number, kind in enumerate(kinds):  # the first kind's first game is the scenario's sample game
            tasks.extend(
                Task(scenario, kind, chunk, settings.limits, replay_dir, settings.check_every,
                     seeds[0] if number == 0 and seeds else None)
                for chunk in chunks(seeds, size)
            )
    return tasks


def run(
    scenarios: Sequence[Any], settings: SmokeSettings, progress: Callable[[list[Outcome]], None] = lambda done: None
) -> dict[str, dict[str, Any]]:
    """Play every scenario's games and return (and write) the statistics per scenario id."""
    tasks = plan(scenarios, settings)
    out = Path(settings.out_dir)
    finished: list[Outcome] = []

    def collect(done: list[Outcome]) -> None:
        finished.extend(done)
        progress(done)

    try:
        try:
            outcomes = _execute(tasks, settings, collect)
        except Stop as signalled:
            raise RunInterrupted(f"interrupted by {signalled.name}", finished, signalled.signum) from None
    except RunInterrupted as stopped:
        planned: dict[str, int] = {}
        for task in tasks:
            planned[str(task.scenario.id)] = planned.get(str(task.scenario.id), 0) + len(task.seeds)
        extra = {"partial": True, "reason": stopped.reason}
        for scenario in scenarios:
            path = out / f"{scenario.id}.partial.json"
            _write(path, {**summarise(scenario, _of(stopped.outcomes, scenario)), **extra,
                          "planned_games": planned.get(str(scenario.id), 0)})
            stopped.partial_files.append(str(path))
        raise
    stats: dict[str, dict[str, Any]] = {}
    for scenario in scenarios:
        summary = summarise(scenario, _of(outcomes, scenario))
        stats[str(scenario.id)] = summary
        _write(out / f"{scenario.id}.json", summary)
        (out / f"{scenario.id}.partial.json").unlink(missing_ok=True)  # an earlier interrupted run's
    return stats


def _execute(tasks: list[Task], settings: SmokeSettings, progress: Callable[[list[Outcome]], None]) -> list[Outcome]:
    if settings.executor == "local":
        return run_local(tasks, settings.jobs, progress, settings.stall_timeout, settings.fail_fast)
    if settings.executor == "dask-local":
        return run_dask(tasks, None, settings.jobs, progress, settings.stall_timeout)
    if settings.executor.startswith("dask://"):
        address = "tcp://" + settings.executor.removeprefix("dask://")
        return run_dask(tasks, address, settings.jobs, progress, settings.stall_timeout)
    raise ValueError(f"unknown executor {settings.executor!r}: use local, dask-local or dask://HOST:PORT")


def _of(outcomes: Sequence[Outcome], scenario: Any) -> list[Outcome]:
    return [outcome for outcome in outcomes if outcome.scenario == str(scenario.id)]


def _write(path: Path, summary: dict[str, Any]) -> None:
    write_text(path, json.dumps(summary, indent=2, sort_keys=True) + "\n")
