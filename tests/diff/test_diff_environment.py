"""``admiralty diff`` and its neighbours against their environment (issue 35, item 8): a repository holding a
link out of it, signals, a full TMPDIR, read-only folders, a full standard output. Each is one clean line and its
exit code, never "internal error ... This is a bug", and no temporary folder outlives the run for long.

Real parts: the CLI in a subprocess, a real git repository, real signals; a small tmpfs where this user may mount
one (root), else the case that needs it is skipped (a read-only folder is then made with chmod)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.diff.conftest import edit
from tests.diff.test_diff_cli import STARTER, commit_all
from tests.tmpfs import tmpfs_at

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"
BOUND = 180


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "admiralty", *args]


@pytest.fixture
def repo(starter_pair: Path) -> Path:
    """A git repository whose last commit changes the starter scenario and adds a link to /etc."""
    repo = starter_pair / "repo"
    (repo / "scenarios").mkdir(parents=True)
    (starter_pair / "base" / "dreadnought").rename(repo / "scenarios" / "dreadnought")
    commit_all(repo, "first")
    edit(repo / "scenarios" / STARTER, "night: [11, 12]", "night: [10, 11, 12]")
    (repo / "scenarios" / "outside").symlink_to("/etc")
    commit_all(repo, "second")
    return repo


def _scratch(tmp_path: Path) -> Path:
    scratch = tmp_path / "tmpdir"
    scratch.mkdir(exist_ok=True)
    return scratch


def _env(scratch: Path) -> dict[str, str]:
    return {**os.environ, "CI": "1", "TMPDIR": str(scratch)}


def test_a_link_out_of_the_repository_is_left_out_with_a_warning(repo: Path, tmp_path: Path) -> None:
    done = subprocess.run(_command("diff", "HEAD~1", "HEAD", "--git", "--games", "4", "--no-png", "--out",
                                   str(tmp_path / "o")), cwd=repo, capture_output=True, text=True, timeout=BOUND,
                          env=_env(_scratch(tmp_path)), check=False)
    assert done.returncode == 0, done.stderr
    # Only HEAD holds the link; before, `tarfile`'s refusal of it ended the diff in an internal error.
    assert done.stderr == ("admiralty diff: left out the link scenarios/outside at HEAD: it points outside the "
                           "repository (/etc)\n")
    assert "night turns" in done.stdout


def _start_playing(repo: Path, scratch: Path) -> subprocess.Popen[str]:
    """A diff that plays for long, once its copies and its pool's folder are in TMPDIR."""
    process = subprocess.Popen(_command("diff", "HEAD~1", "HEAD", "--git", "--games", "100000", "--jobs", "2",
                                        "--no-png", "--out", str(scratch.parent / "o")),
                               cwd=repo, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(scratch))
    deadline = time.monotonic() + BOUND
    while not list(scratch.glob("admiralty-pool-*")):
        assert process.poll() is None and time.monotonic() < deadline, "the diff never started to play"
        time.sleep(0.05)
    assert list(scratch.glob("admiralty-diff-*"))
    return process


@pytest.mark.parametrize(("how", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_ends_the_diff_with_its_code_and_no_temporary_folder(repo: Path, tmp_path: Path, how: int,
                                                                       code: int) -> None:
    """Before: SIGTERM left both copies of the revisions behind (7 of 7), SIGINT exited 2."""
    scratch = _scratch(tmp_path)
    process = _start_playing(repo, scratch)
    process.send_signal(how)
    _, stderr = process.communicate(timeout=BOUND)
    assert process.returncode == code, stderr
    assert stderr.endswith(f"\nadmiralty diff: interrupted by {signal.Signals(how).name}\n"), stderr
    assert "Traceback" not in stderr
    assert list(scratch.iterdir()) == []


def test_the_folders_a_killed_diff_left_are_cleared_by_the_next_run(repo: Path, tmp_path: Path) -> None:
    scratch = _scratch(tmp_path)
    process = _start_playing(repo, scratch)
    process.kill()
    process.communicate(timeout=BOUND)
    left = sorted(p.name for p in scratch.iterdir())
    assert any(name.startswith("admiralty-diff-") for name in left), left
    deadline = time.monotonic() + 10  # its pool's workers die with it (a second at most); then it is all gone
    done = subprocess.run(_command("diff", "HEAD~1", "HEAD", "--git", "--no-play", "--no-png", "--out",
                                   str(tmp_path / "o")), cwd=repo, capture_output=True, text=True, timeout=BOUND,
                          env=_env(scratch), check=False)
    assert done.returncode == 0, done.stderr
    while list(scratch.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert list(scratch.iterdir()) == []


def test_a_full_tmpdir_is_one_line(repo: Path, tmp_path: Path) -> None:
    scratch = tmp_path / "small"
    with tmpfs_at(scratch, "size=40k") as mounted:
        if not mounted:
            pytest.skip("no tmpfs to fill (needs root)")
        # Room for Python's own probe of TMPDIR (a full one it silently swaps for /tmp), not for the copies.
        (scratch / "filler").write_bytes(b"\0" * 32 * 1024)
        done = subprocess.run(_command("diff", "HEAD~1", "HEAD", "--git", "--no-play", "--no-png", "--out",
                                       str(tmp_path / "o")), cwd=repo, capture_output=True, text=True, timeout=BOUND,
                              env=_env(scratch), check=False)
        left = sorted(p.name for p in scratch.iterdir())
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("admiralty diff: cannot copy the revisions into '") and "the disk is full" in line
    assert left == ["filler"]


@contextmanager
def _read_only(folder: Path) -> Iterator[None]:
    with tmpfs_at(folder, "ro,size=64k") as mounted:
        if not mounted:
            if os.geteuid() == 0:
                pytest.skip("root cannot make a read-only folder without mounting one")
            folder.chmod(0o555)
        yield


def test_init_and_diff_out_into_a_read_only_folder_are_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    with _read_only(folder):
        init = subprocess.run(_command("init", str(folder / "mine")), capture_output=True, text=True, timeout=BOUND,
                              check=False)
        diff = subprocess.run(_command("diff", str(MINI), str(MINI), "--no-play", "--out", str(folder / "d")),
                              capture_output=True, text=True, timeout=BOUND, check=False)
    for done, command in ((init, "init"), (diff, "diff")):
        assert done.returncode == 2, done.stderr
        [line] = done.stderr.splitlines()
        assert line.startswith(f"admiralty {command}: cannot write '{folder}/")
        assert "read-only" in line or "no permission" in line


def test_validate_into_a_full_standard_output_is_one_line() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        done = subprocess.run(_command("validate", str(MINI)), stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=BOUND, check=False)
    assert done.returncode == 2
    assert done.stderr == ("admiralty validate: cannot write the standard output: No space left on device (the "
                           "disk is full)\n")


def test_docs_from_a_folder_holding_an_admiralty_folder(tmp_path: Path) -> None:
    """MkDocs runs with `-P`: an `admiralty/` folder in the current one no longer shadows the installed package
    (the hook's import of it ended in a raw traceback)."""
    pytest.importorskip("mkdocs")
    (tmp_path / "admiralty").mkdir()
    # As the `admiralty` program runs (its folder, not the current one, first on the module path): -P.
    command = [sys.executable, "-P", "-m", "admiralty", "docs", str(MINI), "--smoke", str(tmp_path / "none"),
               "--site-dir", str(tmp_path / "site")]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=BOUND, check=False,
                          env={**os.environ, "CI": "1"})
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and (tmp_path / "site" / "index.html").is_file()
