"""Every scenario page's map in the corpus site, in headless Chromium at 1400 px and 390 px, measured in the DOM
after the map viewer (mapview.js) has laid it out (issues 17 and 38), all in one page load per scenario and width:
no two visible labels' boxes overlap, no zone code or sea name sits on land, every visible label is at least
11 px tall at the default zoom (a drawing laid out at a nominal width, the napoleonic table and the renaissance
seas, shrinks its words with it on a phone, so that they keep their places clear of the units), the legend is at
least 11 px too, every fleet in the route key has its number shown on the map, inside the view and drawn above
every route and port, every napoleonic unit and battery and every renaissance force is named on the map, no
caption is cut with an ellipsis, no zone code shown lies under a route, and on a desktop the map takes the
content's full width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_site_browser import browser, load, pytestmark, set_width  # noqa: F401  (fixtures, marks)
from test_site_browser_maps import MEASURE

ROOT = Path(__file__).resolve().parents[2]
# Every scenario page of every rule system: each draws its map's words as ``.map-label`` sized by ``data-px``.
RULESETS = ("dreadnought", "renaissance", "napoleonic")
SCENARIOS = sorted((ruleset, path.stem) for ruleset in RULESETS
                   for path in (ROOT / "scenarios" / ruleset / "scenarios").glob("*.yaml"))

ROUTES = """
var svg = document.querySelector('svg.admiralty-map');
function shown(el) { return el && getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().height > 0; }
var fleets = {};
Array.prototype.forEach.call(svg.querySelectorAll('.route[data-fleet], .start[data-fleet]'), function (r) {
  fleets[r.getAttribute('data-fleet')] = 1; });
var unlabelled = Object.keys(fleets).filter(function (id) {
  var onMap = Array.prototype.some.call(svg.querySelectorAll('.route-label'), function (l) {
    return l.getAttribute('data-fleet') === id && shown(l); });
  var inKey = Array.prototype.some.call(document.querySelectorAll('.map-key li'), function (li) {
    return li.getAttribute('data-fleet') === id && shown(li); });
  return !onMap && !inKey; });
var legend = Array.prototype.map.call(document.querySelectorAll('.map-legend li, .map-key li'), function (li) {
  return [li.textContent, parseFloat(getComputedStyle(li).fontSize)]; });
var content = document.querySelector('.md-content').getBoundingClientRect().width;
var pane = svg.querySelector('svg.map-pane') || svg, r = svg.getBoundingClientRect();
var k = r.width / svg.viewBox.baseVal.width;
var view = pane === svg ? {l: r.left, t: r.top, r: r.right, b: r.bottom} : {l: r.left + pane.x.baseVal.value * k,
  t: r.top + pane.y.baseVal.value * k, r: r.left + (pane.x.baseVal.value + pane.width.baseVal.value) * k,
  b: r.top + (pane.y.baseVal.value + pane.height.baseVal.value) * k};
function inView(el) { var b = el.getBoundingClientRect();
  return b.left >= view.l - 0.5 && b.right <= view.r + 0.5 && b.top >= view.t - 0.5 && b.bottom <= view.b + 0.5; }
// every fleet in the key: its number shown, in view, in the top layer of words (no route or port drawn over it)
var keyed = Array.prototype.map.call(document.querySelectorAll('ol.map-key li[data-fleet]'), function (li) {
  return li.getAttribute('data-fleet'); });
var unplaced = keyed.filter(function (id) {
  var l = Array.prototype.filter.call(svg.querySelectorAll('.route-label'), function (t) {
    return t.getAttribute('data-fleet') === id; })[0];
  return !l || !shown(l) || !inView(l) || !l.closest('g.labels') || l.closest('g.labels').nextElementSibling
    && l.closest('g.labels').nextElementSibling.matches('g.overlay, g.ports'); });
// every napoleonic unit and battery, every renaissance force: named on the map, in view
var pieces = Array.prototype.filter.call(svg.querySelectorAll('.unit-label, .battery-label, .unit-line'),
  function (l) { return !shown(l) || !inView(l); }).map(function (l) { return l.textContent; });
var cut = Array.prototype.filter.call(document.querySelectorAll(
  'svg.admiralty-map text, .map-legend li, .map-key li'), function (t) {
  return t.textContent.indexOf('\u2026') !== -1 || /[.][.][.]$/.test(t.textContent); }).map(function (t) {
  return t.textContent; });
// the share of its nominal width the drawing is shown at, at the default zoom (1 for a map whose words keep their
// screen size)
var nominal = +svg.getAttribute('data-nominal-px') || 0;
var shrink = nominal ? Math.min(1, (view.r - view.l) / nominal) : 1;
// every zone code shown lies clear of every route: parallel routes are bundled into tight lanes, and a code a
// bundle crosses moves within its zone or hides (issue 38: up to six parallel routes covered the codes)
var legs = [];
Array.prototype.forEach.call(svg.querySelectorAll('polyline.route'), function (line) {
  var m = line.getScreenCTM(), p = line.points;
  for (var i = 1; i < p.numberOfItems; i++) {
    var a = p.getItem(i - 1).matrixTransform(m), b = p.getItem(i).matrixTransform(m);
    legs.push([a.x, a.y, b.x, b.y]); } });
function crosses(s, r) {
  var x = s[0], y = s[1], dx = s[2] - x, dy = s[3] - y, t0 = 0, t1 = 1;
  var edges = [[-dx, x - r.left], [dx, r.right - x], [-dy, y - r.top], [dy, r.bottom - y]];
  for (var i = 0; i < 4; i++) {
    var p = edges[i][0], q = edges[i][1];
    if (p === 0) { if (q < 0) { return false; } continue; }
    var t = q / p;
    if (p < 0) { if (t > t1) { return false; } t0 = Math.max(t0, t); } else { if (t < t0) { return false; }
      t1 = Math.min(t1, t); } }
  return true; }
var covered = Array.prototype.filter.call(svg.querySelectorAll('.zone-code'), function (l) {
  if (!shown(l)) { return false; }
  var b = l.getBoundingClientRect();
  return legs.some(function (s) { return crosses(s, b); }); }).map(function (l) { return l.textContent; });
var codes = Array.prototype.filter.call(svg.querySelectorAll('.zone-code'), shown).length;
return {fleets: Object.keys(fleets).length, covered: covered, codes: codes, unlabelled: unlabelled, legend: legend,
        map: svg.getBoundingClientRect().width, content: content, keyed: keyed.length, unplaced: unplaced,
        pieces: pieces, cut: cut, shrink: shrink};
"""


@pytest.mark.parametrize("width", [1400, 390])
@pytest.mark.parametrize(("ruleset", "scenario_id"), SCENARIOS)
def test_scenario_map_is_legible_at_the_default_zoom(corpus_server: str, browser: Any, width: int,  # noqa: F811
                                                     ruleset: str, scenario_id: str) -> None:
    set_width(browser, width, height=1000)
    try:
        load(browser, corpus_server + f"scenarios/{scenario_id}/")
        found = browser.execute_script(MEASURE, "svg.admiralty-map")
        assert found["labels"], "no label is shown"
        assert found["overlaps"] == [], found["overlaps"]
        assert found["onLand"] == [], found["onLand"]
        routes = browser.execute_script(ROUTES)
        # words at 11 px, or (a drawing laid out at its nominal width, shown narrower) shrunk with the drawing
        assert [s for s in found["small"] if s[1] < 11 * routes["shrink"] - 0.5] == [], (found["small"], routes)
        assert routes["pieces"] == [] and routes["cut"] == [], routes
        assert routes["unplaced"] == [], routes  # every fleet of the key placed on the map, none culled
        # every rule system's legend reads at the page's type size (one drawn inside the SVG shrank to ~5 px on a
        # phone; the viewer lists it in HTML under the drawing)
        assert routes["legend"] and all(size >= 11 for _, size in routes["legend"]), routes["legend"]
        assert browser.execute_script(HIDDEN_IN_DRAWING) == 0
        if ruleset != "dreadnought":
            return
        assert routes["fleets"] > 0 and routes["unlabelled"] == [] and routes["keyed"] == routes["fleets"], routes
        assert routes["covered"] == [], routes["covered"]  # no zone code shown under a route
        # the map spans the content column (less its padding); on a desktop that column is the page's width
        # less the navigation and the table of contents, which stays beside the map on a scenario page (issue 38)
        assert routes["map"] >= routes["content"] - 60, routes
        if width == 1400:
            assert routes["map"] >= 840, routes
    finally:
        set_width(browser, 1280, height=1000)


HIDDEN_IN_DRAWING = """
return Array.prototype.filter.call(document.querySelectorAll('svg.admiralty-map g.legend > g.legend-item'),
  function (g) { return getComputedStyle(g).display !== 'none'; }).length;
"""

DOWNLOAD = """
var done = arguments[arguments.length - 1];
var link = document.querySelector('.map-toolbar a.map-download');
link.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
fetch(link.href).then(function (r) { return r.text(); }).then(function (text) {
  var doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  var words = Array.prototype.map.call(doc.querySelectorAll('g.legend text'), function (t) { return t.textContent; });
  var style = doc.querySelector('style');
  done({broken: doc.getElementsByTagName('parsererror').length, words: words, style: style ? style.textContent : '',
        height: doc.documentElement.viewBox.baseVal.height,
        pane: +doc.querySelector('svg.map-pane').getAttribute('height')});
});
"""


def test_the_full_size_svg_carries_the_legend_and_the_route_key(corpus_server: str, browser: Any) -> None:  # noqa: F811
    """The downloaded drawing stands alone: the HTML legend and key below the map are drawn into it, and the
    page's map rules travel with it."""
    load(browser, corpus_server + "scenarios/otranto-1917/")
    browser.set_script_timeout(10)
    found = browser.execute_async_script(DOWNLOAD)
    assert found["broken"] == 0 and found["height"] > found["pane"] + 200, found
    assert "Otranto drifter line" in found["words"] and "minefield" in found["words"] and "zone code" in found["words"]
    assert "svg.admiralty-map .zone" in found["style"]  # styled on its own: zones not black, routes not filled
    assert any(w.startswith("Horthy (Central Powers): from Cattaro") for w in found["words"]), found["words"]
    assert "1" in found["words"] and "12" in found["words"]  # the key's numbers, as on the map


SHOWN_CODES = """
return Array.prototype.filter.call(document.querySelectorAll('svg.admiralty-map .zone-code'), function (l) {
  return getComputedStyle(l).display !== 'none'; }).map(function (l) { return l.textContent; });
"""


def test_zone_codes_under_jutlands_routes_show_zoomed_in(corpus_server: str, browser: Any) -> None:  # noqa: F811
    """The grid cells Jutland's fleets sail through are too small for a code beside a bundle of routes at the
    default zoom: the code hides (never drawn under the routes) and, moved within its cell for a closer zoom,
    shows clear of them when the reader zooms in."""
    set_width(browser, 1400, height=1000)
    try:
        load(browser, corpus_server + "scenarios/jutland-1916/")
        assert "H13" not in browser.execute_script(SHOWN_CODES)
        for _ in range(2):
            browser.execute_script("document.querySelector(\".map-toolbar button[title='Zoom in']\").click()")
        shown = browser.execute_script(SHOWN_CODES)
        assert {"H13", "J14"} <= set(shown), shown  # the bundle's heart and where the battle fleets meet
        assert browser.execute_script(ROUTES)["covered"] == []
    finally:
        set_width(browser, 1280, height=1000)
