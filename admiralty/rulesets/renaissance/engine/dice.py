"""Dice rolled in a naval battle (RN-dice): how many each side rolls (the rolling is
``admiralty.engine.dice``'s, through ``RenaissanceState.roll``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .model import UNIT_KINDS, Leader, Units, ZoneKind
from .tables import Tables


@dataclass(frozen=True)
class DiceCount:
    """One side's dice before cards: per unit kind, for its best leader, for defending a port."""

    units: dict[str, int]
    leader: int
    port_defender: int

    @property
    def total(self) -> int:
        return sum(self.units.values()) + self.leader + self.port_defender


def unit_dice(units: Units, zone: ZoneKind, tables: Tables) -> dict[str, int]:
    """RN-dice: dice per unit kind; a galley rolls 1 in an Atlantic zone, 2 in a port or the Mediterranean.

    >>> from admiralty.rulesets.renaissance.engine.tables import load_tables
    >>> unit_dice(Units(galleys=3, armada=4), "atlantic", load_tables())
    {'galleys': 3, 'armada': 4}
    """
    dice: dict[str, int] = {}
    for kind in UNIT_KINDS:
        if not units.count(kind):
            continue
        if kind == "armada":
            dice[kind] = units.armada * tables.armada_per_strength
        else:
            dice[kind] = units.count(kind) * tables.dice_per_unit[kind][zone]
    return dice


def best_rating(leaders: Iterable[Leader], power: str, at: str, where: dict[str, str | None]) -> int:
    """RN-dice: the highest battle rating among ``power``'s leaders now at ``at`` (0 with none).

    ``where`` gives each leader's current location (leaders move during play; the model is the start).
    """
    ratings = [leader.battle_rating for leader in leaders if leader.power == power and where[leader.id] == at]
    return max(ratings, default=0)


def battle_dice(units: Units, rating: int, zone: ZoneKind, defender: bool, tables: Tables) -> DiceCount:
    """RN-dice: one side's dice; the defender adds one only when the battle is in a port."""
    return DiceCount(
        units=unit_dice(units, zone, tables),
        leader=rating * tables.per_leader_rating,
        port_defender=tables.port_defender if defender and zone == "port" else 0,
    )
