"""A warning about a power a scenario sets up but never lets play: nothing moves in the renaissance rules, and
only a power that attacks, defends or transports in some action rolls a die or scores a point (house points:
enemy units destroyed and battles won), so a power in no action takes part in nothing and can never win."""

from __future__ import annotations

from collections.abc import Iterator

from admiralty.engine.model.common import NOWHERE, Source
from admiralty.rulesets.renaissance.engine.model import Battle, RenaissanceScenario
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic, Severity


@check(RenaissanceScenario, "SID101")
def powers_that_take_part(scenario: RenaissanceScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """SID101: every power of the scenario attacks, defends or transports in some action."""
    acting: set[str] = set()
    for action in scenario.actions:
        acting |= {action.attacker, action.defender} if isinstance(action, Battle) else {action.power}
    home = scenario.source if isinstance(scenario.source, Source) else NOWHERE
    for i, power in enumerate(scenario.powers):
        if power in acting:
            continue
        units = any(power in here for here in scenario.units.values())
        leaders = any(leader.power == power for leader in scenario.leaders.values())
        formations = any(formation.power == power for formation in scenario.formations.values())
        has = [what for what, present in (("naval units", units), ("leaders", leaders), ("formations", formations))
               if present]
        idle = f"its {' and '.join(has)} never fight or sail" if has else "it never fights or sails"
        yield ctx.at("SID101", f"power '{power}' takes part in no action: {idle}, and it can never win",
                     home.child("powers", i),
                     f"script a battle or transport with {power}, or leave it out of `powers`",
                     severity=Severity.WARNING)
