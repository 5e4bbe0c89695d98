"""DN-5.21 combining, DN-5.22 new missions, DN-5.23 pursuit, DN-5.24 splitting, DN-5.25 limits."""

from __future__ import annotations

import pytest

from admiralty.rulesets.dreadnought.engine import pursuit
from admiralty.rulesets.dreadnought.engine.battle_types import BattleOutcome
from admiralty.rulesets.dreadnought.engine.house import read_house
from admiralty.rulesets.dreadnought.engine.tables import base_tables

from .fixtures import ALWAYS_CONTACT, FakeResolver, decision, drive, events, fleet, rules, scenario, start


def organise_offers(game, side: str) -> list[str]:  # type: ignore[no-untyped-def]
    d = decision(game, side)
    assert d is not None and d["kind"] == "organise", d
    return list(game.legal_actions(side))


# --- DN-5.21 ----------------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.21")
def test_fleets_with_the_same_mission_in_one_place_combine_and_keep_the_survivors_orders() -> None:
    scn = scenario([fleet("a", "intercept", "danzig", ["Rostock"], ["Q31/R32"]),
                    fleet("b", "intercept", "danzig", ["Frankfurt"], ["Q31"]),
                    fleet("c", "transport", "danzig", ["Bayern Collier"], ["Q31"])], [], turns=3)
    game = start(scn)
    offers = organise_offers(game, "central")
    assert "join:b" in offers and "join:c" not in offers      # different mission: no
    game.apply("central", "join:b")
    assert "a" not in game.state.fleets and game.state.fleets["b"].ships == ["Frankfurt", "Rostock"]
    assert game.state.resolve_fleet("a") is game.state.fleets["b"]
    drive(game)
    assert {e["fleet"]: e["path"] for e in events(game, "fleet-moved", turn=1)}["b"] == ["Q31"]
    assert events(game, "fleets-combined")[0]["rule"] == "DN-5.21"


@pytest.mark.rule("DN-5.21")
def test_any_fleet_may_join_an_aborting_fleet_and_takes_its_orders() -> None:
    scn = scenario([fleet("home", "abort", "Q31", ["Karlsruhe"], ["danzig"]),
                    fleet("b", "intercept", "Q31", ["Frankfurt"], ["R32"])], [], turns=3,
                   rules=rules(abort_at_start=True))
    game = start(scn)
    assert "join:home" in organise_offers(game, "central")
    game.apply("central", "join:home")
    drive(game)
    assert game.state.fleets["home"].ships == ["Karlsruhe", "Frankfurt"]
    assert game.state.fleets["home"].at == "danzig" and game.state.fleets["home"].mission == "abort"


@pytest.mark.rule("DN-5.21")
def test_an_escort_is_not_combined_with_the_fleet_it_escorts() -> None:
    scn = scenario([], [fleet("convoy", "transport", "harwich", ["Transport 1"], ["U7"]),
                        fleet("screen", "escort", "harwich", ["Lance"], ["convoy convoy"], escorts="convoy")], turns=2)
    game = start(scn)
    offered = [a for side in game.to_move() for a in game.legal_actions(side) if str(a).startswith("join:")]
    assert offered == []


# --- DN-5.22 ----------------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.22")
def test_a_new_mission_after_six_consecutive_turns_in_a_friendly_port() -> None:
    scn = scenario([fleet("fleet-3", "bombard", "cattaro", ["Habsburg", "Arpad"])], [], turns=10)
    offered: dict[int, list[str]] = {}

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        missions = [a for a in legal if str(a).startswith("mission:")]
        if missions:
            offered[g.state.turn] = missions
            return "mission:intercept" if g.state.turn == 8 else "done"
        return None
    game = drive(start(scn), policy)
    assert min(offered) == 7                   # six full turns (1-6) in port
    assert "mission:intercept" in offered[7] and "mission:raid" not in offered[7]   # no leader aboard
    assert game.state.fleets["fleet-3"].mission == "intercept"
    assert [e["turn"] for e in events(game, "new-mission")] == [8]


@pytest.mark.rule("DN-5.22")
def test_pre_planned_fleets_may_be_planned_anew_after_six_turns_in_port() -> None:
    scn = scenario([fleet("fleet-3", "bombard", "cattaro", ["Habsburg"])], [], turns=12)

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        return "plan:pola" if "plan:pola" in legal else None
    game = drive(start(scn), policy)
    planned = events(game, "movement-planned")
    assert [(e["turn"], e["rule"], e["goal"]) for e in planned] == [(7, "DN-5.12", "pola")]
    assert game.state.fleets["fleet-3"].at == "pola"


# --- DN-5.23 ----------------------------------------------------------------------------------------


def _pursuit_scenario(succeeds_on: int, night: tuple[int, ...] = (), option: str = "literal"):  # type: ignore[no-untyped-def]
    tables = dict(ALWAYS_CONTACT, pursuit={"succeeds_on": succeeds_on})
    return scenario([fleet("hunters", "intercept", "T10", ["Rostock", "Frankfurt"])],
                    [fleet("fleet-4", "intercept", "U9", ["Canada", "Superb"], ["T10", "T11", "T12", "T13"])],
                    turns=6, night=night, rules=rules(tables, pursuit_speed_bonus=option))


def _pursue_policy(g, side, legal):  # type: ignore[no-untyped-def]
    if side == "central" and "pursue:fleet-4" in legal and g.state.turn == 1:
        return "pursue:fleet-4"
    if side == "entente" and "engage" in legal:
        return "decline"
    return None


@pytest.mark.rule("DN-5.23")
def test_pursuit_modifiers_literal_and_day_only_readings() -> None:
    tables = read_house(base_tables()).pursuit
    assert pursuit.modifier(False, True, "literal", tables) == 3      # +2 day, +1 faster
    assert pursuit.modifier(True, True, "literal", tables) == 1       # the +1 also at night (literal)
    assert pursuit.modifier(True, True, "day-only", tables) == 0      # the other reading
    assert pursuit.modifier(False, True, "day-only", tables) == 3
    assert pursuit.modifier(False, False, "literal", tables) == 2
    assert pursuit.succeeds(3, 3, tables) and not pursuit.succeeds(2, 3, tables)


@pytest.mark.rule("DN-5.23")
def test_successful_pursuit_moves_with_the_enemy_and_fights_again_in_the_new_zone() -> None:
    resolver = FakeResolver(BattleOutcome(left="entente"))
    game = drive(start(_pursuit_scenario(succeeds_on=1), battle=resolver), _pursue_policy)
    assert [(e["turn"], e["turns"]) for e in events(game, "pursuit-declared")] == [(1, [2, 3])]
    assert [(e["turn"], e["success"], e["bonus"]) for e in events(game, "pursuit-roll")] == [(2, True, 3),
                                                                                           (3, True, 3)]
    assert [(e["turn"], e["path"]) for e in events(game, "fleet-moved", fleet="hunters")] == [(2, ["T11"]),
                                                                                            (3, ["T12"])]
    assert [(e["turn"], e["zone"]) for e in events(game, "battle")][:3] == [(1, "T10"), (2, "T11"), (3, "T12")]


@pytest.mark.rule("DN-5.23")
def test_failed_pursuit_stays_a_turn_and_writes_new_orders_for_the_next_two() -> None:
    resolver = FakeResolver(BattleOutcome(contact_lost=True))
    game = start(_pursuit_scenario(succeeds_on=13), battle=resolver)
    drive(game, _pursue_policy, until=lambda g: g.state.phase == "orders" and g.state.turn == 2
          and (decision(g, "central") or {}).get("turn") == 3)
    assert [(e["turn"], e["success"]) for e in events(game, "pursuit-roll")] == [(2, False)]
    assert decision(game, "central")["kind"] == "order" and "move:T11" in game.legal_actions("central")
    game.apply("central", "move:T11")
    assert decision(game, "central")["turn"] == 4
    drive(game, _pursue_policy)
    moves = {e["turn"]: e["path"] for e in events(game, "fleet-moved", fleet="hunters")}
    assert 2 not in moves and moves[3] == ["T11"]


@pytest.mark.rule("DN-5.23")
@pytest.mark.parametrize(("option", "bonus"), [("literal", 1), ("day-only", 0)])
def test_pursuit_at_night_under_both_readings(option: str, bonus: int) -> None:
    resolver = FakeResolver(BattleOutcome(left="entente"))
    game = drive(start(_pursuit_scenario(succeeds_on=13, night=(2,), option=option), battle=resolver),
                 _pursue_policy)
    assert events(game, "pursuit-roll")[0]["bonus"] == bonus


@pytest.mark.rule("DN-5.23")
def test_only_intercept_and_raid_fleets_may_pursue() -> None:
    resolver = FakeResolver(BattleOutcome(contact_lost=True))     # either side may pursue after lost contact
    scn = scenario([fleet("convoy", "transport", "T10", ["Bayern Collier"])],
                   [fleet("fleet-4", "intercept", "U9", ["Canada"], ["T10", "T11"])], turns=3,
                   rules=rules(ALWAYS_CONTACT))
    offered: list[str] = []

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        offered.extend(a for a in legal if str(a).startswith("pursue:"))
    drive(start(scn, battle=resolver), policy)
    assert offered == ["pursue:convoy"]      # the Entente intercept fleet may; the Central transport may not


@pytest.mark.rule("DN-5.23")
def test_a_fleet_that_left_the_map_while_its_side_fought_on_may_be_pursued() -> None:
    """Two Entente fleets fight in T10; fleet-4 leaves the tactical map, the cruisers stay to the end (the
    battle ends with no side gone and contact kept). The hunters may pursue fleet-4, not the cruisers."""
    resolver = FakeResolver(BattleOutcome(fleets_left=("fleet-4",), pursuit_allowed=True))
    scn = scenario([fleet("hunters", "intercept", "T10", ["Rostock", "Frankfurt"])],
                   [fleet("fleet-4", "intercept", "U9", ["Canada", "Superb"], ["T10", "T11", "T12"]),
                    fleet("cruisers", "intercept", "U9", ["Dartmouth", "Bristol"], ["T10", "T10", "T10"])],
                   turns=4, rules=rules(ALWAYS_CONTACT))
    offered: dict[str, list[str]] = {}

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        if g.state.turn == 1:
            offered.setdefault(side, []).extend(a for a in legal if str(a).startswith("pursue:"))
        return None
    drive(start(scn, battle=resolver), policy)
    assert offered.get("central") == ["pursue:fleet-4"]
    assert not offered.get("entente")             # no Central fleet left and contact held: no pursuit


# --- DN-5.24 ----------------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.24")
def test_fast_fleets_split_and_may_still_move_one_zone() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "danzig", ["Rostock", "Frankfurt"], ["Q31/R32", "R33"])], [],
                   turns=3)
    game = start(scn)
    assert {"split:Rostock", "split:Frankfurt"} <= set(organise_offers(game, "central"))
    game.apply("central", "split:Frankfurt")
    assert "split:Rostock" not in game.legal_actions("central")       # one ship left: nothing to split
    drive(game)
    new = events(game, "fleet-split")[0]["new_fleet"]
    assert game.state.fleets[new].mission == "intercept" and game.state.fleets[new].ships == ["Frankfurt"]
    moves = {e["fleet"]: e["path"] for e in events(game, "fleet-moved", turn=1)}
    assert moves == {"fleet-1": ["Q31"], new: ["Q31"]}                  # one zone only, not Q31/R32


@pytest.mark.rule("DN-5.24")
def test_split_fleets_with_slow_ships_cannot_move_that_turn() -> None:
    scn = scenario([], [fleet("fleet-4", "intercept", "dover", ["Canada", "Superb"], ["V8", "V8"])], turns=3)
    game = start(scn)
    game.apply("entente", "split:Superb")
    drive(game)
    assert not events(game, "fleet-moved", turn=1)
    assert len(events(game, "cannot-move", turn=1, rule="DN-5.24")) == 2
    assert [e["path"] for e in events(game, "fleet-moved", turn=2)] == [["V8"], ["V8"]]   # both move next turn


@pytest.mark.rule("DN-5.24")
@pytest.mark.parametrize("leaving", ["Dartmouth", "Canada"])
def test_a_fast_ship_split_off_a_fleet_with_a_slow_one_stays_too(leaving: str) -> None:
    """The fleet that splits holds Canada (speed 1): neither new fleet moves that turn, whichever ship leaves,
    though Dartmouth (speed 2) on its own would be fast."""
    scn = scenario([], [fleet("f", "intercept", "T10", ["Canada", "Dartmouth"], ["T11", "T11"])], turns=3)
    game = start(scn)
    game.apply("entente", f"split:{leaving}")
    drive(game)
    assert not events(game, "fleet-moved", turn=1)
    assert sorted(e["fleet"] for e in events(game, "cannot-move", turn=1, rule="DN-5.24")) == ["f", "f-2"]
    assert sorted(e["fleet"] for e in events(game, "fleet-moved", turn=2)) == ["f", "f-2"]


@pytest.mark.rule("DN-5.24")
@pytest.mark.rule("DN-5.21")
def test_a_ship_split_off_a_slow_fleet_does_not_move_by_joining_a_fast_one() -> None:
    """Canada leaves the fleet, and what stays (Dartmouth, fast) joins the cruisers (Bristol, fast) the same
    turn: the split's limit goes with Dartmouth, so the cruisers stay too."""
    scn = scenario([], [fleet("f", "intercept", "T10", ["Canada", "Dartmouth"], ["T11", "T11"]),
                        fleet("g", "intercept", "T10", ["Bristol"], ["T11", "T11"])], turns=3)
    game = start(scn)
    game.apply("entente", "split:Canada")
    game.apply("entente", "join:g")
    drive(game)
    assert game.state.fleets["g"].ships == ["Bristol", "Dartmouth"]
    assert not events(game, "fleet-moved", turn=1)
    assert sorted(e["fleet"] for e in events(game, "fleet-moved", turn=2)) == ["f-2", "g"]


@pytest.mark.rule("DN-5.24")
def test_a_second_split_the_same_turn_still_remembers_the_slow_ship() -> None:
    """Canada leaves first, then Bristol: the fast remainder (Dartmouth) was part of a slow fleet this turn."""
    scn = scenario([], [fleet("f", "intercept", "T10", ["Canada", "Dartmouth", "Bristol"], ["T11", "T11"])],
                   turns=3)
    game = start(scn)
    game.apply("entente", "split:Canada")
    game.apply("entente", "split:Bristol")
    drive(game)
    assert not events(game, "fleet-moved", turn=1)
    assert len(events(game, "cannot-move", turn=1, rule="DN-5.24")) == 3


@pytest.mark.rule("DN-5.24")
def test_only_raid_and_intercept_fleets_split() -> None:
    scn = scenario([fleet("fleet-3", "bombard", "cattaro", ["Habsburg", "Arpad"], ["S20"])],
                   [fleet("convoy", "transport", "harwich", ["Transport 1", "Transport 2"], ["U7"])], turns=2)
    game = start(scn)
    assert not [a for s in game.to_move() for a in game.legal_actions(s) if str(a).startswith("split:")]


# --- DN-5.25 ----------------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.25")
def test_no_more_fleets_than_counters() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "danzig", ["Rostock", "Frankfurt"]),
                    fleet("fleet-2", "intercept", "kiel", ["Karlsruhe"])], [], turns=2,
                   rules=rules({"limits": {"fleet_counters": 2}}))
    game = start(scn)
    assert not [a for a in game.legal_actions("central") if str(a).startswith("split:")]


@pytest.mark.rule("DN-5.25")
def test_only_one_raiding_fleet_unless_the_scenario_says_otherwise() -> None:
    raiders = [fleet("raider", "raid", "kiel", ["Emden", "Meteor"])]
    game = start(scenario(raiders, [], turns=2))
    assert not [a for a in game.legal_actions("central") if str(a).startswith("split:")]
    game = start(scenario(raiders, [], turns=2, rules=rules(raid_fleets=2)))
    assert {"split:Emden", "split:Meteor"} <= set(game.legal_actions("central"))


@pytest.mark.rule("DN-5.25")
def test_each_collier_is_a_counter_of_its_own() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "danzig", ["Rostock"]),
                    fleet("supply", "transport", "danzig", ["Bayern Collier", "Second Collier"], collier=True)], [],
                   turns=2)
    game = start(scn)
    assert game.state.counters("central") == 3
