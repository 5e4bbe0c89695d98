"""The print pack of every scenario of the real corpus, printed to PDF by headless Chromium on Letter and on A4:
one page per sheet, as designed, nothing in a sheet spills over the page box (measured in print media at the
page's content width), and the PDF's own text (pypdf) holds a playable scenario: victory conditions, special
rules, set-up, the scripted actions (renaissance) or the fire plan (napoleonic), and a victory-point track
reaching the largest victory threshold. Record sheets are packed: every one but a side's last is at least
70% full."""

from __future__ import annotations

import base64
import io
import itertools
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
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
# How full each record sheet is: the bottom of its last card below the sheet's top, over the page's height.
FILL = """
var limit = arguments[0];
return Array.from(document.querySelectorAll('section.sheet')).filter(function (s) {
  return s.querySelector('.records.dense');
}).map(function (sheet) {
  var top = sheet.getBoundingClientRect().top, cards = sheet.querySelectorAll('.record');
  var bottom = cards.length ? cards[cards.length - 1].getBoundingClientRect().bottom : top;
  return [sheet.getAttribute('data-side') || sheet.getAttribute('data-power'), (bottom - top) / limit];
});
"""
SECTIONS = {"dreadnought": (), "renaissance": ("Scripted actions",), "napoleonic": ("Fire plan",)}


def largest_threshold(scenario: str) -> int:
    """The largest points lead a victory condition asks for (0 when the score alone decides)."""
    (path,) = CORPUS.glob(f"*/scenarios/{scenario}.yaml")
    conditions = (yaml.safe_load(path.read_text(encoding="utf-8")).get("victory") or {}).get("conditions") or []
    return max([int(c.get("value", 0)) for c in conditions if c.get("kind") == "vp-lead"] or [0])


def pdf_pages(pdf: bytes) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def assert_playable(scenario: str, pages: list[str], track_reach: list[int]) -> None:
    """The printed text has the scenario's rules and set-up, and each VP track reaches the threshold."""
    (ruleset,) = [p.parts[-3] for p in CORPUS.glob(f"*/scenarios/{scenario}.yaml")]
    text = "\n".join(pages)
    for heading in ("Victory conditions", "Special rules", "Set-up", *SECTIONS[ruleset]):
        assert heading in text, f"{scenario}: no {heading!r} in the printed pack"
    (tracks,) = [page for page in pages if "Victory points:" in page]
    printed = [int(n) for n in re.findall(r"\b\d+\b", tracks.split("Victory points:", 1)[1])]
    need = largest_threshold(scenario)
    assert track_reach and min(track_reach) >= need and max(printed) >= need, (scenario, track_reach, need)
    assert all(str(reach) in tracks for reach in track_reach)


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
    reach = [int(t.get_attribute("data-reach")) for t in browser.find_elements(By.CSS_SELECTOR, ".vp-track")]
    if scenario == "jutland-1916":  # 149 British ships: 10 record sheets at 16 cards each before they were packed
        assert len(browser.find_elements(By.CSS_SELECTOR, 'section.sheet-records[data-side="britain"]')) <= 5
    pdf = base64.b64decode(browser.execute_cdp_cmd("Page.printToPDF", {
        "printBackground": True, "paperWidth": width, "paperHeight": height, "marginTop": MARGIN,
        "marginBottom": MARGIN, "marginLeft": MARGIN, "marginRight": MARGIN})["data"])
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == sheets
    assert_playable(scenario, pdf_pages(pdf), reach)
    content = (round((width - 2 * MARGIN) * 96), round((height - 2 * MARGIN) * 96))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": content[0], "height": content[1], "deviceScaleFactor": 1, "mobile": False})
    try:
        assert browser.execute_script(OVERFLOW, content[1]) == []
        fill = browser.execute_script(FILL, content[1])
        for (side, share), (next_side, _) in itertools.pairwise(fill):
            assert side != next_side or share >= 0.7, f"{scenario}: a record sheet of {side} is {share:.0%} full"
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
