"""Warnings about sides a scenario sets up but never lets play or win: a side with no fleet takes part in
nothing, and a side that no victory condition names (and that is not the `otherwise` winner) can lead on
points all game and still only draw."""

from __future__ import annotations

from collections.abc import Iterator

from admiralty.rulesets.dreadnought.engine.model import Scenario
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic, Severity


@check(Scenario, "SID001", "SID002")
def sides_that_play_and_can_win(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """SID001 and SID002: every side has a fleet, and some way to win."""
    named = {condition.side for condition in scenario.victory.conditions} | {scenario.victory.otherwise}
    for i, side in enumerate(scenario.sides):
        where = scenario.source.child("sides", i, "id")
        if not side.fleets:
            yield ctx.at("SID001", f"side '{side.id}' has no fleet: it takes part in nothing", where,
                         "give it a fleet under `fleets:`, or leave the side out", severity=Severity.WARNING)
        if side.id not in named:
            yield ctx.at("SID002", f"side '{side.id}' can never win: no victory condition names it and "
                         f"`otherwise` is '{scenario.victory.otherwise}'", where,
                         f"add a condition such as {{side: {side.id}, kind: vp-lead, value: 1}}, or make it the "
                         "`otherwise` winner", severity=Severity.WARNING)
