"""Accessibility of the site in a real headless Chromium (issue 38, item 9; helpers from ``test_site_browser``).

- **axe-core** (npm ``axe-core@4``, which ``.ci/run`` installs into ``.tools/``; the tests skip, saying so,
  without it) finds no serious or critical violation on one page of each type at 1400 and 390 px: home,
  scenario index, a scenario of each rule system (the dreadnought one with its sample game), a ship class, the
  maps index, a map, a rules page, a diagnostic code, a print pack, a guide with code blocks and the 404
  page. The bundled corpus's site and the hostile one (with smoke statistics, so a sample game) are the
  session's own builds (``corpus_server``, ``built_site``): nothing is built here.
- **Touch targets**: on a phone every control (buttons, fields, disclosures, the map toolbar, the header's
  buttons) of those pages and of the rules coverage is at least 44 x 44 px; links inside running text are
  exempt, as WCAG 2.5.5 says.
- **The 404 page works from any root**: served at the root for a missed address deep in the site and by its
  own name, and under a sub-path by its own name, its stylesheets load and its links lead to pages there. (A
  missed address deep under a sub-path needs the ``site_url`` that names that path, as MkDocs says; this
  repository's ``mkdocs.yml`` names none, since it has no published address of its own.)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from test_site_browser import (  # noqa: F401  (fixtures and marks)
    ROOT,
    QuietHandler,
    WebDriverWait,
    browser,
    load,
    pytestmark,
    set_width,
)

AXE = ROOT / ".tools" / "node_modules" / "axe-core" / "axe.min.js"
PREFIX = "/admiralty/"  # a sub-path the site is also served under
PHONE = 390
# One page of each type: (site, path). "corpus" is the bundled corpus's site; "hostile" the hostile corpus's,
# with smoke statistics (a sample game) and a server that answers a missed address with the 404 page.
PAGES = (("corpus", ""), ("corpus", "scenarios/"), ("hostile", "scenarios/mini-raid/"),
         ("corpus", "scenarios/gravelines-1588/"), ("corpus", "scenarios/paunsdorf-1813/"),
         ("corpus", "ships/britain-1917/bellerophon/"), ("corpus", "maps/"), ("corpus", "maps/hougoumont/"),
         ("corpus", "rules/renaissance/"), ("corpus", "codes/geo009/"), ("hostile", "sheets/mini-raid/"),
         ("corpus", "ci/"), ("hostile", "no/such/page/"))  # fmt: skip
# Pages whose controls are measured on a phone besides those: the rules coverage's 150 disclosures (20 px tall
# before). Its axe-core run is left out for the time budget: its parts (a wide table, disclosures) are on others.
PHONE_ONLY = ("coverage/",)
BLOCKING = ("serious", "critical")
# Controls a finger must hit; links inside running text are exempt (WCAG 2.5.5).
CONTROLS = ("button, input:not([type=hidden]), select, textarea, summary, [role=button], a.map-download, "
            "a.md-button")  # fmt: skip
TOUCH = 44

needs_axe = pytest.mark.skipif(not AXE.is_file(), reason=f"no {AXE.relative_to(ROOT)} (npm install --prefix .tools "
                               "axe-core@4, as .ci/run does)")

RUN_AXE = """
var done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then(function (r) {
  done(r.violations.map(function (v) {
    return {id: v.id, impact: v.impact, nodes: v.nodes.map(function (n) { return n.target.join(" "); })};
  }));
}, function (e) { done([{id: "axe-error", impact: "critical", nodes: [String(e)]}]); });
"""

SMALL_CONTROLS = """
var size = arguments[0], found = [];
function shown(e) {
  var r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && !e.closest(".md-search, .md-sidebar, [hidden]");
}
document.querySelectorAll(".md-content :is(" + arguments[1] + ")").forEach(function (e) {
  if (!shown(e)) return;
  var r = e.getBoundingClientRect();
  if (r.width < size || r.height < size) found.push(e.tagName.toLowerCase() + "." + e.className + " '" +
    (e.textContent || e.value || "").trim().slice(0, 20) + "' " + Math.round(r.width) + "x" + Math.round(r.height));
});
// The header's buttons on top at their centre (a closed drawer's or search box's are not).
document.querySelectorAll(".md-header .md-header__button").forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (!r.width || !r.height) return;
  var hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!hit || !(hit === e || e.contains(hit))) return;
  if (r.width < size || r.height < size) found.push("header " + e.className + " " + Math.round(r.width) + "x" +
    Math.round(r.height));
});
return found;
"""


class NotFoundHandler(QuietHandler):
    """A static server as GitHub Pages or ``mkdocs serve`` is one: the site at ``/`` and under ``PREFIX``, and
    ``404.html`` (status 404) for any address that is not a file of it."""

    def translate_path(self, path: str) -> str:
        if path.startswith(PREFIX):
            path = "/" + path[len(PREFIX):]
        return super().translate_path(path)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="module")
def site_server(built_site: Path) -> Iterator[str]:
    """The hostile site (smoke statistics: a sample game; the repository's mkdocs.yml) served with a 404 page,
    at ``/`` and under ``PREFIX``."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(NotFoundHandler, directory=str(built_site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def blocking_violations(driver: Any) -> list[str]:
    """axe-core's serious and critical violations on the loaded page, one line per rule with its first nodes."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    found = driver.execute_async_script(RUN_AXE)
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {', '.join(v['nodes'][:3])}" for v in found
            if v["impact"] in BLOCKING]


def at_width(driver: Any, width: int) -> None:
    """The page laid out again at ``width`` (media queries, Material's and the site's resize handlers)."""
    set_width(driver, width)
    driver.execute_script("window.dispatchEvent(new Event('resize'))")
    WebDriverWait(driver, 5).until(lambda d: d.execute_script(
        "return window.innerWidth === arguments[0] && document.readyState === 'complete'", width))
    time.sleep(0.3)  # javascripts/a11y.js looks at the scroll panes again 150 ms after the last resize


@needs_axe
@pytest.mark.parametrize(("site", "path"), PAGES, ids=[path or "home" for _, path in PAGES])
def test_no_serious_or_critical_axe_violations_and_touch_sized_controls(
        corpus_server: str, site_server: str, browser: Any, site: str, path: str) -> None:  # noqa: F811
    """One load per page: axe-core at 1400 px, then at 390 px with the controls' sizes (a phone)."""
    browser.set_script_timeout(60)
    try:
        at_width(browser, 1400)
        load(browser, (corpus_server if site == "corpus" else site_server) + path)
        wide = blocking_violations(browser)
        at_width(browser, PHONE)
        phone = blocking_violations(browser)
        small = browser.execute_script(SMALL_CONTROLS, TOUCH, CONTROLS)
    finally:
        set_width(browser, 1280)
    assert (wide, phone, small) == ([], [], []), f"1400 px: {wide}; {PHONE} px: {phone}; under {TOUCH} px: {small}"


@pytest.mark.parametrize("path", PHONE_ONLY)
def test_touch_sized_controls_on_a_phone(site_server: str, browser: Any, path: str) -> None:  # noqa: F811
    set_width(browser, PHONE)
    try:
        load(browser, site_server + path)
        assert browser.execute_script(f"return document.querySelectorAll('.md-content :is({CONTROLS})').length") > 100
        small = browser.execute_script(SMALL_CONTROLS, TOUCH, CONTROLS)
    finally:
        set_width(browser, 1280)
    assert small == []


def test_the_sample_games_event_list_takes_the_keyboard(site_server: str, browser: Any) -> None:  # noqa: F811
    """The event list scrolls as the game steps on: a keyboard user reaches it (tabindex 0) and it is named."""
    load(browser, site_server + "scenarios/mini-raid/")
    events = browser.execute_script("var e = document.querySelector('ol.replay-events');"
                                    "return e && [e.tabIndex, e.getAttribute('aria-label'), e.getAttribute('role')]")
    assert events is not None and events[0] == 0 and events[1], events
    assert events[2] is None  # still a list: its items keep their parent
    toolbar = browser.execute_script("return document.querySelectorAll('.map-toolbar button').length")
    assert toolbar > 0  # the phone's touch-target check above measured the map toolbar


@pytest.mark.parametrize("path", ["no/such/page/", "404.html", "admiralty/404.html"])
def test_the_404_page_works_from_any_root(site_server: str, browser: Any, path: str) -> None:  # noqa: F811
    root = site_server + (PREFIX.lstrip("/") if path.startswith("admiralty/") else "")
    load(browser, site_server + path)
    sheets = browser.execute_script(
        "return Array.from(document.querySelectorAll('link[rel=stylesheet]')).map(function (l) {"
        " var rules = -1; try { rules = l.sheet ? l.sheet.cssRules.length : -1 } catch (e) {}"
        " return [l.href, rules] })")
    assert sheets and all(rules > 0 for _, rules in sheets), sheets  # every stylesheet loaded
    assert all(href.startswith(root) for href, _ in sheets), (root, sheets)
    header = browser.execute_script("return getComputedStyle(document.querySelector('.md-header')).position")
    assert header == "sticky"  # Material's stylesheet is in force
    link = browser.execute_script("var a = Array.from(document.querySelectorAll('.md-nav a'))"
                                  ".find(function (a) { return /scenarios\\/$/.test(a.href) }); return a && a.href")
    assert link == root + "scenarios/"
    with urlopen(link) as response:  # the local test server
        assert response.status == 200
