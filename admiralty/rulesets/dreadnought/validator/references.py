"""Which documents a dreadnought document refers to (``Ruleset.references``): a scenario, its map and catalogs."""

from __future__ import annotations

from typing import Any


def references(kind: str, data: Any) -> list[tuple[str, str]]:
    if kind != "scenario" or not isinstance(data, dict):
        return []
    found = [("map", data["map"])] if isinstance(data.get("map"), str) else []
    catalogs = data.get("catalogs")
    found += [("ships", c) for c in catalogs if isinstance(c, str)] if isinstance(catalogs, list) else []
    return found
