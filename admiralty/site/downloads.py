"""Map downloads written at build time: for every map figure a page shows, a standalone SVG (``mapfile``: a
title, the drawing with the site's map styles inside it, the legend and route key) and one-page PDFs of that
file on A4 and on US Letter (``<key>.pdf``, ``<key>-letter.pdf``), under ``downloads/`` of the built site, linked
under the figure ("Download this map: SVG · PDF (A4) · PDF (Letter)").

The PDF is printed by headless Chromium (``pdfprint``), the engine that draws the map on screen, so the strokes,
arrowheads, markers and labels are the SVG's; the renderer was chosen by measurement (``benchmarks/map_pdf.py``,
see ``pdfprint``). Without Chromium, svglib and ReportLab (pure Python, the ``site`` extra) draw it, less
faithfully (one PDF the drawing's own size, as svglib has no paper sizes), and the build log says so; without
either the links offer the SVG alone.

The PDFs are kept by content (issue 39): a map's PDF is a pure function of its standalone SVG and the
renderer's versions, so it is stored under ``<cache>/map-pdf/<sha256>.pdf`` (the cache folder of the checked
tables: ``$ADMIRALTY_CACHE_DIR``, ``off`` for none) and a build whose map did not change copies it instead of
drawing it again. The maps not in the cache are drawn in two processes when there are several.

The printable sheets are HTML pages that only a browser lays out (tables, record cards, tracks), so the print
pack has no file here: its buttons say what they do, "Print or save as PDF".
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import io
import logging
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from admiralty.atomic import write_bytes, write_text
from admiralty.site.context import FIGURE_ATTRIBUTE, SiteContext
from admiralty.site.mapfile import box_of, compose
from admiralty.site.text import attr, html_block, page_url

if TYPE_CHECKING:
    from admiralty.site.printjob import PrintJob

FOLDER = "downloads"
SVG_NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG_NS)
_BLOCK = re.compile(f'<span {FIGURE_ATTRIBUTE}="([^"]+)"></span>\n</div>\n')
_ROOT_TAG = re.compile(r"<svg\b[^>]*>")
_SVG_MARK = re.compile(r"<svg\b|</svg>")
_XMLNS = 'xmlns="http://www.w3.org/2000/svg"'
PAPER_MM: dict[str, tuple[float, float]] = {"A4": (210, 297), "letter": (215.9, 279.4)}
PAPERS = ("A4", "letter")  # the sheets a map is printed on by Chromium; svglib draws one PDF the drawing's size
CACHE_FOLDER = "map-pdf"
CACHE_LIMIT = 2000  # PDFs kept; past it the least recently written go first
PARALLEL_FROM = 4  # maps to draw before a second process pays for its start
CHROMIUM_FAILED = "Chromium could not print it"


def pdf_renderer() -> str | None:
    """What draws the PDFs: ``chromium`` (the path of the browser) when installed, else ``svglib`` when svglib
    and ReportLab are (the ``site`` extra), else ``None`` (SVG downloads only)."""
    from admiralty.site.pdfprint import find_chromium

    found = find_chromium()
    if found:
        return found
    return "svglib" if all(importlib.util.find_spec(m) is not None for m in ("svglib", "reportlab")) else None



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
    """The figure as a file of its own (``mapfile.compose``): a title, the drawing with the map styles inside it,
    the legend and route key the page shows as HTML drawn below it, and an XML declaration."""
    drawing = drawing_only(svg)
    composed = compose(drawing, svg[len(drawing):], css)
    root = _ROOT_TAG.search(composed)
    if root is not None and _XMLNS not in root.group(0):
        composed = composed.replace("<svg", f"<svg {_XMLNS}", 1)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + composed


def page_html(svg_file: str, paper: str = "A4") -> str:
    """An HTML page printing the file's drawing on one sheet of ``paper`` (turned to landscape when the drawing
    is wider than tall), as large as fits inside 10 mm margins, at the top of the sheet."""
    svg = svg_file.split("?>", 1)[1] if svg_file.startswith("<?xml") else svg_file
    tag = _ROOT_TAG.search(svg)
    box = box_of(tag.group(0)) if tag else None
    short, long = PAPER_MM[paper]
    landscape = box is not None and box.width > box.height
    width, height = (long, short) if landscape else (short, long)
    sized = (f'<svg style="display:block;width:{width - 20}mm;height:{height - 20}mm;max-width:none" '
             'preserveAspectRatio="xMidYMin meet"')
    label = re.search(r'aria-label="([^"]*)"', tag.group(0)) if tag else None
    title = f"<title>{label.group(1)}</title>" if label else "<title>Map</title>"  # the PDF's title: not the file's
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8">{title}<style>@page {{ size: '
            f'{paper} {"landscape" if landscape else "portrait"}; margin: 10mm; }} html, body {{ margin: 0; }}'
            f"</style></head><body>{svg.replace('<svg', sized, 1)}</body></html>")


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
        if defs is not None:
            _flatten_pane(pane, number, defs)
    return ET.tostring(root, encoding="unicode")


def _flatten_pane(pane: ET.Element, number: int, defs: ET.Element) -> None:
    """One nested ``svg`` turned, in place, into a group clipped (by a ``clipPath`` added to ``defs``) to its box
    and holding its content mapped by its viewBox; a pane with no area or a malformed viewBox is left as it is."""
    x, y, width, height = (float(pane.get(k) or 0) for k in ("x", "y", "width", "height"))
    box = [float(v) for v in (pane.get("viewBox") or f"0 0 {width} {height}").replace(",", " ").split()]
    if len(box) != 4 or not (box[2] and box[3] and width and height):
        return
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


def svg_pdf(svg: str) -> bytes:
    """A one-page PDF of a standalone SVG drawn by svglib (page size = the drawing's size): the fallback when no
    Chromium is installed."""
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


def pdf_name(key: str, paper: str = "A4") -> str:
    """The file name of a map's PDF on ``paper``: the A4 one keeps the plain name the toolbar's PDF button and
    older links use."""
    return f"{key}.pdf" if paper == "A4" else f"{key}-{paper.lower()}.pdf"


def link_downloads(markdown: str, from_src: str, figures: Mapping[str, str], wanted: set[str], *,
                   directory_urls: bool = True, pdf: bool = True, papers: tuple[str, ...] = ()) -> str:
    """``markdown`` with a download line under every map figure block; the figures linked join ``wanted``.
    ``papers``: a PDF link per sheet size (A4 first); none given, one PDF link when ``pdf``."""
    up = "../" * page_url(from_src, directory_urls).count("/")

    def add(match: re.Match[str]) -> str:
        key = match.group(1)
        if not is_map(figures.get(key, "")):
            return match.group(0)
        wanted.add(key)
        base = f"{up}{FOLDER}/{key}"
        links = [f'<a class="map-file" href="{attr(base)}.svg" download>SVG</a>']
        for paper in papers:
            name = "Letter" if paper == "letter" else paper
            links.append(f'<a class="map-file" href="{attr(up + FOLDER + "/" + pdf_name(key, paper))}" download '
                         f'type="application/pdf" data-paper="{attr(paper)}">PDF ({name})</a>')
        if pdf and not papers:
            links.append(f'<a class="map-file" href="{attr(base)}.pdf" download type="application/pdf">PDF</a>')
        return match.group(0) + html_block("Download this map: " + " · ".join(links), "map-downloads")

    return _BLOCK.sub(add, markdown)


def pdf_key(svg: str, renderer: str = "svglib", paper: str = "A4") -> str:
    """The content address of a map's PDF: the SVG, the renderer, the paper and every version that could change
    it (A4 adds nothing, so that the PDFs cached before Letter was offered still count)."""
    versions = [_version(name) for name in ("admiralty", "svglib", "reportlab")]
    if paper != "A4":
        versions.append(f"paper {paper}")
    if renderer != "svglib":
        try:
            stat = Path(renderer).resolve().stat()
            versions.append(f"{renderer} {stat.st_size} {stat.st_mtime_ns}")
        except OSError:
            versions.append(renderer)
    return hashlib.sha256(("\0".join(versions) + "\0" + svg).encode("utf-8")).hexdigest()


def _version(name: str) -> str:
    try:
        return f"{name} {importlib.metadata.version(name)}"
    except importlib.metadata.PackageNotFoundError:
        return f"{name} -"


def pdf_cache_dir() -> Path | None:
    """Where map PDFs are kept between builds (``None``: nowhere)."""
    from admiralty.engine.tables import tables_cache_dir

    base = tables_cache_dir()
    return None if base is None else base / CACHE_FOLDER


def _safe_pdf(svg: str) -> bytes | str:
    """The PDF, or the reason there is none (svglib's own errors vary; the build log names the map instead)."""
    try:
        return svg_pdf(svg)
    except Exception as error:
        return f"{type(error).__name__}: {error}"


def _draw_all(svgs: list[str], renderer: str, paper: str = "A4") -> list[bytes | str]:
    """Each SVG's PDF (or why not): printed by one Chromium on ``paper``, or drawn by svglib (the drawing's own
    size) in two processes when there are enough to pay for the second."""
    if renderer != "svglib":
        return _printed(svgs, renderer, paper)
    if len(svgs) < PARALLEL_FROM or (os.cpu_count() or 1) < 2:
        return [_safe_pdf(svg) for svg in svgs]
    from concurrent.futures import ProcessPoolExecutor

    try:
        with ProcessPoolExecutor(max_workers=2) as pool:
            return list(pool.map(_safe_pdf, svgs, chunksize=max(1, len(svgs) // 8)))
    except (OSError, RuntimeError):  # no processes to be had here (a sandbox): draw them in this one
        return [_safe_pdf(svg) for svg in svgs]


def _printed(svgs: list[str], chromium: str, paper: str = "A4") -> list[bytes | str]:
    """Each SVG on its sheet of ``paper`` printed by headless Chromium (``pdfprint``); a browser that fails fails
    them all."""
    from admiralty.site.pdfprint import ChromiumError, print_pages

    if not svgs:
        return []
    try:
        return list(print_pages(chromium, [page_html(svg, paper) for svg in svgs]))
    except (ChromiumError, OSError) as error:
        return [f"{CHROMIUM_FAILED} ({error})"] * len(svgs)


def _prune(cache: Path) -> None:
    """Keep the cache under ``CACHE_LIMIT`` files, dropping the oldest."""
    try:
        files = sorted(cache.glob("*.pdf"), key=lambda p: p.stat().st_mtime)
        for old in files[:max(0, len(files) - CACHE_LIMIT)]:
            old.unlink(missing_ok=True)
    except OSError:
        pass


def cached_pdfs(svgs: Mapping[str, str], cache: Path | None, renderer: str = "svglib",
                paper: str = "A4") -> dict[str, bytes | str]:
    """Each key's PDF (or why not): from the cache when its content was drawn before, else drawn now and kept."""
    found: dict[str, bytes | str] = {}
    addresses = {key: pdf_key(svg, renderer, paper) for key, svg in svgs.items()}
    for key, address in addresses.items():
        try:
            found[key] = (cache / f"{address}.pdf").read_bytes() if cache is not None else b""
        except OSError:
            found[key] = b""
    missing = [key for key, data in found.items() if not data]
    for key, result in zip(missing, _draw_all([svgs[k] for k in missing], renderer, paper), strict=True):
        found[key] = result
        if cache is not None and isinstance(result, bytes):
            try:
                write_bytes(cache / f"{addresses[key]}.pdf", result)
            except OSError:  # a read-only or full cache folder costs only the next build's time
                cache = None
    if cache is not None and missing:
        _prune(cache)
    return found


def download_svgs(figures: Mapping[str, str], keys: Iterable[str], css: str) -> dict[str, str]:
    """Each linked map's standalone SVG file (``standalone_svg``), by key, in key order."""
    return {key: standalone_svg(figures[key], css) for key in sorted(keys)}


def write_downloads(figures: Mapping[str, str], keys: Iterable[str], site_dir: Path, css: str,
                    pdf: bool = True, cache: Path | None = None, renderer: str | None = None,
                    printing: PrintJob | None = None) -> list[str]:
    """Write ``<site>/downloads/<key>.svg`` (and ``.pdf``, through ``cache``) for each key; notes on what could
    not be drawn. ``printing``: the Chromium PDFs of these maps, printed while the pages were rendered
    (``printjob``); the maps are then its own."""
    folder = site_dir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    svgs = printing.svgs if printing is not None else download_svgs(figures, keys, css)
    for key, svg in svgs.items():
        write_text(folder / f"{key}.svg", svg)
    renderer = printing.renderer if printing is not None else renderer or pdf_renderer()
    if not pdf or renderer is None:
        return []
    printed = printing.results() if printing is not None else {}
    notes: list[str] = []
    for paper in PAPERS if renderer != "svglib" else ("A4",):
        paper_notes, browser_failed = _write_pdfs(svgs, folder, cache, renderer, paper, printed.get(paper))
        notes += paper_notes
        if browser_failed:  # a browser that failed one paper (gone, hung) is not started again for the next
            renderer = "svglib"
    return notes


def browser_failed(results: Mapping[str, bytes | str]) -> set[str]:
    """The maps whose PDF the browser failed to print (not drawn for another reason)."""
    return {key for key, result in results.items() if isinstance(result, str) and result.startswith(CHROMIUM_FAILED)}


def _write_pdfs(svgs: Mapping[str, str], folder: Path, cache: Path | None, renderer: str, paper: str,
                printed: Mapping[str, bytes | str] | None = None) -> tuple[list[str], bool]:
    """Each map's PDF on ``paper`` written (svglib's, under the paper's name, where the browser failed); notes,
    and whether the browser failed. ``printed``: this paper's PDFs, when a print job has them already."""
    notes = []
    results = dict(printed) if printed is not None else cached_pdfs(svgs, cache, renderer, paper)
    failed = browser_failed(results)
    if failed and renderer != "svglib" and importlib.util.find_spec("svglib") is not None:
        # a browser that cannot run here (a sandbox, a broken install) should not cost the site its PDFs
        logging.getLogger("mkdocs.plugins.admiralty").info(
            "admiralty: %s; %d map PDFs drawn by svglib instead", results[min(failed)], len(failed))
        results |= cached_pdfs({key: svgs[key] for key in failed}, cache, "svglib")
    for key, result in results.items():
        if isinstance(result, bytes):
            write_bytes(folder / pdf_name(key, paper), result)
        else:
            notes.append(f"map {key}: no {paper} PDF ({result})")
    return notes, bool(failed)


def link_all(pages: dict[str, str], ctx: SiteContext) -> list[str]:
    """Download lines under the maps of every page but the printable sheets (their map is the scenario page's);
    notes for the build log. Nothing without a figure store (the figures are then inline, not files)."""
    if ctx.figures is None or ctx.downloads is None:
        return []
    renderer = pdf_renderer()
    pdf = renderer is not None
    papers = PAPERS if pdf and renderer != "svglib" else ()
    for src, text in pages.items():
        if not src.startswith("sheets/"):
            pages[src] = link_downloads(text, src, ctx.figures, ctx.downloads, directory_urls=ctx.directory_urls,
                                        pdf=pdf, papers=papers)
    if renderer == "svglib":
        return ["map PDFs drawn by svglib: no Chromium found (apt-get install chromium, or set "
                "ADMIRALTY_CHROMIUM), so routes, arrowheads and labels may differ from the screen"]
    return [] if pdf else ["maps have no PDF download: no Chromium, and svglib and reportlab are not installed "
                           "(pip install 'admiralty[site]')"]
