"""Chaos (issue 19, items 3 and 4): killed commands, a killed pool worker, signals, a read-only and a full folder.

Every trial runs the real CLI as a subprocess on the small corpus (tests/fixtures/mini, one scenario) and then
looks at what is on disk: never a truncated statistics file, never a half-built site, and the next run trusts
nothing a killed run left. Waits are bounded (a hang is a failure); nothing asserts on how long anything took.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.smoke.pool_workers import kill_while_playing
from tests.tmpfs import tmpfs_at

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"
BOUND = 180  # seconds any one command may take before the test gives up
TRIALS = 20  # SIGKILL trials, alternating smoke and docs


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "admiralty", *args]


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_command(*args), cwd=cwd, capture_output=True, text=True, timeout=BOUND, check=False,
                          env={**os.environ, "CI": "1"})


def _smoke_args(out: Path, games: int = 8) -> list[str]:
    # --fixed: the long runs must still be playing when a worker is killed (a sequential sweep stops early)
    return ["smoke", str(MINI), "--games", str(games), "--jobs", "2", "--out", str(out), "--fixed"]


def _docs_args(smoke: Path, site: Path) -> list[str]:
    return ["docs", str(MINI), "--smoke", str(smoke), "--site-dir", str(site)]


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _kill_group_at_random(args: list[str], cwd: Path, rng: random.Random, latest: float) -> str:
    """Start the command in its own session and SIGKILL the whole group after a random delay."""
    process = subprocess.Popen(_command(*args), cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True, env={**os.environ, "CI": "1"})
    delay = rng.uniform(0.05, latest)
    try:
        process.wait(timeout=delay)
        return f"finished before {delay:.2f} s"
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=BOUND)
    return f"killed at {delay:.2f} s"


def _check_smoke_folder(out: Path, complete: dict[str, bytes]) -> str:
    """Each statistics file is whole JSON and, when complete, byte for byte the complete run's; returns what is
    there, for the note."""
    seen = []
    for path in sorted(out.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))  # a truncated file would raise here
        if path.name.endswith(".partial.json"):
            assert data["partial"] is True
        else:
            assert path.read_bytes() == complete[path.name]
        seen.append(path.name)
    leftovers = [p.name for p in out.glob(".*.tmp")]  # hidden, never read: the next write of the file replaces it
    return f"{', '.join(seen) or 'no statistics'}" + (f", {len(leftovers)} temporary file(s)" if leftovers else "")


def _check_site(site: Path, complete: dict[str, bytes]) -> str:
    """The site folder is absent or the complete site, file for file; leftovers are hidden siblings only."""
    if not site.exists():
        return "no site"
    files = _files(site)
    assert set(files) == set(complete), "a half-built site"
    assert files == complete
    return "the complete site"


def test_sigkill_at_random_points_never_leaves_a_truncated_file_or_half_a_site(tmp_path: Path) -> None:
    rng = random.Random(19)
    out, site = tmp_path / "build" / "smoke", tmp_path / "site"
    assert _run(*_smoke_args(out), cwd=tmp_path).returncode in (0, 1)
    complete_stats = {p.name: p.read_bytes() for p in out.glob("*.json")}
    assert complete_stats
    assert _run(*_docs_args(out, site), cwd=tmp_path).returncode == 0
    complete_site = _files(site)
    assert "index.html" in complete_site
    record = []
    for trial in range(TRIALS):
        if trial % 2 == 0:
            when = _kill_group_at_random(_smoke_args(out), tmp_path, rng, 3.0)
            record.append(f"smoke {when}: {_check_smoke_folder(out, complete_stats)}")
        else:
            when = _kill_group_at_random(_docs_args(out, site), tmp_path, rng, 6.0)
            record.append(f"docs {when}: {_check_site(site, complete_site)}")
    print("\n".join(record))
    # The next runs trust nothing the killed ones left: they finish, and leave no temporary folder or file.
    assert _run(*_smoke_args(out), cwd=tmp_path).returncode in (0, 1)
    assert {p.name: p.read_bytes() for p in out.glob("*.json")} == complete_stats
    assert _run(*_docs_args(out, site), cwd=tmp_path).returncode == 0
    assert _files(site) == complete_site
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".site.") and p.is_dir()] == []


def _wait_for_progress(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("smoke: "), line
    return line


@pytest.mark.parametrize(("how", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_the_sweep_keeps_a_partial_file_and_leaves_no_worker(tmp_path: Path, how: int,
                                                                           code: int) -> None:
    psutil = pytest.importorskip("psutil")
    out = tmp_path / "out"
    process = subprocess.Popen(_command(*_smoke_args(out, games=400)), cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               env={**os.environ, "CI": "1"})
    _wait_for_progress(process)
    workers = psutil.Process(process.pid).children(recursive=True)
    if how == signal.SIGINT:
        os.killpg(process.pid, how)  # as a terminal's Ctrl-C: the whole group
    else:
        process.send_signal(how)  # as `kill`: the command only; it must stop its workers itself
    _, stderr = process.communicate(timeout=BOUND)
    assert process.returncode == code, stderr
    assert "Traceback" not in stderr
    name = signal.Signals(how).name
    assert f"admiralty smoke: the run ended early: interrupted by {name}" in stderr
    partial = json.loads((out / "mini-raid.partial.json").read_text(encoding="utf-8"))
    assert partial["partial"] is True and partial["reason"] == f"interrupted by {name}"
    assert 0 < partial["games"] < partial["planned_games"] == 800
    assert not (out / "mini-raid.json").exists()
    deadline = time.monotonic() + 10
    while any(w.is_running() and w.status() != psutil.STATUS_ZOMBIE for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(w.is_running() and w.status() != psutil.STATUS_ZOMBIE for w in workers)


def test_a_killed_pool_worker_is_one_crashed_game_and_the_sweep_goes_on(tmp_path: Path) -> None:
    psutil = pytest.importorskip("psutil")
    out = tmp_path / "out"
    scratch = tmp_path / "tmp"  # the pool notes each worker's game in a folder under TMPDIR
    scratch.mkdir()
    process = subprocess.Popen(_command(*_smoke_args(out, games=300)), cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "CI": "1", "TMPDIR": str(scratch)})
    _wait_for_progress(process)
    parent = psutil.Process(process.pid)
    workers = [child for child in parent.children() if child.cmdline() == parent.cmdline()]
    assert len(workers) == 2, [child.cmdline() for child in parent.children()]
    kill_while_playing(workers[0], scratch)
    stdout, stderr = process.communicate(timeout=BOUND)
    said = f"exit {process.returncode}\nstdout:\n{stdout[-3000:]}\nstderr:\n{stderr[-3000:]}"  # explains a failure
    assert process.returncode == 1, said  # a failed game, not a broken run
    assert "Traceback" not in stderr, said
    assert "a worker process died while playing scenario mini-raid seed " in stdout, said
    stats = json.loads((out / "mini-raid.json").read_text(encoding="utf-8"))
    assert stats["games"] == 600 and stats["failures"]["crash"] == 1, (stats["games"], stats["failures"], said)
    [dead] = stats["failed_games"]
    assert "killed by SIGKILL" in dead["message"] and dead["replay"] is None
    assert f"seed {dead['seed']} ({dead['player']} players), killed by SIGKILL" in stdout


def test_a_read_only_output_folder_is_one_clear_error(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    with tmpfs_at(folder, "ro,size=64k") as mounted:
        if not mounted:
            if os.geteuid() == 0:
                pytest.skip("root cannot make a read-only folder without mounting one")
            folder.chmod(0o555)
        smoke = _run(*_smoke_args(folder / "smoke"), cwd=tmp_path)
        docs = _run(*_docs_args(folder / "smoke", folder / "site"), cwd=tmp_path)
        assert list(folder.iterdir()) == []
    assert smoke.returncode == 2 and "Traceback" not in smoke.stderr
    assert smoke.stderr.startswith("admiralty smoke: cannot write '")
    assert "read-only" in smoke.stderr or "no permission" in smoke.stderr
    assert len(smoke.stderr.strip().splitlines()) == 1 and "games" not in smoke.stdout
    assert docs.returncode == 2 and docs.stderr.startswith("admiralty docs: cannot write '")


def test_a_full_folder_is_one_clear_error_and_nothing_half_written(tmp_path: Path) -> None:
    folder = tmp_path / "small"
    with tmpfs_at(folder, "size=256k") as mounted:
        if not mounted:
            pytest.skip("no tmpfs to fill (needs root); the simulated ENOSPC test covers the writes")
        out = folder / "smoke"
        out.mkdir()
        with (folder / "filler").open("wb", buffering=0) as filler:  # fill the disk to the last block
            try:
                while True:
                    filler.write(b"\0" * 4096)
            except OSError:
                pass
        smoke = _run(*_smoke_args(out), cwd=tmp_path)
        left = sorted(p.name for p in out.iterdir())
        (folder / "filler").unlink()
        assert _run(*_smoke_args(out), cwd=tmp_path).returncode in (0, 1)  # room again: the next run is whole
        json.loads((out / "mini-raid.json").read_text(encoding="utf-8"))
        with (folder / "filler2").open("wb", buffering=0) as filler:  # room for the statistics, not a site
            filler.write(b"\0" * (150 * 1024))
        docs = _run(*_docs_args(out, folder / "site"), cwd=tmp_path)
        siblings = sorted(p.name for p in folder.iterdir())
    assert smoke.returncode == 2, smoke.stderr
    assert "Traceback" not in smoke.stderr and "No space left on device" in smoke.stderr
    assert "the disk is full" in smoke.stderr and "nothing was half-written" in smoke.stderr
    assert [name for name in left if name.endswith(".json") or name.endswith(".tmp")] == []
    assert docs.returncode == 2, docs.stderr
    assert "admiralty docs: cannot write the site" in docs.stderr and "disk is full" in docs.stderr
    assert [name for name in siblings if name.startswith(".site.building") or name == "site"] == []


def test_a_simulated_enospc_in_a_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from admiralty import atomic

    target = tmp_path / "stats.json"
    atomic.write_text(target, '{"old": true}\n')
    real = os.fsync

    def full(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    with pytest.raises(atomic.OutputError, match="the disk is full"):
        atomic.write_text(target, '{"new": true, "long": "' + "x" * 10000 + '"}\n')
    monkeypatch.setattr(atomic.os, "fsync", real)
    assert target.read_text() == '{"old": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.json"]


def test_two_runs_into_one_folder_the_second_fails_fast(tmp_path: Path) -> None:
    from admiralty.atomic import output_lock

    out = tmp_path / "build" / "smoke"
    with output_lock(out, "test"):
        second = _run(*_smoke_args(out), cwd=tmp_path)
    assert second.returncode == 2
    assert f"admiralty smoke: another admiralty smoke run (process {os.getpid()}) is writing into" in second.stderr
    assert list(out.glob("*.json")) == []
    assert _run(*_smoke_args(out), cwd=tmp_path).returncode in (0, 1)  # the lock is gone with its holder


def test_a_pool_worker_dies_quietly_on_sigterm_whatever_handler_it_inherited(tmp_path: Path) -> None:
    """The pool terminates its remaining workers (SIGTERM) when one dies. A worker forked from the sweep inherits
    the sweep's SIGTERM handler (it raises ``Stop``), and each such worker printed a traceback; the worker's
    start-up puts SIGTERM back to its default, so it ends silently, killed by the signal."""
    script = (
        "import os, signal, sys\n"
        "from admiralty.smoke.pool import _worker_start\n"
        "def handler(number, frame):\n"
        "    raise RuntimeError('the sweep handler ran in a worker')\n"
        "signal.signal(signal.SIGTERM, handler)\n"
        f"_worker_start({str(tmp_path)!r}, {{}})\n"
        "os.kill(os.getpid(), signal.SIGTERM)\n"
        "signal.pause()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=BOUND)
    assert done.returncode == -signal.SIGTERM and "Traceback" not in done.stderr, done.stderr


def test_a_worker_note_is_read_by_its_first_line_only(tmp_path: Path) -> None:
    """A worker writes each note over the last at the file's start, without truncating: what a longer, earlier
    note left after the newline is never taken for the game, and the idle note names none."""
    from admiralty.smoke.pool import IDLE, noted_game

    note = tmp_path / "4242"
    note.write_bytes(b"mini-raid\trandom\t7\n" + b"id-of-a-longer-scenario\tscripted\t123456\n"[19:])
    assert noted_game(note) == ("mini-raid", "random", 7)
    note.write_bytes(IDLE + b"raid\trandom\t7\n")
    assert noted_game(note) is None
    assert noted_game(tmp_path / "never-written") is None
