"""Naval transport (RN-16.3): a land formation crosses connected sea zones that hold its power's ships."""

from __future__ import annotations

from collections.abc import Container

from .model import RenaissanceMap, sea_graph


def transport_path(
    sea_map: RenaissanceMap, seas_with_own_ships: Container[str], from_port: str, to_port: str
) -> list[str] | None:
    """RN-16.3: the shortest chain of sea zones from ``from_port`` to ``to_port``, every zone holding the
    power's naval units (``None`` when there is no such chain).

    The search runs on the sea-zone graph cut down to those zones, with the two ports joined to the
    zones they open on; ties go to the first zones in map order.
    """
    import networkx as nx  # here, where the graph algorithm runs: checking a scenario without transports needs none

    # Built node by node in map order (not graph.subgraph, whose node order follows a set) so that the
    # breadth-first search breaks ties the same way in every process.
    usable = nx.Graph()
    usable.add_nodes_from(sea for sea in sea_map.seas if sea in seas_with_own_ships)
    usable.add_edges_from((a, b) for a, b in sea_graph(sea_map).edges if a in usable and b in usable)
    start, end = ("port", from_port), ("port", to_port)
    usable.add_node(start)
    usable.add_node(end)
    for port, node in ((from_port, start), (to_port, end)):
        usable.add_edges_from((node, sea) for sea in sea_map.ports[port].seas if sea in usable)
    try:
        path = nx.shortest_path(usable, start, end)
    except nx.NetworkXNoPath:
        return None
    seas = [str(node) for node in path[1:-1]]
    return seas or None
