"""Where loaded values sit: spans, the position tree beside the plain data, the loaded document, paths."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple, Protocol

from admiralty.validator.diagnostics import Diagnostic

PathPart = str | int

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


class Span(NamedTuple):
    """A region of the file, 1-based, end exclusive as the parser reports it."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(slots=True)
class Pos:
    """Where a value sits, and for collections where each child (and each key) sits."""

    span: Span
    children: dict[str, Pos | Span] | list[Pos | Span] | None = None
    keys: dict[str, Span] | None = None


@dataclass
class Document:
    """A loaded file: its plain data and the positions of everything in it. ``positions`` is the position
    tree, or (on the loader's fast path) what composes it on first use: only a file with a finding needs it."""

    file: str
    data: Any
    positions: Pos | Callable[[], Pos]
    yaml11_booleans: list[tuple[PathPart, ...]] = field(default_factory=list)
    modeline: str | None = None

    @property
    def root(self) -> Pos:
        """The position tree of the whole document (composed now if it was left for later)."""
        if not isinstance(self.positions, Pos):
            self.positions = self.positions()
        return self.positions

    @cached_property
    def content_digest(self) -> str:
        """SHA-256 of the data in canonical JSON: the content, not its formatting (comments, key order and
        quoting change nothing). Computed once per document, however many scenarios share it (a map)."""
        text = json.dumps(self.data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def locate(self, path: Sequence[PathPart], *, key: bool = False) -> Span:
        """The span of the value at ``path`` (or of its key, with ``key``); the nearest existing parent
        when the path goes further than the document does."""
        pos: Pos | Span = self.root
        key_span: Span | None = None
        for part in path:
            if isinstance(pos, Span):  # a scalar: the path goes further than the document
                return pos
            children = pos.children
            if isinstance(children, dict) and isinstance(part, str) and part in children:
                key_span = pos.keys[part] if pos.keys else None
                pos = children[part]
            elif isinstance(children, list) and isinstance(part, int) and 0 <= part < len(children):
                key_span = None
                pos = children[part]
            else:
                return pos.span
        if key and key_span is not None:
            return key_span
        return pos if isinstance(pos, Span) else pos.span


@dataclass
class LoadResult:
    document: Document | None
    diagnostics: list[Diagnostic]


class Mark(Protocol):
    """A place in the text as PyYAML's parsers give it (0-based), the Python one's and libyaml's alike."""

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


class Marked(Protocol):
    """A parser event: its start and end marks (always set on the events a parser emits)."""

    @property
    def start_mark(self) -> Mark: ...

    @property
    def end_mark(self) -> Mark: ...


def span_of(event: Marked) -> Span:
    """The span of a parser event, from its start and end marks (0-based in PyYAML)."""
    s, e = event.start_mark, event.end_mark
    return Span(s.line + 1, s.column + 1, e.line + 1, e.column + 1)


def point(mark: Mark) -> Span:
    """The empty span at one parser mark."""
    return Span(mark.line + 1, mark.column + 1, mark.line + 1, mark.column + 1)


def json_path(path: Sequence[PathPart]) -> str:
    """``$.sides[0].fleets[1].id`` style rendering of a path."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENTIFIER.fullmatch(part):
            out += "." + part
        else:
            out += "[" + repr(part) + "]"
    return out
