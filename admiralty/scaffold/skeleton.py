"""Scenario skeletons for ``admiralty new scenario`` and ``admiralty init``, one builder per bundled rule
system: the smallest scenario that validates against the corpus's own map (or table) and catalogs and
plays to a decision. The two sides start apart and are sent towards each other, so that smoke games end
in wins as well as draws: a skeleton whose every game is a draw tells the author nothing.

A builder takes the built models of its rule system (what the validator built from the corpus) and
returns the scenario's body; it raises ``SkeletonError`` with a sentence for the author when the corpus
lacks what a scenario needs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any, TypeVar

import networkx as nx

YEAR = re.compile(r"-(\d{4})$")
DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
DEFAULT_YEAR = {"dreadnought": 1916, "renaissance": 1560, "napoleonic": 1813}
BRIEFING = "Write the historical background here (Markdown): who, where, why, and what happened.\n"
SOURCES = ["Name your sources here: author, title, publisher, year."]

T = TypeVar("T")


class SkeletonError(Exception):
    """The corpus lacks what a skeleton needs; the message says what, for the author."""


def title_and_date(scenario_id: str, ruleset: str, date: str | None) -> tuple[str, str]:
    """A title and a date that agree: the year comes from ``date`` or from the id's last part
    (``lissa-1916`` is 1916), else the rule system's usual year; the title is the id's words and that
    year (``Lissa, 1916``). An id and a date naming different years are refused."""
    named = YEAR.search(scenario_id)
    if date is not None:
        if not DATE.match(date):
            raise SkeletonError(f"--date '{date}' is not YYYY-MM-DD")
        year = date[:4]
        if named and named.group(1) != year:
            raise SkeletonError(f"the id says {named.group(1)} but --date says {year}; make them agree")
    else:
        year = named.group(1) if named else str(DEFAULT_YEAR.get(ruleset, 1900))
        date = f"{year}-01-01"
    words = YEAR.sub("", scenario_id).replace("-", " ").strip()
    name = " ".join(w.capitalize() for w in words.split()) if words else "Untitled"
    return f"{name}, {year}", date


def _choose(found: Mapping[str, T], wanted: str | None, what: str, corpus: str) -> T:
    if not found:
        raise SkeletonError(f"no valid {what} under '{corpus}'; validate it first")
    if wanted is None:
        return found[sorted(found)[0]]
    if wanted not in found:
        raise SkeletonError(f"no {what} '{wanted}' under '{corpus}'; known: {', '.join(sorted(found))}")
    return found[wanted]


def _title(nation: str) -> str:
    return " ".join(w.capitalize() for w in nation.split("-"))


def dreadnought(head: dict[str, Any], models: Sequence[Any], map_id: str | None, corpus: str) -> dict[str, Any]:
    """Two nations' squadrons (two combat ships each, from their catalogs) leave their ports on the map and
    steam along the shortest sea route towards each other, one zone a turn (DN-5.1 written orders); the
    side ahead on victory points wins (DN-victory ``vp-lead``)."""
    from admiralty.engine.rulesets.dreadnought.model import Catalog, SeaMap

    sea_map = _choose({m.id: m for m in models if isinstance(m, SeaMap)}, map_id, "dreadnought map", corpus)
    graph = nx.Graph([(a, b) for a, near in sea_map.topology.neighbours.items() for b in near])
    navies: dict[str, tuple[Any, list[Any], list[str]]] = {}
    for catalog in sorted((m for m in models if isinstance(m, Catalog)), key=lambda c: c.id):
        ports = [p for _, p in sorted(sea_map.ports.items()) if p.nation == catalog.nation and p.zones]
        ships = [s.name for s in catalog.ships.values() if s.cls.is_combat and s.nation == catalog.nation][:2]
        if ports and ships and catalog.nation not in navies:
            navies[catalog.nation] = (catalog, ports, ships)
    # The two navies whose ports lie closest by sea, so that the squadrons meet within the turns.
    routes = [(_route(graph, a.zones[0], b.zones[0]), first, second, a, b)
              for first, second in combinations(sorted(navies), 2)
              for a in navies[first][1] for b in navies[second][1]]
    if not routes:
        raise SkeletonError(f"the corpus needs ship catalogs of two nations that hold ports on map '{sea_map.id}'")
    route, first, second, port_a, port_b = min(routes, key=lambda r: (len(r[0]) if r[0] else math.inf,
                                                                       r[1], r[2], r[3].id, r[4].id))
    route = route or [port_a.zones[0], port_b.zones[0]]  # no sea route: each squadron puts to sea and waits
    picks = [(navies[first][0], port_a, navies[first][2]), (navies[second][0], port_b, navies[second][2])]
    middle = (len(route) + 1) // 2
    legs = (route[:middle], list(reversed(route[middle - 1:])) if len(route) > 1 else route)
    turns = max(12, len(route) + 6)
    sides = []
    for (catalog, port, ships), leg in zip(picks, legs, strict=True):
        sides.append({"id": catalog.nation, "name": _title(catalog.nation), "nations": [catalog.nation],
                      "fleets": [{"id": f"{catalog.nation}-squadron", "mission": "intercept", "start": port.id,
                                  "ships": ships, "orders": [*leg, "stay"]}]})
    return {**head, "map": sea_map.id, "catalogs": [c.id for c, _, _ in picks], "briefing": BRIEFING,
            "sources": SOURCES, "turns": {"count": turns, "night": [turns - 1, turns]}, "sides": sides,
            "victory": {"conditions": [{"side": s["id"], "kind": "vp-lead", "value": 1} for s in sides],
                        "otherwise": "draw"},
            "smoke": {"games": 50, "balance": [0.1, 0.9]}}


def _route(graph: nx.Graph, start: str, end: str) -> list[str]:
    """The shortest sea route between two zones, both included; empty when the sea does not connect them."""
    try:
        route: list[str] = nx.shortest_path(graph, start, end)
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return []
    return route


def renaissance(head: dict[str, Any], models: Sequence[Any], map_id: str | None, corpus: str) -> dict[str, Any]:
    """The first two powers holding ports on the map meet in a sea by the second one's port: four galleys
    each and one combat there on turn 1 (RN combat); house points decide."""
    from admiralty.engine.rulesets.renaissance.model import RenaissanceMap

    sea_map = _choose({m.id: m for m in models if isinstance(m, RenaissanceMap)}, map_id, "renaissance map", corpus)
    ports = sorted(sea_map.ports.values(), key=lambda p: (p.power, p.id))
    powers = list(dict.fromkeys(p.power for p in ports if p.seas))[:2]
    if len(powers) < 2:
        raise SkeletonError(f"map '{sea_map.id}' needs ports of two powers opening on a sea")
    attacker, defender = powers
    sea = next(p for p in ports if p.power == defender and p.seas).seas[0]
    return {**head, "briefing": BRIEFING, "sources": SOURCES, "map": sea_map.id, "powers": powers,
            "units": [{"at": sea, "power": attacker, "galleys": 4}, {"at": sea, "power": defender, "galleys": 4}],
            "actions": [{"kind": "combat", "attacker": attacker, "defender": defender, "at": sea, "turn": 1}],
            "smoke": {"games": 100, "balance": [0.1, 0.9], "players": ["scripted", "random"]}}


def napoleonic(head: dict[str, Any], models: Sequence[Any], table_id: str | None, corpus: str) -> dict[str, Any]:
    """Two sides face each other across the table, a battalion and a battery each, in open ground clear of
    terrain; the figures lost and batteries destroyed decide (NA scoring)."""
    from admiralty.engine.rulesets.napoleonic.model import Table

    table = _choose({m.id: m for m in models if isinstance(m, Table)}, table_id, "napoleonic table", corpus)
    width, depth = table.size
    free = _free_spot(table)
    sides = [{"id": "attackers", "name": "Attackers"}, {"id": "defenders", "name": "Defenders"}]
    units, batteries = [], []
    for side, y, facing in (("attackers", 0.2, 0), ("defenders", 0.8, 180)):
        units.append({"id": f"{side}-battalion", "name": f"{side.capitalize()}' battalion", "side": side,
                      "type": "infantry", "class": "second", "figures": 16, "bases": 4, "formation": "line",
                      "at": free(width * 0.5, depth * y), "facing": facing})
        batteries.append({"id": f"{side}-battery", "name": f"{side.capitalize()}' battery", "side": side,
                          "guns": 4, "howitzers": 2, "at": free(width * 0.25, depth * y), "facing": facing})
    return {**head, "table": table.id, "briefing": BRIEFING, "sources": SOURCES, "turns": {"count": 6},
            "sides": sides, "units": units, "batteries": batteries,
            "smoke": {"games": 50, "balance": [0.1, 0.9], "players": ["heuristic", "random"]}}


def _free_spot(table: Any) -> Callable[[float, float], list[float]]:
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


Builder = Callable[[dict[str, Any], Sequence[Any], "str | None", str], dict[str, Any]]
BUILDERS: dict[str, Builder] = {"dreadnought": dreadnought, "renaissance": renaissance, "napoleonic": napoleonic}
"""The skeleton builder of each bundled rule system."""


def build_skeleton(ruleset: str, scenario_id: str, date: str | None, models: Sequence[Any], place: str | None,
                   corpus: str) -> dict[str, Any]:
    """The skeleton scenario of ``ruleset`` named ``scenario_id`` over the corpus's built ``models``."""
    if ruleset not in BUILDERS:
        raise SkeletonError(f"admiralty has no scenario skeleton for rule system '{ruleset}'; known: "
                            f"{', '.join(sorted(BUILDERS))}")
    title, when = title_and_date(scenario_id, ruleset, date)
    head = {"kind": "scenario", "ruleset": ruleset, "id": scenario_id, "title": title, "date": when}
    return BUILDERS[ruleset](head, models, place, corpus)
