"""Benchmark: the map PDF renderers on the maps the site links for download (issue 38 item 8 chooses by this).

For every map file of the bundled corpus (the same standalone SVGs the build writes), each renderer draws a
one-page PDF; printed: CPU seconds (this process and, for Chromium, the browser's processes), wall seconds,
total size, and whether the drawing came out (a page with nothing on it counts as failed: cairosvg gives
one for the dreadnought maps).

* svglib + ReportLab: pure Python (the fallback when no Chromium is installed);
* cairosvg: needs the system's Cairo (Debian's libcairo2); pip alone installs cairocffi, which fails to load
  without it;
* headless Chromium (``admiralty.site.pdfprint``): the screen's own engine, one browser for all maps.

Run: ``python benchmarks/map_pdf.py [--corpus scenarios]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from admiralty.site import downloads
from admiralty.site.context import SiteContext
from admiralty.site.pages import generate_pages, ruleset_stylesheets
from admiralty.site.plugin import ASSETS, STYLESHEET
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parent.parent


def map_files(corpus: str) -> dict[str, str]:
    """The standalone SVG of every map the site links for download."""
    result = validate([corpus])
    figures: dict[str, str] = {}
    wanted: set[str] = set()
    ctx = SiteContext(smoke_dir=None, figures=figures, downloads=wanted)
    generate_pages(result.scenarios, result.models_by_ruleset, ctx)
    css = downloads.map_css([ASSETS / STYLESHEET, *ruleset_stylesheets().values()])
    return {key: downloads.standalone_svg(figures[key], css) for key in sorted(wanted)}


def blank(pdf: bytes) -> bool:
    """Nothing drawn on the page (rasterised when pypdfium2 is installed; else never counted blank)."""
    if importlib.util.find_spec("pypdfium2") is None:
        return False
    import pypdfium2

    picture = pypdfium2.PdfDocument(pdf)[0].render(scale=0.25).to_pil().convert("L")
    return picture.getextrema()[0] > 245


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def measure(name: str, draw: Callable[[list[str]], list[bytes]], svgs: list[str]) -> None:
    started, cpu, child = time.perf_counter(), time.process_time(), children_cpu()
    try:
        pdfs = draw(svgs)
    except Exception as error:  # a renderer that cannot run here is reported, not fatal
        print(f"{name:10s} not run: {type(error).__name__}: {error}")
        return
    wall, cpu, child = time.perf_counter() - started, time.process_time() - cpu, children_cpu() - child
    failed = sum(1 for pdf in pdfs if blank(pdf))
    print(f"{name:10s} {len(svgs)} maps: CPU {cpu + child:6.2f} s ({1000 * (cpu + child) / len(svgs):5.0f} ms a map; "
          f"browser {child:.2f} s), wall {wall:6.2f} s, {sum(map(len, pdfs)) / 1e6:6.2f} MB, blank pages {failed}",
          flush=True)


def svglib(svgs: list[str]) -> list[bytes]:
    return [downloads.svg_pdf(svg) for svg in svgs]


def cairo(svgs: list[str]) -> list[bytes]:
    import cairosvg

    return [bytes(cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))) for svg in svgs]


def chromium(svgs: list[str]) -> list[bytes]:
    from admiralty.site.pdfprint import find_chromium, print_pages

    binary = find_chromium()
    if binary is None:
        raise RuntimeError("no Chromium installed")
    with tempfile.TemporaryDirectory() as folder:
        pages = []
        for number, svg in enumerate(svgs):
            pages.append(Path(folder) / f"{number}.html")
            pages[-1].write_text(downloads.page_html(svg), encoding="utf-8")
        return print_pages(binary, pages)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", default=str(ROOT / "scenarios"))
    args = parser.parse_args()
    svgs = list(map_files(args.corpus).values())
    for name, draw in (("svglib", svglib), ("cairosvg", cairo), ("chromium", chromium)):
        measure(name, draw, svgs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
