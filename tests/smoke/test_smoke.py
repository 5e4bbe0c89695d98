"""Smoke games: executors agree, broken rules are caught with a replay that reproduces them, statistics."""

from __future__ import annotations

import io
import json
import shutil
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

import admiralty.rulesets.dreadnought.engine.game as dreadnought_game
from admiralty.cli import main
from admiralty.smoke.runner import Limits, play_smoke_game
from admiralty.smoke.stats import wilson_interval
from admiralty.smoke.summary import SmokeStats
from admiralty.smoke.sweep import SmokeSettings, run
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus() -> list[Any]:
    return validate([str(ROOT / "scenarios")]).scenarios


def _scenario(corpus: list[Any], scenario_id: str) -> Any:
    return next(s for s in corpus if s.id == scenario_id)


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_local_dask_cluster_gives_the_process_pools_statistics(corpus: list[Any], tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    scenario = _scenario(corpus, "otranto-1917")
    common = {"games": 12, "seed": 100, "jobs": 2, "players": ("scripted", "random")}
    pool = run([scenario], SmokeSettings(executor="local", out_dir=str(tmp_path / "pool"), **common))
    dask = run([scenario], SmokeSettings(executor="dask-local", out_dir=str(tmp_path / "dask"), **common))
    assert pool == dask
    assert (tmp_path / "pool" / "otranto-1917.json").read_bytes() == (
        tmp_path / "dask" / "otranto-1917.json"
    ).read_bytes()
    assert pool["otranto-1917"].games == 24


@pytest.fixture
def broken_end_of_turn(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[str]:
    """A deliberately broken ruleset hook: raise on turn 3, or leave a ship with negative hull on turn 2."""
    original = dreadnought_game._end_of_turn
    how: str = request.param

    def broken(state: Any) -> None:
        original(state)
        if how == "raise" and state.turn == 3:
            raise RuntimeError("deliberately broken hook")
        if how == "negative-hull" and state.turn == 2:
            ship = next(iter(state.ships.values()))
            ship.hull = -1

    steps = tuple(("end", broken) if name == "end" else (name, step) for name, step in dreadnought_game.STEPS)
    monkeypatch.setattr(dreadnought_game, "STEPS", steps)
    yield how


@pytest.mark.parametrize(
    ("broken_end_of_turn", "kind"),
    [("raise", "crash"), ("negative-hull", "invariant")],
    indirect=["broken_end_of_turn"],
)
def test_broken_hook_is_caught_and_its_replay_reproduces_it(
    corpus: list[Any], tmp_path: Path, broken_end_of_turn: str, kind: str
) -> None:
    scenario = _scenario(corpus, "otranto-1917")
    outcome = play_smoke_game(scenario, 5, "random", limits=Limits(), replay_dir=str(tmp_path))
    assert outcome.failure == kind
    assert outcome.replay_file is not None and Path(outcome.replay_file).is_file()
    if kind == "invariant":
        assert "hull" in outcome.message
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["replay", outcome.replay_file, "--corpus", str(ROOT / "scenarios")])
    assert code == 1
    text = out.getvalue()
    assert (
        "reproduced a crash: RuntimeError: deliberately broken hook" in text
        if kind == "crash"
        else "reproduced invariant" in text and "hull" in text
    )


def test_smoke_command_on_the_corpus_exits_zero(tmp_path: Path) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["smoke", str(ROOT / "scenarios"), "--games", "10", "--jobs", "2", "--out", str(tmp_path)])
    assert code == 0, out.getvalue()
    stats = json.loads((tmp_path / "otranto-1917.json").read_text())
    assert stats["games"] == 20 and sum(stats["failures"].values()) == 0
    assert set(stats["sides"]) == {"central-powers", "entente"}
    # the balance games' own figures, per player kind: what the site's chart, verdict and index all show
    kind = stats["balance"]["player"]
    mine = stats["by_player"][kind]
    assert mine["games"] == stats["balance"]["games"] == 10
    first = mine["sides"]["central-powers"]
    assert first["rate"] == stats["balance"]["observed"] == first["wins"] / 10
    assert first["wilson95"] == stats["balance"]["wilson95"] == list(wilson_interval(first["wins"], 10))
    assert sum(s["wins"] for s in mine["sides"].values()) + mine["draws"] == 10
    assert sum(p["games"] for p in stats["by_player"].values()) == 20
    # one type writes and reads the statistics: every file reads back to what writes the same bytes again
    for path in tmp_path.glob("*.json"):
        summary = SmokeStats.load(path)
        assert summary is not None and summary.dumps() == path.read_text(encoding="utf-8"), path.name
    # each scenario's first game of its first player kind is kept whole: the site's sample game to watch
    sample = (tmp_path / "replays" / "otranto-1917-sample.jsonl").read_text().splitlines()
    assert json.loads(sample[0])["seed"] == 0 and json.loads(sample[-1])["events"]


def test_smoke_only_plays_the_chosen_scenario_whatever_is_broken_elsewhere(tmp_path: Path) -> None:
    """``smoke --only ID`` validates that scenario with the rest as its context: a mistake in a document it does
    not use no longer stops it, a mistake in the chosen one still does, and an id that names no scenario is an
    error that lists the ids there are (it used to play nothing and exit 0)."""
    corpus = tmp_path / "scenarios"
    shutil.copytree(ROOT / "scenarios", corpus)
    lepanto = corpus / "renaissance" / "scenarios" / "lepanto-1571.yaml"
    lepanto.write_text(lepanto.read_text(encoding="utf-8").replace("\ntitle:", "\ntitel:", 1), encoding="utf-8")

    def smoke(*args: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["smoke", str(corpus), "--games", "2", "--out", str(tmp_path / "out"), *args])
        return code, out.getvalue(), err.getvalue()

    code, out, _ = smoke("--only", "ancona-1915")
    assert code == 0, out
    assert [p.name for p in (tmp_path / "out").glob("*.json")] == ["ancona-1915.json"]
    code, out, _ = smoke("--only", "lepanto-1571")
    assert code == 1 and "lepanto-1571.yaml" in out and "fix them first" in out
    code, out, _ = smoke()  # the whole corpus: every document is checked
    assert code == 1 and "lepanto-1571.yaml" in out
    code, _, err = smoke("--only", "ancona-1951", "lepanto")
    assert code == 2
    assert "no scenario with the ids 'ancona-1951', 'lepanto' under" in err and "ancona-1915, armada-1588" in err


def test_same_seeds_same_statistics_whatever_the_chunking(corpus: list[Any], tmp_path: Path) -> None:
    scenario = _scenario(corpus, "ancona-1915")
    one = run([scenario], SmokeSettings(games=8, jobs=1, out_dir=str(tmp_path / "a"), players=("random",)))
    two = run([scenario], SmokeSettings(games=8, jobs=2, out_dir=str(tmp_path / "b"), players=("random",)))
    assert one == two


class _Unpicklable:
    """A scenario stand-in that refuses pickling: a pool that sent it in tasks would fail at submit."""

    def __init__(self, scenario: Any) -> None:
        self._scenario = scenario

    def __getattr__(self, name: str) -> Any:
        return getattr(self._scenario, name)

    def __reduce__(self) -> Any:
        raise TypeError("the scenario was pickled")


def test_pool_workers_play_the_sweeps_own_scenario_objects(corpus: list[Any], tmp_path: Path) -> None:
    """Tasks name their scenario by key; a forked worker gets the scenarios once, as the sweep's own objects (they
    are never pickled per task, whose copies played about 6% slower). The statistics equal an in-process run's,
    and the collector is left as it was (frozen only while the workers are forked)."""
    import gc
    import multiprocessing

    from admiralty.smoke.executors import run_local
    from admiralty.smoke.pool import run_pool
    from admiralty.smoke.sweep import plan

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("only a forked worker shares the sweep's objects without pickling them")
    scenarios = [_scenario(corpus, "ancona-1915"), _scenario(corpus, "lepanto-1571")]
    settings = SmokeSettings(games=6, jobs=2, out_dir=str(tmp_path), players=("random",))
    tasks = plan([_Unpicklable(s) for s in scenarios], settings)
    with pytest.raises(TypeError, match="pickled"):
        __import__("pickle").dumps(tasks[0])
    pooled = run_pool(tasks, 2, lambda done: None)
    local = run_local(plan(scenarios, settings), 1, lambda done: None)
    key = lambda o: (o.scenario, o.seed)  # noqa: E731
    assert sorted(pooled, key=key) == sorted(local, key=key)
    assert {o.scenario for o in pooled} == {"ancona-1915", "lepanto-1571"} and len(pooled) == 12
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize("seed", [3, 10])
def test_a_game_that_replays_differently_fails_as_non_determinism_naming_the_first_event(
        corpus: list[Any], seed: int) -> None:
    """State from outside the seed (here a counter across games, as a wall clock or a global would be) makes the
    re-played game differ from the played one: the replay check names the first event that differs."""
    import itertools
    from types import SimpleNamespace

    from admiralty.contract import ruleset_module

    real = ruleset_module("dreadnought")
    scenario = _scenario(corpus, "otranto-1917")
    games = itertools.count()

    def new_game(scenario: Any, seed: int, options: Any = None) -> Any:
        game = real.new_game(scenario, seed, options)
        game.state.emit("leaked-state", "test", game=next(games))
        return game

    leaky = SimpleNamespace(__name__=real.__name__, ENGINE_VERSION=real.ENGINE_VERSION, PLAYERS=real.PLAYERS,
                            invariants=real.invariants, new_game=new_game)
    first = len(real.new_game(scenario, seed).events)  # the leaked event's place in the log
    outcome = play_smoke_game(scenario, seed, "random", check_replay=True, module=leaky)  # type: ignore[arg-type]
    assert outcome.failure == "non-determinism" and outcome.replayed
    assert outcome.message == f"re-playing gave another event log: event {first} differs"
    same = play_smoke_game(scenario, seed, "random", check_replay=True, module=real)
    assert same.failure is None and same.replayed
