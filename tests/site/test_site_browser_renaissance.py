"""The renaissance maps of the real corpus in a headless Chromium at desktop (1400 px) and phone (390 px)
width, measured in the DOM after the map viewer (mapview.js) has laid the labels out: no two visible labels
overlap, no sea name sits on land, every visible label is at least 11 px tall, the names a player looks for
are readable at once, and the map is cropped (the Armada's shows the Channel, not the Aegean). A screenshot
of each map is saved under build/screenshots/ for a person to look at."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from test_site_browser import By, browser, load, pytestmark, set_width  # noqa: F401  (fixtures, marks)
from test_site_browser_maps import MEASURE

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"
PAGES = {  # page -> names shown at once on a desktop; on a phone the viewer hides more, the seas stay
    "scenarios/lepanto-1571/": {"Gulf of Patras", "Ionian Sea", "Lepanto (Naupaktos)", "battles 1, 2",
                                "\u25a0 Ottoman 6G 2C", "\u25a0 Hapsburg 8G"},
    "scenarios/armada-1588/": {"Western Channel", "Eastern Channel", "Plymouth", "battle 1", "\u25a0 Hapsburg A8"},
    "scenarios/malta-1565/": {"Malta Channel", "Syracuse", "\u25a0 Hapsburg 3G"},
    "maps/central-mediterranean/": {"Ionian Sea", "Strait of Sicily"},
    "maps/mediterranean-atlantic/": {"Ionian Sea", "Bay of Biscay", "Western Channel"},
}
PHONE = {"scenarios/lepanto-1571/": {"Gulf of Patras", "Ionian Sea"},
         "scenarios/armada-1588/": {"Eastern Channel", "Strait of Dover"},
         "scenarios/malta-1565/": {"Malta Channel"}, "maps/central-mediterranean/": {"Ionian Sea"},
         "maps/mediterranean-atlantic/": {"Aegean Sea", "Adriatic Sea"}}


@pytest.mark.parametrize("width", [1400, 390])
@pytest.mark.parametrize("page", sorted(PAGES))
def test_renaissance_map_labels_are_legible_and_apart(corpus_server: str, browser: Any,  # noqa: F811
                                                      width: int, page: str) -> None:
    set_width(browser, width, height=1000)
    try:
        load(browser, corpus_server + page)
        found = browser.execute_script(MEASURE, "svg.renaissance-map")
        assert found["overlaps"] == [] and found["onLand"] == [] and found["small"] == [], found
        wanted = PAGES[page] if width > 600 else PHONE[page]
        assert wanted <= set(found["labels"]), (wanted - set(found["labels"]), found["labels"])
        if page.startswith("scenarios/armada"):
            assert not browser.find_elements(By.CSS_SELECTOR, 'svg.renaissance-map [data-sea="aegean-sea"]')
        figure = browser.find_element(By.CSS_SELECTOR, ".map-viewer")
        SHOTS.mkdir(parents=True, exist_ok=True)
        name = page.strip("/").replace("/", "-")
        shot = browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": {
            **{k: figure.rect[k] for k in ("x", "y", "width", "height")}, "scale": 1}, "captureBeyondViewport": True})
        (SHOTS / f"renaissance-{name}-{width}.png").write_bytes(base64.b64decode(shot["data"]))
    finally:
        set_width(browser, 1280, height=1000)
