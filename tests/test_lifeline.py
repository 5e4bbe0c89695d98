"""Children that die with their parent however it dies (issue 35): the kernel's signal on Linux and the watch of
the parent's id that backs it up elsewhere, each checked alone with real processes and a real SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from admiralty.lifeline import owner_stamp, parse_stamp, process_gone

BOUND = 60
# The middle process starts a grandchild that binds itself to it, prints the grandchild's id, and sleeps.
MIDDLE = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", sys.argv[1], str(__import__("os").getpid())])
print(child.pid, flush=True)
time.sleep(60)
"""
WITH_PRCTL = "import sys, time\nfrom admiralty.lifeline import die_with_parent\ndie_with_parent(int(sys.argv[1]))\n" \
             "time.sleep(60)\n"
WATCH_ONLY = "import sys, threading, time\nfrom admiralty import lifeline\n" \
             "threading.Thread(target=lifeline._watch, args=(int(sys.argv[1]),), daemon=True).start()\ntime.sleep(60)\n"


def _outlives_its_parent(grandchild_code: str, tmp_path: Path) -> bool:
    middle = subprocess.Popen([sys.executable, "-c", MIDDLE, grandchild_code], stdout=subprocess.PIPE, text=True,
                              cwd=tmp_path)
    assert middle.stdout is not None
    grandchild = int(middle.stdout.readline())
    time.sleep(0.5)  # the grandchild has bound itself
    assert not process_gone(grandchild)
    middle.kill()
    middle.wait(timeout=BOUND)
    deadline = time.monotonic() + 5  # the watch looks once a second
    while not process_gone(grandchild) and time.monotonic() < deadline:
        time.sleep(0.05)
    survived = not process_gone(grandchild)
    if survived:
        os.kill(grandchild, signal.SIGKILL)
    return survived


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_kernel_kills_a_bound_child_when_its_parent_is_sigkilled(tmp_path: Path) -> None:
    assert not _outlives_its_parent(WITH_PRCTL, tmp_path)


def test_the_watch_alone_ends_a_child_whose_parent_is_sigkilled(tmp_path: Path) -> None:
    """The fallback where prctl is missing (not Linux): the watch thread alone ends the child."""
    assert not _outlives_its_parent(WATCH_ONLY, tmp_path)


def test_an_unbound_child_outlives_its_parent(tmp_path: Path) -> None:
    """The control: without either, the grandchild lives on (what pool workers did)."""
    assert _outlives_its_parent("import time; time.sleep(60)", tmp_path)


def test_an_owner_stamp_names_this_process_and_a_gone_one_is_told_apart() -> None:
    pid, started = parse_stamp(owner_stamp()) or (0, None)
    assert pid == os.getpid() and not process_gone(pid, started)
    if started is not None:
        assert process_gone(pid, str(int(started) + 1))  # the id reused by a later process
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    assert process_gone(int(done.stdout))
    assert parse_stamp("") is None and parse_stamp("another process") is None and parse_stamp("12\n") == (12, None)
