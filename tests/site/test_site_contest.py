"""The contest rating at its bounds, the never-won flag, round histogram bins and the work a game takes."""

from __future__ import annotations

import pytest

from admiralty.site.charts import _bins, nice_step
from admiralty.site.contest import DRAWISH, ONE_SIDED, Work, contest, difficulty_of, never_won_text, work_from
from admiralty.site.smoke import Balance, SideStats, wilson_interval


def side(name: str, wins: int, games: int, interval: tuple[float, float] | None = None) -> SideStats:
    return SideStats(name, wins, wins / games, interval or wilson_interval(wins, games))


def balance(*sides: SideStats, games: int = 100, draws: int = 0) -> Balance:
    return Balance("scripted", games, sides, draws, None, None)


def test_one_sided_at_the_bound_of_the_favourites_interval() -> None:
    assert contest(balance(side("a", 80, 100, (ONE_SIDED, 0.9)), side("b", 20, 100, (0.1, 0.3)))) == "one-sided"
    just_under = (ONE_SIDED - 0.0001, 0.9)
    assert contest(balance(side("a", 80, 100, just_under), side("b", 20, 100, (0.1, 0.3)))) == "lopsided"


def test_one_sided_when_no_other_side_ever_won() -> None:
    assert contest(balance(side("a", 30, 100), side("b", 0, 100), draws=70)) == "one-sided"  # Ancona's 100-0


def test_drawish_at_the_draw_rate_bound() -> None:
    draws = round(DRAWISH * 100)
    assert contest(balance(side("a", 30, 100), side("b", 30, 100), draws=draws)) == "drawish"
    assert contest(balance(side("a", 31, 100), side("b", 30, 100), draws=draws - 1)) == "balanced"


def test_lopsided_only_when_the_intervals_part() -> None:
    assert contest(balance(side("a", 60, 100, (0.5, 0.7)), side("b", 40, 100, (0.3, 0.5)))) == "balanced"  # touch
    assert contest(balance(side("a", 60, 100, (0.5001, 0.7)), side("b", 40, 100, (0.3, 0.5)))) == "lopsided"


def test_no_rating_with_one_side_or_no_games() -> None:
    assert contest(balance(side("a", 5, 10))) is None
    assert contest(balance(games=0)) is None


def test_seats_that_never_won_are_named_and_explained() -> None:
    games = balance(side("ottoman", 14, 40), side("hapsburg", 0, 40), side("venice", 4, 40), side("papacy", 0, 40),
                    games=40)
    names = {"ottoman": "Ottoman", "hapsburg": "Hapsburg", "venice": "Venice", "papacy": "Papacy"}
    text = never_won_text(games, names, [("hapsburg", "venice", "papacy")])
    assert text.startswith("Hapsburg, Papacy never won in the 40 games") and "alliance with Venice" in text
    assert never_won_text(balance(side("a", 5, 10), side("b", 5, 10)), {}) == ""
    assert never_won_text(balance(side("a", 0, 10), side("b", 0, 10)), {}) == ""  # all drawn: nobody flagged


@pytest.mark.parametrize(("span", "step"), [(1, 1.0), (30, 1.0), (31, 2.0), (61, 5.0), (1286, 50.0)])
def test_histogram_bins_are_round(span: float, step: float) -> None:
    assert nice_step(span) == step


def test_bins_label_whole_victory_points() -> None:
    bins = _bins([(float(v), 1) for v in range(0, 1286, 7)])
    assert bins[0][0] == "0–49" and bins[1][0] == "50–99" and len(bins) <= 30
    assert sum(n for _, n in bins) == len(range(0, 1286, 7))


def test_work_counts_moves_battles_and_rolls() -> None:
    events = [{"type": "game-started"}, {"type": "fleet-moved", "turn": 1}, {"type": "battle", "turn": 1},
              {"type": "ship-damaged", "turn": 1}, {"type": "points", "turn": 1}, {"type": "fleet-moved", "turn": 2}]
    kinds = {"fleet-moved": "move", "battle": "battle", "ship-damaged": "damage", "points": "points"}
    work = work_from(9, None, events, kinds)
    assert work == Work(pieces=9, moves=2, battles=1, steps=1, turns=2)
    assert work_from(9, 3, []) is None
    assert difficulty_of(Work(40, 0, 0, 0, 1)) == "introductory"
    assert difficulty_of(Work(41, 0, 0, 0, 1)) == "intermediate"
    assert difficulty_of(Work(200, 0, 0, 0, 1)) == "intermediate"
    assert difficulty_of(Work(198, 0, 1, 0, 1)) == "advanced"
