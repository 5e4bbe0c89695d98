"""A map figure as a file of its own: a title above the drawing, and below it the legend and the numbered route
key that the page shows as HTML beside a dreadnought map (an SVG file cannot hold HTML, so each is drawn as
SVG: the legend's own symbols, the key's numbered badges, words wrapped, never cut).

The drawing keeps its own coordinates inside a nested ``<svg>`` placed under the title; the page's map styles
go in a ``<style>`` of the file. A napoleonic table shows its fire plan and no range circles (a file has no
script to pick one battery's rings, and every battery's rings at once hid the table).
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from admiralty.site.text import attr, esc

TITLE = 20  # px: the title's type size
TYPE = 12  # px: the legend's and key's type size
CHAR = 0.56  # a character's mean width in ems of sans-serif, on the wide side (words wrap early, never overflow)
GAP = 10  # px between the parts
_ROOT = re.compile(r"<svg\b[^>]*>")
_RINGS = re.compile(r'<g class="battery-ranges range-ring"[^>]*>.*?</g>', re.DOTALL)
_RING_LEGEND = re.compile(r'<g class="legend-item"[^>]*>(?:(?!</g>).)*? range circle</text></g>', re.DOTALL)


@dataclass(frozen=True)
class Box:
    width: float
    height: float
    view: str


def _attribute(tag: str, name: str) -> str | None:
    found = re.search(rf'\s{name}="([^"]*)"', tag)
    return found.group(1) if found else None


def box_of(tag: str) -> Box | None:
    """The drawing's size in px and its viewBox, from its root tag."""
    view = _attribute(tag, "viewBox")
    numbers = [float(v) for v in (view or "").replace(",", " ").split()]
    width = float(_attribute(tag, "width") or (numbers[2] if len(numbers) == 4 else 0) or 0)
    height = float(_attribute(tag, "height") or (numbers[3] if len(numbers) == 4 else 0) or 0)
    if not (width and height):
        return None
    return Box(width, height, view or f"0 0 {width:g} {height:g}")


def wrap(words: str, width: float, size: float = TYPE) -> list[str]:
    """``words`` in lines no wider than ``width`` px at ``size`` px type (a word longer than a line has its own)."""
    per_line = max(8, int(width / (size * CHAR)))
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _text(x: float, y: float, lines: list[str], css: str, size: float = TYPE) -> str:
    spans = "".join(f'<tspan x="{x:g}" dy="{0 if i == 0 else size * 1.25:g}">{esc(line)}</tspan>'
                    for i, line in enumerate(lines))
    return f'<text class="{css}" x="{x:g}" y="{y:g}" font-size="{size:g}">{spans}</text>'


def _html(fragment: str) -> ET.Element | None:
    try:
        return ET.fromstring(f"<div>{fragment}</div>")
    except ET.ParseError:  # not the XHTML the site writes: the file goes without it rather than with a broken one
        return None


def legend_svg(fragment: str, width: float, top: float) -> tuple[str, float]:
    """The HTML legend (``ul.map-legend``: a symbol and words an item) and route key (``ol.map-key``) as SVG
    below ``top``; the SVG and the height it takes."""
    root = _html(fragment)
    if root is None:
        return "", 0.0
    out, y = [], top
    legend = root.find(".//ul[@class='map-legend']")
    if legend is not None:
        x, row = 0.0, TYPE * 1.6
        for item in legend.findall("li"):
            symbol, span = item.find("svg"), item.find("span")
            words = "".join(span.itertext()) if span is not None else ""
            symbol_width = float(symbol.get("width", "22")) if symbol is not None else 0.0
            need = symbol_width + 4 + len(words) * TYPE * CHAR + 14
            if x and x + need > width:
                x, y = 0.0, y + row
            if symbol is not None:
                inner = "".join(ET.tostring(child, encoding="unicode") for child in symbol)
                out.append(f'<svg x="{x:g}" y="{y:g}" width="{symbol_width:g}" height="14" '
                           f'viewBox="{attr(symbol.get("viewBox", "0 -11 22 14"))}">{inner}</svg>')
            out.append(_text(x + symbol_width + 4, y + 11, [words], "download-legend"))
            x += need
        y += row + GAP / 2
    key = root.find(".//ol[@class='map-key']")
    if key is not None:
        for item in key.findall("li"):
            badge = item.find("span")
            number = "".join(badge.itertext()) if badge is not None else ""
            colour = re.search(r"background:\s*([^;]+)", badge.get("style", "") if badge is not None else "")
            words = "".join(item.itertext())[len(number):].strip()
            lines = wrap(words, width - 28)
            out.append(f'<circle cx="9" cy="{y + 8:g}" r="9" fill="{attr(colour.group(1) if colour else "#555")}"/>'
                       f'<text x="9" y="{y + 12:g}" font-size="11" font-weight="bold" fill="#fff" '
                       f'text-anchor="middle">{esc(number)}</text>' + _text(26, y + 12, lines, "download-key"))
            y += len(lines) * TYPE * 1.25 + 6
    return "".join(out), y - top


def without_rings(drawing: str) -> str:
    """A napoleonic table with no range circles (the page's viewer shows one battery's at a time; a file would
    show them all) and no legend entries for them: the fire plan and the range sticks stay."""
    drawing = _RINGS.sub("", drawing)
    drawing = _RING_LEGEND.sub("", drawing)
    return drawing.replace(": select one to see its range circles", " (measure its ranges with the sticks below)")


def compose(figure_svg: str, rest: str, css: str) -> str:
    """The file: an outer SVG holding the title, the drawing (its root made a nested ``<svg>``, its styles in
    the outer one) and the legend and key drawn from the figure's HTML ``rest``."""
    tag = _ROOT.search(figure_svg)
    box = box_of(tag.group(0)) if tag else None
    if tag is None or box is None:
        return figure_svg
    root = tag.group(0)
    classes = (_attribute(root, "class") or "").split()
    label = html.unescape(_attribute(root, "aria-label") or "")
    title = label.split(": ", 1)[1] if label.startswith(("Map: ", "Table: ")) else label
    inner_tag = (f'<svg x="0" y="{TITLE * 1.6:g}" width="{box.width:g}" height="{box.height:g}" '
                 f'viewBox="{attr(box.view)}" class="download-drawing">')
    body = without_rings(figure_svg[tag.end():figure_svg.rindex("</svg>")])
    top = TITLE * 1.6 + box.height + GAP
    legend, used = legend_svg(rest, box.width, top) if rest.strip() else ("", 0.0)
    height = top + used if used else TITLE * 1.6 + box.height
    kept = " ".join(c for c in classes if c != "rings-interactive")
    style = css
    outer = (f'<svg xmlns="http://www.w3.org/2000/svg" class="{attr(kept)}" viewBox="0 0 {box.width:g} {height:g}" '
             f'width="{box.width:g}" height="{height:g}" role="img" aria-label="{attr(label)}" '
             'font-family="sans-serif">')
    heading = (f'<text class="download-title" x="0" y="{TITLE:g}" font-size="{TITLE:g}" font-weight="bold" '
               f'fill="#222">{esc(title)}</text>')
    return (outer + "<style>" + style.replace("<", "\\3c ") + "</style>" + heading + inner_tag + body + "</svg>"
            + legend + "</svg>")
