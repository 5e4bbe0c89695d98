"""Each corpus scenario plays to the end for 200 seeds through the ruleset registry and its ``PLAYERS``,
deterministically, as the smoke runner plays it; the replay tool re-plays it; and a game driven by hand
keeps to the game protocol."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from pathlib import Path

import pytest

from admiralty.contract import ruleset_module
from admiralty.engine.api import event_log_hash
from admiralty.engine.players import LazyView
from admiralty.engine.replay import play, player_rng, replay, write_replay
from admiralty.rulesets.napoleonic.engine import NapoleonicScenario
from admiralty.rulesets.napoleonic.engine.game import invariants
from admiralty.site.smoke import wilson_interval
from admiralty.smoke.runner import play_smoke_game
from admiralty.validator.pipeline import validate

from .helpers import CORPUS

SEEDS = range(200)
SCENARIO_IDS = ["aspern-1809", "hougoumont-1815", "paunsdorf-1813", "plancenoit-1815", "raevsky-redoubt-1812"]


@pytest.fixture(scope="module")
def scenarios() -> dict[str, NapoleonicScenario]:
    return {s.id: s for s in validate([str(CORPUS)]).scenarios}


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_plays_to_the_end_for_200_seeds_deterministically(scenarios: dict[str, NapoleonicScenario],
                                                          scenario_id: str) -> None:
    """Seeds alternate between the smoke block's player kinds, each kind playing both sides (as
    ``admiralty smoke`` does); the ruleset's invariants are checked after every action, and every tenth game
    is re-played from its replay file. (tests/golden holds each of these games, every seed of both kinds, to
    its recorded event-log hash: that it plays the same game again is proved there.)"""
    scenario = scenarios[scenario_id]
    kinds = scenario.smoke.players
    assert kinds == ("heuristic", "random")
    module = ruleset_module("napoleonic")
    wins = {kind: 0 for kind in kinds}
    games = {kind: 0 for kind in kinds}
    hashes = set()
    for seed in SEEDS:
        kind = kinds[seed % len(kinds)]
        first = play_smoke_game(scenario, seed, kind, module=module, check_replay=seed % 10 == 0)
        assert first.failure is None, (seed, first.failure, first.message)
        assert first.turns == scenario.turns and first.winner in (None, *(s.id for s in scenario.sides))
        hashes.add(first.event_hash)
        games[kind] += 1
        wins[kind] += first.winner == scenario.sides[0].id
    assert len(hashes) > 0.9 * len(SEEDS), "different seeds play different games"
    # The balance band is declared for the first player kind: its Wilson 95% interval over these games
    # reaches into the band.
    assert scenario.smoke.balance is not None
    low, high = wilson_interval(wins[kinds[0]], games[kinds[0]])
    band_low, band_high = scenario.smoke.balance
    assert low <= band_high and high >= band_low, (wins, (low, high), scenario.smoke.balance)


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_a_game_driven_by_hand_keeps_to_the_protocol(scenarios: dict[str, NapoleonicScenario],
                                                     scenario_id: str) -> None:
    """``new_game`` and ``PLAYERS`` from the registry, heuristic against random and back: one side to move
    at a time with a legal action, a view that hides the enemy's roster sheets (NA-marking), no invariant
    ever broken, and the same event log from the same seed."""
    scenario = scenarios[scenario_id]
    module = ruleset_module("napoleonic")

    def run(seed: int) -> str:
        game = module.new_game(scenario, seed, None)
        kinds = ("heuristic", "random") if seed % 2 else ("random", "heuristic")
        players = {side: module.PLAYERS[kind] for side, kind in zip(game.sides, kinds, strict=True)}
        rngs: Mapping[str, random.Random] = {side: player_rng(seed, side) for side in game.sides}
        while not game.is_over:
            (side,) = game.to_move()
            legal = game.legal_actions(side)
            assert legal and all(game.legal_actions(other) == [] for other in game.sides if other != side)
            view = game.view(side)
            assert all("casualties" not in unit for unit in view["units"] if unit["side"] != side)
            action = players[side](LazyView(functools.partial(game.view, side)), legal, rngs[side])
            game.apply(side, action)
            assert invariants(game) == []
        assert game.to_move() == () and all("rule" in event for event in game.events)
        return event_log_hash(game.events)

    for seed in range(10):
        assert run(seed) == run(seed)


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_the_replay_tool_replays_a_game(scenarios: dict[str, NapoleonicScenario], scenario_id: str,
                                        tmp_path: Path) -> None:
    scenario = scenarios[scenario_id]
    module = ruleset_module("napoleonic")
    for seed in (0, 1, 7):
        sides = [s.id for s in scenario.sides]
        played = play(module, scenario, seed, {sides[0]: "heuristic", sides[1]: "random"}, raise_on_limit=True)
        assert played.stopped is None and played.result is not None
        assert played.ruleset == "napoleonic" and played.scenario_hash == scenario.content_hash
        path = tmp_path / f"{scenario_id}-{seed}.jsonl"
        write_replay(path, played)
        check = replay(path, scenario)
        assert check.ok and check.scenario_matches, check.message


def test_invariants_catch_a_broken_game(scenarios: dict[str, NapoleonicScenario]) -> None:
    game = ruleset_module("napoleonic").new_game(scenarios["paunsdorf-1813"], 0, None)
    assert invariants(game) == []
    entry = game.field.rosters["saxon-line"]
    game.field.rosters["saxon-line"] = type(entry)(entry.unit, entry.side, entry.figures, entry.bases,
                                                   entry.figures_per_base, casualties=entry.figures + 1)
    game.field.burning["rietzschke-meadows"] = 1
    problems = invariants(game)
    assert any("saxon-line" in p for p in problems) and any("rietzschke-meadows" in p for p in problems)


def test_options_from_the_scenario_reach_the_game(scenarios: dict[str, NapoleonicScenario]) -> None:
    module = ruleset_module("napoleonic")
    plancenoit = module.new_game(scenarios["plancenoit-1815"], 0, None)
    assert plancenoit.options["ignition_by_guns"] is False
    paunsdorf = module.new_game(scenarios["paunsdorf-1813"], 0, {"marking": "markers"})
    assert paunsdorf.options["marking"] == "markers"  # the caller's options come last
    assert paunsdorf.events[0]["type"] == "start" and paunsdorf.events[0]["scenario"] == "paunsdorf-1813"
