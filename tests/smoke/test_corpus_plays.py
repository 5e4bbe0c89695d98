"""Every corpus scenario plays through the smoke sweep with each of its player kinds, every fifth
game re-played from its replay, and the same seed gives the same game in separate processes with different
hash seeds. (tests/golden plays every corpus game, each scenario's smoke.games seeds of each of its player
kinds, and checks that none fails.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from admiralty.smoke.sweep import SmokeSettings, run
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = validate([str(ROOT / "scenarios")]).scenarios


SWEPT = 20  # games of each player kind: the golden test plays every corpus game and checks that none fails


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_scenario_plays_through_the_sweep_with_each_of_its_player_kinds(scenario: Any, tmp_path: Path) -> None:
    """The scenario's own kinds (``smoke.players``, as ``admiralty build`` plays them): a napoleonic scenario's
    are heuristic and random; it has no scripted player, and a name the ruleset lacks plays random."""
    stats = run([scenario], SmokeSettings(games=SWEPT, jobs=1, out_dir=str(tmp_path), check_every=5))
    summary = stats[scenario.id]
    assert list(summary.players) == sorted(scenario.smoke.players)
    assert summary.games == SWEPT * len(scenario.smoke.players)
    assert summary.failed_games == ()


@pytest.mark.parametrize("scenario_id", ["otranto-1917", "ancona-1915"])
def test_same_seed_same_event_log_in_processes_with_different_hash_seeds(scenario_id: str) -> None:
    hashes = set()
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run([sys.executable, "-m", "admiralty", "play", scenario_id, "--seed", "11", "--players",
                               "random", "--quiet", "--corpus", str(ROOT / "scenarios")],
                              capture_output=True, text=True, env=env, cwd=ROOT, check=True)
        found = re.search(r"event-log hash ([0-9a-f]{64})", proc.stdout)
        assert found, proc.stdout + proc.stderr
        hashes.add(found.group(1))
    assert len(hashes) == 1
