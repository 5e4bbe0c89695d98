"""No process of a killed run survives it, no worker holds its lock, builds never mix (issue 35, items 1 and 7).

Real parts only: the CLI as a subprocess on the small corpus (tests/fixtures/mini), killed with SIGKILL (the
command alone, not its group: its children must end by themselves), and every process of its session looked for
afterwards. Waits are bounded; nothing asserts on how long anything took.
"""

from __future__ import annotations

import fcntl
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from admiralty.atomic import exchange, output_lock, replace_tree

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"
BOUND = 180  # seconds any one command may take before the test gives up
ENV = {**os.environ, "CI": "1"}


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "admiralty", *args]


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_command(*args), cwd=cwd, capture_output=True, text=True, timeout=BOUND, check=False,
                          env=ENV)


def _session(sid: int) -> list[int]:
    """The live (not zombie) processes of session ``sid``: every process a command started, however deep."""
    psutil = pytest.importorskip("psutil")
    found = []
    for process in psutil.process_iter(["pid", "status"]):
        try:
            if os.getsid(process.pid) == sid and process.info["status"] != psutil.STATUS_ZOMBIE:
                found.append(process.pid)
        except (ProcessLookupError, PermissionError):
            continue
    return found


def _survivors(sid: int) -> list[int]:
    """The processes of the session still alive once the parent-watch has had its time (a second) and more."""
    deadline = time.monotonic() + 10
    while (left := _session(sid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def _kill_at(args: list[str], cwd: Path, delay: float) -> tuple[str, list[int]]:
    """Start the command in a session of its own, SIGKILL the command alone after ``delay`` s; what happened and
    which processes of its session outlived it."""
    process = subprocess.Popen(_command(*args), cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True, env=ENV)
    try:
        process.wait(timeout=delay)
        when = f"finished before {delay:.2f} s"
    except subprocess.TimeoutExpired:
        children = len(_session(process.pid)) - 1
        process.kill()
        when = f"killed at {delay:.2f} s with {children} process(es) under it"
    process.wait(timeout=BOUND)
    left = _survivors(process.pid)
    for pid in left:  # never leave one behind for the rest of the suite
        os.kill(pid, signal.SIGKILL)
    return when, left


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _lock_is_free(folder: Path, name: str = ".admiralty.lock") -> bool:
    """Whether a fresh open of the folder's lock file can take the lock now."""
    lock = folder / name
    if not lock.exists():
        return True
    descriptor = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(descriptor)


@pytest.mark.slow
def test_sigkill_of_smoke_build_and_docs_leaves_no_process_a_free_lock_and_old_or_new_outputs(tmp_path: Path) -> None:
    """Seeded moments; the three commands in turn. Each kill: no process of the run survives, the locks are free,
    the statistics are the complete run's or partial, the site is the whole site (it existed before)."""
    rng = random.Random(35)
    out, site = tmp_path / "build" / "smoke", tmp_path / "site"
    # never done before the kill: --fixed, or the sequential sweep would decide the balance in a few dozen games
    smoke = ["smoke", str(MINI), "--games", "3000", "--jobs", "2", "--out", str(out), "--fixed"]
    build = ["build", str(MINI), "--games", "300", "--jobs", "2", "--out", str(out), "--site-dir", str(site)]
    docs = ["docs", str(MINI), "--smoke", str(out), "--site-dir", str(site)]
    assert _run(*build, cwd=tmp_path).returncode in (0, 1)
    complete_stats = {p.name: p.read_bytes() for p in out.glob("*.json")}
    complete_site = _files(site)
    assert complete_stats and "index.html" in complete_site
    record = []
    for trial in range(6):
        args, earliest, latest = [(smoke, 1.0, 4.0), (build, 1.0, 6.0), (docs, 0.5, 2.5)][trial % 3]
        when, left = _kill_at(args, tmp_path, rng.uniform(earliest, latest))
        record.append(f"{args[0]} {when}")
        assert left == [], f"{args[0]} {when}: processes {left} outlived it"
        assert _lock_is_free(out) and _lock_is_free(tmp_path, ".site.lock"), f"{args[0]} {when}: a lock is held"
        for path in out.glob("*.json"):
            data = json.loads(path.read_text(encoding="utf-8"))
            assert data.get("partial") is True or path.read_bytes() == complete_stats[path.name], path
        assert _files(site) == complete_site, f"{args[0]} {when}: the site is neither the old one nor the new one"
    print("\n".join(record))
    assert _run(*build, cwd=tmp_path).returncode in (0, 1)  # the next run succeeds
    assert {p.name: p.read_bytes() for p in out.glob("*.json")} == complete_stats
    assert _files(site) == complete_site


def _hold(path: str, ready: object, stamp: bytes) -> None:
    """In a child: open and lock ``path`` as an old admiralty's orphaned worker would hold it, then sleep."""
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(descriptor, fcntl.LOCK_EX)
    os.ftruncate(descriptor, 0)
    os.pwrite(descriptor, stamp, 0)
    ready.set()  # type: ignore[attr-defined]
    time.sleep(60)


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    return int(done.stdout)


def test_a_lock_whose_holder_is_gone_is_taken_over_with_a_message(tmp_path: Path,
                                                                    capfd: pytest.CaptureFixture[str]) -> None:
    """An orphan of an old admiralty holds the lock; the holder the file names is dead: the run takes it over."""
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    dead = _dead_pid()
    orphan = context.Process(target=_hold, args=(str(tmp_path / ".admiralty.lock"), ready, f"{dead}\n".encode()))
    orphan.start()
    try:
        assert ready.wait(BOUND)
        with output_lock(tmp_path, "admiralty smoke"):
            assert (tmp_path / ".admiralty.lock").read_text().split()[0] == str(os.getpid())
        message = capfd.readouterr().err
        assert f"admiralty smoke: took over the lock on '{tmp_path}': its holder, process {dead}, is gone" in message
        # A run started while the holder lives is refused as before: the takeover is only for the gone.
        with output_lock(tmp_path, "test"):
            second = _run("smoke", str(MINI), "--games", "2", "--out", str(tmp_path), cwd=tmp_path)
        assert second.returncode == 2 and f"(process {os.getpid()}) is writing into" in second.stderr
    finally:
        orphan.kill()
        orphan.join()


def _sleep_a_while() -> None:
    time.sleep(30)


def test_a_forked_child_never_holds_the_lock(tmp_path: Path) -> None:
    """A process forked while the lock is held (a pool worker) does not keep it once the holder lets go: the
    worker closes the inherited descriptor. Before, the lock stayed taken as long as any worker lived."""
    context = multiprocessing.get_context("fork")
    with output_lock(tmp_path, "test"):
        child = context.Process(target=_sleep_a_while, daemon=True)
        child.start()
        assert not _lock_is_free(tmp_path)
    try:
        assert child.is_alive() and _lock_is_free(tmp_path)
    finally:
        child.kill()
        child.join()


def test_a_build_takes_its_site_lock_before_the_smoke_stage(tmp_path: Path) -> None:
    """A build started while another one is in its site stage (holding the site's lock) stops before smoking: it
    used to replace every statistics file, then fail on the site lock."""
    out, site = tmp_path / "build" / "smoke", tmp_path / "site"
    from admiralty.site.build import site_lock

    with site_lock(str(site), "admiralty build"):
        done = _run("build", str(MINI), "--games", "4", "--jobs", "1", "--out", str(out), "--site-dir", str(site),
                    cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"admiralty build: another admiralty build run (process {os.getpid()}) is writing into" in done.stderr
    assert "[2/3] smoke" not in done.stdout and list(out.glob("*.json")) == []


def test_the_site_swap_is_one_exchange(tmp_path: Path) -> None:
    """Two folders swap places in one call (renameat2 RENAME_EXCHANGE): there is no moment without the site."""
    old, new = tmp_path / "site", tmp_path / ".site.building-x"
    old.mkdir()
    (old / "index.html").write_text("old")
    new.mkdir()
    (new / "index.html").write_text("new")
    if not exchange(new, old):
        pytest.skip("this system or file system cannot exchange two paths")
    assert (old / "index.html").read_text() == "new" and (new / "index.html").read_text() == "old"
    inode = old.stat().st_ino

    def build(fresh: Path) -> int:
        (fresh / "index.html").write_text("newer")
        return 0

    replace_tree(old, build, accept=lambda code: code == 0)
    assert (old / "index.html").read_text() == "newer" and old.stat().st_ino != inode
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_sigkilled_docs_serve_leaves_no_mkdocs_behind(tmp_path: Path) -> None:
    """`kill -9` of `admiralty docs --serve`: MkDocs (which serves until stopped) used to go on holding the port,
    re-parented to init; now it dies with admiralty and the port is free again."""
    pytest.importorskip("mkdocs")
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    process = subprocess.Popen(_command("docs", str(MINI), "--smoke", str(tmp_path / "none"), "--serve", "--port",
                                        str(port)), cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, start_new_session=True, env=ENV)
    assert process.stdout is not None and "serving the site on" in process.stdout.readline()
    deadline = time.monotonic() + BOUND
    while len(_session(process.pid)) < 2:  # MkDocs has started
        assert time.monotonic() < deadline
        time.sleep(0.1)
    process.kill()
    process.wait(timeout=BOUND)
    left = _survivors(process.pid)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", port)) != 0
