"""The renaissance pages: the schematic map SVG (maps without positions), the orders of battle, actions, the
map page and the sheets. The map drawn to geography is tested in test_site_renaissance_geo."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from site_corpus import EVIL, SVG, classed

from admiralty.rulesets.renaissance.engine.model import (
    Battle,
    CardScript,
    LandFormation,
    Leader,
    Port,
    RenaissanceMap,
    RenaissanceScenario,
    Sea,
    Transport,
    Units,
)
from admiralty.rulesets.renaissance.site import map as renaissance_map
from admiralty.rulesets.renaissance.site import pages as renaissance
from admiralty.rulesets.renaissance.site.geomap import cropped_places
from admiralty.rulesets.renaissance.site.map import (
    SEA_FILLS,
    map_svg,
    placement,
    power_colour,
    separate,
    spring_positions,
    units_short,
)
from admiralty.site.context import SiteContext
from admiralty.site.pages import generate_pages, scenario_page
from admiralty.site.printpack import PRINT_SCRIPT
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus() -> Any:
    result = validate([str(ROOT / "scenarios" / "renaissance")])
    assert {"armada-1588", "preveza-1538"} <= {s.id for s in result.scenarios}, result.report.sorted()
    return result


def schematic(scenario: RenaissanceScenario) -> RenaissanceScenario:
    """The scenario on its map without positions: drawn as the schematic."""
    sea_map = scenario.map
    seas = {k: replace(v, position=None) for k, v in sea_map.seas.items()}
    ports = {k: replace(v, position=None) for k, v in sea_map.ports.items()}
    return replace(scenario, map=replace(sea_map, seas=seas, ports=ports))


@pytest.fixture(scope="module")
def armada(corpus: Any) -> RenaissanceScenario:
    return next(s for s in corpus.scenarios if s.id == "armada-1588")


@pytest.fixture(scope="module")
def schematic_armada(armada: RenaissanceScenario) -> RenaissanceScenario:
    return schematic(armada)


@pytest.fixture(scope="module")
def preveza(corpus: Any) -> RenaissanceScenario:
    return next(s for s in corpus.scenarios if s.id == "preveza-1538")


def assert_inert_svg(svg: str) -> ET.Element:
    """Well-formed XML, with no element or attribute an author could have smuggled in."""
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}title") is not None
    tags = {e.tag.split("}")[-1] for e in root.iter()}
    assert not tags & {"script", "img", "foreignObject", "iframe", "a"}, tags
    assert all(not name.startswith("on") for e in root.iter() for name in e.attrib)
    return root


def evil_scenario() -> RenaissanceScenario:
    seas = {"west": Sea("west", EVIL, "atlantic"), "east": Sea("east", "East </title> sea", "mediterranean")}
    ports = {"haven": Port("haven", EVIL, ("west", "east"), "evil-power")}
    sea_map = RenaissanceMap("evil", EVIL, seas, ports, (("west", "east"),))
    return RenaissanceScenario(
        "evil-1500", EVIL, sea_map, ("evil-power", "england"),
        {"west": {"evil-power": Units(galleys=2)}, "haven": {"england": Units(galleons=1)}},
        leaders={"x": Leader("x", "england", 2, "west", name=EVIL)},
        formations={"f": LandFormation("f", "evil-power", "haven", 3, name=EVIL)},
        actions=(Battle("england", "evil-power", "west", CardScript(attacker=("fireships",), defender=())),
                 Transport("evil-power", "f", "haven", "haven")),
        hands={"england": ("fireships",)}, briefing=EVIL, sources=(EVIL,))


# --- the map ---------------------------------------------------------------------------------------


def test_one_shape_per_sea_and_per_port(schematic_armada: RenaissanceScenario) -> None:
    root = assert_inert_svg(map_svg(schematic_armada.map, schematic_armada, svg_id="m"))
    seas = classed(root, "sea")
    assert sorted(str(s.get("data-sea")) for s in seas) == sorted(schematic_armada.map.seas)
    assert all(s.find(f"{SVG}title") is not None and s.find(f"{SVG}ellipse") is not None for s in seas)
    ports = classed(root, "port")
    assert sorted(str(p.get("data-port")) for p in ports) == sorted(schematic_armada.map.ports)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)) and "m-sea-north-sea" in ids and "m-port-calais" in ids
    labels = {" ".join(t.itertext()) for s in seas for t in s.iter(f"{SVG}text")}
    assert "Western Channel" in labels and "Strait of Dover" in labels


def test_atlantic_and_mediterranean_differ_in_colour(schematic_armada: RenaissanceScenario) -> None:
    root = ET.fromstring(map_svg(schematic_armada.map))
    fills = {s.get("data-sea"): s.find(f"{SVG}ellipse").get("fill") for s in classed(root, "sea")}  # type: ignore[union-attr]
    assert SEA_FILLS["atlantic"] != SEA_FILLS["mediterranean"]
    assert fills["north-sea"] == SEA_FILLS["atlantic"] and fills["ionian-sea"] == SEA_FILLS["mediterranean"]
    kinds = {s.get("data-sea"): s.get("class") for s in classed(root, "sea")}
    assert kinds["gulf-of-cadiz"] == "sea sea-atlantic" and kinds["alboran-sea"] == "sea sea-mediterranean"


def test_ports_take_the_colour_of_the_power_holding_them(armada: RenaissanceScenario, preveza: Any) -> None:
    """The scenario's own port control (`control:`) is what is drawn: Calais is French in 1588, English in 1538."""
    def fill(scenario: RenaissanceScenario, port: str) -> str | None:
        root = ET.fromstring(map_svg(scenario.map))  # the whole map (a scenario's own is cropped), its control
        group = next(p for p in classed(root, "port") if p.get("data-port") == port)
        return group.find(f"{SVG}rect").get("fill")  # type: ignore[union-attr]

    assert fill(armada, "calais") == power_colour("france") != fill(preveza, "calais") == power_colour("england")
    assert power_colour("hapsburg") != power_colour("england")
    assert power_colour("unknown-power") == power_colour("unknown-power")  # derived, stable


def test_edges_join_adjacent_seas_and_attach_ports(schematic_armada: RenaissanceScenario) -> None:
    root = ET.fromstring(map_svg(schematic_armada.map, schematic_armada))
    centres = {s.get("data-sea"): (float(e.get("cx", 0)), float(e.get("cy", 0)))
               for s in classed(root, "sea") for e in s.iter(f"{SVG}ellipse")}
    edges = classed(root, "adjacency")
    assert len(edges) == len(schematic_armada.map.adjacency)
    for edge, (a, b) in zip(edges, schematic_armada.map.adjacency, strict=True):
        assert edge.get("data-between") == f"{a}/{b}"
        assert (float(edge.get("x1", 0)), float(edge.get("y1", 0))) == centres[a]
        assert (float(edge.get("x2", 0)), float(edge.get("y2", 0))) == centres[b]
    assert len(classed(root, "port-link")) == sum(len(p.seas) for p in schematic_armada.map.ports.values())


def test_units_are_labelled_per_place_and_power(schematic_armada: RenaissanceScenario, preveza: Any) -> None:
    root = ET.fromstring(map_svg(schematic_armada.map, schematic_armada))
    chips = {(c.get("data-location"), c.get("data-power")): "".join(c.find(f"{SVG}text").itertext())  # type: ignore[union-attr]
             for c in classed(root, "units")}
    expected = {(where, power) for where, by in schematic_armada.units.items() for power, u in by.items()
                if not u.is_empty}
    assert set(chips) == expected
    assert chips[("western-channel", "hapsburg")] == "Hapsburg A8"
    assert chips[("western-channel", "england")] == "England 2Gn 2FD"
    assert units_short(preveza.units["ionian-sea"]["ottoman"]) == "5G 3C"
    drawn = map_svg(schematic(preveza).map, schematic(preveza))
    badges = [b.get("data-action") for b in classed(ET.fromstring(drawn), "action-combat")]
    assert badges == ["2", "3", "4", "6"]  # the numbers of the scripted battles; 1 and 5 are transports


def test_layout_is_deterministic_and_nothing_overlaps(schematic_armada: RenaissanceScenario) -> None:
    assert spring_positions(schematic_armada.map) == spring_positions(schematic_armada.map)
    assert map_svg(schematic_armada.map, schematic_armada) == map_svg(schematic_armada.map, schematic_armada)
    chips = renaissance_map.unit_chips(schematic_armada)
    boxes = renaissance_map.node_boxes(schematic_armada.map, chips)
    place = placement(schematic_armada.map, boxes)
    rects = {k: (x + boxes[k][0], y + boxes[k][1], x + boxes[k][2], y + boxes[k][3]) for k, (x, y) in
             place.points.items()}
    names = list(rects)
    for i, a in enumerate(names):
        assert rects[a][0] >= 0 and rects[a][1] >= 0 and rects[a][2] <= place.width and rects[a][3] <= place.height
        for b in names[i + 1:]:
            ra, rb = rects[a], rects[b]
            overlap = min(ra[2], rb[2]) - max(ra[0], rb[0]), min(ra[3], rb[3]) - max(ra[1], rb[1])
            assert overlap[0] <= 1e-6 or overlap[1] <= 1e-6, (a, b)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 300), st.floats(0, 200), st.floats(4, 60), st.floats(4, 30)), min_size=1,
                max_size=12))
def test_separate_leaves_no_two_boxes_overlapping(nodes: list[tuple[float, float, float, float]]) -> None:
    points = {f"n{i}": (x, y) for i, (x, y, _, _) in enumerate(nodes)}
    boxes = {f"n{i}": (-w, -h, w, h) for i, (_, _, w, h) in enumerate(nodes)}
    moved = separate(points, boxes, heavy=["n0"])
    for i in range(len(nodes)):
        for j in range(i + 1, len(nodes)):
            (ax, ay), (bx, by) = moved[f"n{i}"], moved[f"n{j}"]
            (_, _, aw, ah), (_, _, bw, bh) = nodes[i], nodes[j]
            assert abs(ax - bx) >= aw + bw - 1e-6 or abs(ay - by) >= ah + bh - 1e-6


def test_polygons_are_drawn_to_scale_with_north_up() -> None:
    seas = {"north": Sea("north", "North", "atlantic", polygon=((0, 10), (10, 10), (10, 20), (0, 20))),
            "south": Sea("south", "South", "mediterranean", polygon=((0, 0), (10, 0), (10, 10), (0, 10)))}
    ports = {"p": Port("p", "Port", ("north",), "england", at=(10.0, 15.0)), "q": Port("q", "Q", ("south",), "x")}
    root = assert_inert_svg(map_svg(RenaissanceMap("poly", "Poly", seas, ports, (("north", "south"),))))
    shapes = {s.get("data-sea"): s.find(f"{SVG}polygon") for s in classed(root, "sea")}
    ring = {k: [tuple(map(float, p.split(","))) for p in v.get("points", "").split()]  # type: ignore[union-attr]
            for k, v in shapes.items()}
    assert max(y for _, y in ring["north"]) <= min(y for _, y in ring["south"])  # north is up
    (x0, y0), (x1, _), (_, y2) = ring["north"][0], ring["north"][1], ring["north"][2]
    assert x1 - x0 == pytest.approx(y0 - y2)  # one scale for x and y, y flipped
    port = next(p for p in classed(root, "port") if p.get("data-port") == "p").find(f"{SVG}rect")
    assert port is not None
    assert float(port.get("x", 0)) + renaissance_map.PORT_SIZE / 2 == pytest.approx(x1)  # at its `at`, on the edge


def test_hostile_names_are_escaped_in_the_map() -> None:
    scenario = evil_scenario()
    svg = map_svg(scenario.map, scenario, svg_id='x" onload="alert(3)')
    root = assert_inert_svg(svg)
    assert "<script>" not in svg and "<img" not in svg
    texts = " ".join("".join(e.itertext()) for e in root.iter(f"{SVG}title"))
    assert "<script>window.__pwned=1</script>" in texts  # shown as text, parsed back from &lt;


# --- the pages -------------------------------------------------------------------------------------


def test_scenario_body_lists_powers_orders_of_battle_actions_and_dry_dock(armada: RenaissanceScenario) -> None:
    page = scenario_page(armada, SiteContext())
    for part in ("## Map", "## Orders of battle", "### Hapsburg", "### England", "## Scripted actions",
                 '## Special rules', "## Victory conditions", "[Printable sheets](../sheets/armada-1588.md)",
                 "## Balance"):
        assert part in page, part
    drawn_seas = sum(len(group) for group in cropped_places(armada.map, armada)[:2])
    assert page.count('class="sea sea-') == drawn_seas < len(armada.map.seas)  # cropped to the Channel
    assert "Drake" in page and "<td>2</td>" in page  # Drake's battle rating
    assert "Parma&#x27;s Army of Flanders" in page or "Parma's Army of Flanders" in page
    assert re.search(r"<td>Western Channel \(atlantic\)</td><td></td><td>2</td><td>2</td><td></td><td></td>", page)
    assert "<td>Western Channel (atlantic)</td><td></td><td></td><td></td><td></td><td>8</td>" in page  # Armada
    actions = re.search(r"<ol>(.*?)</ol>", page.split("## Scripted actions")[1], re.S)
    assert actions and actions.group(1).count("<li>") == len(armada.actions)
    assert ("Turn 3: <strong>combat</strong> at Strait of Dover (atlantic): England attacks Hapsburg. Cards: "
            "attacker Fireships; defender none.") in page
    assert "<strong>transport</strong>: Hapsburg carries <em>Parma" in page
    special = page.split("## Special rules")[1].split("## A sample game")[0]
    assert re.search(r'"Dry Dock" \(<a class="clause" href="[^"]*rules/renaissance/#clause-rn-10">RN-10</a>\): '
                     r"England put", special)
    victory = page.split("## Victory conditions")[1].split("## Set-up")[0]
    assert "1 point for each enemy ship destroyed" in victory and "1 for winning the battle" in victory
    assert "the most points wins" in victory and "draw" in victory


def test_alliances_and_unscripted_cards(preveza: RenaissanceScenario) -> None:
    page = renaissance.scenario_body(preveza, "scenarios/preveza-1538.md", SiteContext())
    assert "Allied: Hapsburg, Venice, Papacy." in page
    assert "attacker Professional Rowers; defender left to the player." in page
    assert "<strong>Total</strong>" in page  # the Ottomans are in three places


def test_hostile_scenario_page_shows_text_and_runs_nothing() -> None:
    scenario = evil_scenario()
    ctx = SiteContext()
    page = scenario_page(scenario, ctx)
    html = page.split("## Map")[1]
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;" in html
    sheets = renaissance.sheets_page(scenario, "sheets/evil-1500.md", ctx)
    assert sheets.count(PRINT_SCRIPT) == 1  # the print pack's own paper buttons: the only script
    sheets = sheets.replace(PRINT_SCRIPT, "")
    assert "<script>" not in sheets and "<img" not in sheets
    ref = renaissance.map_page(scenario.map, "maps/evil.md", [scenario], ctx)
    assert "<script>" not in ref.split("\n", 1)[1] and "<img" not in ref


def test_map_reference_page_lists_seas_and_ports(corpus: Any) -> None:
    site = generate_pages(corpus.scenarios, corpus.models_by_ruleset, SiteContext())
    page = site.pages["maps/mediterranean-atlantic.md"]
    sea_map = next(m for m in corpus.models if isinstance(m, RenaissanceMap) and m.id == "mediterranean-atlantic")
    zones = re.search(r'<div class="zones">.*?</div>', page, re.S)
    ports = re.search(r'<div class="ports">.*?</div>', page, re.S)
    assert zones and zones.group(0).count("<tr>") == len(sea_map.seas) + 1
    assert ports and ports.group(0).count("<tr>") == len(sea_map.ports) + 1
    assert ("<td><code>ionian-sea</code></td><td>Ionian Sea</td><td>mediterranean</td>"
            "<td>aegean-sea adriatic-sea sicilian-channel tyrrhenian-sea</td><td>preveza corfu messina</td>") in page
    assert "Calais</td><td>strait-of-dover</td>" in page
    assert "armada-1588.md" in page and "preveza-1538.md" in page
    assert ("mediterranean-atlantic" in site.pages["maps/index.md"]
            and not any("no page renderer" in n for n in site.notes))
    assert {"scenarios/armada-1588.md", "sheets/armada-1588.md", "sheets/preveza-1538.md"} <= set(site.pages)


def test_sheets_have_a_box_per_unit_and_per_armada_step(armada: RenaissanceScenario, preveza: Any) -> None:
    page = renaissance.sheets_page(armada, "sheets/armada-1588.md", SiteContext())
    sections = re.findall(r'<section class="sheet sheet-oob" data-power="([^"]+)">(.*?)</section>', page, re.S)
    assert [power for power, _ in sections] == list(armada.powers)
    body = dict(sections)
    steps = re.findall(r'<span class="tally-box step">(\d)</span>', body["hapsburg"])
    assert steps == ["8", "6", "4", "2"]
    english_ships = sum(u.count(k) for by in armada.units.values() for p, u in by.items() if p == "england"
                        for k in ("galleys", "galleons", "flush_deck_galleons", "corsairs"))
    hand = len(armada.hands["england"])
    assert body["england"].count('<span class="tally-box"></span>') == english_ships + hand
    assert "&quot;Dry Dock&quot;" in body["england"] and "Dry Dock" not in body["hapsburg"]
    formation = renaissance.sheets_page(preveza, "sheets/preveza-1538.md", SiteContext())
    boxes = '<span class="tally-box"></span>' * 4
    assert f"Spanish infantry of Naples and Sicily at Messina (port): {boxes}</li>" in formation


def test_a_map_without_scenarios_still_gets_a_page() -> None:
    seas = {"a": Sea("a", "A", "atlantic")}
    lone = RenaissanceMap("lone", "Lone", seas, {})
    pages = renaissance.reference_pages([], [lone], SiteContext())
    assert list(pages) == ["maps/lone.md"] and 'class="sea sea-atlantic"' in pages["maps/lone.md"]
    assert renaissance.map_index_rows([], [lone]) == [("lone", "Lone", 1)]
    single = assert_inert_svg(map_svg(replace(lone, title="One sea")))
    assert len(classed(single, "sea")) == 1
