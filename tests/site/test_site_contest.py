"""The contest rating at its bounds, the never-won flag, round histogram bins and the work a game takes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from admiralty.site.charts import _bins, nice_step
from admiralty.site.contest import (
    DRAWISH,
    ONE_SIDED,
    Work,
    contest,
    difficulty_of,
    minutes_text,
    never_won_text,
    work_from,
)
from admiralty.site.context import SiteContext
from admiralty.site.glance import glance_box
from admiralty.site.replaytext import kind
from admiralty.site.scenarioindex import work_of
from admiralty.site.smoke import Balance, EventMeans, SideStats, read_smoke, wilson_interval

ROOT = Path(__file__).resolve().parents[2]


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
    events: list[dict[str, Any]] = [
        {"type": "game-started"}, {"type": "fleet-moved", "turn": 1}, {"type": "battle", "turn": 1},
        {"type": "ship-damaged", "turn": 1}, {"type": "points", "turn": 1}, {"type": "fleet-moved", "turn": 2}]
    kinds = {"fleet-moved": "move", "battle": "battle", "ship-damaged": "damage", "points": "points"}
    work = work_from(9, None, events, kinds)
    assert work == Work(pieces=9, moves=2, battles=1, steps=1, turns=2)
    assert work_from(9, 3, []) is None
    measured = EventMeans("scripted", 40, 6.4, (("battle", 0.6), ("fleet-moved", 3.5), ("ship-damaged", 1.25)))
    assert work_from(9, None, events, kinds, measured) == Work(9, 4, 1, 1, 6, games=40)  # the means, not the sample
    assert work_from(9, 3, events, kinds, EventMeans("scripted", 40, 6.4, ())) == Work(9, 2, 1, 1, 3)  # fallback
    assert work_from(9, None, None, kinds, measured) is not None  # measured games need no sample game
    assert difficulty_of(Work(40, 0, 0, 0, 1)) == "introductory"
    assert difficulty_of(Work(41, 0, 0, 0, 1)) == "intermediate"
    assert difficulty_of(Work(200, 0, 0, 0, 1)) == "intermediate"
    assert difficulty_of(Work(198, 0, 1, 0, 1)) == "advanced"


def test_a_corpus_scenarios_playing_time_comes_from_its_measured_games(tmp_path: Path) -> None:
    from admiralty.site.pages import renderers
    from admiralty.smoke.runner import play_smoke_game
    from admiralty.smoke.stats import summarise
    from admiralty.validator.pipeline import validate

    scenario = next(s for s in validate([str(ROOT / "scenarios" / "dreadnought")]).scenarios
                    if s.id == "cape-sarych-1914")
    outcomes = [play_smoke_game(scenario, seed, "scripted", replay_dir=str(tmp_path / "replays"), sample=seed == 0)
                for seed in range(3)]
    stats = summarise(scenario, outcomes)
    (tmp_path / f"{scenario.id}.json").write_text(stats.dumps(), encoding="utf-8")
    size, work = work_of(scenario, SiteContext(smoke_dir=tmp_path))
    assert stats.events is not None and size is not None and work is not None and work.games == 3
    replay = renderers()["dreadnought"].replay
    tally = {"move": 0.0, "battle": 0.0}
    for event_type, mean in stats.events.means:  # the three games' mean counts, mapped by the rule system's words
        what = kind({"type": event_type}, replay.kinds if replay else None)
        tally[what] = tally.get(what, 0.0) + mean
    assert (work.moves, work.battles) == (round(tally["move"]), round(tally["battle"]))
    box = glance_box(size, scenario.turns, read_smoke(tmp_path, scenario.id), scenario.side_names(), work=work)
    assert f"{minutes_text(work.minutes)} ({work.moves} moves" in box and "over 3 measured games" in box
    # Statistics written before the means were measured: the sample game's work, said so.
    old = json.loads(stats.dumps())
    del old["events"]
    (tmp_path / f"{scenario.id}.json").write_text(json.dumps(old), encoding="utf-8")
    _, sampled = work_of(scenario, SiteContext(smoke_dir=tmp_path))
    assert sampled is not None and sampled.games is None and sampled.source() == "in the sample game"
