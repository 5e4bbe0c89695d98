"""Reading a committed dreadnought map for the tests of its own places (Baltic, Black Sea, North Sea): the
document as written, its geometry, and its named zones and ports by id."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]


def map_document(name: str) -> dict[str, Any]:
    """``scenarios/dreadnought/maps/<name>.yaml`` as plain data."""
    path = ROOT / "scenarios" / "dreadnought" / "maps" / f"{name}.yaml"
    loaded: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return loaded


def named(document: dict[str, Any]) -> dict[str, str]:
    """Zone name → zone id, for the zones the map names."""
    return {entry["name"]: entry["id"] for entry in document["zones"] if entry.get("name")}


def ports(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {port["id"]: port for port in document["ports"]}
