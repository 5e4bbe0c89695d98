"""Which documents a napoleonic document refers to (``Ruleset.references``): a scenario, its table."""

from __future__ import annotations


def references(kind: str, data: object) -> list[tuple[str, str]]:
    if kind == "scenario" and isinstance(data, dict) and isinstance(data.get("table"), str):
        return [("table", data["table"])]
    return []
