"""The lettered and numbered grid of a dreadnought operational map.

Rows carry letters, spreadsheet style (``A`` .. ``Z``, ``AA``, ``AB``, ...), and run from north to south:
the grid's first row is its northernmost. Columns carry numbers and run from west to east. A zone id is the
row label followed by the column number without a space (``Q31``; ``Q 31`` is read the same way).

With a stagger, every other row is shifted east by half a cell (a brick layout). Rows are counted from the
grid's first (northernmost) row, which is row 1 and therefore odd: ``stagger: odd-rows`` shifts the first,
third, fifth ... rows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shapely import box, union_all
from shapely.geometry import Polygon

STAGGERS = ("none", "odd-rows", "even-rows")

_ZONE_ID = re.compile(r"^\s*([A-Za-z]+)\s*(\d+)\s*$")


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
        if self.cell <= 0:
            raise ValueError("cell must be positive")
        if row_index(self.rows[1]) < row_index(self.rows[0]) or self.columns[1] < self.columns[0]:
            raise ValueError("the last row and column must not come before the first")

    @classmethod
    def from_doc(cls, grid: Mapping[str, Any]) -> Grid:
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

    def to_doc(self) -> dict[str, Any]:
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

    @property
    def column_numbers(self) -> list[int]:
        """Column numbers from west to east."""
        return list(range(self.columns[0], self.columns[1] + 1))


def _plain_number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else float(value)


def row_index(label: str) -> int:
    """The 1-based spreadsheet index of a row label: ``A`` is 1, ``Z`` 26, ``AA`` 27."""
    if not label or not label.isalpha():
        raise ValueError(f"not a row label: {label!r}")
    index = 0
    for letter in label.upper():
        index = index * 26 + (ord(letter) - ord("A") + 1)
    return index


def row_label(index: int) -> str:
    """The row label of a 1-based spreadsheet index (inverse of :func:`row_index`)."""
    if index < 1:
        raise ValueError("row indices start at 1")
    letters = []
    while index:
        index, rest = divmod(index - 1, 26)
        letters.append(chr(ord("A") + rest))
    return "".join(reversed(letters))


def row_labels(first: str, last: str) -> list[str]:
    """All row labels from ``first`` to ``last`` inclusive, e.g. ``row_labels("Y", "AB")``."""
    return [row_label(i) for i in range(row_index(first), row_index(last) + 1)]


def zone_id(row: str, column: int) -> str:
    """The zone id of a cell: ``zone_id("q", 31) == "Q31"``."""
    return f"{row.upper()}{column}"


def parse_zone_id(text: str) -> tuple[str, int] | None:
    """Split ``Q31`` or ``Q 31`` into ``("Q", 31)``; ``None`` if the text is not a grid label."""
    match = _ZONE_ID.match(text)
    if match is None:
        return None
    return match.group(1).upper(), int(match.group(2))


def normalise_zone_id(text: str) -> str:
    """``"q 31"`` -> ``"Q31"``; anything that is not a grid label comes back unchanged."""
    parsed = parse_zone_id(text)
    return text if parsed is None else zone_id(*parsed)


def row_is_shifted(grid: Grid, position: int) -> bool:
    """Whether the row at 1-based ``position`` (counted from the first row) is shifted east."""
    if grid.stagger == "odd-rows":
        return position % 2 == 1
    if grid.stagger == "even-rows":
        return position % 2 == 0
    return False


def grid_cells(grid: Grid) -> dict[str, Polygon]:
    """Every cell of the grid as a square polygon, keyed by zone id, north to south then west to east."""
    labels = grid.row_labels
    count = len(labels)
    x0, y0 = grid.origin
    size = grid.cell
    cells: dict[str, Polygon] = {}
    for position, label in enumerate(labels, start=1):
        south = y0 + (count - position) * size
        shift = size / 2 if row_is_shifted(grid, position) else 0.0
        for offset, column in enumerate(grid.column_numbers):
            west = x0 + offset * size + shift
            cells[zone_id(label, column)] = box(west, south, west + size, south + size)
    return cells


def grid_extent(grid: Grid) -> Polygon:
    """The area the grid covers: a rectangle, or a rectangle with notched sides when staggered."""
    if grid.stagger == "none":
        x0, y0 = grid.origin
        width = len(grid.column_numbers) * grid.cell
        return box(x0, y0, x0 + width, y0 + len(grid.row_labels) * grid.cell)
    # drop the cell corners that lie along straight stretches of the outline
    extent = union_all(list(grid_cells(grid).values())).simplify(0)
    if not isinstance(extent, Polygon):
        raise ValueError("a grid covers one connected area")
    return extent
