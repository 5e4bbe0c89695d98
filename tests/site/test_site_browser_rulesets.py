"""The renaissance and napoleonic pages in a real headless Chromium (helpers from ``test_site_browser``).

Builds the site (strict) from the repository's renaissance and napoleonic corpus plus one hostile scenario of
each, loads every scenario page of the two rulesets, and checks that its drawing has one ``.sea``/``.port``
per sea and port, or one ``.unit``/``.battery``/``.terrain`` per unit, battery and terrain piece; that no
hostile author text runs and the console stays clean; and that each side's sheet prints on one page. Saves
screenshots of one page of each ruleset to ``build/screenshots/``.
"""

from __future__ import annotations

import base64
import re
import shutil
import threading
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml

# ``browser`` is a fixture (used by name). Selenium's names come from there too, after its skip when selenium
# is not installed.
from test_site_browser import (  # noqa: F401
    CHROMEDRIVER,
    CHROMIUM,
    SCREENSHOTS,
    By,
    QuietHandler,
    assert_clean,
    browser,
    full_page_png,
    load,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (apt-get install chromium)"),
    pytest.mark.skipif(not CHROMEDRIVER.exists(), reason="no /usr/bin/chromedriver (apt-get install chromium-driver)"),
]

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "<script>window.__pwned = 21</script>"
IMG = "<img src=x onerror=window.__pwned=22>"


def _load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _dump(path: Path, ruleset: str, kind: str, data: dict[str, Any]) -> None:
    modeline = f"# yaml-language-server: $schema=../../../schemas/{ruleset}/{kind}.schema.json\n"
    path.write_text(modeline + yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def write_ruleset_corpus(folder: Path) -> None:
    """The repository's renaissance and napoleonic documents, and a hostile copy of one scenario of each."""
    for ruleset in ("renaissance", "napoleonic"):
        shutil.copytree(ROOT / "scenarios" / ruleset, folder / ruleset)
    hostile = folder / "hostile"
    hostile.mkdir()
    sea = _load(folder / "renaissance" / "maps" / "mediterranean-atlantic.yaml")
    sea.update(id="hostile-seas", title=f"{SCRIPT} Seas")
    sea["seas"][0]["name"] = IMG
    sea["ports"][0]["name"] = f"</text>{SCRIPT}"
    _dump(hostile / "hostile-seas.yaml", "renaissance", "map", sea)
    armada = _load(folder / "renaissance" / "scenarios" / "armada-1588.yaml")
    armada.update(id="hostile-armada", map="hostile-seas", title=f"</title>{SCRIPT} Armada",
                  briefing=f"The {SCRIPT} fleet. {IMG}", sources=[SCRIPT])
    armada["leaders"][0]["name"] = IMG
    armada["formations"][0]["name"] = SCRIPT
    _dump(hostile / "hostile-armada.yaml", "renaissance", "scenario", armada)
    table = _load(folder / "napoleonic" / "tables" / "plancenoit.yaml")
    table.update(id="hostile-table", title=f"{SCRIPT} Table")
    table["terrain"][0]["name"] = IMG
    _dump(hostile / "hostile-table.yaml", "napoleonic", "table", table)
    battle = _load(folder / "napoleonic" / "scenarios" / "plancenoit-1815.yaml")
    battle.update(id="hostile-plancenoit", table="hostile-table", title=f"</title>{SCRIPT} Plancenoit",
                  briefing=f"{SCRIPT}\n\n{IMG}")
    battle["sides"][0]["name"] = f"{SCRIPT} side"
    battle["units"][0]["name"] = IMG
    battle["batteries"][0]["name"] = '"><svg onload=window.__pwned=23>'
    _dump(hostile / "hostile-plancenoit.yaml", "napoleonic", "scenario", battle)


@pytest.fixture(scope="module")
def ruleset_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ruleset-corpus")
    write_ruleset_corpus(folder)
    return folder


@pytest.fixture(scope="module")
def ruleset_server(ruleset_corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from admiralty.site.build import build_site

    out = tmp_path_factory.mktemp("ruleset-site")
    assert build_site([str(ruleset_corpus)], str(tmp_path_factory.mktemp("no-smoke")), str(out), strict=True) == 0
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(out)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def expected_shapes(scenario: Any) -> dict[str, int]:
    """What each scenario page's drawing must hold, counted from the model."""
    if scenario.ruleset == "renaissance":
        from admiralty.rulesets.renaissance.site.geomap import cropped_places, is_geographic

        seas, neighbours, ports = (cropped_places(scenario.map, scenario) if is_geographic(scenario.map)
                                   else (list(scenario.map.seas), [], list(scenario.map.ports)))
        return {"svg.renaissance-map .sea": len(seas) + len(neighbours),  # a geographic map is cropped
                "svg.renaissance-map .port": len(ports),
                "svg.renaissance-map .units": sum(1 for by in scenario.units.values() for u in by.values()
                                                  if not u.is_empty)}
    return {"svg.napoleonic-table .unit": len(scenario.units), "svg.napoleonic-table .battery": len(scenario.batteries),
            "svg.napoleonic-table .terrain": len(scenario.table.terrain)}


def test_renaissance_and_napoleonic_pages_in_a_real_browser(ruleset_server: str, browser: Any,  # noqa: F811
                                                            ruleset_corpus: Path) -> None:
    from admiralty.validator.pipeline import validate

    scenarios = {s.id: s for s in validate([str(ruleset_corpus)]).scenarios}
    corpus = {s.id for s in validate([str(ROOT / "scenarios" / r) for r in ("renaissance", "napoleonic")]).scenarios}
    assert {"armada-1588", "preveza-1538", "lepanto-1571", "paunsdorf-1813", "plancenoit-1815",
            "hougoumont-1815"} <= corpus
    assert set(scenarios) == corpus | {"hostile-armada", "hostile-plancenoit"}
    load(browser, ruleset_server + "scenarios/")
    rows = browser.find_elements(By.CSS_SELECTOR, "#scenario-index tbody tr")
    links = {r.get_attribute("data-scenario"): r.find_element(By.CSS_SELECTOR, "a").get_attribute("href") for r in rows}
    assert set(links) == set(scenarios)

    for scenario_id, url in sorted(links.items()):
        load(browser, url)
        svg = browser.find_elements(By.CSS_SELECTOR, "svg.admiralty-map")
        assert len(svg) == 1 and svg[0].find_element(By.CSS_SELECTOR, "title").get_attribute("textContent")
        for selector, count in expected_shapes(scenarios[scenario_id]).items():
            assert len(browser.find_elements(By.CSS_SELECTOR, selector)) == count, (scenario_id, selector)
        assert svg[0].size["width"] > 300 and svg[0].size["height"] > 200, scenario_id  # drawn, not collapsed
        assert_clean(browser, scenario_id)
        if scenario_id in ("armada-1588", "plancenoit-1815"):
            full_page_png(browser, SCREENSHOTS / f"scenario-{scenario_id}.png")
            svg[0].screenshot(str(SCREENSHOTS / f"drawing-{scenario_id}.png"))

    load(browser, links["hostile-armada"])
    text = browser.find_element(By.CSS_SELECTOR, "article").text
    assert SCRIPT in text and IMG in text  # shown, not run
    load(browser, links["hostile-plancenoit"])
    units = browser.find_element(By.CSS_SELECTOR, ".oob").text
    assert IMG in units
    assert_clean(browser, "hostile pages")

    for page in ("maps/mediterranean-atlantic/", "maps/hostile-seas/", "maps/plancenoit/", "maps/hostile-table/"):
        load(browser, ruleset_server + page)
        assert browser.find_elements(By.CSS_SELECTOR, "svg.admiralty-map"), page
        assert_clean(browser, page)

    for scenario_id in ("armada-1588", "preveza-1538", "plancenoit-1815", "paunsdorf-1813"):
        load(browser, ruleset_server + f"sheets/{scenario_id}/")
        sheets = len(browser.find_elements(By.CSS_SELECTOR, "section.sheet"))
        pdf = base64.b64decode(browser.execute_cdp_cmd("Page.printToPDF", {"printBackground": True})["data"])
        assert sheets == len(re.findall(rb"/Type\s*/Page[^s]", pdf)), scenario_id  # one printed page per sheet
        assert_clean(browser, f"sheets {scenario_id}")
