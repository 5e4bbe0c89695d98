"""Where the napoleonic table's words go: every unit, battery and terrain piece named in plain words, each name
a ``map-label`` sized in screen pixels (``data-px``) so that the map viewer (``mapview.js``) keeps it legible
at every zoom, and placed here so that no two names overlap, and none covers a unit or a battery, at the
default zoom: the table drawn ``NOMINAL_PX`` wide, the page column of a 1400 px window.

Placement is greedy and deterministic: units and batteries first (a player looks for them), then terrain;
each name tries spots around its piece nearest first and takes the first free one. A browser's text is not
measured here, so widths are estimated from per-character advances at least as wide as DejaVu Sans, the
widest of the common sans-serif faces: a name that fits here fits on the page.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.ops import polylabel

from admiralty.site.text import esc

NOMINAL_PX = 690.0
SIZE_PX = {"unit-label": 11, "battery-label": 11, "terrain-label": 12}
PRIORITY = {"unit-label": 1, "battery-label": 1, "terrain-label": 2}
LINE_EM = 1.2
# Drawn on the element itself, not only by the site's stylesheet: the printed sheet and the downloaded SVG
# keep the white halo that lifts a name off the terrain and lines under it.
HALO = 'paint-order="stroke" stroke="#fff" stroke-width="3" stroke-linejoin="round"'
STYLE = {"unit-label": f'{HALO} fill="#111"', "battery-label": f'{HALO} fill="#111" font-weight="bold"',
         "terrain-label": f'{HALO} fill="#4e3d2a" font-style="italic"'}
LINE_CHARS = 24  # wrap names longer than this: three short lines sit beside a unit better than one long one
GAP_PX = 2.0  # clear space kept around every name (the white halo is drawn inside it)
NARROW, WIDE = set("iljtfrI.,;:'|!()- "), set("mwMW@")
BOLD_EM = 1.08  # bold letters run wider


def advance_em(text: str) -> float:
    """The estimated width of ``text`` in em: narrow and wide letters, capitals, the rest (DejaVu Sans or less)."""
    return sum(0.36 if c in NARROW else 0.95 if c in WIDE else 0.76 if c.isupper() else 0.64 for c in text)


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in SVG units (y down)."""

    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        return self.left < other.right and other.left < self.right and self.top < other.bottom and \
            other.top < self.bottom

    def within(self, other: Box) -> bool:
        return self.left >= other.left and self.right <= other.right and self.top >= other.top and \
            self.bottom <= other.bottom

    def grown(self, by: float) -> Box:
        return Box(self.left - by, self.top - by, self.right + by, self.bottom + by)


def lines_of(text: str) -> list[str]:
    """A name broken into lines of at most ``LINE_CHARS`` characters (a longer word keeps its own line)."""
    return textwrap.wrap(text, LINE_CHARS, break_long_words=False, break_on_hyphens=False) or [text]


@dataclass(frozen=True)
class Placed:
    """One name where it goes: its lines, centre and box, all in SVG units."""

    kind: str
    lines: tuple[str, ...]
    x: float
    y: float
    size: float
    box: Box
    ref: str  # the id of the piece it names (data-for), for tests and for the viewer's tooltips
    leader: tuple[float, float, float, float] | None = None  # a name set apart is tied to its piece

    def leader_svg(self) -> str:
        if self.leader is None:
            return ""
        x1, y1, x2, y2 = self.leader
        return (f'<line class="leader" data-for="{esc(self.ref)}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                f'y2="{y2:.1f}" stroke="#333" stroke-width="0.8" stroke-dasharray="2 2"/>')

    def svg(self) -> str:
        """The ``<text>``: one ``tspan`` per line, offsets in em so that the viewer's rescaling keeps them."""
        first = 0.35 - (len(self.lines) - 1) * LINE_EM / 2
        spans = "".join(f'<tspan x="{self.x:.1f}" dy="{first if i == 0 else LINE_EM:g}em">{esc(line)}</tspan>'
                        for i, line in enumerate(self.lines))
        return (f'<text class="map-label {self.kind}" data-px="{SIZE_PX[self.kind]}" '
                f'data-priority="{PRIORITY[self.kind]}" data-for="{esc(self.ref)}" x="{self.x:.1f}" '
                f'y="{self.y:.1f}" font-size="{self.size:.2f}" text-anchor="middle" {STYLE[self.kind]}>{spans}</text>')


def label_box(lines: Sequence[str], x: float, y: float, size: float, kind: str = "") -> Box:
    """The box a name's lines take around their centre ``(x, y)`` (battery names are bold, so wider)."""
    width = max(advance_em(line) for line in lines) * size * (BOLD_EM if kind == "battery-label" else 1.0)
    height = len(lines) * LINE_EM * size
    return Box(x - width / 2, y - height / 2, x + width / 2, y + height / 2)


def around(piece: Box, width: float, height: float, gap: float) -> Iterator[tuple[float, float]]:
    """Centres for a ``width`` x ``height`` name beside ``piece``: above, below, right, left, the corners, then
    the same a line further out each time, nearest first."""
    cx, cy = (piece.left + piece.right) / 2, (piece.top + piece.bottom) / 2
    for ring in range(6):
        out = gap + ring * height
        above, below = piece.top - out - height / 2, piece.bottom + out + height / 2
        right, left = piece.right + out + width / 2, piece.left - out - width / 2
        yield from ((cx, above), (cx, below), (right, cy), (left, cy))
        for shift in (0.5, -0.5, 1.0, -1.0):
            yield (cx + shift * width, above)
            yield (cx + shift * width, below)
            yield (right, cy + shift * height)
            yield (left, cy + shift * height)
        yield from ((right, above), (left, above), (right, below), (left, below))


class Frame(Protocol):
    """Table centimetres to SVG units (``drawing.TableFrame``)."""

    def point(self, p: Sequence[float]) -> tuple[float, float]: ...


def inside(shape: Polygon, to_svg: Frame, step_cm: float = 2.0) -> Iterator[tuple[float, float]]:
    """Centres inside a terrain piece: its pole of inaccessibility, then a 2 cm grid nearest the pole first."""
    pole = polylabel(shape, tolerance=0.5) if shape.area > 0 else shape.representative_point()
    minx, miny, maxx, maxy = shape.bounds
    grid = [(minx + i * step_cm, miny + j * step_cm) for i in range(int((maxx - minx) / step_cm) + 1)
            for j in range(int((maxy - miny) / step_cm) + 1)]
    grid = [p for p in grid if shape.contains(ShapelyPoint(p))]
    grid.sort(key=lambda p: (p[0] - pole.x) ** 2 + (p[1] - pole.y) ** 2)
    for p in [(pole.x, pole.y), *grid]:
        yield to_svg.point(p)


class Placer:
    """Puts names one after another where none overlaps another, an obstacle, or the table's edge."""

    def __init__(self, bounds: Box, obstacles: Iterable[Box], svg_width: float):
        self.bounds = bounds
        self.obstacles = list(obstacles)
        self.unit = svg_width / NOMINAL_PX  # SVG units per screen pixel at the default zoom
        self.placed: list[Placed] = []

    def size(self, kind: str) -> float:
        return SIZE_PX[kind] * self.unit

    def free(self, box: Box, own: Box | None, *, over_pieces: bool = False) -> bool:
        """Inside the table, clear of every name placed, and (unless ``over_pieces``) of every unit and battery
        but the one named."""
        padded = box.grown(GAP_PX * self.unit)
        return box.within(self.bounds) and not any(padded.overlaps(p.box) for p in self.placed) and (
            over_pieces or not any(padded.overlaps(o) for o in self.obstacles if o != own))

    def place(self, kind: str, ref: str, text: str, spots: Iterable[tuple[float, float]],
              own: Box | None = None, passes: tuple[bool, ...] = (False, True)) -> Placed | None:
        """The first of ``spots`` where the name is free (``own``, the piece named, may lie under it); failing
        that (the second of ``passes``), the first where it only covers other pieces: on a crowded table a name
        over a unit beats no name. Else None, and the name is left to the tooltips."""
        lines, size = lines_of(text), self.size(kind)
        spots = list(spots)
        for over_pieces in passes:
            for x, y in spots:
                box = label_box(lines, x, y, size, kind)
                if self.free(box, own, over_pieces=over_pieces):
                    placed = Placed(kind, tuple(lines), x, y, size, box, ref)
                    self.placed.append(placed)
                    return placed
        return None

    def beside(self, kind: str, ref: str, text: str, piece: Box,
               passes: tuple[bool, ...] = (False, True)) -> Placed | None:
        """The name beside ``piece``, nearest first; one set more than a line apart gets a leader line."""
        lines, size = lines_of(text), self.size(kind)
        probe = label_box(lines, 0, 0, size, kind)
        placed = self.place(kind, ref, text, around(piece, probe.right - probe.left, probe.bottom - probe.top,
                                                        GAP_PX * 2 * self.unit), own=piece, passes=passes)
        if placed is None:
            return None
        (x1, y1), (x2, y2) = nearest_points(piece, placed.box)
        if abs(x2 - x1) + abs(y2 - y1) > LINE_EM * size * 1.5:
            placed = replace(placed, leader=(x1, y1, x2, y2))
            self.placed[-1] = placed
        return placed


def nearest_points(a: Box, b: Box) -> tuple[tuple[float, float], tuple[float, float]]:
    """The closest pair of points of two boxes that do not overlap (one on each)."""
    def span(lo1: float, hi1: float, lo2: float, hi2: float) -> tuple[float, float]:
        if hi1 < lo2:
            return hi1, lo2
        if hi2 < lo1:
            return lo1, hi2
        middle = (max(lo1, lo2) + min(hi1, hi2)) / 2
        return middle, middle
    (x1, x2), (y1, y2) = span(a.left, a.right, b.left, b.right), span(a.top, a.bottom, b.top, b.bottom)
    return (x1, y1), (x2, y2)
