"""Issue 15, rules fidelity round two: clauses read against the seeds' own text (dreadnought)."""

from __future__ import annotations

import pytest

from admiralty.engine.rulesets.dreadnought.battle_types import BattleOutcome

from .fixtures import ALWAYS_CONTACT, FakeResolver, drive, events, fleet, rules, scenario, start


def _offers(outcome: BattleOutcome) -> dict[str, list[str]]:
    """Every ``pursue:`` action offered to each side after one battle in T10 between two intercept fleets."""
    scn = scenario([fleet("hunters", "intercept", "T10", ["Rostock", "Frankfurt"])],
                   [fleet("fleet-4", "intercept", "U9", ["Canada", "Superb"], ["T10", "T11", "T12"])],
                   turns=3, rules=rules(ALWAYS_CONTACT))
    offered: dict[str, list[str]] = {"central": [], "entente": []}

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        offered[side].extend(str(a) for a in legal if str(a).startswith("pursue:"))
    drive(start(scn, battle=FakeResolver(outcome)), policy)
    return offered


@pytest.mark.rule("DN-5.23")
def test_only_the_side_that_stayed_may_pursue_the_fleets_that_left() -> None:
    """Seed 001, 5.23: a fleet may try to pursue the enemy when *the enemy* left the tactical map. The side
    that left is not offered pursuit of the side that stayed."""
    offered = _offers(BattleOutcome(left="entente"))
    assert offered["entente"] == []
    assert offered["central"] and set(offered["central"]) == {"pursue:fleet-4"}
    offered = _offers(BattleOutcome(left="central"))
    assert offered["central"] == [] and set(offered["entente"]) == {"pursue:hunters"}


@pytest.mark.rule("DN-5.23")
def test_after_lost_contact_either_side_may_pursue() -> None:
    """Seed 001, 5.23: a battle that ended with the sides out of sight (7.27) allows pursuit by both."""
    offered = _offers(BattleOutcome(contact_lost=True))
    assert set(offered["central"]) == {"pursue:fleet-4"} and set(offered["entente"]) == {"pursue:hunters"}


def _abort_offers(option: str) -> tuple[list[str], str]:
    """The abort ports offered to an intercept fleet in Q30 (Danzig two steps away, Kiel six), and where
    the abort took it after choosing the farthest one offered."""
    scn = scenario([fleet("fleet-1", "intercept", "Q30", ["Rostock"])], [], turns=10, rules=rules(abort_port=option))
    offered: list[str] = []

    def policy(g, side, legal):  # type: ignore[no-untyped-def]
        aborts = sorted(str(a) for a in legal if str(a).startswith("abort:"))
        if g.state.turn == 1 and aborts:
            offered.extend(aborts)
            return "abort:kiel" if "abort:kiel" in aborts else aborts[0]
        return None
    game = drive(start(scn), policy)
    return offered, events(game, "mission-aborted")[0]["port"]


@pytest.mark.rule("DN-5.2-abort")
def test_abort_heads_for_the_nearest_friendly_port_by_default() -> None:
    """Seed 001, 5.2 (abort): the aborting fleet's moves must take it to a friendly port by the shortest
    route. Read literally that is the nearest port; picking any reachable port is the scenario option."""
    assert _abort_offers("nearest") == (["abort:danzig"], "danzig")
    assert _abort_offers("any") == (["abort:cattaro", "abort:danzig", "abort:kiel", "abort:pola"], "kiel")
