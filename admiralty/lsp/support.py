"""What the language server asks of a rule system, and the core's part of it that needs no rule system.

A rule system's ``Ruleset.editor`` names an object implementing ``EditorSupport``: given a ``Cursor`` (the
document, the data path and the word under the cursor, and every model the workspace built) it completes,
hovers and names definitions in its own documents. The core finds the path at a position (``path_at``),
explains diagnostic codes and summarises rule clauses from the rule system's rules page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from admiralty.contract import clause_pattern, rulesets
from admiralty.engine.model.common import Source
from admiralty.validator.diagnostics import CODES
from admiralty.validator.load import Document, PathPart, Pos, Span

WORD = re.compile(r"[A-Za-z0-9_.\-]+")

M = TypeVar("M")


@dataclass(frozen=True)
class Cursor:
    """Where the author is: the document (its last good parse), the path of the value under the cursor (for a
    list, the index a new item would take), whether the cursor is on a key, the value there (``None`` for an
    empty item), the word under the cursor, and the workspace's models and documents."""

    doc: Document
    path: tuple[PathPart, ...]
    on_key: bool
    value: object
    word: str
    models: Sequence[object]
    documents: Mapping[str, Document]


@dataclass(frozen=True)
class Suggestion:
    """A completion: ``rank`` orders them (lower first: the legal choices before the rest)."""

    label: str
    detail: str = ""
    kind: str = "value"  # value, zone, port, ship, class, fleet, keyword
    rank: int = 1


@dataclass(frozen=True)
class Target:
    """A definition: the value (or the key, with ``key``) at ``path`` in ``file``."""

    file: str
    path: tuple[PathPart, ...]
    key: bool = False


class EditorSupport(Protocol):
    """A rule system's knowledge of its documents, for the language server (``Ruleset.editor``)."""

    def complete(self, cursor: Cursor) -> list[Suggestion]: ...

    def hover(self, cursor: Cursor) -> str | None: ...

    def definition(self, cursor: Cursor) -> Target | None: ...


def named_model(cursor: Cursor, model_type: type[M], own_kind: str, field: str) -> M | None:
    """The workspace's model of ``model_type`` that the document is (a document of kind ``own_kind``, by its
    ``id``) or names in its ``field`` (a scenario's ``map`` or ``table``); ``None`` when none was built."""
    data = cursor.doc.data if isinstance(cursor.doc.data, dict) else {}
    wanted = data.get("id") if data.get("kind") == own_kind else data.get(field)
    return next((m for m in cursor.models if isinstance(m, model_type) and getattr(m, "id", None) == wanted), None)


def defined_at(thing: object) -> Target | None:
    """Where a built model object was written (its ``source``: file and data path), or ``None`` without one."""
    source = getattr(thing, "source", None)
    return Target(source.file, tuple(source.path)) if isinstance(source, Source) else None


def _contains(span: Span, at: tuple[int, int]) -> bool:
    return (span.line, span.column) <= at <= (span.end_line, span.end_column)


def _span(node: Pos | Span) -> Span:
    return node if isinstance(node, Span) else node.span


def path_at(doc: Document, line: int, column: int) -> tuple[tuple[PathPart, ...], bool]:
    """The data path at a 1-based position and whether it is on a key. Inside a list but on no item (after
    ``- `` or between flow items) the path ends with the index a new item would take."""
    at = (line, column)
    path: list[PathPart] = []
    node: Pos | Span = doc.root
    while isinstance(node, Pos) and node.children is not None:
        children = node.children
        part: PathPart | None
        if isinstance(children, dict):
            key = next((key for key, span in (node.keys or {}).items() if _contains(span, at)), None)
            if key is not None:
                return (*path, key), True
            part, child = _entry_at(children, at)
            if part is None:
                break
        else:
            part, child = _item_at(children, line, at)
        path.append(part)
        if child is None:
            break
        node = child
    return tuple(path), False


def _entry_at(children: dict[str, Pos | Span], at: tuple[int, int]) -> tuple[str | None, Pos | Span | None]:
    """The key and value of the mapping entry whose value holds the position (the last, innermost), or none."""
    inside = [key for key, child in children.items() if _contains(_span(child), at)]
    return (inside[-1], children[inside[-1]]) if inside else (None, None)


def _item_at(children: list[Pos | Span], line: int, at: tuple[int, int]) -> tuple[int, Pos | Span | None]:
    """The index and item of the list item that holds the position; on no item, the index a new item would
    take and ``None``."""
    inside = [i for i, child in enumerate(children) if _contains(_span(child), at)]
    if not inside:  # an empty item (`- ` at the end of a line) starts on the cursor's line
        inside = [i for i, child in enumerate(children)
                  if _span(child).line == line and (_span(child).line, _span(child).column) <= at]
    if not inside:
        return sum(1 for child in children if (_span(child).end_line, _span(child).end_column) <= at), None
    return inside[-1], children[inside[-1]]


def value_at(data: object, path: Sequence[PathPart]) -> object:
    """The value at ``path`` in plain data, or ``None`` when the path goes past it."""
    for part in path:
        if isinstance(data, dict) and isinstance(part, str):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def word_at(text: str, line: int, column: int) -> str:
    """The word (letters, digits, ``_.-``) around a 1-based position of ``text``."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    row = lines[line - 1]
    for match in WORD.finditer(row):
        if match.start() <= column - 1 <= match.end():
            return match.group()
    return ""


def explain_code(code: str) -> str | None:
    """A diagnostic code's title and explanation (what the site's page for it says first), in Markdown."""
    entry = CODES.get(code)
    if entry is None:
        return None
    text = f"**{entry.code}** {entry.title}\n\n{entry.explanation}"
    if entry.wrong:
        text += f"\n\nwrong:\n```yaml\n{entry.wrong}\n```\nright:\n```yaml\n{entry.right}\n```"
    return text


def clause_summary(clause: str) -> str | None:
    """The rules page's section for a clause id (its heading and first paragraph), or the paragraph naming it."""
    if not clause_pattern().fullmatch(clause):
        return None
    for ruleset in rulesets().values():
        if not clause.startswith(ruleset.clause_prefix + "-") or ruleset.rules_page is None:
            continue
        blocks = ruleset.rules_page.read_text(encoding="utf-8").split("\n\n")
        mention = re.compile(rf"(?<![\w.-]){re.escape(clause)}(?![\w-]|\.\d)")
        for i, block in enumerate(blocks):
            if not mention.search(block):
                continue
            if block.startswith("#") and i + 1 < len(blocks):
                return f"**{clause}** ({ruleset.name})\n\n{block.lstrip('# ')}\n\n{blocks[i + 1]}"
            return f"**{clause}** ({ruleset.name})\n\n{block}"
    return None


# --- any id, in any rule system ------------------------------------------------------------------------------

SUMMARY_FIELDS = 6  # scalar fields a declaration's hover shows beside its id and name


def declared(cursor: Cursor) -> tuple[Target, Mapping[str, object]] | None:
    """Where the word under the cursor is declared as an id: a mapping of the workspace whose ``id`` it is (a
    document's own id, a side, a fleet, a formation, a leader, a class, a unit...), looked for in the cursor's
    document first, then in the others by name. What no rule system's editor names still gets a hover and a
    definition this way; ``None`` on a key, or when no mapping has that id."""
    if cursor.on_key or not cursor.word:
        return None
    others = sorted((name, doc) for name, doc in cursor.documents.items() if name != cursor.doc.file)
    for name, doc in [(cursor.doc.file, cursor.doc), *others]:
        found = _mapping_with_id(doc.data, cursor.word, ())
        if found is not None:
            return Target(name, (*found[0], "id")), found[1]
    return None


def declared_hover(target: Target, mapping: Mapping[str, object]) -> str:
    """A declaration's id, name and first scalar fields, and the file that declares it."""
    name = mapping.get("name") or mapping.get("title")
    head = f"**{mapping['id']}**" + (f": {name}" if isinstance(name, str) and name != mapping["id"] else "")
    fields = [f"{key} {_scalar(value)}" for key, value in mapping.items()
              if key not in ("id", "name", "title") and _scalar(value) is not None][:SUMMARY_FIELDS]
    return f"{head}\n\n{', '.join(fields)}\n\ndeclared in `{target.file}`" if fields else \
        f"{head}\n\ndeclared in `{target.file}`"


def _scalar(value: object) -> str | None:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float):
        return f"{value:g}"
    if isinstance(value, str) and "\n" not in value and len(value) <= 60:
        return value
    if isinstance(value, list) and value and all(isinstance(v, str | int) for v in value) and len(value) <= 6:
        return "[" + ", ".join(str(v) for v in value) + "]"
    return None


def _mapping_with_id(data: object, word: str, path: tuple[PathPart, ...]
                     ) -> tuple[tuple[PathPart, ...], Mapping[str, object]] | None:
    """The first mapping below ``data`` (depth first, in document order) whose ``id`` is ``word``."""
    if isinstance(data, dict):
        if data.get("id") == word:
            return path, data
        children: list[tuple[PathPart, object]] = [(k, v) for k, v in data.items() if isinstance(v, dict | list)]
    elif isinstance(data, list):
        children = [(i, v) for i, v in enumerate(data) if isinstance(v, dict | list)]
    else:
        return None
    for part, child in children:
        found = _mapping_with_id(child, word, (*path, part))
        if found is not None:
            return found
    return None
