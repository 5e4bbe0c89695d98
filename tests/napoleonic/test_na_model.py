"""The model: YAML documents to dataclasses, footprints, sight, and the tables file."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
import yaml
from shapely.geometry import box

from admiralty.rulesets.napoleonic.engine.checks import check_scenario
from admiralty.rulesets.napoleonic.engine.game import new_game
from admiralty.rulesets.napoleonic.engine.geometry import (
    bearing_vector,
    fire_direction,
    has_line_of_sight,
    range_cm,
    shadow,
    unit_footprint,
)
from admiralty.rulesets.napoleonic.engine.model import Ranges
from admiralty.rulesets.napoleonic.engine.players import heuristic_player, play_game, random_player
from admiralty.rulesets.napoleonic.engine.tables import load_tables
from admiralty.rulesets.napoleonic.validator.documents import scenario_from_documents

from .fixtures import NORTH, SOUTH, unit

TABLE_YAML = """
# yaml-language-server: $schema=../../../schemas/napoleonic/table.schema.json
kind: table
ruleset: napoleonic
id: mockern-fields
title: Fields north of Leipzig
size: [120, 80]
terrain:
  - {id: mockern, kind: built-up, polygon: [[50, 50], [80, 50], [80, 65], [50, 65]]}
  - {id: manor, kind: building, polygon: [[84, 52], [90, 52], [90, 58], [84, 58]]}
  - {id: elster-meadows, kind: rough, polygon: [[10, 50], [30, 50], [30, 70], [10, 70]]}
"""

SCENARIO_YAML = """
# yaml-language-server: $schema=../../../schemas/napoleonic/scenario.schema.json
kind: scenario
ruleset: napoleonic
id: mockern-1813
title: Möckern, 16 October 1813
table: mockern-fields
turns: {count: 4}
sides:
  - {id: prussia, name: Prussia}
  - {id: france, name: France}
units:
  - {id: brandenburg-grenadiers, side: prussia, type: infantry, class: first, figures: 16, bases: 4,
     formation: column, at: [60, 25], facing: 0}
  - {id: marines, side: france, type: infantry, class: second, figures: 12, bases: 3,
     formation: line, at: [65, 52], facing: 180, base_width: 5, figures_per_base: 4}
batteries:
  - {id: prussian-12pdr, side: prussia, guns: 6, howitzers: 2, at: [60, 10], facing: 0}
  - {id: french-howitzers, side: france, howitzers: 4, at: [70, 72], facing: 180,
     ranges: {canister: 10, effective: 30, long: 70}}
fire_plan:
  - {battery: french-howitzers, turns: [1, 2], target: brandenburg-grenadiers}
rules:
  rounding_3_4: at-least-one
"""


def test_documents_build_the_model() -> None:
    s = scenario_from_documents(yaml.safe_load(SCENARIO_YAML), yaml.safe_load(TABLE_YAML))
    assert s.table.size == (120.0, 80.0) and [t.kind for t in s.table.terrain] == ["built-up", "building", "rough"]
    assert s.turns == 4 and [x.id for x in s.sides] == ["prussia", "france"]
    grenadiers, marines = s.units
    assert (grenadiers.base_width, grenadiers.base_depth, grenadiers.figures_per_base) == (4.0, 2.0, 4)
    assert (marines.class_, marines.base_width, marines.figures_per_base) == ("second", 5.0, 4)
    assert s.batteries[0].ranges == Ranges(15.0, 40.0, 80.0)
    assert s.batteries[1].ranges == Ranges(10.0, 30.0, 70.0)
    assert [(p.battery, p.turn, p.target) for p in s.fire_plan] == [
        ("french-howitzers", 1, "brandenburg-grenadiers"), ("french-howitzers", 2, "brandenburg-grenadiers"),
    ]
    assert check_scenario(s) == []
    game = new_game(s, 3)
    assert game.options["rounding_3_4"] == "at-least-one"
    play_game(game, {"prussia": heuristic_player, "france": random_player}, random.Random(3))
    assert game.is_over


def test_source_does_not_change_equality() -> None:
    a = unit("u", "france", (1.0, 2.0), NORTH)
    assert replace(a, source={"file": "x.yaml", "line": 3}) == a


@pytest.mark.parametrize(("facing", "vector"), [(0, (0, 1)), (90, (1, 0)), (180, (0, -1)), (270, (-1, 0))])
def test_compass_bearings_are_exact(facing: float, vector: tuple[int, int]) -> None:
    assert bearing_vector(facing) == vector


def test_footprints_line_and_column() -> None:
    line = unit("line", "france", (50.0, 20.0), NORTH, formation="line")
    column = unit("column", "france", (50.0, 20.0), SOUTH)
    assert unit_footprint(line).bounds == (42.0, 18.0, 58.0, 20.0)  # side by side, behind the front edge
    assert unit_footprint(column).bounds == (48.0, 20.0, 52.0, 28.0)  # in depth, facing south
    turned = unit("turned", "france", (0.0, 0.0), 45.0, formation="line", bases=1)
    assert unit_footprint(turned).area == pytest.approx(8.0)


def test_range_to_the_nearest_point_and_fire_at_the_centroid() -> None:
    column = unit_footprint(unit("column", "russia", (60.0, 40.0), SOUTH))
    assert range_cm((60.0, 10.0), column) == 30.0
    assert fire_direction((60.0, 10.0), column) == (0.0, 1.0)
    assert shadow((60.0, 10.0), column, 8.0).bounds == (58.0, 48.0, 62.0, 56.0)


def test_sight_blocked_only_through_a_building_interior() -> None:
    target = unit_footprint(unit("column", "russia", (60.0, 40.0), SOUTH))
    assert not has_line_of_sight((60.0, 10.0), target, [box(55, 20, 65, 25)])
    assert has_line_of_sight((60.0, 10.0), target, [box(60, 20, 65, 25)])  # grazes the edge
    assert has_line_of_sight((60.0, 10.0), target, [box(61, 20, 65, 25)])


def test_tables_overrides_and_checks() -> None:
    tables = load_tables({"gun_fire": {"hit_on": 4}})
    assert tables["gun_fire"]["hit_on"] == 4 and tables["gun_fire"]["hits_per_figure"] == 4
    assert load_tables()["gun_fire"]["hit_on"] == 5  # the packaged file is never changed
    with pytest.raises(ValueError):
        load_tables({"gun_fire": {"hits_per_figure": 3}})
    assert load_tables({"ranges": {"long": 90}})["ranges"]["long"] == 90   # NA-pen-a: no cap by default
    with pytest.raises(ValueError):
        load_tables({"range_cap": {"enabled": True}, "ranges": {"long": 90}})
    with pytest.raises(ValueError):
        load_tables({"rockets": {"results": [{"rolls": [2, 3], "result": "miss"}]}})
