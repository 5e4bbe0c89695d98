"""Map downloads written at build time: for every map figure a page shows, a standalone SVG (the site's map
styles inside it) and a PDF of one page the map's size, under ``downloads/`` of the built site, linked under
the figure ("Download this map: SVG, PDF").

The PDF is drawn by svglib and ReportLab, pure Python on PyPI wheels (the ``site`` extra installs them):
unlike cairosvg, which needs the system's Cairo library that pip cannot install, they work on a machine with
only Python and pip. Without them the build still succeeds; the links offer the SVG alone and the build log
says why.

The printable sheets are HTML pages that only a browser lays out (tables, record cards, tracks), so the print
pack has no file here: its buttons say what they do, "Print or save as PDF".
"""

from __future__ import annotations

import importlib.util
import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from pathlib import Path

from admiralty.atomic import write_bytes, write_text
from admiralty.site.context import FIGURE_ATTRIBUTE, SiteContext
from admiralty.site.text import attr, html_block, page_url

FOLDER = "downloads"
SVG_NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG_NS)
_BLOCK = re.compile(f'<span {FIGURE_ATTRIBUTE}="([^"]+)"></span>\n</div>\n')
_ROOT_TAG = re.compile(r"<svg\b[^>]*>")
_SVG_MARK = re.compile(r"<svg\b|</svg>")
_XMLNS = 'xmlns="http://www.w3.org/2000/svg"'


def pdf_available() -> bool:
    """svglib and ReportLab are installed (the ``site`` extra)."""
    return all(importlib.util.find_spec(m) is not None for m in ("svglib", "reportlab"))


def is_map(svg: str) -> bool:
    """A map figure (every rule system's map and table drawing carries the ``admiralty-map`` class)."""
    tag = _ROOT_TAG.search(svg)
    return bool(tag) and "admiralty-map" in (tag.group(0) if tag else "")


def drawing_only(figure: str) -> str:
    """The figure's drawing: its first ``<svg>`` element, nested panes included. A figure may go on with HTML
    (a dreadnought map's legend and route key), which an SVG file cannot hold."""
    tag = _ROOT_TAG.search(figure)
    if tag is None:
        return figure
    depth = 0
    for mark in _SVG_MARK.finditer(figure, tag.start()):
        depth += -1 if mark.group(0) == "</svg>" else 1
        if depth == 0:
            return figure[:mark.end()]
    return figure


def standalone_svg(svg: str, css: str) -> str:
    """The figure's drawing as a file of its own: the map styles inside it, every range ring shown (no script to
    pick one), an XML declaration."""
    svg = drawing_only(svg)
    tag = _ROOT_TAG.search(svg)
    if tag is None:
        return svg
    root = tag.group(0).replace(" rings-interactive", "").replace("rings-interactive ", "")
    if _XMLNS not in root:
        root = root.replace("<svg", f"<svg {_XMLNS}", 1)
    style = "<style>" + css.replace("<", "\\3c ") + "</style>"  # CSS has no '<'; a stray one cannot end the block
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + svg[:tag.start()] + root + style + svg[tag.end():]


def _flatten_panes(svg: str) -> str:
    """Each ``<svg>`` nested in the drawing (the map's pan-and-zoom pane) as a group clipped to its box, holding
    its content moved and scaled by its viewBox: svglib sizes a nested ``svg`` a second time from pixels to
    points, which drew the pane at three quarters of its size in a corner of the page."""
    root = ET.fromstring(svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg)
    panes = [e for e in root.iter(f"{{{SVG_NS}}}svg") if e is not root]
    defs = root.find(f"{{{SVG_NS}}}defs")
    if panes and defs is None:
        defs = ET.Element(f"{{{SVG_NS}}}defs")
        root.insert(0, defs)
    for number, pane in enumerate(panes):
        x, y, width, height = (float(pane.get(k) or 0) for k in ("x", "y", "width", "height"))
        box = [float(v) for v in (pane.get("viewBox") or f"0 0 {width} {height}").replace(",", " ").split()]
        if len(box) != 4 or not (box[2] and box[3] and width and height) or defs is None:
            continue
        clip = ET.SubElement(defs, f"{{{SVG_NS}}}clipPath", {"id": f"pane-clip-{number}"})
        ET.SubElement(clip, f"{{{SVG_NS}}}rect", {"x": str(x), "y": str(y), "width": str(width), "height": str(height)})
        scale = min(width / box[2], height / box[3])
        content = ET.Element(f"{{{SVG_NS}}}g", {
            "transform": f"translate({x} {y}) scale({scale}) translate({-box[0]} {-box[1]})"})
        content.extend(list(pane))
        css_class = pane.get("class", "")
        pane.clear()  # children and attributes: the pane becomes the clipped group
        pane.tag = f"{{{SVG_NS}}}g"
        pane.attrib.update({"class": css_class, "clip-path": f"url(#pane-clip-{number})"})
        pane.append(content)
    return ET.tostring(root, encoding="unicode")


def svg_pdf(svg: str) -> bytes:
    """A one-page PDF of a standalone SVG (page size = the drawing's size)."""
    from reportlab.graphics import renderPDF
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(io.BytesIO(_flatten_panes(svg).encode("utf-8")))
    if drawing is None:
        raise ValueError("svglib could not read the drawing")
    return bytes(renderPDF.drawToString(drawing, invariant=True))  # no creation date or random id: same bytes


def svg_rules(css: str) -> str:
    """The top-level rules of a stylesheet whose selector names an ``svg`` (the drawings' styles): the page's
    other rules and every ``@media`` block (screen or print) have nothing to style in a file, and each rule
    svglib has to match against every element of a map costs build time."""
    kept, depth, start = [], 0, 0
    text = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    for i, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                rule = text[start:i + 1].strip()
                if not rule.startswith("@") and "svg" in rule.split("{", 1)[0]:
                    kept.append(rule)
                start = i + 1
    return "\n".join(kept)


def map_css(paths: Iterable[Path]) -> str:
    """The drawing rules of the site's stylesheets, for the SVG files."""
    return "\n".join(svg_rules(p.read_text(encoding="utf-8")) for p in paths if p.is_file())


def link_downloads(markdown: str, from_src: str, figures: Mapping[str, str], wanted: set[str], *,
                   directory_urls: bool = True, pdf: bool = True) -> str:
    """``markdown`` with a download line under every map figure block; the figures linked join ``wanted``."""
    up = "../" * page_url(from_src, directory_urls).count("/")

    def add(match: re.Match[str]) -> str:
        key = match.group(1)
        if not is_map(figures.get(key, "")):
            return match.group(0)
        wanted.add(key)
        base = f"{up}{FOLDER}/{key}"
        links = [f'<a class="map-file" href="{attr(base)}.svg" download>SVG</a>']
        if pdf:
            links.append(f'<a class="map-file" href="{attr(base)}.pdf" download type="application/pdf">PDF</a>')
        return match.group(0) + html_block("Download this map: " + " · ".join(links), "map-downloads")

    return _BLOCK.sub(add, markdown)


def write_downloads(figures: Mapping[str, str], keys: Iterable[str], site_dir: Path, css: str,
                    pdf: bool = True) -> list[str]:
    """Write ``<site>/downloads/<key>.svg`` (and ``.pdf``) for each key; notes on what could not be drawn."""
    folder = site_dir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    notes = []
    for key in sorted(keys):
        svg = standalone_svg(figures[key], css)
        write_text(folder / f"{key}.svg", svg)
        if not pdf:
            continue
        try:
            write_bytes(folder / f"{key}.pdf", svg_pdf(svg))
        except Exception as error:  # svglib's own errors vary; the build log names the map instead
            notes.append(f"map {key}: no PDF ({type(error).__name__}: {error})")
    return notes


def link_all(pages: dict[str, str], ctx: SiteContext) -> list[str]:
    """Download lines under the maps of every page but the printable sheets (their map is the scenario page's);
    notes for the build log. Nothing without a figure store (the figures are then inline, not files)."""
    if ctx.figures is None or ctx.downloads is None:
        return []
    pdf = pdf_available()
    for src, text in pages.items():
        if not src.startswith("sheets/"):
            pages[src] = link_downloads(text, src, ctx.figures, ctx.downloads, directory_urls=ctx.directory_urls,
                                        pdf=pdf)
    return [] if pdf else ["maps have no PDF download: svglib and reportlab are not installed "
                           "(pip install 'admiralty[site]')"]
