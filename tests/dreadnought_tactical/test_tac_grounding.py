"""Grounding on the tactical map (DN-7.42), what happens to a grounded ship afterwards (DN-7.43), and
running aground on purpose (DN-7.44), in the battle and back in the operational game."""

from __future__ import annotations

from typing import Any

import pytest

from admiralty.engine.dice import ScriptedDice
from admiralty.rulesets.dreadnought.engine.house import load_house
from admiralty.rulesets.dreadnought.engine.tactical.grounding import (
    check_grounding,
    grounds,
    may_run_aground,
    run_aground,
)
from admiralty.rulesets.dreadnought.engine.tactical.hexes import distance
from admiralty.rulesets.dreadnought.engine.tactical.map import Coast
from admiralty.rulesets.dreadnought.engine.tactical.movement import Move, carry_out, options
from admiralty.rulesets.dreadnought.engine.tactical.resolver import TacticalBattle, outcome
from admiralty.rulesets.dreadnought.engine.weather import refloat
from tests.dreadnought_engine.fixtures import ALWAYS_CONTACT, drive, events, fleet, rules, scenario, start

from .helpers import CRUISER, DREADNOUGHT, MONITOR, RIVER, Scripted, at, placed, ship

TABLE = load_house().battle.grounding
ISLAND = Coast(island="italy")

# (capital, shallow draft, home coast) -> the highest roll that does not ground (None: never grounds)
CASES: list[tuple[bool, bool, bool, int | None]] = [
    (False, False, False, 5),    # 6+ grounds
    (True, False, False, 4),     # +1 for capital ships: 5+ grounds
    (False, False, True, None),  # -1 at home: even a 6 is only a 5
    (True, False, True, 5),      # +1 -1
    (True, True, False, 5),      # shallow-draft capital ships take no +1
    (True, True, True, None),
    (False, True, False, None),  # shallow-draft light ships never ground
    (False, True, True, None),
]


@pytest.mark.rule("DN-7.42")
@pytest.mark.parametrize(("capital", "shallow", "home", "safe"), CASES)
def test_the_grounding_roll_at_each_bound(capital: bool, shallow: bool, home: bool, safe: int | None) -> None:
    results = {roll: grounds(roll, capital=capital, shallow_draft=shallow, home=home, table=TABLE)
               for roll in range(1, 7)}
    if safe is None:
        assert not any(results.values())
    else:
        assert not results[safe] and results[safe + 1]
        assert all(results[r] == (r > safe) for r in results)


def _entering(kind: Any, roll: int, nation: str = "") -> bool:
    state = placed([(ship("Ship", "a", kind, nation=nation), at(12, 6)),
                    (ship("Enemy", "b", CRUISER), at(0, 17))], coast=ISLAND, dice=ScriptedDice([roll]))
    unit = state.units["Ship"]
    path = (at(12, 7),)                          # next to the island (the centre is 1209)
    assert state.map.check >= set(path)
    carry_out(state, "a-fleet", [unit], Move(path))
    return unit.status == "grounded"


@pytest.mark.rule("DN-7.42")
def test_entering_a_hex_next_to_land_rolls_per_ship_and_a_grounded_ship_stops() -> None:
    assert _entering(CRUISER, 6) and not _entering(CRUISER, 5)
    assert _entering(DREADNOUGHT, 5) and not _entering(DREADNOUGHT, 4)
    assert not _entering(DREADNOUGHT, 5, nation="italy") and _entering(DREADNOUGHT, 6, nation="italy")
    assert not _entering(MONITOR, 5) and _entering(MONITOR, 6)
    state = placed([(ship("Cruiser", "a", CRUISER, fleet="f"), at(12, 5)), (ship("Other", "a", CRUISER, fleet="f"),
                    at(12, 5)), (ship("Enemy", "b", CRUISER), at(0, 17))], coast=ISLAND, dice=ScriptedDice([6, 1, 1]))
    group = [state.units["Cruiser"], state.units["Other"]]
    carry_out(state, "f", group, Move((at(12, 6), at(12, 7), at(13, 7))))
    assert state.units["Cruiser"].status == "grounded" and state.units["Cruiser"].at == at(12, 7)
    assert state.units["Other"].mobile and state.units["Other"].at == at(13, 7)
    assert state.units["Cruiser"].name not in {u.name for u in state.mobile("a")}


@pytest.mark.rule("DN-7.42")
def test_a_shallow_draft_light_ship_never_grounds_and_never_rolls() -> None:
    for _ in range(3):
        state = placed([(ship("Launch", "a", RIVER), at(12, 6)), (ship("Enemy", "b", CRUISER), at(0, 17))],
                       coast=ISLAND, dice=ScriptedDice([]))           # any roll would raise
        unit = state.units["Launch"]
        for h in (at(12, 7), at(13, 7), at(14, 7)):
            unit.at = h
            assert not check_grounding(state, unit)
        assert unit.mobile


@pytest.mark.rule("DN-7.43")
def test_a_grounded_ship_stays_aground_for_the_battle_and_refloats_only_in_the_weather_phase() -> None:
    # The battle never refloats it: it has no moves and the outcome reports it grounded, not on purpose.
    state = placed([(ship("Cruiser", "a", CRUISER), at(12, 6)), (ship("Enemy", "b", CRUISER), at(0, 17))],
                   coast=ISLAND, dice=ScriptedDice([6]))
    carry_out(state, "a-fleet", [state.units["Cruiser"]], Move((at(12, 7),)))
    assert state.units["Cruiser"].status == "grounded" and not state.mobile("a")
    assert dict(outcome(state).grounded) == {"Cruiser": False}
    # Back in the operational game (weather.refloat): a 1 refloats, then half the damage roll (rounded up,
    # +1 unarmoured) is lost in hull boxes.
    game = _grounding_game(deliberate=False)
    ship_state = next(s for s in game.state.ships.values() if s.grounded_at is not None)
    hull = ship_state.hull
    assert not refloat(game.state, ship_state, 2)
    assert refloat(game.state, ship_state, 1, damage_roll=4)
    assert ship_state.grounded_at is None and ship_state.hull == hull - 3     # (4 + 1) / 2 rounded up


@pytest.mark.rule("DN-7.44")
def test_running_aground_on_purpose_needs_land_next_to_the_ship_and_no_roll() -> None:
    state = placed([(ship("Monitor", "a", MONITOR), at(12, 7)), (ship("Far", "a", CRUISER, fleet="g"), at(3, 3)),
                    (ship("Enemy", "b", CRUISER), at(0, 17))], coast=ISLAND, dice=ScriptedDice([]))
    monitor, far = state.units["Monitor"], state.units["Far"]
    assert may_run_aground(state, monitor) and not may_run_aground(state, far)
    run_aground(state, monitor)
    assert monitor.status == "grounded" and monitor.deliberate and monitor.at in state.map.land
    assert dict(outcome(state).grounded) == {"Monitor": True}
    assert not options(state, [far], "move all groups")[0].path       # staying comes first; Far still moves
    coast = placed([(ship("Cruiser", "a", CRUISER), at(7, 0))], coast=Coast(("N",)), dice=ScriptedDice([]))
    assert may_run_aground(coast, coast.units["Cruiser"])             # over the shaded ring into the land


def _beach(view: Any, ships: Any) -> Any:
    return list(ships)


def _to_shore(view: Any, group: str, moves: Any) -> Any:
    here = next(s.at for s in view.own.values() if s.group == group and not s.grounded)
    return min(moves, key=lambda m: (distance(m.path[-1] if m.path else here, view.map.centre), m.leave))


def _grounding_game(deliberate: bool) -> Any:
    """A game whose first battle ends with a central ship aground (on purpose or by a loaded grounding)."""
    coast = Coast(island="britain")
    central = Scripted(move=_to_shore, aground=_beach if deliberate else None)
    resolver = TacticalBattle((central, Scripted()), coast=lambda battle: coast)
    # On purpose: no roll ever grounds it by accident; by accident: every roll does.
    tables = {**ALWAYS_CONTACT, "grounding": {"grounds_on": 12 if deliberate else 1}}
    scn = scenario([fleet("fleet-1", "intercept", "T10", ["Rostock"], ["stay"] * 4)],
                   [fleet("fleet-4", "intercept", "T10", ["Superb"], ["stay"] * 4)], turns=4,
                   rules=rules(tables), controls={"entente": ["T10"]})
    return drive(start(scn, battle=resolver), until=lambda g: any(
        s.grounded_at is not None for s in g.state.ships.values()))


@pytest.mark.rule("DN-7.44")
def test_a_ship_run_aground_on_purpose_never_refloats_and_scores_as_sunk_at_the_end() -> None:
    game = _grounding_game(deliberate=True)
    rostock = game.state.ships["Rostock"]
    assert rostock.grounded_at == "T10" and rostock.deliberate
    assert events(game, "ship-grounded", ship="Rostock")[0]["rule"] == "DN-7.44"
    assert not refloat(game.state, rostock, 1, damage_roll=1)
    drive(game)
    assert not events(game, "ship-refloated") and game.state.ships["Rostock"].grounded_at == "T10"
    scored = events(game, "points", reason="grounded", ship="Rostock")
    assert len(scored) == 1 and scored[0]["multiplier"] == 2.0          # T10 is an entente zone
    assert scored[0]["points"] == 2.0 * game.state.ships["Rostock"].cls.victory_points


def test_the_random_battle_player_grounds_sometimes_and_the_game_goes_on() -> None:
    coast = Coast(island="britain")
    resolver = TacticalBattle("random", coast=lambda battle: coast)
    scn = scenario([fleet("fleet-1", "intercept", "T10", ["Rostock", "Frankfurt"], ["stay"] * 6)],
                   [fleet("fleet-4", "intercept", "T10", ["Superb", "Dartmouth"], ["stay"] * 6)], turns=6,
                   rules=rules(ALWAYS_CONTACT))
    grounded = 0
    for seed in range(12):
        game = drive(start(scn, seed, battle=resolver))
        grounded += len(events(game, "ship-grounded"))
        assert game.is_over
    assert grounded > 0
