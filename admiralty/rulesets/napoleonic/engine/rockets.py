"""Rockets (seed 003, "Ракеты"): NA-rocket.

Range 80 cm, and the battery must see its target. One unmodified 2d6 roll per battery fire:

* 12: direct hit, the target loses 6 figures, and the "double six" table;
* 9-11: the target loses 1 figure and wavers; a building (or built-up area) catches fire;
* 4-8: miss;
* 3: the battery's own unit nearest to it loses 2 figures;
* 2: misfire and explosion: the battery is destroyed (it routs).

The table itself is data (``tables.yaml``, ``rockets``). Rockets are not round shot: no penetration.
"""

from __future__ import annotations

from fractions import Fraction

from .house import NapoleonicTables, TableRow, row_for


def rocket_range(tables: NapoleonicTables) -> float:
    """NA-rocket: the rocket range in cm."""
    return tables.rocket_range


def rocket_result(dice: tuple[int, int], tables: NapoleonicTables) -> TableRow:
    """NA-rocket: the row of the rocket table for an unmodified 2d6 roll."""
    return row_for(tables.rockets, dice[0] + dice[1])


def expected_rocket_figures(tables: NapoleonicTables) -> float:
    """The mean figures a rocket roll takes from its target (what the heuristic player compares)."""
    total = Fraction(0)
    for a in range(1, 7):
        for b in range(1, 7):
            total += Fraction(rocket_result((a, b), tables).figures, 36)
    return float(total)
