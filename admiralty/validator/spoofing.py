"""Text a reviewer can trust: invisible and control characters, mixed scripts, confusable names (issue 19).

A pull request shows a reviewer the characters that render. A right-to-left override, a zero-width space, a
control character or a Cyrillic letter standing in for a Latin one does not show, or shows as its twin, so a
document could say one thing to the reviewer and another to admiralty (the "Trojan Source" class of attack).

- TXT001-TXT003: bidirectional controls, other default-ignorable (invisible) code points, and C0/C1 control
  characters are refused anywhere in a file (names, prose, comments), at their line and column, naming the code
  point; also where a double-quoted escape (``"\\u202e"``) writes one into a value.
- TXT004: two names of one namespace (the same property of the same kind of document, across the corpus) whose
  Unicode TR39 skeletons are equal but whose texts differ: ``Novara`` and ``Nоvara`` (Cyrillic ``о``). Blank
  characters (White_Space, U+2800, the Hangul fillers) fold to one space and count for nothing at either end, and
  invisible ones for nothing at all: ``Balaton`` and ``Balaton`` + NBSP are one name to a reader.
- TXT006: U+2028 and U+2029, line breaks to YAML 1.1 and text to YAML 1.2, anywhere, typed or escaped.
- TXT005: one word that mixes Latin, Cyrillic and Greek letters. A name written wholly in one script (a Russian
  or Greek ship name) is accepted.

The skeletons use the source -> prototype mapping of Unicode's confusables.txt, vendored as package data
(``unicode/confusables.tsv``, Unicode License in ``unicode/LICENSE.unicode``). Display text is NFC-normalised
by the loader before any of this, so a name written decomposed equals the same name written composed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from importlib import resources

from admiralty.validator.diagnostics import Diagnostic

_SEPARATORS = frozenset("\u2028\u2029")
_BIDI = frozenset([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
# Default_Ignorable_Code_Point (Unicode DerivedCoreProperties), the bidi controls among them excepted above.
_IGNORABLE_RANGES = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
                     (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
                     (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
                     (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
_ALLOWED_CONTROLS = frozenset("\t\n\r")
_SUSPECT = re.compile("[" + "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in _IGNORABLE_RANGES)
                      + "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]")
_BREAK = re.compile("\r\n|\r|\n|\u2028|\u2029")  # the line breaks libyaml counts (NEL is refused before)
_MAX_REPORTED = 20
_LETTER_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
_WORD = re.compile(r"[^\W\d_]+")


def code_point(char: str) -> str:
    """``U+202E RIGHT-TO-LEFT OVERRIDE``; control characters, which have no name, by their abbreviation."""
    name = unicodedata.name(char, "") or ("<control>" if unicodedata.category(char) == "Cc" else "<unnamed>")
    return f"U+{ord(char):04X} {name}"


def classify(char: str) -> str | None:
    """The code for a character no text may hold (TXT001-TXT003), or None."""
    number = ord(char)
    if number in _BIDI:
        return "TXT001"
    if char in _SEPARATORS:
        return "TXT006"
    if unicodedata.category(char) == "Cc":
        return None if char in _ALLOWED_CONTROLS else "TXT003"
    if any(low <= number <= high for low, high in _IGNORABLE_RANGES):
        return "TXT002"
    return None


_WHAT = {"TXT001": ("bidirectional control", "it reorders the text around it as shown; delete it"),
         "TXT002": ("invisible character", "it shows as nothing but makes the text differ; delete it"),
         "TXT003": ("control character", "delete it"),
         "TXT006": ("line or paragraph separator", "YAML readers disagree on it; use a plain line break")}


def scan_text(text: str, display: str) -> list[Diagnostic]:
    """Every forbidden character of a file's text at its line and column (the first twenty)."""
    if text.isascii() and not _SUSPECT.search(text):
        return []
    found: list[Diagnostic] = []
    starts = [0] + [m.end() for m in _BREAK.finditer(text)]
    line = 0
    for match in _SUSPECT.finditer(text):
        char = match.group()
        code = classify(char)
        if code is None:
            continue
        while line + 1 < len(starts) and starts[line + 1] <= match.start():
            line += 1
        what, hint = _WHAT[code]
        found.append(Diagnostic(code, f"{what} {code_point(char)}", display, line + 1, match.start() - starts[line] + 1,
                                hint=hint))
        if len(found) >= _MAX_REPORTED:
            break
    return found


def escaped_character(value: str) -> tuple[str, str] | None:
    """The code and character of the first forbidden character in a decoded value (an escape wrote it)."""
    for char in value:
        if not char.isascii() or (char < " " and char not in _ALLOWED_CONTROLS) or char == "\x7f":
            code = classify(char)
            if code is not None:
                return code, char
    return None


_NAMED_ESCAPES = {"\x00": "0", "\x07": "a", "\x08": "b", "\x0b": "v", "\x0c": "f", "\x1b": "e", "\x85": "N",
                  "\u2028": "L", "\u2029": "P"}


def escape_offset(source: str, char: str) -> int:
    """Where in a double-quoted scalar's source the escape writing ``char`` starts (-1 when not found, as when
    the escape sits on a continuation line)."""
    number = ord(char)
    forms = [f"\\U{number:08x}"]
    if number < 0x10000:
        forms.append(f"\\u{number:04x}")
    if number < 0x100:
        forms.append(f"\\x{number:02x}")
    lowered = source.lower()
    hits = [lowered.find(form.lower()) for form in forms]
    if char in _NAMED_ESCAPES:
        hits.append(source.find("\\" + _NAMED_ESCAPES[char]))
    found = [hit for hit in hits if hit >= 0]
    if not found:
        return -1
    first = min(found)
    return -1 if "\n" in source[:first] or "\r" in source[:first] else first


# -- skeletons -----------------------------------------------------------------------------------------------


@cache
def _prototypes() -> dict[str, str]:
    table: dict[str, str] = {}
    text = resources.files("admiralty.validator").joinpath("unicode/confusables.tsv").read_text(encoding="utf-8")
    for row in text.splitlines():
        if row and not row.startswith("#"):
            source, target = row.split("\t")
            table[chr(int(source, 16))] = "".join(chr(int(part, 16)) for part in target.split())
    return table


@lru_cache(maxsize=1 << 16)  # names repeat across a corpus; a long-lived server keeps a bound
def skeleton(text: str) -> str:
    """The TR39 skeleton: NFD, each character replaced by its prototype, NFD again."""
    table = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(char, char) for char in decomposed))


# What shows as blank space: Unicode White_Space (PropList.txt, with the separators str.isspace adds), U+2800 BRAILLE
# PATTERN BLANK, and the Hangul fillers (Default_Ignorable, but drawn as an empty cell). Look-alike names fold each
# run of them to one space and drop them at either end; every other Default_Ignorable code point is dropped.
_BLANKS = re.compile("[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
                     "\u2800\u115f\u1160\u3164\uffa0]+")
_INVISIBLE = re.compile("[" + "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in _IGNORABLE_RANGES) + "]+")


def _fold(text: str) -> str:
    return _INVISIBLE.sub("", _BLANKS.sub(" ", text)).strip(" ")


@lru_cache(maxsize=1 << 16)
def look_alike_key(text: str) -> str:
    """What two names must differ in to be told apart: the TR39 skeleton of the text with every run of blank
    characters one space, none at either end, and invisible ones gone (issue 35: ``Balaton`` with a trailing
    NBSP, U+2800, U+3000 or space showed as a second ``Balaton``)."""
    return _fold(skeleton(_fold(text)))


def script_of(char: str) -> str | None:
    """Latin, Cyrillic or Greek for a letter of those scripts; None for anything else."""
    name = unicodedata.name(char, "")
    return next((script for script in _LETTER_SCRIPTS if name.startswith(script)), None)


def mixed_script_word(text: str) -> tuple[str, str, int] | None:
    """The first word mixing Latin, Cyrillic or Greek letters: the word, the odd character, its index."""
    if text.isascii():
        return None
    for match in _WORD.finditer(text):
        scripts = [script_of(char) for char in match.group()]
        present = [s for s in scripts if s is not None]
        if len(set(present)) < 2:
            continue
        majority = max(set(present), key=present.count)
        odd = next(i for i, s in enumerate(scripts) if s is not None and s != majority)
        return match.group(), match.group()[odd], match.start() + odd
    return None


def differences(first: str, second: str) -> str:
    """Where two look-alike texts differ, by code point: ``'о' (U+043E CYRILLIC SMALL LETTER O) for 'o'``."""
    for a, b in zip(first, second, strict=False):
        if a != b:
            return f"'{b}' ({code_point(b)}) where the other has '{a}' ({code_point(a)})"
    longer = first if len(first) > len(second) else second
    extra = longer[min(len(first), len(second))]
    return f"one has an extra {code_point(extra)}"


# -- names of the corpus ---------------------------------------------------------------------------------------

NAME_KEYS = frozenset(["name", "title", "id"])
Named = tuple[str, tuple[str | int, ...], str]  # (file, path, text)


def names_of(data: object) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every string under a ``name``, ``title`` or ``id`` key, with its path."""
    stack: list[tuple[tuple[str | int, ...], object]] = [((), data)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, str) and key in NAME_KEYS:
                    yield (*path, key), value
                elif isinstance(value, dict | list):
                    stack.append(((*path, key), value))
        elif isinstance(node, list):
            stack.extend(((*path, index), item) for index, item in enumerate(node) if isinstance(item, dict | list))


def namespace(ruleset: str, kind: str, path: tuple[str | int, ...]) -> tuple[str, ...]:
    """A name's namespace: the rule system, the document kind, and the path with list positions left out."""
    return (ruleset, kind, *(part for part in path if isinstance(part, str)))


def confusable_pairs(names: Iterable[tuple[tuple[str, ...], Named]]) -> Iterator[tuple[Named, Named]]:
    """(look-alike, name it looks like) for the names of a namespace whose look-alike keys (skeletons, blanks
    folded) are equal and texts differ.
    A text that is its own skeleton (``Saida``, ``Hornet``) is the plain one and is not reported; the others
    (``Ѕаіԁа``, ``Homet``) are, each against the plain one. When none is plain, every one is reported."""
    groups: dict[tuple[tuple[str, ...], str], list[Named]] = {}
    for space, named in names:
        groups.setdefault((space, look_alike_key(named[2])), []).append(named)
    for (_, shape), members in groups.items():
        firsts: dict[str, Named] = {}
        for named in members:
            firsts.setdefault(named[2], named)
        if len(firsts) < 2:
            continue
        plain = [named for text, named in firsts.items() if unicodedata.normalize("NFD", text) == shape]
        for named in members:
            if plain and named[2] == plain[0][2]:
                continue
            yield named, plain[0] if plain else next(other for text, other in firsts.items() if text != named[2])
