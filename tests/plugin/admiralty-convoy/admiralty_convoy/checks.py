"""The convoy rule system's one semantic check and its diagnostic code, both listed in its ``Ruleset``."""

from __future__ import annotations

from collections.abc import Iterator

from admiralty.contract import Code
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic
from admiralty_convoy.model import ConvoyScenario

CODES = (
    Code("CV-1", "Too few escorts", "A convoy needs at least one escort for every four merchant ships (CV-1).",
         wrong="merchants: 37\nescorts: 1", right="merchants: 37\nescorts: 10"),
)


@check(ConvoyScenario, "CV-1")
def escorts_enough(scenario: ConvoyScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """CV-1: one escort for every four merchants."""
    needed = -(-scenario.merchants // 4)
    if scenario.escorts < needed:
        yield ctx.at("CV-1", f"{scenario.merchants} merchant ships need {needed} escorts, not {scenario.escorts}",
                     scenario.source.child("escorts"), f"give the convoy escorts: {needed}")
