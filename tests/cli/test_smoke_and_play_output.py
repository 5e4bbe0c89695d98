"""Smoke output says how many games each player kind played and which side each figure is for; the play
log leaves out fields that carry nothing (issue 16, item 7)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from admiralty.contract import ScenarioModel, ruleset_module
from admiralty.engine.replay import format_log

ROOT = Path(__file__).resolve().parents[2]


def test_smoke_states_games_per_player_kind_and_the_side_of_each_figure(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "admiralty", "smoke", "scenarios/dreadnought", "--only",
                           "otranto-1917", "--games", "4", "--jobs", "1", "--out", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    line = next(line for line in done.stdout.splitlines() if line.startswith("otranto-1917:"))
    # --games is per player kind: 4 random + 4 scripted = 8 games, and the line says so
    assert line.startswith("otranto-1917: 8 games (4 random, 4 scripted); over all of them: "), line
    assert re.search(r"central-powers wins \d+% \[\d+%-\d+%\], entente wins \d+%", line), line
    assert re.search(r"balance: central-powers wins \d+% of the 4 scripted games", line), line
    stats = json.loads((tmp_path / "otranto-1917.json").read_text())
    assert stats["games_per_player"] == {"random": 4, "scripted": 4}
    assert stats["balance"]["side"] == "central-powers" and stats["balance"]["player"] == "scripted"


def test_the_play_log_omits_empty_fields() -> None:
    events = [{"turn": 1, "phase": "setup", "type": "fleet-placed", "rule": "DN-5.2", "fleet": "a", "escorts": None,
               "hidden": False, "condition": None, "ships": [], "notes": "", "damage": 0, "spotted": True}]
    line = format_log(events).splitlines()[1]
    assert "fleet=a" in line and "damage=0" in line and "spotted=True" in line
    for empty in ("escorts", "hidden", "condition", "ships", "notes"):
        assert f"{empty}=" not in line


def test_play_prints_no_empty_field() -> None:
    done = subprocess.run([sys.executable, "-m", "admiralty", "play", "otranto-1917", "--seed", "2"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=True)
    assert "Turn 1" in done.stdout
    assert not re.search(r"=(None|False)\b|=,|=$", done.stdout, re.MULTILINE)


@pytest.mark.parametrize(("scenario", "ruleset"), [("otranto-1917", "dreadnought"), ("preveza-1538", "renaissance"),
                                                   ("paunsdorf-1813", "napoleonic")])  # fmt: skip
def test_play_defaults_to_the_scenarios_own_player_and_its_replay_names_the_engine(
        scenario: str, ruleset: str, tmp_path: Path) -> None:
    """`admiralty play ID` with no --players plays the scenario's balance player (napoleonic has no 'scripted':
    it used to exit 2), and the replay's header carries the rule system's engine version, never 'unknown'."""
    replay = tmp_path / "game.jsonl"
    done = subprocess.run([sys.executable, "-m", "admiralty", "play", scenario, "--quiet", "--replay-out",
                           str(replay)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("result: ")
    header = json.loads(replay.read_text(encoding="utf-8").splitlines()[0])
    module = ruleset_module(ruleset)
    assert header["engine"] == module.ENGINE_VERSION and header["engine"] != "unknown"
    first_side = next(iter(header["players"]))
    assert header["players"][first_side] == validate_one(scenario).smoke.players[0]


def validate_one(scenario_id: str) -> ScenarioModel:
    from admiralty.validator.pipeline import validate

    return next(s for s in validate([str(ROOT / "scenarios")]).scenarios if s.id == scenario_id)
