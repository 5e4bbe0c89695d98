"""Where smoke games run: in this process, on a local process pool, or on a Dask cluster.

Every executor runs the same tasks (a scenario, a player kind, a chunk of seeds) and the results are
sorted by seed afterwards, so the statistics are identical whichever executor ran them.

A run that cannot finish (a pool worker killed, every Dask worker lost, the scheduler gone, or no chunk of
games finished for ``stall_timeout`` seconds) raises :class:`RunInterrupted` carrying the games finished
until then, so that the caller can keep them as partial statistics instead of waiting forever.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from admiralty.engine.protocols import ScenarioModel
from admiralty.smoke.runner import Limits, Outcome, play_smoke_game


class ExecutorError(Exception):
    """The executor cannot be used (Dask missing, a cluster that does not answer)."""


class Stop(BaseException):
    """SIGINT or SIGTERM reached the sweep: a BaseException, so that no ``except Exception`` in a game takes it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


class RunInterrupted(ExecutorError):
    """The run ended before every game was played: why, and the games finished until then."""

    def __init__(self, reason: str, outcomes: Sequence[Outcome], signum: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.signum = signum  # the signal that stopped the run, if one did
        self.outcomes = list(outcomes)
        self.partial_files: list[str] = []  # the sweep fills these in once it has written them


@dataclass(frozen=True)
class Task:
    scenario: ScenarioModel | int
    """The scenario to play; in a local pool's queue, the key the pool's workers know it by (``pool.run_pool``)."""
    player: str
    seeds: tuple[int, ...]
    limits: Limits
    replay_dir: str | None
    check_every: int  # re-play every n-th game from its replay file (0: never)
    sample_seed: int | None = None  # this seed's game is kept whole for the site's replay viewer


def run_task(task: Task) -> list[Outcome]:
    """Play one chunk of seeds (runs in a worker). Which games are re-played depends on the seed only, so
    the sample is the same however the seeds are chunked."""
    if isinstance(task.scenario, int):
        raise TypeError("a task names its scenario by key only inside the local pool, whose workers hold the scenarios")
    return [play_smoke_game(task.scenario, seed, task.player, limits=task.limits, replay_dir=task.replay_dir,
                            check_replay=bool(task.check_every) and seed % task.check_every == 0,
                            sample=seed == task.sample_seed)
            for seed in task.seeds]


def chunks(seeds: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    for start in range(0, len(seeds), max(1, size)):
        yield tuple(seeds[start:start + size])


Progress = Callable[[list[Outcome]], None]


def run_local(tasks: Iterable[Task], jobs: int, progress: Progress, stall_timeout: float = 0.0,
              fail_fast: bool = False) -> list[Outcome]:
    """In this process (``jobs`` 1) or on a pool of ``jobs`` processes (``pool.run_pool``: worker deaths are
    reported by game, a stall ends the run). In this process a game cannot be interrupted but by a signal
    (:class:`Stop`); its own time limit holds."""
    tasks = list(tasks)
    if jobs > 1:
        from admiralty.smoke.pool import run_pool

        return run_pool(tasks, jobs, progress, stall_timeout, fail_fast)
    outcomes: list[Outcome] = []
    for task in tasks:
        done = run_task(task)
        outcomes.extend(done)
        progress(done)
    return outcomes


def run_dask(tasks: Iterable[Task], address: str | None, jobs: int, progress: Progress,
             stall_timeout: float = 0.0) -> list[Outcome]:
    """On an existing Dask cluster (``address``) or a local one started here (``address`` None)."""
    from admiralty.smoke.on_dask import run_on_dask

    return run_on_dask(tasks, address, jobs, progress, stall_timeout)
