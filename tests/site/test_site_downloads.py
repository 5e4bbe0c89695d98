"""Map downloads: every map figure of a page is linked as a standalone SVG and a PDF written at build time
(svglib and ReportLab, pure Python), the printable sheets link none, and the files are what they claim."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from admiralty.site.context import SiteContext
from admiralty.site.downloads import is_map, link_all, link_downloads, standalone_svg, svg_pdf

MAP = ('<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map rings-interactive" viewBox="0 0 100 50" '
       'width="100" height="50"><rect class="zone" width="100" height="50"/><circle class="range-ring" r="9"/>'
       '<text x="5" y="20" font-size="8">Cattaro &amp; &lt;script&gt;</text></svg>')
CHART = '<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-chart" viewBox="0 0 10 10"></svg>'


def pages_of(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_a_map_becomes_a_standalone_svg_and_a_one_page_pdf() -> None:
    svg = standalone_svg(MAP, "svg.admiralty-map .zone { fill: #dcecf7; } .x { content: '</style>'; }")
    root = ET.fromstring(svg.split("\n", 1)[1])
    assert "rings-interactive" not in root.get("class", "")  # every ring drawn: no script in a file
    style = root.find("{http://www.w3.org/2000/svg}style")
    assert style is not None and "#dcecf7" in (style.text or "")
    pdf = svg_pdf(svg)
    assert pdf.startswith(b"%PDF-") and pages_of(pdf) == 1


def test_only_map_figures_of_pages_get_download_links() -> None:
    figures = {"scenario-map-x": MAP, "balance-x": CHART}
    page = ('\n<div class="map-figure">\n<span data-admiralty-figure="scenario-map-x"></span>\n</div>\n\n'
            '\n<div class="balance-vp">\n<span data-admiralty-figure="balance-x"></span>\n</div>\n\n')
    wanted: set[str] = set()
    linked = link_downloads(page, "scenarios/x.md", figures, wanted)
    assert wanted == {"scenario-map-x"} and is_map(MAP) and not is_map(CHART)
    assert all(f'href="../../downloads/scenario-map-x.{kind}"' in linked for kind in ("svg", "pdf"))
    assert "balance-x.pdf" not in linked
    flat = link_downloads(page, "scenarios/x.md", figures, set(), directory_urls=False, pdf=False)
    assert 'href="../downloads/scenario-map-x.svg"' in flat and ".pdf" not in flat
    pages = {"scenarios/x.md": page, "sheets/x.md": page}
    store: set[str] = set()
    link_all(pages, SiteContext(figures=figures, downloads=store))
    assert "Download this map" in pages["scenarios/x.md"] and "Download this map" not in pages["sheets/x.md"]


@pytest.mark.parametrize("page", ["scenarios/mini-raid/index.html", "maps/mini/index.html",
                                  "maps/hostile-sea/index.html", "scenarios/hostile-raid/index.html"])
def test_built_site_links_files_that_exist(built_site: Path, page: str) -> None:
    html = (built_site / page).read_text(encoding="utf-8")
    links = re.findall(r'href="([^"]+\.(?:svg|pdf))" download', html)
    assert {Path(link).suffix for link in links} == {".svg", ".pdf"}
    for link in links:
        target = (built_site / page).parent / link
        data = target.read_bytes()
        if target.suffix == ".pdf":
            assert data.startswith(b"%PDF-") and pages_of(data) == 1
        else:
            ET.fromstring(data.split(b"\n", 1)[1])  # well-formed XML, hostile names and all
            assert b"<script" not in data
    assert not re.findall(r'downloads/[^"]+" download', (built_site / "sheets/mini-raid/index.html")
                          .read_text(encoding="utf-8"))


def test_print_pack_buttons_say_what_they_do() -> None:
    from admiralty.site.printpack import controls

    html = controls()
    buttons = re.findall(r'<button[^>]*data-paper="([^"]+)">([^<]+)</button>', html)
    assert buttons == [("letter", "Print or save as PDF (Letter)"), ("A4", "Print or save as PDF (A4)")]
    assert "Save as PDF" in html and "Download this map" in html  # where the ready files are


def test_a_nested_pane_is_drawn_at_its_own_size_in_the_pdf() -> None:
    """svglib shrank a nested ``svg`` (the map's pan-and-zoom pane) to three quarters; it becomes a clipped
    group scaled by its viewBox."""
    from admiralty.site.downloads import _flatten_panes

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map" viewBox="0 0 200 120" width="200" '
           'height="120"><svg class="map-pane" x="10" y="5" width="100" height="50" viewBox="0 0 200 100">'
           '<rect class="zone" width="200" height="100"/></svg><text y="110">legend</text></svg>')
    flat = ET.fromstring(_flatten_panes(standalone_svg(svg, "")))
    ns = "{http://www.w3.org/2000/svg}"
    assert flat.findall(f".//{ns}svg") == []
    pane = next(g for g in flat.iter(f"{ns}g") if g.get("class") == "map-pane")
    assert pane.get("clip-path") == "url(#pane-clip-0)"
    assert pane[0].get("transform") == "translate(10.0 5.0) scale(0.5) translate(-0.0 -0.0)"
    assert pane[0][0].tag == f"{ns}rect"
    clip = flat.find(f".//{ns}clipPath[@id='pane-clip-0']/{ns}rect")
    assert clip is not None and (clip.get("width"), clip.get("height")) == ("100.0", "50.0")
    assert pages_of(svg_pdf(standalone_svg(svg, ""))) == 1


def test_a_figure_that_goes_on_with_html_downloads_its_drawing_alone() -> None:
    """A dreadnought map figure is the drawing, then its legend and route key as HTML (an SVG file cannot hold
    them): the file is the drawing, nested pan-and-zoom pane included, and parses as XML."""
    from admiralty.site.downloads import drawing_only, standalone_svg

    figure = ('<svg class="admiralty-map" viewBox="0 0 10 10"><svg class="map-pane" viewBox="0 0 5 5">'
              '<rect width="5" height="5"/></svg><text>N</text></svg><div class="map-legend"><p>sea</p></div>'
              '<ol class="route-key"><li>1</li></ol>')
    assert drawing_only(figure).endswith("<text>N</text></svg>")
    root = ET.fromstring(standalone_svg(figure, "svg .sea { fill: blue }").split("?>", 1)[1])
    assert root.tag.endswith("svg") and "map-legend" not in ET.tostring(root, encoding="unicode")


def test_a_map_pdf_is_the_same_bytes_each_build() -> None:
    """Determinism: ReportLab writes a creation date and a random document id unless asked not to; a rebuilt site
    must equal the last one byte for byte (the chaos test compares a killed build's site with a complete one)."""
    import time

    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"><rect width="5"/></svg>'
    first = svg_pdf(svg)
    time.sleep(1.1)  # the creation date counts seconds
    assert svg_pdf(svg) == first and first.startswith(b"%PDF-")
