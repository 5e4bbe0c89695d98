"""The rules' own constraints on fleets: nationality, missions against ship types, raids, planning."""

from __future__ import annotations

from collections.abc import Iterator

from admiralty.rulesets.dreadnought.engine.model import Fleet, Scenario, Ship
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic

GERMANY = "germany"
MISSION_TYPES: dict[str, frozenset[str] | None] = {
    "transport": None,
    "abort": None,
    "bombard": frozenset({"BB", "BC", "B", "CA", "CL", "DD", "TB", "ML", "MS", "collier", "tanker"}),
    "escort": frozenset({"BB", "BC", "B", "CA", "CL", "DD", "TB", "ML", "MS", "collier", "tanker"}),
    "intercept": frozenset({"BB", "BC", "B", "CA", "CL", "DD", "TB", "ML", "MS", "collier", "tanker"}),
    "raid": frozenset({"BB", "BC", "B", "CA", "CL", "DD", "TB", "ML", "MS", "collier"}),
    "minelay": frozenset({"ML"}),
    "minesweep": frozenset({"MS"}),
}


def fleet_ships(scenario: Scenario, fleet: Fleet) -> list[Ship]:
    return [scenario.ships[name] for name in fleet.ships if name in scenario.ships]


@check(Scenario, "DN-5.2")
def fleet_nationality(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.2: one nationality per fleet of five or more ships, unless the scenario allows mixing."""
    for side in scenario.sides:
        for fleet in side.fleets:
            ships = fleet_ships(scenario, fleet)
            for ship in ships:
                if ship.nation not in side.nations and ship.counts_as not in side.nations:
                    yield ctx.at(
                        "DN-5.2",
                        f"{ship.name} ({ship.nation}) is not of a nation on side '{side.id}'",
                        fleet.source.child("ships", fleet.ships.index(ship.name)),
                        f"side '{side.id}' has: {', '.join(side.nations)}; add the nation or move the ship",
                    )
            if len(ships) <= 4 or scenario.rules.mixed_nationality:
                continue
            nations = sorted({s.counts_as for s in ships if s.counts_as != GERMANY})
            if len(nations) > 1:
                yield ctx.at(
                    "DN-5.2",
                    f"fleet '{fleet.id}' has {len(ships)} ships of {' and '.join(nations)}; a "
                    "fleet of more than four ships has one nationality",
                    fleet.source.child("ships"),
                    "split it into fleets of one nationality, keep it at four ships or fewer, or set "
                    "rules: {mixed_nationality: true}",
                )


@check(Scenario, "DN-5.2")
def mission_ship_types(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.2 (each mission): which ship types may carry out each mission."""
    for fleet in scenario.fleets():
        if fleet.is_collier_group:
            continue
        allowed = MISSION_TYPES.get(fleet.mission)
        named = (
            scenario.rules.minelayers
            if fleet.mission == "minelay"
            else (scenario.rules.minesweepers if fleet.mission == "minesweep" else frozenset())
        )
        for ship in fleet_ships(scenario, fleet):
            if allowed is None or ship.cls.type in allowed or ship.name in named:
                continue
            yield ctx.at(
                "DN-5.2",
                f"{ship.name} ({ship.cls.type}) cannot take the {fleet.mission} mission",
                fleet.source.child("ships", fleet.ships.index(ship.name)),
                f"{fleet.mission} takes {', '.join(sorted(allowed))}"
                + (f" or ships named in rules.{fleet.mission}ers" if fleet.mission in ("minelay", "minesweep") else ""),
            )


@check(Scenario, "DN-5.2-raid", "DN-5.25")
def raid_limits(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.2-raid and DN-5.25: one raiding fleet per player, of at most two ships with a leader."""
    rules = scenario.rules
    for side in scenario.sides:
        raiders = [fleet for fleet in side.fleets if fleet.mission == "raid"]
        for fleet in raiders[rules.raid_fleets :]:
            yield ctx.at(
                "DN-5.25",
                f"side '{side.id}' has {len(raiders)} raiding fleets; the scenario allows {rules.raid_fleets}",
                fleet.source.child("mission"),
                "give this fleet another mission, or raise rules.raid_fleets",
            )
        for fleet in raiders:
            ships = fleet_ships(scenario, fleet)
            if len(fleet.ships) > rules.raid_max_ships:
                yield ctx.at(
                    "DN-5.2-raid",
                    f"raiding fleet '{fleet.id}' has {len(fleet.ships)} ships; at most {rules.raid_max_ships} may raid",
                    fleet.source.child("ships"),
                    f"keep {rules.raid_max_ships} ships, or raise rules.raid_max_ships",
                )
            if rules.raid_needs_leader and ships and not any(ship.leader for ship in ships):
                yield ctx.at(
                    "DN-5.2-raid",
                    f"raiding fleet '{fleet.id}' has no leader",
                    fleet.source.child("ships"),
                    "add a ship with `leader: true`, or set rules: {raid_needs_leader: false}",
                )


@check(Scenario, "DN-5.2-abort-start")
def no_abort_at_start(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.2-abort: no fleet starts with the abort mission unless the scenario allows it."""
    if scenario.rules.abort_at_start:
        return
    for fleet in scenario.fleets():
        if fleet.mission == "abort":
            yield ctx.at(
                "DN-5.2-abort-start",
                f"fleet '{fleet.id}' starts with the abort mission",
                fleet.source.child("mission"),
                "choose another mission, or set rules: {abort_at_start: true}",
            )


@check(Scenario, "DN-5.12")
def planned_movement(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.12: transport, bombard, minelay and minesweep fleets plan every turn's move before play."""
    for fleet in scenario.fleets():
        planned = fleet.mission in ("transport", "bombard", "minelay", "minesweep") and not fleet.is_collier_group
        if planned and len(fleet.orders) < scenario.turns:
            yield ctx.at(
                "DN-5.12",
                f"{fleet.mission} fleet '{fleet.id}' has orders for {len(fleet.orders)} of {scenario.turns} turns",
                fleet.source.child("orders") if fleet.orders else fleet.source,
                "write an order for every turn (`stay` where it does not move)",
                key=not fleet.orders,
            )


@check(Scenario, "DN-5.2-ahead")
def orders_two_turns_ahead(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.2-intercept, DN-5.2-raid: orders written two turns ahead."""
    for fleet in scenario.fleets():
        if fleet.mission in ("intercept", "raid") and len(fleet.orders) < min(2, scenario.turns):
            yield ctx.at(
                "DN-5.2-ahead",
                f"{fleet.mission} fleet '{fleet.id}' has orders for {len(fleet.orders)} "
                "turn(s); it writes them two turns ahead",
                fleet.source.child("orders") if fleet.orders else fleet.source,
                "write the orders of at least the first two turns",
                key=not fleet.orders,
            )
