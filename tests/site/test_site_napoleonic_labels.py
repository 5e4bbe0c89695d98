"""The napoleonic table as a player reads it (issue 17): every name in words and in screen pixels, no two names
overlapping and none over a unit or a battery at the default zoom, terrain named, range circles per battery
with a static version for paper, a legend. Names are measured on the SVG's geometry with a real font's
advances (DejaVu Sans, as wide as common sans-serif faces come) where the machine has it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from site_corpus import EVIL, SVG, classed

from admiralty.rulesets.napoleonic.engine.model import NapoleonicScenario, Side, Table, Terrain, Unit
from admiralty.rulesets.napoleonic.site.drawing import PAD, SCALE, TERRAIN_WORDS, table_svg
from admiralty.rulesets.napoleonic.site.labels import LINE_EM, NOMINAL_PX, advance_em
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
FONTS = Path("/usr/share/fonts/truetype/dejavu")
FACES = {"unit-label": "DejaVuSans.ttf", "battery-label": "DejaVuSans-Bold.ttf",
         "terrain-label": "DejaVuSans-Oblique.ttf"}
Box = tuple[float, float, float, float]


@pytest.fixture(scope="module")
def corpus() -> list[NapoleonicScenario]:
    scenarios = validate([str(ROOT / "scenarios" / "napoleonic")]).scenarios
    assert len(scenarios) == 5
    return sorted(scenarios, key=lambda s: s.id)


@cache
def font(kind: str) -> Any:
    """The DejaVu face of a label kind at 100 px, or None where the machine has no DejaVu (then the drawing's
    own estimate measures)."""
    try:
        from PIL import ImageFont
        return ImageFont.truetype(str(FONTS / FACES[kind]), 100)
    except (ImportError, OSError):
        return None


def width_em(text: str, kind: str) -> float:
    face = font(kind)
    return face.getlength(text) / 100 if face is not None else advance_em(text)


def label_box(label: ET.Element) -> Box:
    """A label's box in SVG units: its widest line and its lines' height around (x, y), from the geometry."""
    kind = label.get("class", "").split()[1]
    size = float(label.get("font-size", 0))
    lines = [t.text or "" for t in label]
    width = max(width_em(line, kind) for line in lines) * size
    height = len(lines) * LINE_EM * size
    x, y = float(label.get("x", 0)), float(label.get("y", 0))
    return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def text_of(label: ET.Element) -> str:
    return " ".join(t.text or "" for t in label)


def labels(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}text") if "map-label" in e.get("class", "").split()]


def shape_boxes(root: ET.Element) -> dict[str, Box]:
    """Each unit's and battery's drawn shape as a box, by id."""
    out: dict[str, Box] = {}
    for unit in classed(root, "unit"):
        polygon = unit.find(f"{SVG}polygon")
        assert polygon is not None
        points = [tuple(map(float, p.split(","))) for p in polygon.get("points", "").split()]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        out[unit.get("data-unit", "")] = (min(xs), min(ys), max(xs), max(ys))
    for battery in classed(root, "battery"):
        disc = battery.find(f"{SVG}circle")
        assert disc is not None
        x, y, r = (float(disc.get(k, 0)) for k in ("cx", "cy", "r"))
        out[battery.get("data-battery", "")] = (x - r, y - r, x + r, y + r)
    return out


def test_every_name_is_at_least_11_screen_pixels_at_the_default_zoom(corpus: list[NapoleonicScenario]) -> None:
    for scenario in corpus:
        root = ET.fromstring(table_svg(scenario.table, scenario))
        width = float(root.get("viewBox", "0 0 1 1").split()[2])
        found = labels(root)
        assert len(found) == len(scenario.units) + len(scenario.batteries) + len(scenario.table.terrain)
        for label in found:
            px = int(label.get("data-px", 0))
            assert px >= 11, (scenario.id, text_of(label))
            # the static size is what that many pixels are at the default zoom, where the viewer starts
            assert float(label.get("font-size", 0)) * NOMINAL_PX / width == pytest.approx(px, abs=0.01)


def test_no_two_names_overlap_and_none_covers_a_unit_or_battery(corpus: list[NapoleonicScenario]) -> None:
    for scenario in corpus:
        root = ET.fromstring(table_svg(scenario.table, scenario))
        surface = classed(root, "table-surface")[0]
        x0, y0 = float(surface.get("x", 0)), float(surface.get("y", 0))
        edge = (x0, y0, x0 + float(surface.get("width", 0)), y0 + float(surface.get("height", 0)))
        boxes = [(label.get("data-for"), text_of(label), label_box(label)) for label in labels(root)]
        shapes = shape_boxes(root)
        for i, (ref, text, box) in enumerate(boxes):
            assert edge[0] <= box[0] and box[2] <= edge[2] and edge[1] <= box[1] and box[3] <= edge[3], text
            for _, other, box2 in boxes[i + 1:]:
                assert not overlap(box, box2), (scenario.id, text, other)
            for piece, shape in shapes.items():
                assert piece == ref or not overlap(box, shape), (scenario.id, text, piece)


def test_names_not_ids(corpus: list[NapoleonicScenario]) -> None:
    for scenario in corpus:
        root = ET.fromstring(table_svg(scenario.table, scenario))
        by_ref = {label.get("data-for"): text_of(label) for label in labels(root)}
        for thing in (*scenario.units, *scenario.batteries, *scenario.table.terrain):
            assert by_ref[thing.id] == " ".join(thing.name.split()), (scenario.id, thing.id)
        words = " ".join(by_ref.values())
        ids = [t.id for t in (*scenario.units, *scenario.batteries, *scenario.table.terrain) if "-" in t.id]
        assert ids and not any(i in words for i in ids), scenario.id
        tooltips = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}title"))
        assert "fires at" in tooltips and not any(f"{p.battery} fires" in tooltips for p in scenario.fire_plan)


def test_the_terrain_players_asked_about_is_named(corpus: list[NapoleonicScenario]) -> None:
    named = set()
    for scenario in corpus:
        root = ET.fromstring(table_svg(scenario.table, scenario))
        named |= {text_of(e) for e in classed(root, "terrain-label")}
    assert {"Church of Plancenoit", "Orchards and hedges east of the village", "Walled farmstead",
            "Paunsdorf church", "Hedges along the church lane", "Great orchard", "Walled garden",
            "The great redoubt", "Walled churchyard"} <= named


def test_paunsdorf_names_no_longer_collide_in_a_browser_sized_drawing(corpus: list[NapoleonicScenario]) -> None:
    """The collisions the issue saw: Durutte's two columns 4 cm apart, the 12-pounders beside them."""
    paunsdorf = next(s for s in corpus if s.id == "paunsdorf-1813")
    root = ET.fromstring(table_svg(paunsdorf.table, paunsdorf))
    boxes = {label.get("data-for"): label_box(label) for label in labels(root)}
    assert not overlap(boxes["durutte-column-1"], boxes["durutte-column-2"])
    assert not overlap(boxes["french-12pdr"], boxes["durutte-column-1"])


def test_range_circles_per_battery_and_a_static_version_for_paper(corpus: list[NapoleonicScenario]) -> None:
    for scenario in corpus:
        root = ET.fromstring(table_svg(scenario.table, scenario))
        groups = classed(root, "range-ring")
        assert [g.get("data-battery") for g in groups] == [b.id for b in scenario.batteries]
        assert {g.get("data-battery") for g in groups} == {b.get("data-battery") for b in classed(root, "battery")}
        paper = ET.fromstring(table_svg(scenario.table, scenario, rings=False))
        assert classed(paper, "range-ring") == [] and classed(paper, "range") == []
        key = " ".join("".join(e.itertext()) for e in classed(paper, "legend-item"))
        assert "range circle" not in key and "sticks below" in key  # the key explains what paper has
        sticks = classed(paper, "range-stick")
        assert len(sticks) == len({(b.ranges.canister, b.ranges.effective, b.ranges.long)
                                   for b in scenario.batteries})
        for stick in sticks:  # to the table's scale: the bands end at the long range
            rects = stick.findall(f"{SVG}rect")
            end = float(rects[-1].get("x", 0)) + float(rects[-1].get("width", 0))
            longest = float(stick.findall(f"{SVG}text")[-2].text or 0)
            assert end == pytest.approx(PAD + longest * SCALE, abs=0.1)


def test_legend_names_every_terrain_kind_in_words(corpus: list[NapoleonicScenario]) -> None:
    for scenario in corpus:
        root = ET.fromstring(table_svg(scenario.table, scenario))
        legend = " ".join("".join(e.itertext()) for e in classed(root, "legend-item"))
        for kind in {t.kind for t in scenario.table.terrain}:
            assert TERRAIN_WORDS[kind] in legend
        assert all((side.name or "") in legend for side in scenario.sides)
        pane = root.find(f"{SVG}svg")
        assert pane is not None and "map-pane" in pane.get("class", "")
        assert not classed(pane, "legend-item")  # the legend stays put while the table zooms


def test_a_name_set_apart_is_tied_to_its_piece(corpus: list[NapoleonicScenario]) -> None:
    leaders = 0
    for scenario in corpus:
        root = ET.fromstring(table_svg(scenario.table, scenario))
        refs = {label.get("data-for") for label in labels(root)}
        for line in classed(root, "leader"):
            assert line.get("data-for") in refs
            leaders += 1
    assert leaders >= 1  # the corpus has crowded corners: at least one name sits a line or more away


def test_hostile_names_are_escaped_in_labels(corpus: list[NapoleonicScenario]) -> None:
    scenario = corpus[0]
    unit = replace(scenario.units[0], name=EVIL)
    piece = Terrain("evil", "building", ((100, 70), (110, 70), (110, 78), (100, 78)), name=EVIL)
    table = replace(scenario.table, terrain=(*scenario.table.terrain, piece))
    svg = table_svg(table, replace(scenario, units=(unit, *scenario.units[1:]), table=table))
    root = ET.fromstring(svg)
    assert "<script>" not in svg and "<img" not in svg
    tags = {e.tag.split("}")[-1] for e in root.iter()}
    assert not tags & {"script", "img", "foreignObject"}
    texts = [" ".join(text_of(e).split()) for e in labels(root)]
    assert texts.count(" ".join(EVIL.split())) >= 1  # the unit's name, shown as text
    terrain = next(e for e in classed(root, "terrain") if e.get("data-terrain") == "evil")
    assert "".join(terrain.itertext()).startswith(EVIL)  # the piece's tooltip, as text


@settings(max_examples=40, deadline=None)
@given(spots=st.lists(st.tuples(st.integers(2, 98), st.integers(2, 58)), min_size=1, max_size=14),
       words=st.integers(1, 7))
def test_names_never_overlap_on_any_table(spots: list[tuple[int, int]], words: int) -> None:
    """Any crowd of units: the names placed never overlap one another nor leave the table, each is 11 px or
    more, and a name with no room left is listed (never drawn over another) and kept in its unit's tooltip."""
    name = " ".join(["Battalion"] * words)
    units = tuple(Unit(f"u{i}", "a", "infantry", "first", 8, 2, "line", (float(x), float(y)), 0.0,
                       name=f"{name} {i}") for i, (x, y) in enumerate(spots))
    table = Table("t", "Table", (100.0, 60.0), ())
    scenario = NapoleonicScenario("s", "S", table, (Side("a", "A"), Side("b", "B")), units, (), 3, ())
    root = ET.fromstring(table_svg(table, scenario))
    found = labels(root)
    boxes = [label_box(e) for e in found]
    assert all(int(e.get("data-px", 0)) >= 11 for e in found)
    assert not any(overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    surface = classed(root, "table-surface")[0]
    right = float(surface.get("x", 0)) + float(surface.get("width", 0))
    assert all(b[0] >= float(surface.get("x", 0)) and b[2] <= right for b in boxes)
    missing = root.find(f"{SVG}desc")
    unplaced = (missing.text or "") if missing is not None else ""
    assert len(found) + (unplaced.count(";") + 1 if unplaced else 0) == len(units)


def test_a_fire_line_through_friendly_troops_is_dashed_and_warned_of(corpus: list[NapoleonicScenario]) -> None:
    """Raevsky's French 12-pounder fired straight through its own 30th Ligne and nothing said so (issue 38): the
    line is drawn dashed with the friends in its title, and the page carries a warning naming them; a battery of
    howitzers alone (Hougoumont's, firing over the 2nd and 3rd Ligne at the château) is neither."""
    from admiralty.rulesets.napoleonic.site.drawing import fire_warnings

    raevsky = next(s for s in corpus if s.id == "raevsky-redoubt-1812")
    lines = {(line.get("data-battery"), line.get("data-target")): line
             for line in ET.fromstring(table_svg(raevsky.table, raevsky)).iter(f"{SVG}line")
             if "line-of-fire" in (line.get("class") or "")}
    french = lines[("french-12pdr", "redoubt-garrison")]
    assert "through-friends" in (french.get("class") or "") and french.get("stroke-dasharray")
    title = french.find(f"{SVG}title")
    assert title is not None and "through its own 30th Ligne" in (title.text or "")
    warning = fire_warnings(raevsky)
    assert warning.startswith('!!! warning "Fire through friendly troops"')
    assert "12-pounder battery of the grand battery fires at" in warning and "through its own 30th Ligne" in warning
    hougoumont = next(s for s in corpus if s.id == "hougoumont-1815")
    drawn = ET.fromstring(table_svg(hougoumont.table, hougoumont))
    howitzers = [line for line in drawn.iter(f"{SVG}line") if line.get("data-battery") == "reille-howitzers"]
    assert howitzers and not any("through-friends" in (line.get("class") or "") for line in howitzers)
    reille = next(b for b in hougoumont.batteries if b.id == "reille-howitzers")
    assert fire_warnings(hougoumont) and (reille.name or reille.id) not in fire_warnings(hougoumont)


def test_range_stick_captions_are_wrapped_never_cut(corpus: list[NapoleonicScenario]) -> None:
    """Hougoumont's range-stick captions were cut with "…" on screen, in print and in the download (issue 38):
    each caption's lines now hold all of its words, and every line fits the drawing's width at a wide font's
    advance (DejaVu Sans where the machine has it)."""
    for scenario in corpus:
        root = ET.fromstring(table_svg(scenario.table, scenario, rings=False))
        width = float((root.get("viewBox") or "").split()[2])
        for stick in classed(root, "range-stick"):
            caption = next(t for t in stick.iter(f"{SVG}text") if "stick-caption" in (t.get("class") or ""))
            lines = [span.text or "" for span in caption.iter(f"{SVG}tspan")]
            title = stick.find(f"{SVG}title")
            assert title is not None and " ".join(lines) == title.text, scenario.id
            assert not any("…" in line for line in lines)
            for line in lines:
                assert PAD + width_em(line, "unit-label") * 12 <= width - PAD + 1, (scenario.id, line)
