"""Making built land into a map the validator accepts, whatever the coast: slivers, cut-off sea, islands.

Real coastlines cut a grid in ways a hand-drawn map never does. After the land is projected, simplified and
rounded, :func:`repair` repeats three steps until none changes anything:

1. **slivers** (:func:`absorb_sea_slivers`): a cell whose sea is under ``fraction`` of it (a coast grazing
   its corner) is filled with land, so that no zone is a few square metres of water;
2. **cut-off sea** (:func:`fill_cut_off_sea`): the sea zones are derived as a reader of the document would
   derive them; zones that cannot be reached from the largest connected group (a lake-like bay joined only
   at a corner, a sea beyond an isthmus such as the Tyrrhenian seen from the Adriatic) are merged into the
   land around them, so that every zone left reaches every other (GRA002);
3. **islands across cells** (:func:`split_straddling_islands`): an island in the validator's sense
   (:func:`geometry.island_parts`: wholly inside the frame, no larger than a cell) that lies across cells is
   split along the cells' borders, each part pulled back ``ISLAND_GAP`` map units from its cell's east and
   south sides, so that every part lies inside one zone (GEO007, DN-7.41b). Land touching the frame or
   larger than a cell is coast and is left whole.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from admiralty.rulesets.dreadnought.validator import geometry as zone_geometry
from admiralty.rulesets.dreadnought.validator.authoring.derive import sea_zone_components, sea_zones, zone_graph
from admiralty.rulesets.dreadnought.validator.authoring.grid import Grid, grid_cells, grid_extent
from admiralty.rulesets.dreadnought.validator.authoring.land import Land, reshaped

ISLAND_GAP = 0.02  # map units of water left between the parts of an island split along a cell border
ROUNDS = 6


@dataclass
class Repairs:
    """What :func:`repair` changed, for the author: zones filled because cut off, islands split."""

    cut_off: list[str] = field(default_factory=list)
    split: int = 0
    slivers: int = 0


def repair(lands: list[Land], grid: Grid, fraction: float,
           rounded: Callable[[BaseGeometry], Polygon | MultiPolygon]) -> tuple[list[Land], Repairs]:
    """Repeat the three steps until the land no longer changes (at most ``ROUNDS`` times)."""
    done = Repairs()
    for _ in range(ROUNDS):
        lands, slivers = absorb_sea_slivers(lands, grid, fraction, rounded)
        lands, cut_off = fill_cut_off_sea(lands, grid, rounded)
        lands, split = split_straddling_islands(lands, grid, rounded)
        done.slivers += slivers
        done.cut_off += cut_off
        done.split += split
        if not (slivers or cut_off or split):
            break
    return lands, done


def _union(lands: list[Land]) -> BaseGeometry:
    return shapely.union_all([entry["geometry"] for entry in lands])


def _give(lands: list[Land], part: BaseGeometry, cell: Polygon,
          rounded: Callable[[BaseGeometry], Polygon | MultiPolygon], widen: bool = True) -> None:
    """Add ``part`` (sea inside ``cell``) to the land entry it shares most boundary with (the first on a
    tie); ``widen``: widened by ``ISLAND_GAP`` within the cell so that rounding cannot open the gap again."""
    contact = [part.boundary.intersection(entry["geometry"]).length for entry in lands]
    target = contact.index(max(contact))
    filled = part.buffer(ISLAND_GAP, join_style="mitre").intersection(cell) if widen else part
    lands[target] = reshaped(lands[target], rounded(shapely.union_all([lands[target]["geometry"], filled])))


def absorb_sea_slivers(lands: list[Land], grid: Grid, fraction: float,
                       rounded: Callable[[BaseGeometry], Polygon | MultiPolygon]) -> tuple[list[Land], int]:
    """Fill the sea of cells that hold almost none (under ``fraction`` of the cell) with land: each part
    joins the land entry it shares most boundary with. Repeats while rounding leaves new slivers: the first
    rounds add the sea as it is, later ones widen it (a gap that rounding keeps opening)."""
    cells = list(grid_cells(grid).values())
    count = 0
    for attempt in range(8):
        land = _union(lands)
        slivers = [
            (part, cell)
            for cell, sea in zip(cells, zone_geometry.sea_areas(cells, land), strict=True)
            if zone_geometry.EPSILON * cell.area < sea.area < fraction * cell.area
            for part in getattr(sea, "geoms", [sea])
            if part.area > 0
        ]
        if not slivers:
            break
        for part, cell in slivers:
            _give(lands, part, cell, rounded, widen=attempt >= 4)
        count += len(slivers)
    return lands, count


def fill_cut_off_sea(lands: list[Land], grid: Grid,
                     rounded: Callable[[BaseGeometry], Polygon | MultiPolygon]) -> tuple[list[Land], list[str]]:
    """Merge into the land every sea zone that the largest connected group of zones cannot reach."""
    cells = grid_cells(grid)
    land = _union(lands)
    zones = sea_zones(cells, land)
    groups = sea_zone_components(zone_graph(list(zones), cells, land))
    cut_off = [zone for group in groups[1:] for zone in group]
    for zone in cut_off:
        for part in getattr(zones[zone], "geoms", [zones[zone]]):
            if part.area > 0:
                _give(lands, part, cells[zone], rounded)
    return lands, cut_off


def split_straddling_islands(lands: list[Land], grid: Grid,
                             rounded: Callable[[BaseGeometry], Polygon | MultiPolygon]) -> tuple[list[Land], int]:
    """Split every island that lies across cells along the cells' borders (see the module's step 3)."""
    cells = list(grid_cells(grid).values())
    tree = shapely.STRtree(cells)
    frame = grid_extent(grid)
    islands = zone_geometry.island_parts(_union(lands), frame, float(grid.cell) ** 2)
    split = 0
    for island in islands:
        hits = [cells[i] for i in tree.query(island, predicate="intersects").tolist()
                if cells[i].intersection(island).area > 1e-6 * island.area]
        if len(hits) < 2:
            continue
        keep = shapely.union_all([_inner(cell) for cell in hits])
        around = island.buffer(1e-6)
        for index, entry in enumerate(lands):
            if not entry["geometry"].intersects(around):
                continue
            inside = entry["geometry"].intersection(around)
            outside = entry["geometry"].difference(around)
            lands[index] = reshaped(entry, rounded(shapely.union_all([outside, inside.intersection(keep)])))
        split += 1
    return [entry for entry in lands if not entry["geometry"].is_empty], split


def _inner(cell: Polygon) -> Polygon:
    """The cell less a strip of ``ISLAND_GAP`` along its east and south sides."""
    west, south, east, north = cell.bounds
    return shapely.box(west, south + ISLAND_GAP, east - ISLAND_GAP, north)
