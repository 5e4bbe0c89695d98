"""One model of a planned route (issue 37, item 2): for every dreadnought scenario of the corpus, its scripted
orders played to the first contact put every fleet, turn by turn, where the planned route says; the site's route
key and turn labels and the validator's positions after each written order agree with the played game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from admiralty.engine.replay import play
from admiralty.rulesets.dreadnought.engine import game as game_module
from admiralty.rulesets.dreadnought.engine.model import Scenario
from admiralty.rulesets.dreadnought.engine.routes import CONTACT_EVENTS, SEED, planned_routes
from admiralty.rulesets.dreadnought.site.features import route_summary
from admiralty.rulesets.dreadnought.site.map import drawing
from admiralty.rulesets.dreadnought.validator.checks.orders import Step, walk
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def scenarios() -> list[Scenario]:
    found = [s for s in validate([str(ROOT / "scenarios" / "dreadnought")]).scenarios if isinstance(s, Scenario)]
    assert len(found) >= 9
    return found


def played_places(scenario: Scenario) -> tuple[int, dict[str, dict[int, str]], set[tuple[str, int]]]:
    """The engine's own game (scripted on every side, the route model's seed): the first contact's turn, every
    fleet's place at the end of each turn up to it, and the (fleet, turn) whose move was held back."""
    events: list[dict[str, Any]] = play(game_module, scenario, SEED, dict.fromkeys(
        (side.id for side in scenario.sides), "scripted")).events
    contact = next((int(e["turn"]) for e in events if e["type"] in CONTACT_EVENTS), scenario.turns)
    places: dict[str, dict[int, str]] = {f.id: {0: f.start} for f in scenario.fleets()}
    held: set[tuple[str, int]] = set()
    for turn in range(1, contact + 1):
        for fleet in places:
            places[fleet][turn] = places[fleet][turn - 1]
        for event in events:
            if event["turn"] != turn or event["phase"] != "movement" or event.get("fleet") not in places:
                continue
            if event["type"] == "fleet-moved":
                places[event["fleet"]][turn] = event["path"][-1]
            elif event["type"] in ("move-carried-over", "short-of-fuel", "cannot-move", "move-shortened"):
                held.add((event["fleet"], turn))
    return contact, places, held


def test_planned_routes_validator_positions_and_route_key_equal_the_engine_on_every_scenario(
        scenarios: list[Scenario]) -> None:
    compared = slipped = 0
    for scenario in scenarios:
        contact, places, held = played_places(scenario)
        routes = planned_routes(scenario)
        centres = drawing(scenario.map).centres
        for fleet in scenario.fleets():
            route = routes[fleet.id]
            assert route.played_until == contact
            assert list(route.places[:contact]) == [places[fleet.id][t] for t in range(1, contact + 1)], fleet.id
            for step in walk(scenario, fleet):  # the validator's place after each written order
                assert isinstance(step, Step)
                turn = route.turn_of_order(step.index)
                if turn > contact or (fleet.id, turn) in held or fleet.orders[step.index].kind not in ("move", "port"):
                    continue
                assert places[fleet.id][turn] == (step.port or step.zone), (scenario.id, fleet.id, step.index)
                compared += 1
                slipped += turn != step.index + 1
            summary = route_summary(fleet, scenario.map, centres, route)  # the site's route key
            for stop in (summary.farthest, summary.last):
                if stop is not None and stop[0] <= contact and (fleet.id, stop[0]) not in held:
                    assert places[fleet.id][stop[0]] == stop[1], (scenario.id, fleet.id, stop)
    assert compared > 50
    assert slipped > 0  # orders carried out later than their place in the list (Ancona's and Scarborough's acts)


def test_a_bombard_slips_the_plan_a_turn(scenarios: list[Scenario]) -> None:
    """Scarborough's bombarding groups fire in place of a move on turn 3 (DN-5.12): every later written order
    comes a turn later, as the route key now says."""
    scarborough = next(s for s in scenarios if s.id == "scarborough-1914")
    route = planned_routes(scarborough)["scarborough-group"]
    assert route.delays == (3,)
    assert [route.turn_of_order(i) for i in range(5)] == [1, 2, 4, 5, 6]


def test_the_validator_names_the_turn_the_engine_carries_an_order_out(tmp_path: Path) -> None:
    """GRA004 on Scarborough's fifth order (written fifth, carried out on turn 6 after the bombardment of turn 3)
    says turn 6, the turn the site's route key gives it; it said turn 5."""
    source = ROOT / "scenarios" / "dreadnought"
    for folder in ("maps", "ships", "scenarios"):
        (tmp_path / folder).mkdir()
    for name in ("maps/north-sea.yaml", "ships/hochseeflotte-1914.yaml", "ships/royal-navy-1914.yaml",
                 "ships/britain-1917.yaml", "scenarios/scarborough-1914.yaml"):
        (tmp_path / name).write_text((source / name).read_text(encoding="utf-8"), encoding="utf-8")
    scenario = tmp_path / "scenarios" / "scarborough-1914.yaml"
    text = scenario.read_text(encoding="utf-8")
    written = "orders: [M7, M6, M7, L7, L8, L9, L10, L11]"
    assert written in text
    scenario.write_text(text.replace(written, "orders: [M7, M6, M7, L7, L9, L9, L10, L11]"), encoding="utf-8")
    found = [d for d in validate([str(tmp_path)]).report.diagnostics if d.code == "GRA004"]
    assert [d.message for d in found] == ["fleet 'scarborough-group' cannot enter L9 from zone L7 on turn 6"]


@pytest.mark.rule("DN-5.12")
def test_a_minelay_fleets_route_slips_a_turn_for_each_field_it_lays() -> None:
    """The issue's case: a minelay fleet lays on its first turn at sea, so its first written move is carried out on
    turn 2 and the rest follow a turn late; the route key says so (it said turn 1)."""
    from tests.dreadnought_engine.fixtures import fleet, scenario

    scn = scenario([fleet("layers", "minelay", "Q24", ["Albatross"], ["Q23", "Q22"])], [], turns=4)
    route = planned_routes(scn)["layers"]
    assert route.delays == (1,)
    assert route.places == ("Q24", "Q23", "Q22", "Q22")
    assert [route.turn_of_order(i) for i in range(2)] == [2, 3]
    centres = {zone: (float(x), 0.0) for x, zone in enumerate(("Q24", "Q23", "Q22"))}  # the test grid has no shapes
    summary = route_summary(scn.fleet("layers"), scn.map, centres, route)
    assert (summary.farthest, summary.last) == ((3, "Q22"), (3, "Q22"))


def test_order_completions_say_the_turn_the_engine_carries_the_order_out() -> None:
    """The language server's completions for Scarborough's fourth order: the zones next to M7, to be entered on
    turn 5 (the bombardment of turn 3 slips the plan), as the route key says."""
    from admiralty.lsp.session import Session

    corpus = ROOT / "scenarios" / "dreadnought"
    session = Session.for_paths([str(corpus)])
    path = corpus / "scenarios" / "scarborough-1914.yaml"
    text = path.read_text(encoding="utf-8")
    session.open(path, text)
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if "orders: [M7, M6, M7, L7, L8" in line)
    found = session.complete(session.shown(path), row + 1, lines[row].index("L7") + 1)
    assert ("L7", "legal: next to M7 (turn 5)") in [(s.label, s.detail) for s in found]
