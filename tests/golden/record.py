"""Record (or check) the event-log hash of every corpus game: the games ``admiralty build`` plays and the site
publishes, each scenario's own ``smoke.games`` seeds (from 0) for each of its ``smoke.players`` kinds.
Refactors must keep these hashes; a fidelity fix that changes games re-records them and says so.

    python tests/golden/record.py          # rewrite tests/golden/event_hashes.json
    python tests/golden/record.py --check  # compare, exit 1 on a difference
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from admiralty.smoke.runner import Limits, play_smoke_game
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("event_hashes.json")
LIMITS = Limits(seconds=600.0)


def corpus_scenarios() -> list[Any]:
    return sorted(validate([str(ROOT / "scenarios")]).scenarios, key=lambda s: s.id)


def corpus_games(scenario: Any) -> tuple[tuple[str, ...], range]:
    """The player kinds and seeds of a scenario's corpus games, as ``admiralty build`` plays them (seed 0 on)."""
    return tuple(scenario.smoke.players), range(int(scenario.smoke.games))


def games_hash(scenario: Any, kind: str) -> str:
    """SHA-256 over the event-log hashes of ``scenario``'s corpus games of one player kind, in seed order; a
    game that fails (a crash, a broken invariant, a dead end) stops it."""
    digest = hashlib.sha256()
    for seed in corpus_games(scenario)[1]:
        outcome = play_smoke_game(scenario, seed, kind, limits=LIMITS)
        assert outcome.failure is None, f"{scenario.id} {kind} seed {seed}: {outcome.failure}: {outcome.message}"
        digest.update(outcome.event_hash.encode())
    return digest.hexdigest()


def corpus_hashes() -> dict[str, dict[str, str]]:
    """Scenario id -> player kind -> :func:`games_hash`."""
    return {scenario.id: {kind: games_hash(scenario, kind) for kind in corpus_games(scenario)[0]}
            for scenario in corpus_scenarios()}


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
