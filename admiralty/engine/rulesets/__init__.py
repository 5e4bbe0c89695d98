"""The bundled rule systems, one package each. Which rule systems exist is not written here: each one
publishes an ``admiralty.contract.Ruleset`` under the ``admiralty.rulesets`` entry points (see
``<name>/contract.py``), and the core finds them through ``admiralty.contract.rulesets()``."""

from __future__ import annotations

import importlib
from types import ModuleType

from admiralty.contract import ruleset_named


def ruleset_module(name: str) -> ModuleType:
    """The game module (an ``admiralty.contract.GameModule``) that plays rule system ``name``; ``KeyError``
    naming the installed ones otherwise."""
    return importlib.import_module(ruleset_named(name).game)
