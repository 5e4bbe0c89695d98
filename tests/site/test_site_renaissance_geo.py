"""The renaissance map drawn to geography: seas and ports where they are on the globe (north up), each
scenario cropped to its theatre, every word a ``map-label`` sized in screen pixels, land from Natural Earth
and author text escaped."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from shapely.geometry import Point
from site_corpus import EVIL, SVG, classed
from test_site_renaissance import assert_inert_svg, evil_scenario

from admiralty.rulesets.renaissance.engine.model import RenaissanceMap, RenaissanceScenario, Transport
from admiralty.rulesets.renaissance.site import coast
from admiralty.rulesets.renaissance.site.geomap import (
    ARROWS,
    cropped_places,
    edge_point,
    frame_for,
    is_geographic,
    sea_route,
)
from admiralty.rulesets.renaissance.site.map import SEA_FILLS, map_svg
from admiralty.site.context import SiteContext
from admiralty.site.pages import scenario_page
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
SHARED_DATA = ROOT.parent / "shared" / "data" / "naturalearth-10m-europe.geojson"


@pytest.fixture(scope="module")
def scenarios() -> dict[str, RenaissanceScenario]:
    result = validate([str(ROOT / "scenarios" / "renaissance")])
    return {s.id: s for s in result.scenarios}  # type: ignore[misc]


@pytest.fixture(scope="module")
def maps() -> dict[str, RenaissanceMap]:
    result = validate([str(ROOT / "scenarios" / "renaissance")])
    return {m.id: m for m in result.models if isinstance(m, RenaissanceMap)}


def sea_label_points(svg: str) -> dict[str, tuple[float, float]]:
    """Each drawn sea's name label: where it is written."""
    points = {}
    for group in classed(ET.fromstring(svg), "sea"):
        text = next(t for t in group.iter(f"{SVG}text") if "sea-name" in (t.get("class") or ""))
        points[str(group.get("data-sea"))] = (float(text.get("x", 0)), float(text.get("y", 0)))
    return points


def drawn_ids(svg: str, kind: str) -> set[str]:
    return {str(g.get(f"data-{kind}")) for g in classed(ET.fromstring(svg), kind)}


def test_the_corpus_maps_are_geographic_and_a_map_without_positions_is_not(maps: dict[str, RenaissanceMap]) -> None:
    assert all(is_geographic(m) for m in maps.values())
    sea_map = maps["central-mediterranean"]
    one_missing = replace(sea_map, seas={**sea_map.seas, "ionian-sea": replace(sea_map.seas["ionian-sea"],
                                                                                position=None)})
    assert not is_geographic(one_missing)
    assert "geographic" not in (ET.fromstring(map_svg(one_missing)).get("class") or "")  # the schematic


def test_seas_are_drawn_in_geographic_order_north_up(maps: dict[str, RenaissanceMap]) -> None:
    whole = sea_label_points(map_svg(maps["mediterranean-atlantic"]))
    assert whole["adriatic-sea"][1] < whole["ionian-sea"][1]  # the Adriatic north of the Ionian (SVG y runs down)
    assert whole["western-channel"][1] < whole["bay-of-biscay"][1] < whole["gulf-of-cadiz"][1]
    assert whole["gulf-of-cadiz"][0] < whole["alboran-sea"][0] < whole["balearic-sea"][0] < whole["ionian-sea"][0]
    assert whole["ionian-sea"][0] < whole["aegean-sea"][0]
    theatre = sea_label_points(map_svg(maps["central-mediterranean"]))
    assert theatre["adriatic-sea"][1] < theatre["ionian-sea"][1] < theatre["tripoli-sea"][1]
    assert theatre["gulf-of-gabes"][0] < theatre["malta-channel"][0] < theatre["gulf-of-patras"][0]


def test_each_scenario_is_cropped_to_its_theatre(scenarios: dict[str, RenaissanceScenario]) -> None:
    armada = scenarios["armada-1588"]
    svg = map_svg(armada.map, armada)
    seas = drawn_ids(svg, "sea")
    assert {"western-channel", "eastern-channel", "strait-of-dover"} <= seas
    assert "aegean-sea" not in seas and "ionian-sea" not in seas and "alboran-sea" not in seas
    assert {"plymouth", "dover", "dunkirk"} <= drawn_ids(svg, "port") and "constantinople" not in drawn_ids(svg, "port")
    lepanto = scenarios["lepanto-1571"]
    ports = drawn_ids(map_svg(lepanto.map, lepanto), "port")
    assert {"lepanto", "corfu", "messina"} <= ports and "djerba" not in ports and "venice" not in ports
    malta = scenarios["malta-1565"]
    seas, neighbours, ports_list = cropped_places(malta.map, malta)
    assert seas == ["malta-channel"] and set(neighbours) == {"sicilian-channel", "tripoli-sea", "ionian-sea"}
    assert "lepanto" not in ports_list  # Syracuse opens on the Ionian too, but the Ionian is not in use


def test_a_neighbour_outside_the_crop_is_named_at_the_edge_with_an_arrow(scenarios: dict[str, Any]) -> None:
    lepanto = scenarios["lepanto-1571"]
    svg = map_svg(lepanto.map, lepanto)
    texts = {g.get("data-sea"): "".join(t.itertext()) for g in classed(ET.fromstring(svg), "sea")
             for t in g.iter(f"{SVG}text")}
    assert texts["ionian-sea"] == "Ionian Sea" and texts["gulf-of-patras"] == "Gulf of Patras"
    assert texts["adriatic-sea"] == "\u2191 Adriatic Sea"  # north of the crop
    frame = frame_for([(10.0, 35.0), (12.0, 37.0)])
    assert edge_point(frame, (11.0, 36.0), 30.0)[2] == ""
    assert edge_point(frame, (30.0, 36.0), 30.0)[2] == ARROWS[0]  # far to the east
    x, y, arrow = edge_point(frame, (11.0, 50.0), 30.0)
    assert arrow == ARROWS[2] and 0 < y < frame.height and 30 <= x <= frame.width - 30


def test_every_word_is_a_map_label_of_at_least_11_screen_pixels(scenarios: dict[str, RenaissanceScenario]) -> None:
    for scenario in scenarios.values():
        root = ET.fromstring(map_svg(scenario.map, scenario, svg_id="m"))
        pane = next(e for e in root.iter(f"{SVG}svg") if e.get("class") == "map-pane")
        texts = list(pane.iter(f"{SVG}text"))
        words = [t for t in texts if "".join(t.itertext()).strip() and t.get("class") is not None]
        assert words and all("map-label" in str(t.get("class")) for t in words), scenario.id
        assert all(int(t.get("data-px", 0)) >= 11 for t in words), scenario.id
        seas = [t for t in words if "sea-name" in str(t.get("class"))]
        assert seas and all(t.get("data-sea") == "1" for t in seas)
        assert not any(t.get("data-sea") for t in words if t not in seas)  # only sea names must stay off land
        height, width = float(pane.get("height", 0)), float(pane.get("width", 0))
        for line in (t for t in words if "unit-line" in str(t.get("class"))):  # inside the frame: the viewer
            bottom = float(line.get("y", 0)) + (float(line.get("dy", "0em")[:-2]) + 0.6) * 11  # hides what is not
            assert bottom <= height and 0 <= float(line.get("x", 0)) < width, (scenario.id, "".join(line.itertext()))
        names = {"".join(t.itertext()) for t in words}
        drawn_ports = cropped_places(scenario.map, scenario)[2]
        assert {scenario.map.ports[p].name for p in drawn_ports} <= names


def test_land_and_sea_tint_legend_and_attribution(scenarios: dict[str, RenaissanceScenario]) -> None:
    gravelines = scenarios["gravelines-1588"]
    svg = map_svg(gravelines.map, gravelines)
    root = assert_inert_svg(svg)
    assert classed(root, "land") and all(e.get("d", "").startswith("M") for e in classed(root, "land"))
    tints = {e.get("data-sea-zone"): e.get("fill") for e in root.iter(f"{SVG}path") if e.get("data-sea-zone")}
    assert tints["strait-of-dover"] == SEA_FILLS["atlantic"]
    legend = " ".join("".join(t.itertext()) for t in classed(root, "legend-item"))
    assert "atlantic sea (galleys roll 1 die)" in legend and "mediterranean" not in legend  # only kinds shown
    assert "Hapsburg" in legend and "England" in legend and "scripted battle" in legend
    assert "Natural Earth" in svg and classed(root, "scale-bar") and classed(root, "compass")


def test_sea_positions_lie_at_sea_and_ports_on_the_coast(maps: dict[str, RenaissanceMap]) -> None:
    """What the site draws matches the coast: no sea name written on land, no port far inland or at sea."""
    land = coast.land()
    for sea_map in maps.values():
        for sea in sea_map.seas.values():
            assert not any(p.contains(Point(sea.position)) for p in land), (sea_map.id, sea.id)
        for port in sea_map.ports.values():
            nearest = min(p.exterior.distance(Point(port.position)) for p in land)
            # Degrees: within about 45 km of the coast, since London and Antwerp lie up their estuaries.
            assert nearest < 0.45, (sea_map.id, port.id, nearest)


def test_transports_are_drawn_by_sea(scenarios: dict[str, RenaissanceScenario]) -> None:
    djerba = scenarios["djerba-1560"]
    transport = next(a for a in djerba.actions if isinstance(a, Transport))
    assert sea_route(djerba.map, transport) == ["djerba", "gulf-of-gabes", "sicilian-channel", "la-goulette"]
    malta = scenarios["malta-1565"]
    transport = next(a for a in malta.actions if isinstance(a, Transport))
    assert sea_route(malta.map, transport) == ["syracuse", "malta-channel", "mellieha"]
    root = ET.fromstring(map_svg(djerba.map, djerba))
    (arrow,) = classed(root, "action-transport")
    assert arrow.find(f"{SVG}path").get("d", "").count("Q") == 2  # type: ignore[union-attr]  # through two seas


def test_battles_are_named_in_words_per_place(scenarios: dict[str, RenaissanceScenario]) -> None:
    lepanto = scenarios["lepanto-1571"]
    root = ET.fromstring(map_svg(lepanto.map, lepanto))
    labels = {g.get("data-actions"): "".join(g.itertext()) for g in classed(root, "action-combat")}
    assert labels["1 2"].endswith("battles 1, 2") and labels["3 4"].endswith("battles 3, 4")


def test_hostile_text_is_escaped_in_the_geographic_map() -> None:
    scenario = evil_scenario()
    seas = {k: replace(v, position=(10.0 + i, 40.0)) for i, (k, v) in enumerate(scenario.map.seas.items())}
    ports = {k: replace(v, position=(10.5, 40.3)) for k, v in scenario.map.ports.items()}
    evil = replace(scenario, map=replace(scenario.map, seas=seas, ports=ports))
    assert is_geographic(evil.map)
    svg = map_svg(evil.map, evil, svg_id='x" onload="alert(3)')
    root = assert_inert_svg(svg)
    assert "<script>" not in svg and "<img" not in svg
    words = " ".join("".join(e.itertext()) for e in root.iter(f"{SVG}text"))
    assert EVIL in words  # shown as text, parsed back from &lt;
    page = scenario_page(evil, SiteContext())
    assert "<script>" not in page.split("## Map")[1]


def test_the_drawing_is_deterministic(scenarios: dict[str, RenaissanceScenario]) -> None:
    malta = scenarios["malta-1565"]
    assert map_svg(malta.map, malta) == map_svg(malta.map, malta)


@pytest.mark.skipif(not SHARED_DATA.exists(), reason="the Natural Earth 1:10m file is outside the repository")
def test_the_packaged_coast_is_the_one_the_command_makes() -> None:
    packaged = json.loads(coast.COAST_FILE.read_text(encoding="utf-8"))
    assert coast.make_coast(SHARED_DATA) == packaged
