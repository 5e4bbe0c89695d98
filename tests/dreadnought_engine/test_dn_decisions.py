"""Each decision's legal actions built once, as typed acts (issue 39 item 1, issue 33 item 3), and the house
tables read once as typed objects."""

from __future__ import annotations

import random
from typing import Any

import pytest

import admiralty.rulesets.dreadnought.engine.game as dreadnought
from admiralty.rulesets.dreadnought.engine import actions
from admiralty.rulesets.dreadnought.engine.act import ORDER_WORDS, Act
from admiralty.rulesets.dreadnought.engine.game import IllegalAction
from admiralty.rulesets.dreadnought.engine.house import load_house, read_house
from admiralty.rulesets.dreadnought.engine.model import Order
from admiralty.rulesets.dreadnought.engine.state import Decision, GameState
from admiralty.rulesets.dreadnought.engine.tables import base_tables, merged_tables

from .fixtures import campaign

CAMPAIGN = campaign()


def _spy_on_legal(monkeypatch: pytest.MonkeyPatch) -> list[Decision]:
    """Every decision whose legal actions the game builds from now on (the real ``actions.legal`` builds them)."""
    built: list[Decision] = []
    real = actions.legal

    def legal(state: GameState, decision: Decision) -> Any:
        built.append(decision)
        return real(state, decision)

    monkeypatch.setattr(actions, "legal", legal)
    return built


def test_a_decision_is_built_once_however_often_it_is_asked_or_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game = dreadnought.new_game(CAMPAIGN, 3)
    side = game.to_move()[0]
    legal = game.legal_actions(side)
    built = _spy_on_legal(monkeypatch)
    assert game.legal_actions(side) is legal  # the very list, not a copy rebuilt
    for refused in ("no-such-action", f"{legal[0]}x", {"action": legal[0]}, None):
        with pytest.raises(IllegalAction):
            game.apply(side, refused)
    assert built == []
    game.apply(side, legal[0])
    assert len(built) >= 1  # the state changed: the next decision (or this one again) is built anew


def test_every_offered_action_is_a_typed_act_whose_text_is_its_word_and_arg() -> None:
    """The texts players see are the acts' texts; an order's act carries the ``Order`` it writes (no parsing)."""
    game = dreadnought.new_game(CAMPAIGN, 5)
    rng = random.Random(5)
    seen: set[str] = set()
    while not game.is_over:
        side = game.to_move()[0]
        head = game.state.decisions[side][0]
        acts = list(actions.legal(game.state, head))
        assert [a.text for a in acts] == game.legal_actions(side)
        for act in acts:
            assert isinstance(act, Act) and act.text == (f"{act.word}:{act.arg}" if act.arg else act.word)
            if act.word == "move":
                assert act.order is not None and act.order.text == act.arg
                assert act.order.zones == tuple(act.arg.split("/")) or act.order == Order("port", (), act.arg, act.arg)
            elif act.word in ORDER_WORDS:
                assert act.order == Order(act.word, target=act.arg or None, text=act.text)
            else:
                assert act.order is None
            seen.add(act.word)
        game.apply(side, rng.choice(game.legal_actions(side)))
    assert {"done", "follow-orders", "move", "stay", "abort"} <= seen


def test_an_order_writes_the_acts_own_order() -> None:
    game = dreadnought.new_game(CAMPAIGN, 1)
    rng = random.Random(1)
    while not game.is_over:
        side = game.to_move()[0]
        head = game.state.decisions[side][0]
        moves = [a for a in actions.legal(game.state, head) if a.word == "move"]
        if head.kind == "order" and head.fleet in game.state.fleets and moves and head.turn == 0:
            fleet = game.state.fleets[head.fleet]
            turn = actions.order_turn(game.state, head, fleet)
            game.apply(side, moves[-1].text)
            assert fleet.plan[turn] is moves[-1].order
            return
        game.apply(side, rng.choice(game.legal_actions(side)))
    pytest.fail("no fleet wrote a move")


def test_the_house_tables_are_typed_read_once_per_override_and_follow_it() -> None:
    tables, house = merged_tables(None, None), load_house(None, None)
    assert house.fleet_counters == tables["limits"]["fleet_counters"] == 20
    assert (house.contact.need(False), house.contact.need(True)) == (4, 5)
    assert load_house({}, None) is house  # no overrides: the same object, read once
    changed = load_house({"contact": {"need": {"day": 1, "night": 2}}})
    assert (changed.contact.need(False), changed.contact.need(True)) == (1, 2)
    assert changed.fuel == house.fuel and load_house({"contact": {"need": {"day": 1, "night": 2}}}) is changed


def test_the_typed_rows_keep_the_tables_first_and_last_row_readings() -> None:
    house = read_house(base_tables())
    # group_size rows from 1, 4, 8: below the first row its modifier, then the last row reached
    assert [house.contact.size_modifier(n) for n in (0, 1, 3, 4, 7, 8, 40)] == [0, 0, 0, 1, 1, 2, 2]
    # weather rows up to 6, 9, 11, 12: past the last row, the last state
    assert [house.weather.for_roll(r) for r in (2, 6, 7, 11, 12, 13)] == [
        "calm", "calm", "moderate", "rough", "storm", "storm"]
