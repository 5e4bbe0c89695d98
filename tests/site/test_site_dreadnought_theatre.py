"""A dreadnought scenario's map: cropped to its theatre, its map features drawn with a legend entry, each fleet's
route numbered on the map and in the key below it, legend and key as HTML; author text escaped in all of them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from admiralty.rulesets.dreadnought.site.features import route_summary
from admiralty.rulesets.dreadnought.site.map import drawing, map_figure, map_svg
from admiralty.rulesets.dreadnought.site.theatre import MAX_TALL, MAX_WIDE, fit_box, home_ports, used_places
from admiralty.validator.pipeline import validate

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus() -> dict[str, Any]:
    return {s.id: s for s in validate([str(ROOT / "scenarios" / "dreadnought")]).scenarios}


def _pane(svg: str) -> tuple[list[float], list[float]]:
    pane = ET.fromstring(svg).find(f".//{SVG}svg[@class='map-pane']")
    assert pane is not None
    return [float(n) for n in pane.get("viewBox", "").split()], [float(n) for n in pane.get("data-whole", "").split()]


@pytest.mark.parametrize("scenario_id", ["jutland-1916", "heligoland-bight-1914", "otranto-1917"])
def test_the_start_view_holds_the_home_ports_the_fleets_sail_from(corpus: dict[str, Any], scenario_id: str) -> None:
    """Jutland opened on a crop of open sea, Britain a sliver and Scapa, Rosyth and Wilhelmshaven off the map
    (issue 38): now the pane holds every zone and port the scenario uses and every port of its sides' nations."""
    scenario = corpus[scenario_id]
    view, _ = _pane(map_svg(scenario.map, scenario))
    assert 1 / MAX_WIDE * 0.999 <= view[3] / view[2] <= MAX_TALL * 1.001  # the viewBox is written to 0.1
    frame = drawing(scenario.map).frame
    homes = home_ports(scenario.map, scenario)
    if scenario_id == "jutland-1916":
        assert {"scapa-flow", "rosyth", "wilhelmshaven"} <= set(homes)
    for place in [*used_places(scenario), *homes]:
        at = (scenario.map.ports[place].at if place in scenario.map.ports
              else drawing(scenario.map).centres[place.replace(" ", "")])
        x, y = frame.point(at)
        assert view[0] <= x <= view[0] + view[2] and view[1] <= y <= view[1] + view[3], place


def test_a_scenario_far_from_its_home_ports_is_still_cropped_to_its_theatre() -> None:
    """The crop rules still hold for the used area: a small cluster far inside a large map is cropped, with its
    margin, inside the map."""
    x, y, w, h = fit_box([(100, 100), (140, 130)], (0.0, 0.0, 800.0, 800.0), 10.0)
    assert w * h < 0.1 * 800 * 800 and x <= 100 and y <= 100 and x + w >= 140 and y + h >= 130


def test_a_map_page_and_a_scenario_using_most_of_its_map_show_the_whole_map(corpus: dict[str, Any]) -> None:
    seamap = corpus["otranto-1917"].map
    view, whole = _pane(map_svg(seamap))
    scenario_view, scenario_whole = _pane(map_svg(seamap, corpus["otranto-1917"]))
    # Otranto's home ports (Cattaro to Taranto and Corfu) span the Adriatic: its map is the whole sea, as the map
    # page is, and needs no whole-map button
    assert whole == [] == scenario_whole and view == scenario_view
    assert fit_box([(1, 1), (99, 99)], (0.0, 0.0, 100.0, 100.0), 5.0) == (0.0, 0.0, 100.0, 100.0)
    # a thin strip is widened to the aspect limit, inside the map
    x, y, w, h = fit_box([(50, 10), (50, 90)], (0.0, 0.0, 300.0, 100.0), 1.0)
    assert h / w == pytest.approx(MAX_TALL, rel=1e-3) and x >= 0 and y >= 0 and y + h <= 100


def test_the_drifter_line_is_drawn_from_otranto_with_its_legend_entry(corpus: dict[str, Any]) -> None:
    scenario = corpus["otranto-1917"]
    figure = map_figure(scenario.map, scenario)
    root = ET.fromstring(map_svg(scenario.map, scenario))
    line = root.find(f".//{SVG}polyline[@data-feature='drifter-line']")
    assert line is not None and "feature-line" in (line.get("class") or "")
    first = tuple(float(n) for n in (line.get("points") or "").split()[0].split(","))
    assert first == drawing(scenario.map).frame.point(scenario.map.ports["otranto"].at)
    names = [t for t in root.iter(f"{SVG}text") if t.get("data-feature") == "drifter-line"]
    assert [t.text for t in names] == ["Otranto drifter line"] and names[0].get("data-px")
    legend = figure[figure.index('<ul class="map-legend"'):figure.index("</ul>")]
    assert "Otranto drifter line" in legend


@pytest.mark.rule("DN-5.1")
def test_every_fleet_has_its_number_on_the_map_and_a_line_in_the_key(corpus: dict[str, Any]) -> None:
    scenario = corpus["otranto-1917"]
    root = ET.fromstring(map_svg(scenario.map, scenario))
    numbers = {t.get("data-fleet"): t.text for t in root.iter(f"{SVG}text")
               if "route-label" in (t.get("class") or "")}
    fleets = [f.id for f in scenario.fleets()]
    assert numbers == {fleet: str(i) for i, fleet in enumerate(fleets, 1)}
    figure = map_figure(scenario.map, scenario)
    key = ET.fromstring(figure[figure.index('<ol class="map-key"'):])
    assert [li.get("data-fleet") for li in key] == fleets
    horthy = "".join(key[0].itertext())
    assert horthy.startswith("1 Horthy (Central Powers)") and "farthest AC26 on turn 5" in horthy
    assert "ends at Cattaro on turn 10" in horthy
    # one order a turn: Horthy's fifth order takes it to AC26, the tenth back into Cattaro
    summary = route_summary(scenario.fleet("horthy"), scenario.map, drawing(scenario.map).centres)
    assert (summary.farthest, summary.last) == ((5, "AC26"), (10, "cattaro"))


def test_feature_and_fleet_names_are_escaped_everywhere_they_show(tmp_path: Path) -> None:
    from site_corpus import write_hostile_corpus

    write_hostile_corpus(tmp_path)
    scenario = next(s for s in validate([str(tmp_path)]).scenarios if s.id == "hostile-raid")
    assert scenario.features and scenario.features[0].name.startswith("<script>")
    figure = map_figure(scenario.map, scenario)
    assert "<script" not in figure and "<img" not in figure
    assert "&lt;script&gt;window.__pwned=14&lt;/script&gt; line" in figure  # legend, label and tooltip
    assert "&lt;img src=x onerror=window.__pwned=13&gt;Raiders" in figure  # the route key
    root = ET.fromstring(map_svg(scenario.map, scenario))  # still well-formed with the hostile text inside
    assert all(not name.startswith("on") for e in root.iter() for name in e.attrib)


def test_without_scripts_the_labels_are_sized_for_the_crop(corpus: dict[str, Any]) -> None:
    """The static font-size (a page without scripts, the full-size SVG) is the label's screen size on the
    drawing at its nominal width: for a crop, in the crop's units, not the whole map's."""
    from admiralty.rulesets.dreadnought.site.labels import NOMINAL_PX

    scenario = corpus["otranto-1917"]
    svg = map_svg(scenario.map, scenario)
    view, _ = _pane(svg)
    labels = [t for t in ET.fromstring(svg).iter(f"{SVG}text") if "map-label" in (t.get("class") or "")]
    assert labels
    for text in labels:
        expected = float(text.get("data-px", 0)) * view[2] / NOMINAL_PX
        assert float(text.get("font-size", 0)) == pytest.approx(expected, abs=0.02), text.text


def test_two_versions_of_a_scenario_are_drawn_on_one_crop(corpus: dict[str, Any]) -> None:
    """A before and after (the map diff) show the same part of the map, holding both versions' places."""
    otranto, ancona = corpus["otranto-1917"], corpus["ancona-1915"]  # two scenarios on the Adriatic
    first = _pane(map_svg(otranto.map, otranto, also=ancona))[0]
    assert first == _pane(map_svg(ancona.map, ancona, also=otranto))[0]
    assert used_places(otranto) and used_places(ancona)
