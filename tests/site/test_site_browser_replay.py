"""The sample game in a real headless Chromium: the viewer shows the first turn's events, the next button
advances one turn and shows that turn's events (and only those), and the places they name are marked on the
map. Hostile text in recorded events stays text."""

from __future__ import annotations

import json
from typing import Any

from test_site_browser import By, assert_clean, browser, load, pytestmark, server  # noqa: F401  (fixtures, marks)

from admiralty.site.replayview import turns, viewer


def test_replay_viewer_advances_a_turn_and_shows_its_events(server: str, browser: Any) -> None:  # noqa: F811
    load(browser, server + "scenarios/mini-raid/")
    box = browser.find_element(By.CSS_SELECTOR, ".replay-viewer")
    data = json.loads(browser.execute_script("return arguments[0].querySelector('script.replay-data').textContent",
                                             box))
    assert len(data["turns"]) >= 2
    label = box.find_element(By.CSS_SELECTOR, ".replay-turn")
    first = data["turns"][0]
    assert label.text.startswith(f"Turn {first['turn']} ")
    items = box.find_elements(By.CSS_SELECTOR, ".replay-events li")
    assert [i.find_element(By.TAG_NAME, "strong").text for i in items] == [e["type"] for e in first["events"]]
    box.find_element(By.CSS_SELECTOR, "button[data-step='1']").click()
    second = data["turns"][1]
    assert label.text.startswith(f"Turn {second['turn']} ") and box.get_attribute("data-turn") == str(second["turn"])
    items = box.find_elements(By.CSS_SELECTOR, ".replay-events li")
    assert [i.find_element(By.TAG_NAME, "strong").text for i in items] == [e["type"] for e in second["events"]]
    assert all(e["text"] in i.text for i, e in zip(items, second["events"], strict=True))
    moved = [n for n in second["marks"]
             if browser.find_elements(By.CSS_SELECTOR, f"svg.admiralty-map [data-zone='{n}']")]
    marked = {e.get_attribute("data-zone") for e in browser.find_elements(By.CSS_SELECTOR, "svg .replay-mark")}
    assert moved and set(moved) <= marked  # every zone this turn's events name is marked on the map
    assert_clean(browser, "replay")


def test_recorded_events_cannot_close_the_data_block() -> None:
    evil = "</script><script>window.__pwned=1</script>"
    sample = {"header": {"seed": 1, "players": {"a": "scripted"}},
              "events": [{"turn": 1, "phase": "setup", "type": "fleet-placed", "rule": "DN-5.2", "fleet": evil}]}
    block = viewer("x", sample, "")
    assert "</script><script>" not in block and block.count("</script>") == 1
    data = block.split('class="replay-data">')[1].split("</script>")[0]
    assert json.loads(data)["turns"][0]["events"][0]["text"] == f"fleet={evil}"
    assert turns(sample["events"])[0]["marks"][0] == evil
