"""Safe, bounded, positioned YAML loading.

PyYAML's C parser produces events; this module builds plain Python data (dict, list, str, int, float,
bool, None) from them with an explicit stack, so that every key and value keeps its line and column, and
so that every hostile input ends in a diagnostic: syntax errors, duplicate and non-string keys, tags
beyond the core schema, alias expansion past a bound (billion laughs), nesting past a bound (the stack is
ours, never Python's recursion), files past a size bound, bytes that are not UTF-8, empty files.

Plain scalars resolve by the YAML 1.2 core schema, as editors do: ``NO`` stays the string ``"NO"`` rather
than silently becoming ``false`` as under YAML 1.1. Plain scalars that a YAML 1.1 reader would take for a
boolean are remembered, so that the schema stage can report them wherever they matter.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import yaml

from admiralty.validator.diagnostics import Diagnostic, Severity, register

try:  # the C parser is a hard requirement for speed, but fall back rather than crash
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - only on a PyYAML built without libyaml
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

PathPart = str | int

MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 500_000
MAX_VALUES = 100_000  # values written out: the largest corpus map has 1,338; 100,000 load in under a second

register("YML001", "YAML syntax error", "The file is not well-formed YAML; the parser stopped here.",
         wrong="fleets: [fleet-1, fleet-2", right="fleets: [fleet-1, fleet-2]")
register("YML002", "Duplicate key", "A mapping has the same key twice; YAML readers disagree on which "
         "value wins, so admiralty refuses both.", wrong="id: a\nid: b", right="id: a")
register("YML003", "Key is not a string", "Every key must be a string. A plain `1`, `true` or `null` "
         "key is read as a number, boolean or null; quote it.", wrong="1: first", right='"1": first')
register("YML004", "Tag not allowed", "Only the core schema's tags are allowed (`!!str`, `!!int`, "
         "`!!float`, `!!bool`, `!!null`, `!!seq`, `!!map`); `!!python/...` and custom tags could make a "
         "reader run code.", wrong="x: !!python/object:os.system ls", right="x: ls")
register("YML005", "Alias expansion too large", f"Aliases would expand the document past {MAX_NODES:,} "
         "nodes (the \"billion laughs\" attack). Write the repeated data out, or repeat less.",
         wrong="a: &a [x, x]\nb: &b [*a, *a]\n# ...nine levels deep", right="a: [x, x]")
register("YML006", "Nesting too deep", f"Collections nest deeper than {MAX_DEPTH} levels; no admiralty "
         "document needs that.", wrong="[[[[[[ ... ]]]]]]", right="[x]")
register("YML007", "File too large", f"The file is larger than {MAX_BYTES // (1024 * 1024)} MiB; "
         "admiralty documents are small. Split it.", wrong="(a 50 MB file)", right="(a file under the bound)")
register("YML008", "Not UTF-8", "The file contains bytes that are not UTF-8. Save it as UTF-8.",
         wrong="name: Tegetth\\xf6ff  (Latin-1)", right="name: Tegetthöff  (UTF-8)")
register("YML009", "Empty document", "The file holds no YAML document (it is empty or only comments).",
         wrong="# nothing here", right="kind: map\nruleset: dreadnought\n...")
register("YML010", "YAML 1.1 boolean word", "A plain `yes`, `no`, `on` or `off` is a string "
         "to admiralty and to editors (YAML 1.2), but a boolean to YAML 1.1 readers such as PyYAML: the "
         "nation code `NO` would become `false`. Quote it where you mean text; write `true`/`false` where "
         "you mean a boolean.", wrong="nations: [NO]", right='nations: ["NO"]', severity=Severity.WARNING)
register("YML011", "Number not finite", "`.nan` and `.inf` are not numbers any rule can use.",
         wrong="hull: .inf", right="hull: 12")
register("YML013", "Integer too large", "An integer must fit in 64 bits (from -9223372036854775808 to "
         "9223372036854775807); no rule needs a larger one, and larger ones break the tools that read the "
         "document after admiralty.", wrong="hull: 99999999999999999999999", right="hull: 12")
register("YML014", "Document too large", f"The document holds more than {MAX_VALUES:,} values (every number, "
         "string, list and mapping counts). Loading and checking grow with the values, so the bound keeps every "
         "file within time and memory; no admiralty document needs that many. Simplify the polygons (fewer "
         "vertices) or split the file.", wrong="land:\n  - polygon: [[0, 0], ...a million vertices...]",
         right="land:\n  - polygon: [[0, 0], ...a few hundred vertices...]")
register("YML012", "More than one document", "A file holds exactly one document; split the others "
         "into their own files.", wrong="kind: map\n---\nkind: ships", right="kind: map")
register("IO001", "File cannot be read", "The path does not exist, is not a regular file, or cannot be "
         "read.", wrong="admiralty validate scenario/", right="admiralty validate scenarios/")

_CORE_TAG = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_CORE_TAG + t for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"^[-+]?[0-9]+$")
_OCT = re.compile(r"^0o[0-7]+$")
_HEX = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")
# The words PyYAML (a YAML 1.1 reader) takes for booleans.
YAML11_BOOLEANS = frozenset(["yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"])


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
    """A loaded file: its plain data and the positions of everything in it."""

    file: str
    data: Any
    root: Pos
    yaml11_booleans: list[tuple[PathPart, ...]] = field(default_factory=list)
    modeline: str | None = None

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


class _LoadError(Exception):
    def __init__(self, code: str, message: str, span: Span, hint: str = "") -> None:
        super().__init__(message)
        self.code, self.message, self.span, self.hint = code, message, span, hint


def _span(event: Any) -> Span:
    s, e = event.start_mark, event.end_mark
    return Span(s.line + 1, s.column + 1, e.line + 1, e.column + 1)


def _point(mark: Any) -> Span:
    return Span(mark.line + 1, mark.column + 1, mark.line + 1, mark.column + 1)


def json_path(path: Sequence[PathPart]) -> str:
    """``$.sides[0].fleets[1].id`` style rendering of a path."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", part):
            out += "." + part
        else:
            out += "[" + repr(part) + "]"
    return out


def _resolve_scalar(event: Any, span: Span) -> tuple[Any, bool]:
    """The value of a scalar event under the YAML 1.2 core schema; the flag says "YAML 1.1 boolean"."""
    value: str = event.value
    tag = event.tag
    plain = not event.style and (tag is None or tag == "!")
    if tag is not None and tag != "!":
        if tag not in _ALLOWED_TAGS:
            raise _LoadError("YML004", f"tag '{tag}' is not allowed", span,
                             "only the core schema's tags are allowed; remove the tag")
        kind = tag[len(_CORE_TAG):]
        if kind == "str":
            return value, False
        resolved, _ = _resolve_plain(value, span)
        expected = _TAG_TYPES.get(kind)
        if expected is None or not isinstance(resolved, expected) or (kind == "int" and isinstance(
                resolved, bool)):
            raise _LoadError("YML004", f"'{value}' is not a valid !!{kind}", span, "remove the tag or fix the value")
        return (float(resolved) if kind == "float" and isinstance(resolved, int | float) else resolved), False
    if not plain:
        return value, False
    return _resolve_plain(value, span)


_TAG_TYPES: dict[str, type | tuple[type, ...]] = {"int": int, "float": (int, float), "bool": bool,
                                                  "null": type(None)}
_MAYBE_NOT_TEXT = frozenset("-+.0123456789~nNtTfFyYoO")


def _resolve_plain(value: str, span: Span) -> tuple[Any, bool]:
    if value and value[0] not in _MAYBE_NOT_TEXT:  # most text: no pattern can match, skip them all
        return value, False
    if _NULL.match(value):
        return None, False
    if value in _BOOL:
        return _BOOL[value], False
    if _INT.match(value):
        return _integer(value, value, 10, span), False
    if _OCT.match(value):
        return _integer(value, value[2:], 8, span), False
    if _HEX.match(value):
        return _integer(value, value[2:], 16, span), False
    if _FLOAT.match(value):
        number = float(value)
        if math.isinf(number):  # finite digits, but past the largest float: as useless as .inf
            raise _LoadError("YML011", f"'{_short(value)}' is too large to be a finite number", span,
                             "write a finite number")
        return number, False
    if _INF.match(value) or _NAN.match(value):
        raise _LoadError("YML011", f"'{value}' is not a finite number", span, "write a finite number")
    return value, value in YAML11_BOOLEANS


def _short(text: str) -> str:
    return text if len(text) <= 24 else f"{text[:12]}...{text[-4:]} ({len(text)} characters)"


def _integer(text: str, digits: str, base: int, span: Span) -> int:
    """The integer, when it fits in 64 bits. Never converts thousands of digits: Python refuses past 4,300
    decimal digits, and a long run of digits is what an attacker writes to make a reader spin."""
    number = int(digits, base) if len(digits.lstrip("+-0")) <= 64 else None
    if number is None or not -(2 ** 63) <= number < 2 ** 63:
        raise _LoadError("YML013", f"the integer '{_short(text)}' does not fit in 64 bits", span,
                         "write a number between -9223372036854775808 and 9223372036854775807")
    return number


class _Frame:
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


_NO_KEY = object()
_MERGE = object()


def _read_text(path: str, display: str, max_bytes: int) -> tuple[str | None, list[Diagnostic]]:
    def fail(code: str, message: str, hint: str, line: int = 1, column: int = 1) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic(code, message, display, line, column, hint=hint)]

    try:
        if not os.path.isfile(path):
            return fail("IO001", "not a readable file", "check the path")
        size = os.path.getsize(path)
        if size > max_bytes:
            return fail("YML007", f"file is {size:,} bytes, over the bound of {max_bytes:,}",
                        "admiralty documents are small; split the file or remove the junk")
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as error:
        return fail("IO001", f"cannot read the file: {error.strerror}", "check the path and its permissions")
    return _decode(raw, display, max_bytes)


def _decode(raw: bytes, display: str, max_bytes: int) -> tuple[str | None, list[Diagnostic]]:
    def fail(code: str, message: str, hint: str, line: int = 1, column: int = 1) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic(code, message, display, line, column, hint=hint)]

    if len(raw) > max_bytes:
        return fail("YML007", f"file is over the bound of {max_bytes:,} bytes", "split the file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        return fail("YML008", f"byte 0x{raw[error.start]:02x} at offset {error.start} is not UTF-8",
                    "save the file as UTF-8", line, column)
    return text, []


def load_file(path: str, display: str | None = None, *, max_bytes: int = MAX_BYTES,
              max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES, max_values: int = MAX_VALUES) -> LoadResult:
    """Load one YAML file into a positioned ``Document``, or explain why not."""
    display = display or path
    text, problems = _read_text(path, display, max_bytes)
    if text is None:
        return LoadResult(None, problems)
    return load_text(text, display, max_depth=max_depth, max_nodes=max_nodes, max_values=max_values)


def load_bytes(raw: bytes, display: str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
               max_nodes: int = MAX_NODES, max_values: int = MAX_VALUES) -> LoadResult:
    """Load a file's bytes already in memory (see ``load_file``): the same size bound and UTF-8 check."""
    text, problems = _decode(raw, display, max_bytes)
    if text is None:
        return LoadResult(None, problems)
    return load_text(text, display, max_depth=max_depth, max_nodes=max_nodes, max_values=max_values)


def load_text(text: str, display: str, *, max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES,
              max_values: int = MAX_VALUES) -> LoadResult:
    """Load YAML text (see ``load_file``)."""
    try:
        return _build(text, display, max_depth, max_nodes, max_values)
    except _LoadError as error:
        s = error.span
        return LoadResult(None, [Diagnostic(error.code, error.message, display, s.line, s.column, s.end_line,
                                            s.end_column, hint=error.hint)])
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        message = " ".join(str(p) for p in (error.context, error.problem) if p) or "YAML syntax error"
        if "nesting depth" in message:  # libyaml's own depth guard fired before ours could
            return LoadResult(None, [Diagnostic("YML006", f"collections nest deeper than libyaml allows ({message})",
                                                display, line, column, hint="flatten the structure")])
        return LoadResult(None, [Diagnostic("YML001", message, display, line, column,
                                            hint="fix the YAML syntax at this point (indentation, quotes, "
                                                 "brackets, a missing ': ')")])
    except yaml.YAMLError as error:  # reader errors: control characters and the like
        position = getattr(error, "position", None)
        line, column = 1, 1
        if isinstance(position, int):
            line = text.count("\n", 0, position) + 1
            column = position - (text.rfind("\n", 0, position) + 1) + 1
        reason = getattr(error, "reason", None) or str(error).splitlines()[0]
        return LoadResult(None, [Diagnostic("YML001", f"unreadable character: {reason}", display, line, column,
                                            hint="remove control characters from the file")])


def _modeline(text: str) -> str | None:
    match = re.match(r"\A\s*#\s*yaml-language-server:\s*\$schema=(\S+)", text)
    return match.group(1) if match else None


def _build(text: str, display: str, max_depth: int, max_nodes: int, max_values: int) -> LoadResult:
    stack: list[_Frame] = []
    anchors: dict[str, tuple[Any, Pos | Span, int]] = {}
    yaml11: list[tuple[PathPart, ...]] = []
    warnings: list[Diagnostic] = []
    root: tuple[Any, Pos | Span] | None = None
    documents = 0
    expanded = 0
    written = 0

    def path_here() -> tuple[PathPart, ...]:
        parts: list[PathPart] = []
        for frame in stack:
            if isinstance(frame.container, list):
                parts.append(len(frame.container))
            elif frame.key is not _NO_KEY and frame.key is not _MERGE:
                parts.append(frame.key)
        return tuple(parts)

    def attach(value: Any, pos: Pos | Span, size: int) -> None:
        nonlocal root, expanded
        if not stack:
            root = (value, pos)
            return
        frame = stack[-1]
        frame.size += size
        if isinstance(frame.container, list):
            frame.container.append(value)
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
            frame.container[frame.key] = value
            assert isinstance(frame.pos.children, dict) and frame.pos.keys is not None
            frame.pos.children[frame.key] = pos
            frame.pos.keys[frame.key] = frame.key_span or span
        frame.key = _NO_KEY

    def _take_key(frame: _Frame, key: Any, span: Span) -> None:
        if key is _MERGE:
            frame.key, frame.key_span = _MERGE, span
            return
        if not isinstance(key, str):
            shown = "a collection" if isinstance(key, dict | list) else f"'{key}' ({type(key).__name__})"
            raise _LoadError("YML003", f"key {shown} is not a string", span,
                             "quote the key, e.g. \"1\": ..." if not isinstance(key, dict | list) else
                             "use a plain string as the key")
        assert isinstance(frame.container, dict) and frame.pos.keys is not None
        if key in frame.container:
            first = frame.pos.keys[key]
            raise _LoadError("YML002", f"duplicate key '{key}'", span,
                             f"'{key}' is already set at line {first.line}; keep one of them")
        frame.key, frame.key_span = key, span

    scalar_event = yaml.ScalarEvent

    def _handle(event: Any) -> None:
        nonlocal documents, expanded, written

        is_scalar = event.__class__ is scalar_event  # most events: checked first, by identity (a hot loop)
        if is_scalar or isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            written += 1
            if written > max_values:
                raise _LoadError("YML014", f"the document holds more than {max_values:,} values", _span(event),
                                 "admiralty documents are small: simplify the polygons or split the file")
        if is_scalar:
            start, end = event.start_mark, event.end_mark
            span = Span(start.line + 1, start.column + 1, end.line + 1, end.column + 1)
            top = stack[-1] if stack else None
            in_key_slot = top is not None and top.key is _NO_KEY and top.container.__class__ is dict
            if in_key_slot and event.value == "<<" and not event.style and event.tag in (None, "!"):
                value: Any = _MERGE
                flagged = False
            elif event.style and event.tag is None:  # quoted text: nothing to resolve
                value, flagged = event.value, False
            else:
                value, flagged = _resolve_scalar(event, span)
            if flagged:
                where = path_here()
                if in_key_slot:
                    warnings.append(Diagnostic("YML010", f"key '{value}' is a boolean to YAML 1.1 readers",
                                               display, span.line, span.column, hint=f'quote it: "{value}"',
                                               severity=Severity.WARNING))
                else:
                    yaml11.append(where)
            if event.anchor:
                anchors[event.anchor] = (value, span, 1)
            attach(value, span, 1)
        elif isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            span = _span(event)
            if event.tag not in (None, "!", _CORE_TAG + "map", _CORE_TAG + "seq"):
                raise _LoadError("YML004", f"tag '{event.tag}' is not allowed", span,
                                 "only the core schema's tags are allowed; remove the tag")
            if len(stack) >= max_depth:
                raise _LoadError("YML006", f"collections nest deeper than {max_depth} levels", span,
                                 "flatten the structure")
            if isinstance(event, yaml.MappingStartEvent):
                frame = _Frame({}, Pos(span, {}, {}), span, event.anchor)
            else:
                frame = _Frame([], Pos(span, []), span, event.anchor)
            stack.append(frame)
        elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            frame = stack.pop()
            end = _span(event)
            frame.pos.span = Span(frame.start.line, frame.start.column, end.end_line, end.end_column)
            if frame.merges:
                _apply_merges(frame)
            if frame.anchor:
                anchors[frame.anchor] = (frame.container, frame.pos, frame.size)
            attach(frame.container, frame.pos, frame.size)
        elif isinstance(event, yaml.AliasEvent):
            span = _span(event)
            if event.anchor not in anchors:
                raise _LoadError("YML001", f"unknown alias '*{event.anchor}'", span, "define the anchor first")
            value, pos, size = anchors[event.anchor]
            expanded += size
            if expanded > max_nodes:
                raise _LoadError("YML005", f"aliases expand the document past {max_nodes:,} nodes", span,
                                 "write the data out instead of nesting aliases")
            if stack and isinstance(stack[-1].container, dict) and stack[-1].key is _NO_KEY:
                raise _LoadError("YML003", "an alias cannot be used as a key", span, "write the key out")
            attach(value, pos, size)
        elif isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise _LoadError("YML012", "the file holds more than one YAML document", _point(event.start_mark),
                                 "put each document in its own file")
    parser = _Loader(text)
    try:
        while (event := parser.get_event()) is not None:
            _handle(event)
    finally:
        parser.dispose()
    if root is None or root[0] is None:
        return LoadResult(None, [Diagnostic("YML009", "the file holds no YAML document", display,
                                            hint="start with `kind:` and `ruleset:`")])
    root_pos = root[1] if isinstance(root[1], Pos) else Pos(root[1])
    document = Document(display, root[0], root_pos, yaml11, _modeline(text))
    return LoadResult(document, warnings)


def _apply_merges(frame: _Frame) -> None:
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
                raise _LoadError("YML001", "a merge key '<<' takes a mapping or a list of mappings", span,
                                 "merge an anchored mapping: <<: *base")
            for key, item in source.items():
                if key not in frame.container:
                    frame.container[key] = item
                    frame.pos.children[key] = source_pos.children[key]
                    frame.pos.keys[key] = (source_pos.keys or {}).get(key, span)
