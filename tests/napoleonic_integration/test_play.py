"""Each corpus scenario plays to the end for 200 seeds through the ruleset registry, deterministically,
with the players its ``smoke`` block names; and the project's replay tool re-plays it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from admiralty.site.smoke import wilson_interval
from engine.api import GameResult, event_log_hash
from engine.players import LazyView
from engine.replay import play, player_rng, replay, write_replay
from engine.rulesets import ruleset_module
from engine.rulesets.napoleonic import NapoleonicScenario
from validator.pipeline import validate

from .helpers import CORPUS

SEEDS = range(200)
STEP_LIMIT = 2_000
SCENARIO_IDS = ["paunsdorf-1813", "plancenoit-1815"]


@dataclass(frozen=True)
class Played:
    result: GameResult
    event_hash: str
    steps: int


@pytest.fixture(scope="module")
def scenarios() -> dict[str, NapoleonicScenario]:
    return {s.id: s for s in validate([str(CORPUS)]).scenarios}


def pairing(scenario: NapoleonicScenario, seed: int) -> dict[str, str]:
    """The smoke players, taken by the sides in turn seed by seed (heuristic against random and back)."""
    kinds = scenario.smoke.players
    return {side.id: kinds[(seed + k) % len(kinds)] for k, side in enumerate(scenario.sides)}


def play_through_registry(scenario: NapoleonicScenario, seed: int) -> Played:
    """Play with ``new_game`` and ``PLAYERS`` from the registry, checking the protocol after every action."""
    module = ruleset_module("napoleonic")
    game = module.new_game(scenario, seed, None)
    players = {side: module.PLAYERS[kind] for side, kind in pairing(scenario, seed).items()}
    rngs: Mapping[str, random.Random] = {side: player_rng(seed, side) for side in game.sides}
    figures = {u.id: u.figures for u in scenario.units}
    steps = 0
    while not game.is_over:
        assert steps < STEP_LIMIT, "the game must end"
        (side,) = game.to_move()
        legal = game.legal_actions(side)
        assert legal, f"{side} is to move, so it has a legal action"
        view = LazyView(lambda side=side: game.view(side))  # a random player never looks
        action = players[side](view, legal, rngs[side])
        assert action in legal
        game.apply(side, action)
        steps += 1
        assert all(0 <= entry.casualties <= figures[unit] for unit, entry in game.field.rosters.items())
    assert game.to_move() == () and all(game.legal_actions(s) == [] for s in game.sides)
    assert all("rule" in event for event in game.events)
    return Played(game.result(), event_log_hash(game.events), steps)


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_plays_to_the_end_for_200_seeds_deterministically(scenarios: dict[str, NapoleonicScenario],
                                                          scenario_id: str) -> None:
    scenario = scenarios[scenario_id]
    first_side = scenario.sides[0].id
    wins = 0
    hashes = set()
    for seed in SEEDS:
        played = play_through_registry(scenario, seed)
        assert play_through_registry(scenario, seed).event_hash == played.event_hash, f"seed {seed}"
        result = played.result
        assert result.turns == scenario.turns and result.reason == "last turn played"
        assert result.winner in (None, *(s.id for s in scenario.sides))
        wins += result.winner == first_side
        hashes.add(played.event_hash)
    assert len(hashes) > len(SEEDS) * 0.9, "different seeds play different games"
    # The declared balance band and the first side's win rate agree: its Wilson 95% interval over 200 games
    # reaches into the band.
    assert scenario.smoke.balance is not None
    low, high = wilson_interval(wins, len(SEEDS))
    band_low, band_high = scenario.smoke.balance
    assert low <= band_high and high >= band_low, (wins, (low, high), scenario.smoke.balance)


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_the_replay_tool_replays_a_game(scenarios: dict[str, NapoleonicScenario], scenario_id: str,
                                        tmp_path: Path) -> None:
    scenario = scenarios[scenario_id]
    module = ruleset_module("napoleonic")
    for seed in (0, 1, 7):
        played = play(module, scenario, seed, pairing(scenario, seed), raise_on_limit=True)
        assert played.stopped is None and played.result is not None
        assert played.event_hash == play_through_registry(scenario, seed).event_hash
        assert played.ruleset == "napoleonic" and played.scenario_hash == scenario.content_hash
        path = tmp_path / f"{scenario_id}-{seed}.jsonl"
        write_replay(path, played)
        check = replay(path, scenario)
        assert check.ok and check.scenario_matches, check.message


def test_options_from_the_scenario_reach_the_game(scenarios: dict[str, NapoleonicScenario]) -> None:
    module = ruleset_module("napoleonic")
    plancenoit: Any = module.new_game(scenarios["plancenoit-1815"], 0, None)
    assert plancenoit.options["ignition_by_guns"] is False
    paunsdorf: Any = module.new_game(scenarios["paunsdorf-1813"], 0, {"marking": "markers"})
    assert paunsdorf.options["marking"] == "markers"  # the caller's options come last
    start = paunsdorf.events[0]
    assert start["type"] == "start" and start["scenario"] == "paunsdorf-1813"
