"""A planned line of fire that passes through a friendly unit (GEO027, a warning).

The rules let a battery fire over nothing: the line from the battery to the middle of its target (the line the
engine measures sight along) should be clear of the battery's own side. When the fire plan's line crosses the
bases of a unit of the battery's side (the target apart), the author has most likely put a unit or the battery
in the wrong place, or planned the wrong target: Raevsky's French 12-pounder fired straight through its own
30th Ligne. A battery of howitzers alone is not checked: its shells go up and over the troops in front (the
high-angle fire the howitzer was made for). The scenario page shows the same finding beside the table
(``site.drawing``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from shapely.geometry import Polygon

from admiralty.engine.model.common import NOWHERE
from admiralty.rulesets.napoleonic.engine.geometry import line_of_fire, terrain_shape, unit_footprint
from admiralty.rulesets.napoleonic.engine.howitzers import battery_kind
from admiralty.rulesets.napoleonic.engine.model import Battery, FirePlan, NapoleonicScenario
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic, Severity

CODE = "GEO027"


@dataclass(frozen=True)
class Crossing:
    """One fire-plan line (battery, target, the turns planned) and the friendly units it passes through."""

    battery: str
    target: str
    turns: tuple[int, ...]
    friends: tuple[str, ...]
    entry: FirePlan  # the first fire-plan entry of the line: where the diagnostic points


def crossings(scenario: NapoleonicScenario) -> list[Crossing]:
    """Every planned line of fire through a unit of the battery's side, in the fire plan's order."""
    batteries = {b.id: b for b in scenario.batteries}
    shapes: dict[str, Polygon] = {u.id: unit_footprint(u) for u in scenario.units}
    shapes.update({t.id: terrain_shape(t) for t in scenario.table.terrain if t.id not in shapes})
    out = []
    for (battery_id, target), entries in _planned_lines(scenario, batteries, shapes).items():
        battery = batteries[battery_id]
        if battery_kind(battery) == "howitzer":
            continue  # high-angle fire over the troops in front
        friends = _friends_crossed(scenario, battery, target, shapes)
        if friends:
            out.append(Crossing(battery_id, target, tuple(sorted({e.turn for e in entries})), friends, entries[0]))
    return out


def _planned_lines(scenario: NapoleonicScenario, batteries: dict[str, Battery],
                   shapes: dict[str, Polygon]) -> dict[tuple[str, str], list[FirePlan]]:
    """The fire plan's entries by (battery, target), in the plan's order; an unknown battery or target (another
    check's finding) draws no line."""
    lines: dict[tuple[str, str], list[FirePlan]] = {}
    for entry in scenario.fire_plan:
        if entry.battery in batteries and entry.target in shapes:
            lines.setdefault((entry.battery, entry.target), []).append(entry)
    return lines


def _friends_crossed(scenario: NapoleonicScenario, battery: Battery, target: str,
                     shapes: dict[str, Polygon]) -> tuple[str, ...]:
    """The units of the battery's side (the target apart) whose bases the line from the battery to the target's
    middle runs through."""
    ray = line_of_fire(battery.at, shapes[target])
    # "T********": the line runs through the bases' inside; grazing a corner or an edge is no crossing
    return tuple(u.id for u in scenario.units if u.side == battery.side and u.id != target
                 and ray.relate_pattern(shapes[u.id], "T********"))


@check(NapoleonicScenario, CODE)
def fire_lines_clear_of_friends(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """GEO027, at the fire-plan entry's ``target``."""
    for found in crossings(scenario):
        where = (found.entry.source or scenario.source or NOWHERE).child("target")
        yield ctx.at(CODE, f"battery '{found.battery}' fires at '{found.target}' through its own side's "
                     f"{', '.join(repr(f) for f in found.friends)}", where,
                     "move the battery or the unit so that the line is clear, or plan another target",
                     severity=Severity.WARNING)
