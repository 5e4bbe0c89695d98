"""A smoke run whose executor breaks ends with exit 2, a clear message and the finished games kept.

Real parts only: a Dask scheduler and worker started here as subprocesses on 127.0.0.1 (the worker without a
nanny, so that killing its process really loses it), `admiralty smoke` as a subprocess, and a real local
process pool whose worker is killed. Every wait is bounded; nothing asserts on how long anything took.
"""

from __future__ import annotations

import json
import os
import queue
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import pytest

from admiralty.smoke.runner import Limits, play_smoke_game
from admiralty.validator.pipeline import validate
from tests.smoke.pool_workers import kill_while_playing

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "scenarios" / "dreadnought"
SCENARIO = "otranto-1917"
# Enough games that many chunks are still to come when the first one is reported (a chunk is a quarter of a
# player kind's games per job), few enough that the whole test stays small.
GAMES = 120
LONG_GAMES = 1500  # for the local cluster, which plays them fast (see the killed-worker test)
BOUND = 120  # seconds any one wait may last before the test gives up (a hang is then a failure, not a stall)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def _started(args: list[str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as sink:
        process = subprocess.Popen(args, stdout=sink, stderr=subprocess.STDOUT)
        try:
            yield process
        finally:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=BOUND)


@contextmanager
def _cluster(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes], subprocess.Popen[bytes]]]:
    """A scheduler and one single-threaded worker without a nanny, both on 127.0.0.1."""
    distributed = pytest.importorskip("distributed")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler_args = [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                      "--port", str(port), "--no-dashboard"]
    worker_args = [sys.executable, "-m", "distributed.cli.dask_worker", address, "--no-nanny", "--nthreads", "1",
                   "--no-dashboard", "--local-directory", str(tmp_path / "worker")]
    with _started(scheduler_args, tmp_path / "scheduler.log") as scheduler, \
            _started(worker_args, tmp_path / "worker.log") as worker:
        # A client of the test's own waits until the worker has registered, so the smoke run starts with one.
        with distributed.Client(address, timeout=f"{BOUND}s") as client:
            client.wait_for_workers(1, timeout=BOUND)
        yield f"127.0.0.1:{port}", scheduler, worker


def _lines(stream: IO[bytes]) -> queue.Queue[str]:
    """The stream's lines on a queue, so that waiting for one is bounded."""
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        for raw in stream:
            lines.put(raw.decode("utf-8", "replace"))

    threading.Thread(target=pump, daemon=True).start()
    return lines


def _smoke(tmp_path: Path, *options: str, games: int = GAMES) -> tuple[subprocess.Popen[bytes], queue.Queue[str], Path]:
    out = tmp_path / "out"
    scratch = tmp_path / "tmp"  # TMPDIR: where a local pool notes each worker's game
    scratch.mkdir(exist_ok=True)
    command = [sys.executable, "-m", "admiralty", "smoke", str(CORPUS), "--only", SCENARIO, "--games", str(games),
               "--out", str(out), "--fixed", *options]  # every game: the run must outlast the failure it meets
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=(tmp_path / "smoke.err").open("wb"),
                               cwd=tmp_path, env={**os.environ, "CI": "1", "TMPDIR": str(scratch)})
    assert process.stdout is not None
    return process, _lines(process.stdout), out


def _first_results(process: subprocess.Popen[bytes], lines: queue.Queue[str]) -> int:
    """Wait for the first progress line (`smoke: N/M games, ...`) and return N."""
    while True:
        try:
            line = lines.get(timeout=BOUND)
        except queue.Empty:
            process.kill()
            raise AssertionError("admiralty smoke reported no finished game") from None
        found = re.match(r"smoke: (\d+)/(\d+) games", line)
        if found:
            assert int(found[1]) < int(found[2]), "the run finished before the executor could be broken"
            return int(found[1])


def _ended(process: subprocess.Popen[bytes], tmp_path: Path) -> tuple[int, str]:
    try:
        code = process.wait(timeout=BOUND)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise AssertionError("admiralty smoke hung after its executor broke") from None
    return code, (tmp_path / "smoke.err").read_text(encoding="utf-8")


def _partial(out: Path, finished_before: int, crashes: int = 0, games: int = GAMES) -> dict[str, Any]:
    """The partial statistics: marked, with the reason, at least the games reported before the breakage, and
    each of them the very game a fresh play of its seed gives."""
    assert not (out / f"{SCENARIO}.json").exists(), "an interrupted run must not write the complete-run file"
    stats: dict[str, Any] = json.loads((out / f"{SCENARIO}.partial.json").read_text(encoding="utf-8"))
    assert stats["partial"] is True and stats["reason"]
    assert stats["planned_games"] == 2 * games
    assert finished_before <= stats["games"] < stats["planned_games"]
    assert len(stats["event_hashes"]) == stats["games"]
    assert sum(stats["failures"].values()) == crashes == stats["failures"].get("crash", 0)
    died = {f"{game['player']}:{game['seed']}" for game in stats["failed_games"]}
    assert len(died) == crashes and all("worker process playing this game died" in game["message"]
                                        for game in stats["failed_games"])
    scenario = next(s for s in validate([str(CORPUS)]).scenarios if s.id == SCENARIO)
    for key, event_hash in stats["event_hashes"].items():
        if key in died:
            continue
        player, seed = key.split(":")
        assert play_smoke_game(scenario, int(seed), player, limits=Limits()).event_hash == event_hash, key
    return stats


def _clear(stderr: str, *phrases: str) -> None:
    assert "Traceback" not in stderr, stderr
    assert "admiralty smoke: the run ended early:" in stderr, stderr
    assert ".partial.json" in stderr, stderr
    for phrase in phrases:
        assert phrase in stderr, stderr


@pytest.mark.parametrize(
    ("breakage", "phrase"),
    [
        ("kill the worker", "a Dask worker left the cluster while the sweep ran (tcp://127.0.0.1:"),
        ("freeze the worker", "still has 1 worker, hung or overloaded"),
        ("kill the scheduler", "lost the connection to the Dask scheduler at"),
    ],
)
def test_a_broken_dask_cluster_ends_the_run_with_partial_statistics(tmp_path: Path, breakage: str,
                                                                     phrase: str) -> None:
    with _cluster(tmp_path) as (address, scheduler, worker):
        process, lines, out = _smoke(tmp_path, "--executor", f"dask://{address}", "--jobs", "1",
                                     "--stall-timeout", "5")
        finished_before = _first_results(process, lines)
        victim, how = {"kill the worker": (worker, signal.SIGKILL), "freeze the worker": (worker, signal.SIGSTOP),
                       "kill the scheduler": (scheduler, signal.SIGKILL)}[breakage]
        victim.send_signal(how)
        code, stderr = _ended(process, tmp_path)
    assert code == 2, stderr
    _clear(stderr, phrase)
    if breakage == "kill the worker":
        assert "the Dask scheduler at" in stderr and "has no workers left (1 at the start)" in stderr
    assert phrase.split(" at")[0].split(" (")[0] in _partial(out, finished_before)["reason"]


@pytest.mark.slow
def test_a_killed_worker_of_a_local_dask_cluster_ends_the_run_with_partial_statistics(tmp_path: Path) -> None:
    """Ten kills of one worker of `--executor dask-local` at seeded moments after the first games came back: each
    is exit 2, one line naming the lost worker, no traceback (distributed's logging kept quiet), and partial
    statistics of the games finished, each the game a fresh play gives. Before, 3 kills in 5 ended in
    `internal error: TypeError: exceptions must derive from BaseException` with nothing kept; the others went on
    as if nothing had happened. A worker spawned by the cluster dies with the command, so none is left after."""
    psutil = pytest.importorskip("psutil")
    pytest.importorskip("distributed")
    rng = random.Random(35)
    for trial in range(10):
        folder = tmp_path / str(trial)
        folder.mkdir()
        # A local cluster plays a hundred games a second on a quiet machine: the run must be long enough that
        # the kill, up to 1.5 s after the first results, still finds games to play.
        process, lines, out = _smoke(folder, "--executor", "dask-local", "--jobs", "2", games=LONG_GAMES)
        finished_before = _first_results(process, lines)
        time.sleep(rng.uniform(0.0, 1.5))
        children = psutil.Process(process.pid).children(recursive=True)
        workers = [child for child in children if "spawn_main" in " ".join(child.cmdline())]
        assert len(workers) == 2, [child.cmdline() for child in children]
        rng.choice(workers).kill()
        code, stderr = _ended(process, folder)
        assert code == 2, stderr
        _clear(stderr)
        # Which the poll sees first: the worker gone from the scheduler, or a result it held lost with it.
        assert any(reason in stderr for reason in ("a Dask worker left the cluster while the sweep ran",
                                                   "was lost with the worker that held it")), stderr
        assert len(stderr.strip().splitlines()) == 2, stderr  # the reason, and where the games are kept
        _partial(out, finished_before, games=LONG_GAMES)
        assert not any(child.is_running() and child.status() != psutil.STATUS_ZOMBIE for child in children)


@pytest.mark.parametrize(
    ("breakage", "phrase"),
    [
        ("kill a worker", "a worker process of the local pool died while playing scenario otranto-1917 seed "),
        ("freeze every worker", "no game finished for 5 s on the local pool of 2 processes"),
    ],
)
def test_a_broken_local_pool_ends_the_run_with_partial_statistics(tmp_path: Path, breakage: str,
                                                                  phrase: str) -> None:
    psutil = pytest.importorskip("psutil")
    process, lines, out = _smoke(tmp_path, "--executor", "local", "--jobs", "2", "--stall-timeout", "5",
                                 "--fail-fast")
    finished_before = _first_results(process, lines)
    parent = psutil.Process(process.pid)
    # The pool's workers are forked from the command, so they share its command line.
    workers = [child for child in parent.children() if child.cmdline() == parent.cmdline()]
    assert len(workers) == 2, "the local pool should have two worker processes"
    if breakage == "kill a worker":
        kill_while_playing(workers[0], tmp_path / "tmp")  # killed while idle it would lose no game
    else:
        for victim in workers:
            victim.send_signal(signal.SIGSTOP)
    code, stderr = _ended(process, tmp_path)
    assert code == 2, stderr
    _clear(stderr, phrase)
    assert phrase in _partial(out, finished_before, 1 if breakage == "kill a worker" else 0)["reason"]
    # A frozen worker must not outlive the command (the pool is stopped, not waited for).
    assert not any(worker.is_running() and worker.status() != psutil.STATUS_ZOMBIE for worker in workers)
