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
    # printed by Chromium: one PDF per sheet size, A4 first under the plain name, then Letter
    both = link_downloads(page, "scenarios/x.md", figures, set(), papers=("A4", "letter"))
    assert re.findall(r'href="([^"]+)"[^>]*>(PDF[^<]*)<', both) == [
        ("../../downloads/scenario-map-x.pdf", "PDF (A4)"),
        ("../../downloads/scenario-map-x-letter.pdf", "PDF (Letter)")]
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
            if link.endswith("-letter.pdf"):  # Chromium's print on US Letter, portrait or landscape (in points)
                assert re.search(rb"/MediaBox\s*\[\s*0 0 (612 792|792 612)\s*\]", data), link
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
    flat = ET.fromstring(_flatten_panes(svg))
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


LEGEND_FIGURE = ('<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map" viewBox="0 0 300 200" width="300" '
                 'height="200" aria-label="Map: Jutland &amp; after"><rect class="zone" width="300" height="200"/>'
                 "</svg>"
                 '<ul class="map-legend"><li class="legend-item"><svg class="legend-symbol" width="22" height="14" '
                 'viewBox="0 -11 22 14"><circle cx="8" cy="-4" r="3.5"/></svg><span>port</span></li></ul>'
                 '<ol class="map-key"><li data-fleet="bcf"><span class="key-number" style="background:#0072b2">1'
                 "</span> "
                 '<strong>Battle Cruiser Fleet</strong> (Britain): from G11; farthest J13 on turn 4; ends at F12 on '
                 'turn 8, after a long run north and back again to the bank where it began</li></ol>')


def test_a_dreadnought_file_carries_its_title_legend_and_key() -> None:
    """Issue 38: the dreadnought SVG download had no legend, title or key (they are HTML on the page): the file
    draws them, every word of the key kept (wrapped, not cut)."""
    root = ET.fromstring(standalone_svg(LEGEND_FIGURE, "").split("?>", 1)[1])
    ns = "{http://www.w3.org/2000/svg}"
    texts = {"".join(t.itertext()) for t in root.iter(f"{ns}text")}
    assert "Jutland & after" in texts and "port" in texts and "1" in texts
    key = " ".join(" ".join(t.itertext()) for t in root.iter(f"{ns}text") if t.get("class") == "download-key")
    words = ("Battle Cruiser Fleet (Britain): from G11; farthest J13 on turn 4; ends at F12 on turn 8, after a long "
             "run north and back again to the bank where it began")
    assert words in " ".join(key.split())
    assert float(root.get("height", 0)) > 200 + 20  # the drawing, the title above it and the key below
    drawing = next(s for s in root.iter(f"{ns}svg") if s.get("class") == "download-drawing")
    assert (drawing.get("width"), drawing.get("height"), drawing.get("viewBox")) == ("300", "200", "0 0 300 200")


def test_a_napoleonic_file_shows_the_fire_plan_not_every_range_circle() -> None:
    """Issue 38: the table download drew every battery's range circles at once; the file keeps the fire plan."""
    table = ('<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map napoleonic-table" viewBox="0 0 100 80" '
             'width="100" height="80"><g class="battery-ranges range-ring" data-battery="b1"><circle r="9"/>'
             '<circle r="20"/></g><g class="fire-plan"><line x1="1" x2="50"/></g>'
             '<g class="legend-item" transform="translate(0,0)"><line x1="0"/><text x="22">long range circle</text></g>'
             '<g class="legend-item"><circle r="5"/><text x="22">battery, barrel along its facing: select one to see '
             "its range circles</text></g></svg>")
    svg = standalone_svg(table, "")
    assert "range-ring" not in svg and "range circle" not in svg and '<g class="fire-plan">' in svg
    assert "measure its ranges with the sticks below" in svg


def test_a_map_page_is_a4_turned_to_the_drawing() -> None:
    from admiralty.site.downloads import page_html

    wide = page_html(standalone_svg(MAP, ""))
    tall = page_html(standalone_svg(MAP.replace('viewBox="0 0 100 50" width="100" height="50"',
                                                'viewBox="0 0 50 100" width="50" height="100"'), ""))
    assert "size: A4 landscape" in wide and "size: A4 portrait" in tall
    assert 'style="display:block;width:277mm;height:190mm' in wide


def test_map_pdfs_are_kept_by_content(tmp_path: Path) -> None:
    """Issue 39: a map drawn before is taken from the cache (here a marked file stands at its address, which a
    drawing would not give back); a changed map is drawn again and kept under its own address."""
    from admiralty.site.downloads import cached_pdfs, pdf_key

    svg = standalone_svg(MAP, "")
    (tmp_path / f"{pdf_key(svg)}.pdf").write_bytes(b"%PDF-kept")
    assert cached_pdfs({"m": svg}, tmp_path) == {"m": b"%PDF-kept"}
    changed = svg.replace("Cattaro", "Pola")
    drawn = cached_pdfs({"m": changed}, tmp_path)["m"]
    assert isinstance(drawn, bytes) and drawn.startswith(b"%PDF-") and pages_of(drawn) == 1
    assert (tmp_path / f"{pdf_key(changed)}.pdf").read_bytes() == drawn
    assert pdf_key(svg) != pdf_key(svg, "/usr/bin/chromium")  # the renderer is part of the address


def test_chromium_pdf_dates_are_fixed() -> None:
    """Determinism: Chromium writes the time into a PDF; the dates become one fixed date of the same length."""
    from admiralty.site.pdfprint import fixed_dates

    pdf = b"<< /CreationDate (D:20261205031544+00'00') /ModDate (D:20261205031544+00'00') >>"
    fixed = fixed_dates(pdf)
    assert fixed == b"<< /CreationDate (D:20000101000000+00'00') /ModDate (D:20000101000000+00'00') >>"
    assert len(fixed) == len(pdf)


def test_a_browser_that_cannot_print_leaves_the_pdfs_to_svglib(tmp_path: Path) -> None:
    """A Chromium that does not start (here: a program that exits at once) costs the site nothing but fidelity:
    svglib draws the maps and the build has no warning to fail on."""
    from admiralty.site.downloads import write_downloads

    broken = tmp_path / "chromium"
    broken.write_text("#!/bin/sh\nexit 1\n", encoding="utf-8")
    broken.chmod(0o755)
    site = tmp_path / "site"
    notes = write_downloads({"m": MAP}, ["m"], site, "", cache=tmp_path / "cache", renderer=str(broken))
    assert notes == []
    pdf = (site / "downloads" / "m.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-") and pages_of(pdf) == 1


def test_a_browser_that_hangs_is_given_up_on_and_the_pdfs_go_to_svglib(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A Chromium that starts but never answers (here: a program that sleeps) must not hang the build: after
    ``TIMEOUT`` seconds of silence it is given up on, and svglib draws the maps."""
    from admiralty.site import pdfprint
    from admiralty.site.downloads import write_downloads

    monkeypatch.setattr(pdfprint, "TIMEOUT", 1.0)
    silent = tmp_path / "chromium"
    silent.write_text("#!/bin/sh\nexec sleep 30\n", encoding="utf-8")
    silent.chmod(0o755)
    with pytest.raises(pdfprint.ChromiumError, match="no answer in 1 s"):
        pdfprint.print_pages(str(silent), ["<html></html>"])
    site = tmp_path / "site"
    assert write_downloads({"m": MAP}, ["m"], site, "", cache=tmp_path / "cache", renderer=str(silent)) == []
    assert pages_of((site / "downloads" / "m.pdf").read_bytes()) == 1


def test_pdfs_printed_while_the_pages_render_are_the_ones_printed_after(tmp_path: Path) -> None:
    """The plugin starts a ``PrintJob`` when the figures are known and writes its results at the end: the files
    are the bytes ``write_downloads`` prints itself, on both papers."""
    from admiralty.site.downloads import PAPERS, pdf_name, write_downloads
    from admiralty.site.pdfprint import find_chromium
    from admiralty.site.printjob import PrintJob, start_printing

    chromium = find_chromium()
    if chromium is None:
        pytest.skip("no Chromium (apt-get install chromium)")
    figures = {"m": MAP, "n": MAP.replace("Cattaro", "Pola")}
    job = start_printing(figures, {"m", "n"}, "", None)
    assert isinstance(job, PrintJob)
    write_downloads(figures, ["m", "n"], tmp_path / "job", "", printing=job)
    write_downloads(figures, ["m", "n"], tmp_path / "after", "", renderer=chromium)
    for key in figures:
        for paper in PAPERS:
            made = (tmp_path / "job" / "downloads" / pdf_name(key, paper)).read_bytes()
            assert made == (tmp_path / "after" / "downloads" / pdf_name(key, paper)).read_bytes()
            assert made.startswith(b"%PDF-") and pages_of(made) == 1


def test_a_print_job_that_breaks_raises_in_the_build_not_in_its_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """An error in the job's thread (a bug, not a browser failure, which becomes svglib's PDFs) must fail the
    build that waits for the job, not vanish with the thread."""
    from admiralty.site import downloads
    from admiralty.site.printjob import PrintJob

    def broken(*_: object, **__: object) -> dict[str, bytes | str]:
        raise RuntimeError("the cache folder exploded")

    monkeypatch.setattr(downloads, "cached_pdfs", broken)
    job = PrintJob({"m": MAP}, None, "/usr/bin/chromium")
    with pytest.raises(RuntimeError, match="exploded"):
        job.results()
