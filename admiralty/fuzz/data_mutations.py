"""Structured mutations of loaded data: the mistakes a careless or hostile author makes.

Each takes the box (see ``tree``), a seeded ``random.Random`` and the ruleset's vocabulary (values seen
under each key), changes the data in place and returns what it did, or ``None`` when the document has
nothing it applies to.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from admiralty.fuzz.tree import (
    EXTREME_NUMBERS,
    ODD_STRINGS,
    RAW_NUMBERS,
    Path,
    Raw,
    field_of,
    is_number,
    is_point,
    is_ring,
    nodes,
    parent,
    pick,
    put,
    shown,
    typo,
)

Vocabulary = dict[str, list[object]]
"""Scalar values seen under each key in the corpus (``Corpus.vocabulary``)."""
DataMutation = Callable[[list[Any], random.Random, Vocabulary], str | None]


def _in_mapping(box: list[Any]) -> list[tuple[Path, Any]]:
    return [(p, v) for p, v in nodes(box) if len(p) > 1 and isinstance(p[-1], str)]


def _of_type(box: list[Any], kind: type | tuple[type, ...]) -> list[tuple[Path, Any]]:
    return [(p, v) for p, v in nodes(box) if len(p) > 1 and isinstance(v, kind) and not isinstance(v, bool)]


def lists_of(box: list[Any], minimum: int = 1) -> list[tuple[Path, Any]]:
    return [(p, v) for p, v in nodes(box) if isinstance(v, list) and len(v) >= minimum and len(p) > 1]


def delete_key(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, _in_mapping(box))
    if chosen is None:
        return None
    container, key = parent(box, chosen[0])
    del container[key]
    return f"deleted {shown(chosen[0])}"


def add_key(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    maps = [(p, v) for p, v in nodes(box) if isinstance(v, dict)]
    chosen = pick(rng, maps)
    if chosen is None:
        return None
    names = sorted(vocab) or ["extra"]
    name = rng.choice(names)
    if name in chosen[1] or rng.random() < 0.4:
        name = typo(rng, name or "extra")
    if name in chosen[1]:
        return None
    values = vocab.get(name) or [True, 1, "x"]
    chosen[1][name] = rng.choice(values)
    return f"added {shown((*chosen[0], name))} = {chosen[1][name]!r:.60}"


def misspell_key(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, _in_mapping(box))
    if chosen is None:
        return None
    container, key = parent(box, chosen[0])
    new = typo(rng, str(key))
    if new in container:
        return None
    items = [(new if k == key else k, v) for k, v in container.items()]
    container.clear()
    container.update(items)
    return f"renamed key {shown(chosen[0])} to {new!r}"


def retype(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in nodes(box) if len(p) > 1])
    if chosen is None:
        return None
    path, value = chosen
    options: list[object] = [None, True, False, 0, 1.5, "text", [], {}, [value], {"value": value}]
    if isinstance(value, str):
        options += [len(value), value == "true"]
    if is_number(value):
        options += [str(value), f"{value} knots"]
    if isinstance(value, list) and value:
        options += [value[0], ", ".join(map(str, value))]
    if isinstance(value, dict) and value:
        options += [list(value.values()), list(value)]
    new = rng.choice([o for o in options if type(o) is not type(value)] or options)
    put(box, path, new)
    return f"retyped {shown(path)} from {type(value).__name__} to {type(new).__name__}"


def misspell_value(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, _of_type(box, str))
    if chosen is None:
        return None
    new = typo(rng, chosen[1])
    put(box, chosen[0], new)
    return f"misspelt {shown(chosen[0])}: {chosen[1]!r:.40} -> {new!r:.40}"


def swap_values(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, _of_type(box, str))
    if chosen is None:
        return None
    same = [(p, v) for p, v in _of_type(box, str) if field_of(p) == field_of(chosen[0]) and v != chosen[1]]
    if not same:
        return None
    other = rng.choice(same)
    put(box, chosen[0], other[1])
    put(box, other[0], chosen[1])
    return f"swapped {shown(chosen[0])} and {shown(other[0])}"


def plausible_value(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    candidates = [(p, v) for p, v in nodes(box) if len(p) > 1 and not isinstance(v, dict | list)
                  and len(vocab.get(field_of(p), [])) > 1]
    chosen = pick(rng, candidates)
    if chosen is None:
        return None
    options = [v for v in vocab[field_of(chosen[0])] if v != chosen[1]]
    new = rng.choice(options)
    put(box, chosen[0], new)
    return f"set {shown(chosen[0])} to another {field_of(chosen[0])} of the corpus: {new!r:.60}"


def number_extreme(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in nodes(box) if len(p) > 1 and is_number(v)])
    if chosen is None:
        return None
    new = rng.choice(EXTREME_NUMBERS)
    put(box, chosen[0], new)
    return f"set {shown(chosen[0])} to {new!r}"


def number_nudge(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in nodes(box) if len(p) > 1 and is_number(v)])
    if chosen is None:
        return None
    value = chosen[1]
    new = rng.choice([value + 1, value - 1, value * 2, -value, 0, value // 2 if isinstance(value, int) else value / 3,
                      value + 0.5])
    put(box, chosen[0], new)
    return f"nudged {shown(chosen[0])} from {value!r} to {new!r}"


def raw_number(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in nodes(box) if len(p) > 1 and not isinstance(v, dict | list)])
    if chosen is None:
        return None
    text = rng.choice(RAW_NUMBERS)
    put(box, chosen[0], Raw(text))
    return f"wrote {shown(chosen[0])}: {text[:20]}{'...' if len(text) > 20 else ''} ({len(text)} characters)"


def long_string(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, _of_type(box, str))
    if chosen is None:
        return None
    size = rng.choice([256, 1000, 10_000, 200_000])
    unit = rng.choice(["x", "é", "🚢", "ab ", "\u0301", "\u202e"])
    put(box, chosen[0], (chosen[1] + unit * size)[: size + len(chosen[1])])
    return f"lengthened {shown(chosen[0])} by {size} of {unit!r}"


def odd_string(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in nodes(box) if len(p) > 1 and not isinstance(v, dict | list)])
    if chosen is None:
        return None
    odd = rng.choice(ODD_STRINGS)
    new = odd if rng.random() < 0.5 or not isinstance(chosen[1], str) else chosen[1] + odd
    put(box, chosen[0], new)
    return f"set {shown(chosen[0])} to {new!r:.60}"


def move_point(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in nodes(box) if len(p) > 1 and is_point(v)])
    if chosen is None:
        return None
    x, y = chosen[1]
    scale = rng.choice([0.01, 0.5, 5, 50, 1000, 1e12])
    new = rng.choice([[x + rng.uniform(-scale, scale), y + rng.uniform(-scale, scale)], [0, 0], [-x, -y], [y, x],
                      [x, y + scale], [round(x), round(y)] if math.isfinite(x) and math.isfinite(y) else [x, y]])
    put(box, chosen[0], new)
    return f"moved point {shown(chosen[0])} from {chosen[1]} to {new}"


def move_vertex(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in nodes(box) if len(p) > 1 and is_ring(v)])
    if chosen is None:
        return None
    ring = chosen[1]
    i = rng.randrange(len(ring))
    other = ring[rng.randrange(len(ring))]
    x, y = ring[i]
    ring[i] = rng.choice([list(other), [x * 2 + 1, y * 2 + 1], [x + rng.uniform(-3, 3), y + rng.uniform(-3, 3)],
                          [x, y + 1e-9], [-x, -y]])
    return f"moved vertex {i} of {shown(chosen[0])} from {[x, y]} to {ring[i]}"


def reverse_list(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    rings = [(p, v) for p, v in nodes(box) if len(p) > 1 and is_ring(v)]
    chosen = pick(rng, rings if rings and rng.random() < 0.6 else lists_of(box, 2))
    if chosen is None:
        return None
    chosen[1].reverse()
    return f"reversed {shown(chosen[0])}"


def shuffle_list(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, lists_of(box, 2))
    if chosen is None:
        return None
    rng.shuffle(chosen[1])
    return f"shuffled {shown(chosen[0])}"


def drop_item(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, lists_of(box, 1))
    if chosen is None:
        return None
    i = rng.randrange(len(chosen[1]))
    del chosen[1][i]
    return f"dropped item {i} of {shown(chosen[0])}"


def duplicate_item(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, lists_of(box, 1))
    if chosen is None:
        return None
    i = rng.randrange(len(chosen[1]))
    chosen[1].insert(i + rng.randrange(2), _copy(chosen[1][i]))
    return f"duplicated item {i} of {shown(chosen[0])}"


def swap_items(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, lists_of(box, 2))
    if chosen is None:
        return None
    items = chosen[1]
    i, j = rng.sample(range(len(items)), 2)
    items[i], items[j] = items[j], items[i]
    return f"swapped items {i} and {j} of {shown(chosen[0])}"


def _siblings(box: list[Any], rng: random.Random, field: str | None = None) -> tuple[tuple[Path, Any], Any] | None:
    """Two different lists of the same field (two fleets' ``ships``), the first one non-empty."""
    lists = [(p, v) for p, v in lists_of(box, 0) if field is None or field_of(p) == field]
    sources = [item for item in lists if item[1]]
    chosen = pick(rng, sources)
    if chosen is None:
        return None
    targets = [item for item in lists if field_of(item[0]) == field_of(chosen[0]) and item[1] is not chosen[1]]
    if not targets:
        return None
    return chosen, rng.choice(targets)


def copy_to_sibling(box: list[Any], rng: random.Random, vocab: Vocabulary, field: str | None = None) -> str | None:
    pair = _siblings(box, rng, field)
    if pair is None:
        return None
    (path, items), (target_path, target) = pair
    i = rng.randrange(len(items))
    target.append(_copy(items[i]))
    return f"copied {shown((*path, i))} into {shown(target_path)}"


def move_to_sibling(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    pair = _siblings(box, rng)
    if pair is None:
        return None
    (path, items), (target_path, target) = pair
    i = rng.randrange(len(items))
    target.append(items.pop(i))
    return f"moved {shown((*path, i))} into {shown(target_path)}"


def empty_collection(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in nodes(box) if len(p) > 1 and isinstance(v, dict | list) and v])
    if chosen is None:
        return None
    put(box, chosen[0], type(chosen[1])())
    return f"emptied {shown(chosen[0])}"


def truncate_list(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, lists_of(box, 2))
    if chosen is None:
        return None
    keep = rng.randrange(1, len(chosen[1]))
    del chosen[1][keep:]
    return f"kept the first {keep} items of {shown(chosen[0])}"


def deep_nest(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in nodes(box) if len(p) > 1])
    if chosen is None:
        return None
    depth = rng.choice([1, 2, 10, 61, 62, 63, 64, 65, 100])
    value = chosen[1]
    as_list = rng.random() < 0.5
    for _ in range(depth):
        value = [value] if as_list else {"x": value}
    put(box, chosen[0], value)
    return f"nested {shown(chosen[0])} {depth} levels deep in {'lists' if as_list else 'mappings'}"


def alias(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    """Two places share one subtree: the dumped text holds an anchor and an alias to it."""
    containers = [(p, v) for p, v in nodes(box) if len(p) > 1 and isinstance(v, dict | list)]
    source = pick(rng, containers)
    if source is None:
        return None
    targets = [(p, v) for p, v in nodes(box) if len(p) > 1 and p[:len(source[0])] != source[0]
               and source[0][:len(p)] != p and (field_of(p) == field_of(source[0]) or rng.random() < 0.05)]
    if not targets:
        return None
    target = rng.choice(targets)
    put(box, target[0], source[1])
    return f"made {shown(target[0])} an alias of {shown(source[0])}"


def merge_key(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    """``<<: *anchor`` of another mapping (often a sibling: a fleet merged into a fleet)."""
    maps = [(p, v) for p, v in nodes(box) if isinstance(v, dict) and len(p) > 1]
    target = pick(rng, maps)
    if target is None or "<<" in target[1]:
        return None
    sources = [(p, v) for p, v in maps if v is not target[1] and p[:len(target[0])] != target[0]
               and target[0][:len(p)] != p]
    if not sources:
        return None
    source = rng.choice(sources)
    keys = list(target[1])
    if keys and rng.random() < 0.5:  # let the merge supply a key the mapping no longer has
        del target[1][rng.choice(keys)]
    target[1]["<<"] = source[1] if rng.random() < 0.8 else [source[1], {"extra": 1}]
    return f"merged {shown(source[0])} into {shown(target[0])} with '<<'"


def _copy(value: object) -> object:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


GENERIC_MUTATIONS: dict[str, tuple[DataMutation, float]] = {
    "delete-key": (delete_key, 3), "add-key": (add_key, 1.5), "misspell-key": (misspell_key, 1.5),
    "retype": (retype, 3), "misspell-value": (misspell_value, 2), "swap-values": (swap_values, 2),
    "plausible-value": (plausible_value, 6), "number-extreme": (number_extreme, 2), "number-nudge": (number_nudge, 4),
    "raw-number": (raw_number, 0.7), "long-string": (long_string, 0.7), "odd-string": (odd_string, 2),
    "move-point": (move_point, 1.5), "move-vertex": (move_vertex, 1.5), "reverse-list": (reverse_list, 1.5),
    "shuffle-list": (shuffle_list, 1), "drop-item": (drop_item, 3), "duplicate-item": (duplicate_item, 2),
    "swap-items": (swap_items, 1), "copy-to-sibling": (copy_to_sibling, 2), "move-to-sibling": (move_to_sibling, 2),
    "empty-collection": (empty_collection, 1.5), "truncate-list": (truncate_list, 1.5), "deep-nest": (deep_nest, 0.7),
    "alias": (alias, 1), "merge-key": (merge_key, 1),
}
