"""Whole games: the Game protocol, 200 seeds per fixture with random and heuristic players, determinism."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from admiralty.engine.api import Game, event_log_hash
from admiralty.rulesets.napoleonic.engine.game import NapoleonicGame, new_game
from admiralty.rulesets.napoleonic.engine.model import NapoleonicScenario
from admiralty.rulesets.napoleonic.engine.players import PLAYERS, Player, heuristic_player, play_game, random_player

from .fixtures import brigade_example, leipzig_rockets, village_under_howitzers

SEEDS = range(200)
FIXTURES: dict[str, Callable[[], NapoleonicScenario]] = {
    "leipzig": leipzig_rockets,
    "village": village_under_howitzers,
}


def players_for(game: NapoleonicGame, seed: int) -> dict[str, Player]:
    """Random against heuristic, swapping sides with the seed's parity."""
    first, second = game.sides
    if seed % 2:
        return {first: random_player, second: heuristic_player}
    return {first: heuristic_player, second: random_player}


def play_checked(scenario: NapoleonicScenario, seed: int, options: dict[str, object] | None = None) -> NapoleonicGame:
    """Play to the end, checking the protocol and the invariants after every action."""
    game = new_game(scenario, seed, options)
    players = players_for(game, seed)
    rng = random.Random(seed)  # the players' own generator, never the game's
    figures = {u.id: u.figures for u in scenario.units}
    for _ in range(1000):
        if game.is_over:
            break
        (side,) = game.to_move()
        legal = game.legal_actions(side)
        assert legal, "a side to move always has a legal action"
        assert all(game.legal_actions(other) == [] for other in game.sides if other != side)
        view = game.view(side)
        assert view["battery"] is not None and {t["id"] for t in view["targets"]} >= {
            a["target"] for a in legal if a["target"] is not None
        }
        if game.options["marking"] == "roster":
            assert all("casualties" not in u for u in view["units"] if u["side"] != side)
        game.apply(side, players[side](view, legal, rng))
        for unit_id, entry in game.field.rosters.items():
            assert 0 <= entry.casualties <= figures[unit_id]
    assert game.is_over and game.to_move() == ()
    assert all(game.legal_actions(s) == [] for s in game.sides)
    return game


def test_the_game_implements_the_protocol() -> None:
    game = new_game(leipzig_rockets(), 0)
    assert isinstance(game, Game)
    assert sorted(PLAYERS) == ["heuristic", "random"]
    assert game.sides == ("allies", "france")
    with pytest.raises(ValueError):
        game.apply("france" if game.to_move() == ("allies",) else "allies", {"battery": "x", "target": None})
    with pytest.raises(ValueError):
        new_game(leipzig_rockets(), 0, {"no-such-option": 1})
    with pytest.raises(ValueError):
        new_game(leipzig_rockets(), 0, {"marking": "chalk"})


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_two_hundred_games_play_to_the_end_deterministically(name: str) -> None:
    scenario = FIXTURES[name]()
    hashes = set()
    outcomes = set()
    for seed in SEEDS:
        game = play_checked(scenario, seed)
        events = game.events
        json.dumps(events)  # JSON-serialisable
        assert all(isinstance(e.get("rule"), str) and e["rule"] for e in events)
        assert events[0]["type"] == "start" and events[-1]["type"] == "game-over"
        result = game.result()
        assert result.turns <= scenario.turns and set(result.points) == set(game.sides)
        digest = event_log_hash(events)
        again = new_game(scenario, seed)
        play_game(again, players_for(again, seed), random.Random(seed))
        assert event_log_hash(again.events) == digest, f"seed {seed} diverged"
        hashes.add(digest)
        outcomes.add(result.winner)
    assert len(hashes) == len(SEEDS)  # the seed matters
    assert len(outcomes) >= 2  # neither side always wins


@pytest.mark.parametrize(
    "options",
    [
        {"rounding_3_4": "at-least-one"},
        {"marking": "markers"},
        {"ignition_by_guns": True, "skirmisher_round_down": "target"},
        {"tables": {"gun_fire": {"hit_on": 4}}},
    ],
)
def test_options_play_too(options: dict[str, object]) -> None:
    for name in sorted(FIXTURES):
        for seed in range(25):
            game = play_checked(FIXTURES[name](), seed, options)
            assert game.events[0]["options"] == {**game.events[0]["options"], **{
                k: v for k, v in options.items() if k != "tables"}}


def test_heuristic_player_picks_the_most_expected_casualties() -> None:
    """Turn 1 in the village: the Austrian guns may fire at either French unit in range; the heuristic
    takes the one with the larger expected loss as the view reports it."""
    game = new_game(village_under_howitzers(), 0)
    while game.to_move() != ("austria",):
        (side,) = game.to_move()
        game.apply(side, game.legal_actions(side)[0])
    view = game.view("austria")
    choice = heuristic_player(view, game.legal_actions("austria"), random.Random(0))
    best = max(view["targets"], key=lambda t: t["expected_figures"] * (1 + 0.5 * len(t["penetrates"])))
    assert choice["target"] == best["id"]


def test_a_scenario_whose_side_has_no_units_ends_at_once() -> None:
    s = brigade_example()
    lonely = new_game(type(s)(**{**s.__dict__, "units": s.units[:2]}), 0)
    assert lonely.is_over and lonely.result().reason == "france has no unit left on the table"


def test_result_by_figures_lost() -> None:
    game = play_checked(leipzig_rockets(), 7)
    result = game.result()
    lost = result.details["figures_lost"]
    destroyed = result.details["batteries_destroyed"]
    assert result.points["allies"] == lost["france"] + 4 * destroyed["france"]
    assert result.points["france"] == lost["allies"] + 4 * destroyed["allies"]
    if result.points["allies"] == result.points["france"]:
        assert result.winner is None
    else:
        assert result.winner == max(result.points, key=lambda s: result.points[s])
