"""Mutations that know the documents: written orders, fleets, ports, the document's kind and root.

Same contract as ``data_mutations``: the box, a seeded ``random.Random`` and the vocabulary in; the data
changed in place and a note of what changed out, or ``None`` when there is nothing to change.
"""

from __future__ import annotations

import random
from typing import Any

from admiralty.contract import rulesets
from admiralty.fuzz.data_mutations import (
    GENERIC_MUTATIONS,
    DataMutation,
    Vocabulary,
    copy_to_sibling,
    drop_item,
    lists_of,
    move_point,
    shuffle_list,
)
from admiralty.fuzz.tree import field_of, is_point, nodes, pick, shown


def reorder_orders(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in lists_of(box, 2) if field_of(p) == "orders"])
    if chosen is None:
        return shuffle_list(box, rng, vocab)
    orders = chosen[1]
    how = rng.choice(["shuffled", "reversed", "rotated"])
    if how == "shuffled":
        rng.shuffle(orders)
    elif how == "reversed":
        orders.reverse()
    else:
        orders.append(orders.pop(0))
    return f"{how} the written orders {shown(chosen[0])}"


def drop_orders(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    chosen = pick(rng, [(p, v) for p, v in lists_of(box, 1) if field_of(p) == "orders"])
    if chosen is None:
        return drop_item(box, rng, vocab)
    orders = chosen[1]
    if rng.random() < 0.5:
        i = rng.randrange(len(orders))
        del orders[i]
        return f"dropped written order {i} of {shown(chosen[0])}"
    keep = rng.randrange(len(orders))
    del orders[keep:]
    return f"kept the first {keep} written orders of {shown(chosen[0])}"


def ship_in_two_fleets(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    """A ship (or unit) listed in a second fleet (or formation) as well."""
    return copy_to_sibling(box, rng, vocab, field="ships") or copy_to_sibling(box, rng, vocab, field="units")


def move_port(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    ports = [(p, v) for p, v in nodes(box) if len(p) > 2 and p[-2] == "ports" and isinstance(v, dict)
             and is_point(v.get("at"))]
    chosen = pick(rng, ports)
    if chosen is None:
        return move_point(box, rng, vocab)
    x, y = chosen[1]["at"]
    others = [v["at"] for _, v in ports]
    chosen[1]["at"] = rng.choice([list(rng.choice(others)), [x + rng.uniform(-30, 30), y + rng.uniform(-30, 30)],
                                  [x + 0.001, y], [-1, -1], [1e9, 1e9]])
    return f"moved port {chosen[1].get('id')!r} from {[x, y]} to {chosen[1]['at']}"


def kind_or_ruleset(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    root = box[0]
    if not isinstance(root, dict):
        return None
    key = rng.choice(["kind", "ruleset"])
    names = sorted(rulesets())  # every installed rule system, and near misses of one
    new = rng.choice(["map", "ships", "scenario", "tables", "table", *names, "Scenario", f"{names[0]} ", ""])
    root[key] = new
    return f"set {key} to {new!r}"


def replace_root(box: list[Any], rng: random.Random, vocab: Vocabulary) -> str | None:
    new: object = rng.choice([None, [], {}, "scenario", 12, [box[0]], list(box[0]) if isinstance(box[0], dict) else 0])
    box[0] = new
    return f"replaced the whole document by {type(new).__name__}"


DATA_MUTATIONS: dict[str, tuple[DataMutation, float]] = {
    **GENERIC_MUTATIONS,
    "reorder-orders": (reorder_orders, 2), "drop-orders": (drop_orders, 2),
    "ship-in-two-fleets": (ship_in_two_fleets, 1.5), "move-port": (move_port, 1),
    "kind-or-ruleset": (kind_or_ruleset, 0.3), "replace-root": (replace_root, 0.2),
}
