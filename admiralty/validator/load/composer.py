"""The event composer: PyYAML's parser events into plain data and a position tree, with an explicit stack.

The stack is ours, never Python's recursion, so nesting is bounded by a check (YML006) rather than by a
crash; aliases are counted as they expand (YML005) and written values as they arrive (YML014). The
composer is one object per load: ``compose`` dispatches each event by its exact class through a table
built once, because the big benchmark map sends ~150,000 events and an ``isinstance`` chain per event costs.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import yaml

from admiralty.validator.diagnostics import Diagnostic, Severity
from admiralty.validator.load.codes import LoadError
from admiralty.validator.load.positions import Document, LoadResult, PathPart, Pos, Span, point, span_of
from admiralty.validator.load.scalars import CORE_TAG, resolve_scalar
from admiralty.validator.spoofing import code_point, escape_offset, escaped_character

try:  # the C parser is a hard requirement for speed, but fall back rather than crash
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - only on a PyYAML built without libyaml
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

_COLLECTION_TAGS = (None, "!", CORE_TAG + "map", CORE_TAG + "seq")
_NO_KEY = object()  # a mapping frame waiting for its next key
_MERGE = object()  # the key slot holds ``<<``: the value is merged, not stored


class _Frame:
    """A collection being filled: its container, its position, and the key waiting for a value."""

    __slots__ = ("anchor", "container", "key", "key_span", "merges", "pos", "size", "start")

    def __init__(self, container: dict[str, Any] | list[Any], pos: Pos, start: Span, anchor: str | None):
        self.container = container
        self.pos = pos
        self.start = start
        self.anchor = anchor
        self.key: Any = _NO_KEY
        self.key_span: Span | None = None
        self.size = 1
        self.merges: list[tuple[Any, Pos | Span, Span]] = []


def _resolve(event: Any, span: Span, in_key_slot: bool) -> tuple[Any, bool]:
    """A scalar event's value, and whether it is a YAML 1.1 boolean word: a merge key ``<<``, quoted text as
    written, else the core schema's resolution."""
    if in_key_slot and event.value == "<<" and not event.style and event.tag in (None, "!"):
        return _MERGE, False
    if event.style and event.tag is None:  # quoted text: nothing to resolve
        return event.value, False
    return resolve_scalar(event, span)


class Composer:
    """Composes one YAML text; raises ``LoadError`` (or PyYAML's errors) at the first hostile thing."""

    __slots__ = ("anchors", "display", "documents", "expanded", "max_depth", "max_nodes", "max_values",
                 "root", "stack", "text", "warnings", "written", "yaml11")

    def __init__(self, display: str, max_depth: int, max_nodes: int, max_values: int) -> None:
        self.display = display
        self.max_depth, self.max_nodes, self.max_values = max_depth, max_nodes, max_values
        self.stack: list[_Frame] = []
        self.anchors: dict[str, tuple[Any, Pos | Span, int]] = {}
        self.yaml11: list[tuple[PathPart, ...]] = []
        self.warnings: list[Diagnostic] = []
        self.root: tuple[Any, Pos | Span] | None = None
        self.documents = 0
        self.expanded = 0
        self.written = 0
        self.text = ""

    def compose(self, text: str) -> LoadResult:
        """Run the parser over ``text`` and build the document, or YML009 when it holds none."""
        handlers = {
            yaml.ScalarEvent: self.scalar,
            yaml.MappingStartEvent: self.mapping_start,
            yaml.SequenceStartEvent: self.sequence_start,
            yaml.MappingEndEvent: self.collection_end,
            yaml.SequenceEndEvent: self.collection_end,
            yaml.AliasEvent: self.alias,
            yaml.DocumentStartEvent: self.document_start,
        }
        handler_for = handlers.get
        self.text = text
        parser = _Loader(text)
        try:
            get_event = parser.get_event
            while (event := get_event()) is not None:
                handler = handler_for(event.__class__)
                if handler is not None:  # stream and document ends carry nothing to build
                    handler(event)
        finally:
            parser.dispose()
        if self.root is None or self.root[0] is None:
            return LoadResult(None, [Diagnostic("YML009", "the file holds no YAML document", self.display,
                                                hint="start with `kind:` and `ruleset:`")])
        value, pos = self.root
        root_pos = pos if isinstance(pos, Pos) else Pos(pos)
        return LoadResult(Document(self.display, value, root_pos, self.yaml11, modeline(text)), self.warnings)

    # -- events ---------------------------------------------------------------------------------------

    def scalar(self, event: Any) -> None:
        """A scalar: resolve it (the hot path: most events are scalars), flag YAML 1.1 booleans, attach."""
        self.written += 1
        if self.written > self.max_values:
            self._too_many_values(event)
        start, end = event.start_mark, event.end_mark
        span = Span(start.line + 1, start.column + 1, end.line + 1, end.column + 1)
        stack = self.stack
        top = stack[-1] if stack else None
        in_key_slot = top is not None and top.key is _NO_KEY and top.container.__class__ is dict
        value, flagged = _resolve(event, span, in_key_slot)
        if value.__class__ is str and (event.style == '"' or not value.isascii()):
            value = self._text(value, event, span)
        if flagged:
            self._yaml11_boolean(value, span, in_key_slot)
        if event.anchor:
            self.anchors[event.anchor] = (value, span, 1)
        self.attach(value, span, 1)

    def mapping_start(self, event: Any) -> None:
        span = self._collection_start(event)
        self.stack.append(_Frame({}, Pos(span, {}, {}), span, event.anchor))

    def sequence_start(self, event: Any) -> None:
        span = self._collection_start(event)
        self.stack.append(_Frame([], Pos(span, []), span, event.anchor))

    def collection_end(self, event: Any) -> None:
        frame = self.stack.pop()
        end = span_of(event)
        frame.pos.span = Span(frame.start.line, frame.start.column, end.end_line, end.end_column)
        if frame.merges:
            apply_merges(frame)
        if frame.anchor:
            self.anchors[frame.anchor] = (frame.container, frame.pos, frame.size)
        self.attach(frame.container, frame.pos, frame.size)

    def alias(self, event: Any) -> None:
        """``*name``: the anchored value again, counted against the expansion bound (billion laughs)."""
        span = span_of(event)
        if event.anchor not in self.anchors:
            raise LoadError("YML001", f"unknown alias '*{event.anchor}'", span, "define the anchor first")
        value, pos, size = self.anchors[event.anchor]
        self.expanded += size
        if self.expanded > self.max_nodes:
            raise LoadError("YML005", f"aliases expand the document past {self.max_nodes:,} nodes", span,
                            "write the data out instead of nesting aliases")
        stack = self.stack
        if stack and isinstance(stack[-1].container, dict) and stack[-1].key is _NO_KEY:
            raise LoadError("YML003", "an alias cannot be used as a key", span, "write the key out")
        self.attach(value, pos, size)

    def document_start(self, event: Any) -> None:
        self.documents += 1
        if self.documents > 1:
            raise LoadError("YML012", "the file holds more than one YAML document", point(event.start_mark),
                            "put each document in its own file")

    # -- building -------------------------------------------------------------------------------------

    def attach(self, value: Any, pos: Pos | Span, size: int) -> None:
        """Put a finished value where it belongs: the root, the next list item, a key, or a key's value."""
        stack = self.stack
        if not stack:
            self.root = (value, pos)
            return
        frame = stack[-1]
        frame.size += size
        container = frame.container
        if isinstance(container, list):
            container.append(value)
            assert isinstance(frame.pos.children, list)
            frame.pos.children.append(pos)
            return
        span = pos if isinstance(pos, Span) else pos.span
        if frame.key is _NO_KEY:
            _take_key(frame, value, span)
            return
        if frame.key is _MERGE:
            frame.merges.append((value, pos, frame.key_span or span))
        else:
            container[frame.key] = value
            assert isinstance(frame.pos.children, dict) and frame.pos.keys is not None
            frame.pos.children[frame.key] = pos
            frame.pos.keys[frame.key] = frame.key_span or span
        frame.key = _NO_KEY

    def path_here(self) -> tuple[PathPart, ...]:
        """The path of the value about to be attached (keys and list indexes down the stack)."""
        parts: list[PathPart] = []
        for frame in self.stack:
            if isinstance(frame.container, list):
                parts.append(len(frame.container))
            elif frame.key is not _NO_KEY and frame.key is not _MERGE:
                parts.append(frame.key)
        return tuple(parts)

    def _collection_start(self, event: Any) -> Span:
        """The checks a new mapping or sequence passes: value count, tag, nesting depth."""
        self.written += 1
        if self.written > self.max_values:
            self._too_many_values(event)
        span = span_of(event)
        if event.tag not in _COLLECTION_TAGS:
            raise LoadError("YML004", f"tag '{event.tag}' is not allowed", span,
                            "only the core schema's tags are allowed; remove the tag")
        if len(self.stack) >= self.max_depth:
            raise LoadError("YML006", f"collections nest deeper than {self.max_depth} levels", span,
                            "flatten the structure")
        return span

    def _text(self, value: str, event: Any, span: Span) -> str:
        """Text as admiralty keeps it: NFC-normalised, and no forbidden character written by an escape."""
        if event.style == '"':
            found = escaped_character(value)
            if found is not None:
                code, char = found
                start, end = event.start_mark, event.end_mark
                offset = escape_offset(self.text[start.index:end.index], char)
                where = Span(span.line, span.column + offset, span.line, span.column + offset) if offset >= 0 else span
                raise LoadError(code, f"{code_point(char)} written as an escape in this text", where,
                                "remove the escape: a reviewer cannot see the character it writes")
        return unicodedata.normalize("NFC", value) if not value.isascii() else value

    def _too_many_values(self, event: Any) -> None:
        raise LoadError("YML014", f"the document holds more than {self.max_values:,} values", span_of(event),
                        "admiralty documents are small: simplify the polygons or split the file")

    def _yaml11_boolean(self, value: str, span: Span, in_key_slot: bool) -> None:
        """YML010: a key is warned about here; a value's path is kept for the schema stage to judge."""
        if in_key_slot:
            self.warnings.append(Diagnostic("YML010", f"key '{value}' is a boolean to YAML 1.1 readers",
                                            self.display, span.line, span.column, hint=f'quote it: "{value}"',
                                            severity=Severity.WARNING))
        else:
            self.yaml11.append(self.path_here())


def _take_key(frame: _Frame, key: Any, span: Span) -> None:
    """A scalar or collection arrives in a mapping's key slot: it must be a new string (YML002, YML003)."""
    if key is _MERGE:
        frame.key, frame.key_span = _MERGE, span
        return
    if not isinstance(key, str):
        shown = "a collection" if isinstance(key, dict | list) else f"'{key}' ({type(key).__name__})"
        raise LoadError("YML003", f"key {shown} is not a string", span,
                        "quote the key, e.g. \"1\": ..." if not isinstance(key, dict | list) else
                        "use a plain string as the key")
    assert isinstance(frame.container, dict) and frame.pos.keys is not None
    if key in frame.container:
        first = frame.pos.keys[key]
        raise LoadError("YML002", f"duplicate key '{key}'", span,
                        f"'{key}' is already set at line {first.line}; keep one of them")
    frame.key, frame.key_span = key, span


def apply_merges(frame: _Frame) -> None:
    """YAML merge keys (``<<: *base``): explicit keys win, earlier merges win over later ones."""
    assert isinstance(frame.container, dict) and isinstance(frame.pos.children, dict)
    assert frame.pos.keys is not None
    for value, pos, span in frame.merges:
        if isinstance(value, list) and isinstance(pos, Pos):
            children = pos.children if isinstance(pos.children, list) else []
            sources: list[tuple[Any, Pos | Span]] = list(zip(value, children, strict=False))
        else:
            sources = [(value, pos)]
        for source, source_pos in sources:
            if not isinstance(source, dict) or not isinstance(source_pos, Pos) or not isinstance(
                    source_pos.children, dict):
                raise LoadError("YML001", "a merge key '<<' takes a mapping or a list of mappings", span,
                                "merge an anchored mapping: <<: *base")
            for key, item in source.items():
                if key not in frame.container:
                    frame.container[key] = item
                    frame.pos.children[key] = source_pos.children[key]
                    frame.pos.keys[key] = (source_pos.keys or {}).get(key, span)


def modeline(text: str) -> str | None:
    """The ``# yaml-language-server: $schema=...`` modeline that opens the file, if any."""
    match = re.match(r"\A\s*#\s*yaml-language-server:\s*\$schema=(\S+)", text)
    return match.group(1) if match else None

