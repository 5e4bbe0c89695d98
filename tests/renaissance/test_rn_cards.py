"""RN-3-4 combat cards (attacker declares, then defender) and RN-6 the Galleasses reaction."""

from __future__ import annotations

from dataclasses import replace

import pytest

from admiralty.engine.api import Action
from admiralty.rulesets.renaissance.engine.cards import combat_cards_in_hand, dice_after_cards, reactions_allowed
from admiralty.rulesets.renaissance.engine.game import RenaissanceGame, new_game
from admiralty.rulesets.renaissance.engine.model import (
    CardScript,
    GalleassesPlay,
    RenaissanceScenario,
    SeaKind,
    Units,
)
from admiralty.rulesets.renaissance.engine.tables import load_tables

from .fixtures import duel, events, run

TABLES = load_tables()


@pytest.mark.rule("RN-3-4")
def test_card_effects_come_from_the_table() -> None:
    assert dice_after_cards(4, 4, ["professional-rowers"], [], TABLES) == (6, 4)
    assert dice_after_cards(4, 4, [], ["veteran-gunners", "fireships"], TABLES) == (2, 5)
    assert dice_after_cards(1, 3, [], ["fireships"], TABLES) == (0, 3)  # never below zero


@pytest.mark.rule("RN-3-4")
def test_a_hand_offers_each_combat_card_once_and_never_a_reaction() -> None:
    hand = ["galleasses", "fireships", "veteran-gunners", "fireships"]
    assert combat_cards_in_hand(hand, TABLES) == ["fireships", "veteran-gunners"]


@pytest.mark.rule("RN-3-4")
def test_the_attacker_declares_first_then_the_defender() -> None:
    scenario = duel(Units(galleons=1), Units(galleons=1),
                    hands={"red": ("veteran-gunners",), "blue": ("fireships", "professional-rowers")})
    game = new_game(scenario, seed=1)
    seen: list[tuple[str, str]] = []
    while not game.is_over:
        side = game.to_move()[0]
        decision = game.decision
        assert decision is not None
        seen.append((side, decision.kind))
        game.apply(side, game.legal_actions(side)[0])
    assert seen == [("red", "card"), ("blue", "card"), ("blue", "card")]
    played = [(e["power"], e["card"]) for e in events(game, "card")]
    assert played == [("red", "veteran-gunners"), ("blue", "fireships"), ("blue", "professional-rowers")]
    # Red: 2 + 1 - 2 = 1 die; blue: 2 + 2 = 4 dice.
    rolls = {e["side"]: e["rolls"] for e in events(game, "roll")}
    assert (len(rolls["attacker"]), len(rolls["defender"])) == (1, 4)
    assert game.state.hands == {"red": [], "blue": []}


@pytest.mark.rule("RN-3-4")
def test_a_side_may_pass_and_keep_its_cards() -> None:
    scenario = duel(Units(galleons=1), Units(galleons=1), hands={"red": ("veteran-gunners",)})
    game = new_game(scenario, seed=1)
    assert game.legal_actions("red") == [{"card": "veteran-gunners"}, "pass"]
    assert game.legal_actions("blue") == []
    game.apply("red", "pass")
    assert game.is_over
    assert game.state.hands["red"] == ["veteran-gunners"]
    assert events(game, "card") == []


@pytest.mark.rule("RN-3-4")
def test_scripted_cards_are_played_without_asking() -> None:
    scenario = duel(Units(galleons=1), Units(galleons=1), hands={"red": ("fireships", "veteran-gunners")},
                    cards=CardScript(attacker=("fireships",), defender=("professional-rowers",)))
    game = new_game(scenario, seed=3)
    assert game.is_over  # nothing left to decide
    assert [(e["card"], e["scripted"], e["from_hand"]) for e in events(game, "card")] == [
        ("fireships", True, True),
        ("professional-rowers", True, False),
    ]
    assert game.state.hands["red"] == ["veteran-gunners"]


@pytest.mark.rule("RN-3-4")
def test_a_side_never_sees_the_other_hand() -> None:
    scenario = duel(Units(galleons=1), Units(galleons=1),
                    hands={"red": ("veteran-gunners",), "blue": ("fireships", "fireships")})
    game = new_game(scenario, seed=1)
    view = game.view("red")
    assert view["hand"] == ["veteran-gunners"]
    assert view["hand_sizes"] == {"red": 1, "blue": 2}
    assert "fireships" not in repr(view)
    assert game.view("blue")["hand"] == ["fireships", "fireships"]


@pytest.mark.rule("RN-3-4")
def test_an_unknown_scripted_card_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown combat card"):
        new_game(duel(Units(galleons=1), Units(galleons=1), cards=CardScript(attacker=("broadside",))), 0)


# RN-6 ------------------------------------------------------------------------------------------------

def _galleasses_duel(kind: SeaKind = "mediterranean", at: str = "open-sea") -> RenaissanceScenario:
    return duel(Units(galleys=1), Units(galleys=1), at=at, kind=kind, hands={"blue": ("galleasses",)})


@pytest.mark.rule("RN-6")
def test_galleasses_only_in_a_mediterranean_sea_zone() -> None:
    assert [r.id for r in reactions_allowed("mediterranean", TABLES)] == ["galleasses"]
    assert reactions_allowed("atlantic", TABLES) == []
    assert reactions_allowed("port", TABLES) == []
    cases: list[tuple[SeaKind, str]] = [("atlantic", "open-sea"), ("mediterranean", "harbour")]
    for kind, at in cases:
        game = new_game(_galleasses_duel(kind, at), seed=0)
        assert game.is_over, (kind, at)  # never asked
        assert events(game, "reaction") == []


@pytest.mark.rule("RN-6")
def test_galleasses_give_the_chosen_side_extra_dice_that_can_win() -> None:
    def for_attacker(game: RenaissanceGame, side: str, legal: list[Action]) -> Action:
        assert game.decision is not None and game.decision.kind == "reaction"
        return {"reaction": "galleasses", "for": "attacker"}

    # Both sides miss with 2 dice each; the Galleasses' 2 dice for the attacker both hit.
    game = run(_galleasses_duel(), dice=[1, 1, 1, 1, 6, 6], policy=for_attacker)
    reaction = events(game, "reaction")[0]
    assert (reaction["by"], reaction["side"], reaction["rolls"], reaction["hits"]) == ("blue", "attacker",
                                                                                      [6, 6], 2)
    assert events(game, "winner")[0]["side"] == "attacker"
    assert events(game, "winner")[0]["hits"] == {"attacker": 2, "defender": 0}
    assert game.state.hands["blue"] == []


@pytest.mark.rule("RN-6")
def test_any_power_may_play_the_galleasses_even_outside_the_battle() -> None:
    scenario = replace(duel(Units(galleys=1), Units(galleys=1), kind="mediterranean"),
                       powers=("red", "blue", "green"), hands={"green": ("galleasses",)})
    game = new_game(scenario, seed=0)
    assert game.to_move() == ("green",)
    assert game.legal_actions("green") == [{"reaction": "galleasses", "for": "attacker"},
                                           {"reaction": "galleasses", "for": "defender"}, "pass"]
    game.apply("green", {"reaction": "galleasses", "for": "defender"})
    assert events(game, "reaction")[0]["side"] == "defender"
    rolls = {e["side"]: e["rolls"] for e in events(game, "roll")}
    assert len(rolls["defender"]) == 2  # the roll event shows step 5; the extra dice are in the reaction


@pytest.mark.rule("RN-6")
def test_scripted_galleasses_are_played_without_asking() -> None:
    scripted = CardScript(galleasses=GalleassesPlay("blue", "defender"), galleasses_scripted=True)
    scenario = duel(Units(galleys=1), Units(galleys=1), kind="mediterranean", cards=scripted)
    game = run(scenario, dice=[6, 6, 1, 1, 5, 6])
    assert events(game, "reaction")[0]["scripted"] is True
    # 2 hits each: a tie, which the defender wins (RN-7).
    assert events(game, "winner")[0]["side"] == "defender"
    none_scripted = CardScript(galleasses_scripted=True)
    quiet = duel(Units(galleys=1), Units(galleys=1), kind="mediterranean", cards=none_scripted,
                 hands={"blue": ("galleasses",)})
    assert new_game(quiet, seed=0).is_over
