"""The sample game in a real headless Chromium: the viewer shows the first turn's events as sentences, the next
button (and the arrow keys) advance one turn and show that turn's events (and only those), fleet tokens move on
the viewer's copy of the map, the victory-point tally changes when points are scored, and the places the events
name are marked. Hostile text in recorded events stays text. The three rule systems' corpus scenarios, with a
recorded sample game each, load without a script error."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from typing import Any

import pytest
from selenium.webdriver.common.keys import Keys
from site_corpus import ROOT
from test_site_browser import (  # noqa: F401  (fixtures, marks)
    By,
    QuietHandler,
    assert_clean,
    browser,
    load,
    pytestmark,
    server,
    set_width,
)

TOKENS = ("return Array.prototype.map.call(document.querySelectorAll('.replay-viewer g.replay-token'),"
          " function (g) { return [g.getAttribute('data-token'), g.getAttribute('data-at'),"
          " g.getBoundingClientRect().x, g.getBoundingClientRect().y]; });")


def _data(browser: Any) -> dict[str, Any]:  # noqa: F811
    return dict(json.loads(browser.execute_script(
        "return document.querySelector('.replay-viewer script.replay-data').textContent")))


def _shown(browser: Any) -> list[str]:  # noqa: F811
    """The sentences listed now (without the small rule id after each)."""
    return list(browser.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('.replay-events li'), function (li) {"
        " return li.firstChild.textContent; });"))


def _tally(browser: Any) -> dict[str, str]:  # noqa: F811
    return dict(browser.execute_script(
        "var out = {}; document.querySelectorAll('.replay-tally td[data-side]').forEach(function (td) {"
        " out[td.getAttribute('data-side')] = td.textContent; }); return out;"))


@pytest.mark.parametrize("width", [1400, 390])
def test_replay_viewer_advances_a_turn_moves_tokens_and_scores(server: str, browser: Any,  # noqa: F811
                                                               width: int) -> None:
    set_width(browser, width)
    load(browser, server + "scenarios/mini-raid/")
    box = browser.find_element(By.CSS_SELECTOR, ".replay-viewer")
    data = _data(browser)
    assert len(data["turns"]) >= 4
    label = box.find_element(By.CSS_SELECTOR, ".replay-turn")
    assert label.text.startswith(f"Turn {data['turns'][0]['turn']} ")
    assert _shown(browser) == [e["text"] for e in data["turns"][0]["events"]]
    assert "Raiders (Central Powers: Novara and Saida) starts at Westport on a raid mission." in _shown(browser)
    assert box.find_elements(By.CSS_SELECTOR, ".replay-map svg.replay-map-svg")  # the map copy
    before = {t[0]: t for t in browser.execute_script(TOKENS)}
    assert set(before) == {t["id"] for t in data["turns"][0]["tokens"]}
    box.find_element(By.CSS_SELECTOR, "button[data-step='1']").click()
    second = data["turns"][1]
    assert label.text.startswith(f"Turn {second['turn']} ") and box.get_attribute("data-turn") == str(second["turn"])
    assert _shown(browser) == [e["text"] for e in second["events"]]
    browser.execute_script("return new Promise(function (done) { setTimeout(done, 700); })")  # the move's easing
    after = {t[0]: t for t in browser.execute_script(TOKENS)}
    moved = [f for f in after if after[f][1] != before[f][1]]
    assert moved and all((after[f][2], after[f][3]) != (before[f][2], before[f][3]) for f in moved)
    assert all(after[f][1] == next(t["at"] for t in second["tokens"] if t["id"] == f) for f in after)
    scoring = next(i for i, t in enumerate(data["turns"]) if t["vp"] != data["turns"][i - 1]["vp"] and i)
    tally_before = _tally(browser)
    box.send_keys(Keys.ARROW_RIGHT)  # the keyboard steps too
    assert box.get_attribute("data-turn") == str(data["turns"][2]["turn"])
    while int(box.find_element(By.CSS_SELECTOR, ".replay-slider").get_attribute("value")) < scoring:
        box.find_element(By.CSS_SELECTOR, "button[data-step='1']").click()
    tally = _tally(browser)
    assert tally != tally_before and tally["central-powers"].startswith("6 (+6)")
    marked = browser.find_elements(By.CSS_SELECTOR, ".replay-map-svg .replay-battle[data-zone='B3']")
    assert marked and data["turns"][scoring]["battles"] == ["B3"]
    assert any("is sunk" in s for s in _shown(browser))
    box.send_keys(Keys.HOME)
    assert box.get_attribute("data-turn") == str(data["turns"][0]["turn"])
    assert not browser.execute_script("return document.querySelectorAll('.replay-map-svg .map-label').length")
    assert_clean(browser, "replay")


def test_a_swipe_on_the_panel_steps_a_turn(server: str, browser: Any) -> None:  # noqa: F811
    set_width(browser, 390)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        load(browser, server + "scenarios/mini-raid/")
        box = browser.find_element(By.CSS_SELECTOR, ".replay-viewer")
        events = box.find_element(By.CSS_SELECTOR, ".replay-events")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", events)
        rect = browser.execute_script("var r = arguments[0].getBoundingClientRect();"
                                      " return [r.left + r.width / 2, r.top + 10];", events)
        first = box.get_attribute("data-turn")

        def swipe(dx: float) -> None:
            x, y = rect
            for kind, at in (("touchStart", x), ("touchMove", x + dx / 2), ("touchEnd", x + dx)):
                points = [] if kind == "touchEnd" else [{"x": at, "y": y}]
                browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        swipe(-120)  # right to left: the next turn
        second = box.get_attribute("data-turn")
        assert second != first
        swipe(120)  # back
        assert box.get_attribute("data-turn") == first
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_hostile_names_in_the_replay_stay_text(server: str, browser: Any) -> None:  # noqa: F811
    load(browser, server + "scenarios/hostile-raid/")
    shown = " ".join(_shown(browser))
    assert "Central <script>window.__pwned=12</script> Powers" in shown  # the side's name, shown as written
    assert "Novara <img src=x onerror=window.__pwned=2>" in shown  # a ship's name, never turned into words
    browser.find_element(By.CSS_SELECTOR, ".replay-viewer button[data-step='last']").click()
    assert "<script>" in browser.find_element(By.CSS_SELECTOR, ".replay-tally").text
    assert_clean(browser, "hostile replay")


@pytest.fixture(scope="module")
def smoked_corpus_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real corpus built with one recorded sample game per scenario (two smoke games each)."""
    from admiralty.site.build import build_site

    smoke = tmp_path_factory.mktemp("smoke")
    subprocess.run([sys.executable, "-m", "admiralty", "smoke", str(ROOT / "scenarios"), "--games", "1", "--jobs",
                    "1", "--out", str(smoke)], check=True, capture_output=True)
    out = tmp_path_factory.mktemp("smoked-site")
    assert build_site([str(ROOT / "scenarios")], str(smoke), str(out), strict=True) == 0
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(out)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


# Every turn, stepped from the first: the fire lines the viewer drew (battery>target) and how many of the fire
# plan's lines still show on the copy.
FIRES = """
var v = document.querySelector('.replay-viewer'), out = [], last = +v.querySelector('.replay-slider').max;
v.querySelector("button[data-step='first']").click();
for (var i = 0; i <= last; i++) {
  out.push([Array.prototype.map.call(v.querySelectorAll('line.replay-fire'), function (l) {
    return l.getAttribute('data-battery') + '>' + l.getAttribute('data-target'); }),
    Array.prototype.filter.call(v.querySelectorAll('.line-of-fire'), function (l) {
      return getComputedStyle(l).display !== 'none'; }).length]);
  v.querySelector("button[data-step='1']").click();
}
return out;
"""


@pytest.mark.parametrize("scenario", ["otranto-1917", "preveza-1538", "plancenoit-1815"])
def test_each_rule_system_replays_in_words(smoked_corpus_server: str, browser: Any, scenario: str) -> None:  # noqa: F811
    set_width(browser, 1400)
    load(browser, smoked_corpus_server + f"scenarios/{scenario}/")
    data = _data(browser)
    shown = _shown(browser)
    assert shown == [e["text"] for e in data["turns"][0]["events"]] and shown
    assert not any("=" in s for s in shown)
    assert len(_tally(browser)) == len(data["sides"]) >= 2
    caption = browser.find_element(By.CSS_SELECTOR, ".replay-tally caption").text
    assert caption == {"otranto-1917": "Victory points so far", "preveza-1538": "Naval units lost so far",
                       "plancenoit-1815": "Victory points (counted when the game ends)"}[scenario]
    browser.find_element(By.CSS_SELECTOR, ".replay-viewer button[data-step='last']").click()
    assert _shown(browser) == [e["text"] for e in data["turns"][-1]["events"]]
    if scenario == "preveza-1538":  # stepped battle by battle, the turn line saying which
        battles = [t for t in data["turns"] if t["step"].startswith("battle")]
        assert len(battles) >= 2 and all(len(t["battles"]) <= 1 for t in battles), data["turns"]  # one sea a step
        first = battles[0]
        assert f"Turn {first['turn']}, {first['step']} (" in browser.execute_script(
            "var v = document.querySelector('.replay-viewer'), steps = JSON.parse(v.querySelector("
            "'script.replay-data').textContent).turns; v.querySelector(\"button[data-step='first']\").click();"
            " for (var i = 0; i < steps.length && steps[i].step !== arguments[0]; i++) {"
            " v.querySelector(\"button[data-step='1']\").click(); }"
            " return v.querySelector('.replay-turn').textContent;", first["step"])
    if scenario == "plancenoit-1815":  # each turn draws its own fire, not the fire plan of turns 1-2 on every turn
        drawn = browser.execute_script(FIRES)
        assert drawn == [[[f"{b}>{t}" for b, t in turn["fires"]], 0] for turn in data["turns"]], drawn
        assert any(turn["fires"] for turn in data["turns"][3:])
    if scenario == "otranto-1917":  # fleets on the Adriatic map; the others mark seas or units and show the tally
        assert browser.execute_script(TOKENS)
        # one viewpoint a row: a side's points beside the enemy ships it sank (it showed the ships it lost)
        losses = data["turns"][-1]["losses"]
        enemy = dict(browser.execute_script(
            "var out = {}; document.querySelectorAll('.replay-tally tr').forEach(function (tr) {"
            " out[tr.querySelector('td[data-side]').getAttribute('data-side')] = tr.lastChild.textContent; });"
            " return out;"))
        assert enemy == {side: f"Enemy ships sunk: {sum(n for other, n in losses.items() if other != side)}"
                         for side in losses}, (enemy, losses)
        views = browser.execute_script(  # the copy is cropped to the southern Adriatic, where the game is played
            "var pane = document.querySelector('svg.admiralty-map svg.map-pane');"
            "return [pane.getAttribute('data-whole') || pane.getAttribute('viewBox'),"
            " document.querySelector('svg.replay-map-svg svg.map-pane').getAttribute('viewBox')];")
        whole, cropped = ([float(v) for v in view.split()] for view in views)  # against the whole Adriatic
        assert cropped[2] < whole[2] and cropped[3] < whole[3]
    assert_clean(browser, scenario)


# Every turn of the viewer, stepped from the first: each token's centre and radius as the viewer set them (its
# transform, not the box mid-transition), every pair of tokens closer than their radii and white rims allow,
# and every token whose centre lies outside the cropped view.
TOKEN_LAYOUT = """
var viewer = document.querySelector('.replay-viewer'), pane = viewer.querySelector('svg.map-pane');
viewer.querySelector("button[data-step='first']").click();
var last = +viewer.querySelector('.replay-slider').max, next = viewer.querySelector("button[data-step='1']");
var vb = pane.viewBox.baseVal, overlaps = [], outside = [], stack = 0, misnumbered = [], covered = [], key = {};
Array.prototype.forEach.call(document.querySelectorAll('ol.map-key li[data-fleet]'), function (li) {
  key[li.getAttribute('data-fleet')] = li.querySelector('.key-number').textContent; });
var codes = Array.prototype.filter.call(pane.querySelectorAll('.zone-code'), function (l) {
  return getComputedStyle(l).display !== 'none'; }).map(function (l) {
  var b = l.getBBox(); return {text: l.textContent, l: b.x, r: b.x + b.width, t: b.y, b: b.y + b.height}; });
for (var turn = 0; turn <= last; turn++) {
  var tokens = Array.prototype.map.call(viewer.querySelectorAll('g.replay-token'), function (g) {
    var m = /translate\\(([-\\d.e]+)px,\\s*([-\\d.e]+)px\\)/.exec(g.style.transform);
    return {id: g.getAttribute('data-token'), at: g.getAttribute('data-at'), x: +m[1], y: +m[2],
            r: +g.querySelector('circle').getAttribute('r')}; });
  var at = {};
  tokens.forEach(function (t) { at[t.at] = (at[t.at] || 0) + 1; stack = Math.max(stack, at[t.at]); });
  Array.prototype.forEach.call(viewer.querySelectorAll('g.replay-token'), function (g) {
    var id = g.getAttribute('data-token'), n = g.querySelector('text').textContent;
    if (id in key && key[id] !== n) { misnumbered.push([turn, id, n, key[id]]); }
    var t = tokens.filter(function (k) { return k.id === id; })[0];
    codes.forEach(function (c) {
      if (c.text === t.at && t.x - t.r < c.r && c.l < t.x + t.r && t.y - t.r < c.b && c.t < t.y + t.r) {
        covered.push([turn, id, c.text]); } }); });
  tokens.forEach(function (a, i) {
    if (a.x < vb.x || a.x > vb.x + vb.width || a.y < vb.y || a.y > vb.y + vb.height) {
      outside.push([turn, a.id, a.at]); }
    tokens.slice(i + 1).forEach(function (b) {
      var d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d < a.r + b.r + 1.2) {
        overlaps.push([turn, a.id, a.at, b.id, b.at, +d.toFixed(2), +(a.r + b.r).toFixed(2)]); }
    }); });
  next.click();
}
return {turns: last + 1, stack: stack, overlaps: overlaps, outside: outside, misnumbered: misnumbered,
        covered: covered, keyed: Object.keys(key).length};
"""

DREADNOUGHT = sorted(path.stem for path in (ROOT / "scenarios" / "dreadnought" / "scenarios").glob("*.yaml"))


def test_fleet_tokens_never_overlap_on_any_turn_of_any_dreadnought_replay(smoked_corpus_server: str,
                                                                         browser: Any) -> None:  # noqa: F811
    """Tokens in one place stand in a ring wide enough for their number, above the zone's code; tokens of
    neighbouring places (a port and its sea zone) are pushed apart; none leaves the cropped view; each token
    carries the number the map's key gives its fleet. Measured in the map's own units, which
    the page's width only scales, so the phone's width stands for both (the phone is where tokens crowd)."""
    set_width(browser, 390)
    crowded = 0
    for scenario in DREADNOUGHT:
        load(browser, smoked_corpus_server + f"scenarios/{scenario}/")
        layout = browser.execute_script(TOKEN_LAYOUT)
        assert layout["turns"] >= 2, scenario
        assert layout["overlaps"] == [], (scenario, layout["overlaps"][:5])
        assert layout["outside"] == [], (scenario, layout["outside"][:5])
        # one numbering: each token carries its fleet's number from the map's key (Otranto: 1 is Horthy on the
        # map and was Acton, the first id in the alphabet, in the replay)
        assert layout["keyed"] and layout["misnumbered"] == [], (scenario, layout["misnumbered"][:5])
        assert layout["covered"] == [], (scenario, layout["covered"][:5])  # a token never hides its zone's code
        crowded += layout["stack"] >= 4
        assert_clean(browser, scenario)
    assert crowded  # some replay has four or more fleets in one place: a ring of four overlapped before
