"""The dreadnought rule system's scaffold: the starter corpus ``admiralty init`` writes (a 4 x 4 sea, two
navies' catalogs) and the scenario skeleton ``admiralty new scenario`` builds over a corpus."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

import networkx as nx

from admiralty.contract import Scaffold
from admiralty.scaffold.skeleton import BRIEFING, OUTCOME, SOURCES, SkeletonError, choose, title_of

if TYPE_CHECKING:
    from admiralty.rulesets.dreadnought.engine.model import Catalog, Port, SeaMap

DREADNOUGHT_MAP = """\
kind: map
ruleset: dreadnought
id: narrow-sea
title: A narrow sea (starter map)
description: |
  A four-by-four grid of 10-unit sea zones between two coasts, to start from. Replace it with your own
  map: `admiralty map from-geojson --help` builds one from coastlines and a grid.
grid:
  rows: [A, D]
  columns: [1, 4]
  cell: 10
  origin: [0, 0]
zones:
  - {id: B2, name: The Narrows}
land:
  - id: westland
    name: Westland
    nation: germany
    polygon: [[0, 0], [10, 0], [10, 20], [0, 20]]
  - id: eastland
    name: Eastland
    nation: britain
    polygon: [[30, 0], [40, 0], [40, 10], [30, 10]]
  - id: rock
    name: The Rock
    nation: britain
    polygon: [[22, 32], [24, 32], [24, 34], [22, 34]]
ports:
  - {id: westhaven, name: Westhaven, nation: germany, at: [10, 15]}
  - {id: eastport, name: Eastport, nation: britain, at: [35, 10]}
adjacency: derived
"""


DREADNOUGHT_GERMANY = """\
kind: ships
ruleset: dreadnought
id: germany-1916
nation: germany
title: Light cruisers of the Kaiserliche Marine (starter catalog)
classes:
  - id: wiesbaden
    name: Wiesbaden
    type: CL
    speed: "2"
    hull: 5
    armoured: true
    fuel: {kind: coal, boxes: 6}
    gunnery: {primary: 3, secondary: 0, tertiary: 0}
    torpedo: 2
    victory_points: 10
ships:
  - {name: Frankfurt, class: wiesbaden, leader: true}
  - {name: Wiesbaden, class: wiesbaden}
"""


DREADNOUGHT_BRITAIN = """\
kind: ships
ruleset: dreadnought
id: britain-1916
nation: britain
title: Light cruisers of the Royal Navy (starter catalog)
classes:
  - id: arethusa
    name: Arethusa
    type: CL
    speed: "2"
    hull: 4
    armoured: true
    fuel: {kind: oil, boxes: 5}
    gunnery: {primary: 2, secondary: 1, tertiary: 1}
    torpedo: 2
    victory_points: 8
ships:
  - {name: Arethusa, class: arethusa, leader: true}
  - {name: Aurora, class: arethusa}
"""


def skeleton(head: Mapping[str, object], models: Sequence[object], map_id: str | None,
             corpus: str) -> dict[str, object]:
    """Two nations' squadrons (two combat ships each, from their catalogs) leave their ports on the map and
    steam along the shortest sea route towards each other, one zone a turn (DN-5.1 written orders); the
    side ahead on victory points wins (DN-victory ``vp-lead``)."""
    from admiralty.rulesets.dreadnought.engine.model import SeaMap

    sea_map = choose({m.id: m for m in models if isinstance(m, SeaMap)}, map_id, "dreadnought map", corpus)
    navies = _navies(sea_map, models)
    route, picks = _closest_navies(sea_map, navies)
    middle = (len(route) + 1) // 2
    legs = (route[:middle], list(reversed(route[middle - 1:])) if len(route) > 1 else route)
    turns = max(12, len(route) + 6)
    sides = []
    for (catalog, port, ships), leg in zip(picks, legs, strict=True):
        sides.append({"id": catalog.nation, "name": title_of(catalog.nation), "nations": [catalog.nation],
                      "fleets": [{"id": f"{catalog.nation}-squadron", "mission": "intercept", "start": port.id,
                                  "ships": ships, "orders": [*leg, "stay"]}]})
    return {**head, "map": sea_map.id, "catalogs": [c.id for c, _, _ in picks], "briefing": BRIEFING,
            "outcome": OUTCOME, "sources": SOURCES, "turns": {"count": turns, "night": [turns - 1, turns]},
            "sides": sides,
            "victory": {"conditions": [{"side": s["id"], "kind": "vp-lead", "value": 1} for s in sides],
                        "otherwise": "draw"},
            "smoke": {"games": 50, "balance": [0.1, 0.9]}}


Navy = tuple["Catalog", list["Port"], list[str]]  # a catalog, its nation's ports on the map, two of its ships


def _navies(sea_map: SeaMap, models: Sequence[object]) -> dict[str, Navy]:
    """Nation -> (its first catalog by id, its ports on the map that open on the sea, two of its combat ships)."""
    from admiralty.rulesets.dreadnought.engine.model import Catalog

    navies: dict[str, Navy] = {}
    for catalog in sorted((m for m in models if isinstance(m, Catalog)), key=lambda c: c.id):
        ports = [p for _, p in sorted(sea_map.ports.items()) if p.nation == catalog.nation and p.zones]
        ships = [s.name for s in catalog.ships.values() if s.cls.is_combat and s.nation == catalog.nation][:2]
        if ports and ships and catalog.nation not in navies:
            navies[catalog.nation] = (catalog, ports, ships)
    return navies


def _closest_navies(sea_map: SeaMap, navies: dict[str, Navy]) \
        -> tuple[list[str], list[tuple[Catalog, Port, list[str]]]]:
    """The two navies whose ports lie closest by sea, so that the squadrons meet within the turns: the route
    between their ports, and (catalog, port, ships) of each."""
    graph = nx.Graph([(a, b) for a, near in sea_map.topology.neighbours.items() for b in near])
    routes = [(_route(graph, a.zones[0], b.zones[0]), first, second, a, b)
              for first, second in combinations(sorted(navies), 2)
              for a in navies[first][1] for b in navies[second][1]]
    if not routes:
        raise SkeletonError(f"the corpus needs ship catalogs of two nations that hold ports on map '{sea_map.id}'")
    route, first, second, port_a, port_b = min(routes, key=lambda r: (len(r[0]) if r[0] else math.inf,
                                                                       r[1], r[2], r[3].id, r[4].id))
    route = route or [port_a.zones[0], port_b.zones[0]]  # no sea route: each squadron puts to sea and waits
    return route, [(navies[first][0], port_a, navies[first][2]), (navies[second][0], port_b, navies[second][2])]


def _route(graph: nx.Graph, start: str, end: str) -> list[str]:
    """The shortest sea route between two zones, both included; empty when the sea does not connect them."""
    try:
        route: list[str] = nx.shortest_path(graph, start, end)
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return []
    return route


SCAFFOLD = Scaffold(
    documents={"maps/narrow-sea.yaml": DREADNOUGHT_MAP, "ships/germany-1916.yaml": DREADNOUGHT_GERMANY,
               "ships/britain-1916.yaml": DREADNOUGHT_BRITAIN},
    scenario="first-sortie-1916", default_year=1916, skeleton=skeleton)
