"""The engine's battles against the exact odds: RN-dice, RN-5 and RN-7 over 20,000 seeded games.

For a small battle the probability that the attacker wins is computed by enumerating every roll of every
die (itertools.product over six faces); the engine's frequency over seeds 0..19,999 must lie within the
99.9% normal-approximation interval around it (z = 3.29). Seeds are fixed, so the check is deterministic.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from admiralty.rulesets.renaissance.engine.game import new_game
from admiralty.rulesets.renaissance.engine.model import RenaissanceScenario, Units

from .fixtures import duel, events

GAMES = 20_000
Z = 3.29


def hit_distribution(dice: int) -> dict[int, Fraction]:
    """Exact P(hits = k) for ``dice`` dice, hits on 5 or 6, by enumerating every roll."""
    counts: dict[int, int] = {}
    for roll in itertools.product(range(1, 7), repeat=dice):
        hits = sum(1 for face in roll if face >= 5)
        counts[hits] = counts.get(hits, 0) + 1
    return {hits: Fraction(n, 6**dice) for hits, n in counts.items()}


def exact_attacker_wins(attacker_dice: int, defender_dice: int) -> Fraction:
    """P(attacker scores more hits than the defender): a tie is the defender's (RN-7)."""
    a, d = hit_distribution(attacker_dice), hit_distribution(defender_dice)
    return sum((pa * pd for (ha, pa), (hd, pd) in itertools.product(a.items(), d.items()) if ha > hd),
               Fraction(0))


def test_the_enumeration_is_exact() -> None:
    assert exact_attacker_wins(1, 0) == Fraction(1, 3)
    assert exact_attacker_wins(0, 3) == 0
    assert exact_attacker_wins(1, 1) == Fraction(1, 3) * Fraction(2, 3)


CASES = [
    # Atlantic sea battle: 2 galleons (4 dice) against 3 galleys (1 die each in the Atlantic).
    pytest.param(duel(Units(galleons=2), Units(galleys=3)), 4, 3, id="atlantic-4-vs-3"),
    # Port battle: a galleon and a rating-1 leader (3 dice) against a galley in port (2) plus 1 for
    # defending the port: 3 dice each, and the defender takes the ties.
    pytest.param(duel(Units(galleons=1), Units(galleys=1), at="harbour", attacker_rating=1), 3, 3,
                 id="port-3-vs-3"),
]


@pytest.mark.rule("RN-dice")
@pytest.mark.rule("RN-5")
@pytest.mark.rule("RN-7")
@pytest.mark.parametrize(("scenario", "attacker_dice", "defender_dice"), CASES)
def test_attacker_win_rate_matches_the_exact_odds(
    scenario: RenaissanceScenario, attacker_dice: int, defender_dice: int
) -> None:
    exact = float(exact_attacker_wins(attacker_dice, defender_dice))
    wins = 0
    for seed in range(GAMES):
        game = new_game(scenario, seed)
        assert game.is_over  # nothing to decide in these battles
        battle = events(game, "battle")[0]
        assert (battle["attacker"]["total"], battle["defender"]["total"]) == (attacker_dice, defender_dice)
        wins += events(game, "winner")[0]["side"] == "attacker"
    half_width = Z * math.sqrt(exact * (1 - exact) / GAMES)
    assert abs(wins / GAMES - exact) <= half_width, (wins / GAMES, exact, half_width)
