"""The ruleset's tables (``tables.yaml``) as one typed, read-only object.

``admiralty.engine.tables`` reads the file, checks it against ``../schemas/tables.schema.json`` and
merges a game's ``tables`` option key by key at every level; ``tables_from`` then types the result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from admiralty.engine.tables import HouseTables

HOUSE = HouseTables.packaged("renaissance")
TABLES_PATH = HOUSE.file


@dataclass(frozen=True)
class CombatCard:
    """A combat card played as an event in steps 3-4 (RN-3-4): dice added to its side and to the enemy's."""

    id: str
    name: str
    own_dice: int
    enemy_dice: int


@dataclass(frozen=True)
class Reaction:
    """A reaction card played after the roll (RN-6): ``extra_dice`` more dice for the chosen side."""

    id: str
    name: str
    zone: str
    extra_dice: int


@dataclass(frozen=True)
class Tables:
    """Every number the rules code reads; built from ``tables.yaml`` (plus a scenario's overrides)."""

    dice_per_unit: Mapping[str, Mapping[str, int]]
    armada_per_strength: int
    per_leader_rating: int
    port_defender: int
    hit_on: frozenset[int]
    flush_deck_power: str
    flush_deck_face: int
    corsair_powers: frozenset[str]
    combat_cards: Mapping[str, CombatCard]
    reactions: Mapping[str, Reaction]
    armada_strength_per_loss: int
    leader_return: str
    points_destroyed: Mapping[str, float]
    points_battle_won: float
    unit_cost: Mapping[str, float]


def tables_from(data: Mapping[str, Any]) -> Tables:
    """Build the typed tables from a ``tables.yaml``-shaped mapping."""
    cost = {k: float(v) for k, v in data["unit_cost"].items() if k != "house"}
    return Tables(
        dice_per_unit=data["dice"]["per_unit"],
        armada_per_strength=int(data["dice"]["armada_per_strength"]),
        per_leader_rating=int(data["dice"]["per_leader_rating"]),
        port_defender=int(data["dice"]["port_defender"]),
        hit_on=frozenset(int(face) for face in data["hit_on"]),
        flush_deck_power=str(data["flush_deck"]["power"]),
        flush_deck_face=int(data["flush_deck"]["ignores_face"]),
        corsair_powers=frozenset(data["corsair_powers"]),
        combat_cards={
            c["id"]: CombatCard(c["id"], c["name"], int(c["own_dice"]), int(c["enemy_dice"]))
            for c in data["combat_cards"]["cards"]
        },
        reactions={
            r["id"]: Reaction(r["id"], r["name"], r["zone"], int(r["extra_dice"])) for r in data["reactions"]
        },
        armada_strength_per_loss=int(data["armada"]["strength_per_loss"]),
        leader_return=str(data["turn_track"]["leader_return"]),
        points_destroyed={k: float(v) for k, v in data["points"]["destroyed"].items()},
        points_battle_won=float(data["points"]["battle_won"]),
        unit_cost=cost,
    )


def load_tables(overrides: object = None) -> Tables:
    """The ruleset's tables, with ``overrides`` (a mapping of the same shape as ``tables.yaml``: a scenario's
    ``rules.tables`` or a game's ``tables`` option) merged in; ``TablesError`` when they no longer fit the
    schema (anything but a mapping fails in the merge, as it always has)."""
    if not overrides:
        return _default_tables()
    return tables_from(HOUSE.merged(cast(Mapping[str, object], overrides)))


@cache
def _default_tables() -> Tables:
    return tables_from(HOUSE.base())
