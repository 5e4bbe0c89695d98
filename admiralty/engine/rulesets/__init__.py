"""The bundled rule systems, one package each. Which rule systems exist is not written here: each one
publishes an ``admiralty.contract.Ruleset`` under the ``admiralty.rulesets`` entry points (see
``<name>/contract.py``), and the core finds them through ``admiralty.contract.rulesets()``."""

from __future__ import annotations

from admiralty.contract import GameModule, ruleset_named


def ruleset_module(name: str) -> GameModule:
    """The game module that plays rule system ``name``, typed as the contract's ``GameModule`` (its players,
    invariants and engine version are read through that protocol, not found by name); ``KeyError`` naming
    the installed ones otherwise."""
    return ruleset_named(name).game_module()
