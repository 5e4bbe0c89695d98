"""Refactors keep every corpus game: the event-log hashes of 200 seeds per scenario, scripted and random
players, equal those recorded in event_hashes.json (re-record with ``python tests/golden/record.py`` only
with a fidelity fix that says which games it changes), and none of those games fails (a crash, a broken
invariant, a dead end). This is the suite's one pass over all 200 seeds of each kind: the sweep and tactical
corpus tests play fewer, for what they add (the sweep's statistics, replays, other battle players)."""

from __future__ import annotations

import hashlib
import json

import pytest

from tests.golden.record import GOLDEN, LIMITS, PLAYERS, SEEDS, corpus_scenarios

RECORDED: dict[str, dict[str, str]] = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("scenario", corpus_scenarios(), ids=lambda s: s.id)
@pytest.mark.parametrize("players", PLAYERS)
def test_corpus_games_keep_their_event_log_hashes(scenario: object, players: str) -> None:
    from admiralty.engine.smoke.runner import play_smoke_game

    digest = hashlib.sha256()
    for seed in SEEDS:
        outcome = play_smoke_game(scenario, seed, players, limits=LIMITS)
        assert outcome.failure is None, f"seed {seed}: {outcome.failure}: {outcome.message}"
        digest.update(outcome.event_hash.encode())
    assert digest.hexdigest() == RECORDED[scenario.id][players]  # type: ignore[attr-defined]
