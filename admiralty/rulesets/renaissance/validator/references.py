"""Which documents a renaissance document refers to (``Ruleset.references``): a scenario, its map."""

from __future__ import annotations


def references(kind: str, data: object) -> list[tuple[str, str]]:
    if kind == "scenario" and isinstance(data, dict) and isinstance(data.get("map"), str):
        return [("map", data["map"])]
    return []
