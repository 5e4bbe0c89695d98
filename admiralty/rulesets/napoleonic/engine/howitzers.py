"""Howitzer batteries (seed 003, "Гаубичные батареи"): NA-how-a, NA-how-b.

A battery's kind follows from what it holds: rockets make a rocket battery; howitzers without guns a
howitzer battery; anything with guns a gun battery (howitzers in it fire as part of it, NA-how-a).
"""

from __future__ import annotations

from collections.abc import Iterator

from .fire import FireSolution, gun_solution, target_modifier
from .house import NapoleonicTables
from .model import Battery, Finding, FirePlan, NapoleonicScenario


def battery_kind(battery: Battery) -> str:
    """``rocket``, ``howitzer`` or ``gun``."""
    if battery.rockets:
        return "rocket"
    if battery.howitzers and not battery.guns:
        return "howitzer"
    return "gun"


def howitzer_solution(
    battery: Battery, band: str, in_cover: bool, in_column: bool, tables: NapoleonicTables
) -> FireSolution:
    """NA-how-b: how a howitzer battery fires in each band.

    * long range: shells only: the long-range dice, the shell modifier, and +1 against a target in cover;
      shells are not round shot, so they never penetrate (NA-pen is a rule of round shot);
    * effective range: normal round shot without the shell modifiers (neither the long-range shell
      modifier nor the +1 against cover), so it penetrates like shot;
    * canister range: exactly as normal guns.
    """
    if band != "long":
        plain = gun_solution(battery, band, in_cover, in_column, tables)
        return FireSolution(band, plain.pieces, plain.dice, plain.modifier, False, "NA-how-b")
    gun = tables.gun_fire
    modifier = target_modifier(in_cover, in_column, tables) + gun.shell_long_range
    if in_cover:
        modifier += gun.shell_vs_cover
    pieces = battery.howitzers
    return FireSolution(
        band=band,
        pieces=pieces,
        dice=pieces * gun.dice_per_piece[band],
        modifier=modifier,
        shells=True,
        rule="NA-how-b",
    )


def fire_solution(battery: Battery, band: str, in_cover: bool, in_column: bool,
                  tables: NapoleonicTables) -> FireSolution:
    """The fire of a gun or howitzer battery (rockets fire by ``rockets``)."""
    if battery_kind(battery) == "howitzer":
        return howitzer_solution(battery, band, in_cover, in_column, tables)
    return gun_solution(battery, band, in_cover, in_column, tables)


def howitzer_battery_formed(battery: Battery) -> Iterator[Finding]:
    """NA-how-a: a howitzer battery is formed before play (``formed_turn`` 0), never during it."""
    if battery_kind(battery) == "howitzer" and battery.formed_turn != 0:
        yield Finding(
            "NA-how-a",
            f"howitzer battery {battery.id!r} is formed on turn {battery.formed_turn}: "
            "howitzer batteries are formed before play only",
            battery.id,
        )


def pieces_fire_together(entry: FirePlan, battery: Battery) -> Iterator[Finding]:
    """NA-how-a: the howitzers of a gun battery fire with it, so no fire-plan entry for part of it."""
    if entry.pieces != "all" and battery.guns and battery.howitzers:
        yield Finding(
            "NA-how-a",
            f"fire plan turn {entry.turn}: the {entry.pieces} of gun battery {battery.id!r} cannot fire "
            "apart from the rest of the battery",
            battery.id,
        )


def check_howitzer_batteries(scenario: NapoleonicScenario) -> Iterator[Finding]:
    """NA-how-a: howitzer batteries are formed before play only, and howitzers inside a gun battery never
    fire apart from it (a fire-plan entry for part of a mixed battery)."""
    for battery in scenario.batteries:
        yield from howitzer_battery_formed(battery)
    batteries = {b.id: b for b in scenario.batteries}
    for entry in scenario.fire_plan:
        if entry.battery in batteries:
            yield from pieces_fire_together(entry, batteries[entry.battery])
