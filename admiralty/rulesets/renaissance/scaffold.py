"""The renaissance rule system's scaffold: the starter sea ``admiralty init`` writes and the scenario
skeleton ``admiralty new scenario`` builds over a corpus."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from admiralty.contract import Scaffold
from admiralty.scaffold.skeleton import BRIEFING, OUTCOME, SOURCES, SkeletonError, choose

RENAISSANCE_MAP = """\
kind: map
ruleset: renaissance
id: inner-sea
title: An inner sea (starter map)
description: |
  Three sea zones and three ports, to start from. Each sea is Mediterranean (a galley rolls two dice
  there) or Atlantic (one); a port opens on the seas next to it.
seas:
  - {id: western-basin, name: Western Basin, kind: mediterranean}
  - {id: eastern-basin, name: Eastern Basin, kind: mediterranean}
  - {id: outer-ocean, name: Outer Ocean, kind: atlantic}
ports:
  - {id: san-marco, name: San Marco, seas: [western-basin], power: venice}
  - {id: kalkan, name: Kalkan, seas: [eastern-basin], power: ottoman}
  - {id: porto-fino, name: Porto Fino, seas: [western-basin, outer-ocean], power: hapsburg}
adjacency:
  - [western-basin, eastern-basin]
  - [western-basin, outer-ocean]
"""


def skeleton(head: Mapping[str, object], models: Sequence[object], map_id: str | None,
             corpus: str) -> dict[str, object]:
    """The first two powers holding ports on the map meet in a sea by the second one's port: four galleys
    each and one combat there on turn 1 (RN combat); house points decide."""
    from admiralty.rulesets.renaissance.engine.model import RenaissanceMap

    sea_map = choose({m.id: m for m in models if isinstance(m, RenaissanceMap)}, map_id, "renaissance map", corpus)
    ports = sorted(sea_map.ports.values(), key=lambda p: (p.power, p.id))
    powers = list(dict.fromkeys(p.power for p in ports if p.seas))[:2]
    if len(powers) < 2:
        raise SkeletonError(f"map '{sea_map.id}' needs ports of two powers opening on a sea")
    attacker, defender = powers
    sea = next(p for p in ports if p.power == defender and p.seas).seas[0]
    return {**head, "briefing": BRIEFING, "outcome": OUTCOME, "sources": SOURCES, "map": sea_map.id, "powers": powers,
            "units": [{"at": sea, "power": attacker, "galleys": 4}, {"at": sea, "power": defender, "galleys": 4}],
            "actions": [{"kind": "combat", "attacker": attacker, "defender": defender, "at": sea, "turn": 1}],
            "smoke": {"games": 100, "balance": [0.1, 0.9], "players": ["scripted", "random"]}}


SCAFFOLD = Scaffold(documents={"maps/inner-sea.yaml": RENAISSANCE_MAP}, scenario="galley-fight-1560",
                    default_year=1560, skeleton=skeleton)
