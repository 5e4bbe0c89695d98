"""The print pack of every scenario of the real corpus, printed to PDF by headless Chromium on Letter and on A4:
one page per sheet, as designed, and nothing in a sheet spills over the page box (measured in print media at
the page's content width)."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import pytest
from test_site_browser import By, browser, load, pytestmark  # noqa: F401  (fixtures and marks)

PAPERS = {"letter": (8.5, 11.0), "a4": (8.27, 11.69)}
MARGIN = 0.4  # inches, every side
# Every corpus scenario (its file name is its id): a new one is printed too, without editing this list.
CORPUS = Path(__file__).resolve().parents[2] / "scenarios"
SCENARIOS = tuple(sorted(p.stem for p in CORPUS.glob("*/scenarios/*.yaml")))
OVERFLOW = """
var limit = arguments[0], out = [];
document.querySelectorAll('section.sheet').forEach(function (sheet, i) {
  var s = sheet.getBoundingClientRect();
  if (s.height > limit + 1) { out.push(['sheet ' + i + ' too tall', s.height, limit]); }
  if (sheet.scrollWidth > sheet.clientWidth + 1) { out.push(['sheet ' + i + ' too wide', sheet.scrollWidth]); }
  sheet.querySelectorAll('*').forEach(function (e) {
    if (e.ownerSVGElement) { return; }  /* inside a drawing: clipped by it; the drawing itself is measured */
    var r = e.getBoundingClientRect();
    if (r.width && (r.right > s.right + 1 || r.left < s.left - 1)) { out.push(['sheet ' + i, e.tagName, e.className]); }
  });
});
return out.slice(0, 10);
"""


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_print_pack_prints_one_page_per_sheet(corpus_server: str, browser: Any, scenario: str,  # noqa: F811
                                              paper: str) -> None:
    width, height = PAPERS[paper]
    load(browser, corpus_server + f"sheets/{scenario}/")
    sheets = len(browser.find_elements(By.CSS_SELECTOR, "section.sheet"))
    assert sheets >= 3  # the map, at least one sheet per side, the tracks
    # the pack holds the map, the orders of battle with their record cards, a turn track and a VP track per side
    assert browser.find_elements(By.CSS_SELECTOR, "section.sheet-map svg.admiralty-map")
    assert browser.find_elements(By.CSS_SELECTOR, "section.sheet .records .record")
    tracks = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "section.sheet-tracks .track h3")]
    assert tracks[0] == "Turn track" and len([t for t in tracks if t.startswith("Victory points: ")]) >= 2
    pdf = base64.b64decode(browser.execute_cdp_cmd("Page.printToPDF", {
        "printBackground": True, "paperWidth": width, "paperHeight": height, "marginTop": MARGIN,
        "marginBottom": MARGIN, "marginLeft": MARGIN, "marginRight": MARGIN})["data"])
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == sheets
    content = (round((width - 2 * MARGIN) * 96), round((height - 2 * MARGIN) * 96))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": content[0], "height": content[1], "deviceScaleFactor": 1, "mobile": False})
    try:
        assert browser.execute_script(OVERFLOW, content[1]) == []
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
