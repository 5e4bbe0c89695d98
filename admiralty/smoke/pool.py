"""The local process pool of a smoke sweep: worker processes of its own, which know what each one is playing
(issues 19 and 35).

The sweep starts its workers itself (``multiprocessing`` processes, each with a pipe): it knows every worker's id,
exit status and task without reading a pool's private fields. Each worker dies with the sweep however the sweep
dies (``lifeline.die_with_parent``: SIGKILL from the kernel on Linux, a watch thread elsewhere), and never holds the
sweep's output lock (``atomic`` closes held locks in every forked child).

Each worker notes the game it is about to play (scenario, player kind, seed) in a small file named after its
process id, in a folder of the run's own: one ``pwrite`` of one line at the file's start, so a killed worker
leaves either its last note or the one before, whole (a write within one page is not cut by a signal).

When a worker dies (SIGKILL, the out-of-memory killer) the sweep reads its note and reports that very game as a
failed game (``crash``, the signal named). Without ``fail_fast`` it starts a new worker, gives it the dead one's
task (the killed game left out) and goes on; with ``fail_fast`` it ends the run there (:class:`RunInterrupted`,
partial statistics). Workers that keep dying before they play a game end the run too.

Workers ignore SIGINT: a Ctrl-C reaches the whole process group, and only the sweep decides what to do with it
(stop the workers, keep the finished games). SIGINT and SIGTERM raise :class:`Stop` in the sweep's process.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path

from admiralty.atomic import scratch_folder
from admiralty.engine.protocols import ScenarioModel
from admiralty.lifeline import die_with_parent
from admiralty.smoke.executors import Progress, RunInterrupted, Task, run_task
from admiralty.smoke.runner import Outcome

STOP_JOIN_SECONDS = 5.0  # a bound, not a wait: a SIGKILLed worker is reaped in milliseconds

_NOTE: int | None = None  # in a worker: the open file where it notes its current game
IDLE = b"\n"  # the note of a worker between tasks: a death now loses no game
_SCENARIOS: dict[int, ScenarioModel] = {}  # in a worker: the scenarios its tasks name by key (see _worker_start)


def _worker_start(notes: str, scenarios: dict[int, ScenarioModel], parent: int | None = None) -> bool:
    """Set a worker up; False when the sweep is already gone (its notes folder removed). A worker dies with
    ``parent`` (the sweep; by default the process that started it), however it dies: an orphaned worker slept
    forever holding the sweep's stdout and stderr (issue 35).

    A worker ignores SIGINT (the sweep decides) and dies quietly on SIGTERM: forked from the sweep, it would
    otherwise inherit the sweep's SIGTERM handler, which raises ``Stop``; when one worker dies the pool itself
    terminates the others (SIGTERM), and each then printed a traceback from wherever ``Stop`` caught it.

    ``scenarios`` (task key -> scenario) reaches a worker once, as the pool's ``initargs``: a forked worker shares
    the sweep's own objects, so tasks carry only a key. Pickled into every task, the scenario was unpickled anew
    for each chunk of games, and a pool worker spent 7% more CPU a game than a sweep in one process; games of an
    unpickled copy run about 6% slower than of the validated original even in one process (600 Otranto games;
    cProfile sees the same calls and times within 0.4%, so the cost is in memory, not in the code's path)."""
    global _NOTE
    die_with_parent(os.getppid() if parent is None else parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _SCENARIOS.update(scenarios)
    try:
        _NOTE = os.open(Path(notes) / str(os.getpid()), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    except FileNotFoundError:  # the sweep was stopped (a signal) and cleared its folder while this one started
        return False
    os.pwrite(_NOTE, IDLE, 0)
    return True


def _noted_task(task: Task) -> list[Outcome]:
    """``run_task`` in a worker, noting each game before it is played. Only the note's first line counts, so a
    shorter note needs no truncation: what an earlier, longer one left after the newline is never read. (The
    note was a file written and renamed per game: 100 us a game, 1-2.5% of a sweep's worker time.) A task whose
    scenario is a key (an ``int``) plays the scenario the worker was started with under that key."""
    scenario = _SCENARIOS[task.scenario] if isinstance(task.scenario, int) else task.scenario
    task = replace(task, scenario=scenario)
    done: list[Outcome] = []
    if _NOTE is None:  # not in a pool worker (a test calling it directly): nothing to note in
        return run_task(task)
    for seed in task.seeds:
        os.pwrite(_NOTE, f"{scenario.id}\t{task.player}\t{seed}\n".encode(), 0)  # scratch, not output
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


def _dead_outcome(scenario: str, player: str, seed: int, how: str) -> Outcome:
    return Outcome(scenario, player, seed, None, {}, 0, 0, "", "crash",
                   f"the worker process playing this game died ({how}); the game did not finish")


def _worker_main(connection: Connection, notes: str, scenarios: dict[int, ScenarioModel], parent: int) -> None:
    """A worker's life: take a task, play it, send back (True, its games), until told to stop (None) or the pipe
    closes. An error outside the games (a replay file that cannot be written) goes back as (False, the error), for
    the sweep to raise, as a pool's future would."""
    if not _worker_start(notes, scenarios, parent):
        return
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            reply: tuple[bool, list[Outcome] | Exception] = (True, _noted_task(task))
        except Exception as error:
            reply = (False, error)
        try:
            connection.send(reply)
        except Exception as error:  # an error that does not pickle: its words do
            connection.send((False, RuntimeError(f"{type(reply[1]).__name__}: {reply[1]} ({error})")))


@dataclass
class _Worker:
    process: BaseProcess
    connection: Connection
    task: Task | None = None  # the task it is playing (its scenario a key), None when idle


class _Pool:
    """``jobs`` worker processes of the sweep's own; see the module's docstring."""

    def __init__(self, jobs: int, notes: Path, scenarios: dict[int, ScenarioModel]) -> None:
        self.jobs, self.notes, self.scenarios = jobs, notes, scenarios
        # Forked on Linux (Python 3.14 would pick forkserver, whose workers are not the sweep's children, and the
        # sweep's objects are shared, not pickled); elsewhere the platform's default (spawn: the sweep's children).
        self.context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
        self.workers: list[_Worker] = []

    def start_worker(self) -> None:
        ours, theirs = self.context.Pipe()
        process = self.context.Process(target=_worker_main, args=(theirs, str(self.notes), self.scenarios, os.getpid()),
                                       daemon=True, name="admiralty-smoke-worker")
        # The sweep's objects leave the collector's generations while a worker is forked: the worker's collections
        # then never touch, and so never copy, the pages it shares with the sweep.
        gc.freeze()
        try:
            process.start()
        finally:
            gc.unfreeze()
        theirs.close()
        self.workers.append(_Worker(process, ours))

    def stop(self) -> None:
        """Stop every worker now (SIGKILL: SIGTERM would stay pending in a stopped worker) and reap it."""
        for worker in self.workers:
            if worker.process.is_alive():
                worker.process.kill()
        for worker in self.workers:
            worker.process.join(timeout=STOP_JOIN_SECONDS)
            worker.connection.close()
        self.workers.clear()

    def finish(self) -> None:
        """Let idle workers end on their own (they are told to stop), then make sure none is left."""
        for worker in self.workers:
            with suppress(OSError):
                worker.connection.send(None)
        for worker in self.workers:
            worker.process.join(timeout=STOP_JOIN_SECONDS)
        self.stop()


@dataclass
class _Run:
    """The state of one sweep on a pool: what is left to play, what was played, and what to tell."""

    queue: deque[Task]
    progress: Progress
    stall_timeout: float
    fail_fast: bool
    jobs: int
    outcomes: list[Outcome]
    barren_deaths: int = 0  # worker deaths in a row without a game finished or lost: a worker that cannot start


def run_pool(tasks: Iterable[Task], jobs: int, progress: Progress, stall_timeout: float = 0.0,
             fail_fast: bool = False) -> list[Outcome]:
    """Run ``tasks`` on ``jobs`` worker processes, a new worker after each death unless ``fail_fast``."""
    listed = list(tasks)
    # Each distinct scenario object travels once per worker, keyed by its id (unique while the tasks hold it).
    scenarios: dict[int, ScenarioModel] = {id(task.scenario): task.scenario for task in listed
                                           if not isinstance(task.scenario, int)}
    run = _Run(deque(replace(task, scenario=id(task.scenario)) for task in listed), progress, stall_timeout,
               fail_fast, jobs, [])
    with scratch_folder("admiralty-pool-") as notes:
        pool = _Pool(jobs, notes, scenarios)
        clean = False
        try:
            for _ in range(min(jobs, len(run.queue))):
                pool.start_worker()
            _drive(pool, run, scenarios)
            clean = True
        finally:
            if clean:
                pool.finish()
            else:
                pool.stop()
    return run.outcomes


def _drive(pool: _Pool, run: _Run, scenarios: dict[int, ScenarioModel]) -> None:
    """Hand out tasks and gather games until none is left, or raise RunInterrupted."""
    last_progress = time.monotonic()
    while True:
        for worker in pool.workers:
            if worker.task is None and run.queue:
                worker.task = run.queue.popleft()
                with suppress(OSError):  # it has just died: its sentinel says so, and its task goes back then
                    worker.connection.send(worker.task)
        busy = [worker for worker in pool.workers if worker.task is not None]
        if not busy:
            return
        timeout = None
        if run.stall_timeout:
            timeout = max(0.0, run.stall_timeout - (time.monotonic() - last_progress))
        ready = wait([w.connection for w in busy] + [w.process.sentinel for w in pool.workers], timeout)
        if not ready:
            raise RunInterrupted(f"no game finished for {run.stall_timeout:g} s on the local pool of {run.jobs} "
                                 "processes (--stall-timeout)", run.outcomes)
        for worker in list(pool.workers):
            if _collect(worker, run):
                last_progress = time.monotonic()
            elif not worker.process.is_alive():
                _after_death(pool, worker, run, scenarios)
                last_progress = time.monotonic()


def _collect(worker: _Worker, run: _Run) -> bool:
    """Take the games a worker sent back, if it did; True then."""
    if worker.task is None:
        return False
    try:
        if not worker.connection.poll():
            return False
        played, done = worker.connection.recv()
    except (EOFError, OSError):  # it died; its sentinel says so too
        return False
    if not played:
        raise done
    worker.task = None
    run.barren_deaths = 0
    run.outcomes.extend(done)
    run.progress(done)
    return True


def _scenario_id(task: Task, scenarios: dict[int, ScenarioModel]) -> str:
    """The id of the scenario ``task`` plays, its scenario given whole or as a key of ``scenarios``."""
    return str((scenarios[task.scenario] if isinstance(task.scenario, int) else task.scenario).id)


def _after_death(pool: _Pool, worker: _Worker, run: _Run, scenarios: dict[int, ScenarioModel]) -> None:
    """Count the game a dead worker was playing as crashed, and go on with a new worker (or end the run)."""
    worker.process.join(timeout=STOP_JOIN_SECONDS)
    worker.connection.close()
    pool.workers.remove(worker)
    code = worker.process.exitcode or 0
    how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
    game = noted_game(pool.notes / str(worker.process.pid)) if worker.task is not None else None
    task, worker.task = worker.task, None
    if game is None:
        run.barren_deaths += 1
        if task is not None:
            run.queue.appendleft(task)  # it played nothing of it: all again
        if run.fail_fast or run.barren_deaths > 2 * run.jobs:
            raise RunInterrupted(f"a worker process of the local pool died ({how}) before it played a game; the pool "
                                 "cannot finish the run", run.outcomes)
        pool.start_worker()
        return
    run.barren_deaths = 0
    scenario_id, player, seed = game
    lost = [_dead_outcome(scenario_id, player, seed, how)]
    run.outcomes.extend(lost)
    run.progress(lost)
    games = f"scenario {scenario_id} seed {seed} ({player} players), {how}"
    if run.fail_fast:
        raise RunInterrupted(f"a worker process of the local pool died while playing {games} (--fail-fast)",
                             run.outcomes)
    print(f"admiralty smoke: a worker process died while playing {games}; counted as a crash, going on with a "
          "new worker", flush=True)
    if task is not None:
        seeds = tuple(s for s in task.seeds if not (s == seed and task.player == player
                                                    and _scenario_id(task, scenarios) == scenario_id))
        if seeds:
            run.queue.appendleft(replace(task, seeds=seeds))
    pool.start_worker()
