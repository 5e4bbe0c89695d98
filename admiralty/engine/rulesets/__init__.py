"""The ruleset registry: the one place a new ruleset is added (a name and the module that plays it).

Each entry's module provides ``new_game(scenario, seed, options)`` and ``PLAYERS`` (name -> player).
Modules are imported on first use so that one ruleset's dependencies never slow another's start.
"""

from __future__ import annotations

import importlib
from types import ModuleType

RULESETS: dict[str, str] = {
    "dreadnought": "admiralty.engine.rulesets.dreadnought.game",
    "renaissance": "admiralty.engine.rulesets.renaissance.game",
    "napoleonic": "admiralty.engine.rulesets.napoleonic.game",
}


def ruleset_module(name: str) -> ModuleType:
    """The module that plays ``name``; KeyError for an unknown ruleset."""
    return importlib.import_module(RULESETS[name])
