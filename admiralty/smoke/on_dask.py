"""Smoke games on a Dask cluster, watched so that a broken cluster ends the run instead of hanging it.

Dask keeps a task waiting for as long as no worker can run it, and a client that lost its scheduler only
sees its futures cancelled; either way a plain ``as_completed`` loop would wait forever, silently. Here the
futures and the cluster's workers are polled, and each fault ends the run with :class:`RunInterrupted`, which
carries the games already gathered (exit 2, partial statistics), in one line:

- a worker that leaves the cluster while the sweep runs (killed, out of memory): Dask would quietly play its
  chunks again elsewhere, or lose the results it held; as on the local pool a dead worker is a fault to report,
  and a run that lost one is not a complete sample of one sweep (issue 35);
- a future cancelled (the scheduler connection is gone), lost (its result went with its worker) or erred (a
  ``KilledWorker``: workers keep dying on the same chunk; or an error outside the games). A lost future's
  ``exception()`` is None: it is reported as lost, never raised;
- no chunk finished for ``stall_timeout`` seconds (every worker lost, or the ones left hung).

Distributed's own logging (its tracebacks about closed connections) stays out of the terminal unless
``ADMIRALTY_DASK_LOGS=1`` asks for it. The workers of a local cluster die with admiralty (``dask_child``).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING

from admiralty.smoke.executors import ExecutorError, Progress, RunInterrupted, Task, run_task
from admiralty.smoke.runner import Outcome

if TYPE_CHECKING:
    from distributed import Client, Future, LocalCluster

POLL_SECONDS = 0.2  # how often the futures' states are looked at; reading them is local and cheap
WORKERS_EVERY = 5  # the workers are asked for every fifth poll: a round trip to the scheduler
LOGS_ENV = "ADMIRALTY_DASK_LOGS"  # set to 1 to see distributed's own logging
WORKER_LOGS_ENV = "DASK_LOGGING__DISTRIBUTED"  # Dask's configuration through the environment, read by its workers


def run_on_dask(tasks: Iterable[Task], address: str | None, jobs: int, progress: Progress,
                stall_timeout: float = 0.0) -> list[Outcome]:
    """On an existing Dask cluster (``address``) or a local one started here (``address`` None)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as error:
        raise ExecutorError("Dask is not installed: install admiralty with the `distributed` extra "
                            "(pip install 'admiralty[distributed]')") from error
    with _quiet(not os.environ.get(LOGS_ENV)):
        return _run(tasks, address, jobs, progress, stall_timeout, Client, LocalCluster)


def _run(tasks: Iterable[Task], address: str | None, jobs: int, progress: Progress, stall_timeout: float,
         client_type: type[Client], cluster_type: type[LocalCluster]) -> list[Outcome]:
    cluster: LocalCluster | None = None
    try:
        if address is None:
            # No dashboard; the scheduler's small HTTP server (health, metrics) still starts, so it gets a
            # free loopback port instead of 8787, which another cluster may hold (Dask then warns).
            cluster = cluster_type(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                                   dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                                   preload=["admiralty.smoke.dask_child"])
            client = client_type(cluster)
        else:
            client = client_type(address, timeout="10s")
    except OSError as error:
        raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {error}") from error
    where = f"the Dask scheduler at {address}" if address else "the local Dask cluster"
    outcomes: list[Outcome] = []
    try:
        workers = _workers(client)
        futures = client.map(run_task, list(tasks), pure=False)
        _watch(client, futures, outcomes, progress, stall_timeout, where, workers)
    except OSError as error:  # CommClosedError is an OSError: the scheduler went away mid-call
        raise RunInterrupted(f"lost the connection to {where} ({error})", outcomes) from error
    finally:
        _close(client, cluster)
    return outcomes


def _watch(client: Client, futures: list[Future[list[Outcome]]], outcomes: list[Outcome], progress: Progress,
           stall_timeout: float, where: str, workers: set[str] | None) -> None:
    """Gather the chunks as they finish until none is left, or raise RunInterrupted."""
    pending = list(futures)
    known = set(workers or ())
    at_start = len(known) if workers is not None else None
    last_progress = time.monotonic()
    polls = 0
    while pending:
        count = len(pending)
        pending = _gather_finished(client, pending, outcomes, progress, stall_timeout, where)
        if len(pending) < count:
            last_progress = time.monotonic()
        if not pending:
            return
        if client.status != "running":
            raise RunInterrupted(f"lost the connection to {where}: the client is {client.status}", outcomes)
        polls += 1
        if polls % WORKERS_EVERY == 0 and (now := _workers(client)) is not None:
            if known - now:
                raise RunInterrupted(_gone(where, known - now, len(now), at_start), outcomes)
            known |= now
        if stall_timeout and time.monotonic() - last_progress > stall_timeout:
            raise RunInterrupted(_stall_reason(client, stall_timeout, where, at_start), outcomes)
        time.sleep(POLL_SECONDS)


def _gather_finished(client: Client, pending: list[Future[list[Outcome]]], outcomes: list[Outcome],
                     progress: Progress, stall_timeout: float, where: str) -> list[Future[list[Outcome]]]:
    """One look at the chunks: gather those finished (into ``outcomes``, told to ``progress``); the ones still
    pending. A chunk that neither is, nor finished, ends the run (RunInterrupted)."""
    still: list[Future[list[Outcome]]] = []
    for index, future in enumerate(pending):
        status = future.status
        if status == "pending":
            still.append(future)
            continue
        if status != "finished" or client.status in ("connecting", "closing", "closed"):
            raise RunInterrupted(_fault(client, future, status, where), outcomes)
        try:
            done = _gather(future, stall_timeout)
        except CancelledError:  # the connection dropped while the result was on its way
            raise RunInterrupted(_lost(where), outcomes) from None
        if done is None:  # its result was on a worker that has just gone: look at the stall clock
            return still + pending[index:]
        outcomes.extend(done)
        progress(done)
    return still


def _fault(client: Client, future: Future[list[Outcome]], status: str | None, where: str) -> str:
    """Why a future that is neither pending nor finished ends the run, in one line."""
    from distributed import KilledWorker

    if status == "cancelled" or client.status in ("connecting", "closing", "closed"):
        # The client cancels every future when its scheduler connection drops; admiralty never does.
        return _lost(where)
    if status == "lost":
        return f"a chunk of games finished on {where} was lost with the worker that held it"
    error: BaseException | None = None
    with suppress(Exception):  # the future may change state under us; then it has no error to tell
        error = future.exception(timeout=1)
    if isinstance(error, KilledWorker):
        return (f"Dask workers died while playing the same chunk of games ({error}); the cluster gave up on it")
    if error is None:  # a transiently lost future: no exception to raise, only the fact
        return f"a chunk of games was lost on {where} (its worker went away)"
    return f"a chunk of games failed on {where}: {type(error).__name__}: {error}"


def _gone(where: str, gone: set[str], left: int, at_start: int | None) -> str:
    names = ", ".join(sorted(gone))
    if left == 0:
        state = f"{where} has no workers left" + (f" ({at_start} at the start)" if at_start else "")
    else:
        state = f"{where} has {left} worker{'s' if left != 1 else ''} now"
    return (f"a Dask worker left the cluster while the sweep ran ({names}: killed, out of memory or stopped), so "
            f"which games it played is not known; {state}")


def _lost(where: str) -> str:
    return f"lost the connection to {where}: the scheduler went away or the network dropped"


def _gather(future: Future[list[Outcome]], stall_timeout: float) -> list[Outcome] | None:
    try:
        result: list[Outcome] = future.result(timeout=stall_timeout or None)
    except TimeoutError:
        return None
    return result


def _stall_reason(client: Client, stall_timeout: float, where: str, workers_at_start: int | None) -> str:
    workers = _worker_count(client)
    if workers == 0:
        lost = f" ({workers_at_start} at the start)" if workers_at_start else ""
        state = f"{where} has no workers left{lost}"
    elif workers is None:
        state = f"{where} does not say how many workers it has"
    else:
        state = f"{where} still has {workers} worker{'s' if workers != 1 else ''}, hung or overloaded"
    return f"no game finished for {stall_timeout:g} s (--stall-timeout) and {state}"


def _worker_count(client: Client) -> int | None:
    """How many workers the scheduler knows; None when it does not answer."""
    workers = _workers(client)
    return None if workers is None else len(workers)


def _workers(client: Client) -> set[str] | None:
    """The addresses of the workers the scheduler knows; None when it does not answer."""
    with suppress(Exception):  # a scheduler that does not answer here is reported by the other checks
        return set(client.nthreads(callback_timeout=5))  # bounded: the scheduler may be unreachable
    return None


def _close(client: Client, cluster: LocalCluster | None) -> None:
    with suppress(Exception):  # closing a client whose scheduler is gone may fail in many ways; nothing to keep
        client.close(timeout=5)
    if cluster is not None:
        with suppress(Exception):
            cluster.close(timeout=10)


@contextmanager
def _quiet(quiet: bool) -> Iterator[None]:
    """Dask logs errors (with tracebacks) about lost connections, on failures and sometimes on a clean close;
    admiralty says what happened in one line, so those are kept out of the user's terminal. Dask gives its
    loggers (``distributed.client``, ...) levels of their own, so each one is raised, not just the parent. The
    workers of a local cluster are processes of their own: they read the level from the environment."""
    if not quiet:
        yield
        return
    previous_env = os.environ.get(WORKER_LOGS_ENV)
    os.environ[WORKER_LOGS_ENV] = "critical"
    try:
        with _quiet_loggers():
            yield
    finally:
        if previous_env is None:
            os.environ.pop(WORKER_LOGS_ENV, None)
        else:
            os.environ[WORKER_LOGS_ENV] = previous_env


@contextmanager
def _quiet_loggers() -> Iterator[None]:
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
