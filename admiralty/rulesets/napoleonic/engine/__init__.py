"""The ``napoleonic`` ruleset (seed 003): tabletop artillery on a table of terrain, with shapely geometry.

Modules read like the rulebook: ``penetration`` (NA-pen-a..e), ``howitzers`` (NA-how-a/b), ``buildings``
(NA-fire-a/b), ``rockets`` (NA-rocket), ``casualties`` (NA-10.46a/b/c), ``roster`` (NA-marking), the house
gun fire table in ``fire``, and the data in ``tables.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from admiralty.engine.lazy import lazy_exports

if TYPE_CHECKING:
    from admiralty.engine.model.common import Smoke
    from admiralty.engine.players import play_game

    from .checks import CHECKS, check_scenario
    from .game import DEFAULT_OPTIONS, RULESET, NapoleonicGame, new_game
    from .model import (
        Battery,
        Finding,
        FirePlan,
        NapoleonicScenario,
        Ranges,
        Side,
        Table,
        Terrain,
        Unit,
    )
    from .players import PLAYERS, Player, heuristic_player, random_player
    from .tables import load_tables

_LAZY = {  # name -> its submodule, imported on first use (PEP 562): finding the rule system stays light
    "Battery": "model",
    "CHECKS": "checks",
    "DEFAULT_OPTIONS": "game",
    "Finding": "model",
    "FirePlan": "model",
    "NapoleonicGame": "game",
    "NapoleonicScenario": "model",
    "PLAYERS": "players",
    "Player": "players",
    "RULESET": "game",
    "Ranges": "model",
    "Side": "model",
    "Smoke": "model",
    "Table": "model",
    "Terrain": "model",
    "Unit": "model",
    "check_scenario": "checks",
    "heuristic_player": "players",
    "load_tables": "tables",
    "new_game": "game",
    "play_game": "players",
    "random_player": "players",
}


__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = [
    "CHECKS",
    "DEFAULT_OPTIONS",
    "PLAYERS",
    "RULESET",
    "Battery",
    "Finding",
    "FirePlan",
    "NapoleonicGame",
    "NapoleonicScenario",
    "Player",
    "Ranges",
    "Side",
    "Smoke",
    "Table",
    "Terrain",
    "Unit",
    "check_scenario",
    "heuristic_player",
    "load_tables",
    "new_game",
    "play_game",
    "random_player",
]
