"""Graph checks of a dreadnought map: one connected sea, every port opening on the sea.

The two graph algorithms needed (connected components, distances from a set of zones) are breadth-first
sweeps over the topology's neighbours, written here: importing networkx for them cost a validate twenty
times the work itself."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from admiralty.rulesets.dreadnought.engine.geography import breadth_first
from admiralty.rulesets.dreadnought.engine.model import SeaMap
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic


def sea_graph(sea_map: SeaMap) -> dict[str, set[str]]:
    """The sea zones and their neighbours along the map's (declared or derived) adjacency, both ways
    (built once per map)."""
    return sea_map.derived("sea_graph", lambda: _build_graph(sea_map))


def _build_graph(sea_map: SeaMap) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {zone: set() for zone in sea_map.zones}
    for zone, neighbours in sea_map.topology.neighbours.items():
        for other in neighbours:
            graph.setdefault(zone, set()).add(other)
            graph.setdefault(other, set()).add(zone)
    return graph


def connected_components(graph: dict[str, set[str]]) -> list[set[str]]:
    """The zones of each connected part of ``graph`` (the engine's breadth-first sweep from each unseen zone)."""
    seen: set[str] = set()
    parts: list[set[str]] = []
    for seed in graph:
        if seed not in seen:
            part = set(breadth_first(graph, [seed]))
            seen |= part
            parts.append(part)
    return parts


def distances_from(graph: dict[str, set[str]], sources: Iterable[str]) -> dict[str, int]:
    """Zones to cross from the nearest of ``sources`` to every zone reachable from them."""
    return {zone: steps for zone, (_, steps) in breadth_first(graph, sources).items()}


@check(SeaMap, "GRA001")
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


@check(SeaMap, "GRA002")
def one_connected_sea(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    """Every sea zone can reach every other: otherwise report each smaller component and its zones."""
    components = sorted(connected_components(sea_graph(sea_map)), key=lambda c: (-len(c), min(c)))
    if len(components) <= 1:
        return
    main = components[0]
    for component in components[1:]:
        zones = sorted(component)
        first = sea_map.zones[zones[0]]
        shown = ", ".join(zones[:12]) + (" ..." if len(zones) > 12 else "")
        yield ctx.at("GRA002", f"{len(zones)} zone(s) cut off from the other {len(main)}: {shown}", first.source,
                     "add adjacency to the main sea, or remove the blocked border or land that separates them")


@check(SeaMap, "GRA003")
def ports_open_on_the_sea(sea_map: SeaMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    for port in sea_map.ports.values():
        if not port.zones:
            yield ctx.at("GRA003", f"port '{port.id}' opens on no sea zone", port.source.child("at"),
                         "place the port on the coast beside a sea zone, or list the zones it opens on in `zones:`")
