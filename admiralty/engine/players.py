"""Generic players over the ``admiralty.engine.api.Game`` protocol.

A player is a function ``(game_view, legal_actions, rng) -> action``: it sees only ``game.view(side)`` and
the legal actions, and draws any chance from the ``random.Random`` it is given (the driver seeds one per
side, never the game's own). Ruleset-specific players live in their ruleset and are exported as
``PLAYERS`` by the ruleset's game module.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence

from admiralty.engine.api import Action, Game, GameResult

Player = Callable[[Mapping[str, object], Sequence[Action], random.Random], Action]
"""A player: the view it sees (JSON values, as ``Game.view`` gives them; a rule system's own players read it as
their ``view.py`` builds it) and the legal actions to its choice."""


def random_player(game_view: Mapping[str, object], legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """Uniform over the legal actions (seeded by the driver's ``rng``)."""
    return legal_actions[rng.randrange(len(legal_actions))]


def first_player(game_view: Mapping[str, object], legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """Always the first legal action (a deterministic baseline)."""
    return legal_actions[0]


class LazyView(Mapping[str, object]):
    """A view built only if the player looks at it: most scripted choices never need it."""

    def __init__(self, build: Callable[[], Mapping[str, object]]) -> None:
        self._build = build
        self._data: Mapping[str, object] | None = None

    def _get(self) -> Mapping[str, object]:
        if self._data is None:
            self._data = self._build()
        return self._data

    def __getitem__(self, key: str) -> object:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


GENERIC_PLAYERS: dict[str, Player] = {"random": random_player, "first": first_player}


def play_game(game: Game, players: Mapping[str, Player], rng: random.Random, max_steps: int = 10_000) -> GameResult:
    """Let ``players`` (one per side, all drawing from ``rng``) act until the game ends; its result. A
    minimal driver for tests: ``admiralty.engine.replay.play`` records actions and seeds one RNG per side."""
    for _ in range(max_steps):
        if game.is_over:
            return game.result()
        side = game.to_move()[0]
        game.apply(side, players[side](game.view(side), game.legal_actions(side), rng))
    raise RuntimeError(f"game not over after {max_steps} steps")
