"""The smoke outcome cache (issue 39): a game already played is not played again, the statistics are the same
byte for byte with and without it, an edit replays only the scenario it reaches, and the folder stays bounded."""

from __future__ import annotations

import dataclasses
import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from admiralty.cli import main
from admiralty.smoke.cache import FOLDER, FORMAT, OutcomeCache, cache_key
from admiralty.smoke.runner import Limits, Outcome
from admiralty.smoke.sweep import SmokeSettings, run
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pair() -> list[Any]:
    corpus = validate([str(ROOT / "scenarios")]).scenarios
    return [next(s for s in corpus if s.id == wanted) for wanted in ("ancona-1915", "otranto-1917")]


def _run(scenarios: list[Any], out: Path, **extra: Any) -> tuple[dict[str, Any], list[Outcome]]:
    played: list[Outcome] = []
    settings = SmokeSettings(**{"games": 6, "out_dir": str(out), "cache": True, **extra})
    return run(scenarios, settings, played.extend), played


def test_a_second_run_plays_nothing_and_writes_the_same_statistics_as_one_without_the_cache(
        pair: list[Any], tmp_path: Path) -> None:
    _, first = _run(pair, tmp_path / "cached")
    assert len(first) == 24 and any(o.replayed for o in first)  # the replay check re-plays fresh games
    _, second = _run(pair, tmp_path / "cached")
    assert second == []
    _run(pair, tmp_path / "plain", cache=False)
    assert not (tmp_path / "plain" / "cache").exists()
    for scenario in pair:
        name = f"{scenario.id}.json"
        assert (tmp_path / "cached" / name).read_bytes() == (tmp_path / "plain" / name).read_bytes()
        assert json.loads((tmp_path / "cached" / name).read_text())["events"]["means"]  # counts kept in the cache


def test_an_edit_replays_only_the_scenario_it_reaches(pair: list[Any], tmp_path: Path) -> None:
    _run(pair, tmp_path)
    edited = [pair[0], dataclasses.replace(pair[1], content_hash="0" * 16)]  # as a changed document hashes
    _, played = _run(edited, tmp_path)
    assert {o.scenario for o in played} == {"otranto-1917"} and len(played) == 12


def test_failed_games_are_not_kept_and_the_limits_are_part_of_the_key(pair: list[Any], tmp_path: Path) -> None:
    short = Limits(steps=3)  # every game ends in a step-limit failure
    _, first = _run(pair[:1], tmp_path, limits=short)
    assert first and all(o.failure == "step-limit" for o in first)
    _, again = _run(pair[:1], tmp_path, limits=short)
    assert len(again) == len(first)
    assert cache_key(pair[0], "random", short) != cache_key(pair[0], "random", Limits())


def test_a_missing_sample_game_is_played_again_for_the_site(pair: list[Any], tmp_path: Path) -> None:
    _run(pair[:1], tmp_path)
    sample = tmp_path / "replays" / "ancona-1915-sample.jsonl"
    kept = sample.read_bytes()
    sample.unlink()
    _, played = _run(pair[:1], tmp_path)
    assert [(o.player, o.seed) for o in played] == [(pair[0].smoke.players[0], 0)]
    assert sample.read_bytes() == kept


def test_an_unreadable_or_foreign_cache_file_is_a_miss(pair: list[Any], tmp_path: Path) -> None:
    _run(pair[:1], tmp_path)
    files = sorted((tmp_path / "cache" / FOLDER).glob("*.json"))
    assert len(files) == 2  # one per player kind
    files[0].write_text("{not json")
    files[1].write_text(json.dumps({"format": FORMAT + "-old", "games": {}}))
    _, played = _run(pair[:1], tmp_path)
    assert len(played) == 12
    assert json.loads(files[0].read_text())["format"] == FORMAT  # rewritten whole


def test_the_folder_keeps_the_most_recently_used_files_within_its_bounds(pair: list[Any], tmp_path: Path) -> None:
    import os

    _run(pair, tmp_path)
    cache = OutcomeCache(tmp_path)
    files = sorted(cache.folder.glob("*.json"))
    assert len(files) == 4
    for age, path in enumerate(files):
        os.utime(path, (1_000_000 + age, 1_000_000 + age))
    assert cache.trim(max_files=3) == 1
    assert sorted(cache.folder.glob("*.json")) == files[1:]
    assert cache.trim(max_files=10, max_bytes=files[-1].stat().st_size) == 2
    assert list(cache.folder.glob("*.json")) == [files[-1]]


def test_the_cli_says_how_many_games_it_played_and_took_from_the_cache(tmp_path: Path) -> None:
    args = ["smoke", str(ROOT / "scenarios"), "--only", "ancona-1915", "--games", "5", "--jobs", "1", "--out",
            str(tmp_path)]
    outputs = []
    for extra in ([], [], ["--no-cache"]):
        buffer = io.StringIO()
        with redirect_stdout(buffer):
            assert main([*args, *extra]) == 0
        outputs.append(buffer.getvalue())
    assert "10 games (10 played, 0 from the cache; a fixed sweep: 10)" in outputs[0]
    assert "10 games (0 played, 10 from the cache; a fixed sweep: 10)" in outputs[1]
    assert "(0 played, the others from the cache)" in outputs[1] and "the others" not in outputs[0]
    assert "10 games (10 played, 0 from the cache; a fixed sweep: 10)" in outputs[2]


def test_a_cache_that_cannot_be_written_never_fails_the_run(pair: list[Any], tmp_path: Path) -> None:
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / FOLDER).write_text("a file where the cache's folder would be")
    stats, played = _run(pair[:1], tmp_path)
    assert len(played) == 12 and stats["ancona-1915"].games == 12
    _, again = _run(pair[:1], tmp_path)
    assert len(again) == 12  # nothing was kept, so everything is played again
