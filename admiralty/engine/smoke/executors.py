"""Where smoke games run: in this process, on a local process pool, or on a Dask cluster.

Every executor runs the same tasks (a scenario, a player kind, a chunk of seeds) and the results are
sorted by seed afterwards, so the statistics are identical whichever executor ran them.

A run that cannot finish (a pool worker killed, every Dask worker lost, the scheduler gone, or no chunk of
games finished for ``stall_timeout`` seconds) raises :class:`RunInterrupted` carrying the games finished
until then, so that the caller can keep them as partial statistics instead of waiting forever.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from admiralty.engine.smoke.runner import Limits, Outcome, play_smoke_game


class ExecutorError(Exception):
    """The executor cannot be used (Dask missing, a cluster that does not answer)."""


class RunInterrupted(ExecutorError):
    """The run ended before every game was played: why, and the games finished until then."""

    def __init__(self, reason: str, outcomes: Sequence[Outcome]) -> None:
        super().__init__(reason)
        self.reason = reason
        self.outcomes = list(outcomes)
        self.partial_files: list[str] = []  # the sweep fills these in once it has written them


@dataclass(frozen=True)
class Task:
    scenario: Any
    player: str
    seeds: tuple[int, ...]
    limits: Limits
    replay_dir: str | None
    check_every: int  # re-play every n-th game from its replay file (0: never)


def run_task(task: Task) -> list[Outcome]:
    """Play one chunk of seeds (runs in a worker). Which games are re-played depends on the seed only, so
    the sample is the same however the seeds are chunked."""
    return [play_smoke_game(task.scenario, seed, task.player, limits=task.limits, replay_dir=task.replay_dir,
                            check_replay=bool(task.check_every) and seed % task.check_every == 0)
            for seed in task.seeds]


def chunks(seeds: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    for start in range(0, len(seeds), max(1, size)):
        yield tuple(seeds[start:start + size])


Progress = Callable[[list[Outcome]], None]


def run_local(tasks: Iterable[Task], jobs: int, progress: Progress, stall_timeout: float = 0.0) -> list[Outcome]:
    """In this process (``jobs`` 1) or on a pool of ``jobs`` processes. Only the pool is watched for a
    stall (``stall_timeout`` > 0): in this process a game cannot be interrupted, its own time limit holds."""
    outcomes: list[Outcome] = []
    tasks = list(tasks)
    if jobs <= 1:
        for task in tasks:
            done = run_task(task)
            outcomes.extend(done)
            progress(done)
        return outcomes
    pool = ProcessPoolExecutor(max_workers=jobs)
    interrupted = False
    try:
        pending: set[Future[list[Outcome]]] = {pool.submit(run_task, task) for task in tasks}
        while pending:
            finished, pending = wait(pending, timeout=stall_timeout or None, return_when=FIRST_COMPLETED)
            if not finished:
                interrupted = True
                raise RunInterrupted(f"no game finished for {stall_timeout:g} s on the local pool of {jobs} "
                                     "processes (--stall-timeout)", outcomes)
            broken = False
            # Keep every chunk that finished before the pool broke, then say why the rest will not come.
            for future in finished:
                try:
                    done = future.result()
                except BrokenProcessPool:
                    broken = True
                    continue
                outcomes.extend(done)
                progress(done)
            if broken:
                interrupted = True
                raise RunInterrupted("a worker process of the local pool died (killed, or out of memory); "
                                     "the pool cannot finish the run", outcomes)
    finally:
        if interrupted:
            _stop_pool(pool)
        else:
            pool.shutdown()
    return outcomes


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a stalled or broken pool without waiting for it: a hung worker would block ``shutdown(wait=True)``
    (and the interpreter's exit) forever. The pool keeps its processes in a private attribute; when it is
    absent the processes are left to the pool's own clean-up."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # shutdown() forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()  # SIGTERM would stay pending in a stopped (SIGSTOP) process; SIGKILL does not


def run_dask(tasks: Iterable[Task], address: str | None, jobs: int, progress: Progress,
             stall_timeout: float = 0.0) -> list[Outcome]:
    """On an existing Dask cluster (``address``) or a local one started here (``address`` None)."""
    from admiralty.engine.smoke.on_dask import run_on_dask

    return run_on_dask(tasks, address, jobs, progress, stall_timeout)
