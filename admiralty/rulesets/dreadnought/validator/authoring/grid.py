"""The grid spec of a dreadnought operational map, as the map builder reads and writes it.

Rows carry letters, spreadsheet style (``A`` .. ``Z``, ``AA``, ``AB``, ...), and run from north to south:
the grid's first row is its northernmost. Columns carry numbers and run from west to east. A zone id is the
row label followed by the column number without a space (``Q31``; ``Q 31`` is read the same way).

The geometry itself (row labels, cells, stagger, the grid's extent) is :mod:`dreadnought.geometry`'s, the one
the validator builds maps with; this module adds the spec's reading, checking and writing.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import Polygon

from admiralty.rulesets.dreadnought.validator import geometry
from admiralty.rulesets.dreadnought.validator.geometry import (
    STAGGERS,
    GridDocument,
    index_label,
    label_index,
    parse_zone_id,
    row_labels,
    zone_id,
)

__all__ = [
    "STAGGERS",
    "Grid",
    "grid_cells",
    "grid_extent",
    "index_label",
    "label_index",
    "normalise_zone_id",
    "parse_zone_id",
    "row_labels",
    "zone_id",
]

@dataclass(frozen=True)
class Grid:
    """A grid spec as written under ``grid:`` in a map document."""

    rows: tuple[str, str]
    columns: tuple[int, int]
    cell: float
    origin: tuple[float, float] = (0.0, 0.0)
    stagger: str = "none"

    def __post_init__(self) -> None:
        if self.stagger not in STAGGERS:
            raise ValueError(f"stagger must be one of {STAGGERS}, not {self.stagger!r}")
        if not self.cell > 0:
            raise ValueError("cell must be positive")
        if label_index(self.rows[1]) < label_index(self.rows[0]) or self.columns[1] < self.columns[0]:
            raise ValueError("the last row and column must not come before the first")

    @classmethod
    def from_doc(cls, grid: GridDocument) -> Grid:
        """Read the ``grid:`` mapping of a map document."""
        rows = grid["rows"]
        columns = grid["columns"]
        origin = grid.get("origin", [0, 0])
        return cls(
            rows=(str(rows[0]), str(rows[1])),
            columns=(int(columns[0]), int(columns[1])),
            cell=float(grid["cell"]),
            origin=(float(origin[0]), float(origin[1])),
            stagger=str(grid.get("stagger", "none")),
        )

    def to_doc(self) -> GridDocument:
        """The ``grid:`` mapping, with whole numbers written as integers."""
        return {
            "rows": [self.rows[0], self.rows[1]],
            "columns": [self.columns[0], self.columns[1]],
            "cell": _plain_number(self.cell),
            "origin": [_plain_number(self.origin[0]), _plain_number(self.origin[1])],
            "stagger": self.stagger,
        }

    @property
    def row_labels(self) -> list[str]:
        """Row labels from north to south."""
        return row_labels(self.rows[0], self.rows[1])

    def cells(self) -> list[geometry.Cell]:
        """Every cell, north to south then west to east (:func:`dreadnought.geometry.grid_cells`)."""
        return geometry.grid_cells(self.rows, self.columns, self.cell, self.origin, self.stagger)


def _plain_number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else float(value)


def normalise_zone_id(text: str) -> str:
    """``"q 31"`` -> ``"Q31"``; anything that is not a grid label comes back unchanged."""
    parsed = parse_zone_id(text)
    return text if parsed is None else zone_id(*parsed)


def grid_cells(grid: Grid) -> dict[str, Polygon]:
    """Every cell of the grid as a square polygon, keyed by zone id, north to south then west to east."""
    return {cell.zone_id: cell.polygon for cell in grid.cells()}


def grid_extent(grid: Grid) -> Polygon:
    """The area the grid covers: a rectangle, or a rectangle with notched sides when staggered."""
    return geometry.grid_extent(grid.rows, grid.columns, grid.cell, grid.origin, grid.stagger)
