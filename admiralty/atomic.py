"""Crash-safe outputs: every file admiralty writes, the lock on an output folder, and the site's swap (issue 19).

- ``write_text``/``write_bytes`` write a temporary file in the target's own folder, flush and fsync it, then
  ``os.replace`` it over the target: a run killed at any moment leaves the previous file or the new one, never
  half of one. A failure (a read-only folder, a full disk) removes the temporary file and raises
  :class:`OutputError`, which the CLI reports in one line with exit 2.
- ``output_lock`` takes an exclusive, non-blocking lock file in an output folder (``.admiralty.lock``): a second
  run into the same folder fails fast with the holder's process id instead of interleaving its files.
- ``output_lock`` closes its descriptor in every forked child (a worker never holds the lock after its parent
  died), and takes over, with a message, a lock whose recorded holder is gone.
- ``replace_tree`` builds a folder (the site) beside the target and swaps it in by one atomic exchange
  (``renameat2(RENAME_EXCHANGE)``): a kill at any instant leaves the old site or the new one. Leftovers of a
  killed build (``.<name>.building-*``, ``.<name>.old-*``) are removed by the next build, never served.
- ``scratch_folder`` makes a temporary folder named after its process, and removes those of processes gone.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TypeVar

from admiralty.lifeline import owner_stamp, parse_stamp, process_gone

LOCK_NAME = ".admiralty.lock"
T = TypeVar("T")
_UMASK = os.umask(0o022)
os.umask(_UMASK)
FILE_MODE = 0o666 & ~_UMASK  # what open() would have given the file
FOLDER_MODE = 0o777 & ~_UMASK


class OutputError(Exception):
    """An output could not be written (or its folder locked): one clear sentence for the CLI, exit 2."""


def reason(error: OSError) -> str:
    """Why an OSError happened, in the system's words and, for the usual cases, plain ones."""
    hint = {errno.EROFS: " (the file system is read-only)", errno.EACCES: " (no permission to write there)",
            errno.EPERM: " (no permission to write there)", errno.ENOSPC: " (the disk is full)",
            errno.EDQUOT: " (the disk quota is used up)"}.get(error.errno or 0, "")
    return f"{error.strerror or error}{hint}"


def describe(error: OSError, path: Path | str) -> str:
    return f"cannot write '{path}': {reason(error)}; nothing was half-written"


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


_HELD: dict[str, int] = {}  # the locks this process holds: resolved lock path -> descriptor


def _close_held_locks() -> None:
    """In a forked child: close the descriptors of the parent's locks. A ``flock`` belongs to the open file, which a
    fork shares, so a worker that kept the descriptor kept the lock after the parent died (issue 35). Closing the
    child's copy leaves the parent's lock as it was (it is released only when every copy is closed)."""
    for descriptor in _HELD.values():
        with suppress(OSError):
            os.close(descriptor)
    _HELD.clear()


os.register_at_fork(after_in_child=_close_held_locks)


@contextmanager
def output_lock(folder: Path | str, what: str = "admiralty", name: str = LOCK_NAME) -> Iterator[Path]:
    """Hold ``folder/.admiralty.lock`` (or ``name``) for the block; another holder makes this fail fast. Within one
    process the lock is re-entrant (``build`` holds its outputs' locks across its stages, which take them too).

    A lock whose recorded holder is gone but which is still held (by processes an old admiralty left behind) is
    taken over, with a message on stderr: the lock file is replaced, and the leftovers keep only the old one."""
    where = Path(folder)
    lock = where / name
    try:
        where.mkdir(parents=True, exist_ok=True)
        key = str(lock.resolve())
    except OSError as error:
        raise OutputError(describe(error, lock)) from error
    if key in _HELD:
        yield lock
        return
    descriptor = _acquire(lock, what, where)
    _HELD[key] = descriptor
    try:
        yield lock
        with suppress(OSError):  # released: no holder to name, and two runs leave the same folder
            os.ftruncate(descriptor, 0)
    finally:
        _HELD.pop(key, None)
        os.close(descriptor)  # closing releases the lock; the file stays, empty of meaning


def _acquire(lock: Path, what: str, where: Path) -> int:
    """The descriptor of ``lock``, exclusively locked and naming this process as its holder."""
    for _ in range(10):  # each round but the last ends because another run replaced the file meanwhile
        try:
            descriptor = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)  # not inherited across exec (PEP 446)
        except OSError as error:
            raise OutputError(describe(error, lock)) from error
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(descriptor, 64, 0).decode("ascii", "replace").strip()
            stamp = parse_stamp(holder)
            if stamp is None or not process_gone(*stamp):
                os.close(descriptor)
                raise OutputError(f"another {what} run (process {stamp[0] if stamp else 'another process'}) is "
                                  f"writing into '{where}'; wait for it to finish, or give this run another output "
                                  "folder") from None
            _take_over(lock, descriptor, stamp[0], what, where)
            os.close(descriptor)
            continue
        if not _same_file(descriptor, lock):  # taken over (replaced) between our open and our flock
            os.close(descriptor)
            continue
        with suppress(OSError):  # the holder's id is a courtesy: a full disk must not stop the lock
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, f"{owner_stamp()}\n".encode(), 0)
        return descriptor
    raise OutputError(f"cannot lock '{where}': other runs keep replacing its lock file")


def _same_file(descriptor: int, path: Path) -> bool:
    try:
        now, held = os.stat(path), os.fstat(descriptor)
    except OSError:
        return False
    return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)


def _take_over(lock: Path, stale: int, pid: int, what: str, where: Path) -> None:
    """Unlink a lock file whose holder is gone, so that the next open makes a fresh one. Two runs taking over at
    once are put in line by a lock on the folder itself (no file of its own to leave behind); each looks again
    under it, so only the first unlinks."""
    try:
        guard = os.open(lock.parent, os.O_RDONLY)
    except OSError as error:
        raise OutputError(describe(error, lock)) from error
    try:
        fcntl.flock(guard, fcntl.LOCK_EX)  # held for microseconds by whoever has it
        if not _same_file(stale, lock):
            return  # another run took it over first
        with suppress(OSError):
            os.unlink(lock)
        print(f"{what}: took over the lock on '{where}': its holder, process {pid}, is gone (processes it left "
              "behind still held the lock)", file=sys.stderr, flush=True)
    finally:
        os.close(guard)


SCRATCH_PREFIXES = ("admiralty-pool-", "admiralty-diff-")  # the smoke pool's notes, diff's copies of revisions


@contextmanager
def scratch_folder(prefix: str) -> Iterator[Path]:
    """A temporary folder ``<TMPDIR>/<prefix><pid>-XXXX`` for the block, removed after it. The scratch folders
    (of any of admiralty's prefixes) whose process is gone (SIGKILLed, so it never removed its own) go first."""
    base = Path(tempfile.gettempdir())
    for known in dict.fromkeys((*SCRATCH_PREFIXES, prefix)):
        clear_stale_scratch(base, known)
    try:
        folder = Path(tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-", dir=base))
    except OSError as error:
        raise OutputError(describe(error, base / prefix).replace("cannot write", "cannot make a temporary folder in")
                          + " (set TMPDIR to a folder with room)") from error
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def clear_stale_scratch(base: Path, prefix: str) -> list[Path]:
    """Remove the ``prefix<pid>-*`` folders under ``base`` that are this user's and whose process is gone."""
    removed: list[Path] = []
    with suppress(OSError):
        for path in base.glob(f"{prefix}*-*"):
            pid = path.name[len(prefix):].split("-", 1)[0]
            with suppress(OSError):
                if pid.isdigit() and path.stat().st_uid == os.getuid() and process_gone(int(pid)):
                    shutil.rmtree(path, ignore_errors=True)
                    removed.append(path)
    return removed


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
        _swap_in(fresh, final)
        return result
    finally:
        shutil.rmtree(fresh, ignore_errors=True)  # after an exchange: the old tree


RENAME_EXCHANGE = 2  # <linux/fs.h>
AT_FDCWD = -100


def exchange(first: Path, second: Path) -> bool:
    """Swap two paths in one step (Linux ``renameat2(RENAME_EXCHANGE)``); False where the system or the file system
    cannot (then nothing was done)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):  # not Linux, or a C library older than glibc 2.28
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(AT_FDCWD, os.fsencode(first), AT_FDCWD, os.fsencode(second), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(second))


def _swap_in(fresh: Path, final: Path) -> None:
    """Put ``fresh`` in ``final``'s place so that a kill at any instant leaves the old tree or the new one there:
    one atomic exchange (the old tree then lies at ``fresh``, removed by the caller), or one rename when there is no
    old tree. Only where the exchange is not supported does it take two renames, with a moment between them
    without ``final``."""
    try:
        if final.is_dir() and not final.is_symlink():
            if exchange(fresh, final):
                return
            old = final.parent / f".{final.name}.old-{os.getpid()}"
            os.rename(final, old)
            try:
                os.rename(fresh, final)
            except OSError:
                os.rename(old, final)
                raise
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(fresh, final)
    except OSError as error:
        raise OutputError(describe(error, final)) from error
