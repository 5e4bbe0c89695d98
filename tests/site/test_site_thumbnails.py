"""The home page's scenario cards carry a map thumbnail (issue 38, item 7): a small SVG file reduced from the
scenario page's map (coasts, sea, the sides' start positions; no words, cells, routes or legend), loaded lazily,
with alt text, the same 8:5 shape on every card."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from admiralty.rulesets.dreadnought.site.map import map_figure, side_colour
from admiralty.site.thumbnails import alt_text, size_of, thumbnail_svg
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def mini() -> Any:
    result = validate([str(ROOT / "tests" / "fixtures" / "mini")])
    assert result.scenarios, [str(d) for d in result.report.diagnostics]
    return result.scenarios[0]


def test_a_thumbnail_keeps_coasts_and_starts_and_drops_the_words(mini: Any) -> None:
    figure = map_figure(mini.map, mini, svg_id="scenario-map-mini")
    thumb = thumbnail_svg(figure)
    assert thumb is not None
    root = ET.fromstring(thumb)
    assert root.tag == f"{SVG}svg" and size_of(thumb) == (320, 200)
    view = [float(v) for v in root.get("viewBox", "").split()]
    assert view[2] / view[3] == pytest.approx(1.6)
    assert [t.text for t in root.iter(f"{SVG}title")] == ["Map: " + mini.title]
    assert not list(root.iter(f"{SVG}text")) and "zone" not in thumb and "route" not in thumb
    assert len([e for e in root.iter(f"{SVG}path") if e.get("class") == "land"]) == len(mini.map.land)
    # one dot per fleet where it starts, in its side's colour
    dots = [e.get("fill") for e in root.iter(f"{SVG}circle")]
    fleets = [(index, fleet) for index, side in enumerate(mini.sides) for fleet in side.fleets]
    assert sorted(dots) == sorted(side_colour(index) for index, _ in fleets)
    assert len(thumb) < len(figure) / 3


def test_no_thumbnail_for_what_is_no_map() -> None:
    assert thumbnail_svg('<svg class="admiralty-chart" viewBox="0 0 10 10"></svg>') is None
    assert thumbnail_svg('<svg class="admiralty-map" viewBox="0 0 10 10"><g></svg>') is None  # not XML


def test_alt_text_says_what_the_picture_shows() -> None:
    assert alt_text("<svg><title>Table: Hougoumont</title></svg>", "Hougoumont") == (
        "Table of Hougoumont: the terrain and where each side's units and batteries stand")
    assert alt_text("<svg><title>Map: Jutland</title></svg>", "Jutland") == (
        "Map of Jutland: the coasts and where each side's forces start")


def test_home_cards_show_lazy_thumbnails_with_alt_text(built_site: Path) -> None:
    home = (built_site / "index.html").read_text(encoding="utf-8")
    images = re.findall(r'<li class="scenario-card" data-scenario="([^"]+)">.*?<img class="card-thumb" '
                        r'src="thumbs/\1\.svg" loading="lazy"[^>]*? alt="([^"]+)"', home)
    assert sorted(scenario for scenario, _ in images) == ["hostile-raid", "mini-raid"], images
    assert all(alt.startswith("Map of ") for _, alt in images)
    assert "<script" not in "".join(alt for _, alt in images)  # the hostile title stays text
    for scenario, _ in images:
        data = (built_site / "thumbs" / f"{scenario}.svg").read_text(encoding="utf-8")
        ET.fromstring(data)
        assert len(data.encode()) < 20_000 and "<script" not in data
