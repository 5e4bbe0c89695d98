"""The corpus plays: every scenario to the end with its players, 200 seeds, deterministically; and what the
checks say can never happen indeed never happens in play."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from admiralty.contract import ruleset_module, rulesets
from admiralty.engine.api import event_log_hash
from admiralty.engine.replay import play, replay, write_replay
from admiralty.smoke.stats import wilson_interval
from admiralty.validator.pipeline import validate
from tests.renaissance.test_rn_game import IONIAN_YAML, PREVEZA_YAML

from .helpers import BAD, CORPUS, GOOD, TEST_MAP, action_index, assignments, corpus, play_once

SEEDS = range(200)
RULE_IDS = {"RN-dice", "RN-3-4", "RN-5", "RN-6", "RN-7", "RN-8", "RN-9", "RN-10", "RN-16.3"}
CORPUS_IDS = ["armada-1588", "djerba-1560", "gravelines-1588", "lepanto-1571", "malta-1565", "preveza-1538"]


def _scenario(scenario_id: str) -> Any:
    return next(s for s in corpus().scenarios if s.id == scenario_id)


def test_the_ruleset_is_registered_with_its_players() -> None:
    module = ruleset_module("renaissance")
    assert rulesets()["renaissance"].game == module.__name__
    assert set(module.PLAYERS) == {"scripted", "random", "heuristic"}
    for scenario in corpus().scenarios:
        assert set(scenario.smoke.players) <= set(module.PLAYERS)


@pytest.mark.parametrize("scenario_id", CORPUS_IDS)
def test_each_scenario_plays_to_the_end_for_200_seeds_deterministically(scenario_id: str) -> None:
    scenario = _scenario(scenario_id)
    rules: set[str] = set()
    hashes: set[str] = set()
    for seed in SEEDS:
        options = assignments(scenario, seed)
        players = options[seed % len(options)]  # each way of seating the players, in turn
        first, second = play_once(scenario, seed, players), play_once(scenario, seed, players)
        assert event_log_hash(first.events) == event_log_hash(second.events)
        result = first.result()
        assert result.reason == "all scripted actions played"
        assert set(result.points) == set(scenario.powers)
        json.dumps(first.events)
        rules |= {event["rule"] for event in first.events}
        hashes.add(event_log_hash(first.events))
    assert rules == clauses_called_for(scenario)  # every clause its actions and hands call for, no other
    assert len(hashes) > 100  # the seeds give different games


def clauses_called_for(scenario: Any) -> set[str]:
    """The clauses a scenario's games must cite: all of them, but RN-6 only when some power holds the
    Galleasses and a battle is fought in a Mediterranean sea, and RN-16.3 only when it has a transport."""
    galleasses = any("galleasses" in hand for hand in scenario.hands.values()) and any(
        getattr(a, "at", None) in scenario.map.seas and scenario.map.seas[a.at].kind == "mediterranean"
        for a in scenario.actions)
    transports = any(a.kind == "transport" for a in scenario.actions)
    return RULE_IDS - ({"RN-6"} if not galleasses else set()) - ({"RN-16.3"} if not transports else set())


def test_the_corpus_together_exercises_every_clause() -> None:
    assert set().union(*(clauses_called_for(_scenario(i)) for i in CORPUS_IDS)) == RULE_IDS


@pytest.mark.parametrize("scenario_id", CORPUS_IDS)
def test_the_first_power_wins_within_the_declared_balance_band(scenario_id: str) -> None:
    """The first power's win rate over 200 seeds (standard error at most 0.036) lies inside the band the
    scenario declares for the smoke games, with each of its smoke players on every side."""
    scenario = _scenario(scenario_id)
    low, high = scenario.smoke.balance
    first = scenario.powers[0]
    for kind in scenario.smoke.players:
        wins = sum(play_once(scenario, seed, dict.fromkeys(scenario.powers, kind)).result().winner == first
                   for seed in SEEDS)
        assert low <= wins / len(SEEDS) <= high, (kind, wins)


@pytest.mark.parametrize("scenario_id", CORPUS_IDS)
def test_a_replay_file_replays_to_the_same_event_log(scenario_id: str, tmp_path: Path) -> None:
    scenario = _scenario(scenario_id)
    module = ruleset_module("renaissance")
    played = play(module, scenario, 7, dict.fromkeys(scenario.powers, "random"))
    assert played.scenario_hash == scenario.content_hash and played.engine_version == "renaissance-1"
    write_replay(tmp_path / "game.jsonl", played)
    check = replay(tmp_path / "game.jsonl", scenario)
    assert check.ok and check.scenario_matches


def _outcomes(scenario: Any, seeds: range) -> tuple[Counter[int], Counter[int], Counter[int], Counter[int]]:
    """Per action index: battles fought / skipped, transports made / impossible, over many games."""
    fought: Counter[int] = Counter()
    skipped: Counter[int] = Counter()
    carried: Counter[int] = Counter()
    stranded: Counter[int] = Counter()
    for seed in seeds:
        for kind in ("random", "scripted"):
            game = play_once(scenario, seed, dict.fromkeys(scenario.powers, kind))
            for event in game.events:
                kinds = {"battle": fought, "battle-skipped": skipped, "transport": carried,
                         "transport-impossible": stranded}
                if event["type"] in kinds:
                    kinds[event["type"]][int(event["battle"] if "battle" in event else event["action"])] += 1
    return fought, skipped, carried, stranded


def _cases(tmp: Path) -> list[list[str]]:
    (tmp / "ionian.yaml").write_text(IONIAN_YAML)
    (tmp / "preveza.yaml").write_text(PREVEZA_YAML)
    playable = ("battle-side-absent", "battle-fought-twice", "port-assault-twice", "transport-no-route",
                "transport-formation-elsewhere")
    return [[str(tmp / "ionian.yaml"), str(tmp / "preveza.yaml")], [str(TEST_MAP), str(GOOD)], [str(CORPUS)],
            *([str(TEST_MAP), str(BAD / f"{name}.yaml")] for name in playable)]


@pytest.mark.rule("RN-9")
@pytest.mark.rule("RN-16.3")
def test_what_the_checks_call_impossible_never_happens_and_the_rest_does(tmp_path: Path) -> None:
    """The checks' reasoning over retreats is exact on these scenarios: a battle or transport they report
    is never fought or made in 200 games, and every other one is, at least once."""
    for paths in _cases(tmp_path):
        result = validate(paths)
        for scenario in result.scenarios:
            mine = [d for d in result.report.diagnostics if d.file.endswith(Path(scenario.source.file).name)]
            never_battles = {action_index(d) for d in mine if d.code == "RN-battle-absent"}
            never_transports = {action_index(d) for d in mine if d.code == "RN-16.3"}
            fought, skipped, carried, stranded = _outcomes(scenario, range(100))
            battles = {i for i, a in enumerate(scenario.actions) if a.kind == "combat"}
            transports = {i for i, a in enumerate(scenario.actions) if a.kind == "transport"}
            assert {i for i in battles if not fought[i]} == never_battles, scenario.id
            assert {i for i in transports if not carried[i]} == never_transports, scenario.id
            assert all(skipped[i] == 200 for i in never_battles)
            assert all(stranded[i] == 200 for i in never_transports)


MEASURED = re.compile(r"# Measured: (\d+) games with the scripted players \(seeds 0-(\d+)\), \D+ won (\d+) "
                      r"\((\d+(?:\.\d+)?)%, Wilson 95%\s+#?\s*(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)%\)")


@pytest.mark.parametrize("scenario_id", CORPUS_IDS)
def test_the_measurement_the_file_states_is_what_the_scripted_games_give(scenario_id: str) -> None:
    """Each scenario says above its band how many scripted games it was measured with and what they gave;
    the same seeds give the same wins, and the band holds the stated Wilson interval."""
    scenario = _scenario(scenario_id)
    text = " ".join(Path(scenario.source.file).read_text(encoding="utf-8").split())
    found = MEASURED.search(text)
    assert found, f"{scenario_id}: no '# Measured: N games with the scripted players ...' comment"
    games, last_seed, wins = int(found[1]), int(found[2]), int(found[3])
    assert games >= 200 and last_seed == games - 1
    first = scenario.powers[0]
    played = sum(play_once(scenario, seed, dict.fromkeys(scenario.powers, "scripted")).result().winner == first
                 for seed in range(games))
    assert played == wins
    low, high = wilson_interval(wins, games)
    assert (round(low * 100, 1), round(high * 100, 1)) == (float(found[5]), float(found[6]))
    assert scenario.smoke.balance[0] <= low and high <= scenario.smoke.balance[1]
