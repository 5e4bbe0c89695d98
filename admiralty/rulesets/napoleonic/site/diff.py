"""What a napoleonic scenario means, for ``admiralty diff`` (the ``Differ`` of ``admiralty.contract``): the
sides, each unit and each battery as one sentence (so a removed unit is one change, not one per field), the
fire plan, the table's terrain, and the set-up (turns, rule options, house-table overrides, smoke settings).
A table has no map to draw, so there are no map pictures."""

from __future__ import annotations

from collections.abc import Mapping

from shapely.geometry import Polygon

from admiralty.engine.protocols import ScenarioModel
from admiralty.rulesets.napoleonic.engine.model import Battery, NapoleonicScenario, Table, Unit


def _point(at: tuple[float, float]) -> str:
    return f"({at[0]:g}, {at[1]:g})"


def _unit(unit: Unit) -> str:
    named = f"{unit.name}: " if unit.name else ""
    return (f"{named}{unit.side}, {unit.class_} {unit.type}, {unit.figures} figures on {unit.bases} bases "
            f"({unit.base_width:g} x {unit.base_depth:g} cm, {unit.figures_per_base} a base) in {unit.formation} "
            f"at {_point(unit.at)} facing {unit.facing:g}")


def _battery(battery: Battery) -> str:
    counts = (("guns", battery.guns), ("howitzers", battery.howitzers), ("rockets", battery.rockets))
    pieces = [f"{count} {kind if count != 1 else kind[:-1]}" for kind, count in counts if count]
    named = f"{battery.name}: " if battery.name else ""
    formed = f", formed on turn {battery.formed_turn}" if battery.formed_turn else ""
    ranges = battery.ranges
    return (f"{named}{battery.side}, {' and '.join(pieces) or 'no pieces'} at {_point(battery.at)} facing "
            f"{battery.facing:g}, ranges {ranges.canister:g}/{ranges.effective:g}/{ranges.long:g} cm{formed}")


def _fire_plan(scenario: NapoleonicScenario) -> dict[str, str]:
    plan: dict[str, str] = {}
    for entry in sorted(scenario.fire_plan, key=lambda e: (e.battery, e.turn)):
        pieces = "" if entry.pieces == "all" else f" ({entry.pieces} only)"
        plan[f"{entry.battery} turn {entry.turn}"] = f"at {entry.target}{pieces}"
    return plan


def _terrain(table: Table) -> dict[str, str]:
    facts: dict[str, str] = {}
    for piece in table.terrain:
        shape = Polygon(piece.polygon)
        centre = shape.centroid
        named = f"{piece.name}: " if piece.name else ""
        facts[piece.id] = (f"{named}{piece.kind}, area {shape.area:.1f} cm² around ({centre.x:.1f}, "
                           f"{centre.y:.1f})")
    return facts


def _setup(scenario: NapoleonicScenario) -> dict[str, str]:
    facts = {"turns": str(scenario.turns),
             "smoke": f"{scenario.smoke.games} games, balance {scenario.smoke.balance}, players "
                      f"{', '.join(scenario.smoke.players)}"}
    for name, value in sorted(scenario.rules.items()):
        facts[f"rule {name}"] = str(value)
    return facts


def _mine(scenario: ScenarioModel) -> NapoleonicScenario:
    """The differ is handed only this rule system's scenarios (chosen by ``scenario.ruleset``)."""
    if not isinstance(scenario, NapoleonicScenario):
        raise TypeError(f"not a napoleonic scenario: {type(scenario).__name__}")
    return scenario


def facts(model: ScenarioModel) -> Mapping[str, Mapping[str, str]]:
    """The scenario's meaning, group -> key -> readable value."""
    scenario = _mine(model)
    table: Table = scenario.table
    return {
        "sides": {side.id: f"{side.name or side.id}" + (f" ({', '.join(side.nations)})" if side.nations else "")
                  for side in scenario.sides},
        "units": {unit.id: _unit(unit) for unit in scenario.units},
        "batteries": {battery.id: _battery(battery) for battery in scenario.batteries},
        "fire plan": _fire_plan(scenario),
        "set-up": _setup(scenario),
        "table": {"id": table.id, "title": table.title, "size": f"{table.size[0]:g} x {table.size[1]:g} cm"},
        "terrain": _terrain(table),
    }


def uses(scenario: ScenarioModel) -> set[tuple[str, str]]:
    """The table the scenario is played on."""
    return {("table", _mine(scenario).table.id)}


def map_pictures(before: ScenarioModel, after: ScenarioModel) -> Mapping[str, str]:
    """No pictures: a napoleonic table is not a sea map."""
    return {}
