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
    scalar = schema.get("type") in ("string", "integer", "number") or "pattern" in schema
    words = [w for w in vocabulary.get(name, []) if not isinstance(w, dict | list)]
    if words and scalar and "const" not in schema and "enum" not in schema:
        shaped = st.one_of(shaped, st.sampled_from(words))
    if depth < 2:
        return shaped
    broken = _breaking(schema)
    return st.integers(0, 39).flatmap(lambda n: broken if n == 0 else shaped)  # one value in forty breaks


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
    if kind == "integer":
        low = int(schema.get("minimum", schema.get("exclusiveMinimum", -5) + 1 if "exclusiveMinimum" in schema
                             else -5))
        high = int(schema.get("maximum", low + 50))
        return st.integers(low, max(low, high))
    if kind == "number":
        low = float(schema.get("minimum", schema.get("exclusiveMinimum", -100.0)))
        high = float(schema.get("maximum", low + 200.0))
        return st.floats(low, max(low, high), allow_nan=False, allow_infinity=False,
                         exclude_min="exclusiveMinimum" in schema)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "string" or "pattern" in schema:
        if "pattern" in schema:
            return st.from_regex(schema["pattern"], fullmatch=True).filter(lambda s: len(s) <= 80)
        if schema.get("format") == "date":
            return st.dates().map(str)
        return st.text(min_size=int(schema.get("minLength", 0)), max_size=min(int(schema.get("maxLength", 30)), 30))
    return st.one_of(st.none(), st.integers(), st.text(max_size=8))


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
    return st.fixed_dictionaries(
        {k: v for k, v in fields.items() if k in required},
        optional={k: v for k, v in fields.items() if k not in required},
    )


def _array(schema: dict[str, Any], base: Path, vocabulary: dict[str, list[Any]], name: str,
           depth: int) -> st.SearchStrategy[list[Any]]:
    low = int(schema.get("minItems", 0))
    high = max(low, min(int(schema.get("maxItems", MAX_ITEMS)), low + MAX_ITEMS))
    if "prefixItems" in schema:
        return st.tuples(*[strategy(item, base, vocabulary, name, depth + 1)
                           for item in schema["prefixItems"]]).map(list)
    items = schema.get("items", {})
    return st.lists(strategy(items if isinstance(items, dict) else {}, base, vocabulary, name, depth + 1),
                    min_size=low, max_size=high)


def document(ruleset: str, kind: str, vocabulary: dict[str, list[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """Documents of one kind of one ruleset."""
    path = (SCHEMAS / ruleset / f"{kind}.schema.json").resolve()
    return strategy(_schema_file(path), path, vocabulary)  # type: ignore[return-value]
