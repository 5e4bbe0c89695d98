"""Smoke statistics are one frozen type: ``summarise`` builds it, ``to_json`` writes it, ``from_json`` reads it back
(defensively: a malformed field is left out, never a traceback)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from admiralty.engine.protocols import ScenarioModel
from admiralty.smoke.eventmeans import EventMeans
from admiralty.smoke.runner import play_smoke_game
from admiralty.smoke.stats import summarise
from admiralty.smoke.summary import (
    FAILURE_KINDS,
    BalanceCheck,
    FailedGame,
    LengthStats,
    PartialRun,
    PlayerStats,
    SequentialStats,
    SideStats,
    SmokeStats,
)

FIRST = SideStats("venice", 3, 0.3, (0.1, 0.6), 4.5, ((0.0, 4), (2.5, 3), (12.0, 3)))
SECOND = SideStats("ottoman", 5, 0.5, (0.2, 0.8), 7, ((1.0, 10),))
STATS = SmokeStats(
    scenario="preveza-1538", games=12, sides=(FIRST, SECOND), draws=2, players=("random", "scripted"),
    ruleset="renaissance", title="Preveza", games_per_player=(("random", 2), ("scripted", 10)),
    failures=(("crash", 1), ("timeout", 1)), length=LengthStats(3.5, 0.5, 3, 4),
    balance_check=BalanceCheck((0, 1), 0.3, "venice", True, "scripted", 10, (0.1, 0.6)),
    by_player=(("random", PlayerStats(0, (), 0)),
               ("scripted", PlayerStats(10, (SideStats("venice", 3, 0.3, (0.1, 0.6)),), 2))),
    failed_games=(FailedGame("random", 3, "crash", "boom", "replays/x.jsonl"),
                  FailedGame("random", 4, "timeout", "slow", None)),
    event_hashes=(("random:3", "ab"), ("scripted:0", "cd")),
    sequential=SequentialStats(0.95, 10, 10, 20, None, 10, (0.05, 0.7)),
)


def test_what_is_written_reads_back_equal_and_writes_the_same_bytes() -> None:
    for stats in (STATS, replace(STATS, sequential=None, partial=PartialRun("interrupted by SIGINT", 40))):
        text = stats.dumps()
        again = SmokeStats.from_json(json.loads(text))
        assert again == stats
        assert again is not None and again.dumps() == text


def test_the_file_keeps_every_failure_kind_and_the_numbers_types() -> None:
    data = json.loads(STATS.dumps())
    assert data["failures"] == {kind: {"crash": 1, "timeout": 1}.get(kind, 0) for kind in FAILURE_KINDS}
    assert data["balance"]["expected"] == [0, 1] and isinstance(data["balance"]["expected"][1], int)
    assert data["sides"]["venice"]["vp"]["histogram"] == {"0": 4, "2.5": 3, "12": 3}
    assert "vp" not in data["by_player"]["scripted"]["sides"]["venice"]  # per kind: wins only
    assert "partial" not in data and data["sequential"]["verdict"] is None
    partial = json.loads(replace(STATS, partial=PartialRun("stalled", 40)).dumps())
    assert (partial["partial"], partial["reason"], partial["planned_games"]) == (True, "stalled", 40)


def test_a_malformed_file_reads_as_less_never_as_a_traceback() -> None:
    assert SmokeStats.from_json([1, 2]) is None
    assert SmokeStats.from_json({"games": "many"}) is None
    assert SmokeStats.from_json({"games": -1}) is None
    odd = SmokeStats.from_json({
        "games": 10, "sides": {"a": {"wins": 3, "vp": {"mean": "x", "histogram": {"two": 1, "3": 2}}}, "b": "x"},
        "failures": {"crash": True, "timeout": 2}, "length": {"mean": 2, "min": 5, "max": 4},
        "balance": {"expected": [0.9, 0.1], "in_band": "yes", "games": 0}, "failed_games": [{"seed": 1.5}, 7],
        "sequential": {"confidence": 0.95}, "partial": "yes", "event_hashes": {"random:1": 5},
    })
    assert odd is not None and odd.games == 10
    assert [s.side for s in odd.sides] == ["a"] and odd.sides[0].vp_mean is None
    assert odd.sides[0].vp_histogram == ((3.0, 2),) and odd.sides[0].rate == 0.3
    assert odd.failures == (("timeout", 2),)
    assert odd.length_mean == 2 and odd.length_range is None  # the shortest game longer than the longest
    assert odd.expected is None and odd.in_band is None and odd.balance_games is None
    assert odd.failed_games == () and odd.sequential is None and odd.partial is None and odd.event_hashes == ()


def test_the_balance_is_judged_on_the_balance_kinds_games() -> None:
    balance = STATS.balance()
    assert (balance.player, balance.games, balance.draws) == ("scripted", 10, 2)
    assert balance.first is not None and balance.first.side == "venice" and balance.who() == (
        "10 games with scripted players on every side")
    # a kind with no finished game is no balance figure: an older file's first-side rate is shown instead
    lost = replace(STATS, by_player=(("scripted", PlayerStats(0, (), 0)),))
    assert lost.balance().games == 10 and lost.balance().draws is None


MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini"


def _mini() -> ScenarioModel:
    from admiralty.validator.pipeline import validate

    return next(s for s in validate([str(MINI)]).scenarios if s.id == "mini-raid")


def test_the_event_means_are_a_hand_count_over_the_balance_kinds_finished_games(tmp_path: Path) -> None:
    scenario = _mini()
    outcomes, logs = [], []
    for player, seed in (("scripted", 0), ("scripted", 1), ("scripted", 2), ("random", 0)):
        folder = tmp_path / f"{player}-{seed}"  # each game kept whole (a sample) to count its events by hand
        outcomes.append(play_smoke_game(scenario, seed, player, replay_dir=str(folder), sample=True))
        tail = (folder / "mini-raid-sample.jsonl").read_text(encoding="utf-8").splitlines()[-1]
        logs.append((player, json.loads(tail)["events"]))
    stats = summarise(scenario, outcomes)
    assert stats.balance_player == "scripted"
    balance_logs = [events for player, events in logs if player == "scripted"]
    hand: dict[str, int] = {}
    for events in balance_logs:
        for event in events:
            hand[event["type"]] = hand.get(event["type"], 0) + 1
    assert stats.events is not None and stats.events.player == "scripted" and stats.events.games == 3
    assert dict(stats.events.means) == {kind: n / 3 for kind, n in sorted(hand.items())}
    assert stats.events.turns == sum(o.turns for o in outcomes if o.player == "scripted") / 3
    written = json.loads(stats.dumps())["events"]
    assert written["games"] == 3 and list(written["means"]) == sorted(hand)
    assert written["means"] == {kind: round(n / 3, 3) for kind, n in hand.items()}
    assert SmokeStats.from_json(json.loads(stats.dumps())).dumps() == stats.dumps()  # type: ignore[union-attr]
    assert summarise(scenario, []).events is None  # no finished game: nothing measured


def test_an_older_file_without_event_means_still_reads() -> None:
    old = json.loads(STATS.dumps())
    assert "events" not in old  # a file without means writes none
    stats = SmokeStats.from_json(old)
    assert stats is not None and stats.events is None and stats.games == 12
    for broken in ("many", {"games": 0, "means": {"fleet-moved": 2}}, {"games": "3"}):
        assert SmokeStats.from_json({**old, "events": broken}).events is None  # type: ignore[union-attr]
    odd = SmokeStats.from_json({**old, "events": {"games": 2, "means": {"a": -1, "b": "x", "c": 1.5}}})
    assert odd is not None and odd.events == EventMeans(None, 2, 0.0, (("c", 1.5),))
