"""Graph checks of a dreadnought map (networkx): one connected sea, every port opening on the sea."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from admiralty.engine.rulesets.dreadnought.model import SeaMap
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic, register

register("GRA001", "Zone adjacent to itself", "An adjacency pair or blocked border names the same zone "
         "twice.", wrong="adjacency: [[Q31, Q31]]", right="adjacency: [[Q31, Q32]]")
register("GRA002", "Sea zones not connected", "Some sea zones cannot be reached from the others along "
         "adjacency: a fleet could never get there. The diagnostic lists each separate group of zones. Add "
         "the missing adjacency, remove a wrong blocked border, or check the land that cuts the sea in two.",
         wrong="zones A1, A2 | B5, B6 with no border between the groups",
         right="adjacency: [[A2, B5]] (or a shared border that is not all land)")
register("GRA003", "Port opens on no sea zone", "A port must open onto at least one sea zone, or no "
         "fleet can leave it. Move the port onto the coast next to a zone, or list its `zones:`.",
         wrong="at: [12.0, 40.0]   # far inland", right="at: [10.0, 15.0]   # on the coast")


def sea_graph(sea_map: SeaMap) -> nx.Graph:
    """The sea zones as a networkx graph along the map's (declared or derived) adjacency (built once)."""
    return sea_map.derived("sea_graph", lambda: _build_graph(sea_map))


def _build_graph(sea_map: SeaMap) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(sea_map.zones)
    for zone, neighbours in sea_map.topology.neighbours.items():
        graph.add_edges_from((zone, other) for other in neighbours)
    return graph


@check("dreadnought", SeaMap, "GRA001")
def self_adjacent_pairs(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    for i, (a, b) in enumerate(sea_map.declared_adjacency or ()):
        if a == b:
            yield ctx.at("GRA001", f"zone {a} is listed as adjacent to itself", sea_map.source.child("adjacency", i),
                         "a pair names two different zones")
    for pair in sea_map.blocked:
        if len(pair) == 1:
            (zone,) = tuple(pair)
            yield ctx.at("GRA001", f"blocked border {zone}-{zone} names one zone twice",
                         sea_map.source.child("blocked"), "a blocked border names two different zones")


@check("dreadnought", SeaMap, "GRA002")
def one_connected_sea(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    """Every sea zone can reach every other: otherwise report each smaller component and its zones."""
    components = sorted(nx.connected_components(sea_graph(sea_map)), key=lambda c: (-len(c), min(c)))
    if len(components) <= 1:
        return
    main = components[0]
    for component in components[1:]:
        zones = sorted(component)
        first = sea_map.zones[zones[0]]
        shown = ", ".join(zones[:12]) + (" ..." if len(zones) > 12 else "")
        yield ctx.at("GRA002", f"{len(zones)} zone(s) cut off from the other {len(main)}: {shown}", first.source,
                     "add adjacency to the main sea, or remove the blocked border or land that separates them")


@check("dreadnought", SeaMap, "GRA003")
def ports_open_on_the_sea(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    for port in sea_map.ports.values():
        if not port.zones:
            yield ctx.at("GRA003", f"port '{port.id}' opens on no sea zone", port.source.child("at"),
                         "place the port on the coast beside a sea zone, or list the zones it opens on in `zones:`")
