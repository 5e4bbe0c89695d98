"""The ``renaissance`` ruleset: 16th-century card-driven naval combat and naval transport (seed 002).

Reading order, as the rulebook: ``model`` (what a scenario holds), ``dice`` (RN-dice), ``cards``
(RN-3-4, RN-6), ``combat`` (RN-5, RN-7, RN-8), ``retreat`` (RN-9), ``turn_track`` (RN-10),
``transport`` (RN-16.3), ``battle`` (the procedure, steps 1-10), ``game`` (the ``admiralty.engine.api.Game``),
``players``. The validator (``validator/rulesets/renaissance/build.py``) builds the model from the documents.
"""

from __future__ import annotations

from .game import PLAYERS, RULESET, RenaissanceGame, new_game
from .model import (
    Battle,
    CardScript,
    GalleassesPlay,
    LandFormation,
    Leader,
    NavalAction,
    Port,
    RenaissanceMap,
    RenaissanceScenario,
    Sea,
    Smoke,
    Transport,
    Units,
)
from .players import heuristic_player, play_game, random_player, scripted_player

__all__ = [
    "PLAYERS",
    "RULESET",
    "Battle",
    "CardScript",
    "GalleassesPlay",
    "LandFormation",
    "Leader",
    "NavalAction",
    "Port",
    "RenaissanceGame",
    "RenaissanceMap",
    "RenaissanceScenario",
    "Sea",
    "Smoke",
    "Transport",
    "Units",
    "heuristic_player",
    "new_game",
    "play_game",
    "random_player",
    "scripted_player",
]
