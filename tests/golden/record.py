"""Record (or check) the event-log hash of every corpus game: 200 seeds per scenario, scripted and random
players. Refactors must keep these hashes; a fidelity fix that changes games re-records them and says so.

    python tests/golden/record.py          # rewrite tests/golden/event_hashes.json
    python tests/golden/record.py --check  # compare, exit 1 on a difference
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from admiralty.engine.smoke.runner import Limits, play_smoke_game
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("event_hashes.json")
SEEDS = range(200)
PLAYERS = ("scripted", "random")  # as the smoke runner: an unknown player name plays random
LIMITS = Limits(seconds=600.0)


def corpus_scenarios() -> list[Any]:
    return sorted(validate([str(ROOT / "scenarios")]).scenarios, key=lambda s: s.id)


def corpus_hashes() -> dict[str, dict[str, str]]:
    """Scenario id -> players -> SHA-256 over the 200 games' event-log hashes in seed order."""
    result: dict[str, dict[str, str]] = {}
    for scenario in corpus_scenarios():
        per_players: dict[str, str] = {}
        for kind in PLAYERS:
            digest = hashlib.sha256()
            for seed in SEEDS:
                outcome = play_smoke_game(scenario, seed, kind, limits=LIMITS)
                assert outcome.failure is None, outcome.message
                digest.update(outcome.event_hash.encode())
            per_players[kind] = digest.hexdigest()
        result[scenario.id] = per_players
    return result


def main() -> int:
    hashes = corpus_hashes()
    if "--check" in sys.argv:
        recorded = json.loads(GOLDEN.read_text())
        if recorded != hashes:
            print(json.dumps(hashes, indent=2))
            return 1
        print("event-log hashes unchanged")
        return 0
    GOLDEN.write_text(json.dumps(hashes, indent=2, sort_keys=True) + "\n")
    print(f"recorded {len(hashes)} scenarios into {GOLDEN}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
