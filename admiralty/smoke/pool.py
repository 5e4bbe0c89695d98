"""The local process pool of a smoke sweep, which knows what each worker is playing (issue 19).

Each worker notes the game it is about to play (scenario, player kind, seed) in a small file named after its
process id, in a folder of the run's own: one ``pwrite`` of one line at the file's start, so a killed worker
leaves either its last note or the one before, whole (a write within one page is not cut by a signal).

When a worker dies (SIGKILL, the out-of-memory killer) the pool breaks; the sweep then reads the dead worker's
note and reports that very game as a failed game (``crash``, the signal named). Without ``fail_fast`` it starts
a new pool for the games not yet finished (the killed game left out) and goes on; with ``fail_fast`` it ends the
run there (:class:`RunInterrupted`, partial statistics). A worker death that cannot be attributed to a game also
ends the run.

Workers ignore SIGINT: a Ctrl-C reaches the whole process group, and only the sweep decides what to do with it
(stop the workers, keep the finished games). SIGINT and SIGTERM raise :class:`Stop` in the sweep's process.
"""

from __future__ import annotations

import gc
import os
import signal
import tempfile
import threading
from collections.abc import Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from pathlib import Path
from typing import Any

from admiralty.smoke.executors import Progress, RunInterrupted, Task, run_task
from admiralty.smoke.runner import Outcome

MANAGER_JOIN_SECONDS = 10.0  # a bound, not a wait: the thread ends in milliseconds once its workers are dead

_NOTE: int | None = None  # in a worker: the open file where it notes its current game
IDLE = b"\n"  # the note of a worker between tasks: a death now loses no game
_SCENARIOS: dict[int, Any] = {}  # in a worker: the scenarios its tasks name by key (see _worker_start)


def _worker_start(notes: str, scenarios: dict[int, Any]) -> None:
    """A worker ignores SIGINT (the sweep decides) and dies quietly on SIGTERM: forked from the sweep, it would
    otherwise inherit the sweep's SIGTERM handler, which raises ``Stop``; when one worker dies the pool itself
    terminates the others (SIGTERM), and each then printed a traceback from wherever ``Stop`` caught it.

    ``scenarios`` (task key -> scenario) reaches a worker once, as the pool's ``initargs``: a forked worker shares
    the sweep's own objects, so tasks carry only a key. Pickled into every task, the scenario was unpickled anew
    for each chunk of games, and a pool worker spent 7% more CPU a game than a sweep in one process; games of an
    unpickled copy run about 6% slower than of the validated original even in one process (600 Otranto games;
    cProfile sees the same calls and times within 0.4%, so the cost is in memory, not in the code's path)."""
    global _NOTE
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _SCENARIOS.update(scenarios)
    _NOTE = os.open(Path(notes) / str(os.getpid()), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.pwrite(_NOTE, IDLE, 0)


def _noted_task(task: Task) -> list[Outcome]:
    """``run_task`` in a worker, noting each game before it is played. Only the note's first line counts, so a
    shorter note needs no truncation: what an earlier, longer one left after the newline is never read. (The
    note was a file written and renamed per game: 100 us a game, 1-2.5% of a sweep's worker time.) A task whose
    scenario is a key (an ``int``) plays the scenario the worker was started with under that key."""
    if isinstance(task.scenario, int):
        task = replace(task, scenario=_SCENARIOS[task.scenario])
    done: list[Outcome] = []
    if _NOTE is None:  # not in a pool worker (a test calling it directly): nothing to note in
        return run_task(task)
    for seed in task.seeds:
        os.pwrite(_NOTE, f"{task.scenario.id}\t{task.player}\t{seed}\n".encode(), 0)  # scratch, not output
        done.extend(run_task(replace(task, seeds=(seed,))))
    os.pwrite(_NOTE, IDLE, 0)
    return done


def noted_game(note: Path) -> tuple[str, str, int] | None:
    """The game (scenario, player kind, seed) a worker noted in ``note``, or None when it was idle."""
    try:
        line = note.read_bytes().split(b"\n", 1)[0].decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    fields = line.split("\t")
    if len(fields) == 3 and fields[2].isdigit():
        return fields[0], fields[1], int(fields[2])
    return None


def _dead_workers(pool: ProcessPoolExecutor, notes: Path) -> list[tuple[int, str, tuple[str, str, int] | None]]:
    """(pid, how it died, the game it was playing or None when idle) for each worker that died on its own. The
    pool's manager thread first finishes its own clean-up (it stops the other workers with SIGTERM and joins
    them all), so that every exit status is known."""
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:
        manager.join(timeout=10)
    found: list[tuple[int, str, tuple[str, str, int] | None]] = []
    for pid, process in list((getattr(pool, "_processes", None) or {}).items()):
        process.join(timeout=1)
        code = process.exitcode
        if code is None or code in (0, -signal.SIGTERM):  # alive, done, or stopped by the pool itself
            continue
        game = noted_game(notes / str(pid))
        how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
        found.append((pid, how, game))
    return found


def _dead_outcome(scenario: str, player: str, seed: int, how: str) -> Outcome:
    return Outcome(scenario, player, seed, None, {}, 0, 0, "", "crash",
                   f"the worker process playing this game died ({how}); the game did not finish")


def run_pool(tasks: Iterable[Task], jobs: int, progress: Progress, stall_timeout: float = 0.0,
             fail_fast: bool = False) -> list[Outcome]:
    """Run ``tasks`` on pools of ``jobs`` processes, a new pool after each worker death unless ``fail_fast``."""
    outcomes: list[Outcome] = []
    remaining = list(tasks)
    with tempfile.TemporaryDirectory(prefix="admiralty-pool-") as scratch:
        notes = Path(scratch)
        while remaining:
            remaining = _one_pool(remaining, jobs, progress, stall_timeout, fail_fast, notes, outcomes)
    return outcomes


def _one_pool(tasks: list[Task], jobs: int, progress: Progress, stall_timeout: float, fail_fast: bool,
              notes: Path, outcomes: list[Outcome]) -> list[Task]:
    """Run until done (returns []) or a worker dies (returns the tasks still to play, the killed game left out)."""
    # Each distinct scenario object travels once per worker, keyed by its id (unique while the tasks hold it).
    scenarios: dict[int, Any] = {id(task.scenario): task.scenario for task in tasks}
    # The sweep's objects leave the collector's generations while the workers are forked (on the first submit): a
    # worker's collections then never touch, and so never copy, the pages it shares with the sweep.
    gc.freeze()
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start, initargs=(str(notes), scenarios))
    clean = False
    try:
        try:
            pending: dict[Future[list[Outcome]], Task] = {
                pool.submit(_noted_task, replace(task, scenario=id(task.scenario))): task for task in tasks}
        finally:
            gc.unfreeze()
        while pending:
            finished, _ = wait(pending, timeout=stall_timeout or None, return_when=FIRST_COMPLETED)
            if not finished:
                raise RunInterrupted(f"no game finished for {stall_timeout:g} s on the local pool of {jobs} "
                                     "processes (--stall-timeout)", outcomes)
            broken = False
            for future in finished:
                task = pending.pop(future)
                try:
                    done = future.result()
                except BrokenProcessPool:
                    pending[future] = task
                    broken = True
                    continue
                outcomes.extend(done)
                progress(done)
            if broken:
                return _after_death(pool, notes, pending, progress, fail_fast, outcomes)
        clean = True
        return []
    finally:
        if clean:
            pool.shutdown()
        else:
            stop_pool(pool)


def _after_death(pool: ProcessPoolExecutor, notes: Path, pending: dict[Future[list[Outcome]], Task],
                 progress: Progress, fail_fast: bool, outcomes: list[Outcome]) -> list[Task]:
    deaths = _dead_workers(pool, notes)
    if not deaths:
        raise RunInterrupted("a worker process of the local pool died (killed, or out of memory) and which one is "
                             "not known; the pool cannot finish the run", outcomes)
    dead = [(*game, how) for _, how, game in deaths if game is not None]
    lost = [_dead_outcome(*game) for game in dead]
    outcomes.extend(lost)
    progress(lost)
    games = "; ".join(f"scenario {s} seed {seed} ({player} players), {how}" for s, player, seed, how in dead)
    games = games or "no game (it was idle), " + deaths[0][1]
    if fail_fast:
        raise RunInterrupted(f"a worker process of the local pool died while playing {games} (--fail-fast)",
                             outcomes)
    print(f"admiralty smoke: a worker process died while playing {games}; counted as a crash, going on with a "
          "new pool", flush=True)
    killed = {(s, player, seed) for s, player, seed, _ in dead}
    again: list[Task] = []
    for task in pending.values():
        seeds = tuple(seed for seed in task.seeds if (str(task.scenario.id), task.player, seed) not in killed)
        if seeds:
            again.append(replace(task, seeds=seeds))
    return again


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a pool without waiting for it: a hung worker would block ``shutdown(wait=True)`` (and the interpreter's
    exit) forever. The pool keeps its processes in a private attribute; when it is absent the processes are left
    to the pool's own clean-up."""
    processes: list[Any] = list((getattr(pool, "_processes", None) or {}).values())  # shutdown() forgets them
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()  # SIGTERM would stay pending in a stopped (SIGSTOP) process; SIGKILL does not
    if manager is not None:
        # With its workers dead the pool's manager thread closes its wake-up pipe and ends. Left running, it races
        # the interpreter's exit hook, which writes to that pipe: Python 3.11 then prints "Bad file descriptor"
        # with a traceback after a Ctrl-C (seen in CI under load). Waiting here closes the window.
        manager.join(timeout=MANAGER_JOIN_SECONDS)
