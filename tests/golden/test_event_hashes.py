"""Refactors keep every corpus game: the event-log hashes of the games ``admiralty build`` plays (each
scenario's ``smoke.games`` seeds of each of its ``smoke.players`` kinds) equal those recorded in
event_hashes.json (re-record with ``python tests/golden/record.py`` only with a fidelity fix that says which
games it changes), and none of those games fails (a crash, a broken invariant, a dead end). This is the
suite's one pass over all the corpus games: the sweep and tactical corpus tests play fewer, for what they add
(the sweep's statistics, replays, other battle players)."""

from __future__ import annotations

import json

import pytest

from tests.golden.record import GOLDEN, corpus_games, corpus_scenarios, games_hash

RECORDED: dict[str, dict[str, str]] = json.loads(GOLDEN.read_text())
GAMES = [(scenario, kind) for scenario in corpus_scenarios() for kind in corpus_games(scenario)[0]]


def test_every_scenario_and_player_kind_of_the_corpus_is_recorded() -> None:
    assert {s.id: sorted(corpus_games(s)[0]) for s, _ in GAMES} == {k: sorted(v) for k, v in RECORDED.items()}


@pytest.mark.parametrize(("scenario", "kind"), GAMES, ids=[f"{s.id}-{k}" for s, k in GAMES])
def test_corpus_games_keep_their_event_log_hashes(scenario: object, kind: str) -> None:
    assert games_hash(scenario, kind) == RECORDED[scenario.id][kind]  # type: ignore[attr-defined]
