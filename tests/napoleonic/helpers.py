"""Shared helpers for the napoleonic tests: a battlefield for a scenario, and a resolved shot."""

from __future__ import annotations

from typing import Any

from admiralty.engine.dice import ScriptedDice
from admiralty.rulesets.napoleonic.engine.bombardment import Battlefield, Event, new_battlefield, resolve
from admiralty.rulesets.napoleonic.engine.game import DEFAULT_OPTIONS
from admiralty.rulesets.napoleonic.engine.model import NapoleonicScenario
from admiralty.rulesets.napoleonic.engine.tables import load_tables


def battlefield(scenario: NapoleonicScenario, **options: Any) -> Battlefield:
    chosen = {**DEFAULT_OPTIONS, **options}
    return new_battlefield(scenario, load_tables(chosen["tables"]), chosen)


def shoot(field: Battlefield, battery_id: str, target_id: str, faces: list[int], turn: int = 1) -> list[Event]:
    """Resolve one shot with exactly ``faces`` for the dice; every face must be used."""
    dice = ScriptedDice(faces)
    events = resolve(field, field.scenario.battery(battery_id), target_id, turn, dice)
    assert dice.left == 0, f"{dice.left} scripted dice left unused"
    return events


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]
