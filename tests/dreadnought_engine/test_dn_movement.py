"""DN-5.1, DN-5.11a, DN-5.11b, DN-5.12: written orders and movement on the operational map."""

from __future__ import annotations

import pytest

from admiralty.rulesets.dreadnought.engine.battle import breaks_off, slowest
from admiralty.rulesets.dreadnought.engine.house import load_house
from admiralty.rulesets.dreadnought.engine.model import speed_rank

from .fixtures import decision, drive, events, fleet, scenario, start


def paths(game, fleet_id: str) -> dict[int, list[str]]:  # type: ignore[no-untyped-def]
    return {e["turn"]: e["path"] for e in events(game, "fleet-moved", fleet=fleet_id)}


@pytest.mark.rule("DN-5.1")
def test_fleets_carry_out_their_written_orders_and_stay_after_the_last() -> None:
    scn = scenario([], [fleet("convoy", "transport", "harwich", ["Transport 1"], ["U7", "U8", "stay", "U9"])],
                   turns=6)
    game = drive(start(scn))
    assert paths(game, "convoy") == {1: ["U7"], 2: ["U8"], 4: ["U9"]}
    assert game.state.fleets["convoy"].at == "U9"


@pytest.mark.rule("DN-5.1")
def test_an_order_to_a_zone_that_is_not_adjacent_is_not_carried_out() -> None:
    scn = scenario([], [fleet("convoy", "transport", "harwich", ["Transport 1"], ["U7", "U12"])], turns=3)
    game = drive(start(scn))
    assert paths(game, "convoy") == {1: ["U7"]}
    refused = events(game, "order-impossible", fleet="convoy")
    assert refused and refused[0]["reason"] == "not-adjacent" and refused[0]["rule"] == "DN-5.1"


@pytest.mark.rule("DN-5.11a")
@pytest.mark.parametrize(("written", "where", "path"), [
    ("Q 31/R 32", "R32", ["Q31", "R32"]),   # the seed: two zones at full speed
    ("Q 31", "Q31", ["Q31"]),               # or one
    ("stay", "danzig", None),               # or none
])
def test_seed_fleet_1_rostock_and_frankfurt_enter_two_zones_one_or_none(written: str, where: str,
                                                                         path: list[str] | None) -> None:
    scn = scenario([fleet("fleet-1", "intercept", "danzig", ["Rostock", "Frankfurt"], [written])], [], turns=3)
    game = drive(start(scn))
    assert game.state.fleets["fleet-1"].at == where
    assert paths(game, "fleet-1").get(1) == path
    if path and len(path) == 2:
        assert events(game, "fleet-moved", fleet="fleet-1")[0]["rule"] == "DN-5.11a"


@pytest.mark.rule("DN-5.11a")
def test_a_fast_fleet_may_write_two_zones_one_zone_or_stay() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "danzig", ["Rostock", "Frankfurt"], ["Q31/R32", "stay"])], [],
                   turns=5)
    game = start(scn)
    drive(game, until=lambda g: decision(g, "central") is not None and decision(g, "central")["kind"] == "order")
    assert decision(game, "central")["turn"] == 3
    legal = game.legal_actions("central")
    assert {"stay", "move:R33", "move:R33/S33", "move:Q33/P33", "move:Q31/P30"} <= set(legal)
    assert "move:R33/R32" not in legal  # back where it started is not a two-zone move


@pytest.mark.rule("DN-5.11b")
def test_seed_fleet_4_canada_and_superb_move_one_zone_a_turn_dover_to_harwich() -> None:
    scn = scenario([], [fleet("fleet-4", "intercept", "dover", ["Canada", "Superb"], ["V 8", "U 7", "harwich"])],
                   turns=4)
    game = start(scn)
    drive(game, until=lambda g: decision(g, "entente") is not None and decision(g, "entente")["kind"] == "order")
    assert not [a for a in game.legal_actions("entente") if "/" in str(a)]
    drive(game)
    assert paths(game, "fleet-4") == {1: ["V8"], 2: ["U7"], 3: ["harwich"]}


@pytest.mark.rule("DN-5.11b")
def test_slow_fleets_written_two_zones_move_only_one() -> None:
    scn = scenario([fleet("old", "intercept", "pola", ["Habsburg", "Arpad"], ["P18/P19"])],
                   [fleet("fleet-4", "intercept", "dover", ["Canada"], ["V8/U7"])], turns=2)
    game = drive(start(scn))
    assert paths(game, "old")[1] == ["P18"] and paths(game, "fleet-4")[1] == ["V8"]
    assert {e["fleet"] for e in events(game, "move-shortened")} == {"old", "fleet-4"}


@pytest.mark.rule("DN-5.11b")
def test_1s_ships_count_as_slower_than_1_in_basic_combat() -> None:
    assert speed_rank("1s") < speed_rank("1")
    table = load_house().battle.combat.break_off
    # The losing side leaves on 1d6 + (own slowest - enemy slowest) >= 4: a 1s side facing a 1 side loses one.
    assert breaks_off(4, speed_rank("1"), speed_rank("1"), table)
    assert not breaks_off(4, speed_rank("1s"), speed_rank("1"), table)
    assert breaks_off(3, speed_rank("1+"), speed_rank("1s"), table)


@pytest.mark.rule("DN-5.11b")
def test_slowest_ship_of_a_force_uses_the_1s_rank() -> None:
    from admiralty.rulesets.dreadnought.engine.battle_types import Combatant

    from .fixtures import CLASSES
    force = [Combatant("a", "x", "f", CLASSES["habsburg"], 6, "1s"),
             Combatant("b", "x", "f", CLASSES["canada"], 10, "1")]
    assert slowest(force) == speed_rank("1s")


@pytest.mark.rule("DN-5.12")
def test_pre_planned_fleets_cannot_write_moves_only_follow_or_abort() -> None:
    scn = scenario([fleet("fleet-3", "bombard", "cattaro", ["Habsburg"], ["S20", "S21"])],
                   [fleet("convoy", "transport", "harwich", ["Transport 1"], ["U7"])], turns=4)
    game = start(scn)
    for side in game.to_move():
        legal = game.legal_actions(side)
        assert "follow-orders" in legal
        assert not [a for a in legal if a.startswith("move:") or a == "stay"]
    drive(game)
    assert game.state.fleets["fleet-3"].at == "S21" and game.state.fleets["convoy"].at == "U7"


@pytest.mark.rule("DN-5.12")
def test_a_game_of_pre_planned_fleets_in_open_sea_needs_no_decision_beyond_aborting() -> None:
    scn = scenario([], [fleet("convoy", "transport", "harwich", ["Transport 1"], ["U7", "U8"])], turns=3)
    game = start(scn)
    ports = {"harwich"}  # DN-5.2-abort, literal: the nearest friendly port, here the one it is in
    assert set(game.legal_actions("entente")) == {"follow-orders"} | {f"abort:{p}" for p in ports}
