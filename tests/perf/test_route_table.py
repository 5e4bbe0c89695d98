"""``Geography.route`` reads a precomputed breadth-first table instead of asking networkx each time: it must
give exactly the route networkx's ``single_source_shortest_path`` gave (same length, same tie-breaks)."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest

from admiralty.validator.pipeline import validate


def networkx_route(geo: Any, start: str, goal: str) -> list[str] | None:
    """The former implementation, kept here as the reference."""
    if start == goal:
        return []
    graph = nx.Graph()
    for zone, others in geo.neighbours.items():
        graph.add_node(zone)
        for other in others:
            graph.add_edge(zone, other)
    starts = [start] if start not in geo.ports else list(geo.ports[start].zones)
    goal_port = geo.ports.get(goal)
    goals = list(goal_port.zones) if goal_port is not None else [goal]
    best: list[str] | None = None
    for source in starts:
        if source not in graph:
            continue
        paths = nx.single_source_shortest_path(graph, source)
        for target in goals:
            path = paths.get(target)
            if path is None:
                continue
            entered = path if start in geo.ports else path[1:]
            if best is None or len(entered) < len(best):
                best = list(entered)
    if best is None:
        return None
    return [*best, goal] if goal_port is not None else best


@pytest.mark.parametrize("scenario_id", ["otranto-1917", "ancona-1915", "szent-istvan-1918"])
def test_route_table_gives_networkx_routes(scenario_id: str) -> None:
    scenario = next(s for s in validate(["scenarios"]).scenarios if s.id == scenario_id)
    geo = scenario.geography
    places = sorted(geo.neighbours)[::3] + sorted(geo.ports)
    for start in places:
        for goal in places[::2]:
            assert geo.route(start, goal) == networkx_route(geo, start, goal), (start, goal)
            assert geo.route(start, goal) == networkx_route(geo, start, goal)  # the remembered answer too
