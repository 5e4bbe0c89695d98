"""Hypothesis strategies for documents shaped like the admiralty schemas.

A small generator over the JSON Schema keywords the schemas use (``$ref`` across files, ``type``, ``enum``,
``const``, ``properties``/``required``, ``items``/``prefixItems``, bounds, ``pattern``, ``anyOf``/``oneOf``).
Optional properties come and go, and now and then a value breaks its own schema (a wrong type, a number
out of range), so that the documents land on both sides of the validator. Strings named like something
the corpus refers to (``map``, ``start``, ``ships``) are often taken from the corpus, so that references
resolve and the builders and checks run too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"
MAX_ITEMS = 3


@cache
def _schema_file(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def _resolve(ref: str, base: Path) -> tuple[dict[str, Any], Path]:
    file_part, _, pointer = ref.partition("#")
    target = (base.parent / file_part).resolve() if file_part else base
    node: Any = _schema_file(target)
    for part in (p for p in pointer.split("/") if p):
        node = node[part]
    return node, target


def _fits(word: Any, schema: dict[str, Any]) -> bool:
    """Whether a corpus value has the scalar type (and pattern) ``schema`` asks for."""
    kind = schema.get("type")
    if kind == "string" or "pattern" in schema:
        return isinstance(word, str) and re.fullmatch(schema.get("pattern", ".*"), word, re.DOTALL) is not None
    if kind == "integer":
        return isinstance(word, int) and not isinstance(word, bool)
    if kind == "number":
        return isinstance(word, int | float) and not isinstance(word, bool)
    return False


def _breaking(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A value that breaks ``schema`` more often than not."""
    return st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.just(10 ** 9), st.just(-(10 ** 9)),
                     st.text(max_size=6), st.just([]), st.just({}))


def strategy(schema: dict[str, Any], base: Path, vocabulary: dict[str, list[Any]], name: str = "",
             depth: int = 0) -> st.SearchStrategy[Any]:
    """Values for ``schema`` (a node of the file ``base``); ``name`` is the property it is the value of."""
    if "$ref" in schema:
        target, where = _resolve(schema["$ref"], base)
        merged = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
        return strategy(merged, where, vocabulary, name, depth)
    shaped = _shaped(schema, base, vocabulary, name, depth)
    words = [w for w in vocabulary.get(name, []) if _fits(w, schema)]
    if words and "const" not in schema and "enum" not in schema:
        shaped = st.one_of(shaped, st.sampled_from(words))
    return shaped


def _shaped(schema: dict[str, Any], base: Path, vocabulary: dict[str, list[Any]], name: str,
            depth: int) -> st.SearchStrategy[Any]:
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return st.one_of([strategy(option, base, vocabulary, name, depth) for option in schema[key]])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([_shaped({**schema, "type": k}, base, vocabulary, name, depth) for k in kind])
    if kind == "object" or "properties" in schema:
        return _object(schema, base, vocabulary, depth)
    if kind == "array":
        return _array(schema, base, vocabulary, name, depth)
    if kind in _SCALARS:
        return _SCALARS[kind](schema)
    if "pattern" in schema:
        return _strings(schema)
    return st.one_of(st.none(), st.integers(-(2 ** 63), 2 ** 63 - 1), st.text(max_size=8))


def _integers(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    first = int(schema["exclusiveMinimum"]) + 1 if "exclusiveMinimum" in schema else -5
    low = int(schema.get("minimum", first))
    return st.integers(low, max(low, int(schema.get("maximum", low + 50))))


def _numbers(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    bottom = float(schema.get("minimum", schema.get("exclusiveMinimum", -100.0)))
    top = float(schema.get("maximum", bottom + 200.0))
    return st.floats(bottom, max(bottom, top), allow_nan=False, allow_infinity=False,
                     exclude_min="exclusiveMinimum" in schema)


def _strings(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    if "pattern" in schema:
        return st.from_regex(schema["pattern"], fullmatch=True).filter(lambda s: len(s) <= 80)
    if schema.get("format") == "date":
        return st.dates().map(str)
    return st.text(min_size=int(schema.get("minLength", 0)), max_size=min(int(schema.get("maxLength", 30)), 30))


_SCALARS: dict[str, Callable[[dict[str, Any]], st.SearchStrategy[Any]]] = {
    "integer": _integers,
    "number": _numbers,
    "boolean": lambda _: st.booleans(),
    "null": lambda _: st.none(),
    "string": _strings,
}


def _object(schema: dict[str, Any], base: Path, vocabulary: dict[str, list[Any]],
            depth: int) -> st.SearchStrategy[dict[str, Any]]:
    properties: dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", []))
    if depth > 6:  # keep documents small: only what is required below this depth
        properties = {k: v for k, v in properties.items() if k in required}
    fields = {key: strategy(value, base, vocabulary, key, depth + 1) for key, value in properties.items()}
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict) and not properties:
        words = st.sampled_from(vocabulary.get("id", ["x"]) or ["x"])
        return st.dictionaries(words, strategy(extra, base, vocabulary, "", depth + 1), max_size=MAX_ITEMS)
    optional = sorted(k for k in fields if k not in required)
    # most optional properties present: conditional requirements (``if``/``then``) are then mostly met
    kept = st.lists(st.sampled_from(optional), unique=True, max_size=len(optional)) if optional else st.just([])
    return st.tuples(st.fixed_dictionaries(fields), kept).map(
        lambda pair: {k: v for k, v in pair[0].items() if k in required or k not in pair[1][: len(optional) // 4]})


def _array(schema: dict[str, Any], base: Path, vocabulary: dict[str, list[Any]], name: str,
           depth: int) -> st.SearchStrategy[list[Any]]:
    low = int(schema.get("minItems", 0))
    high = max(low, min(int(schema.get("maxItems", MAX_ITEMS)), low + MAX_ITEMS))
    if "prefixItems" in schema:
        return st.tuples(*[strategy(item, base, vocabulary, name, depth + 1)
                           for item in schema["prefixItems"]]).map(list)
    items = schema.get("items", {})
    return st.lists(strategy(items if isinstance(items, dict) else {}, base, vocabulary, name, depth + 1),
                    min_size=low, max_size=high, unique_by=(repr if schema.get("uniqueItems") else None))


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            out.extend(_paths(value, (*path, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.extend(_paths(value, (*path, i)))
    return out


@st.composite
def _with_a_break(draw: st.DrawFn, shaped: st.SearchStrategy[Any]) -> Any:
    """A document of the schema's shape; one time in four, one value in it replaced by a misfit."""
    data = draw(shaped)
    paths = [p for p in _paths(data) if len(p) > 1]
    if paths and draw(st.integers(0, 3)) == 3:
        where = draw(st.sampled_from(paths))
        container = data
        for part in where[:-1]:
            container = container[part]
        container[where[-1]] = draw(_breaking({}))
    return data


def document(ruleset: str, kind: str, vocabulary: dict[str, list[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """Documents of one kind of one ruleset."""
    path = (SCHEMAS / ruleset / f"{kind}.schema.json").resolve()
    return _with_a_break(strategy(_schema_file(path), path, vocabulary))
