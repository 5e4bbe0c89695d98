"""The map SVG: one shape per zone with its id, north up, land, ports, minefields, routes and a legend."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from admiralty.rulesets.dreadnought.engine.model import Port, SeaMap, Zone
from admiralty.rulesets.dreadnought.site.labels import NOMINAL_PX, Word
from admiralty.rulesets.dreadnought.site.map import (
    border,
    map_figure,
    map_svg,
    route_points,
    side_colour,
    zone_centres,
)
from admiralty.site.colours import NEUTRAL_COLOUR, nation_colour
from admiralty.validator.pipeline import validate

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def mini() -> Any:
    result = validate([str(ROOT / "tests" / "fixtures" / "mini")])
    assert result.scenarios, [str(d) for d in result.report.diagnostics]
    return result.scenarios[0]


def parse(svg: str) -> ET.Element:
    """The SVG must be well-formed XML (it is inlined into HTML and also valid standalone)."""
    return ET.fromstring(svg)


def zone_shapes(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if "zone" in (e.get("class") or "").split()]


def mean_y(shape: ET.Element) -> float:
    points = [tuple(map(float, p.split(","))) for p in shape.get("points", "").split()]
    return sum(y for _, y in points) / len(points)


def test_one_shape_per_zone_with_its_id(mini: Any) -> None:
    root = parse(map_svg(mini.map, mini))
    shapes = zone_shapes(root)
    assert len(shapes) == len(mini.map.zones)
    assert sorted(s.get("data-zone") for s in shapes) == sorted(mini.map.zones)
    assert all(s.tag in (f"{SVG}polygon", f"{SVG}path") for s in shapes)
    labels = {t.text for t in root.iter(f"{SVG}text") if t.get("class") == "map-label zone-code"}
    assert labels == set(mini.map.zones)


def test_north_is_up(mini: Any) -> None:
    """Row A is the northernmost (largest map y), so its zones must have the smallest SVG y."""
    shapes = {s.get("data-zone"): s for s in zone_shapes(parse(map_svg(mini.map)))}
    assert mean_y(shapes["A2"]) < mean_y(shapes["B2"]) < mean_y(shapes["C2"]) < mean_y(shapes["D2"])
    # and west stays west: x is not mirrored
    xs = {z: float(shapes[z].get("points", "").split()[0].split(",")[0]) for z in ("B1", "B4")}
    assert xs["B1"] < xs["B4"]


def test_land_in_its_nation_colour_and_ports_with_names(mini: Any) -> None:
    root = parse(map_svg(mini.map))
    lands = {p.get("data-land"): p for p in root.iter(f"{SVG}path") if p.get("class") == "land"}
    assert set(lands) == {land.id for land in mini.map.land}
    assert lands["westland"].get("fill") == nation_colour("austria-hungary")
    assert lands["eastland"].get("fill") == nation_colour("italy") != nation_colour("austria-hungary")
    ports = [g for g in root.iter(f"{SVG}g") if g.get("class") == "port"]
    assert {g.get("data-port") for g in ports} == {"westport", "eastport"}
    names = {t.get("data-port"): t.text for t in root.iter(f"{SVG}text") if t.get("class") == "map-label port-name"}
    assert names == {"westport": "Westport", "eastport": "Eastport"}


def test_labels_carry_screen_size_and_zone_codes_sit_at_sea(mini: Any) -> None:
    """Every map label says its size in screen pixels (>= 11) and its priority; each zone code stands at the pole
    of inaccessibility of the zone's sea part: inside the zone and outside every land polygon."""
    from shapely.geometry import Point as P
    from shapely.geometry import Polygon as Poly

    root = parse(map_svg(mini.map, mini))
    labels = [t for t in root.iter(f"{SVG}text") if "map-label" in (t.get("class") or "")]
    assert labels and all(int(t.get("data-px", 0)) >= 11 and t.get("data-priority") for t in labels)
    assert {"zone-code", "port-name", "country-name", "route-label", "route-turn"} <= {
        (t.get("class") or "").split()[1] for t in labels}
    from admiralty.rulesets.dreadnought.site.labels import code_points, land_shape

    points = code_points(mini.map, land_shape(mini.map))
    assert set(points) == set(mini.map.zones)
    lands = [Poly(r) for m in mini.map.land for r in m.polygons]
    for zone_id, (x, y) in points.items():
        assert Poly(mini.map.zones[zone_id].polygon).buffer(1e-6).contains(P(x, y)), zone_id
        assert not any(land.contains(P(x, y)) for land in lands), zone_id
    assert root.find(f".//{SVG}svg[@class='map-pane']") is not None  # the pane the viewer zooms
    assert root.find(f".//{SVG}g[@class='compass']") is not None


def test_minefield_lies_on_the_shared_border(mini: Any) -> None:
    root = parse(map_svg(mini.map, mini))
    fields = [e for e in root.iter(f"{SVG}polyline") if e.get("class") == "minefield"]
    assert [f.get("data-between") for f in fields] == ["B3/C3"]
    # B3 and C3 share the horizontal border y = 20 in map units: every point has the same SVG y,
    # which is the bottom edge of B3's polygon.
    ys = {float(p.split(",")[1]) for p in fields[0].get("points", "").split()}
    b3 = next(s for s in zone_shapes(root) if s.get("data-zone") == "B3")
    assert ys == {max(float(p.split(",")[1]) for p in b3.get("points", "").split())}
    assert border(mini.map, "B3", "C3") and not border(mini.map, "A1", "D3")


def test_starts_and_routes_in_side_colours(mini: Any) -> None:
    root = parse(map_svg(mini.map, mini))
    routes = {e.get("data-fleet"): e for e in root.iter(f"{SVG}polyline") if e.get("class") == "route"}
    starts = {e.get("data-fleet"): e for e in root.iter(f"{SVG}path") if e.get("class") == "start"}
    assert set(routes) == set(starts) == {"raiders", "patrol"}
    assert routes["raiders"].get("stroke") == starts["raiders"].get("fill") == side_colour(0)
    assert routes["patrol"].get("stroke") == side_colour(1)
    raiders = mini.fleet("raiders")
    centres = zone_centres(mini.map)
    expected = route_points(raiders, mini.map, centres)
    assert expected[0] == mini.map.ports["westport"].at  # starts in port
    assert len(routes["raiders"].get("points", "").split()) == len(expected)
    figure = map_figure(mini.map, mini)
    legend = figure[figure.index('<ul class="map-legend"'):]  # the HTML legend after the drawing
    for words in ("Central Powers", "Entente", "minefield"):
        assert words in re.sub(r"<svg.*?</svg>", "", legend), words


def test_author_text_in_the_svg_is_escaped(mini: Any) -> None:
    zone = Zone("B9", "<script>alert(1)</script>", None, ((0, 0), (1, 0), (1, 1), (0, 1)))
    port = Port("p", '"><script>alert(2)</script>', "x", (1.0, 0.5), ("B9",))
    sea = SeaMap("evil", "<b>evil</b>", None, MappingProxyType({"B9": zone}), (), MappingProxyType({"p": port}),
                 None, frozenset())
    svg = map_svg(sea, svg_id='x" onload="alert(3)')
    root = parse(svg)
    assert not [e for e in root.iter() if e.tag.endswith("script") or e.tag.endswith("b")]
    assert all(not name.startswith("on") for e in root.iter() for name in e.attrib)
    assert "<script>" not in svg


@settings(max_examples=30, deadline=None)
@given(rows=st.integers(1, 7), columns=st.integers(1, 7), cell=st.floats(0.5, 500), x0=st.floats(-1e4, 1e4),
       y0=st.floats(-1e4, 1e4))
def test_any_grid_gets_one_shape_per_cell_and_keeps_north_up(rows: int, columns: int, cell: float, x0: float,
                                                             y0: float) -> None:
    zones = {}
    for r in range(rows):
        for c in range(columns):
            x, y = x0 + c * cell, y0 + (rows - 1 - r) * cell  # row 0 is the northernmost
            ring = ((x, y), (x + cell, y), (x + cell, y + cell), (x, y + cell))
            zones[f"R{r}C{c}"] = Zone(f"R{r}C{c}", "", None, ring)
    sea = SeaMap("g", "grid", None, MappingProxyType(zones), (), MappingProxyType({}), None, frozenset())
    shapes = {s.get("data-zone"): s for s in zone_shapes(parse(map_svg(sea)))}
    assert len(shapes) == rows * columns
    for c in range(columns):
        ys = [mean_y(shapes[f"R{r}C{c}"]) for r in range(rows)]
        assert ys == sorted(ys) and len(set(ys)) == rows


def test_the_scale_bar_is_in_km_when_the_map_says_how_long_a_unit_is(mini: Any) -> None:
    """The bundled maps carry km_per_unit (map from-geojson writes it): one Adriatic cell is 35 km. A map without
    it keeps the scale in map units and grid cells."""
    adriatic = next(m for m in validate([str(ROOT / "scenarios" / "dreadnought" / "maps")]).models
                    if isinstance(m, SeaMap) and m.id == "adriatic")
    assert adriatic.km_per_unit == 3.5

    def scale_words(seamap: SeaMap) -> str:
        bar = next(g for g in parse(map_svg(seamap)).iter() if g.get("class") == "scale-bar")
        return " ".join("".join(t.itertext()) for t in bar.iter() if t.tag.endswith("text"))

    assert scale_words(adriatic) == "35 km = one grid cell"
    plain = mini.map
    assert plain.km_per_unit is None and scale_words(plain) == "10 map units = one grid cell"


def _hue(colour: str) -> float:
    import colorsys

    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hls(r, g, b)[0] * 360


def test_neighbouring_nations_differ_in_hue_and_neutrals_are_set_apart() -> None:
    """Britain, the Netherlands and Belgium were near-identical pinks (issue 38): now 20 degrees of hue or more
    apart; a land the map names neutral is drawn in the neutral colour and listed once as "neutral"."""
    coast = ["britain", "netherlands", "belgium", "france", "germany"]
    for i, first in enumerate(coast):
        for second in coast[i + 1:]:
            a, b = _hue(nation_colour(first)), _hue(nation_colour(second))
            if "germany" in (first, second):  # grey: no hue, told apart by its lack of one
                continue
            assert min(abs(a - b), 360 - abs(a - b)) >= 20, (first, second)
    jutland = next(s for s in validate([str(ROOT / "scenarios" / "dreadnought")]).scenarios if s.id == "jutland-1916")
    lands = {p.get("data-land"): p for p in parse(map_svg(jutland.map, jutland)).iter(f"{SVG}path")
             if "land" in (p.get("class") or "").split()}
    assert lands["norway"].get("fill") == lands["netherlands"].get("fill") == NEUTRAL_COLOUR
    assert "neutral" in (lands["norway"].get("class") or "").split()
    assert lands["britain"].get("fill") == nation_colour("britain") != NEUTRAL_COLOUR
    legend = map_figure(jutland.map, jutland)
    legend = legend[legend.index('<ul class="map-legend"'):legend.index("</ul>")]
    assert legend.count("<span>neutral</span>") == 1 and "Norway" not in legend


@pytest.mark.rule("DN-5.1")
def test_the_static_drawing_places_every_fleet_number_and_no_two_words_overlap() -> None:
    """Jutland's static drawing (a page without scripts, the downloads) culled no fleet number but stacked them:
    every number from the key is shown, and no two shown fleet numbers or turns overlap at the nominal width."""
    for scenario in validate([str(ROOT / "scenarios" / "dreadnought")]).scenarios:
        root = parse(map_svg(scenario.map, scenario))
        pane = root.find(f".//{SVG}svg[@class='map-pane']")
        assert pane is not None
        unit = float((pane.get("viewBox") or "").split()[2]) / NOMINAL_PX
        words = [t for t in root.iter(f"{SVG}text")
                 if {"route-label", "route-turn"} & set((t.get("class") or "").split())]
        numbers = [t for t in words if "route-label" in (t.get("class") or "")]
        assert sorted(t.get("data-fleet") for t in numbers if t.get("display") != "none") == sorted(
            f.id for f in scenario.fleets()), scenario.id
        boxes = [Word(next(c for c in ("route-label", "route-turn") if c in (t.get("class") or "")), t.text or "",
                      float(t.get("x", 0)), float(t.get("y", 0)), "").box(unit)
                 for t in words if t.get("display") != "none"]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                e = 0.1  # the positions are written to 0.1
                assert not (a[0] < b[2] - e and b[0] < a[2] - e and a[1] < b[3] - e and b[1] < a[3] - e), (
                    scenario.id, a, b)


def test_parallel_routes_share_a_leg_as_tight_lanes_and_part_where_they_diverge() -> None:
    """Issue 38, item 5: three fleets on the same leg are three lanes ``gap`` apart across it, centred on it; where
    one turns off it runs on its own leg's centre line; the points stay one for one with the route's points."""
    from admiralty.rulesets.dreadnought.site.bundles import bundled

    west, middle, east, north = (0.0, 100.0), (100.0, 100.0), (200.0, 100.0), (100.0, 0.0)
    routes = [[west, middle, east], [east, middle, west], [west, middle, north]]
    drawn = bundled(routes, 3.0)
    assert [len(d) for d in drawn] == [3, 3, 3]
    # on the shared leg west-middle the three lanes are 3 apart, across the leg (y), centred on it (x kept)
    lanes = sorted([drawn[0][0][1], drawn[1][2][1], drawn[2][0][1]])
    assert lanes == [97.0, 100.0, 103.0]
    assert {drawn[0][0][0], drawn[1][2][0], drawn[2][0][0]} == {0.0}
    # the leg middle-east is shared by two fleets, either way: 1.5 either side of it, the same lane both ways
    assert sorted([drawn[0][2][1], drawn[1][0][1]]) == [98.5, 101.5]
    # the leg middle-north is the third fleet's alone: on the centre line (x = 100), its start shifted only
    assert drawn[2][2] == north
    # a route alone is drawn where it lies
    assert bundled([[west, middle, north]], 3.0) == [[west, middle, north]]


def test_a_zone_code_under_a_route_moves_inside_its_zone_clear_of_it() -> None:
    """A code at the centre of a big zone that a route crosses moves off the route and stays in the zone; a code
    no route crosses stays where it is."""
    from shapely.geometry import Polygon, box

    from admiralty.rulesets.dreadnought.site.bundles import codes_clear_of_routes
    from admiralty.rulesets.dreadnought.site.labels import label

    zones = {"A1": Zone("A1", "", None, ((0, 0), (200, 0), (200, 200), (0, 200))),
             "A2": Zone("A2", "", None, ((200, 0), (400, 0), (400, 200), (200, 200)))}
    sea = SeaMap("g", "grid", None, MappingProxyType(zones), (), MappingProxyType({}), None, frozenset())
    words = (label("zone-code", "A1", 100, 100, 1.0, 'data-zone="A1" text-anchor="middle"', sea=True)
             + label("zone-code", "A2", 300, 100, 1.0, 'data-zone="A2" text-anchor="middle"', sea=True))
    moved = codes_clear_of_routes(words, [[(100.0, 0.0), (100.0, 200.0)]], sea, lambda p: (p[0], p[1]), 1.0)
    found = {m.group(3): (float(m.group(1)), float(m.group(2)))
             for m in re.finditer(r'x="([-0-9.]+)" y="([-0-9.]+)"[^>]*>([^<]+)<', moved)}
    assert found["A2"] == (300.0, 100.0)
    x, y = found["A1"]
    code = box(x - 10, y - 6, x + 10, y + 6)
    assert Polygon(zones["A1"].polygon).contains(code) and abs(x - 100) > 10  # beside the route, in its zone
    assert 'display="none"' not in moved
    # a zone too small for its code beside the route: the static drawing (print, downloads) hides the code
    crossed = codes_clear_of_routes(words, [[(300.0, 0.0), (300.0, 200.0)]], sea, lambda p: (p[0] / 8, p[1] / 8),
                                    1.0)
    assert re.search(r'<text [^>]*data-zone="A2"[^>]*display="none"', crossed), crossed
