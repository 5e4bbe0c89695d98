"""Derived data lives on the typed model (no module-level caches keyed by ``id()``): computed once, shared
by every game of the model, and left out when the model is pickled for a worker."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from shapely.geometry import box

from admiralty.contract import ruleset_module
from admiralty.engine.replay import play
from tests.golden.record import corpus_scenarios


@pytest.fixture(scope="module")
def corpus() -> list[Any]:
    return corpus_scenarios()


def _first(corpus: list[Any], ruleset: str) -> Any:
    return next(s for s in corpus if s.ruleset == ruleset)


def test_the_dreadnought_geography_is_built_once_per_scenario_and_not_pickled(corpus: list[Any]) -> None:
    scenario = _first(corpus, "dreadnought")
    module = ruleset_module("dreadnought")
    first = module.new_game(scenario, 1)
    second = module.new_game(scenario, 2)
    assert first.state.geo is second.state.geo is scenario.geography
    copy = pickle.loads(pickle.dumps(scenario))
    assert "geography" not in copy.__dict__  # the worker derives its own
    assert copy.geography is not scenario.geography
    assert copy.geography.friendly_ports == scenario.geography.friendly_ports
    one = play(module, scenario, 5, {})
    other = play(module, copy, 5, {})
    assert one.event_hash == other.event_hash


def test_the_napoleonic_terrain_index_is_carried_on_the_table(corpus: list[Any]) -> None:
    table = _first(corpus, "napoleonic").table
    assert table.terrain_index is table.terrain_index
    width, depth = table.size
    everything = box(0, 0, width, depth)
    assert table.terrain_near(everything) == table.terrain  # every piece, in table order
    assert table.terrain_near(box(-20, -20, -10, -10)) == ()
    assert "terrain_index" not in pickle.loads(pickle.dumps(table)).__dict__
