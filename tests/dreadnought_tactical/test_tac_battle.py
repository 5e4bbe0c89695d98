"""The tactical turn: movement by groups (DN-5.11b), towing, leaving the map, the end of the battle and the
outcome the operational game gets back (pursuit, DN-5.23; damage that persists; torpedoes spent,
DN-12-rearm), the battle log, and the battle players (heuristic and random, seeing only their view)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from admiralty.engine.dice import ScriptedDice
from admiralty.engine.replay import format_log, play
from admiralty.rulesets.dreadnought.engine import game as dreadnought
from admiralty.rulesets.dreadnought.engine.battle import RESOLVERS
from admiralty.rulesets.dreadnought.engine.battle_types import BattleOutcome
from admiralty.rulesets.dreadnought.engine.house import load_house
from admiralty.rulesets.dreadnought.engine.model import speed_rank
from admiralty.rulesets.dreadnought.engine.tactical.detection import side_view, sight
from admiralty.rulesets.dreadnought.engine.tactical.hexes import distance
from admiralty.rulesets.dreadnought.engine.tactical.map import Coast, may_leave
from admiralty.rulesets.dreadnought.engine.tactical.movement import (
    STEPS,
    Move,
    carry_out,
    movement_step,
    options,
    step_hexes,
)
from admiralty.rulesets.dreadnought.engine.tactical.players import (
    BattlePlayer,
    HeuristicPlayer,
    RandomPlayer,
    expected_damage,
)
from admiralty.rulesets.dreadnought.engine.tactical.resolver import TacticalBattle, new_field
from admiralty.rulesets.dreadnought.engine.tactical.resolver import fight as fight_turns
from admiralty.rulesets.dreadnought.engine.tactical.state import new_unit
from tests.dreadnought_engine.fixtures import ALWAYS_CONTACT, campaign, drive, events, fleet, rules, scenario, start

from .helpers import COURBET, CRUISER, DREADNOUGHT, MONITOR, Scripted, at, battle, cls, placed, ship

TABLES = load_house().battle
SLOW = cls("slow", "B", "1s", 6, primary=2)


# --- DN-5.11b and movement ------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.11b")
def test_slow_ships_move_only_in_the_move_all_groups_step() -> None:
    table = TABLES.tactical_turn
    assert step_hexes("1s", "move groups", table) == 0 and step_hexes("1s", "move all groups", table) == 2
    assert step_hexes("1", "move groups", table) == 1
    state = placed([(ship("Habsburg", "a", SLOW, fleet="old"), at(5, 5)), (ship("Arpad", "a", CRUISER, fleet="old"),
                    at(5, 5)), (ship("Enemy", "b", CRUISER), at(20, 15))])
    group = [state.units["Habsburg"], state.units["Arpad"]]
    assert options(state, group, "move groups") == [Move()]                 # the slow ship holds the group
    assert max(len(m.path) for m in options(state, group, "move all groups")) == 2
    fast = options(state, [state.units["Arpad"]], "move groups")
    assert max(len(m.path) for m in fast) == table.move_groups["2"]


@pytest.mark.rule("DN-5.11b")
def test_in_a_tactical_turn_a_slow_group_moves_in_the_second_step_only() -> None:
    state = placed([(ship("Habsburg", "a", SLOW), at(5, 5)), (ship("Enemy", "b", CRUISER), at(20, 15))])
    moved: list[str] = []

    def choose(side: str, group: str, moves: Any) -> Move:
        moved.append(group)
        return max(moves, key=lambda m: len(m.path))

    for step in STEPS:
        movement_step(state, step, choose, lambda side, ships: ())
        moved.append(f"after {step}: {distance(state.units['Habsburg'].at, at(5, 5))}")
    assert moved[:2] == ["b-fleet", "after move groups: 0"]
    assert moved[2:] == ["b-fleet", "a-fleet", "after move all groups: 2"]


def test_the_player_without_the_initiative_moves_first() -> None:
    state = placed([(ship("A", "a", CRUISER), at(5, 5)), (ship("B", "b", CRUISER), at(15, 5))], initiative="b")
    order: list[str] = []

    def choose(side: str, group: str, moves: Any) -> Move:
        order.append(side)
        return moves[0]

    movement_step(state, STEPS[1], choose, lambda s, x: ())
    assert order == ["a", "b"]


def test_a_ship_without_way_moves_only_in_tow_and_towing_makes_both_easier_to_hit() -> None:
    state = placed([(ship("Novara", "a", CRUISER, fleet="f", lost_way=True), at(5, 5)),
                    (ship("Saida", "a", CRUISER, fleet="f"), at(5, 5)), (ship("Enemy", "b", CRUISER), at(20, 15))])
    group = [state.units["Novara"], state.units["Saida"]]
    moves = options(state, group, "move all groups")
    towed = [m for m in moves if m.tow]
    assert max(len(m.path) for m in towed) == TABLES.towing.hexes_per_step
    assert max(len(m.path) for m in moves if not m.tow) == 3
    carry_out(state, "f", group, max(towed, key=lambda m: len(m.path)))
    assert state.units["Novara"].at == state.units["Saida"].at != at(5, 5)
    assert state.units["Novara"].tow == "Saida" and state.units["Saida"].tow == "Novara"
    view = side_view(state, "b")
    assert view.enemy == {} or all(v.towing for v in view.enemy.values())
    carry_out(state, "f", group, max((m for m in moves if not m.tow), key=lambda m: len(m.path)))
    assert state.units["Novara"].group == "f/Novara" and state.units["Novara"].tow is None


def test_leaving_the_map_from_an_open_edge_but_not_on_the_first_turn() -> None:
    state = placed([(ship("A", "a", CRUISER), at(0, 8)), (ship("B", "b", CRUISER), at(20, 15))])
    assert not any(m.leave for m in options(state, [state.units["A"]], "move all groups"))
    state.turn = 2
    leaving = [m for m in options(state, [state.units["A"]], "move all groups") if m.leave]
    assert leaving and Move((), True, True) in leaving
    carry_out(state, "a-fleet", [state.units["A"]], Move((), True, True))
    assert state.units["A"].status == "left"


@pytest.mark.rule("DN-12-nocombat")
def test_a_refuelling_ship_neither_moves_nor_leaves_the_map() -> None:
    """At the open edge on turn 2, where a ship under way could move or leave, a refuelling ship (and its
    group) may only stay; the others of its side still move."""
    state = placed([(ship("A", "a", CRUISER, can_move=False), at(0, 8)), (ship("C", "a", CRUISER, fleet="c"), at(0, 9)),
                    (ship("B", "b", CRUISER), at(20, 15))])
    state.turn = 2
    for step in ("move groups", "move all groups"):
        assert options(state, [state.units["A"]], step) == [Move((), False, True)]
        assert any(m.leave for m in options(state, [state.units["C"]], step))
    fight = battle([ship("Olna", "a", CRUISER, can_fire=False, can_move=False), ship("Warspite", "b", DREADNOUGHT)])
    outcome = TacticalBattle((Scripted(move=_flee), Scripted())).resolve(fight, random.Random(3))
    assert outcome.left is None and not outcome.fleets_left


# --- the end of the battle and the outcome ------------------------------------------------------------


def _flee(view: Any, group: str, moves: Any) -> Any:
    leaving = [m for m in moves if m.leave]
    here = next(s.at for s in view.own.values() if s.group == group and not s.grounded)
    return leaving[0] if leaving else max(moves, key=lambda m: distance(m.path[-1] if m.path else here,
                                                                         view.map.centre))


@pytest.mark.rule("DN-5.23")
def test_a_fleet_that_leaves_while_its_side_fights_on_is_reported_and_may_be_pursued() -> None:
    """Side a's "runners" leave the map; its "stayers" stay to the end: the battle goes on (no side gone), and
    the outcome names the runners as a fleet that left, so pursuit of them is allowed."""
    def flee_runners(view: Any, group: str, moves: Any) -> Any:
        return _flee(view, group, moves) if group == "runners" else moves[0]
    fight = battle([ship("Emden", "a", CRUISER, fleet="runners"), ship("Dresden", "a", CRUISER, fleet="stayers"),
                    ship("Warspite", "b", DREADNOUGHT)])
    outcome = TacticalBattle((Scripted(move=flee_runners), Scripted())).resolve(fight, random.Random(3))
    assert outcome.left is None and outcome.fleets_left == ("runners",) and outcome.pursuit_allowed


@pytest.mark.rule("DN-5.23")
def test_a_side_that_leaves_the_map_ends_the_battle_and_pursuit_may_follow() -> None:
    fight = battle([ship("Emden", "a", CRUISER), ship("Warspite", "b", DREADNOUGHT)])
    outcome = TacticalBattle((Scripted(move=_flee), Scripted())).resolve(fight, random.Random(3))
    assert outcome.left == "a" and outcome.pursuit_allowed and not outcome.contact_lost
    assert "a has left the map" in [e["text"] for e in outcome.log]


@pytest.mark.rule("DN-5.23")
def test_at_night_contact_is_lost_when_no_one_sees_an_enemy_for_two_turns() -> None:
    fight = battle([ship("Emden", "a", CRUISER), ship("Warspite", "b", DREADNOUGHT)], night=True)
    outcome = TacticalBattle((Scripted(), Scripted())).resolve(fight, random.Random(3))   # both stay apart
    assert outcome.contact_lost and outcome.pursuit_allowed and outcome.left is None
    assert outcome.steps == TABLES.tactical_turn.contact_lost_after and outcome.damage == {}


def test_the_turn_limit_ends_the_battle_without_pursuit() -> None:
    fight = battle([ship("Emden", "a", CRUISER), ship("Warspite", "b", DREADNOUGHT)])
    outcome = TacticalBattle((Scripted(), Scripted())).resolve(fight, random.Random(3))
    assert outcome.steps == TABLES.tactical_turn.turns.day
    assert not outcome.pursuit_allowed and outcome.left is None and not outcome.contact_lost
    assert outcome.log[-1]["text"].startswith("the battle ends after")


@pytest.mark.rule("DN-7.5d")
def test_a_ship_comes_in_with_the_factors_recorded_on_it_not_scaled_by_hull() -> None:
    """Seed 000, 7.5 (the Courbet example): a lost primary factor is recorded on the ship specification; the
    next battle starts with 7 of Courbet's 8. Hull boxes lost take away no factor of their own (issue 15)."""
    def unit(hull: int, losses: dict[str, int]) -> Any:
        return new_unit("Courbet", "b", "f", COURBET, nation="", italic=False, hull=hull, speed=COURBET.speed,
                        lost_way=False, torpedoes_ready=True, halve_first=False, can_fire=True, losses=losses)
    assert unit(COURBET.hull // 2, {}).primary == COURBET.primary == 8
    recorded = unit(COURBET.hull, {"primary": 1})
    assert recorded.primary == 7 and recorded.secondary == COURBET.secondary
    assert recorded.speed == speed_rank(COURBET.speed)    # speed comes in as the ship's (recorded) speed


class Recording(TacticalBattle):
    """The tactical battle, keeping every battle and its outcome."""

    def __init__(self) -> None:
        super().__init__()
        self.fought: list[tuple[Any, BattleOutcome]] = []

    def resolve(self, fight: Any, rng: random.Random) -> BattleOutcome:
        result = super().resolve(fight, rng)
        self.fought.append((fight, result))
        return result


def test_damage_persists_into_the_next_battle() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "T10", ["Rostock", "Frankfurt"], ["stay"] * 3)],
                   [fleet("fleet-4", "intercept", "T10", ["Canada", "Superb"], ["stay"] * 3)], turns=3,
                   rules=rules(ALWAYS_CONTACT))
    resolver = Recording()
    game = drive(start(scn, 2, battle=resolver))
    assert len(resolver.fought) >= 2 and resolver.fought[0][1].damage
    (first, outcome), (second, _) = resolver.fought[:2]
    hull_then = {c.name: c.hull for side in second.sides for c in second.forces[side]}
    for name, boxes in outcome.damage.items():
        assert name not in hull_then or hull_then[name] == game.state.ships[name].cls.hull - boxes
    lost = {e["ship"]: e["boxes"] for e in events(game, "ship-damaged", cause="battle") if e["turn"] == first.turn}
    assert lost == {n: min(b, game.state.ships[n].cls.hull) for n, b in outcome.damage.items()}


@pytest.mark.rule("DN-12-rearm")
def test_ships_that_fired_torpedoes_have_spent_them_in_the_operational_game() -> None:
    # Four light cruisers and two destroyers are strong enough to close with two battleships (heuristic),
    # so torpedoes are fired.
    light = ["Rostock", "Frankfurt", "Emden", "Karlsruhe", "G101", "G102"]
    scn = scenario([fleet("fleet-1", "intercept", "T10", light, ["stay"] * 3)],
                   [fleet("fleet-4", "intercept", "T10", ["Canada", "Superb"], ["stay"] * 3)], turns=3,
                   rules=rules(ALWAYS_CONTACT))
    resolver = Recording()
    game = drive(start(scn, 2, battle=resolver))
    fired = {e["ship"] for _, result in resolver.fought for e in result.log if e["step"] == "torpedoes"}
    assert fired and fired == {n for _, result in resolver.fought for n in result.torpedoes_spent}
    assert fired == {n for n, s in game.state.ships.items() if s.torpedoes_spent}


# --- the battle log ---------------------------------------------------------------------------------------


def test_the_battle_log_reads_step_by_step_in_the_game_log() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "T10", ["Rostock", "Frankfurt"], ["stay"] * 3)],
                   [fleet("fleet-4", "intercept", "T10", ["Canada"], ["stay"] * 3)], turns=3,
                   rules=rules(ALWAYS_CONTACT))
    played = play(dreadnought, scn, 5, {"central": "scripted", "entente": "scripted"})
    battles = [e for e in played.events if e["type"] == "battle"]
    assert battles and all(b["rule"] == "house:tactical" for b in battles)
    for fought in battles:
        log = fought["log"]
        assert [e["step"] for e in log[:3]] == ["initiative", "setup", "setup"] and log[-1]["step"] == "end"
        assert all(isinstance(e["text"], str) and e["turn"] >= 1 for e in log)
    shots = [e for b in battles for e in b["log"] if e["step"] == "gunnery"]
    assert shots and all(" fires at " in e["text"] and " dice " in e["text"] for e in shots)
    assert any(e["step"] == "damage" and e["text"].startswith("hit on ") for b in battles for e in b["log"])
    assert " fires at " in format_log(played.events)


def test_the_basic_combat_stays_selectable() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "T10", ["Rostock"], ["stay"] * 2)],
                   [fleet("fleet-4", "intercept", "T10", ["Canada"], ["stay"] * 2)], turns=2,
                   rules=rules(ALWAYS_CONTACT))
    assert {"basic", "tactical"} <= set(RESOLVERS)
    basic = drive(start(scn, 1, battle="basic"))
    tactical = drive(start(scn, 1))
    assert events(basic, "battle")[0]["rule"] == "house:combat"
    assert events(tactical, "battle")[0]["rule"] == "house:tactical"
    assert tactical.state.options["battle"] == "tactical"


# --- the battle players -------------------------------------------------------------------------------------


def test_battle_players_see_only_what_their_side_may_see() -> None:
    spy = Scripted(move=lambda view, group, moves: moves[-1])
    fight = battle([ship("Emden", "a", CRUISER), ship("Warspite", "b", DREADNOUGHT)], night=True)
    TacticalBattle((spy, spy)).resolve(fight, random.Random(9))
    reach = max(TABLES.detection.night["calm"], TABLES.detection.gun_flash)
    assert spy.views
    for view in spy.views:
        assert set(view.own) <= {"Emden", "Warspite"} and not set(view.own) & set(view.enemy)
        for seen in view.enemy.values():
            assert min(distance(seen.at, own.at) for own in view.own.values()) <= reach
    assert not hasattr(spy.views[0], "units")


def test_the_heuristic_closes_when_stronger_and_opens_when_weaker() -> None:
    state = placed([(ship("Strong", "a", DREADNOUGHT), at(5, 5)), (ship("Weak", "b", CRUISER), at(12, 5))])
    state.turn = 3
    player = HeuristicPlayer()
    start_range = distance(at(5, 5), at(12, 5))
    close = player.move(side_view(state, "a"), "a-fleet", options(state, [state.units["Strong"]], "move all groups"),
                        random.Random(0))
    away = player.move(side_view(state, "b"), "b-fleet", options(state, [state.units["Weak"]], "move all groups"),
                       random.Random(0))
    assert distance(close.path[-1], at(12, 5)) < start_range
    assert distance(away.path[-1], at(5, 5)) > start_range


def test_the_heuristic_keeps_off_the_coast_and_targets_by_expected_damage() -> None:
    coast = Coast(island="italy")
    state = placed([(ship("Cruiser", "a", CRUISER), at(12, 5)), (ship("Near", "b", CRUISER), at(12, 13)),
                    (ship("Big", "b", DREADNOUGHT), at(9, 2)), (ship("Small", "b", CRUISER), at(14, 4))],
                   coast=coast)
    state.turn = 3
    move = HeuristicPlayer().move(side_view(state, "a"), "a-fleet",
                                  options(state, [state.units["Cruiser"]], "move all groups"), random.Random(0))
    assert not set(move.path) & state.map.check
    view = side_view(state, "a")
    chosen = HeuristicPlayer().fire(view, {"Cruiser": ["Big", "Small"]}, random.Random(0))
    per_hit = 1.0
    assert expected_damage(view, view.own["Cruiser"], view.enemy["Small"], per_hit) > \
        expected_damage(view, view.own["Cruiser"], view.enemy["Big"], per_hit)
    assert chosen == {"Cruiser": "Small"}


def test_the_heuristic_runs_a_sinking_ship_aground_when_the_enemy_is_near() -> None:
    state = placed([(ship("Monitor", "a", MONITOR, hull=1), at(12, 7)), (ship("Hunter", "b", DREADNOUGHT), at(12, 12))],
                   coast=Coast(island="italy"))
    assert HeuristicPlayer().aground(side_view(state, "a"), ["Monitor"], random.Random(0)) == ["Monitor"]
    assert HeuristicPlayer().aground(side_view(state, "b"), [], random.Random(0)) == ()


def test_the_random_player_picks_only_legal_choices() -> None:
    player, rng = RandomPlayer(), random.Random(4)
    state = placed([(ship("A", "a", CRUISER), at(5, 5)), (ship("B", "b", CRUISER), at(5, 7))])
    view = side_view(state, "a")
    moves = options(state, [state.units["A"]], "move all groups")
    for _ in range(50):
        assert player.move(view, "a-fleet", moves, rng) in moves
        assert set(player.fire(view, {"A": ["B"]}, rng).items()) <= {("A", "B")}
        assert player.entry(view, ["S", "W"], rng) in ("S", "W")


@pytest.mark.parametrize("players", ["heuristic", "random"])
def test_the_same_rng_gives_the_same_battle(players: str) -> None:
    fight = battle([ship(f"A{i}", "a", DREADNOUGHT if i < 2 else CRUISER, fleet=f"fa{i % 2}") for i in range(5)]
                   + [ship(f"B{i}", "b", DREADNOUGHT if i < 2 else CRUISER, fleet=f"fb{i % 2}") for i in range(5)])
    one, two = random.Random(17), random.Random(17)
    first = TacticalBattle(players).resolve(fight, one)
    second = TacticalBattle(players).resolve(fight, two)
    assert first == second and first.steps >= 1 and one.random() == two.random()
    assert TacticalBattle(players).resolve(fight, random.Random(18)).log != first.log


def test_sight_grows_with_gun_flashes_at_night_only() -> None:
    state = placed([(ship("A", "a", CRUISER), at(5, 5)), (ship("B", "b", CRUISER), at(5, 9))], night=True,
                   dice=ScriptedDice([]))
    quiet = sight(state, state.units["B"])
    state.step, state.units["B"].flash = 3, 3
    assert sight(state, state.units["B"]) == TABLES.detection.gun_flash > quiet
    state.step = 5
    assert sight(state, state.units["B"]) == quiet


def test_the_campaign_plays_with_tactical_battles() -> None:
    game = drive(start(campaign(), 3))
    assert game.is_over and all(e["rule"] == "house:tactical" for e in events(game, "battle"))


@pytest.mark.rule("DN-7.41b")
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), night=st.booleans(), land=st.sets(st.sampled_from("NESW"), max_size=4))
def test_random_battles_never_put_a_ship_on_land_or_off_a_side_of_land(seed: int, night: bool, land: set[str]) -> None:
    coast = Coast(tuple(s for s in "NESW" if s in land), island="italy")
    ships = [ship(f"A{i}", "a", kind, fleet=f"fa{i % 2}") for i, kind in enumerate((DREADNOUGHT, CRUISER, MONITOR))]
    ships += [ship(f"B{i}", "b", kind, fleet=f"fb{i % 2}") for i, kind in enumerate((DREADNOUGHT, CRUISER, SLOW))]
    rng = random.Random(seed)
    state = new_field(battle(ships, coast=coast, night=night), rng, coast)
    players: dict[str, BattlePlayer] = {"a": RandomPlayer(), "b": HeuristicPlayer()}
    rngs = {side: random.Random(rng.getrandbits(64)) for side in ("a", "b")}
    TacticalBattle.open(state, players, rngs)
    fight_turns(state, players, rngs, TABLES.tactical_turn.turns.at(night))
    for unit in state.units.values():
        assert unit.at in state.map.sea or (unit.at in state.map.land and unit.deliberate)
        if unit.status == "left":
            assert may_leave(state.map, unit.at)
        if unit.status == "grounded" and not unit.deliberate:
            assert unit.at in state.map.check
