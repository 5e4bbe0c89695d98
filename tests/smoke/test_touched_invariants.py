"""Invariants that check what changed (issue 39): after every action the smoke runner checks what the action
touched (``invariants_touched`` where a rule system has it) and the whole state when it ran into the end of a
turn or of the game. A deliberate break seeded into one rule of each rule system is caught at the very action
(and with the words) that the whole-state check after every action, as before, catches it."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import admiralty.rulesets.dreadnought.engine.game as dreadnought_game
import admiralty.rulesets.napoleonic.engine.game as napoleonic_game
import admiralty.rulesets.renaissance.engine.game as renaissance_game
from admiralty.engine.api import WHOLE, Touched
from admiralty.engine.protocols import invariants_after_action
from admiralty.rulesets.dreadnought.engine import fuel, orders
from admiralty.smoke.runner import Outcome, play_smoke_game
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus() -> dict[str, Any]:
    return {s.id: s for s in validate([str(ROOT / "scenarios")]).scenarios}


def whole_after_every_action(module: Any) -> Any:
    """The same rule system with only its whole-state invariants: what the runner checked before issue 39."""
    return SimpleNamespace(__name__=module.__name__, ENGINE_VERSION=module.ENGINE_VERSION, PLAYERS=module.PLAYERS,
                           new_game=module.new_game, invariants=module.invariants)


def both_ways(scenario: Any, seed: int, player: str, module: Any) -> tuple[Outcome, Outcome]:
    touched = play_smoke_game(scenario, seed, player, module=module)
    whole = play_smoke_game(scenario, seed, player, module=whole_after_every_action(module))
    return touched, whole


def caught_alike(touched: Outcome, whole: Outcome) -> None:
    assert whole.failure == "invariant", whole.message
    assert (touched.failure, touched.steps, touched.message) == (whole.failure, whole.steps, whole.message)


def test_the_runner_checks_what_touched_says_where_a_rule_system_has_it() -> None:
    assert invariants_after_action(dreadnought_game) is dreadnought_game.invariants_touched  # type: ignore[arg-type]
    assert invariants_after_action(whole_after_every_action(dreadnought_game)) is dreadnought_game.invariants


def test_an_action_touches_its_fleet_a_regrouping_their_ships_and_a_phase_the_whole_state(
        corpus: dict[str, Any]) -> None:
    game = dreadnought_game.new_game(corpus["otranto-1917"], 1)
    assert game.touched() is WHOLE  # a new game: nothing checked yet
    seen: dict[str, int] = {}
    rng = random.Random(1)
    while not game.is_over:
        side = game.to_move()[0]
        head = game.state.decisions[side][0]
        legal = game.legal_actions(side)
        action = legal[rng.randrange(len(legal))]
        steps = game._steps_run
        game.apply(side, action)
        touched = game.touched()
        if game._steps_run != steps or game.is_over:
            kind = "whole"
            assert touched.whole
        elif action in ("done", "follow-orders"):
            kind = "nothing"
            assert touched == Touched()
        elif action.startswith(("join:", "split:", "leave:")):
            kind = "regrouped"
            assert touched.fleets[0] == head.fleet and len(touched.fleets) == 2
            assert set(touched.ships) == {n for f in touched.fleets if f in game.state.fleets
                                          for n in game.state.fleets[f].ships}
        else:
            kind = "fleet" if head.fleet else "zone"
            assert touched == (Touched(fleets=(head.fleet,)) if head.fleet else Touched(zones=(head.zone,)))
        seen[kind] = seen.get(kind, 0) + 1
    assert set(seen) >= {"whole", "nothing", "regrouped", "fleet"}, seen


def test_a_join_that_leaves_the_ships_in_both_fleets_is_caught_at_the_join(
        corpus: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    real_join = orders.join

    def join_keeping_both(state: Any, fleet: Any, other: Any) -> None:
        ships = list(fleet.ships)
        real_join(state, fleet, other)
        state.fleets[fleet.id] = fleet  # the break: the joining fleet stays, its ships now in two fleets
        fleet.ships = ships
        state.aliases.pop(fleet.id, None)

    monkeypatch.setattr(orders, "join", join_keeping_both)
    touched, whole = both_ways(corpus["otranto-1917"], 1, "random", dreadnought_game)
    caught_alike(touched, whole)
    assert "is in fleets" in touched.message


def test_a_split_that_empties_the_fleet_is_caught_at_the_split(
        corpus: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    real_split = orders.split

    def split_everything(state: Any, fleet: Any, names: list[str]) -> Any:
        new = real_split(state, fleet, names)
        for name in fleet.ships:  # the break: every ship goes, the old counter stays empty
            state.ships[name].fleet = new.id
        new.ships.extend(fleet.ships)
        fleet.ships = []
        return new

    monkeypatch.setattr(orders, "split", split_everything)
    touched, whole = both_ways(corpus["otranto-1917"], 1, "random", dreadnought_game)
    caught_alike(touched, whole)
    assert "has no ships" in touched.message


def test_fuel_burnt_below_zero_in_the_movement_phase_is_caught_at_the_action_that_ran_it(
        corpus: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    real_burn = fuel.burn

    def burn_too_much(state: Any, ship: Any, units: int) -> None:
        real_burn(state, ship, units)
        if state.turn == 3:
            ship.fuel = -1  # the break

    monkeypatch.setattr(fuel, "burn", burn_too_much)
    touched, whole = both_ways(corpus["otranto-1917"], 0, "scripted", dreadnought_game)
    caught_alike(touched, whole)
    assert "fuel boxes" in touched.message


def test_a_renaissance_leader_sent_off_the_map_is_caught_at_the_same_action(
        corpus: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    real = renaissance_game.transport_path

    def path_and_lose_a_leader(sea_map: Any, *args: Any) -> Any:
        found = real(sea_map, *args)
        state = seen_games[-1].state
        leader = next(iter(state.leader_at))
        state.leader_at[leader] = "nowhere"  # the break
        return found

    seen_games: list[Any] = []
    real_new_game = renaissance_game.new_game

    def new_game(*args: Any, **kwargs: Any) -> Any:
        seen_games.append(real_new_game(*args, **kwargs))
        return seen_games[-1]

    monkeypatch.setattr(renaissance_game, "transport_path", path_and_lose_a_leader)
    module = SimpleNamespace(__name__=renaissance_game.__name__, ENGINE_VERSION=renaissance_game.ENGINE_VERSION,
                             PLAYERS=renaissance_game.PLAYERS, new_game=new_game,
                             invariants=renaissance_game.invariants)
    scenario = next(s for s in corpus.values() if s.ruleset == "renaissance" and _transports(s))
    touched = play_smoke_game(scenario, 0, "random", module=module)
    whole = play_smoke_game(scenario, 0, "random", module=whole_after_every_action(module))
    caught_alike(touched, whole)
    assert "not on the map" in touched.message


def _transports(scenario: Any) -> bool:
    return any(True for _ in getattr(scenario, "formations", ()) or ())


def test_napoleonic_casualties_beyond_the_unit_are_caught_at_the_same_action(
        corpus: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    real = napoleonic_game.resolve

    def resolve_and_overkill(field: Any, battery: Any, target_id: str, turn: int, dice: Any) -> Any:
        events = real(field, battery, target_id, turn, dice)
        if turn >= 2:
            unit_id, roster = next(iter(field.rosters.items()))
            field.rosters[unit_id] = replace(roster, casualties=10_000)  # the break
        return events

    monkeypatch.setattr(napoleonic_game, "resolve", resolve_and_overkill)
    touched, whole = both_ways(corpus["aspern-1809"], 0, "random", napoleonic_game)
    caught_alike(touched, whole)
    assert "casualties of" in touched.message
