"""The napoleonic pages: the table SVG to scale, the units, batteries and fire-plan tables, the rosters."""

from __future__ import annotations

import dataclasses
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from site_corpus import EVIL, SVG, classed

from admiralty.rulesets.napoleonic.engine.model import (
    Battery,
    FirePlan,
    NapoleonicScenario,
    Ranges,
    Side,
    Table,
    Terrain,
    Unit,
)
from admiralty.rulesets.napoleonic.site import pages as napoleonic
from admiralty.rulesets.napoleonic.site.drawing import PAD, SCALE, compass, table_svg
from admiralty.rulesets.napoleonic.site.sheets import figure_groups
from admiralty.site.colours import side_colour
from admiralty.site.context import SiteContext
from admiralty.site.pages import generate_pages, scenario_page
from admiralty.site.printpack import PRINT_SCRIPT
from admiralty.site.words import id_words
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
VI_CORPS_BATTERY = "VI Corps foot battery"


@pytest.fixture(scope="module")
def corpus() -> Any:
    result = validate([str(ROOT / "scenarios" / "napoleonic")])
    assert sorted(s.id for s in result.scenarios) == ["aspern-1809", "hougoumont-1815", "paunsdorf-1813",
                                                      "plancenoit-1815", "raevsky-redoubt-1812"], result.report.sorted()
    return result


@pytest.fixture(scope="module")
def plancenoit(corpus: Any) -> NapoleonicScenario:
    return next(s for s in corpus.scenarios if s.id == "plancenoit-1815")


@pytest.fixture(scope="module")
def paunsdorf(corpus: Any) -> NapoleonicScenario:
    return next(s for s in corpus.scenarios if s.id == "paunsdorf-1813")


def ring(element: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in element.get("points", "").split())]


def svg_point(x: float, y: float, depth: float) -> tuple[float, float]:
    """What the drawing must do, written out independently: cm times the scale, y measured from the far edge."""
    return (x * SCALE + PAD, (depth - y) * SCALE + PAD)


def assert_inert_svg(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}title") is not None
    tags = {e.tag.split("}")[-1] for e in root.iter()}
    assert not tags & {"script", "img", "foreignObject", "iframe", "a"}, tags
    assert all(not name.startswith("on") for e in root.iter() for name in e.attrib)
    return root


def small_scenario(name: str = "Guard", terrain_name: str = "Farm") -> NapoleonicScenario:
    """A 100 x 60 cm table: one unit near each long edge, one battery, a plan at each."""
    table = Table("t", "Small table", (100.0, 60.0),
                  (Terrain("farm", "building", ((40, 20), (50, 20), (50, 30), (40, 30)), name=terrain_name),))
    units = (Unit("north", "a", "infantry", "first", 16, 4, "line", (20.0, 55.0), 0.0, name=name),
             Unit("south", "b", "cavalry", "elite", 9, 3, "column", (80.0, 5.0), 90.0, base_width=4.0,
                  base_depth=4.0, name=name))
    battery = Battery("guns", "a", guns=4, howitzers=2, at=(10.0, 10.0), facing=45.0,
                      ranges=Ranges(12.0, 35.0, 70.0), name=name)
    plan = (FirePlan("guns", 1, "south"), FirePlan("guns", 2, "south"), FirePlan("guns", 1, "farm"))
    return NapoleonicScenario("small", name, table, (Side("a", name), Side("b", "Blue")), units, (battery,), 3,
                              plan, rules={"marking": "markers"})


# --- the table ---------------------------------------------------------------------------------------


def test_one_shape_per_terrain_unit_and_battery(plancenoit: NapoleonicScenario) -> None:
    root = assert_inert_svg(table_svg(plancenoit.table, plancenoit, svg_id="t"))
    assert [t.get("data-terrain") for t in classed(root, "terrain")] == [t.id for t in plancenoit.table.terrain]
    assert [u.get("data-unit") for u in classed(root, "unit")] == [u.id for u in plancenoit.units]
    assert [b.get("data-battery") for b in classed(root, "battery")] == [b.id for b in plancenoit.batteries]
    assert all(e.find(f"{SVG}title") is not None for e in classed(root, "unit") + classed(root, "battery"))
    labels = {" ".join(line.text or "" for line in t) for t in classed(root, "unit-label")}  # a tspan a line
    assert labels == {u.name for u in plancenoit.units}  # the author's names, never the raw ids
    assert not labels & {u.id for u in plancenoit.units} and not labels & {id_words(u.id) for u in plancenoit.units}
    # range rings belong to their battery, so the viewer can show the selected battery's alone
    rings = classed(root, "range-ring")
    assert [r.get("data-battery") for r in rings] == [b.id for b in plancenoit.batteries]
    kinds = {t.get("class") for t in classed(root, "terrain")}
    assert {"terrain terrain-building", "terrain terrain-built-up", "terrain terrain-rough",
            "terrain terrain-cover"} == kinds


def test_footprints_are_scaled_and_flipped() -> None:
    scenario = small_scenario()
    root = ET.fromstring(table_svg(scenario.table, scenario))
    units = {u.get("data-unit"): u for u in classed(root, "unit")}
    north = ring(units["north"].find(f"{SVG}polygon"))  # type: ignore[arg-type]
    # A line of 4 bases 4 x 2 cm facing north, front edge centred on (20, 55): x 12..28, y 53..55.
    expected = [svg_point(12, 55, 60), svg_point(28, 55, 60), svg_point(28, 53, 60), svg_point(12, 53, 60)]
    assert [c for p in north for c in p] == pytest.approx([c for p in expected for c in p])
    south = ring(units["south"].find(f"{SVG}polygon"))  # type: ignore[arg-type]
    # A column of 3 bases 4 x 4 cm facing east, front edge on x = 80 from y 3 to 7, 12 cm deep to the west.
    xs, ys = [x for x, _ in south], [y for _, y in south]
    assert (min(xs), max(xs)) == pytest.approx((68 * SCALE + PAD, 80 * SCALE + PAD))
    assert (min(ys), max(ys)) == pytest.approx(((60 - 7) * SCALE + PAD, (60 - 3) * SCALE + PAD))
    assert max(y for _, y in north) < min(ys)  # the far edge is up
    front = units["south"].find(f"{SVG}line")
    assert front is not None
    assert float(front.get("x1", 0)) == float(front.get("x2", 1)) == pytest.approx(80 * SCALE + PAD)
    surface = classed(root, "table-surface")[0]
    assert float(surface.get("width", 0)) == 100 * SCALE and float(surface.get("height", 0)) == 60 * SCALE
    assert units["north"].find(f"{SVG}polygon").get("fill") == side_colour(0)  # type: ignore[union-attr]
    assert units["south"].find(f"{SVG}polygon").get("fill") == side_colour(1)  # type: ignore[union-attr]


def test_batteries_have_three_range_circles_and_their_planned_fire() -> None:
    scenario = small_scenario()
    root = ET.fromstring(table_svg(scenario.table, scenario, svg_id="s"))
    marker = classed(root, "battery")[0].find(f"{SVG}circle")
    assert marker is not None
    centre = (float(marker.get("cx", 0)), float(marker.get("cy", 0)))
    assert centre == pytest.approx(svg_point(10, 10, 60))
    circles = classed(root, "range")
    assert [c.get("data-band") for c in circles] == ["canister", "effective", "long"]
    assert [float(c.get("r", 0)) for c in circles] == [12 * SCALE, 35 * SCALE, 70 * SCALE]
    assert all((float(c.get("cx", 0)), float(c.get("cy", 0))) == pytest.approx(centre) for c in circles)
    assert classed(root, "ranges")[0].get("clip-path") == "url(#s-clip)" and root.find(f".//{SVG}clipPath") is not None
    lines = {(e.get("data-target"), e.get("data-turns")): e for e in classed(root, "line-of-fire")}
    assert set(lines) == {("south", "1, 2"), ("farm", "1")}  # one arrow per target, titled with its turns
    farm = lines[("farm", "1")]
    assert (float(farm.get("x1", 0)), float(farm.get("y1", 0))) == pytest.approx(centre)
    assert (float(farm.get("x2", 0)), float(farm.get("y2", 0))) == pytest.approx(svg_point(45, 25, 60))  # centroid
    assert farm.get("marker-end") == "url(#s-fire)"


def test_corpus_fire_plan_is_drawn(plancenoit: NapoleonicScenario) -> None:
    root = ET.fromstring(table_svg(plancenoit.table, plancenoit))
    pairs = {(e.get("data-battery"), e.get("data-target"), e.get("data-turns")) for e in classed(root, "line-of-fire")}
    assert ("prussian-12pdr", "young-guard-voltigeurs", "1, 2") in pairs
    assert len(pairs) == len({(p.battery, p.target) for p in plancenoit.fire_plan})
    assert len(classed(root, "range")) == 3 * len(plancenoit.batteries)


def test_hostile_names_are_escaped_in_the_table() -> None:
    scenario = small_scenario(EVIL, EVIL)
    scenario = replace(scenario, table=replace(scenario.table, title=EVIL))
    svg = table_svg(scenario.table, scenario, svg_id='x" onload="alert(3)')
    root = assert_inert_svg(svg)
    assert "<script>" not in svg and "<img" not in svg
    titles = " ".join("".join(e.itertext()) for e in root.iter(f"{SVG}title"))
    assert "<script>window.__pwned=1</script>" in titles
    page = scenario_page(scenario, SiteContext())
    assert "<script>" not in page.split("## Table")[1] and "<img" not in page
    sheets = napoleonic.sheets_page(scenario, "sheets/small.md", SiteContext())
    assert sheets.count(PRINT_SCRIPT) == 1  # the print pack's own paper buttons: the only script
    sheets = sheets.replace(PRINT_SCRIPT, "")
    assert "<script>" not in sheets and "<img" not in sheets and "&lt;script&gt;" in sheets
    ref = napoleonic.table_page(scenario.table, "maps/t.md", [scenario], SiteContext())
    assert "<script>" not in ref and "<img" not in ref
    told = replace(scenario.table, description=EVIL, sources=(EVIL,))
    ref = napoleonic.table_page(told, "maps/t.md", [scenario], SiteContext())
    assert "<script>" not in ref and "<img" not in ref and ref.count("&lt;script&gt;") >= 2


# --- the tables on the page --------------------------------------------------------------------------


def test_compass_points() -> None:
    assert [compass(d) for d in (0, 44, 90, 180, 270, 337.5, 360)] == [
        "0° (N)", "44° (NE)", "90° (E)", "180° (S)", "270° (W)", "337.5° (N)", "360° (N)"]


def test_units_and_batteries_tables(plancenoit: NapoleonicScenario) -> None:
    rows = napoleonic.unit_rows(plancenoit, "prussia")
    assert len(rows) == sum(1 for u in plancenoit.units if u.side == "prussia")
    assert rows[0] == ['<span title="hiller-column-1">16th Brigade (Hiller): first column</span>',
                       "infantry", "first", "16",
                       "4 × 4", "column", "78, 30", "270° (W)"]
    batteries = napoleonic.battery_rows(plancenoit, "france")
    assert batteries[0] == ['<span title="guard-horse-battery">Imperial Guard horse battery</span>',
                            "gun", "4", "2", "0",
                            "12 / 35 / 70", "40, 68", "90° (E)"]
    assert napoleonic.battery_rows(plancenoit, "prussia")[0][1] == "howitzer"


def test_fire_plan_by_turn_with_range_and_band(plancenoit: NapoleonicScenario) -> None:
    rows = napoleonic.fire_plan_rows(plancenoit)
    assert [int(r[0]) for r in rows] == sorted(p.turn for p in plancenoit.fire_plan)
    vi = next(r for r in rows if r[1] == VI_CORPS_BATTERY)  # the battery by its name, not its id
    # From (30, 8) to the column's nearest corner (78, 28): sqrt(48² + 20²) = 52 cm, long range (40 < 52 <= 80).
    assert vi[4:] == [f"{math.hypot(48, 20):.1f} cm", "long"]


def test_scenario_page_has_every_part(plancenoit: NapoleonicScenario) -> None:
    page = scenario_page(plancenoit, SiteContext())
    for part in ("## Table", "## Units", "## Batteries", "## Fire plan", "## Special rules", "## Victory conditions",
                 "[Printable sheets](../sheets/plancenoit-1815.md)", "../maps/plancenoit/"):
        assert part in page, part
    # the scenario leaves every option at its default (ignition_by_guns: false): no option is listed, no key shown
    rules = page.split("## Special rules")[1].split("## A sample game")[0]
    assert "None: the scenario is played with the rules as written." in rules
    assert "ignition_by_guns" not in page and "(default)" not in page
    assert page.index("## Victory conditions") < page.index("## Table")
    victory = page.split("## Victory conditions")[1]
    assert f"The game lasts {plancenoit.turns} turns" in victory and "plus 4 for each enemy battery" in victory
    assert "equal scores are a draw" in victory
    assert page.count('<g class="unit"') == len(plancenoit.units)
    assert page.count('<g class="battery"') == len(plancenoit.batteries)


def test_generated_site_has_table_pages_and_rosters(corpus: Any) -> None:
    site = generate_pages(corpus.scenarios, corpus.models_by_ruleset, SiteContext())
    assert {"scenarios/plancenoit-1815.md", "sheets/paunsdorf-1813.md", "maps/plancenoit.md",
            "maps/paunsdorf.md"} <= set(site.pages)
    assert not any("no page renderer" in note for note in site.notes)
    table = site.pages["maps/paunsdorf.md"]
    terrain = re.search(r'<div class="zones">.*?</div>', table, re.S)
    assert terrain and terrain.group(0).count("<tr>") == 5 + 1
    # the name a player reads, its id a tooltip; the kind in words
    assert ('<td><span title="farmstead">Walled farmstead</span></td><td>building (burns; no unit stands in it)</td>'
            "<td>42</td>") in table
    assert "paunsdorf-1813.md" in table
    # what the author wrote of the table is on its page (it used to be dropped when the table was built)
    assert "The village of Paunsdorf fills the middle of the northern half" in table
    assert "Digby Smith, 1813 Leipzig" in table


# --- rosters -----------------------------------------------------------------------------------------


@pytest.mark.rule("NA-marking")
def test_roster_groups_figures_by_base(paunsdorf: NapoleonicScenario) -> None:
    page = napoleonic.sheets_page(paunsdorf, "sheets/paunsdorf-1813.md", SiteContext())
    sheets = re.search(r"<section.*</section>", page, re.S)
    assert sheets
    root = ET.fromstring(f"<div>{sheets.group(0)}</div>")  # the sheets are well-formed markup
    # the scenario sheet(s), the table, a roster per side (a few units: one sheet each), the tracks
    kinds = [(s.get("class", "").split()[-1], s.get("data-side")) for s in classed(root, "sheet")]
    rosters = [("sheet-roster", s.id) for s in paunsdorf.sides]
    assert kinds[-len(rosters) - 2:] == [("sheet-map", None), *rosters, ("sheet-tracks", None)]
    assert {kind for kind, _ in kinds[:-len(rosters) - 2]} == {"sheet-scenario"}
    assert "casualties are marked here and figures stay on the table" in page  # marking: roster
    cards = {c.get("data-unit"): c for c in classed(root, "roster") if c.get("data-unit")}
    assert list(cards) == [u.id for u in paunsdorf.units]
    for unit in paunsdorf.units:
        groups = classed(cards[unit.id], "base-group")
        assert [len(classed(g, "tally-box")) for g in groups] == figure_groups(unit)
        assert len(classed(cards[unit.id], "tally-box")) == unit.figures
    rockets = next(c for c in classed(root, "roster") if c.get("data-battery") == "rocket-troop")
    assert len(classed(rockets, "piece-box")) == 4 and "Rockets" in "".join(rockets.itertext())
    assert figure_groups(Unit("v", "a", "infantry", "first", 10, 3, "line", (0.0, 0.0), 0.0)) == [4, 4, 2]
    other = napoleonic.sheets_page(small_scenario(), "sheets/small.md", SiteContext())
    assert "a whole base of casualties is removed" in other  # marking: markers


@pytest.mark.rule("NA-marking")
@given(bases=st.integers(1, 8), per_base=st.integers(1, 6), short=st.integers(0, 5))
def test_figure_groups_fill_bases_in_order(bases: int, per_base: int, short: int) -> None:
    figures = max(1, bases * per_base - min(short, per_base - 1))
    unit = Unit("u", "a", "infantry", "first", figures, bases, "line", (0.0, 0.0), 0.0, figures_per_base=per_base)
    groups = figure_groups(unit)
    assert len(groups) == bases and sum(groups) == figures
    assert all(g == per_base for g in groups[:-1]) and 0 < groups[-1] <= per_base


def test_rule_options_read_as_plain_words(plancenoit: NapoleonicScenario) -> None:
    """An option set away from its default reads as a sentence with its clause linked; a default never appears,
    nor an option's key or a Python value."""
    changed = dataclasses.replace(plancenoit, rules={"ignition_by_guns": True, "marking": "roster",
                                                     "rounding_3_4": "at-least-one"})
    page = scenario_page(changed, SiteContext())
    rules = page.split("## Special rules")[1].split("## A sample game")[0]
    listed = re.search(r'<ul class="special-rules">(.*?)</ul>', rules)
    assert listed
    items = re.findall(r"<li>(.*?)</li>", listed.group(1))
    assert len(items) == 2, items  # marking: roster is the default
    assert items[0].startswith("Three-quarter casualties round up when either die shows 1 to 3")
    assert items[1].startswith("Batteries without howitzers may also set buildings alight")
    assert 'href="../../rules/napoleonic/#clause-na-fire-a">NA-fire-a</a>' in rules
    for key in ("ignition_by_guns", "rounding_3_4", "marking", "True", "at-least-one"):
        assert key not in rules, key
