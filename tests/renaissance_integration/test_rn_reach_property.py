"""Property: whatever the set-up and the actions, a battle or transport the checks call impossible is never
fought or made in play (the checks' reasoning over retreats is sound)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from admiralty.engine.model.common import Source
from admiralty.rulesets.renaissance.engine.model import (
    Battle,
    LandFormation,
    NavalAction,
    RenaissanceMap,
    RenaissanceScenario,
    Transport,
    Units,
)
from admiralty.rulesets.renaissance.validator.checks import scripted_actions_can_be_played
from admiralty.validator.checks import CheckContext
from admiralty.validator.pipeline import validate

from .helpers import TEST_MAP, action_index, play_once

POWERS = ("ottoman", "hapsburg", "venice")
ENEMIES = [("ottoman", "hapsburg"), ("hapsburg", "ottoman"), ("ottoman", "venice"), ("venice", "ottoman")]
WHERE = Source("generated.yaml")


@cache
def the_map() -> RenaissanceMap:
    (sea_map,) = validate([str(TEST_MAP)]).models
    assert isinstance(sea_map, RenaissanceMap)
    return sea_map


PLACES = sorted([*the_map().seas, *the_map().ports])
PORTS = sorted(the_map().ports)
SEAS = sorted(the_map().seas)


@st.composite
def scenarios(draw: st.DrawFn) -> RenaissanceScenario:
    """Random actions on the test map; most battles get both sides placed where they are fought, so that
    battles that can be fought, battles that cannot, and transports of both kinds all turn up."""
    units: dict[str, dict[str, Units]] = {}

    def place(where: str, power: str) -> None:
        units.setdefault(where, {})[power] = Units(galleys=draw(st.integers(1, 3)))

    start = draw(st.sampled_from(PORTS))
    for sea in draw(st.lists(st.sampled_from(SEAS), min_size=1, max_size=4)):  # ships for the transports
        place(sea, "hapsburg")
    actions: list[NavalAction] = []
    for index in range(draw(st.integers(1, 6))):
        source = WHERE.child("actions", index)
        if draw(st.booleans()):
            attacker, defender = draw(st.sampled_from(ENEMIES))
            at = draw(st.sampled_from(PLACES))
            if draw(st.integers(0, 3)):  # three times in four, both sides start there
                place(at, attacker)
                place(at, defender)
            actions.append(Battle(attacker, defender, at, source=source))
        else:
            origin = draw(st.sampled_from([start, start, start, *PORTS]))
            actions.append(Transport("hapsburg", "tercio", origin, draw(st.sampled_from(PORTS)), source=source))
    for where, power in draw(st.lists(st.tuples(st.sampled_from(PLACES), st.sampled_from(POWERS)), max_size=6)):
        place(where, power)
    return RenaissanceScenario(
        id="generated", title="Generated", map=the_map(), powers=POWERS, units=units,
        formations={"tercio": LandFormation("tercio", "hapsburg", start, 2)},
        actions=tuple(actions), alliances=(("hapsburg", "venice"),), source=WHERE)


@pytest.mark.rule("RN-9")
@pytest.mark.rule("RN-16.3")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_what_the_checks_call_impossible_never_happens(scenario: RenaissanceScenario) -> None:
    found = list(scripted_actions_can_be_played(scenario, CheckContext({})))
    never_battles = {action_index(d) for d in found if d.code == "RN-battle-absent"}
    never_transports = {action_index(d) for d in found if d.code == "RN-16.3"}
    for seed in range(8):
        for kind in ("random", "heuristic"):
            game = play_once(scenario, seed, dict.fromkeys(POWERS, kind))
            for event in game.events:
                assert not (event["type"] == "battle" and event["battle"] in never_battles), event
                assert not (event["type"] == "transport" and event["action"] in never_transports), event
