"""What a dreadnought map's geometry implies: its sea zones, their kinds, their adjacency, the ports' zones.

Everything here works in map units on the document's own (already rounded) coordinates, so that deriving
from a written map gives exactly what the builder derived before writing it.

Definitions (the map builder and any reader of a map document use these):

- a grid cell is a **sea zone** unless it is wholly land (its area not covered by land is zero, up to a
  relative tolerance of 1e-9 of the cell's area);
- a sea zone is **coastal** if it touches land: the land inside the closed cell has a positive area, or
  runs along the cell's edge for a positive length; otherwise it is **open**. Land touching a cell only at
  a point does not make it coastal;
- two zones are **adjacent** when their cells share a border of positive length and that shared border is
  not wholly land: some positive length of it lies outside every land polygon (a border along which land
  runs, such as a coast that follows the grid line exactly, is closed). Corner contacts never count;
- a port **opens on** the sea zones whose sea area lies within a small tolerance of the port's point.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx
from shapely import STRtree, union_all
from shapely.geometry import MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry

from validator.authoring.grid import Grid, grid_cells, normalise_zone_id

AREA_TOLERANCE = 1e-9
LENGTH_TOLERANCE = 1e-9
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


def land_shape(entry: Mapping[str, Any]) -> Polygon | MultiPolygon:
    """The shapely geometry of a ``land:`` entry (``polygon`` ring or ``multipolygon`` list of rings)."""
    if "polygon" in entry:
        return Polygon([tuple(point) for point in entry["polygon"]])
    return MultiPolygon([Polygon([tuple(point) for point in ring]) for ring in entry["multipolygon"]])


def is_wholly_land(cell: Polygon, land: BaseGeometry) -> bool:
    """Whether ``cell`` is covered by land, up to :data:`AREA_TOLERANCE` of its area."""
    return bool(cell.difference(land).area <= AREA_TOLERANCE * cell.area)


def sea_zones(cells: Mapping[str, Polygon], land: BaseGeometry) -> dict[str, BaseGeometry]:
    """The sea part of every cell that is not wholly land, keyed by zone id, in the cells' order."""
    return {zone: cell.difference(land) for zone, cell in cells.items() if not is_wholly_land(cell, land)}


def zone_kind(cell: Polygon, land: BaseGeometry) -> str:
    """``coastal`` if land covers part of the closed cell or runs along its edge, else ``open``."""
    side = cell.length / 4
    contact = cell.intersection(land)
    touches = contact.area > AREA_TOLERANCE * cell.area or contact.length > LENGTH_TOLERANCE * side
    return "coastal" if touches else "open"


def shared_sea_border(first: Polygon, second: Polygon, land: BaseGeometry) -> float:
    """Length of the border two cells share that lies outside land (0 for corner or no contact)."""
    shared = first.intersection(second)
    if shared.length <= 0:
        return 0.0
    return float(shared.difference(land).length)


def derive_adjacency(cells: Mapping[str, Polygon], land: BaseGeometry) -> nx.Graph:
    """The sea-zone graph: a node per sea zone (in cell order), an edge per open shared border.

    Each edge carries ``border``, the length of the shared border that lies outside land. Candidate
    pairs come from an STRtree over the cells, so the work grows with the cells' neighbours, not with
    all pairs.
    """
    zones = [zone for zone, cell in cells.items() if not is_wholly_land(cell, land)]
    shapes = [cells[zone] for zone in zones]
    side = shapes[0].length / 4 if shapes else 1.0
    graph = nx.Graph()
    graph.add_nodes_from(zones)
    tree = STRtree(shapes)
    for index, shape in enumerate(shapes):
        for other in sorted(int(i) for i in tree.query(shape, predicate="intersects")):
            if other <= index:
                continue
            border = shared_sea_border(shape, shapes[other], land)
            if border > LENGTH_TOLERANCE * side:
                graph.add_edge(zones[index], zones[other], border=border)
    return graph


def port_zones(at: Sequence[float], zones: Mapping[str, BaseGeometry], tolerance: float = PORT_TOLERANCE) -> list[str]:
    """The sea zones a port at ``at`` opens on: those whose sea area lies within ``tolerance`` of it."""
    point = Point(float(at[0]), float(at[1]))
    return [zone for zone, sea in zones.items() if sea.distance(point) <= tolerance]


def coastline(land: BaseGeometry, extent: Polygon) -> BaseGeometry:
    """The land's boundary where it meets the sea: land borders and the grid's edge left out."""
    return land.boundary.difference(extent.boundary.buffer(1e-9))


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
    land = union_all([land_shape(entry) for entry in document.get("land", [])])
    zones = sea_zones(cells, land)
    kinds = {zone: zone_kind(cells[zone], land) for zone in zones}
    for entry in document.get("zones", []) or []:
        zone = normalise_zone_id(str(entry["id"]))
        if "kind" in entry and zone in kinds:
            kinds[zone] = str(entry["kind"])
    adjacency = document.get("adjacency", "derived")
    if adjacency == "derived":
        graph = derive_adjacency(cells, land)
    else:
        graph = nx.Graph()
        graph.add_nodes_from(zones)
        graph.add_edges_from(_pairs(adjacency))
    graph.remove_edges_from(_pairs(document.get("blocked", []) or []))
    return MapGeometry(grid=grid, cells=cells, land=land, zones=zones, kinds=kinds, graph=graph)


def _pairs(pairs: Iterable[Sequence[str]]) -> list[tuple[str, str]]:
    return [(normalise_zone_id(str(a)), normalise_zone_id(str(b))) for a, b in pairs]
