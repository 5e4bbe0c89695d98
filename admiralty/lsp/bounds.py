"""The language server's limits: what it may walk, how big a message may be, and what one request may cost.

An editor (or anything speaking to ``admiralty lsp`` over stdio) can ask for far more than a scenario corpus
needs: a workspace root of ``/`` would walk the whole filesystem, a ``Content-Length`` of 2 GB would be read
into memory, a request over a huge workspace would keep the server busy for minutes. Each is refused here with
a sentence saying what happened, and the server keeps answering (or, for a message it cannot frame, closes
with that sentence).
"""

from __future__ import annotations

import os
import re
import resource
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, BinaryIO

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol

MAX_MESSAGE = 32 * 1024 * 1024  # bytes in one message: the largest corpus document is a few hundred kB
MAX_HEADER_LINE = 8 * 1024
CONTENT_LENGTH = re.compile(rb"content-length:\s*(\d+)\s*", re.IGNORECASE)
TICK = 0.05  # seconds between two looks at a running request's time and memory


def walkable(path: Path) -> bool:
    """Whether a folder may be walked as a workspace: never a filesystem root (``/``, ``C:\\``), whose walk
    reads every YAML file of the machine."""
    resolved = path.resolve()
    return resolved.parent != resolved


def under(path: Path, roots: list[Path]) -> bool:
    """Whether ``path`` is one of ``roots`` or lies below one (all resolved)."""
    resolved = path.resolve()
    return any(resolved == root or resolved.is_relative_to(root) for root in roots)


class BoundedStdin:
    """The server's stdin as pygls reads it (``readline`` for headers, ``read`` for a body), refusing a header
    line or a ``Content-Length`` beyond the limits before anything is allocated for them. A refused message
    cannot be skipped safely (its length is what frames the next one), so the reader then reports end of input:
    pygls's loop ends, and ``refused`` says why for the server to tell the client."""

    def __init__(self, stream: BinaryIO, limit: int = MAX_MESSAGE) -> None:
        self.stream = stream
        self.limit = limit
        self.refused: str | None = None

    def readline(self) -> bytes:
        line = self.stream.readline(MAX_HEADER_LINE + 1)
        if len(line) > MAX_HEADER_LINE:
            return self._refuse(f"a message header line longer than {MAX_HEADER_LINE} bytes")
        length = CONTENT_LENGTH.fullmatch(line)
        if length is not None and int(length.group(1)) > self.limit:
            return self._refuse(f"a message of {int(length.group(1))} bytes (Content-Length), over the limit of "
                                f"{self.limit} bytes")
        return line

    def read(self, size: int) -> bytes:
        if size > self.limit:  # pygls only asks for a length readline let through; kept for any other caller
            return self._refuse(f"a message of {size} bytes, over the limit of {self.limit} bytes")
        return self.stream.read(size)

    def _refuse(self, what: str) -> bytes:
        self.refused = f"admiralty lsp: refused {what}; closing, since the next message cannot be found after it"
        return b""


class BudgetExceeded(JsonRpcException):
    """A request ran past its time or memory budget: answered with this error (LSP's RequestFailed)."""

    CODE = lsp.LSPErrorCodes.RequestFailed.value


class _Overrun(BaseException):
    """Raised by the budget's timer; a ``BaseException`` so that no ``except Exception`` (a check's isolation)
    swallows it on its way out of the request."""


@dataclass(frozen=True)
class Budget:
    """What one request (or one re-validation) may cost: seconds of wall-clock time and megabytes of memory
    grown beyond what the process held when it started."""

    seconds: float = 30.0
    megabytes: int = 1024


def resident_bytes() -> int:
    """The process's resident memory now (Linux's /proc), or its peak where /proc is absent."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak * 1024 if os.uname().sysname == "Linux" else peak


_armed = False


@contextmanager
def within(budget: Budget, what: str) -> Iterator[None]:
    """Run the body under ``budget``: every ``TICK`` seconds a timer signal looks at the clock and the resident
    memory, and raises ``BudgetExceeded`` in the body (which runs on the main thread, as pygls's handlers do)
    once either is spent. Nested uses keep the outer budget. Without SIGALRM (Windows), or off the main thread,
    the body runs unbounded."""
    global _armed
    if _armed or not hasattr(signal, "setitimer"):
        yield
        return
    started, memory = time.monotonic(), resident_bytes()

    running = [True]  # off once the body is done: a tick still pending then must not raise in the clean-up
    # why the timer raised, once it has: a library that turns the exception into its own (jsonschema-rs wraps
    # one raised in its retrieve callback in a ValidationError) must not pass an overrun off as a crash
    overran: list[str] = []

    def look(signum: int, frame: FrameType | None) -> None:
        if not running[0]:
            return
        spent = time.monotonic() - started
        grown = (resident_bytes() - memory) // (1024 * 1024)
        if grown > budget.megabytes:
            overran.append(f"more than {budget.megabytes} MB of memory")
        elif spent > budget.seconds:
            overran.append(f"more than {budget.seconds:g} s")
        else:
            return
        raise _Overrun(overran[-1])

    try:
        previous = signal.signal(signal.SIGALRM, look)
    except ValueError:  # not the main thread: signals cannot reach it
        yield
        return
    _armed = True
    signal.setitimer(signal.ITIMER_REAL, TICK, TICK)
    try:
        yield
    except BaseException as error:
        running[0] = False
        if isinstance(error, _Overrun):
            reason = str(error)
        elif isinstance(error, MemoryError):
            reason = "more memory than the machine gave"
        elif overran:
            reason = overran[-1]
        else:
            raise
        raise BudgetExceeded(f"admiralty: {what} stopped: it took {reason} (the budget of one request; open a "
                             "smaller folder as the workspace, or raise `admiralty lsp --budget` or `--memory`)"
                             ) from None
    finally:
        running[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _armed = False


class _Answered:
    """What ``AnsweringProtocol.structure_message`` returns for a request it has already answered."""


ANSWERED = _Answered()


def _leaves(error: BaseException) -> list[str]:
    """The innermost messages of an exception group (cattrs nests one per field that failed)."""
    nested = getattr(error, "exceptions", None)
    if nested:
        return [leaf for inner in nested for leaf in _leaves(inner)]
    return [str(error)]


class AnsweringProtocol(LanguageServerProtocol):
    """pygls's protocol, answering every request: one whose parameters do not fit the protocol's types (a
    negative line or character, a position past 2**31) gets an InvalidParams error naming the field, where pygls
    only logs it and the client waits for ever."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            method = data.get("method")
            if "id" not in data or not isinstance(method, str) or "jsonrpc" not in data:
                raise
            cause = error.__cause__
            detail = "; ".join(_leaves(cause)) if cause is not None else error.message
            self._send_response(data["id"], error=lsp.ResponseError(
                lsp.ErrorCodes.InvalidParams, f"admiralty: invalid parameters of {method}: {detail}"))
            return ANSWERED

    def handle_message(self, message: Any) -> None:
        if message is not ANSWERED:
            super().handle_message(message)
