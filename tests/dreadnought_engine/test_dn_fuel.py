"""DN-12: fuel exhaustion, refuelling in port, the no-combat rule, colliers, tankers and rearming."""

from __future__ import annotations

from typing import Any

import pytest

from admiralty.rulesets.dreadnought.engine import fuel
from admiralty.rulesets.dreadnought.engine.battle_types import BattleOutcome

from .fixtures import (
    ALWAYS_CONTACT,
    ONE_BOX_A_ZONE,
    FakeResolver,
    decision,
    drive,
    events,
    fleet,
    rules,
    scenario,
    start,
)


def per_zone(**costs: dict[str, int]) -> dict[str, Any]:
    """A full ``fuel.per_zone`` override: one box per zone except where given."""
    table = {s: {"coal": 1, "oil": 1} for s in ("1s", "1", "1+", "2", "2+")}
    table.update(costs)
    return table


def fuel_after(game, ship: str) -> dict[int, int]:  # type: ignore[no-untyped-def]
    return {e["turn"]: e["fuel"] for e in events(game, "refuelled", ship=ship)}


# --- DN-12-exhaust ----------------------------------------------------------------------------------


@pytest.mark.rule("DN-12-exhaust")
def test_a_ship_with_every_box_crossed_out_loses_way_and_cannot_move() -> None:
    tables = {"fuel": {"units_per_box": 1, "per_zone": per_zone(**{"2": {"coal": 4, "oil": 1}}),
                       "second_zone_extra": {"coal": 0, "oil": 0}}}
    scn = scenario([fleet("fleet-1", "intercept", "danzig", ["Rostock"], ["Q31/R32", "R33"])], [], turns=3,
                   rules=rules(tables))
    game = drive(start(scn))
    assert [e["turn"] for e in events(game, "lost-way", ship="Rostock")] == [1]
    assert [e["turn"] for e in events(game, "cannot-move", rule="DN-12-exhaust")] == [2]
    assert game.state.fleets["fleet-1"].at == "R32" and game.state.ships["Rostock"].fuel == 0


@pytest.mark.rule("DN-12-exhaust")
def test_a_ship_must_have_the_fuel_for_its_planned_move() -> None:
    tables = {"fuel": {"units_per_box": 1, "per_zone": per_zone(**{"2": {"coal": 3, "oil": 1}})}}
    scn = scenario([fleet("fleet-1", "intercept", "danzig", ["Rostock"], ["Q31/R32", "R33/S33"])], [], turns=3,
                   rules=rules(tables))
    game = drive(start(scn))
    assert game.state.ships["Rostock"].fuel == 1                  # 8 - 3 - (3 + 1): not enough for 3 more
    short = events(game, "short-of-fuel")
    assert [(e["turn"], e["possible"]) for e in short] == [(2, [])]
    assert game.state.fleets["fleet-1"].at == "R32" and not events(game, "lost-way")


@pytest.mark.rule("DN-12-exhaust")
def test_affordable_steps_counts_the_second_zone_surcharge_and_free_port_entry() -> None:
    game = start(scenario([fleet("fleet-1", "intercept", "R32", ["Rostock"])], [], turns=2,
                          rules=rules(ONE_BOX_A_ZONE)))
    state, ship = game.state, game.state.ships["Rostock"]
    ship.fuel = 2                                   # one zone costs 1, the second 1 + 1 (coal)
    assert fuel.affordable_steps(state, [ship], ["Q31", "P31"]) == 1
    assert fuel.affordable_steps(state, [ship], ["Q31", "danzig"]) == 2
    ship.fuel = 3
    assert fuel.affordable_steps(state, [ship], ["Q31", "P31"]) == 2


@pytest.mark.rule("DN-12-exhaust")
def test_the_house_fuel_table_burns_units_and_crosses_a_box_every_twelve() -> None:
    game = start(scenario([fleet("fleet-1", "intercept", "R32", ["Rostock", "G101"])], [], turns=2))
    state = game.state
    rostock, g101 = state.ships["Rostock"], state.ships["G101"]
    assert fuel.move_units(state.house.fuel, rostock, 2) == 3       # coal burns an extra unit at best speed
    assert fuel.move_units(state.house.fuel, g101, 2) == 2          # oil does not
    fuel.burn(state, rostock, 11)
    assert (rostock.fuel, rostock.steam) == (8, 11)
    fuel.burn(state, rostock, 3)
    assert (rostock.fuel, rostock.steam) == (7, 2)
    rostock.fuel, rostock.steam = 1, 10
    assert fuel.affordable_steps(state, [rostock], ["Q31", "P31"]) == 2   # it may burn its last box
    fuel.burn(state, rostock, 3)
    assert (rostock.fuel, rostock.steam, rostock.lost_way) == (0, 0, True)
    assert fuel.affordable_steps(state, [rostock], ["Q31"]) == 0


# --- DN-12-port -------------------------------------------------------------------------------------


NOVARA = ["stay"] * 4 + ["P18", "P19", "Q20", "R21", "S20", "cattaro", "refuel", "refuel", "S20"]


@pytest.mark.rule("DN-12-port")
def test_seed_novara_enters_cattaro_with_one_box_on_turn_10_and_leaves_on_13_with_three() -> None:
    scn = scenario([fleet("novara", "intercept", "pola", ["Novara"], NOVARA)], [], turns=16,
                   rules=rules(ONE_BOX_A_ZONE))
    game = start(scn)
    drive(game, until=lambda g: g.state.turn == 10 and g.state.phase == "orders")
    assert game.state.ships["Novara"].fuel == 1 and game.state.fleets["novara"].at == "S20"
    drive(game, until=lambda g: g.state.turn == 13 and g.state.phase == "orders")
    assert fuel_after(game, "Novara") == {11: 2, 12: 3}
    assert game.state.fleets["novara"].at == "cattaro" and game.state.ships["Novara"].fuel == 3
    drive(game)
    assert [e["start"] for e in events(game, "fleet-moved", turn=13)] == ["cattaro"]


@pytest.mark.rule("DN-12-port")
def test_refuelling_only_in_the_ports_the_scenario_allows() -> None:
    scn = scenario([fleet("novara", "intercept", "pola", ["Novara"], NOVARA)], [], turns=14,
                   rules=rules(ONE_BOX_A_ZONE, refuel_ports=("pola",)))
    game = drive(start(scn))
    assert fuel_after(game, "Novara") == {}
    assert [e["turn"] for e in events(game, "refuel-refused")] == [11, 12]


@pytest.mark.rule("DN-12-port")
def test_oil_ships_take_three_boxes_a_turn_and_any_number_refuel_together() -> None:
    scn = scenario([], [fleet("flotilla", "intercept", "dover", ["Lance", "Legion"],
                              ["V8", "V9", "V8", "dover", "refuel"]),
                        fleet("cruisers", "intercept", "dover", ["Dartmouth"], ["V8", "V9", "V8", "dover", "refuel"])],
                   turns=5, rules=rules(ONE_BOX_A_ZONE))
    game = drive(start(scn))
    # destroyers (oil, 4 boxes, 2+): 1 + 1 + 1 = 3 spent; +3. Dartmouth (coal): 3 spent, +1
    assert fuel_after(game, "Lance") == {5: 4} and fuel_after(game, "Legion") == {5: 4}
    assert fuel_after(game, "Dartmouth") == {5: 6}


# --- DN-12-nocombat ---------------------------------------------------------------------------------


@pytest.mark.rule("DN-12-nocombat")
def test_a_ship_refuelling_cannot_fight_and_gets_no_fuel_if_attacked() -> None:
    resolver = FakeResolver()
    scn = scenario([fleet("fleet-1", "intercept", "R19", ["Rostock"], ["R20", "coal"]),
                    fleet("supply", "transport", "R20", ["Bayern Collier"], collier=True)],
                   [fleet("hunters", "intercept", "R22", ["Dartmouth"], ["R21", "R20"])], turns=3,
                   rules=rules({**ALWAYS_CONTACT, **ONE_BOX_A_ZONE}))
    game = drive(start(scn, battle=resolver))
    battle = resolver.battles[0]
    assert battle.turn == 2
    assert {c.name: c.can_fire for c in battle.forces["central"]} == {"Rostock": False, "Bayern Collier": True}
    assert {c.name: c.can_move for c in battle.forces["central"]} == {"Rostock": False, "Bayern Collier": True}
    assert [c.can_fire for c in battle.forces["entente"]] == [True]
    assert events(game, "refuel-lost", fleet="fleet-1") and fuel_after(game, "Rostock") == {}


# --- DN-12.5, DN-12.51, DN-12.52, DN-12.53, DN-12.54: colliers --------------------------------------


def _coaling(colliers: list[str], date: str = "1917-05-15", **switches: Any):  # type: ignore[no-untyped-def]
    return scenario([fleet("fleet-1", "intercept", "R19", ["Rostock", "Frankfurt", "G101"], ["R20", "coal", "coal"]),
                     fleet("supply", "transport", "R20", colliers, collier=True)], [], turns=3, date=date,
                    rules=rules(ONE_BOX_A_ZONE, **switches))


@pytest.mark.rule("DN-12.5")
def test_a_coal_ship_with_a_collier_in_a_coastal_zone_restores_a_box_and_the_collier_crosses_one() -> None:
    game = drive(start(_coaling(["Bayern Collier"])))
    assert fuel_after(game, "Rostock") == {2: 8} and fuel_after(game, "Frankfurt") == {3: 8}
    assert fuel_after(game, "G101") == {}                       # an oil ship takes no coal
    assert game.state.ships["Bayern Collier"].fuel == 8


@pytest.mark.rule("DN-12.5")
def test_coaling_needs_a_coastal_zone_and_colliers_never_enter_a_zone_with_an_enemy_port() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "R29", ["Rostock"], ["R30", "coal"]),
                    fleet("supply", "transport", "R30", ["Bayern Collier"], collier=True)],
                   [fleet("supply", "transport", "S21", ["Welsh Collier"], ["S20"], collier=True)], turns=2)
    game = drive(start(scn))
    assert events(game, "supply-refused", fleet="fleet-1")                   # R30 is open sea
    refused = events(game, "order-impossible", side="entente")
    assert [(e["to"], e["rule"], e["reason"]) for e in refused] == [("S20", "DN-12.5", "enemy-port-zone")]


@pytest.mark.rule("DN-12.51")
def test_a_collier_fuels_one_ship_at_a_time_several_colliers_several_ships() -> None:
    one = drive(start(_coaling(["Bayern Collier"])))
    assert sorted(e["ship"] for e in events(one, "supplied", turn=2)) == ["Rostock"]
    two = drive(start(_coaling(["Bayern Collier", "Second Collier"])))
    supplied = events(two, "supplied", turn=2)
    assert sorted((e["ship"], e["supplier"]) for e in supplied) == [("Frankfurt", "Second Collier"),
                                                                  ("Rostock", "Bayern Collier")]


@pytest.mark.rule("DN-12.52")
def test_a_collier_refuels_in_a_friendly_port_at_twice_the_rate() -> None:
    scn = scenario([fleet("supply", "transport", "kiel", ["Bayern Collier"], ["Q25", "Q24", "Q25", "kiel", "refuel"],
                          collier=True)], [], turns=5, rules=rules(ONE_BOX_A_ZONE))
    game = drive(start(scn))
    assert [(e["turn"], e["boxes"]) for e in events(game, "refuelled")] == [(5, 2)]


@pytest.mark.rule("DN-12.53")
def test_colliers_are_fast_or_slow_transport_counters_one_collier_each() -> None:
    scn = scenario([fleet("slow", "transport", "kiel", ["Slow Collier"], ["Q25/Q24"], collier=True),
                    fleet("fast", "transport", "kiel", ["Bayern Collier", "Second Collier"], ["Q25"], collier=True)],
                   [], turns=2)
    game = start(scn)
    assert game.is_over                                         # colliers follow their plan: nothing to decide
    assert game.state.ships["Slow Collier"].speed == "1s" and game.state.ships["Bayern Collier"].speed == "1"
    assert [e["path"] for e in events(game, "fleet-moved", fleet="slow", turn=1)] == [["Q25"]]
    assert game.state.counters("central") == 3


@pytest.mark.rule("DN-12.54")
@pytest.mark.parametrize(("date", "switch", "give", "take"), [
    ("1917-05-15", False, 1, 2), ("1921-03-01", False, 3, 6), ("1917-05-15", True, 3, 6)])
def test_american_colliers_after_1920_fuel_at_three_times_and_refuel_at_six(date: str, switch: bool, give: int,
                                                                             take: int) -> None:
    scn = scenario([], [fleet("cruiser", "intercept", "R22", ["Dartmouth"], ["S21", "R22", "S21", "coal"]),
                        fleet("supply", "transport", "S21", ["Cyclops", "Welsh Collier"], collier=True)],
                   turns=4, date=date, rules=rules(ONE_BOX_A_ZONE, american_colliers_after_1920=switch))
    game = drive(start(scn))
    state = game.state
    assert fuel.supply_rate(state, state.ships["Cyclops"]) == give
    assert fuel.port_rate(state, state.ships["Cyclops"]) == take
    assert fuel.supply_rate(state, state.ships["Welsh Collier"]) == 1      # a British collier never
    assert [e["boxes"] for e in events(game, "supplied")] == [min(give, 3)]


# --- DN-12.6, DN-12.61, DN-12.62, DN-12.63: tankers -------------------------------------------------


def _oiling(tankers: list[str]):  # type: ignore[no-untyped-def]
    orders = ["S21", "R22", "S21", "oil", "oil"]
    return scenario([], [fleet("flotilla", "intercept", "R22", ["Lance", "Legion"], orders),
                         fleet("supply", "transport", "S21", tankers, collier=True)], turns=5,
                    rules=rules(ONE_BOX_A_ZONE))


@pytest.mark.rule("DN-12.6")
def test_an_oil_ship_with_a_tanker_restores_three_boxes_and_the_tanker_crosses_three() -> None:
    game = drive(start(_oiling(["Olna"])))
    assert fuel_after(game, "Lance") == {4: 4}
    assert [e["supplier_fuel"] for e in events(game, "supplied")] == [9, 6]


@pytest.mark.rule("DN-12.61")
def test_a_tanker_fuels_one_ship_at_a_time() -> None:
    one = drive(start(_oiling(["Olna"])))
    assert [(e["turn"], e["ship"]) for e in events(one, "supplied")] == [(4, "Lance"), (5, "Legion")]
    two = drive(start(_oiling(["Olna", "Olympia Tanker"])))
    assert sorted(e["ship"] for e in events(two, "supplied", turn=4)) == ["Lance", "Legion"]


@pytest.mark.rule("DN-12.62")
def test_a_tanker_refuels_in_a_friendly_port_at_six_boxes_a_turn() -> None:
    tables = {"fuel": {"units_per_box": 1, "per_zone": per_zone(**{"1": {"coal": 1, "oil": 3}})}}
    scn = scenario([], [fleet("supply", "transport", "dover", ["Olna"], ["V8", "V9", "V8", "dover", "refuel"],
                              collier=True)], turns=5, rules=rules(tables))
    game = drive(start(scn))
    assert [(e["turn"], e["boxes"]) for e in events(game, "refuelled")] == [(5, 6)]


@pytest.mark.rule("DN-12.63")
def test_tankers_use_fast_transport_counters_one_tanker_each() -> None:
    game = start(_oiling(["Olna", "Olympia Tanker"]))
    olna = game.state.ships["Olna"]
    assert olna.cls.speed == "1s" and olna.speed == "1"
    assert game.state.counters("entente") == 3


# --- DN-12-rearm ------------------------------------------------------------------------------------


@pytest.mark.rule("DN-12-rearm")
def test_torpedoes_are_regained_after_three_turns_in_port() -> None:
    resolver = FakeResolver(BattleOutcome(torpedoes_spent=("Rostock",)))
    scn = scenario([fleet("fleet-1", "intercept", "Q31", ["Rostock"], ["stay", "danzig"])],
                   [fleet("hunters", "intercept", "Q31", ["Dartmouth"], ["stay", "R32"])], turns=7,
                   rules=rules(ALWAYS_CONTACT))
    game = start(scn, battle=resolver)
    drive(game, until=lambda g: g.state.turn == 5 and g.state.phase == "orders")
    assert game.state.ships["Rostock"].torpedoes_spent is True        # entered turn 2; two full turns so far
    drive(game)
    assert [e["turn"] for e in events(game, "rearmed", ship="Rostock")] == [5]
    assert game.state.ships["Rostock"].torpedoes_spent is False
    assert decision(game, "central") is None
