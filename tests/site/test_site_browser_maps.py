"""The maps of the real corpus in a headless Chromium at desktop (1400 px) and phone (390 px) width, measured
in the DOM after the map viewer (mapview.js) has laid the labels out: no two visible labels' boxes overlap,
no zone code or sea name sits on land, every visible label is at least 11 px tall at the default zoom,
and the buttons, the keyboard and the mouse wheel change the map's viewBox. On a napoleonic table only the
selected battery's range rings show."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_site_browser import By, QuietHandler, browser, load, pytestmark, set_width  # noqa: F401  (fixtures, marks)

ROOT = Path(__file__).resolve().parents[2]
MEASURE = """
var out = {labels: [], overlaps: [], onLand: [], small: []};
var svg = document.querySelector(arguments[0]);
var shown = Array.prototype.filter.call(svg.querySelectorAll('.map-label'), function (l) {
  return getComputedStyle(l).display !== 'none'; });
var boxes = shown.map(function (l) { return [l, l.getBoundingClientRect()]; });
boxes.forEach(function (a, i) {
  out.labels.push(a[0].textContent);
  if (a[1].height < 11) { out.small.push([a[0].textContent, a[1].height]); }
  for (var j = i + 1; j < boxes.length; j++) {
    var b = boxes[j][1];
    if (a[1].left < b.right - 0.5 && b.left < a[1].right - 0.5 && a[1].top < b.bottom - 0.5
        && b.top < a[1].bottom - 0.5) {
      out.overlaps.push([a[0].textContent, boxes[j][0].textContent]); }
  }
  if (a[0].getAttribute('data-sea') === '1') {
    var x = (a[1].left + a[1].right) / 2, y = (a[1].top + a[1].bottom) / 2;
    if (document.elementsFromPoint(x, y).some(function (e) { return e.classList && e.classList.contains('land'); })) {
      out.onLand.push(a[0].textContent); }
  }
});
return out;
"""


IN_VIEW = """
var pane = document.querySelector('svg.admiralty-map svg.map-pane'), v = pane.viewBox.baseVal;
return Array.prototype.filter.call(pane.querySelectorAll('.zone-code'), function (l) {
  var x = +l.getAttribute('x'), y = +l.getAttribute('y');
  return x >= v.x && x <= v.x + v.width && y >= v.y && y <= v.y + v.height; }).length;
"""


def _click(driver: Any, css: str) -> None:
    """Click a toolbar button brought to the middle of the screen (at the top, the sticky header covers it)."""
    button = driver.find_element(By.CSS_SELECTOR, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()





def _view(driver: Any) -> str:
    return str(driver.execute_script("return document.querySelector('svg.admiralty-map svg.map-pane')"
                                     ".getAttribute('viewBox')"))


@pytest.mark.parametrize("width", [1400, 390])
@pytest.mark.parametrize("page", ["scenarios/otranto-1917/", "maps/adriatic/"])
def test_map_labels_never_overlap_nor_sit_on_land(corpus_server: str, browser: Any, width: int,  # noqa: F811
                                                   page: str) -> None:
    set_width(browser, width, height=1000)
    try:
        load(browser, corpus_server + page)
        found = browser.execute_script(MEASURE, "svg.admiralty-map")
        assert found["overlaps"] == [] and found["onLand"] == [] and found["small"] == [], found
        codes = browser.execute_script(
            "return Array.prototype.filter.call(document.querySelectorAll('svg.admiralty-map .zone-code'),"
            " function (l) { return getComputedStyle(l).display !== 'none'; }).length")
        total = browser.execute_script(IN_VIEW)  # the zone codes in the start view
        assert codes >= (total * 0.5 if width == 1400 else 10), (codes, total)  # most are readable at once
        assert "Cattaro" in found["labels"] and "Brindisi" in found["labels"]
    finally:
        set_width(browser, 1280, height=1000)


@pytest.mark.parametrize("width", [1400, 390])
def test_pan_and_zoom_change_the_viewbox(corpus_server: str, browser: Any, width: int) -> None:  # noqa: F811
    set_width(browser, width, height=1000)
    try:
        load(browser, corpus_server + "scenarios/otranto-1917/")
        home = _view(browser)
        _click(browser, ".map-toolbar button[title='Zoom in']")
        zoomed = _view(browser)
        assert zoomed != home and float(zoomed.split()[2]) < float(home.split()[2])
        # after zooming in, more zone codes fit, still without overlaps and still at 11 px or more
        found = browser.execute_script(MEASURE, "svg.admiralty-map")
        assert found["overlaps"] == [] and found["small"] == [], found
        svg = browser.find_element(By.CSS_SELECTOR, "svg.admiralty-map")
        svg.send_keys("\ue012")  # ArrowLeft pans
        assert _view(browser) != zoomed
        before = _view(browser)
        browser.execute_script("var p = document.querySelector('svg.map-pane').getBoundingClientRect();"
                               "arguments[0].dispatchEvent(new WheelEvent('wheel', {deltaY: 120, clientX: p.left + 50,"
                               " clientY: p.top + 50, bubbles: true, cancelable: true}))", svg)
        assert float(_view(browser).split()[2]) > float(before.split()[2])  # the wheel zooms out
        # a scenario's start view holds its sides' home ports: Otranto's span the Adriatic, so it opens on the
        # whole sea and has no whole-map button
        assert not browser.find_elements(By.CSS_SELECTOR, ".map-toolbar button[title='Whole map']")
        _click(browser, ".map-toolbar button[title='Start view']")
        assert _view(browser) == home
    finally:
        set_width(browser, 1280, height=1000)


def test_only_the_selected_batterys_rings_show(corpus_server: str, browser: Any) -> None:  # noqa: F811
    load(browser, corpus_server + "scenarios/plancenoit-1815/")
    rings = browser.find_elements(By.CSS_SELECTOR, "svg.admiralty-map .range-ring")
    assert rings and not any(r.is_displayed() for r in rings)
    battery = browser.find_elements(By.CSS_SELECTOR, "svg.admiralty-map .battery")[1]
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", battery)
    shown = [r.get_attribute("data-battery") for r in rings if r.is_displayed()]
    assert shown == [battery.get_attribute("data-battery")]
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:  # the static print version shows every battery's rings
        assert all(r.is_displayed() for r in rings)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
