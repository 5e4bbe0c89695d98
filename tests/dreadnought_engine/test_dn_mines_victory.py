"""DN-13 mines; DN-7.44 grounded ships at the end of the scenario; DN-7.43 refloating; victory conditions."""

from __future__ import annotations

import pytest

from admiralty.rulesets.dreadnought.engine import mines, weather
from admiralty.rulesets.dreadnought.engine.losses import ground_ship
from admiralty.rulesets.dreadnought.engine.model import Minefield, VictoryCondition

from .fixtures import drive, events, fleet, rules, scenario, start

SURE_HIT = {"mines": {"strike": {"hits_on": 1, "damage": 3}}}


@pytest.mark.rule("DN-13")
def test_crossing_an_enemy_minefield_strikes_each_ship_and_reveals_the_field() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "kiel", ["Rostock", "Frankfurt"], ["Q25", "Q24"])],
                   [fleet("layers", "intercept", "Q23", ["Dartmouth"], ["Q24", "Q25"])], turns=3,
                   minefields=[Minefield(("Q25", "Q24"), "entente")], rules=rules(SURE_HIT))
    game = start(scn)
    assert game.view("central")["minefields"] == []
    assert game.view("entente")["minefields"] == [{"between": ["Q24", "Q25"], "owner": "entente", "strength": 1}]
    drive(game)
    assert [(e["turn"], e["fleet"]) for e in events(game, "minefield-crossed")] == [(2, "fleet-1")]  # not the owner
    assert [e["ship"] for e in events(game, "mine-hit")] == ["Rostock", "Frankfurt"]
    assert game.state.ships["Rostock"].hull == 1
    assert game.view("central")["minefields"][0]["between"] == ["Q24", "Q25"]


@pytest.mark.rule("DN-13")
def test_mine_rolls_per_ship_per_strength_point_from_the_house_table() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "Q25", ["Rostock", "Frankfurt"])], [], turns=2,
                   minefields=[Minefield(("Q25", "Q24"), "entente", strength=2)])
    game = start(scn)
    state = game.state
    mines.cross(state, state.fleets["fleet-1"], "Q25", "Q24", rolls=[6, 1, 5, 6])
    assert state.ships["Rostock"].hull == 1 and state.ships["Frankfurt"].hull == 1
    mines.cross(state, state.fleets["fleet-1"], "Q25", "Q24", rolls=[6, 1, 1])   # Rostock sinks on the first
    assert state.ships["Rostock"].sunk and state.ships["Frankfurt"].hull == 1
    assert state.points["entente"] == 4.0


@pytest.mark.rule("DN-13")
def test_minefields_lie_on_borders_either_way_round() -> None:
    game = start(scenario([], [], turns=1, minefields=[Minefield(("Q24", "Q25"), "central")]))
    assert mines.field_on(game.state, "Q25", "Q24") is mines.field_on(game.state, "Q24", "Q25") is not None
    assert mines.field_on(game.state, "Q24", "Q23") is None


def _grounding_game():  # type: ignore[no-untyped-def]
    conditions = [VictoryCondition("entente", "sink", ships=("Rostock",))]
    scn = scenario([fleet("fleet-1", "intercept", "R24", ["Rostock", "Frankfurt", "Karlsruhe", "Emden"])],
                   [fleet("watch", "intercept", "harwich", ["Dartmouth"])], turns=3, conditions=conditions,
                   controls={"central": ["R25"], "entente": ["R24"]})
    return start(scn)


@pytest.mark.rule("DN-7.44")
def test_grounded_ships_count_as_sunk_at_the_end_doubled_in_enemy_zones_three_quarters_in_friendly() -> None:
    game = _grounding_game()
    state = game.state
    ground_ship(state, state.ships["Rostock"], "R24", True, "test", "DN-7.44")      # entente controls R24
    ground_ship(state, state.ships["Frankfurt"], "R25", True, "test", "DN-7.44")    # central controls R25
    ground_ship(state, state.ships["Karlsruhe"], "R26", True, "test", "DN-7.44")    # nobody controls R26
    drive(game)
    scored = {e["ship"]: (e["points"], e["multiplier"]) for e in events(game, "points", reason="grounded")}
    assert scored == {"Rostock": (8.0, 2.0), "Frankfurt": (3.0, 0.75), "Karlsruhe": (4.0, 1.0)}
    result = game.result()
    assert result.points == {"central": 0.0, "entente": 15.0}
    assert result.winner == "entente" and result.reason == "sink"         # a grounded ship counts as sunk
    assert result.details["grounded"] == ["Frankfurt", "Karlsruhe", "Rostock"]


@pytest.mark.rule("DN-7.44")
def test_deliberately_grounded_ships_never_refloat() -> None:
    game = _grounding_game()
    state = game.state
    ground_ship(state, state.ships["Rostock"], "R24", True, "test", "DN-7.44")
    assert weather.refloat(state, state.ships["Rostock"], roll=1, damage_roll=1) is False
    assert state.ships["Rostock"].grounded_at == "R24"


@pytest.mark.rule("DN-7.43")
@pytest.mark.parametrize(("damage_roll", "lost"), [(1, 1), (3, 2), (4, 3), (6, 4)])
def test_refloating_on_a_one_costs_half_the_second_roll_rounded_up_plus_one_if_unarmoured(damage_roll: int,
                                                                                      lost: int) -> None:
    game = _grounding_game()
    state = game.state
    ship = state.ships["Frankfurt"]                  # unarmoured light cruiser, hull 4
    ground_ship(state, ship, "R24", False, "storm", "house:weather")
    assert weather.refloat(state, ship, roll=2, damage_roll=damage_roll) is False
    assert weather.refloat(state, ship, roll=1, damage_roll=damage_roll) is True
    assert ship.hull == max(0, 4 - lost)
    if ship.hull:
        assert ship.fleet == "fleet-1" and "Frankfurt" in state.fleets["fleet-1"].ships   # rejoined in its zone
    else:
        assert ship.sunk


def test_reach_condition_follows_a_fleet_into_the_fleet_it_joined() -> None:
    conditions = [VictoryCondition("central", "reach", fleet="a", target="Q 31", by_turn=2)]
    scn = scenario([fleet("a", "intercept", "danzig", ["Rostock"]), fleet("b", "intercept", "danzig", ["Frankfurt"],
                                                                          ["Q31"])], [], turns=3,
                   conditions=conditions, otherwise="entente")
    game = start(scn)
    game.apply("central", "join:b")
    drive(game)
    assert game.result().winner == "central" and game.result().reason == "reach"


def test_otherwise_gives_the_win_when_no_condition_is_met() -> None:
    scn = scenario([], [], turns=1, conditions=[VictoryCondition("central", "vp-lead", value=1)],
                   otherwise="entente")
    game = start(scn)
    assert game.is_over and game.result().winner == "entente" and game.result().reason == "otherwise"
