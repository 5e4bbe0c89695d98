"""The map overlay of ``admiralty diff``: a moved port and a split zone are drawn where they are."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from shapely.geometry import Polygon

from admiralty.rulesets.dreadnought.site.mapdiff import _frame
from admiralty.validator.pipeline import validate
from tests.diff.conftest import edit, report_of

SVG = "{http://www.w3.org/2000/svg}"
MAP = Path("dreadnought") / "maps" / "narrow-sea.yaml"
OLD_PORT, NEW_PORT = (10.0, 15.0), (10.0, 5.0)


def _points(text: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (pair.split(",") for pair in text.split())]


def _centre(points: list[tuple[float, float]]) -> tuple[float, float]:
    centre = Polygon(points).centroid
    return (centre.x, centre.y)


@pytest.fixture
def split_and_moved(starter_pair: Path) -> tuple[Path, list[list[float]], list[list[float]]]:
    """The head map: zone B2 cut in two (its west half keeps the id, the east half is the new zone BA2) and
    Westhaven moved south along the Westland coast."""
    base = validate([str(starter_pair / "base")])
    zone = base.scenarios[0].map.zones["B2"]
    min_x, min_y, max_x, max_y = Polygon(zone.polygon).bounds
    middle = (min_x + max_x) / 2
    west = [[min_x, min_y], [middle, min_y], [middle, max_y], [min_x, max_y]]
    east = [[middle, min_y], [max_x, min_y], [max_x, max_y], [middle, max_y]]
    head_map = starter_pair / "head" / MAP
    edit(head_map, "  - {id: B2, name: The Narrows}", f"  - {{id: B2, name: The Narrows, polygon: {west}}}\n"
         f"  - {{id: BA2, name: The East Narrows, polygon: {east}}}")
    edit(head_map, "at: [10, 15]", "at: [10, 5]")
    return starter_pair, west, east


def test_overlay_shows_the_split_zone_and_the_moved_port(
        split_and_moved: tuple[Path, list[list[float]], list[list[float]]]) -> None:
    folder, west, east = split_and_moved
    report = report_of(folder, "base", "head", "--no-play", "--no-png", "--out", "out")
    (scenario,) = report["scenarios"]
    changes = {(c["group"], c["kind"], c["key"]) for c in scenario["changes"]}
    assert {("zones", "changed", "B2"), ("zones", "added", "BA2"), ("ports", "changed", "westhaven")} <= changes
    assert scenario["pictures"]["overlay"] == "first-sortie-1916-overlay.svg"
    svg = ET.parse(folder / "out" / "first-sortie-1916-overlay.svg").getroot()

    old, new = (validate([str(folder / name)]).scenarios[0].map for name in ("base", "head"))
    frame = _frame(old, new)
    flagged = {(e.get("class"), e.get("data-zone")) for e in svg.iter(f"{SVG}polygon")
               if e.get("class") in ("zone-added", "zone-removed", "zone-changed")}
    assert flagged == {("zone-changed", "B2"), ("zone-added", "BA2")}
    for zone_id, half in (("B2", west), ("BA2", east)):
        (drawn,) = [e for e in svg.iter(f"{SVG}polygon") if e.get("data-zone") == zone_id
                    and e.get("class", "").startswith("zone-") and e.get("class") != "zone-before"]
        assert _centre(_points(drawn.get("points", ""))) == pytest.approx(
            frame.point(_centre([(x, y) for x, y in half])), abs=0.05)
        assert Polygon(_points(drawn.get("points", ""))).area == pytest.approx(
            Polygon(half).area * frame.scale ** 2, rel=1e-3)
    (before_outline,) = [e for e in svg.iter(f"{SVG}polygon") if e.get("class") == "zone-before"]
    assert before_outline.get("data-zone") == "B2"
    assert _centre(_points(before_outline.get("points", ""))) == pytest.approx(
        frame.point(_centre([(float(x), float(y)) for x, y in old.zones["B2"].polygon])), abs=0.05)

    (line,) = [e for e in svg.iter(f"{SVG}line") if e.get("class") == "port-moved"]
    assert line.get("data-port") == "westhaven"
    ends = [(float(line.get(f"x{i}", "")), float(line.get(f"y{i}", ""))) for i in (1, 2)]
    assert ends == [pytest.approx(frame.point(OLD_PORT)), pytest.approx(frame.point(NEW_PORT))]
    assert ends[1][1] > ends[0][1]  # moved south: further down the picture
    unchanged = {e.get("data-port") for e in svg.iter(f"{SVG}circle") if e.get("class") == "port-same"}
    assert unchanged == {"eastport"}
    assert not [e for e in svg.iter(f"{SVG}path") if re.match(r"coast-", e.get("class", ""))]


def test_coastline_change_is_drawn_as_land_gained(starter_pair: Path) -> None:
    edit(starter_pair / "head" / MAP, "polygon: [[0, 0], [10, 0], [10, 20], [0, 20]]",
         "polygon: [[0, 0], [12, 0], [12, 20], [0, 20]]")
    report = report_of(starter_pair, "base", "head", "--no-play", "--no-png", "--out", "out")
    (scenario,) = report["scenarios"]
    assert ("coast", "changed", "westland") in {(c["group"], c["kind"], c["key"]) for c in scenario["changes"]}
    svg = ET.parse(starter_pair / "out" / "first-sortie-1916-overlay.svg").getroot()
    gained = [e for e in svg.iter(f"{SVG}path") if e.get("class") == "coast-gained"]
    assert len(gained) == 1 and float(gained[0].get("data-area", "0")) == pytest.approx(2 * 20, rel=1e-6)
    assert not [e for e in svg.iter(f"{SVG}path") if e.get("class") == "coast-lost"]


def test_pictures_are_written_as_png_too(starter_pair: Path) -> None:
    from admiralty.diff.pictures import rasteriser

    if rasteriser() is None:
        pytest.skip("neither CairoSVG (the diff extra) nor Chromium is installed")
    edit(starter_pair / "head" / MAP, "at: [10, 15]", "at: [10, 5]")
    report = report_of(starter_pair, "base", "head", "--no-play", "--out", "out")
    pictures = report["scenarios"][0]["pictures"]
    assert sorted(pictures) == ["after", "after.png", "before", "before.png", "overlay", "overlay.png"]
    for name in pictures.values():
        data = (starter_pair / "out" / name).read_bytes()
        assert data.startswith(b"\x89PNG") if name.endswith(".png") else data.startswith(b"<svg")


def test_a_moved_port_is_noted_in_km_when_the_map_says_how_long_a_unit_is() -> None:
    from admiralty.rulesets.dreadnought.site.mapdiff import _distance

    assert _distance((0.0, 0.0), (3.0, 4.0), 3.5) == "5.0 map units (18 km)"  # the Adriatic's 3.5 km a unit
    assert _distance((0.0, 0.0), (3.0, 4.0), None) == "5.0 map units"
