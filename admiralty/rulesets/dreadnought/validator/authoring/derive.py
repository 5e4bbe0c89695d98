"""What a dreadnought map document's geometry implies: its sea zones, kinds, zone graph and ports' zones.

The definitions (sea zone, coastal, adjacent) and their computation are :mod:`dreadnought.geometry`'s, the
same the validator builds maps with; this module reads them off a map *document* (a parsed YAML mapping)
for the map builder and for authors' scripts, and keeps the results in a networkx graph. Everything works
in map units on the document's own (already rounded) coordinates, so that deriving from a written map gives
exactly what the builder derived before writing it.

A port **opens on** the sea zones whose sea area (the cell less its land) lies within ``PORT_TOLERANCE``
map units of the port's point: the builder writes them into the document's ``zones:``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx
from shapely import STRtree
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from admiralty.rulesets.dreadnought.validator import geometry
from admiralty.rulesets.dreadnought.validator.authoring.grid import Grid, grid_cells, normalise_zone_id

PORT_TOLERANCE = 0.05


@dataclass(frozen=True)
class MapGeometry:
    """The derived geometry of one map: cells, land, sea zones with kinds, and the zone graph."""

    grid: Grid
    cells: dict[str, Polygon]
    land: BaseGeometry
    zones: dict[str, BaseGeometry]
    kinds: dict[str, str]
    graph: nx.Graph


def land_rings(entry: Mapping[str, Any]) -> list[Sequence[Sequence[float]]]:
    """The rings of a ``land:`` entry (``polygon``: one ring; ``multipolygon``: a list of rings)."""
    return [entry["polygon"]] if "polygon" in entry else list(entry["multipolygon"])


def land_shape(entry: Mapping[str, Any]) -> Polygon | MultiPolygon:
    """The shapely geometry of a ``land:`` entry."""
    polygons = [geometry.polygon_of(ring) for ring in land_rings(entry)]
    return polygons[0] if "polygon" in entry else MultiPolygon(polygons)


def sea_zones(cells: Mapping[str, Polygon], land: geometry.Land) -> dict[str, BaseGeometry]:
    """The sea part of every cell that is not wholly land, keyed by zone id, in the cells' order."""
    return geometry.sea_zones(list(cells), list(cells.values()), land)


def zone_graph(zones: Sequence[str], cells: Mapping[str, Polygon], land: geometry.Land) -> nx.Graph:
    """The sea-zone graph over ``zones``: a node per zone (in that order), an edge per shared border that
    is not all land, carrying ``border``, the length of it that lies outside land."""
    graph = nx.Graph()
    graph.add_nodes_from(zones)
    for i, j, length in geometry.sea_borders([cells[zone] for zone in zones], land):
        graph.add_edge(zones[i], zones[j], border=length)
    return graph


def derive_adjacency(cells: Mapping[str, Polygon], land: geometry.Land) -> nx.Graph:
    """The sea-zone graph of a grid's cells (see :func:`zone_graph`)."""
    return zone_graph(list(sea_zones(cells, land)), cells, land)


def port_zones(at: Sequence[float], zones: Mapping[str, BaseGeometry], tolerance: float = PORT_TOLERANCE) -> list[str]:
    """The sea zones a port at ``at`` opens on: those whose sea area lies within ``tolerance`` of it."""
    return geometry.zones_near(at, list(zones), STRtree(list(zones.values())), tolerance)


def sea_zone_components(graph: nx.Graph) -> list[list[str]]:
    """The connected groups of sea zones, largest first; one group means every zone reaches every other."""
    order = {zone: index for index, zone in enumerate(graph.nodes)}
    groups = [sorted(group, key=order.__getitem__) for group in nx.connected_components(graph)]
    return sorted(groups, key=lambda group: (-len(group), order[group[0]]))


def map_geometry(document: Mapping[str, Any]) -> MapGeometry:
    """Derive cells, land, sea zones, kinds and the zone graph from a map document.

    Kinds written under ``zones:`` override the derived ones; an explicit ``adjacency:`` list replaces the
    derived graph; ``blocked:`` borders are removed from it.
    """
    grid = Grid.from_doc(document["grid"])
    cells = grid_cells(grid)
    land_shape = geometry.land_union(ring for entry in document.get("land", []) for ring in land_rings(entry))
    land = geometry.land_index(land_shape)  # indexed once for every question below
    zones = sea_zones(cells, land)
    ids = list(zones)
    kinds = geometry.zone_kinds(ids, [cells[zone] for zone in ids], land)
    for entry in document.get("zones", []) or []:
        zone = normalise_zone_id(str(entry["id"]))
        if "kind" in entry and zone in kinds:
            kinds[zone] = str(entry["kind"])
    adjacency = document.get("adjacency", "derived")
    if adjacency == "derived":
        graph = zone_graph(ids, cells, land)
    else:
        graph = nx.Graph()
        graph.add_nodes_from(zones)
        graph.add_edges_from(_pairs(adjacency))
    graph.remove_edges_from(_pairs(document.get("blocked", []) or []))
    return MapGeometry(grid=grid, cells=cells, land=land_shape, zones=zones, kinds=kinds, graph=graph)


def _pairs(pairs: Iterable[Sequence[str]]) -> list[tuple[str, str]]:
    return [(normalise_zone_id(str(a)), normalise_zone_id(str(b))) for a, b in pairs]
