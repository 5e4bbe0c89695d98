"""Child processes that end with the process that started them, however it ends (issue 35).

A pool worker, a Dask worker or the MkDocs child that outlives a SIGKILLed admiralty sleeps forever, re-parented
to init, holding the parent's stdout and stderr (a CI step reading them hangs). :func:`die_with_parent` makes the
calling process die with its parent: on Linux the kernel sends it SIGKILL when the parent goes
(``prctl(PR_SET_PDEATHSIG)``); everywhere a daemon thread also looks at the parent's id once a second and ends
the process when it changes (re-parented: the parent is gone). The thread is the fallback where ``prctl`` is
missing, and it covers the one case the kernel's signal does not: ``PR_SET_PDEATHSIG`` fires when the *thread*
that forked the child ends, which for Dask's nanny is its event loop's thread, not the process.

``python -m admiralty.lifeline PARENT_PID MODULE ARGS...`` runs ``python -m MODULE ARGS...`` bound to
``PARENT_PID`` that way: how admiralty starts MkDocs.

:func:`process_gone` tells whether a process id recorded earlier (a lock's holder, a temporary folder's owner)
still names a live process.
"""

from __future__ import annotations

import ctypes
import os
import runpy
import signal
import sys
import threading
import time
from contextlib import suppress

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
WATCH_SECONDS = 1.0  # how often the fallback looks at the parent's id: a child outlives its parent by at most this


def die_with_parent(parent: int) -> None:
    """End this process (SIGKILL) when ``parent`` ends; at once when it already has."""
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):  # no libc to call: the watch thread alone does it
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the prctl took effect: no signal will come
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="admiralty-parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os.kill(os.getpid(), signal.SIGKILL)


def start_time(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (Linux ``/proc``), or None where it cannot be read: with
    the id it names one process, even after the id is reused."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[19].decode() if len(fields) > 19 else None


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] == b"Z"
    except (OSError, IndexError):
        return False


def process_gone(pid: int, started: str | None = None) -> bool:
    """True when no live process has id ``pid`` (or, with ``started``, the one that has it started later: the id
    was reused). A zombie is gone: it only waits for its parent to read its status."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # another user's process: alive
        pass
    if _zombie(pid):
        return True
    if started is not None:
        now = start_time(pid)
        return now is not None and now != started
    return False


def owner_stamp() -> str:
    """``PID START`` of this process: what a lock or a temporary folder records as its owner."""
    return f"{os.getpid()} {start_time(os.getpid()) or '-'}"


def parse_stamp(text: str) -> tuple[int, str | None] | None:
    """The (pid, start time) an :func:`owner_stamp` wrote, or None when ``text`` is not one."""
    fields = text.split()
    if not fields or not fields[0].isdigit():
        return None
    started = fields[1] if len(fields) > 1 and fields[1] != "-" else None
    return int(fields[0]), started


def command(parent: int, module: str, *args: str) -> list[str]:
    """The command line running ``python -m module args`` as a child that dies with ``parent``. ``-P``: the current
    folder is not put on the module path, so an ``admiralty/`` folder there cannot shadow the installed package."""
    return [sys.executable, "-P", "-m", "admiralty.lifeline", str(parent), module, *args]


def main(argv: list[str]) -> None:
    parent, module, *args = argv
    die_with_parent(int(parent))
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
