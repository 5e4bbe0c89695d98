"""The loader's entry points: read and decode the bytes (IO001, YML007, YML008), compose them, and turn every
failure, ours or PyYAML's, into exactly one positioned diagnostic instead of a traceback."""

from __future__ import annotations

import os

import yaml

from admiralty.validator.diagnostics import Diagnostic
from admiralty.validator.load.codes import MAX_BYTES, MAX_DEPTH, MAX_NODES, MAX_VALUES, LoadError
from admiralty.validator.load.composer import Composer
from admiralty.validator.load.fast import fast_load
from admiralty.validator.load.positions import LoadResult
from admiralty.validator.load.slips import explain_slip
from admiralty.validator.spoofing import scan_text

_SYNTAX_HINT = "fix the YAML syntax at this point (indentation, quotes, brackets, a missing ': ')"


def load_file(path: str, display: str | None = None, *, max_bytes: int = MAX_BYTES,
              max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES, max_values: int = MAX_VALUES,
              native: bool = True) -> LoadResult:
    """Load one YAML file into a positioned ``Document``, or explain why not."""
    display = display or path
    text, problems = read_text(path, display, max_bytes)
    if text is None:
        return LoadResult(None, problems)
    return load_text(text, display, max_depth=max_depth, max_nodes=max_nodes, max_values=max_values,
                     native=native)


def load_bytes(raw: bytes, display: str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
               max_nodes: int = MAX_NODES, max_values: int = MAX_VALUES, native: bool = True) -> LoadResult:
    """Load a file's bytes already in memory (see ``load_file``): the same size bound and UTF-8 check."""
    text, problems = decode(raw, display, max_bytes)
    if text is None:
        return LoadResult(None, problems)
    return load_text(text, display, max_depth=max_depth, max_nodes=max_nodes, max_values=max_values,
                     native=native)


def load_text(text: str, display: str, *, max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES,
              max_values: int = MAX_VALUES, native: bool = True) -> LoadResult:
    """Load YAML text (see ``load_file``). Bidirectional controls, invisible and control characters are refused
    first, each where it stands (TXT001-TXT003): a reviewer cannot see them. With ``native`` (the default) a
    file the fast path can decide is loaded natively, its positions composed only when asked for
    (``admiralty.validator.load.fast``); ``native=False`` always composes them now, with PyYAML's events."""
    hidden = scan_text(text, display)
    if hidden:
        return LoadResult(None, hidden)
    if native:
        fast = fast_load(text, display, max_depth=max_depth, max_values=max_values)
        if fast is not None:
            return fast
    try:
        return Composer(display, max_depth, max_nodes, max_values).compose(text)
    except LoadError as error:
        s = error.span
        return LoadResult(None, [Diagnostic(error.code, error.message, display, s.line, s.column, s.end_line,
                                            s.end_column, hint=error.hint)])
    except yaml.MarkedYAMLError as error:
        return LoadResult(None, [_syntax_error(error, display, text)])
    except yaml.YAMLError as error:  # reader errors: control characters and the like
        return LoadResult(None, [_reader_error(error, text, display)])


def _syntax_error(error: yaml.MarkedYAMLError, display: str, text: str) -> Diagnostic:
    """YML001 at the slip when it is a common one (``slips``), else where the parser stopped; or YML006 when
    libyaml's own depth guard fired before ours could."""
    mark = error.problem_mark or error.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    message = " ".join(str(p) for p in (error.context, error.problem) if p) or "YAML syntax error"
    if "nesting depth" in message:
        return Diagnostic("YML006", f"collections nest deeper than libyaml allows ({message})", display, line,
                          column, hint="flatten the structure")
    slip = explain_slip(error, text)
    if slip is not None:
        return Diagnostic("YML001", slip.message, display, slip.line, slip.column, hint=slip.hint)
    return Diagnostic("YML001", message, display, line, column, hint=_SYNTAX_HINT)


def _reader_error(error: yaml.YAMLError, text: str, display: str) -> Diagnostic:
    """YML001 for characters the YAML reader refuses, positioned from the reader's character offset."""
    position = getattr(error, "position", None)
    line, column = 1, 1
    if isinstance(position, int):
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
    reason = getattr(error, "reason", None) or str(error).splitlines()[0]
    return Diagnostic("YML001", f"unreadable character: {reason}", display, line, column,
                      hint="remove control characters from the file")


def _failure(code: str, message: str, display: str, hint: str, line: int = 1,
             column: int = 1) -> tuple[None, list[Diagnostic]]:
    return None, [Diagnostic(code, message, display, line, column, hint=hint)]


def read_text(path: str, display: str, max_bytes: int) -> tuple[str | None, list[Diagnostic]]:
    """The file's text, or why it cannot be had: missing or unreadable (IO001), too large (YML007)."""
    try:
        if not os.path.isfile(path):
            return _failure("IO001", "not a readable file", display, "check the path")
        size = os.path.getsize(path)
        if size > max_bytes:
            return _failure("YML007", f"file is {size:,} bytes, over the bound of {max_bytes:,}", display,
                            "admiralty documents are small; split the file or remove the junk")
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as error:
        return _failure("IO001", f"cannot read the file: {error.strerror}", display,
                        "check the path and its permissions")
    return decode(raw, display, max_bytes)


def decode(raw: bytes, display: str, max_bytes: int) -> tuple[str | None, list[Diagnostic]]:
    """UTF-8 text (a byte-order mark dropped), or YML007 past the size bound, or YML008 at the first bad byte."""
    if len(raw) > max_bytes:
        return _failure("YML007", f"file is over the bound of {max_bytes:,} bytes", display, "split the file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        return _failure("YML008", f"byte 0x{raw[error.start]:02x} at offset {error.start} is not UTF-8", display,
                        "save the file as UTF-8", line, column)
    return text, []
