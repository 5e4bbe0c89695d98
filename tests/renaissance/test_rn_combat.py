"""RN-5 hits, RN-7 the winner, RN-8 losses: pure functions with given rolls, then whole battles with loaded
dice (rolled in this order: attacker's dice, defender's dice, then any reaction's)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from admiralty.engine.api import Action
from admiralty.rulesets.renaissance.engine.combat import (
    assess_losses,
    battle_winner,
    count_hits,
    keeper,
    loss_options,
    ship_steps,
)
from admiralty.rulesets.renaissance.engine.game import RenaissanceGame
from admiralty.rulesets.renaissance.engine.model import Units
from admiralty.rulesets.renaissance.engine.tables import load_tables

from .fixtures import duel, duel_map, events, run

TABLES = load_tables()


# RN-5 ------------------------------------------------------------------------------------------------

@pytest.mark.rule("RN-5")
@pytest.mark.parametrize(("face", "hit"), [(1, 0), (2, 0), (3, 0), (4, 0), (5, 1), (6, 1)])
def test_each_five_or_six_is_a_hit(face: int, hit: int) -> None:
    assert count_hits([face], TABLES) == hit
    assert count_hits([face] * 7, TABLES) == 7 * hit


@pytest.mark.rule("RN-5")
def test_both_sides_roll_and_count_their_hits() -> None:
    game = run(duel(Units(galleons=2), Units(galleons=1)), dice=[5, 6, 4, 1, 6, 3])
    rolls = {e["side"]: (e["rolls"], e["hits"]) for e in events(game, "roll")}
    assert rolls == {"attacker": ([5, 6, 4, 1], 2), "defender": ([6, 3], 1)}


# RN-7 ------------------------------------------------------------------------------------------------

@pytest.mark.rule("RN-7")
@pytest.mark.parametrize(("attacker", "defender", "winner"), [(3, 2, "attacker"), (2, 2, "defender"),
                                                                (0, 0, "defender"), (1, 4, "defender")])
def test_more_hits_wins_and_a_tie_goes_to_the_defender(attacker: int, defender: int, winner: str) -> None:
    assert battle_winner(attacker, defender) == winner


@pytest.mark.rule("RN-7")
def test_a_tied_battle_is_won_by_the_defender() -> None:
    game = run(duel(Units(galleons=2), Units(galleons=2)), dice=[6, 1, 1, 1, 5, 1, 1, 1])
    winner = events(game, "winner")[0]
    assert winner["hits"] == {"attacker": 1, "defender": 1}
    assert (winner["side"], winner["power"]) == ("defender", "blue")


# RN-8 ------------------------------------------------------------------------------------------------

@pytest.mark.rule("RN-8")
def test_three_hits_against_the_loser_kill_two_units() -> None:
    losses = assess_losses(3, 0, Units(galleys=4), "venice", "mediterranean", True, TABLES)
    assert (losses.ships, losses.odd_hit_sank) == (2, True)
    # The same in a battle: 3 hits on the defender, who scores none and loses.
    game = run(duel(Units(galleons=2), Units(galleys=4)), dice=[5, 6, 6, 1, 1, 1, 1, 1])
    assert events(game, "winner")[0]["side"] == "attacker"
    assert [e["unit"] for e in events(game, "unit-lost")] == ["galleys", "galleys"]
    assert game.state.units_of("harbour", "blue") == Units(galleys=2)  # retreated to its own port


@pytest.mark.rule("RN-8")
def test_an_odd_hit_against_the_winner_is_ignored() -> None:
    assert assess_losses(3, 0, Units(galleys=4), "venice", "mediterranean", False, TABLES).ships == 1
    assert assess_losses(1, 0, Units(galleys=4), "venice", "mediterranean", False, TABLES).ships == 0
    assert assess_losses(1, 0, Units(galleys=4), "venice", "mediterranean", True, TABLES).ships == 1


@pytest.mark.rule("RN-8")
def test_losses_stop_when_nothing_is_left() -> None:
    losses = assess_losses(9, 0, Units(galleys=2), "venice", "mediterranean", True, TABLES)
    assert (losses.ships, losses.odd_hit_sank) == (2, False)


@pytest.mark.rule("RN-8")
def test_the_owner_chooses_which_units_to_lose() -> None:
    def lose_galleons(game: RenaissanceGame, side: str, legal: list[Action]) -> Action:
        assert game.decision is not None and game.decision.kind == "lose" and side == "blue"
        assert legal == [{"lose": "galleys"}, {"lose": "galleons"}]
        return {"lose": "galleons"}

    # Atlantic: defender 2 galleys (1 die each) + 1 galleon (2) = 4 dice; it takes 2 hits and wins the tie.
    game = run(duel(Units(galleons=1), Units(galleys=2, galleons=1)), dice=[5, 6, 6, 5, 1, 1],
               policy=lose_galleons)
    assert [e["unit"] for e in events(game, "unit-lost") if e["power"] == "blue"] == ["galleons"]
    assert game.state.units_of("open-sea", "blue") == Units(galleys=2)


@pytest.mark.rule("RN-8")
def test_an_armada_step_is_one_loss() -> None:
    armada = Units(galleons=1, armada=8)
    assert ship_steps(armada, TABLES) == 5
    assert loss_options(armada, TABLES) == ["galleons", "armada"]
    game = run(duel(Units(galleons=4), Units(armada=8)), dice=[5, 6] + [1] * 6 + [1] * 8)
    assert game.state.units_of("harbour", "blue") == Units(armada=6)


@pytest.mark.rule("RN-8")
def test_flush_deck_galleon_ignores_a_hit_on_a_five_for_losses_but_not_for_the_winner() -> None:
    # Alone: 3 hits (two of them 5s) against England's 2 flush-deck galleons: 2 ignored, 1 left: the
    # loser's odd hit sinks one galleon instead of two.
    england = Units(flush_deck_galleons=2, galleons=1)
    losses = assess_losses(3, 2, england, "england", "atlantic", True, TABLES)
    assert (losses.ignored, losses.ships) == (2, 1)
    # In a port the galleons ignore nothing; another power's flush-deck galleons ignore nothing.
    assert assess_losses(3, 2, england, "england", "port", True, TABLES).ships == 2
    assert assess_losses(3, 2, england, "france", "atlantic", True, TABLES).ships == 2
    # In a battle: Spain rolls 5, 5, 6 (3 hits), England 6, 5 then misses (2 hits): Spain wins with all
    # three hits though two of them sink nothing.
    scenario = duel(Units(galleons=2), england, attacker_power="hapsburg", defender_power="england")
    game = run(scenario, dice=[5, 5, 6, 1, 6, 5, 1, 1, 1, 1])
    assert events(game, "winner")[0]["hits"] == {"attacker": 3, "defender": 2}
    assert events(game, "winner")[0]["side"] == "attacker"
    england_losses = next(e for e in events(game, "losses") if e["power"] == "england")
    assert (england_losses["ignored_fives"], england_losses["ships"]) == (2, 1)


@pytest.mark.rule("RN-8")
def test_hits_left_against_the_ottoman_sink_corsairs() -> None:
    # 5 hits: two pairs, only one galley; three hits left, each a corsair.
    losses = assess_losses(5, 0, Units(galleys=1, corsairs=4), "ottoman", "mediterranean", False, TABLES)
    assert (losses.ships, losses.corsairs) == (1, 3)
    # While galleys remain, corsairs are safe (literal reading); the odd hit sinks a galley of the loser.
    literal = assess_losses(3, 0, Units(galleys=2, corsairs=2), "ottoman", "mediterranean", True, TABLES)
    assert (literal.ships, literal.corsairs) == (2, 0)
    other = assess_losses(3, 0, Units(galleys=2, corsairs=2), "ottoman", "mediterranean", True, TABLES,
                          corsair_mode="leftover")
    assert (other.ships, other.corsairs) == (1, 1)
    # Only the Ottoman loses corsairs this way.
    assert assess_losses(5, 0, Units(galleys=1, corsairs=4), "venice", "mediterranean", False,
                         TABLES).corsairs == 0


@pytest.mark.rule("RN-8")
def test_both_wiped_out_with_equal_dice_the_defender_keeps_one_unit() -> None:
    assert keeper(4, 4) == "defender"
    assert keeper(5, 4) == "attacker"
    assert keeper(3, 4) == "defender"
    game = run(duel(Units(galleons=1), Units(galleons=1)), dice=[5, 6, 6, 5])
    assert events(game, "unit-kept")[0]["power"] == "blue"
    assert game.state.units_of("open-sea", "blue") == Units(galleons=1)
    assert game.state.units_of("open-sea", "red").is_empty
    # The kept unit is not lost: only the attacker's galleon goes on the turn track.
    assert game.state.destroyed == {"red": Units(galleons=1), "blue": Units()}


@pytest.mark.rule("RN-8")
def test_both_wiped_out_the_side_that_rolled_more_dice_keeps_one() -> None:
    # Attacker 2 galleons + rating 1 = 5 dice, defender 1 galleon + rating 2 = 4 dice; 4 hits each.
    scenario = duel(Units(galleons=2), Units(galleons=1), attacker_rating=1, defender_rating=2,
                    sea_map=duel_map(red_port=True))
    game = run(scenario, dice=[5, 6, 5, 6, 1, 5, 6, 5, 6])
    assert events(game, "winner")[0]["side"] == "defender"
    assert events(game, "unit-kept")[0]["power"] == "red"
    # The kept galleon lost the battle: it retreats to red's port (RN-9).
    assert game.state.units_of("haven", "red") == Units(galleons=1)


@st.composite
def _units(draw: st.DrawFn) -> Units:
    return Units(
        galleys=draw(st.integers(0, 6)),
        galleons=draw(st.integers(0, 4)),
        flush_deck_galleons=draw(st.integers(0, 4)),
        corsairs=draw(st.integers(0, 6)),
        armada=draw(st.sampled_from([0, 2, 4, 6, 8])),
    )


@pytest.mark.rule("RN-8")
@given(
    units=_units(),
    hits=st.integers(0, 30),
    fives=st.integers(0, 30),
    power=st.sampled_from(["england", "ottoman", "venice"]),
    zone=st.sampled_from(["atlantic", "mediterranean", "port"]),
    lost=st.booleans(),
)
def test_losses_never_exceed_what_is_there_nor_what_was_hit(
    units: Units, hits: int, fives: int, power: str, zone: str, lost: bool
) -> None:
    fives = min(fives, hits)
    losses = assess_losses(hits, fives, units, power, zone, lost, TABLES)  # type: ignore[arg-type]
    effective = hits - losses.ignored
    assert 0 <= losses.ships <= ship_steps(units, TABLES)
    assert 0 <= losses.corsairs <= units.corsairs
    assert losses.ignored <= min(fives, units.flush_deck_galleons)
    # Two hits per ship, one per corsair, one for the loser's odd hit: never more than the hits.
    assert 2 * losses.ships + losses.corsairs <= effective + int(losses.odd_hit_sank)
    if not lost:
        assert not losses.odd_hit_sank
    if power != "ottoman":
        assert losses.corsairs == 0
    expected = min(effective // 2, ship_steps(units, TABLES))
    assert losses.ships in (expected, expected + 1)
