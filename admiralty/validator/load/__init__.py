"""Safe, bounded, positioned YAML loading.

PyYAML's C parser produces events; this package builds plain Python data (dict, list, str, int, float,
bool, None) from them with an explicit stack, so that every key and value keeps its line and column, and
so that every hostile input ends in a diagnostic: syntax errors, duplicate and non-string keys, tags
beyond the core schema, alias expansion past a bound (billion laughs), nesting past a bound (the stack is
ours, never Python's recursion), files past a size bound, bytes that are not UTF-8, empty files.

Plain scalars resolve by the YAML 1.2 core schema, as editors do: ``NO`` stays the string ``"NO"`` rather
than silently becoming ``false`` as under YAML 1.1. Plain scalars that a YAML 1.1 reader would take for a
boolean are remembered, so that the schema stage can report them wherever they matter.

Modules: ``positions`` (spans, the position tree, ``Document``), ``codes`` (bounds, YML0xx codes),
``scalars`` (YAML 1.2 core resolution), ``composer`` (events into data), ``reader`` (the entry points).
"""

from __future__ import annotations

from admiralty.validator.load.codes import MAX_BYTES, MAX_DEPTH, MAX_NODES, MAX_VALUES
from admiralty.validator.load.positions import Document, LoadResult, PathPart, Pos, Span, json_path
from admiralty.validator.load.reader import load_bytes, load_file, load_text
from admiralty.validator.load.scalars import YAML11_BOOLEANS

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_VALUES",
    "YAML11_BOOLEANS",
    "Document",
    "LoadResult",
    "PathPart",
    "Pos",
    "Span",
    "json_path",
    "load_bytes",
    "load_file",
    "load_text",
]
