"""Hexes of the tactical map: axial coordinates and the few pure functions the battle needs.

The map uses flat-topped hexes in columns (west to east) and rows (north to south), the layout printed
tactical maps use; odd columns sit half a hex lower ("odd-q"). Positions are axial ``(q, r)`` pairs, so that
distance and neighbours are one line each; ``from_offset``/``to_offset`` convert to and from the printed
column/row numbers, and ``label`` writes a hex as printed maps do (``0712``: column 7, row 12).

>>> distance((0, 0), (3, -1))
3
>>> to_offset(from_offset(5, 8))
(5, 8)
"""

from __future__ import annotations

from collections.abc import Iterator

Hex = tuple[int, int]
"""An axial hex ``(q, r)``."""

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbour offsets, in a fixed order (iteration order never depends on a set)."""


def distance(a: Hex, b: Hex) -> int:
    """Hexes between ``a`` and ``b`` (0 for the same hex, 1 for neighbours)."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h``, in ``DIRECTIONS`` order."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def within(h: Hex, radius: int) -> Iterator[Hex]:
    """Every hex at most ``radius`` from ``h`` (``h`` first, then outwards in a fixed order)."""
    yield h
    for k in range(1, radius + 1):
        yield from ring(h, k)


def ring(h: Hex, radius: int) -> Iterator[Hex]:
    """The hexes exactly ``radius`` from ``h`` (radius >= 1), walking once around."""
    q, r = h[0] + DIRECTIONS[4][0] * radius, h[1] + DIRECTIONS[4][1] * radius
    for side in range(6):
        for _ in range(radius):
            yield q, r
            q, r = q + DIRECTIONS[side][0], r + DIRECTIONS[side][1]


def from_offset(column: int, row: int) -> Hex:
    """The axial hex of a printed column/row (odd columns half a hex lower)."""
    return column, row - (column - (column & 1)) // 2


def to_offset(h: Hex) -> tuple[int, int]:
    """The printed column/row of an axial hex."""
    q, r = h
    return q, r + (q - (q & 1)) // 2


def label(h: Hex) -> str:
    """A hex as printed maps number it: two digits of column, two of row (``0712``)."""
    column, row = to_offset(h)
    return f"{column:02d}{row:02d}"
