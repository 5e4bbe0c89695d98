"""Crash-safe outputs: every file admiralty writes, the lock on an output folder, and the site's swap (issue 19).

- ``write_text``/``write_bytes`` write a temporary file in the target's own folder, flush and fsync it, then
  ``os.replace`` it over the target: a run killed at any moment leaves the previous file or the new one, never
  half of one. A failure (a read-only folder, a full disk) removes the temporary file and raises
  :class:`OutputError`, which the CLI reports in one line with exit 2.
- ``output_lock`` takes an exclusive, non-blocking lock file in an output folder (``.admiralty.lock``): a second
  run into the same folder fails fast with the holder's process id instead of interleaving its files.
- ``replace_tree`` builds a folder (the site) beside the target and swaps it in by two renames; leftovers of a
  killed build (``.<name>.building-*``, ``.<name>.old-*``) are removed by the next build, never served.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TypeVar

LOCK_NAME = ".admiralty.lock"
T = TypeVar("T")
_UMASK = os.umask(0o022)
os.umask(_UMASK)
FILE_MODE = 0o666 & ~_UMASK  # what open() would have given the file
FOLDER_MODE = 0o777 & ~_UMASK


class OutputError(Exception):
    """An output could not be written (or its folder locked): one clear sentence for the CLI, exit 2."""


def describe(error: OSError, path: Path | str) -> str:
    reason = error.strerror or str(error)
    hint = {errno.EROFS: " (the file system is read-only)", errno.EACCES: " (no permission to write there)",
            errno.EPERM: " (no permission to write there)", errno.ENOSPC: " (the disk is full)",
            errno.EDQUOT: " (the disk quota is used up)"}.get(error.errno or 0, "")
    return f"cannot write '{path}': {reason}{hint}; nothing was half-written"


def write_bytes(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temporary file in the same folder, fsync, rename)."""
    target = Path(path)
    temporary: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        os.fchmod(handle, FILE_MODE)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
        temporary = None
        _sync_folder(target.parent)
    except OSError as error:
        raise OutputError(describe(error, target)) from error
    finally:
        if temporary is not None:
            with suppress(OSError):
                os.unlink(temporary)


def write_text(path: Path | str, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (see ``write_bytes``)."""
    write_bytes(path, text.encode(encoding))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; some file systems refuse to open a folder, which is harmless."""
    with suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


@contextmanager
def output_lock(folder: Path | str, what: str = "admiralty", name: str = LOCK_NAME) -> Iterator[Path]:
    """Hold ``folder/.admiralty.lock`` (or ``name``) for the block; another holder makes this fail fast."""
    where = Path(folder)
    lock = where / name
    try:
        where.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise OutputError(describe(error, lock)) from error
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(descriptor, 64, 0).decode("ascii", "replace").strip() or "another process"
            raise OutputError(f"another {what} run (process {holder}) is writing into '{where}'; wait for it to "
                              "finish, or give this run another output folder") from None
        with suppress(OSError):  # the holder's id is a courtesy: a full disk must not stop the lock
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, f"{os.getpid()}\n".encode(), 0)
        yield lock
        with suppress(OSError):  # released: no holder to name, and two runs leave the same folder
            os.ftruncate(descriptor, 0)
    finally:
        os.close(descriptor)  # closing releases the lock; the file stays, empty of meaning


def replace_tree(target: Path | str, build: Callable[[Path], T], accept: Callable[[T], bool]) -> T:
    """Build a folder into a fresh sibling, then swap it in for ``target`` when ``accept(result)``; otherwise (or
    on any exception) throw the new one away and leave ``target`` as it was. Returns ``build``'s result."""
    final = Path(target).resolve()
    parent = final.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        for stale in [*parent.glob(f".{final.name}.building-*"), *parent.glob(f".{final.name}.old-*")]:
            shutil.rmtree(stale, ignore_errors=True)
        fresh = Path(tempfile.mkdtemp(prefix=f".{final.name}.building-", dir=parent))
        fresh.chmod(FOLDER_MODE)
    except OSError as error:
        raise OutputError(describe(error, final)) from error
    try:
        result = build(fresh)
        if not accept(result):
            return result
        old = parent / f".{final.name}.old-{os.getpid()}"
        try:
            if final.exists():
                os.rename(final, old)
            os.rename(fresh, final)
        except OSError as error:
            if old.exists() and not final.exists():
                os.rename(old, final)
            raise OutputError(describe(error, final)) from error
        shutil.rmtree(old, ignore_errors=True)
        return result
    finally:
        shutil.rmtree(fresh, ignore_errors=True)
