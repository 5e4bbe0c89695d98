"""The balance figure in a real headless Chromium at desktop and phone width: the scenario page's chart, its
verdict and the scenario index show one figure (the balance games'), the chart's side colours are the map's,
and nothing of the chart or the index's balance column is cut off."""

from __future__ import annotations

from typing import Any

import pytest
from test_site_browser import By, browser, load, pytestmark, server, set_width  # noqa: F401  (fixtures and marks)


def _rgb(css: str) -> tuple[int, ...]:
    return tuple(int(float(v)) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3])


@pytest.mark.parametrize("width", [1400, 390])
def test_chart_verdict_and_index_show_the_same_figure(server: str, browser: Any, width: int) -> None:  # noqa: F811
    set_width(browser, width)
    try:
        load(browser, server + "scenarios/")
        cell = browser.find_element(By.CSS_SELECTOR, "tr[data-scenario='mini-raid'] td.balance")
        index_rate, index_text = cell.get_attribute("data-rate"), cell.text
        browser.execute_script("arguments[0].scrollIntoView()", cell)
        left, right = browser.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left, r.right]",
                                             cell)
        assert left >= 0 and right <= width + 1, "the balance column is reachable by scrolling its table"
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width + 1  # page: no overflow

        assert cell.get_attribute("data-side") == "entente" and index_text.startswith("Entente wins 50%")

        load(browser, server + "scenarios/mini-raid/")
        favoured = browser.find_element(By.CSS_SELECTOR, ".admiralty-balance .bal-row[data-side='entente']")
        verdict = browser.find_element(By.CSS_SELECTOR, ".balance-verdict")
        assert index_rate == favoured.get_attribute("data-rate") == verdict.get_attribute("data-rate") == "0.5000"
        value = favoured.find_element(By.CSS_SELECTOR, ".bal-value").text
        assert value.startswith("50% (40%–60%)")
        assert "Entente wins 50% of games" in verdict.text and "100 games with scripted players" in verdict.text
        assert verdict.get_attribute("data-contest") == "balanced"
        caption = browser.find_element(By.CSS_SELECTOR, ".admiralty-balance figcaption").text
        assert "100 games with scripted players on every side" in caption
        # nothing of the chart is cut off: every name and figure lies inside the figure's box
        fig = browser.find_element(By.CSS_SELECTOR, ".admiralty-balance")
        outside = browser.execute_script("""
            var f = arguments[0].getBoundingClientRect(), bad = [];
            arguments[0].querySelectorAll('.bal-name, .bal-value').forEach(function (e) {
              var r = e.getBoundingClientRect();
              if (r.left < f.left - 0.5 || r.right > f.right + 0.5 || e.scrollWidth > e.clientWidth + 1) {
                bad.push(e.textContent); }
            });
            return bad;""", fig)
        assert outside == []
        # the chart's side colours are the map's route colours
        bars = {r.get_attribute("data-side"): r.find_element(By.CSS_SELECTOR, ".bal-bar").value_of_css_property(
            "background-color") for r in browser.find_elements(By.CSS_SELECTOR, ".admiralty-balance .bal-row")}
        routes = browser.execute_script("""
            var out = {};
            document.querySelectorAll('svg.admiralty-map .route').forEach(function (r) {
              out[r.getAttribute('data-side')] = getComputedStyle(r).stroke; });
            return out;""")
        assert routes and all(_rgb(bars[side]) == _rgb(colour) for side, colour in routes.items()), (bars, routes)
    finally:
        set_width(browser, 1280)
