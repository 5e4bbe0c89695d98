"""The loader's fast path: a native YAML parser (yaml-rs, the ``fast`` extra) for files the positioned
loader would accept without a word, the positioned loader for everything else.

Most files of a corpus are well-formed and unremarkable; for those the positioned loader's only product
beyond the data is the position tree, which nobody reads unless a later stage has something to say about
the file. The fast path therefore builds the data natively and leaves the positions to be composed on
demand (``Document.root``), by the positioned loader, from the same text.

It must never accept what the positioned loader refuses or read a value differently, so it only decides a
file when it can be sure, and hands the file to the positioned loader otherwise:

- before parsing, the text is refused by pattern when it uses YAML that the two parsers read differently or
  that the positioned loader refuses: node properties (anchors and so aliases, tags), merge keys, document markers
  and directives, escapes, and numbers with ``_`` or ``0b`` (yaml-rs reads ``1_000`` as 1000, YAML 1.2 core
  as text);
- any error of the native parser (syntax, a duplicate key) goes to the positioned loader, which words it;
- after parsing, one walk over the data refuses what only the values show: a key that is not a string, a
  YAML 1.1 boolean word (YML010 is the positioned loader's to place), text not in NFC, a number that is not
  finite or an integer past 64 bits, nesting past the depth bound, more values than the value bound, an
  empty document.

The differential tests (``tests/validator/test_fast_load.py``) hold both paths to the same data and the same
verdict over the corpus, ``tests/bad``, the fuzzer's mutants and generated documents.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Callable
from functools import cache
from typing import Any

from admiralty.validator.load.positions import Document, LoadResult, Pos, Span
from admiralty.validator.load.scalars import YAML11_BOOLEANS

# YAML the fast path leaves to the positioned loader (see the module's docstring). A node property starts a
# node, so it follows a line start, a space, a flow indicator or ':'; overmatching only costs that file the
# slow path; so do the line breaks of YAML 1.1 that YAML 1.2 reads as text (U+2028, U+2029) and signed hex or
# octal (yaml-rs reads -0x1 as -1, the core schema as text). Aliases need no pattern: without an anchor
# ('&name') every alias is unknown, which yaml-rs refuses as the positioned loader does, so a Markdown
# '*Novara*' in a briefing keeps the fast path.
_NOT_FOR_NATIVE = re.compile(r"(?:^|[\s\[{,:?-])(?:!|&[^\s,\[\]{}])|<<|\\|[0-9]_|_[0-9]|0b|[-+]0[xXoO]"
                             r"|^(?:---|\.\.\.|%)|[\u2028\u2029]", re.MULTILINE)
_INT64 = range(-(2 ** 63), 2 ** 63)
# What makes the exact walk of every value necessary: a YAML 1.1 word standing as a whole scalar (after a line
# start or an indicator, before a line end or an indicator), or a run of digits long enough to pass 64 bits.
# Text without either (and in NFC) needs only the walk of its collections (``plain_shape``).
_NEEDS_EXACT_WALK = re.compile(r"(?:^|[:\-\[{,?\r])[ \t]*(?:[yY]es|YES|[nN]o|NO|[oO]n|ON|[oO]ff|OFF)"
                               r"[ \t]*(?:$|[,\]}:#\r])|[0-9a-fA-F]{16}", re.MULTILINE)
_CONTAINERS = (dict, list)


@cache
def native_loads() -> Callable[[str], Any] | None:
    """yaml-rs's ``loads`` (duplicate keys refused, dates left as text), or None when it is not installed."""
    try:
        import yaml_rs
    except ImportError:
        return None
    policy = yaml_rs.DuplicateKeyPolicy.Error

    def loads(text: str) -> Any:
        return yaml_rs.loads(text, parse_datetime=False, duplicate_key_policy=policy)

    return loads


class Reposition:
    """Composes a fast-loaded document's position tree on demand with the positioned loader (picklable, so
    that a document crosses to and from a worker process)."""

    __slots__ = ("display", "text")

    def __init__(self, text: str, display: str) -> None:
        self.text, self.display = text, display

    def __call__(self) -> Pos:
        from admiralty.validator.load.reader import load_text

        result = load_text(self.text, self.display, native=False)
        if result.document is None:  # cannot happen for a text the fast path accepted; stay positioned
            return Pos(Span(1, 1, 1, 1))
        return result.document.root

    def __reduce__(self) -> tuple[type[Reposition], tuple[str, str]]:
        return Reposition, (self.text, self.display)


def fast_load(text: str, display: str, *, max_depth: int, max_values: int) -> LoadResult | None:
    """The document loaded natively, positions composed on demand; None when the positioned loader must
    decide (see the module's docstring). ``text`` has passed ``scan_text`` already."""
    loads = native_loads()
    if loads is None or _NOT_FOR_NATIVE.search(text):
        return None
    try:
        data = loads(text)
    except Exception:  # any refusal of the native parser is the positioned loader's to word
        return None
    if data is None or not plain(data, text, max_depth, max_values):
        return None
    from admiralty.validator.load.composer import modeline

    return LoadResult(Document(display, data, Reposition(text, display), [], modeline(text)), [])


def plain(data: Any, text: str, max_depth: int, max_values: int) -> bool:
    """True when every value is one the positioned loader reads the same way and accepts without a word: by
    ``plain_data`` when the text needs it, else by the cheaper ``plain_shape`` (the scalars need no visit)."""
    if _NEEDS_EXACT_WALK.search(text) or not (text.isascii() or unicodedata.is_normalized("NFC", text)):
        return plain_data(data, max_depth, max_values)
    return plain_shape(data, max_depth, max_values)


def plain_shape(data: Any, max_depth: int, max_values: int) -> bool:
    """``plain_data`` for a text whose every string is in NFC and no YAML 1.1 word, and whose integers fit in 64
    bits (``_NEEDS_EXACT_WALK`` found none): only the collections are visited (depth, keys, the value count),
    and the numbers are checked finite by the JSON encoder, in C."""
    if data.__class__ not in _CONTAINERS:
        return plain_scalar(data)
    stack: list[tuple[Any, int]] = [(data, 1)]
    values = 1
    while stack:
        value, depth = stack.pop()
        if depth > max_depth:
            return False
        if value.__class__ is dict:
            if not all(key.__class__ is str for key in value):
                return False
            values += 2 * len(value)
            children = value.values()
        else:
            values += len(value)
            children = value
        stack.extend((child, depth + 1) for child in children if child.__class__ in _CONTAINERS)
    if values > max_values:
        return False
    try:
        json.dumps(data, allow_nan=False)
    except (ValueError, TypeError):  # .inf, .nan, 1e999 (and anything not JSON, though no tag reaches here)
        return False
    return True


def plain_data(data: Any, max_depth: int, max_values: int) -> bool:
    """True when every value is one the positioned loader reads the same way and accepts without a word."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    values = 0
    while stack:
        value, depth = stack.pop()
        values += 1
        kind = value.__class__
        if kind is dict:
            if depth > max_depth:
                return False
            for key, item in value.items():
                if key.__class__ is not str or not plain_text(key):
                    return False
                values += 1
                stack.append((item, depth + 1))
        elif kind is list:
            if depth > max_depth:
                return False
            stack.extend((item, depth + 1) for item in value)
        elif not plain_scalar(value):
            return False
    return values <= max_values


def plain_text(text: str) -> bool:
    """Not a YAML 1.1 boolean word (YML010 is the positioned loader's to place), and in NFC if not ASCII (the
    positioned loader normalises such text; a file that needs it is left to it)."""
    return text not in YAML11_BOOLEANS and (text.isascii() or unicodedata.is_normalized("NFC", text))


def plain_scalar(value: Any) -> bool:
    """A scalar the core schema reads: text (see ``plain_text``), a 64-bit integer, a finite number, a
    boolean, null; never a set, bytes or a date."""
    kind = value.__class__
    if kind is str:
        return plain_text(value)
    if kind is int:
        return value in _INT64
    if kind is float:
        return math.isfinite(value)
    return kind is bool or value is None
