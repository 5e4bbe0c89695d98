"""Hints for a place a scenario names that the map does not have (issue 16, item 4), in the map's own terms.

A grid label that the map has as land (inside the grid, not a sea zone) is said to be land, with the sea zones
nearest to it; one outside the grid is said to be outside it, with the sea zones nearest to it (not the first
zones in alphabetical order); a port id or zone code written in the wrong case gets the right spelling; a
port-like word is only ever compared with ports and a zone code only with zones, so that ids of one kind are
never suggested for another.
"""

from __future__ import annotations

from admiralty.rulesets.dreadnought.engine.model import SeaMap
from admiralty.rulesets.dreadnought.validator.geometry import label_index, parse_zone_id, zone_id

NEAREST = 3  # sea zones named for a land cell


def land_cell(sea_map: SeaMap, zone: str) -> tuple[str, ...] | None:
    """The sea zones nearest to ``zone`` when it is a cell of the map's grid that is not a sea zone (land),
    nearest first (by distance between cell centres, ties by id); ``None`` when it is not such a cell."""
    parsed = parse_zone_id(zone)
    if sea_map.grid is None or parsed is None or zone_id(*parsed) in sea_map.zones:
        return None
    row, column = label_index(parsed[0]), parsed[1]
    if not _on_grid(sea_map, row, column):
        return None
    return _nearest(sea_map, row, column)


def off_grid(sea_map: SeaMap, zone: str) -> tuple[str, ...] | None:
    """The sea zones nearest to ``zone`` when it is a grid label outside the map's grid (``AA99`` on a grid of
    columns 10 to 29), nearest first as for a land cell; ``None`` for anything else."""
    parsed = parse_zone_id(zone)
    if sea_map.grid is None or parsed is None:
        return None
    row, column = label_index(parsed[0]), parsed[1]
    return None if _on_grid(sea_map, row, column) else _nearest(sea_map, row, column)


def off_grid_hint(sea_map: SeaMap, nearest: tuple[str, ...]) -> str:
    grid = sea_map.grid
    assert grid is not None  # off_grid found the zones only on a map with a grid
    where = (f"it is outside the grid of map '{sea_map.id}' (rows {grid.rows[0]} to {grid.rows[1]}, columns "
             f"{grid.columns[0]} to {grid.columns[1]})")
    return f"{where}; the nearest sea zones are {', '.join(nearest)}" if nearest else where


def _on_grid(sea_map: SeaMap, row: int, column: int) -> bool:
    assert sea_map.grid is not None
    rows = (label_index(sea_map.grid.rows[0]), label_index(sea_map.grid.rows[1]))
    return rows[0] <= row <= rows[1] and sea_map.grid.columns[0] <= column <= sea_map.grid.columns[1]


def _nearest(sea_map: SeaMap, row: int, column: int) -> tuple[str, ...]:
    """The ``NEAREST`` sea zones closest to a cell, by distance between cell centres, ties by id."""
    placed = [(z.id, label_index(z.row), z.column) for z in sea_map.zones.values()
              if z.row is not None and z.column is not None]
    placed.sort(key=lambda item: ((item[1] - row) ** 2 + (item[2] - column) ** 2, item[0]))
    return tuple(name for name, _, _ in placed[:NEAREST])


def land_cell_hint(nearest: tuple[str, ...]) -> str:
    if not nearest:
        return "the map has no sea zones to move to"
    return "the nearest sea zones are " + ", ".join(nearest)


def case_slip(sea_map: SeaMap, word: str) -> str | None:
    """The port id or zone code ``word`` means when only its case is wrong (``k14`` -> ``K14``,
    ``Cattaro`` -> ``cattaro``), else ``None``."""
    parsed = parse_zone_id(word)
    if parsed is not None and zone_id(*parsed) in sea_map.zones:
        return zone_id(*parsed)
    lowered = {port.lower(): port for port in sea_map.ports}
    return lowered.get(word.lower())
