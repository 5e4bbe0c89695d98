"""Players for napoleonic games: random and heuristic. A player sees only ``game.view(side)`` and the
legal actions, and returns one of them.

* ``RandomPlayer``: uniform over the legal actions, from its own seeded ``random.Random`` (never the
  game's: a player's choices are actions in the replay, not chance in the game).
* ``HeuristicPlayer``: fires at the target with the most expected casualties: the fire table's mean for
  that target, plus half of it again for each unit the view says the shot would penetrate (NA-pen-c).
  With nothing to kill it sets alight a building or built-up area that is not burning yet, else holds.
  Ties go to the first target in the list (scenario order), so it is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engine.api import Action, Game, GameResult


class Player(Protocol):
    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action: ...


class RandomPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def expected_value(target: Mapping[str, Any], penetration_share: float = 0.5) -> float:
    """Mean figures a shot at ``target`` (an entry of ``view["targets"]``) kills, penetration included."""
    base = float(target.get("expected_figures", 0.0))
    return base * (1.0 + penetration_share * len(target.get("penetrates", ())))


class HeuristicPlayer:
    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        targets = {t["id"]: t for t in view.get("targets", ())}
        best: tuple[float, Action] | None = None
        arson: Action | None = None
        for action in legal:
            target = targets.get(action["target"]) if action["target"] is not None else None
            if target is None:
                continue
            value = expected_value(target)
            if value > 0 and (best is None or value > best[0]):
                best = (value, action)
            if arson is None and target["kind"] == "terrain" and not target["burning"]:
                arson = action
        if best is not None:
            return best[1]
        if arson is not None:
            return arson
        holds = [a for a in legal if a["target"] is None]
        return holds[0] if holds else legal[0]


def play(game: Game, players: Mapping[str, Player], max_steps: int = 10_000) -> GameResult:
    """Play ``game`` to the end, asking each side's player in turn; ``RuntimeError`` past ``max_steps``."""
    for _ in range(max_steps):
        if game.is_over:
            return game.result()
        for side in game.to_move():
            legal = game.legal_actions(side)
            game.apply(side, players[side].act(game.view(side), legal))
    if not game.is_over:
        raise RuntimeError(f"game not over after {max_steps} steps")
    return game.result()
