"""The convoy game: each leg the raider attacks or shadows, then the convoy closes up or scatters."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from admiralty.engine.api import Action, Game, GameResult
from admiralty.engine.eventtypes import EventTypes
from admiralty_convoy.model import SIDES, ConvoyScenario

ENGINE_VERSION = "convoy-1"
PLAYERS: dict[str, Any] = {}


class Leg(TypedDict):
    """One leg run (CV-2): what the raider and the convoy chose, and the merchant ships sunk."""

    type: Literal["leg"]
    rule: str
    leg: int
    raider: Literal["attack", "shadow"]
    convoy: Literal["close-up", "scatter"]
    sunk: int


ConvoyEvent = Leg  # the union of the convoy's event records: it writes one type
EVENTS: EventTypes[ConvoyEvent] = EventTypes.of(Leg)
"""Every event type the convoy game writes (``Ruleset.events``)."""


class ConvoyGame:
    def __init__(self, scenario: ConvoyScenario, seed: int) -> None:
        self.scenario = scenario
        self.rng = random.Random(seed)
        self.events: list[ConvoyEvent] = []
        self.afloat = scenario.merchants
        self.leg = 1
        self.attack: Literal["attack", "shadow"] | None = None

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
        if action == "attack" or action == "shadow":
            self.attack = action
            return
        lost = 0
        if self.attack == "attack":
            for _ in range(self.afloat):
                if self.rng.randint(1, 6) >= (5 if action == "scatter" else 6):
                    lost += 1
        self.afloat -= lost
        assert self.attack is not None and (action == "close-up" or action == "scatter")
        self.events.append(Leg(type="leg", rule="CV-2", leg=self.leg, raider=self.attack, convoy=action, sunk=lost))
        self.leg += 1
        self.attack = None

    def view(self, side: str) -> dict[str, Any]:
        return {"leg": self.leg, "afloat": self.afloat}

    def result(self) -> GameResult:
        arrived = self.afloat * 2 >= self.scenario.merchants
        return GameResult("convoy" if arrived else "raider",
                          {"convoy": float(self.afloat), "raider": float(self.scenario.merchants - self.afloat)},
                          self.scenario.legs, "CV-3")


def new_game(scenario: ConvoyScenario, seed: int, options: Mapping[str, Any] | None = None) -> Game[ConvoyEvent]:
    return ConvoyGame(scenario, seed)


def invariants(game: Game) -> list[str]:
    assert isinstance(game, ConvoyGame)
    return [] if 0 <= game.afloat <= game.scenario.merchants else [f"afloat out of bounds: {game.afloat}"]
