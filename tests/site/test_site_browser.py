"""The built site in a real headless Chromium (Debian's package, driven by selenium through chromedriver).

Loads the home page, the scenario index and every scenario page; checks each map has one ``.zone`` per zone,
the search finds a scenario by a word of its briefing, no hostile author text runs, the browser logs no
error, and one sheet prints per page. Saves screenshots to ``build/screenshots/``.
"""

from __future__ import annotations

import base64
import os
import re
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1280,1000")

selenium = pytest.importorskip("selenium", reason="selenium is not installed (pip install selenium)")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (apt-get install chromium)"),
    pytest.mark.skipif(not CHROMEDRIVER.exists(), reason="no /usr/bin/chromedriver (apt-get install chromium-driver)"),
]

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import NoAlertPresentException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server(built_site: Path) -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(built_site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    os.environ.setdefault("SE_OFFLINE", "true")  # never let selenium look for a driver online
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.set_capability("unhandledPromptBehavior", "ignore")  # an alert stays open so that we see it
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(20)
    yield driver
    driver.quit()


def assert_clean(driver: Any, where: str) -> None:
    """No alert opened, nothing set window.__pwned, and the console holds no error."""
    try:
        alert = driver.switch_to.alert
        text = alert.text
        alert.dismiss()
        pytest.fail(f"{where}: an alert opened: {text!r}")
    except NoAlertPresentException:
        pass
    assert driver.execute_script("return typeof window.__pwned") == "undefined", where
    errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    assert not errors, f"{where}: console errors {errors}"


def set_width(driver: Any, width: int, height: int = 900) -> None:
    """Emulate a screen ``width`` CSS pixels wide (a phone below 600)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def load(driver: Any, url: str) -> None:
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def full_page_png(driver: Any, path: Path) -> None:
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], 6000), "scale": 1}})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(base64.b64decode(shot["data"]))


def test_site_in_a_real_browser(server: str, browser: Any, hostile_corpus: Path) -> None:
    from admiralty.validator.pipeline import validate

    zones = {s.id: len(s.map.zones) for s in validate([str(hostile_corpus)]).scenarios}

    load(browser, server)
    assert "admiralty" in browser.title
    assert_clean(browser, "home")

    load(browser, server + "scenarios/")
    rows = browser.find_elements(By.CSS_SELECTOR, "#scenario-index tbody tr")
    assert sorted(r.get_attribute("data-scenario") for r in rows) == sorted(zones)
    links = {r.get_attribute("data-scenario"): r.find_element(By.CSS_SELECTOR, "a").get_attribute("href")
             for r in rows}
    # the inline script sorts and filters
    browser.find_element(By.XPATH, "//table[@id='scenario-index']//th[text()='Scenario']").click()
    titles = [r.find_element(By.CSS_SELECTOR, "a").text for r in
              browser.find_elements(By.CSS_SELECTOR, "#scenario-index tbody tr")]
    assert titles == sorted(titles, key=str.lower)
    browser.find_element(By.ID, "scenario-filter").send_keys("small sea")
    visible = [r.get_attribute("data-scenario") for r in
               browser.find_elements(By.CSS_SELECTOR, "#scenario-index tbody tr") if r.is_displayed()]
    assert visible == ["mini-raid"]
    assert_clean(browser, "scenario index")

    for scenario_id, url in links.items():
        load(browser, url)
        shapes = browser.find_elements(By.CSS_SELECTOR, "svg.admiralty-map .zone")
        assert len(shapes) == zones[scenario_id], scenario_id
        assert len({s.get_attribute("data-zone") for s in shapes}) == zones[scenario_id]
        assert_clean(browser, scenario_id)
        if scenario_id == "mini-raid":
            full_page_png(browser, SCREENSHOTS / "scenario-mini-raid.png")

    load(browser, links["hostile-raid"])
    briefing = browser.find_element(By.CSS_SELECTOR, ".briefing").get_attribute("textContent")  # folded too
    assert "<script>window.__pwned = 1</script>" in briefing and "<img src=x onerror=window.__pwned=2>" in briefing
    assert not browser.find_elements(By.CSS_SELECTOR, ".briefing a[href^='javascript']")

    # Material's built-in search, typed into its box, finds the scenario by a word of its briefing.
    load(browser, server)
    box = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    box.click()
    box.send_keys("zanzibarite")
    WebDriverWait(browser, 15).until(
        lambda d: any("hostile-raid" in (a.get_attribute("href") or "")
                      for a in d.find_elements(By.CSS_SELECTOR, ".md-search-result__item a")))
    assert_clean(browser, "search")

    # The printable sheet: print media, one sheet per printed page.
    load(browser, server + "sheets/mini-raid/")
    sheets = len(browser.find_elements(By.CSS_SELECTOR, "section.sheet"))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    full_page_png(browser, SCREENSHOTS / "sheets-mini-raid-print.png")
    pdf = base64.b64decode(browser.execute_cdp_cmd("Page.printToPDF", {"printBackground": True})["data"])
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    # The scenario sheet, the map, per side its orders and its records packed three cards to a row, the tracks.
    assert sheets == 7 and pages == sheets
    assert_clean(browser, "sheets")
