"""RN-10: lost units and a wiped-out side's leaders go to the next turn of the turn track."""

from __future__ import annotations

from dataclasses import replace

import pytest

from admiralty.rulesets.renaissance.engine.model import Battle, RenaissanceScenario, Units
from admiralty.rulesets.renaissance.engine.turn_track import due, place_on_track

from .fixtures import duel, duel_map, events, run


@pytest.mark.rule("RN-10")
def test_lost_units_wait_on_the_next_turn_then_go_to_the_pool() -> None:
    track, to_pool = place_on_track((), 3, "venice", Units(galleys=2), ["grimani"], dry_dock=False)
    assert to_pool == Units()
    assert [(e.turn, e.units, e.leaders) for e in track] == [(4, Units(galleys=2), ("grimani",))]
    assert due(track, 3) == ([], track)
    assert due(track, 4) == (list(track), ())


@pytest.mark.rule("RN-10")
def test_dry_dock_returns_lost_units_to_the_pool_at_once() -> None:
    track, to_pool = place_on_track((), 1, "england", Units(galleons=1), [], dry_dock=True)
    assert (track, to_pool) == ((), Units(galleons=1))
    # Leaders still wait a turn.
    track, to_pool = place_on_track((), 1, "england", Units(galleons=1), ["drake"], dry_dock=True)
    assert [(e.turn, e.units, e.leaders) for e in track] == [(2, Units(), ("drake",))]


def _two_turns(dry_dock: frozenset[str] = frozenset()) -> RenaissanceScenario:
    # Turn 1: red (rated leader) loses everything; turn 2: an empty battle just to move the turn on.
    scenario = duel(Units(galleons=1), Units(galleons=2), attacker_rating=1, defender_rating=2,
                    sea_map=duel_map(red_port=True), dry_dock=dry_dock)
    return replace(scenario, actions=(*scenario.actions, Battle("red", "blue", "open-sea", turn=2)))


@pytest.mark.rule("RN-10")
def test_a_wiped_out_side_sends_its_leaders_to_the_track_and_they_return_next_turn() -> None:
    # Red: 1 galleon + rating 1 = 3 dice, all miss; blue: 2 galleons + rating 2 = 6 dice, two hit.
    game = run(_two_turns(), dice=[1, 1, 1, 6, 6, 1, 1, 1, 1])
    placed = events(game, "to-turn-track")
    assert [(e["power"], e["units"], e["leaders"], e["returns_on"]) for e in placed] == [
        ("red", {"galleons": 1}, ["a-leader"], 2)]
    assert [e["turn"] for e in events(game, "turn")] == [2]
    returned = events(game, "leader-returns")[0]
    assert (returned["leader"], returned["at"], returned["turn"]) == ("a-leader", "haven", 2)
    assert game.state.pool["red"] == Units(galleons=1)
    assert game.state.leader_at["d-leader"] == "open-sea"  # the winner's leader stays
    assert game.state.track == ()


@pytest.mark.rule("RN-10")
def test_with_dry_dock_lost_units_are_in_the_pool_on_the_same_turn() -> None:
    game = run(_two_turns(frozenset({"red"})), dice=[1, 1, 1, 6, 6, 1, 1, 1, 1])
    to_pool = events(game, "units-to-pool")[0]
    assert (to_pool["power"], to_pool["units"], to_pool["turn"], to_pool["dry_dock"]) == (
        "red", {"galleons": 1}, 1, True)
    assert [e["units"] for e in events(game, "to-turn-track")] == [{}]  # only the leader waits


@pytest.mark.rule("RN-10")
def test_a_side_not_wiped_out_keeps_its_leaders() -> None:
    # Red keeps a galleon and retreats to its port with its leader; only the lost galleon is on the track.
    scenario = duel(Units(galleons=2), Units(galleons=2), attacker_rating=1, sea_map=duel_map(red_port=True))
    game = run(scenario, dice=[1, 1, 1, 1, 1, 6, 6, 1, 1])
    assert [e["leaders"] for e in events(game, "to-turn-track")] == [[]]
    assert game.state.leader_at["a-leader"] == "haven"
