"""Paths into loaded YAML data, and the values a careless or hostile author writes.

Data mutations work on a *box*: a one-item list holding the document, so that even the root can be
replaced. Paths start with ``0`` (the document itself).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

PathPart = str | int
Path = tuple[PathPart, ...]
MAX_NODES = 20_000  # enough for the largest map; a mutant grown past it is mutated in its first part only


@dataclass(frozen=True)
class Raw:
    """A scalar written into the YAML text as is (``1e999``, five thousand digits, ``.NaN``): text that
    no Python value dumps to."""

    text: str


def nodes(box: list[Any]) -> list[tuple[Path, Any]]:
    """Every node under the box, in document order, as (path, value)."""
    out: list[tuple[Path, Any]] = []
    stack: list[tuple[Path, Any, frozenset[int]]] = [((0,), box[0], frozenset())]
    while stack and len(out) < MAX_NODES:
        path, value, above = stack.pop()
        out.append((path, value))
        if isinstance(value, dict | list):
            if id(value) in above:  # a shared subtree that contains itself: never walk it twice
                continue
            inner = above | {id(value)}
            items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
            stack.extend(((*path, k), v, inner) for k, v in reversed(items))
    return out


def get(box: list[Any], path: Path) -> Any:
    value: Any = box
    for part in path:
        value = value[part]
    return value


def parent(box: list[Any], path: Path) -> tuple[Any, PathPart]:
    """The container holding the node at ``path`` and its key or index there."""
    return get(box, path[:-1]), path[-1]


def put(box: list[Any], path: Path, value: Any) -> None:
    container, key = parent(box, path)
    container[key] = value


def field_of(path: Path) -> str:
    """The nearest mapping key on the path: the *field* a value belongs to (``ships`` for a fleet's ships)."""
    for part in reversed(path):
        if isinstance(part, str):
            return part
    return ""


def pick(rng: random.Random, candidates: Sequence[tuple[Path, Any]]) -> tuple[Path, Any] | None:
    """A candidate node, spreading the choice over fields first so that thousands of polygon numbers do
    not drown the one ``mission:``."""
    if not candidates:
        return None
    groups: dict[str, list[tuple[Path, Any]]] = {}
    for item in candidates:
        groups.setdefault(field_of(item[0]), []).append(item)
    group = groups[rng.choice(sorted(groups))]
    return rng.choice(group)


def where(box: list[Any], test: Callable[[Path, Any], bool]) -> list[tuple[Path, Any]]:
    return [(p, v) for p, v in nodes(box) if test(p, v)]


def shown(path: Path) -> str:
    """``$.sides[0].fleets[1]`` for a box path."""
    out = "$"
    for part in path[1:]:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def is_point(value: object) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(is_number(v) for v in value)


def is_ring(value: object) -> bool:
    return isinstance(value, list) and len(value) >= 3 and all(is_point(v) for v in value)


def typo(rng: random.Random, word: str) -> str:
    """One slip of the keyboard (or of the Unicode table)."""
    if not word:
        return rng.choice(["x", " ", "-"])
    i = rng.randrange(len(word))
    choice = rng.randrange(8)
    if choice == 0:
        return word[:i] + word[i + 1:] or word + word
    if choice == 1:
        return word[:i] + word[i] + word[i:]
    if choice == 2 and len(word) > 1:
        j = min(i + 1, len(word) - 1)
        return word[:i] + word[j] + word[i] + word[j + 1:] if j > i else word[::-1]
    if choice == 3:
        return word.swapcase()
    if choice == 4:
        return word + rng.choice([" ", "\t", "\u00a0", "s", "-2"])
    if choice == 5:  # a homoglyph: Cyrillic letters that look Latin
        table = str.maketrans("aeopcxyAEOPCXYB", "аеорсхуАЕОРСХУВ")
        return word.translate(table) if word.translate(table) != word else word + "\u0430"
    if choice == 6:
        return word[:i] + "\u200b" + word[i:]  # a zero-width space
    return word[:i] + rng.choice("abcdefghijklmnopqrstuvwxyz0123456789_ ") + word[i:]


ODD_STRINGS: tuple[str, ...] = (
    "", " ", "\t", "\n", "  padded  ", "~", "null", "NO", "yes", "off", "0x1F", "1e3", "-", ".inf", "12",
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "](javascript:alert(1))", "{{ page }}",
    "${HOME}", "%s%n", "::error::x", "a,b", "a:b", "../../etc/passwd", "C:\\Windows", "file:///etc/passwd",
    "\u202eevil\u202c", "e\u0301\u0301\u0301", "\u200b", "\ufeff", "\u2028", "\u0085", "\x00", "\x07\x1b[31m",
    "🚢⚓🌊", "👨‍👩‍👧‍👦", "שלום", "سلام", "中文", "Zu\u0308rich", "\U0001d573\U0001d586\U0001d593", "'", '"', "#",
    "& *", "!tag", "|", "> x", "- x", "? x", "@", "`", "\\", "a\r\nb",
)

EXTREME_NUMBERS: tuple[int | float, ...] = (
    0, -1, 1, 2, -0.0, 0.5, -0.5, 1e-300, 5e-324, -(2 ** 31), 2 ** 31, 2 ** 53 + 1, 2 ** 63 - 1, 2 ** 63,
    2 ** 64, -(2 ** 63) - 1, 10 ** 30, 1e15, 1e308, -1e308, float("nan"), float("inf"), float("-inf"),
)

RAW_NUMBERS: tuple[str, ...] = (
    "1e999", "-1e999", "1" + "0" * 5000, "-" + "9" * 4400, "0x" + "f" * 5000, "0o" + "7" * 6000,
    "1" + "0" * 400 + ".5", ".NaN", "-.INF", "0b1010", "1_000", "+12", "012", "1e", "1.2.3",
)
