"""RN-16.3: naval transport through connected sea zones holding the power's naval units."""

from __future__ import annotations

from dataclasses import replace

import pytest

from admiralty.rulesets.renaissance.engine.game import new_game
from admiralty.rulesets.renaissance.engine.model import RenaissanceScenario, Transport, Units
from admiralty.rulesets.renaissance.engine.transport import transport_path

from .fixtures import events, ionian_map, preveza_1538

IONIAN = ionian_map()


@pytest.mark.rule("RN-16.3")
def test_a_path_needs_own_ships_in_every_sea_zone_of_it() -> None:
    # Venice to Naples: Adriatic, Ionian, Tyrrhenian.
    assert transport_path(IONIAN, {"adriatic-sea", "ionian-sea", "tyrrhenian-sea"}, "venice", "naples") == [
        "adriatic-sea", "ionian-sea", "tyrrhenian-sea"]
    # A gap in the chain (no ships in the Ionian Sea): impossible.
    assert transport_path(IONIAN, {"adriatic-sea", "tyrrhenian-sea"}, "venice", "naples") is None
    # One zone is enough when both ports open on it.
    assert transport_path(IONIAN, {"ionian-sea"}, "messina", "corfu") == ["ionian-sea"]
    # Ships elsewhere do not help.
    assert transport_path(IONIAN, {"aegean-sea", "barbary-coast"}, "messina", "corfu") is None


@pytest.mark.rule("RN-16.3")
def test_the_shortest_chain_is_taken_and_ties_go_to_the_first_zone() -> None:
    every_sea = set(IONIAN.seas)
    # Corfu opens on the Ionian and the Adriatic: through the Ionian is one zone shorter.
    assert transport_path(IONIAN, every_sea, "corfu", "naples") == ["ionian-sea", "tyrrhenian-sea"]
    # Messina to Algiers is two zones either way: the Ionian comes first in Messina's list.
    assert transport_path(IONIAN, every_sea, "messina", "algiers") == ["ionian-sea", "barbary-coast"]


def _transport_only(units: dict[str, dict[str, Units]]) -> RenaissanceScenario:
    return replace(preveza_1538(), units=units,
                   actions=(Transport("hapsburg", "spanish-tercio", "messina", "venice"),))


@pytest.mark.rule("RN-16.3")
def test_the_formation_moves_when_its_power_holds_the_chain() -> None:
    units = {"ionian-sea": {"hapsburg": Units(galleys=1)}, "adriatic-sea": {"hapsburg": Units(galleons=1)}}
    game = new_game(_transport_only(units), seed=0)
    assert game.is_over
    moved = events(game, "transport")[0]
    assert (moved["rule"], moved["path"]) == ("RN-16.3", ["ionian-sea", "adriatic-sea"])
    assert game.state.formation_at["spanish-tercio"] == "venice"


@pytest.mark.rule("RN-16.3")
def test_allied_ships_do_not_carry_the_formation() -> None:
    units = {"ionian-sea": {"hapsburg": Units(galleys=1)}, "adriatic-sea": {"venice": Units(galleys=3)}}
    game = new_game(_transport_only(units), seed=0)
    assert events(game, "transport") == []
    assert events(game, "transport-impossible")[0]["reason"].startswith("no chain")
    assert game.state.formation_at["spanish-tercio"] == "messina"


@pytest.mark.rule("RN-16.3")
def test_a_formation_not_in_the_starting_port_does_not_move() -> None:
    scenario = replace(preveza_1538(), actions=(Transport("hapsburg", "spanish-tercio", "naples", "corfu"),))
    game = new_game(scenario, seed=0)
    assert "messina" in events(game, "transport-impossible")[0]["reason"]
