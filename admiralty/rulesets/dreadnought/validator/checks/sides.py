"""Warnings about sides a scenario sets up but never lets play or win: a side with no fleet takes part in
nothing, and a side that no victory condition names (and that is not the `otherwise` winner) can lead on
points all game and still only draw."""

from __future__ import annotations

from collections.abc import Iterator

from admiralty.rulesets.dreadnought.engine.model import Scenario
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic, Severity, register

register(
    "SID001",
    "Side with no fleet",
    "A side has no fleet and no collier group, so it takes part in nothing: it never moves, fights or scores. "
    "Usually its fleets were written under the other side, or the side is left over from an earlier draft.",
    wrong="sides:\n  - {id: entente, name: Entente, nations: [italy], fleets: []}",
    right="sides:\n  - id: entente\n    name: Entente\n    nations: [italy]\n    fleets:\n      - {id: patrol, "
          "mission: intercept, start: brindisi, ships: [Aquila], orders: [AC26, AC27]}",
    severity=Severity.WARNING,
)
register(
    "SID002",
    "Side that cannot win",
    "No victory condition names the side and it is not the `otherwise` winner, so whatever it does the game "
    "ends in the other side's win or a draw: it may lead on victory points and still only draw. Give it a "
    "condition (a `vp-lead` is the usual one) or make it the `otherwise` winner.",
    wrong="victory:\n  conditions:\n    - {side: central-powers, kind: vp-lead, value: 1}\n  otherwise: draw",
    right="victory:\n  conditions:\n    - {side: central-powers, kind: vp-lead, value: 1}\n  otherwise: entente",
    severity=Severity.WARNING,
)


@check("dreadnought", Scenario, "SID001", "SID002")
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
