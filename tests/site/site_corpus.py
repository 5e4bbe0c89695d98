"""Test data for the site tests: the mini corpus plus a hostile scenario whose every author text is an attack,
and smoke statistics (one good file, one malformed)."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini"

# Payloads that would set window.__pwned if any of them ever ran in a reader's browser.
SCRIPT = "<script>window.__pwned = 1</script>"
IMG = "<img src=x onerror=window.__pwned=2>"
JS_LINK = "[x](javascript:window.__pwned=3)"
HOSTILE_WORD = "zanzibarite"  # a word of the hostile briefing, for the search test
BRIEFING_WORD = "Narrows"
HOSTILE_BRIEFING = (f"The {HOSTILE_WORD} squadron sails. {SCRIPT}\n\n{IMG}\n\nSee {JS_LINK} and "
                    "[a proper link](https://example.org/history) and `inline <b>code</b>`.\n\n"
                    "<a href=\"javascript:window.__pwned=4\">raw link</a> &lt;b&gt; &amp; *emphasis*\n")
HOSTILE_TITLE = "</title><script>window.__pwned=6</script> Hostile & <b>bold</b>"


def _modeline(kind: str) -> str:
    return f"# yaml-language-server: $schema=../../../schemas/dreadnought/{kind}.schema.json\n"


def _load(name: str) -> dict[str, Any]:
    data = yaml.safe_load((MINI / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _dump(path: Path, kind: str, data: dict[str, Any]) -> None:
    path.write_text(_modeline(kind) + yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def write_hostile_corpus(folder: Path) -> None:
    """The mini fixtures, plus a map, two catalogs and a scenario whose every author text is an attack."""
    folder.mkdir(parents=True, exist_ok=True)
    for path in MINI.glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    sea = _load("map.yaml")
    sea["id"] = "hostile-sea"
    sea["title"] = "<script>window.__pwned=7</script> Sea"
    sea["zones"] = [{"id": "B2", "name": "<script>window.__pwned=8</script>"}]
    sea["land"][0]["name"] = IMG
    sea["ports"][0]["name"] = "<svg onload=window.__pwned=9>Westport"
    _dump(folder / "hostile-map.yaml", "map", sea)
    renames = {"Novara": f"Novara {IMG}", "Saida": "Saida <script>window.__pwned=10</script>"}
    for name, new_id in (("ah.yaml", "hostile-ah"), ("it.yaml", "hostile-it")):
        catalog = _load(name)
        catalog["id"] = new_id
        for cls in catalog["classes"]:
            cls["name"] = cls["name"] + ' "><script>window.__pwned=11</script>'
        for ship in catalog["ships"]:
            ship["name"] = renames.get(ship["name"], ship["name"] + " II")
        _dump(folder / f"{new_id}.yaml", "ships", catalog)
    scenario = _load("scenario.yaml")
    scenario.update(id="hostile-raid", title=HOSTILE_TITLE, map="hostile-sea", catalogs=["hostile-ah", "hostile-it"],
                    briefing=HOSTILE_BRIEFING, sources=[JS_LINK, SCRIPT, "A. Author, *Real Book* (1920)"])
    scenario["sides"][0]["name"] = "Central <script>window.__pwned=12</script> Powers"
    scenario["sides"][0]["fleets"][0]["ships"] = list(renames.values())
    scenario["sides"][1]["fleets"][0]["ships"] = ["Aquila II", "Sparviero II"]
    # the map's features and the route key print these (legend, map label, tooltip, key)
    scenario["sides"][0]["fleets"][0]["name"] = "<img src=x onerror=window.__pwned=13>Raiders"
    scenario["features"] = [{"id": "evil-line", "name": "<script>window.__pwned=14</script> line",
                             "through": ["B3", "C3"], "notes": IMG}]
    _dump(folder / "hostile-scenario.yaml", "scenario", scenario)


SMOKE_MINI = {
    "scenario": "mini-raid", "ruleset": "dreadnought", "games": 200, "players": ["random", "scripted"],
    "failures": {}, "length": {"mean": 6.0, "stdev": 0.0, "min": 6, "max": 6},
    "sides": {  # over all 200 games: NOT the balance figure, which is the 100 scripted games below
        "central-powers": {"wins": 60, "rate": 0.30, "wilson95": [0.239, 0.368],
                           "vp": {"mean": 7.5, "histogram": {"0": 40, "3": 35, "6": 60, "9": 40, "12": 25}}},
        "entente": {"wins": 120, "rate": 0.6, "wilson95": [0.531, 0.665],
                    "vp": {"mean": 4.2, "histogram": {"0": 70, "3": 80, "6": 50}}},
    },
    "draws": 20,
    "balance": {"expected": [0.2, 0.8], "observed": 0.44, "in_band": True, "player": "scripted", "games": 100},
    "by_player": {
        "scripted": {"games": 100, "draws": 6, "sides": {
            "central-powers": {"wins": 44, "rate": 0.44, "wilson95": [0.347, 0.537]},
            "entente": {"wins": 50, "rate": 0.5, "wilson95": [0.404, 0.596]}}},
        "random": {"games": 100, "draws": 14, "sides": {
            "central-powers": {"wins": 16, "rate": 0.16, "wilson95": [0.101, 0.244]},
            "entente": {"wins": 70, "rate": 0.7, "wilson95": [0.604, 0.781]}}},
    },
}


def write_smoke(folder: Path) -> None:
    """The statistics below, and mini-raid's and hostile-raid's sample games recorded as the smoke stage keeps
    them."""
    from admiralty.smoke.runner import play_smoke_game
    from admiralty.validator.pipeline import validate

    folder.mkdir(parents=True, exist_ok=True)
    mini = next(s for s in validate([str(MINI)]).scenarios if s.id == "mini-raid")
    play_smoke_game(mini, 0, "scripted", replay_dir=str(folder / "replays"), sample=True)
    # The hostile scenario's game too: its replay viewer then writes every hostile name into its sentences.
    hostile_dir = folder.parent / f"{folder.name}-hostile-corpus"
    write_hostile_corpus(hostile_dir)
    hostile = next(s for s in validate([str(hostile_dir)]).scenarios if s.id == "hostile-raid")
    play_smoke_game(hostile, 0, "scripted", replay_dir=str(folder / "replays"), sample=True)
    (folder / "mini-raid.json").write_text(json.dumps(SMOKE_MINI), encoding="utf-8")
    # Malformed statistics for the hostile scenario: the site must shrug them off.
    (folder / "hostile-raid.json").write_text('{"games": "many", "sides": [1, 2], "balance": "yes"}',
                                              encoding="utf-8")


SVG = "{http://www.w3.org/2000/svg}"
EVIL = '<script>window.__pwned=1</script>"><img src=x onerror=alert(1)>'


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    """Every element of an SVG tree whose ``class`` list holds ``name``."""
    return [e for e in root.iter() if name in (e.get("class") or "").split()]

