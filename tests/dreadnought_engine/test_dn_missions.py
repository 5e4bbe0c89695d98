"""DN-5.2 and its missions: transport, bombard, escort, intercept, abort, minelay, minesweep, raid."""

from __future__ import annotations

import pytest

from admiralty.rulesets.dreadnought.engine import mines
from admiralty.rulesets.dreadnought.engine.battle import gun_dice
from admiralty.rulesets.dreadnought.engine.contact import groups
from admiralty.rulesets.dreadnought.engine.missions import may_fly, one_nationality
from admiralty.rulesets.dreadnought.engine.model import Minefield, ShipClass
from admiralty.rulesets.dreadnought.engine.orders import route_orders
from admiralty.rulesets.dreadnought.engine.state import GameState, ShipState

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


def _ship(state: GameState, name: str) -> ShipState:
    """A ship outside any fleet, for checks of the mission rules."""
    ship = state.scenario.ships[name]
    return ShipState(ship, "central", ship.cls.hull, ship.cls.fuel_boxes, None)


def until_decision(kind: str, side: str, turn: int | None = None):  # type: ignore[no-untyped-def]
    def check(game) -> bool:  # type: ignore[no-untyped-def]
        d = decision(game, side)
        return d is not None and d["kind"] == kind and (turn is None or game.state.turn == turn)
    return check


# --- DN-5.2 -----------------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.2")
def test_one_nationality_per_fleet_unless_four_ships_or_fewer_or_allowed() -> None:
    game = start(scenario([], [fleet("a", "intercept", "dover", ["Dartmouth", "Bristol", "Liverpool"]),
                               fleet("b", "intercept", "dover", ["Bogatyr", "Oleg"])], turns=2))
    ships = game.state.ships
    british = [ships[n] for n in ("Dartmouth", "Bristol", "Liverpool")]
    russian = [ships[n] for n in ("Bogatyr", "Oleg")]
    default = game.state.scenario.rules
    assert not one_nationality(british + russian, default)                 # five ships, two nations
    assert one_nationality(british + russian[:1], default)                 # four ships may mix
    assert one_nationality(british + russian, rules(mixed_nationality=True))
    assert "join:b" not in game.legal_actions("entente")                   # so the two cannot combine


@pytest.mark.rule("DN-5.2")
def test_canadian_and_australian_ships_count_as_british_and_german_as_any() -> None:
    game = start(scenario([fleet("x", "intercept", "danzig", ["Rostock"])],
                          [fleet("y", "intercept", "dover", ["Dartmouth"])], turns=2))
    scn = game.state.scenario

    def s(name: str) -> ShipState:
        return _ship(game.state, name)
    assert one_nationality([s(n) for n in ("Dartmouth", "Bristol", "Liverpool", "Niobe", "Sydney")], scn.rules)
    assert one_nationality([s(n) for n in ("Novara", "Helgoland", "Saida", "Rostock", "Frankfurt")], scn.rules)
    assert not one_nationality([s(n) for n in ("Novara", "Helgoland", "Saida", "Bogatyr", "Frankfurt")], scn.rules)


# --- DN-5.2-transport -------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.2-transport")
def test_only_transport_fleets_unload_and_only_in_a_port_they_did_not_sail_from() -> None:
    scn = scenario([], [fleet("convoy", "transport", "U8", ["Transport 1"], ["U7", "harwich", "U7"]),
                        fleet("cruisers", "intercept", "harwich", ["Dartmouth"])], turns=5)
    game = start(scn)
    assert "unload" not in game.legal_actions("entente")
    chose: list[int] = []

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        d = decision(g, side)
        if d["kind"] == "order" and d["fleet"] == "cruisers":
            assert "unload" not in legal
        if "unload" in legal:
            chose.append(g.state.turn)
            return "unload"
        return None
    drive(game, policy)
    assert chose == [3]
    assert [e["turn"] for e in events(game, "cargo-unloaded")] == [3]
    assert game.result().points["entente"] == 1.0
    # unloading took turn 3: the written move of turn 3 happens on turn 4 (DN-5.12 delay)
    assert {e["turn"]: e["path"] for e in events(game, "fleet-moved", fleet="convoy")} == {1: ["U7"], 2: ["harwich"],
                                                                                          4: ["U7"]}


# --- DN-5.2-bombard ---------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.2-bombard")
def test_bombard_fleets_fire_at_half_gunnery_per_gun_class_in_the_first_step() -> None:
    cls = ShipClass("x", "X", "B", "1", 6, "coal", 6, 3, primary=5, secondary=3, tertiary=1)
    divisors = {"primary": 1, "secondary": 2, "tertiary": 4}
    assert gun_dice(cls, 6, False, divisors) == 5 + 1 + 0
    assert gun_dice(cls, 6, True, divisors) == 2 + 0 + 0     # 5//2, 3//2=1 -> 1//2, 1//2
    assert gun_dice(cls, 3, False, divisors) == 3            # half the hull left, half the dice


@pytest.mark.rule("DN-5.2-bombard")
def test_bombard_fleet_bombards_an_enemy_port_and_scores() -> None:
    scn = scenario([], [fleet("fleet-3", "bombard", "S20", ["Dartmouth"])], turns=2)
    game = start(scn)
    assert "bombard:cattaro" in game.legal_actions("entente")
    drive(game, lambda g, side, legal: "bombard:cattaro" if "bombard:cattaro" in legal and g.state.turn == 1 else None)
    assert [e["turn"] for e in events(game, "bombardment")] == [1]
    assert game.result().points["entente"] == 1.0


@pytest.mark.rule("DN-5.2-bombard")
def test_bombard_fleet_in_battle_is_halved_and_cannot_also_bombard() -> None:
    resolver = FakeResolver()
    scn = scenario([fleet("hunters", "intercept", "S21", ["Rostock"], ["S20"])],
                   [fleet("fleet-3", "bombard", "S20", ["Dartmouth"])], turns=2, rules=rules(ALWAYS_CONTACT))
    game = start(scn, battle=resolver)
    drive(game, lambda g, side, legal: "bombard:cattaro" if "bombard:cattaro" in legal else None)
    battle = resolver.battles[0]
    assert [c.halved_first_step for c in battle.forces["entente"]] == [True]
    assert [c.halved_first_step for c in battle.forces["central"]] == [False]
    assert events(game, "bombardment-cancelled", fleet="fleet-3") and not events(game, "bombardment")


# --- DN-5.2-escort ----------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.2-escort")
def test_escort_moves_with_its_fleet_and_counts_with_it_for_contact_and_battle() -> None:
    resolver = FakeResolver()
    scn = scenario(
        [fleet("hunters", "intercept", "T10", ["Rostock"], ["stay", "stay", "U9"])],
        [fleet("convoy", "transport", "harwich", ["Transport 1", "Transport 2"], ["U7", "U8", "U9"]),
         fleet("screen", "escort", "harwich", ["Lance", "Legion"], ["convoy convoy"] * 3, escorts="convoy")],
        turns=3, rules=rules(ALWAYS_CONTACT))
    game = start(scn, battle=resolver)
    drive(game, until=lambda g: g.state.turn == 3 and g.state.phase == "contact")
    assert [g.fleets for g in groups(game.state, "U9") if g.side == "entente"] == [("convoy", "screen")]
    assert [g.ships for g in groups(game.state, "U9") if g.side == "entente"] == [4]
    drive(game)
    moved = {f: [e["path"] for e in events(game, "fleet-moved", fleet=f)] for f in ("convoy", "screen")}
    assert moved["convoy"] == moved["screen"] == [["U7"], ["U8"], ["U9"]]
    roll = events(game, "contact-roll", side="central")[0]
    assert roll["rule"] == "DN-5.2-escort" and roll["group"] == ["convoy", "screen"]
    assert {c.fleet for c in resolver.battles[0].forces["entente"]} == {"convoy", "screen"}


# --- DN-5.2-intercept -------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.2-intercept")
def test_intercept_orders_are_written_two_turns_ahead() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "danzig", ["Rostock"], ["Q31", "stay", "stay"])], [], turns=4)
    game = start(scn)
    wrote: list[tuple[int, int]] = []

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        d = decision(g, side)
        if d["kind"] == "order" and g.state.turn == 1:
            wrote.append((g.state.turn, d["turn"]))
            return "move:R32"
        return None
    drive(game, policy)
    assert wrote == [(1, 3)]
    assert {e["turn"]: e["path"] for e in events(game, "fleet-moved")} == {1: ["Q31"], 3: ["R32"]}
    assert events(game, "order-written")[0]["rule"] == "DN-5.2-intercept"


# --- DN-5.2-abort -----------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.2-abort")
def test_seed_fleet_3_aborts_its_bombardment_on_turn_10_with_new_orders_from_turn_12() -> None:
    plan = ["P18"] + ["stay"] * 8 + ["P19", "P20", "P21", "P22", "P23"]
    scn = scenario([fleet("fleet-3", "bombard", "pola", ["Habsburg", "Arpad"], plan)], [], turns=16)

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        if g.state.turn == 10 and "abort:pola" in legal:
            return "abort:pola"
        return None
    game = drive(start(scn), policy)
    ordered = events(game, "abort-ordered")
    assert [(e["turn"], e["effective"]) for e in ordered] == [(10, 12)]
    assert [e["turn"] for e in events(game, "mission-aborted")] == [12]
    paths = {e["turn"]: e["path"] for e in events(game, "fleet-moved", fleet="fleet-3")}
    assert paths[10] == ["P19"] and paths[11] == ["P20"]            # the old plan still runs
    # the shortest way home: two zones to P18 (on which Pola opens), one a turn for this 1s fleet, then in
    assert len(paths[12]) == 1 and paths[12][0] in {"O19", "P19", "Q19"}
    assert paths[13] == ["P18"] and paths[14] == ["pola"] and 15 not in paths
    assert game.state.fleets["fleet-3"].mission == "abort"


@pytest.mark.rule("DN-5.2-abort")
def test_abort_route_takes_the_best_speed_that_keeps_fuel_in_hand() -> None:
    scn = scenario([fleet("fleet-1", "intercept", "U30", ["Rostock", "Frankfurt"])], [], turns=6,
                   rules=rules(ONE_BOX_A_ZONE))
    game = start(scn)
    state = game.state
    fleet_state = state.fleets["fleet-1"]
    fast = route_orders(state, fleet_state, "danzig")
    assert fast is not None and [len(o.zones) for o in fast[:-1]] == [2, 2] and fast[-1].target == "danzig"
    for name in fleet_state.ships:
        state.ships[name].fuel = 5
    slow = route_orders(state, fleet_state, "danzig")
    assert slow is not None and [len(o.zones) for o in slow[:-1]] == [1, 1, 1, 1]


@pytest.mark.rule("DN-5.2-abort")
@pytest.mark.parametrize("allowed", [False, True])
def test_no_abort_at_scenario_start_unless_the_scenario_says_so(allowed: bool) -> None:
    scn = scenario([fleet("fleet-1", "intercept", "Q31", ["Rostock"], ["abort"])], [], turns=3,
                   rules=rules(abort_at_start=allowed))
    game = drive(start(scn))
    assert bool(events(game, "mission-aborted")) is allowed
    assert bool(events(game, "order-refused", reason="not-at-start")) is not allowed


@pytest.mark.rule("DN-5.2-abort")
def test_aborting_fleets_may_not_bombard() -> None:
    scn = scenario([], [fleet("fleet-3", "bombard", "S20", ["Dartmouth"])], turns=5)
    offered: dict[int, bool] = {}

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        offered[g.state.turn] = "bombard:cattaro" in legal
        return "abort:brindisi" if g.state.turn == 1 else None
    game = drive(start(scn), policy)
    assert offered == {1: True, 2: True}          # the abort takes effect on turn 3: no more bombarding
    assert game.state.fleets["fleet-3"].mission == "abort" and game.state.fleets["fleet-3"].at == "brindisi"


# --- DN-5.2-minelay ---------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.2-minelay")
def test_minelay_fleet_lays_a_field_that_only_its_side_knows_and_delays_its_plan() -> None:
    scn = scenario([fleet("layers", "minelay", "Q24", ["Albatross"], ["Q23", "Q22"])], [], turns=4)
    game = start(scn)
    assert "lay:Q23" in game.legal_actions("central")
    game.apply("central", "lay:Q23")
    drive(game, lambda g, side, legal: None)
    assert [(e["between"], e["turn"]) for e in events(game, "minefield-laid")] == [(["Q23", "Q24"], 1)]
    assert game.view("central")["minefields"] and not game.view("entente")["minefields"]
    assert {e["turn"]: e["path"] for e in events(game, "fleet-moved")} == {2: ["Q23"], 3: ["Q22"]}


@pytest.mark.rule("DN-5.2-minelay")
def test_only_minelayers_lay_and_raid_fleets_may_lay_with_them() -> None:
    scn = scenario([fleet("raider", "raid", "Q24", ["Meteor"], ["Q23"]),
                    fleet("cruisers", "intercept", "Q24", ["Rostock"])], [], turns=4)
    game = start(scn)
    drive(game, until=until_decision("order", "central"))
    legal = {d: None for d in game.legal_actions("central")}
    assert decision(game, "central")["fleet"] == "raider" and any(a.startswith("lay:") for a in legal)
    game.apply("central", "follow-orders")
    drive(game, until=until_decision("order", "central"))
    assert decision(game, "central")["fleet"] == "cruisers"
    assert not [a for a in game.legal_actions("central") if a.startswith("lay:")]
    assert not may_fly("minelay", [game.state.ships["Rostock"]], game.state.scenario.rules)
    assert may_fly("minelay", [game.state.ships["Rostock"]], rules(minelayers=frozenset({"Rostock"})))


# --- DN-5.2-minesweep -------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.2-minesweep")
def test_sweeping_delays_but_does_not_cancel_the_planned_moves() -> None:
    scn = scenario([fleet("sweepers", "minesweep", "Q24", ["M1", "M2"], ["Q23", "Q22"])], [], turns=4,
                   minefields=[Minefield(("Q23", "Q24"), "entente")])
    game = start(scn)
    assert "sweep" in game.legal_actions("central")
    game.apply("central", "sweep")
    drive(game, lambda g, side, legal: None)
    assert {e["turn"]: e["path"] for e in events(game, "fleet-moved")} == {2: ["Q23"], 3: ["Q22"]}
    assert events(game, "plan-delayed")[0]["rule"] == "DN-5.2-minesweep"


@pytest.mark.rule("DN-5.2-minesweep")
def test_sweepers_find_and_clear_enemy_fields_on_their_zone_borders() -> None:
    scn = scenario([fleet("sweepers", "minesweep", "Q24", ["M1", "M2"])], [], turns=3,
                   minefields=[Minefield(("Q23", "Q24"), "entente"), Minefield(("Q24", "R24"), "entente", 2),
                               Minefield(("Q24", "P24"), "central")])
    game = start(scn)
    state = game.state
    # house mine table: 3+ finds, 5+ clears one strength point; one roll per sweeper per enemy field
    mines.sweep(state, state.fleets["sweepers"], rolls=[3, 5, 2, 6])
    fields = {f.between: (f.strength, f.known_to) for f in state.minefields}
    assert ("Q23", "Q24") not in fields                       # found (3) then cleared (5)
    assert fields[("Q24", "R24")] == (1, ["central", "entente"])   # 2 misses, 6 finds and clears one of two
    assert fields[("P24", "Q24")] == (1, ["central"])          # own field untouched
    assert may_fly("minesweep", [state.ships["M1"]], state.scenario.rules)
    assert not may_fly("minesweep", [state.ships["M1"], _ship(state, "Rostock")], state.scenario.rules)
    assert may_fly("minesweep", [_ship(state, "Rostock")], rules(minesweepers=frozenset({"Rostock"})))


# --- DN-5.2-raid ------------------------------------------------------------------------------------


@pytest.mark.rule("DN-5.2-raid")
def test_raiding_fleet_needs_a_leader_and_at_most_two_ships_unless_the_scenario_says() -> None:
    game = start(scenario([fleet("raider", "raid", "kiel", ["Emden"])], [], turns=2))
    state = game.state
    ships = {n: _ship(state, n) for n in ("Emden", "Rostock", "Frankfurt", "Bayern Collier", "Transport 1")}
    default = state.scenario.rules
    assert may_fly("raid", [ships["Emden"]], default)
    assert may_fly("raid", [ships["Emden"], ships["Bayern Collier"]], default)      # combat ships and colliers
    assert not may_fly("raid", [ships["Rostock"]], default)                          # no leader
    assert not may_fly("raid", [ships["Emden"], ships["Rostock"], ships["Frankfurt"]], default)
    assert not may_fly("raid", [ships["Emden"], ships["Transport 1"]], default)
    assert may_fly("raid", [ships["Rostock"]], rules(raid_needs_leader=False))
    assert may_fly("raid", [ships["Emden"], ships["Rostock"], ships["Frankfurt"]], rules(raid_max_ships=3))


@pytest.mark.rule("DN-5.2-raid")
def test_raid_orders_two_turns_ahead_and_may_bombard() -> None:
    scn = scenario([], [fleet("raider", "raid", "S21", ["Dartmouth"], ["S20"])], turns=4,
                   rules=rules(raid_needs_leader=False))
    game = start(scn)
    drive(game, until=until_decision("order", "entente"))
    assert decision(game, "entente")["turn"] == 3
    assert "bombard:cattaro" in game.legal_actions("entente")     # it will be in S20 by then
    game.apply("entente", "bombard:cattaro")
    drive(game)
    assert [e["turn"] for e in events(game, "bombardment")] == [3]


# --- DN-5.2-raid-hidden -----------------------------------------------------------------------------


def _hide_policy(turns: set[int], show: set[int] = frozenset()):  # type: ignore[no-untyped-def,assignment]
    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        if "hide" in legal and g.state.turn in turns:
            return "hide"
        if "show" in legal and g.state.turn in show:
            return "show"
        return None
    return policy


@pytest.mark.rule("DN-5.2-raid-hidden")
def test_raider_hides_only_after_moving_and_vanishes_from_the_enemy_view() -> None:
    scn = scenario([fleet("raider", "raid", "kiel", ["Emden"], ["Q25", "R24", "S24"])],
                   [fleet("watch", "intercept", "harwich", ["Dartmouth"])], turns=5)
    game = start(scn)
    hide_offered: dict[int, bool] = {}

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        d = decision(g, side)
        if d["kind"] == "organise" and d["fleet"] == "raider":
            hide_offered[g.state.turn] = "hide" in legal
            return "hide" if "hide" in legal else "done"
        return None
    drive(game, policy, until=lambda g: g.state.turn == 4)
    assert hide_offered == {2: True, 3: False}   # not on turn 1 (not yet moved), nor once hidden
    assert "raider" not in game.view("entente")["enemy_fleets"]
    assert game.view("central")["fleets"]["raider"]["hidden"] is True


@pytest.mark.rule("DN-5.2-raid-hidden")
def test_raider_reappears_sharing_a_zone_with_an_enemy_fleet() -> None:
    scn = scenario([fleet("raider", "raid", "kiel", ["Emden"], ["Q25", "R24", "S24", "T24"])],
                   [fleet("watch", "intercept", "T24", ["Dartmouth"])], turns=5)
    game = drive(start(scn), _hide_policy({2}))
    revealed = events(game, "raider-revealed")
    assert [(e["turn"], e["reason"]) for e in revealed] == [(4, "enemy-in-zone")]
    assert events(game, "contact-roll", zone="T24")


@pytest.mark.rule("DN-5.2-raid-hidden")
def test_raider_reappears_entering_port_and_may_hide_again_two_turns_later() -> None:
    scn = scenario([fleet("raider", "raid", "kiel", ["Emden"], ["Q25", "Q24", "Q25", "kiel", "Q25", "Q24"])], [],
                   turns=8)
    offered: dict[int, bool] = {}

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        d = decision(g, side)
        if d["kind"] == "organise":
            offered[g.state.turn] = "hide" in legal
            return "hide" if "hide" in legal and g.state.turn in (2, 6) else "done"
        return None
    game = drive(start(scn), policy)
    assert [(e["turn"], e["reason"]) for e in events(game, "raider-revealed")] == [(4, "entered-port")]
    assert offered.get(5, False) is False and offered[6] is True     # in port on turn 5; at sea again on 6
    assert [e["turn"] for e in events(game, "raider-hidden")] == [2, 6]


@pytest.mark.rule("DN-5.2-raid-hidden")
def test_choosing_to_show_also_waits_two_turns_before_hiding_again() -> None:
    scn = scenario([fleet("raider", "raid", "kiel", ["Emden"], ["Q25", "Q24", "Q23", "Q22", "Q21"])], [], turns=7)
    offered: dict[int, bool] = {}

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        d = decision(g, side)
        if d["kind"] == "organise":
            offered[g.state.turn] = "hide" in legal
            if "hide" in legal and g.state.turn == 2:
                return "hide"
            if "show" in legal and g.state.turn == 3:
                return "show"
            return "done"
        return None
    drive(start(scn), policy)
    assert offered.get(4, False) is False and offered[5] is True


@pytest.mark.rule("DN-5.2-raid-hidden")
def test_two_hidden_raiders_share_a_zone_unknown_to_both() -> None:
    scn = scenario([fleet("raider", "raid", "kiel", ["Emden"], ["Q25", "R24", "S24"])],
                   [fleet("corsair", "raid", "U24", ["Dartmouth"], ["T24", "T25", "S24"])], turns=4,
                   rules=rules(raid_needs_leader=False))
    game = drive(start(scn), _hide_policy({2}), until=lambda g: g.state.turn == 4)
    assert game.state.fleets["raider"].at == game.state.fleets["corsair"].at == "S24"
    assert not events(game, "raider-revealed") and not events(game, "contact-roll")
    assert "corsair" not in game.view("central")["enemy_fleets"]
    assert "raider" not in game.view("entente")["enemy_fleets"]
