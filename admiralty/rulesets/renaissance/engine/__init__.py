"""The ``renaissance`` ruleset: 16th-century card-driven naval combat and naval transport (seed 002).

Reading order, as the rulebook: ``model`` (what a scenario holds), ``dice`` (RN-dice), ``cards``
(RN-3-4, RN-6), ``combat`` (RN-5, RN-7, RN-8), ``retreat`` (RN-9), ``turn_track`` (RN-10),
``transport`` (RN-16.3), ``battle`` (the procedure, steps 1-10), ``game`` (the ``admiralty.engine.api.Game``),
``players``. The validator (``../validator/build.py``) builds the model from the documents.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from admiralty.engine.lazy import lazy_exports

if TYPE_CHECKING:
    from admiralty.engine.model.common import Smoke

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
        Transport,
        Units,
    )
    from .players import heuristic_player, play_game, random_player, scripted_player

_LAZY = {  # name -> its submodule, imported on first use (PEP 562): finding the rule system stays light
    "Battle": "model",
    "CardScript": "model",
    "GalleassesPlay": "model",
    "LandFormation": "model",
    "Leader": "model",
    "NavalAction": "model",
    "PLAYERS": "game",
    "Port": "model",
    "RULESET": "game",
    "RenaissanceGame": "game",
    "RenaissanceMap": "model",
    "RenaissanceScenario": "model",
    "Sea": "model",
    "Smoke": "model",
    "Transport": "model",
    "Units": "model",
    "heuristic_player": "players",
    "new_game": "game",
    "play_game": "players",
    "random_player": "players",
    "scripted_player": "players",
}


__getattr__ = lazy_exports(__name__, _LAZY)


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
