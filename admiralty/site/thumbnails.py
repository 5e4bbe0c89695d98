"""Scenario thumbnails for the home page's cards (issue 38, item 7): a small SVG file per scenario, reduced from the
map figure its page draws, so that it shows the same coasts and start positions in the same colours.

The reduction keeps the drawing's shapes of land, sea and terrain and the sides' pieces where they start (a
dreadnought fleet's start marker, a renaissance force, a napoleonic unit or battery) at the start view of the
page's map (its pan-and-zoom pane's crop), and drops everything a card is too small to read: words, zone cells,
routes, ports, legends, range rings, the compass and scale. Coordinates are rounded to a tenth of a pixel of the
thumbnail and points closer than that are merged, which takes Jutland's 1:10m coasts from 25 KB to a few.
The card loads the file lazily (``<img loading="lazy">``) with alt text naming the scenario.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

from admiralty.atomic import write_text
from admiralty.site.downloads import drawing_only, is_map

FOLDER = "thumbs"
WIDTH = 320  # px: the file's own size; the card scales it to its column
ASPECT = 1.6  # width over height of every thumbnail
SVG_NS = "http://www.w3.org/2000/svg"
_Q = f"{{{SVG_NS}}}"
# Elements a card has no room for (their classes) and elements without a shape to show (their tags).
DROP_CLASSES = frozenset({
    "map-label", "labels", "legend", "legend-item", "compass", "scale-bar", "zone", "zones", "route", "routes",
    "port", "ports", "places", "range-ring", "battery-ranges", "ranges", "range", "fire-plan", "line-of-fire",
    "leader", "objective", "minefield", "blocked", "borders", "feature", "feature-area", "attribution", "grid",
    "range-stick", "action", "front"})
DROP_TAGS = frozenset({"text", "title", "desc", "tspan", "marker", "style", "clipPath", "defs", "script"})
KEEP_ATTRIBUTES = frozenset({"d", "points", "x", "y", "width", "height", "cx", "cy", "r", "x1", "y1", "x2", "y2",
                             "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "transform", "opacity",
                             "rx", "ry", "viewBox"})
# The site's stylesheet colours what the figure leaves to CSS (land outlines, the sea's cells); the file has
# no stylesheet, so these few rules travel with it.
STYLE = ".land{stroke:#7a6a55;stroke-width:.6}.start{stroke:#fff;stroke-width:.6}"
ZONE_SEA = "#dcecf7"  # the colour the site's stylesheet gives a dreadnought map's sea zones
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_PAIR = re.compile(r"(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)")


def _dropped(element: ET.Element) -> bool:
    tag = element.tag.removeprefix(_Q)
    return tag in DROP_TAGS or bool(set((element.get("class") or "").split()) & DROP_CLASSES)


def _thin(points: list[tuple[float, float]], tolerance: float) -> list[tuple[float, float]]:
    """The points less each one within ``tolerance`` of the last point kept (the last point is always kept)."""
    kept: list[tuple[float, float]] = []
    for index, point in enumerate(points):
        last = index == len(points) - 1
        if not kept or last or math.dist(kept[-1], point) >= tolerance * 0.75:
            kept.append(point)
    return kept


def _fmt(value: float, digits: int) -> str:
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"
    return "0" if text in ("-0", "") else text


def _path(d: str, tolerance: float, digits: int) -> str:
    """A path of straight lines (``M x,y L x,y ... Z``, as the maps write their coasts) thinned; any other path
    with its numbers rounded."""
    if re.search(r"[^MLZ0-9.,\s-]", d):
        return _NUMBER.sub(lambda m: _fmt(float(m.group(0)), digits), d)
    out = []
    for ring in re.findall(r"M[^M]*", d):
        points = [(float(x), float(y)) for x, y in _PAIR.findall(ring)]
        thinned = _thin(points, tolerance)
        if len(thinned) >= 2:
            out.append("M" + "L".join(f"{_fmt(x, digits)},{_fmt(y, digits)}" for x, y in thinned)
                       + ("Z" if "Z" in ring else ""))
    return "".join(out)


def _points(points: str, tolerance: float, digits: int) -> str:
    pairs = [(float(x), float(y)) for x, y in _PAIR.findall(points)]
    return " ".join(f"{_fmt(x, digits)},{_fmt(y, digits)}" for x, y in _thin(pairs, tolerance))


def _dot(x: float, y: float, colour: str, radius: float, digits: int) -> ET.Element:
    return ET.Element("circle", {"cx": _fmt(x, digits), "cy": _fmt(y, digits), "r": _fmt(radius, digits),
                                 "fill": colour, "stroke": "#fff", "stroke-width": _fmt(radius / 3, digits)})


def _start_dot(element: ET.Element, radius: float, digits: int) -> ET.Element | None:
    """A dreadnought fleet's start diamond (a few screen pixels on the page, too small for a card) as a dot."""
    points = [(float(x), float(y)) for x, y in _PAIR.findall(element.get("d") or "")]  # the diamond's corners
    if not points:
        return None
    x, y = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
    return _dot(x, y, element.get("fill") or "#555", radius, digits)


def _force_dot(element: ET.Element, radius: float, digits: int) -> ET.Element | None:
    """A renaissance force (a line of words on the page) as a dot in its power's colour where the line stands."""
    text = element.find(f"{_Q}text")
    if text is None:
        return None
    swatch = text.find(f"{_Q}tspan")
    size = float(text.get("font-size") or 11)
    dy = float((text.get("dy") or "0").removesuffix("em") or 0) * size
    colour = (swatch.get("fill") if swatch is not None else None) or "#555"
    return _dot(float(text.get("x") or 0), float(text.get("y") or 0) + dy, colour, radius, digits)


def _piece(element: ET.Element, radius: float, digits: int) -> ET.Element | None:
    """A side's piece where it starts, as a dot a card can show (``None``: the element is no piece)."""
    classes = (element.get("class") or "").split()
    if "start" in classes:
        return _start_dot(element, radius, digits)
    return _force_dot(element, radius, digits) if "units" in classes else None


def _attributes(element: ET.Element, tolerance: float, digits: int) -> dict[str, str]:
    """The attributes a thumbnail keeps, their coordinates rounded and lines thinned; of the classes only land
    and start, which its few style rules name."""
    kept = {}
    for name, value in element.attrib.items():
        if name == "d":
            kept[name] = _path(value, tolerance, digits)
        elif name == "points":
            kept[name] = _points(value, tolerance, digits)
        elif name in ("fill", "stroke"):
            kept[name] = value
        elif name in KEEP_ATTRIBUTES and name != "viewBox":
            kept[name] = _NUMBER.sub(lambda m: _fmt(float(m.group(0)), digits), value)
        elif name == "class" and {"land", "start"} & set(value.split()):
            kept[name] = "land" if "land" in value.split() else "start"
    return kept


def _reduce(element: ET.Element, tolerance: float, digits: int) -> ET.Element | None:
    """A copy of ``element`` with what a card shows, or ``None`` when nothing of it is left; ``tolerance`` is
    a thumbnail pixel in the drawing's units."""
    if _dropped(element):
        return None
    piece = _piece(element, tolerance * 4, digits)
    if piece is not None:
        return piece
    tag = element.tag.removeprefix(_Q)
    copy = ET.Element(tag, _attributes(element, tolerance, digits))
    for child in element:
        reduced = _reduce(child, tolerance, digits)
        if reduced is not None:
            copy.append(reduced)
    empty = (tag in ("g", "svg") and not len(copy)) or (tag == "path" and not copy.get("d"))
    return None if empty else copy


def _view(drawing: ET.Element) -> tuple[ET.Element, list[float]]:
    """The element holding the map (its pan-and-zoom pane, else the drawing) and the start view's box."""
    pane = next((e for e in drawing.iter(f"{_Q}svg") if "map-pane" in (e.get("class") or "").split()), drawing)
    box = [float(v) for v in (pane.get("viewBox") or drawing.get("viewBox") or "0 0 100 100").replace(",", " ")
           .split()]
    return pane, box if len(box) == 4 and box[2] > 0 and box[3] > 0 else [0.0, 0.0, 100.0, 100.0]


def _widened(view: list[float]) -> tuple[float, float, float, float]:
    """Every card's picture the same shape: the start view widened (or heightened) about its centre to
    ``ASPECT``, showing more of the map round it (where the drawing has more) rather than bars beside it."""
    x, y, w, h = view
    if w / h < ASPECT:
        return (x - (h * ASPECT - w) / 2, y, h * ASPECT, h)
    return (x, y - (w / ASPECT - h) / 2, w, w / ASPECT)


def thumbnail_svg(figure: str, width: int = WIDTH) -> str | None:
    """The figure's drawing reduced to a card's thumbnail (``None`` when it is no map or cannot be read)."""
    if not is_map(figure):
        return None
    try:
        drawing = ET.fromstring(drawing_only(figure))
    except ET.ParseError:
        return None
    pane, view = _view(drawing)
    x, y, w, h = _widened(view)
    per_px = w / width  # drawing units per thumbnail pixel
    digits = max(0, min(3, math.ceil(-math.log10(per_px * 0.5)) if per_px < 2 else 0))
    height = round(width * h / w)
    out = ET.Element("svg", {"xmlns": SVG_NS, "viewBox": " ".join(_fmt(v, 2) for v in (x, y, w, h)),
                             "width": str(width), "height": str(height)})
    ET.SubElement(out, "title").text = drawing.get("aria-label") or "Map"
    ET.SubElement(out, "style").text = STYLE
    zoned = any("zone" in (e.get("class") or "").split() for e in pane.iter())  # a dreadnought map's sea cells
    ET.SubElement(out, "rect", {"x": _fmt(x, 2), "y": _fmt(y, 2), "width": _fmt(w, 2), "height": _fmt(h, 2),
                                "fill": ZONE_SEA if zoned else "#f4f8fb"})
    for child in pane:
        if zoned and "sea-ground" in (child.get("class") or "").split():
            continue
        reduced = _reduce(child, per_px, digits)
        if reduced is not None:
            out.append(reduced)
    return ET.tostring(out, encoding="unicode").replace(' xmlns:ns0="http://www.w3.org/2000/svg"', "")


def size_of(thumbnail: str) -> tuple[int, int]:
    """The thumbnail's width and height in px, from its root tag."""
    found = re.search(r'<svg[^>]*? width="(\d+)" height="(\d+)"', thumbnail)
    return (int(found.group(1)), int(found.group(2))) if found else (WIDTH, WIDTH * 5 // 8)


def alt_text(thumbnail: str, title: str) -> str:
    """Words for the picture: a table (napoleonic) shows terrain and units, a map coasts and the sides' starts."""
    if "<title>Table: " in thumbnail:
        return f"Table of {title}: the terrain and where each side's units and batteries stand"
    return f"Map of {title}: the coasts and where each side's forces start"


def write_thumbnails(thumbnails: Mapping[str, str], site_dir: Path) -> None:
    """Write ``<site>/thumbs/<scenario>.svg`` for each scenario's thumbnail (``SiteContext.thumbnails``)."""
    folder = site_dir / FOLDER
    for scenario, svg in sorted(thumbnails.items()):
        folder.mkdir(parents=True, exist_ok=True)
        write_text(folder / f"{scenario}.svg", svg)
