"""Shared paths and helpers for the renaissance integration tests."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from admiralty.contract import ruleset_module
from admiralty.engine.api import Game
from admiralty.validator.diagnostics import Diagnostic
from admiralty.validator.pipeline import Validation, validate

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
BAD = HERE / "bad"
GOOD = HERE / "good"
TEST_MAP = HERE / "fixtures" / "ionian-test.yaml"
CORPUS = ROOT / "scenarios" / "renaissance"
_ACTION = re.compile(r"^\$\.actions\[(\d+)\]")


@cache
def corpus() -> Validation:
    return validate([str(CORPUS)])


def action_index(diagnostic: Diagnostic) -> int:
    """The index of the action a diagnostic points into (its JSON path starts ``$.actions[i]``)."""
    match = _ACTION.match(diagnostic.json_path)
    assert match, diagnostic
    return int(match.group(1))


def play_once(scenario: Any, seed: int, players: Mapping[str, str]) -> Game:
    """Play ``scenario`` to the end through the ruleset registry, one seeded generator per side."""
    module = ruleset_module("renaissance")
    game: Game = module.new_game(scenario, seed, None)
    rngs = {side: random.Random(f"{seed}:{side}") for side in game.sides}
    steps = 0
    while not game.is_over:
        (side,) = game.to_move()
        legal = game.legal_actions(side)
        assert legal, "a side to move always has a legal action"
        game.apply(side, module.PLAYERS[players[side]](game.view(side), legal, rngs[side]))
        steps += 1
        assert steps < 1000, "a renaissance game ends within its scripted actions"
    return game


def assignments(scenario: Any, seed: int) -> list[dict[str, str]]:
    """Every power with each of the scenario's smoke players in turn, then the players mixed."""
    kinds = list(scenario.smoke.players)
    every = [{power: kind for power in scenario.powers} for kind in kinds]
    mixed = {power: kinds[(i + seed) % len(kinds)] for i, power in enumerate(scenario.powers)}
    return [*every, mixed]
