"""The napoleonic rule system's scaffold: the starter table ``admiralty init`` writes and the scenario
skeleton ``admiralty new scenario`` builds over a corpus."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from admiralty.contract import Scaffold
from admiralty.scaffold.skeleton import BRIEFING, OUTCOME, SOURCES, choose

if TYPE_CHECKING:  # the rules' model is imported when a skeleton is built, not when the rule system is listed
    from admiralty.rulesets.napoleonic.engine.model import Table

NAPOLEONIC_TABLE = """\
kind: table
ruleset: napoleonic
id: village-field
title: A village and a field (starter table)
description: |
  A 120 by 80 cm table with one village in the middle of the northern half and a wood to its west. North
  is the top of the table.
size: [120, 80]
terrain:
  - id: village
    name: The village
    kind: built-up
    polygon: [[50, 50], [70, 50], [70, 64], [50, 64]]
  - id: wood
    name: The wood
    kind: rough
    polygon: [[8, 44], [30, 44], [30, 66], [8, 66]]
"""


def skeleton(head: Mapping[str, object], models: Sequence[object], table_id: str | None,
             corpus: str) -> dict[str, object]:
    """Two sides face each other across the table, a battalion and a battery each, in open ground clear of
    terrain; the figures lost and batteries destroyed decide (NA scoring)."""
    from admiralty.rulesets.napoleonic.engine.model import Table

    table = choose({m.id: m for m in models if isinstance(m, Table)}, table_id, "napoleonic table", corpus)
    width, depth = table.size
    free = free_spot(table)
    sides = [{"id": "attackers", "name": "Attackers"}, {"id": "defenders", "name": "Defenders"}]
    units, batteries = [], []
    for side, y, facing in (("attackers", 0.2, 0), ("defenders", 0.8, 180)):
        units.append({"id": f"{side}-battalion", "name": f"{side.capitalize()}' battalion", "side": side,
                      "type": "infantry", "class": "second", "figures": 16, "bases": 4, "formation": "line",
                      "at": free(width * 0.5, depth * y), "facing": facing})
        batteries.append({"id": f"{side}-battery", "name": f"{side.capitalize()}' battery", "side": side,
                          "guns": 4, "howitzers": 2, "at": free(width * 0.25, depth * y), "facing": facing})
    return {**head, "table": table.id, "briefing": BRIEFING, "outcome": OUTCOME, "sources": SOURCES,
            "turns": {"count": 6}, "sides": sides, "units": units, "batteries": batteries,
            "smoke": {"games": 50, "balance": [0.1, 0.9], "players": ["heuristic", "random"]}}


def free_spot(table: Table) -> Callable[[float, float], list[float]]:
    """A function giving the point nearest to (x, y), along the same row, at least 10 cm clear of every
    terrain piece and of the table's edges: a skeleton's troops stand in the open."""
    from shapely.geometry import Point, Polygon

    width, _ = table.size
    shapes = [Polygon(t.polygon) for t in table.terrain]

    def spot(x: float, y: float) -> list[float]:
        for step in range(0, int(width), 2):
            for candidate in (x + step, x - step):
                if 10 <= candidate <= width - 10 and all(s.distance(Point(candidate, y)) >= 10 for s in shapes):
                    return [round(candidate), round(y)]
        return [round(x), round(y)]

    return spot


SCAFFOLD = Scaffold(documents={"tables/village-field.yaml": NAPOLEONIC_TABLE}, scenario="village-fight-1813",
                    default_year=1813, skeleton=skeleton)
