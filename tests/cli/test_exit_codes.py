"""Exit codes and messages as the README says: a bad path, id or file is one line on stderr and exit 2,
with no raw exception text; a diverged replay prints the first differing event side by side."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "admiralty", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, check=False)


def assert_usage_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Errno" not in lines[0] and "Traceback" not in done.stderr and "Expecting value" not in lines[0]
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize("command", [["validate"], ["smoke"], ["build"], ["docs"]])
def test_a_missing_path_is_a_usage_error(command: list[str]) -> None:
    assert_usage_error(run(*command, "nonexistent/"), "no such file or folder", "nonexistent/")


def test_a_missing_corpus_and_an_unknown_scenario_are_usage_errors() -> None:
    assert_usage_error(run("play", "otranto-1917", "--corpus", "nope"), "no such file or folder")
    assert_usage_error(run("play", "nope"), "no scenario 'nope'")
    assert_usage_error(run("play", "nope.yaml"), "no scenario file")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_replay_is_a_usage_error(tmp_path: Path) -> None:
    locked = tmp_path / "game.jsonl"
    locked.write_text("{}\n")
    locked.chmod(0)
    assert_usage_error(run("replay", str(locked)), "permission denied")


def test_bad_replay_files_are_usage_errors(tmp_path: Path) -> None:
    assert_usage_error(run("replay", str(tmp_path / "nope.jsonl")), "no such file")
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("garbage\n")
    assert_usage_error(run("replay", str(garbage)), "not a replay file", "line 1 is not JSON")
    other = tmp_path / "other.jsonl"
    other.write_text('{"kind": "map"}\n')
    assert_usage_error(run("replay", str(other)), "not a replay file")
    assert_usage_error(run("replay", str(tmp_path)), "is a folder")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00")
    assert_usage_error(run("replay", str(binary)), "not a replay file")


def _recorded(tmp_path: Path) -> list[dict[str, object]]:
    target = tmp_path / "game.jsonl"
    assert run("play", "otranto-1917", "--seed", "3", "--quiet", "--replay-out", str(target)).returncode == 0
    return [json.loads(line) for line in target.read_text().splitlines()]


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_a_replay_from_another_engine_version_is_a_usage_error(tmp_path: Path) -> None:
    rows = _recorded(tmp_path)
    rows[0]["engine"] = "dreadnought-operational-0"
    done = run("replay", str(_write(tmp_path / "old.jsonl", rows)))
    assert_usage_error(done, "engine version 'dreadnought-operational-0'", "record it again")


def test_a_diverged_replay_prints_the_first_differing_event_side_by_side(tmp_path: Path) -> None:
    rows = _recorded(tmp_path)
    rows[0]["seed"] = 4  # another game from the same actions: the first event (the seed it names) differs
    done = run("replay", str(_write(tmp_path / "moved.jsonl", rows)))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].startswith("DIVERGED at event 0")
    header = lines[1].split()
    assert header == ["recorded", "now"]
    assert "only its digest" in lines[2]
    seed = next(line for line in lines if line.strip().startswith("seed"))
    assert seed.split()[-1] == "4"
    assert "{'digest'" not in done.stdout and "now:      None" not in done.stdout


def test_side_by_side_marks_the_fields_that_differ() -> None:
    from admiralty.play import side_by_side

    text = side_by_side({"type": "move", "zone": "K11", "turn": 2}, {"type": "move", "zone": "K12", "turn": 2})
    rows = {line.split()[0] if not line.startswith("  *") else line.split()[1]: line for line in text.splitlines()[1:]}
    assert rows["zone"].lstrip().startswith("* zone") and rows["zone"].split()[-2:] == ["K11", "K12"]
    assert not rows["type"].lstrip().startswith("*")
    ended = side_by_side({"type": "end"}, None)
    assert "(the game ended here)" in ended and "None" not in ended


def test_smoke_timeout_message_keeps_fractions(tmp_path: Path) -> None:
    done = run("smoke", "scenarios/dreadnought", "--only", "ancona-1915", "--games", "1", "--jobs", "1",
               "--timeout", "0.0001", "--out", str(tmp_path))
    assert "no end after 0.0001 s" in done.stdout, done.stdout
