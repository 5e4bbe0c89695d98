"""Smoke games on a Dask cluster, watched so that a broken cluster ends the run instead of hanging it.

Dask keeps a task waiting for as long as no worker can run it, and a client that lost its scheduler only
sees its futures cancelled; either way a plain ``as_completed`` loop would wait forever, silently. Here the
futures are polled: a cancelled future means the scheduler connection is gone, a ``KilledWorker`` error
means workers keep dying on the same chunk, and no chunk finished for ``stall_timeout`` seconds (every
worker lost, or the ones left hung) ends the run too. Each ends it with :class:`RunInterrupted`, which
carries the games already gathered.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager, suppress
from typing import Any

from admiralty.smoke.executors import ExecutorError, Progress, RunInterrupted, Task, run_task
from admiralty.smoke.runner import Outcome

POLL_SECONDS = 0.2  # how often the futures' states are looked at; reading them is local and cheap


def run_on_dask(tasks: Iterable[Task], address: str | None, jobs: int, progress: Progress,
                stall_timeout: float = 0.0) -> list[Outcome]:
    """On an existing Dask cluster (``address``) or a local one started here (``address`` None)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as error:
        raise ExecutorError("Dask is not installed: install admiralty with the `distributed` extra "
                            "(pip install 'admiralty[distributed]')") from error
    cluster = None
    try:
        if address is None:
            # No dashboard; the scheduler's small HTTP server (health, metrics) still starts, so it gets a
            # free loopback port instead of 8787, which another cluster may hold (Dask then warns).
            cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                                   dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
            client = Client(cluster)
        else:
            client = Client(address, timeout="10s")
    except OSError as error:
        raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {error}") from error
    where = f"the Dask scheduler at {address}" if address else "the local Dask cluster"
    outcomes: list[Outcome] = []
    broken = False
    try:
        workers_at_start = _worker_count(client)
        futures = client.map(run_task, list(tasks), pure=False)
        _watch(client, futures, outcomes, progress, stall_timeout, where, workers_at_start)
    except RunInterrupted:
        broken = True
        raise
    except OSError as error:  # CommClosedError is an OSError: the scheduler went away mid-call
        broken = True
        raise RunInterrupted(f"lost the connection to {where} ({error})", outcomes) from error
    finally:
        with _quiet(broken):
            _close(client, cluster)
    return outcomes


def _watch(client: Any, futures: list[Any], outcomes: list[Outcome], progress: Progress, stall_timeout: float,
           where: str, workers_at_start: int | None) -> None:
    """Gather the chunks as they finish until none is left, or raise RunInterrupted."""
    from distributed import KilledWorker

    pending = list(futures)
    last_progress = time.monotonic()
    while pending:
        still: list[Any] = []
        for index, future in enumerate(pending):
            status = future.status
            if status == "pending":
                still.append(future)
            elif status == "cancelled" or client.status in ("connecting", "closing", "closed"):
                # The client cancels every future when its scheduler connection drops; admiralty never does.
                raise RunInterrupted(_lost(where), outcomes)
            elif status == "finished":
                try:
                    done = _gather(future, stall_timeout)
                except CancelledError:  # the connection dropped while the result was on its way
                    raise RunInterrupted(_lost(where), outcomes) from None
                if done is None:  # its result was on a worker that has just gone: look at the stall clock
                    still.extend(pending[index:])
                    break
                outcomes.extend(done)
                progress(done)
                last_progress = time.monotonic()
            else:
                error = future.exception()
                if isinstance(error, KilledWorker):
                    raise RunInterrupted(f"Dask workers died while playing the same chunk of games ({error}); "
                                         "the cluster gave up on it", outcomes) from None
                raise error
        pending = still
        if not pending:
            return
        if client.status != "running":
            raise RunInterrupted(f"lost the connection to {where}: the client is {client.status}", outcomes)
        if stall_timeout and time.monotonic() - last_progress > stall_timeout:
            raise RunInterrupted(_stall_reason(client, stall_timeout, where, workers_at_start), outcomes)
        time.sleep(POLL_SECONDS)


def _lost(where: str) -> str:
    return f"lost the connection to {where}: the scheduler went away or the network dropped"


def _gather(future: Any, stall_timeout: float) -> list[Outcome] | None:
    try:
        result: list[Outcome] = future.result(timeout=stall_timeout or None)
    except TimeoutError:
        return None
    return result


def _stall_reason(client: Any, stall_timeout: float, where: str, workers_at_start: int | None) -> str:
    workers = _worker_count(client)
    if workers == 0:
        lost = f" ({workers_at_start} at the start)" if workers_at_start else ""
        state = f"{where} has no workers left{lost}"
    elif workers is None:
        state = f"{where} does not say how many workers it has"
    else:
        state = f"{where} still has {workers} worker{'s' if workers != 1 else ''}, hung or overloaded"
    return f"no game finished for {stall_timeout:g} s (--stall-timeout) and {state}"


def _worker_count(client: Any) -> int | None:
    """How many workers the scheduler knows; None when it does not answer."""
    with suppress(Exception):  # only informative: a scheduler that does not answer here is reported anyway
        return len(client.nthreads(callback_timeout=10))  # bounded: the scheduler may be unreachable
    return None


def _close(client: Any, cluster: Any) -> None:
    with suppress(Exception):  # closing a client whose scheduler is gone may fail in many ways; nothing to keep
        client.close(timeout=5)
    if cluster is not None:
        with suppress(Exception):
            cluster.close(timeout=10)


@contextmanager
def _quiet(broken: bool) -> Iterator[None]:
    """Closing a client after a failure makes Dask log errors (with tracebacks) about the lost connection;
    admiralty says what happened in one line, so those are kept out of the user's terminal. Dask gives its
    loggers (``distributed.client``, ...) levels of their own, so each one is raised, not just the parent."""
    if not broken:
        yield
        return
    names = ["distributed", *(name for name in logging.root.manager.loggerDict if name.startswith("distributed."))]
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)
