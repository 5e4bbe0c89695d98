"""The convoy game: each leg the raider attacks or shadows, then the convoy closes up or scatters."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from admiralty.engine.api import Action, Event, Game, GameResult
from admiralty_convoy.model import SIDES, ConvoyScenario

ENGINE_VERSION = "convoy-1"
PLAYERS: dict[str, Any] = {}


class ConvoyGame:
    def __init__(self, scenario: ConvoyScenario, seed: int) -> None:
        self.scenario = scenario
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.afloat = scenario.merchants
        self.leg = 1
        self.attack: str | None = None

    @property
    def sides(self) -> tuple[str, ...]:
        return SIDES

    @property
    def is_over(self) -> bool:
        return self.leg > self.scenario.legs

    def to_move(self) -> tuple[str, ...]:
        if self.is_over:
            return ()
        return ("raider",) if self.attack is None else ("convoy",)

    def legal_actions(self, side: str) -> list[Action]:
        if side not in self.to_move():
            return []
        return ["attack", "shadow"] if side == "raider" else ["close-up", "scatter"]

    def apply(self, side: str, action: Action) -> None:
        if action not in self.legal_actions(side):
            raise ValueError(f"{side} may not {action!r} now")
        if side == "raider":
            self.attack = str(action)
            return
        lost = 0
        if self.attack == "attack":
            for _ in range(self.afloat):
                if self.rng.randint(1, 6) >= (5 if action == "scatter" else 6):
                    lost += 1
        self.afloat -= lost
        self.events.append({"type": "leg", "rule": "CV-2", "leg": self.leg, "raider": self.attack,
                            "convoy": action, "sunk": lost})
        self.leg += 1
        self.attack = None

    def view(self, side: str) -> dict[str, Any]:
        return {"leg": self.leg, "afloat": self.afloat}

    def result(self) -> GameResult:
        arrived = self.afloat * 2 >= self.scenario.merchants
        return GameResult("convoy" if arrived else "raider",
                          {"convoy": float(self.afloat), "raider": float(self.scenario.merchants - self.afloat)},
                          self.scenario.legs, "CV-3")


def new_game(scenario: ConvoyScenario, seed: int, options: Mapping[str, Any] | None = None) -> Game:
    return ConvoyGame(scenario, seed)


def invariants(game: Game) -> list[str]:
    assert isinstance(game, ConvoyGame)
    return [] if 0 <= game.afloat <= game.scenario.merchants else [f"afloat out of bounds: {game.afloat}"]
