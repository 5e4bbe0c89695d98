"""Fires in buildings and built-up areas (seed 003, "Возгорание зданий"): NA-fire-a, NA-fire-b.

Also where units stand: a unit is *in* a terrain piece when at least ``in_terrain_share`` (house: half) of
its footprint's area lies inside it. A target "in buildings" is a unit in a building or built-up area, or
such a terrain piece fired at directly.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping, Sequence

from shapely.geometry import Polygon

from admiralty.engine.dice import Dice, roll

from .geometry import EPSILON, share_inside, terrain_shape
from .house import NapoleonicTables, TableRow, row_for
from .model import Table, Terrain

BURNING_KINDS = ("building", "built-up")


def terrain_of(shape: Polygon, terrain: Table | Iterable[Terrain], kinds: Sequence[str],
               tables: NapoleonicTables) -> Terrain | None:
    """The piece of one of ``kinds`` holding the largest share of ``shape`` (at least the house share).
    Given the ``Table``, only the pieces its index finds near ``shape`` are measured."""
    best: tuple[float, Terrain] | None = None
    threshold = tables.in_terrain_share - EPSILON
    if isinstance(terrain, Table):
        # A piece apart from the shape holds none of it (unless the house share is zero).
        terrain = terrain.terrain_near(shape) if threshold > 0 else terrain.terrain
    for piece in terrain:
        if piece.kind not in kinds:
            continue
        share = share_inside(shape, terrain_shape(piece))
        if share >= threshold and (best is None or share > best[0]):
            best = (share, piece)
    return best[1] if best else None


def fire_needs(howitzers: int, tables: NapoleonicTables, *, ignition_by_guns: bool = False) -> int | None:
    """NA-fire-a: the least 2d6 total that sets the target alight for a battery with ``howitzers``.

    The seed has *any artillery that includes howitzers* roll: 1 howitzer 12, 2 11-12, 3 10-12, 4 or more
    9-12. Literally, a battery without howitzers does not roll (``None``); the option
    ``ignition_by_guns`` reads the seed's remark that howitzers burn buildings *more readily* than guns as
    guns burning them too, on the house value ``guns_only_needs``.
    """
    if howitzers <= 0:
        return tables.guns_only_needs if ignition_by_guns else None
    needs = tables.fire_risk[0][1]
    for least, needed in tables.fire_risk:
        if howitzers >= least:
            needs = needed
    return needs


def ignites(dice: tuple[int, int], needs: int) -> bool:
    """NA-fire-a: does this 2d6 roll start a fire?"""
    return sum(dice) >= needs


def is_double_six(dice: Sequence[int]) -> bool:
    """NA-fire-a / NA-rocket: a double six also goes to the "double six" table."""
    return len(dice) == 2 and dice[0] == 6 and dice[1] == 6


def double_six_effect(die: int, tables: NapoleonicTables) -> TableRow:
    """The house "double six" table row for one d6 (``effect``, ``figures``, ``wavers``, ``fire``)."""
    return row_for(tables.double_six, die)


def roll_2d6(dice: Dice) -> tuple[int, int]:
    first, second = roll(dice, 2)
    return first, second


def set_alight(burning: MutableMapping[str, int], terrain: Terrain, turn: int) -> bool:
    """NA-fire-b: start a fire in ``terrain``; ``False`` when it already burnt (a piece burns once only).

    A fire is never put out: ``burning`` only ever grows, and keeps the turn each fire started.
    """
    if terrain.kind not in BURNING_KINDS:
        return False
    if terrain.id in burning:
        return False
    burning[terrain.id] = turn
    return True
