"""Mutations of the YAML text and bytes themselves, so that the YAML can be broken too.

Each takes the text (or the bytes) and a seeded ``random.Random`` and returns the new text with what it
did, or ``None`` when it does not apply.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

TextMutation = Callable[[str, random.Random], tuple[str, str] | None]
BytesMutation = Callable[[bytes, random.Random], tuple[bytes, str] | None]

_VALUE_LINE = re.compile(r"^(?P<lead>\s*(?:- )?)(?P<key>[A-Za-z_][\w-]*): (?P<value>[^#\n&*!|>{\[][^#\n]*)$")
_NASTY = (":", ": ", "- ", "[", "]", "{", "}", "'", '"', "#", "&", "*", "!", "|", ">", "%", "@", "`", ",", "?",
          "\t", "\x00", "\x07", "\x1b", "\x7f", "\x85", "\ufeff", "\u2028", "\ud7ff", "\ufffe", "\U0010ffff", "\r")
_TAGS = ("!!python/object/apply:os.system [echo pwned]", "!!python/name:os.system", "!custom x", "!!binary aGk=",
         "!!set {a, b}", "!!omap [a: 1]", "!!timestamp 2001-12-14", "!!str 12", "!!int twelve", "!!float 1",
         "!!int 12", "!!bool yes", "!!null ''", "!<tag:yaml.org,2002:str> x", "!!map {a: 1}", "!!seq [1]", "! 12")


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _value_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if _VALUE_LINE.match(line)]


def delete_line(text: str, rng: random.Random) -> tuple[str, str] | None:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    del lines[i]
    return "\n".join(lines), f"deleted line {i + 1}"


def duplicate_line(text: str, rng: random.Random) -> tuple[str, str] | None:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return "\n".join(lines), f"duplicated line {i + 1} (a duplicate key, or a duplicate item)"


def swap_lines(text: str, rng: random.Random) -> tuple[str, str] | None:
    lines = _lines(text)
    if len(lines) < 2:
        return None
    i = rng.randrange(len(lines) - 1)
    j = i + 1 if rng.random() < 0.7 else rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines), f"swapped lines {i + 1} and {j + 1}"


def reindent_line(text: str, rng: random.Random) -> tuple[str, str] | None:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    shift = rng.choice([-4, -2, -1, 1, 2, 4])
    lines[i] = " " * shift + lines[i] if shift > 0 else lines[i][min(-shift, len(lines[i]) - len(lines[i].lstrip())):]
    return "\n".join(lines), f"indented line {i + 1} by {shift}"


def tab_indent(text: str, rng: random.Random) -> tuple[str, str] | None:
    lines = _lines(text)
    indented = [i for i, line in enumerate(lines) if line.startswith("  ")]
    if not indented:
        return None
    i = rng.choice(indented)
    lines[i] = "\t" + lines[i][2:]
    return "\n".join(lines), f"indented line {i + 1} with a tab"


def truncate_text(text: str, rng: random.Random) -> tuple[str, str] | None:
    cut = rng.randrange(len(text) + 1)
    return text[:cut], f"cut the text after {cut} characters"


def insert_char(text: str, rng: random.Random) -> tuple[str, str] | None:
    at = rng.randrange(len(text) + 1)
    char = rng.choice(_NASTY)
    return text[:at] + char + text[at:], f"inserted {char!r} at offset {at}"


def join_lines(text: str, rng: random.Random) -> tuple[str, str] | None:
    lines = _lines(text)
    if len(lines) < 2:
        return None
    i = rng.randrange(len(lines) - 1)
    lines[i:i + 2] = [lines[i] + " " + lines[i + 1].lstrip()]
    return "\n".join(lines), f"joined lines {i + 1} and {i + 2}"


def document_marker(text: str, rng: random.Random) -> tuple[str, str] | None:
    lines = _lines(text)
    i = rng.randrange(len(lines) + 1)
    marker = rng.choice(["---", "...", "--- |", "%YAML 1.1\n---", "%TAG ! tag:evil.com,2000:\n---", "--- !!set"])
    lines.insert(i, marker)
    return "\n".join(lines), f"inserted {marker!r} before line {i + 1}"


def _pick_value_line(text: str, rng: random.Random) -> tuple[list[str], int, re.Match[str]] | None:
    """The text's lines, and one ``key: value`` line chosen at random (its index and match), if any."""
    lines = _lines(text)
    candidates = _value_lines(lines)
    if not candidates:
        return None
    i = rng.choice(candidates)
    match = _VALUE_LINE.match(lines[i])
    assert match is not None
    return lines, i, match


def tag(text: str, rng: random.Random) -> tuple[str, str] | None:
    picked = _pick_value_line(text, rng)
    if picked is None:
        return None
    lines, i, match = picked
    written = rng.choice(_TAGS)
    keep = rng.random() < 0.5
    value = f"{written.split(' ')[0]} {match['value']}" if keep else written
    lines[i] = f"{match['lead']}{match['key']}: {value}"
    return "\n".join(lines), f"tagged line {i + 1}: {value[:40]!r}"


def text_alias(text: str, rng: random.Random) -> tuple[str, str] | None:
    lines = _lines(text)
    candidates = _value_lines(lines)
    if len(candidates) < 2:
        return None
    i, j = sorted(rng.sample(candidates, 2))
    if rng.random() < 0.3:
        i, j = j, i  # the alias before its anchor
    first, second = _VALUE_LINE.match(lines[i]), _VALUE_LINE.match(lines[j])
    assert first is not None and second is not None
    name = rng.choice(["a", "x1", "very-long-anchor-name-" * 3])
    lines[i] = f"{first['lead']}{first['key']}: &{name} {first['value']}"
    target = rng.choice([f"*{name}", f"*{name}", "*undefined", f"[*{name}, *{name}]"])
    lines[j] = f"{second['lead']}{second['key']}: {target}" if rng.random() < 0.85 else \
        f"{second['lead']}*{name}: {second['value']}"
    return "\n".join(lines), f"anchored line {i + 1} as &{name}, aliased it on line {j + 1}"


def text_merge(text: str, rng: random.Random) -> tuple[str, str] | None:
    picked = _pick_value_line(text, rng)
    if picked is None:
        return None
    lines, i, match = picked
    indent = " " * len(match["lead"])
    merged = rng.choice(["{id: merged, extra: 1}", "*undefined", "12", "[{a: 1}, 3]", "[]", "{}", "{<<: {a: 1}}",
                         "{" + f"{match['key']}: 1" + "}"])
    lines.insert(i + 1, f"{indent}<<: {merged}")
    return "\n".join(lines), f"added a merge key '<<: {merged}' after line {i + 1}"


def recursive_alias(text: str, rng: random.Random) -> tuple[str, str] | None:
    return text.rstrip("\n") + "\nloop: &loop [*loop]\n", "appended a recursive alias"


def laughs(text: str, rng: random.Random) -> tuple[str, str] | None:
    levels = rng.choice([3, 5, 6, 9])
    rows = ["lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    rows += [f"lol{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, levels)]
    return text.rstrip("\n") + "\n" + "\n".join(rows) + "\n", f"appended {levels} levels of nested aliases"


def deep_text(text: str, rng: random.Random) -> tuple[str, str] | None:
    picked = _pick_value_line(text, rng)
    if picked is None:
        return None
    lines, i, match = picked
    depth = rng.choice([63, 64, 65, 1000, 100_000])
    opener, closer = ("[", "]") if rng.random() < 0.5 else ("{a: ", "}")
    lines[i] = f"{match['lead']}{match['key']}: {opener * depth}{match['value']}{closer * depth}"
    return "\n".join(lines), f"nested line {i + 1} {depth} levels deep"


def huge_text_number(text: str, rng: random.Random) -> tuple[str, str] | None:
    numbers = list(re.finditer(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])", text))
    if not numbers:
        return None
    found = rng.choice(numbers)
    new = rng.choice(["1e999", "-1e999", "9" * 5000, "0x" + "f" * 3000, "1e-999", "1_0", ".nan", "-.inf"])
    return text[:found.start()] + new + text[found.end():], f"replaced the number at offset {found.start()} " \
        f"by {new[:12]}... ({len(new)} characters)"


def crlf(text: str, rng: random.Random) -> tuple[str, str] | None:
    return text.replace("\n", rng.choice(["\r\n", "\r"])), "changed the line endings"


def bom(text: str, rng: random.Random) -> tuple[str, str] | None:
    at = 0 if rng.random() < 0.5 else rng.randrange(len(text) + 1)
    return text[:at] + "\ufeff" + text[at:], f"inserted a byte-order mark at offset {at}"


def flow_break(text: str, rng: random.Random) -> tuple[str, str] | None:
    flows = [m.start() for m in re.finditer(r"[\[\]{}]", text)]
    if not flows:
        return None
    at = rng.choice(flows)
    return text[:at] + text[at + 1:], f"removed the bracket at offset {at}"


def quote_break(text: str, rng: random.Random) -> tuple[str, str] | None:
    picked = _pick_value_line(text, rng)
    if picked is None:
        return None
    lines, i, _ = picked
    quote = rng.choice(["'", '"'])
    lines[i] = lines[i].replace(": ", ": " + quote, 1)
    return "\n".join(lines), f"opened a {quote} quote on line {i + 1}"


def comment_out(text: str, rng: random.Random) -> tuple[str, str] | None:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines[i] = "#" + lines[i]
    return "\n".join(lines), f"commented out line {i + 1}"


def invalid_utf8(raw: bytes, rng: random.Random) -> tuple[bytes, str] | None:
    at = rng.randrange(len(raw) + 1)
    junk = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf4\x90\x80\x80", b"\xe9"])
    return raw[:at] + junk + raw[at:], f"inserted the bytes {junk!r} at offset {at}"


def utf16(raw: bytes, rng: random.Random) -> tuple[bytes, str] | None:
    return raw.decode("utf-8", "replace").encode(rng.choice(["utf-16", "utf-16-le", "utf-32"])), "encoded as UTF-16/32"


def nul_bytes(raw: bytes, rng: random.Random) -> tuple[bytes, str] | None:
    at = rng.randrange(len(raw) + 1)
    return raw[:at] + b"\x00" * rng.choice([1, 8, 4096]) + raw[at:], f"inserted NUL bytes at offset {at}"


def oversize(raw: bytes, rng: random.Random) -> tuple[bytes, str] | None:
    pad = rng.choice([8 * 1024 * 1024 - len(raw) - 1, 8 * 1024 * 1024 + 1])
    filler = b"\n# " + b"x" * max(0, pad - 3)
    return raw + filler[:max(0, pad)], f"padded the file to {len(raw) + max(0, pad):,} bytes"


TEXT_MUTATIONS: dict[str, tuple[TextMutation, float]] = {
    "delete-line": (delete_line, 2), "duplicate-line": (duplicate_line, 2), "swap-lines": (swap_lines, 1),
    "reindent-line": (reindent_line, 1.5), "tab-indent": (tab_indent, 0.5), "truncate-text": (truncate_text, 1),
    "insert-char": (insert_char, 2), "join-lines": (join_lines, 0.7), "document-marker": (document_marker, 0.5),
    "tag": (tag, 1), "text-alias": (text_alias, 1), "text-merge": (text_merge, 1),
    "recursive-alias": (recursive_alias, 0.2), "laughs": (laughs, 0.3), "deep-text": (deep_text, 0.4),
    "huge-text-number": (huge_text_number, 0.7), "crlf": (crlf, 0.3), "bom": (bom, 0.3),
    "flow-break": (flow_break, 0.7), "quote-break": (quote_break, 0.7), "comment-out": (comment_out, 1),
}

BYTES_MUTATIONS: dict[str, tuple[BytesMutation, float]] = {
    "invalid-utf8": (invalid_utf8, 1), "utf16": (utf16, 0.2), "nul-bytes": (nul_bytes, 0.3),
    "oversize": (oversize, 0.03),
}
