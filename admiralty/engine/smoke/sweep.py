"""Smoke every scenario: build the tasks, run them on an executor, write the statistics."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from admiralty.engine.smoke.executors import Task, chunks, run_dask, run_local
from admiralty.engine.smoke.runner import Limits, Outcome
from admiralty.engine.smoke.stats import summarise


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


def plan(scenarios: Sequence[Any], settings: SmokeSettings) -> list[Task]:
    replay_dir = str(Path(settings.out_dir) / "replays")
    tasks: list[Task] = []
    for scenario in scenarios:
        smoke = getattr(scenario, "smoke", None)
        games = settings.games if settings.games is not None else int(getattr(smoke, "games", 50))
        kinds = settings.players or tuple(getattr(smoke, "players", ("scripted", "random")))
        seeds = list(range(settings.seed, settings.seed + games))
        size = max(1, min(50, -(-games // max(1, settings.jobs * 4))))
        for kind in kinds:
            tasks.extend(
                Task(scenario, kind, chunk, settings.limits, replay_dir, settings.check_every)
                for chunk in chunks(seeds, size)
            )
    return tasks


def run(
    scenarios: Sequence[Any], settings: SmokeSettings, progress: Callable[[list[Outcome]], None] = lambda done: None
) -> dict[str, dict[str, Any]]:
    """Play every scenario's games and return (and write) the statistics per scenario id."""
    tasks = plan(scenarios, settings)
    if settings.executor == "local":
        outcomes = run_local(tasks, settings.jobs, progress)
    elif settings.executor == "dask-local":
        outcomes = run_dask(tasks, None, settings.jobs, progress)
    elif settings.executor.startswith("dask://"):
        outcomes = run_dask(tasks, "tcp://" + settings.executor.removeprefix("dask://"), settings.jobs, progress)
    else:
        raise ValueError(f"unknown executor {settings.executor!r}: use local, dask-local or dask://HOST:PORT")
    by_id: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        by_id.setdefault(outcome.scenario, []).append(outcome)
    out = Path(settings.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    stats: dict[str, dict[str, Any]] = {}
    for scenario in scenarios:
        summary = summarise(scenario, by_id.get(str(scenario.id), []))
        stats[str(scenario.id)] = summary
        (out / f"{scenario.id}.json").write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return stats
