"""The ``napoleonic`` ruleset (seed 003): tabletop artillery on a table of terrain, with shapely geometry.

Modules read like the rulebook: ``penetration`` (NA-pen-a..e), ``howitzers`` (NA-how-a/b), ``buildings``
(NA-fire-a/b), ``rockets`` (NA-rocket), ``casualties`` (NA-10.46a/b/c), ``roster`` (NA-marking), the house
gun fire table in ``fire``, and the data in ``tables.yaml``.
"""

from __future__ import annotations

from .checks import CHECKS, check_scenario
from .game import DEFAULT_OPTIONS, RULESET, NapoleonicGame, new_game
from .model import (
    Battery,
    Finding,
    FirePlan,
    NapoleonicScenario,
    Ranges,
    Side,
    Smoke,
    Table,
    Terrain,
    Unit,
)
from .players import PLAYERS, Player, heuristic_player, play_game, random_player
from .tables import load_tables

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
