"""Where smoke games run: in this process, on a local process pool, or on a Dask cluster.

Every executor runs the same tasks (a scenario, a player kind, a chunk of seeds) and the results are
sorted by seed afterwards, so the statistics are identical whichever executor ran them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from admiralty.engine.smoke.runner import Limits, Outcome, play_smoke_game


class ExecutorError(Exception):
    """The executor cannot be used (Dask missing, a cluster that does not answer)."""


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


def run_local(tasks: Iterable[Task], jobs: int, progress: Progress) -> list[Outcome]:
    """In this process (``jobs`` 1) or on a pool of ``jobs`` processes."""
    outcomes: list[Outcome] = []
    tasks = list(tasks)
    if jobs <= 1:
        for task in tasks:
            done = run_task(task)
            outcomes.extend(done)
            progress(done)
        return outcomes
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run_task, task) for task in tasks]
        for future in as_completed(futures):
            done = future.result()
            outcomes.extend(done)
            progress(done)
    return outcomes


def run_dask(tasks: Iterable[Task], address: str | None, jobs: int, progress: Progress) -> list[Outcome]:
    """On an existing Dask cluster (``address``) or a local one started here (``address`` None)."""
    try:
        from distributed import Client, LocalCluster
        from distributed import as_completed as dask_completed
    except ImportError as error:
        raise ExecutorError("Dask is not installed: install admiralty with the `distributed` extra "
                            "(pip install 'admiralty[distributed]')") from error
    cluster = None
    try:
        if address is None:
            cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
        else:
            client = Client(address, timeout="10s")
    except OSError as error:
        raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {error}") from error
    outcomes: list[Outcome] = []
    try:
        futures = client.map(run_task, list(tasks), pure=False)
        for future in dask_completed(futures):
            done = future.result()
            outcomes.extend(done)
            progress(done)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return outcomes
