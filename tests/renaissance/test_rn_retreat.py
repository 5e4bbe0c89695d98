"""RN-9: who retreats after a battle, and where, on the sea-zone graph."""

from __future__ import annotations

from dataclasses import replace

import pytest

from admiralty.engine.api import Action
from admiralty.rulesets.renaissance.engine.game import RenaissanceGame
from admiralty.rulesets.renaissance.engine.model import Battle, Units
from admiralty.rulesets.renaissance.engine.players import heuristic_player
from admiralty.rulesets.renaissance.engine.retreat import retreat_targets, retreating_side

from .fixtures import duel, events, ionian_map, preveza_1538, run

IONIAN = ionian_map()


@pytest.mark.rule("RN-9")
@pytest.mark.parametrize("winner", ["attacker", "defender"])
def test_after_a_port_battle_the_attacker_always_retreats(winner: str) -> None:
    assert retreating_side("port", winner) == "attacker"  # type: ignore[arg-type]


@pytest.mark.rule("RN-9")
def test_after_a_sea_battle_the_loser_retreats() -> None:
    assert retreating_side("atlantic", "attacker") == "defender"
    assert retreating_side("mediterranean", "defender") == "attacker"


@pytest.mark.rule("RN-9")
def test_an_attacker_in_a_port_battle_retreats_even_when_it_wins() -> None:
    # Attacker 2 galleons (4 dice) all hit; the defender's galley and port die (3 dice) all miss.
    game = run(duel(Units(galleons=2), Units(galleys=1, galleons=1), at="harbour"),
               dice=[6, 6, 6, 6, 1, 1, 1, 1, 1])
    assert events(game, "winner")[0]["side"] == "attacker"
    retreat = events(game, "retreat")[0]
    assert (retreat["power"], retreat["origin"], retreat["target"]) == ("red", "harbour", "open-sea")
    assert game.state.units_of("open-sea", "red") == Units(galleons=2)
    assert game.state.units_of("harbour", "red").is_empty
    assert game.state.units_of("harbour", "blue").is_empty  # 4 hits: both blue units sunk


@pytest.mark.rule("RN-9")
def test_the_defender_of_a_port_never_retreats() -> None:
    game = run(duel(Units(galleons=2), Units(galleons=2), at="harbour"), dice=[1, 1, 1, 1, 6, 6, 1, 1, 1])
    assert events(game, "winner")[0]["side"] == "defender"
    assert [e["power"] for e in events(game, "retreat")] == ["red"]
    assert game.state.units_of("harbour", "blue") == Units(galleons=2)


@pytest.mark.rule("RN-9")
def test_no_retreat_possible_destroys_the_units() -> None:
    # One sea zone and no port of red's: the loser has nowhere to go.
    game = run(duel(Units(galleons=2), Units(galleons=2)), dice=[1, 1, 1, 1, 6, 6, 1, 1])
    assert events(game, "winner")[0]["side"] == "defender"
    destroyed = events(game, "destroyed-no-retreat")[0]
    assert (destroyed["power"], destroyed["units"]) == ("red", {"galleons": 1})
    assert game.state.units_of("open-sea", "red").is_empty
    assert game.state.destroyed["red"] == Units(galleons=2)  # one sunk, one with no retreat
    assert game.state.track[0].units == Units(galleons=2)


@pytest.mark.rule("RN-9")
def test_a_port_battle_attacker_cannot_retreat_into_enemy_ships() -> None:
    scenario = duel(Units(galleons=2), Units(galleons=1), at="harbour")
    scenario.units["open-sea"] = {"blue": Units(galleys=1)}
    game = run(scenario, dice=[6, 6, 6, 6, 1, 1, 1])
    assert events(game, "retreat") == []
    assert events(game, "destroyed-no-retreat")[0]["power"] == "red"


@pytest.mark.rule("RN-9")
def test_sea_battle_targets_are_own_ports_then_enemy_free_adjacent_seas() -> None:
    nothing: frozenset[str] = frozenset()
    # Venice in the Ionian Sea: its port Corfu, then every adjacent sea (map order).
    assert retreat_targets(IONIAN, "ionian-sea", "mediterranean", "venice", nothing) == [
        "corfu", "adriatic-sea", "aegean-sea", "tyrrhenian-sea", "barbary-coast"]
    # An enemy port (Preveza, Messina for the Ottoman) is never a target; enemy-held seas are left out.
    enemy = frozenset({"aegean-sea", "corfu", "barbary-coast"})
    assert retreat_targets(IONIAN, "ionian-sea", "mediterranean", "ottoman", enemy) == [
        "preveza", "adriatic-sea", "tyrrhenian-sea"]
    assert retreat_targets(IONIAN, "ionian-sea", "mediterranean", "venice", enemy) == [
        "adriatic-sea", "tyrrhenian-sea"]
    # From a port battle: the port's seas only.
    assert retreat_targets(IONIAN, "corfu", "port", "ottoman", nothing) == ["ionian-sea", "adriatic-sea"]
    assert retreat_targets(IONIAN, "corfu", "port", "ottoman", frozenset({"ionian-sea"})) == ["adriatic-sea"]


@pytest.mark.rule("RN-9")
def test_the_retreating_side_chooses_among_targets_and_takes_its_leaders() -> None:
    scenario = replace(preveza_1538(), actions=(Battle("venice", "ottoman", "ionian-sea"),), hands={})
    asked: list[list[Action]] = []

    def to_adriatic(game: RenaissanceGame, side: str, legal: list[Action]) -> Action:
        asked.append(legal)
        return {"retreat": "adriatic-sea"}

    # Venice (2 galleys + Grimani 1 = 5 dice) misses; the Ottoman (3 galleys, 2 corsairs, Dragut) hits 2.
    game = run(scenario, dice=[1] * 5 + [5, 6] + [1] * 7, policy=to_adriatic)
    # The Ionian Sea still holds Hapsburg and Papal ships, but they are Venice's allies: no obstacle.
    # The Aegean holds an Ottoman galley: not offered.
    assert asked == [[{"retreat": t} for t in ("corfu", "adriatic-sea", "tyrrhenian-sea", "barbary-coast")]]
    assert game.state.units_of("adriatic-sea", "venice") == Units(galleys=1)
    assert game.state.leader_at["grimani"] == "adriatic-sea"


@pytest.mark.rule("RN-9")
def test_the_heuristic_player_retreats_to_its_own_port_first() -> None:
    view = {"side": "venice", "decision": {"kind": "retreat"},
            "map": {"seas": {s: IONIAN.seas[s].kind for s in IONIAN.seas},
                    "ports": {p.id: {"seas": list(p.seas), "power": p.power} for p in IONIAN.ports.values()},
                    "adjacency": [list(pair) for pair in IONIAN.adjacency]}}
    legal: list[Action] = [{"retreat": "aegean-sea"}, {"retreat": "corfu"}]
    assert heuristic_player(view, legal, None) == {"retreat": "corfu"}  # type: ignore[arg-type]
    # Without one, the sea nearest to its ports: the Adriatic (Venice, Corfu) beats the Barbary Coast.
    legal = [{"retreat": "barbary-coast"}, {"retreat": "adriatic-sea"}]
    assert heuristic_player(view, legal, None) == {"retreat": "adriatic-sea"}  # type: ignore[arg-type]
