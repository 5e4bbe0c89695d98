"""Layout in a real headless Chromium at desktop and phone width: the rules-coverage table fits the page
width, the "at a glance" box shows every figure, and a class page shows its counter."""

from __future__ import annotations

from typing import Any

import pytest
from test_site_browser import By, browser, load, pytestmark, server, set_width  # noqa: F401  (fixtures and marks)


@pytest.mark.parametrize("width", [1400, 390])
def test_coverage_glance_and_class_pages_fit(server: str, browser: Any, width: int) -> None:  # noqa: F811
    set_width(browser, width)
    try:
        load(browser, server + "coverage/")
        tables = browser.find_elements(By.CSS_SELECTOR, "table.coverage")
        assert tables
        for table in tables:
            fits = browser.execute_script(
                "var t = arguments[0], p = t.closest('.md-content__inner') || document.body;"
                "return [t.getBoundingClientRect().right, p.getBoundingClientRect().right, t.scrollWidth,"
                " t.clientWidth]", table)
            assert fits[0] <= fits[1] + 1 and fits[2] <= fits[3] + 1, fits
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width + 1
        # folded lists: each count opens on its list
        summary = browser.find_element(By.CSS_SELECTOR, "table.coverage details summary")
        summary.click()
        assert summary.find_element(By.XPATH, "..").get_attribute("open") is not None

        load(browser, server + "scenarios/mini-raid/")
        items = {e.get_attribute("data-glance"): e.text for e in
                 browser.find_elements(By.CSS_SELECTOR, "dl.glance .glance-item")}
        assert set(items) == {"size", "turns", "playing time", "difficulty", "favoured", "contest", "historically"}
        assert all(e.is_displayed() for e in browser.find_elements(By.CSS_SELECTOR, "dl.glance dd"))
        assert "4 ships in 2 fleets" in items["size"]

        load(browser, server + "ships/ah-test/novara/")
        counter = browser.find_element(By.CSS_SELECTOR, "svg.ship-counter")
        assert counter.size["width"] > 100 and counter.size["width"] <= width
    finally:
        set_width(browser, 1280)
