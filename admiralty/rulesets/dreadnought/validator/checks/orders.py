"""Written orders walked along the map: legal paths, fast moves, aborts, colliers and tankers."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from admiralty.rulesets.dreadnought.engine.model import (
    FAST_SPEEDS,
    Fleet,
    Scenario,
    Side,
    effective_speed,
    may_enter_two_zones,
)
from admiralty.rulesets.dreadnought.engine.routes import planned_or_written
from admiralty.rulesets.dreadnought.validator.checks.graph import distances_from, sea_graph
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic


@dataclass(frozen=True)
class Step:
    """Where a fleet is after order ``index`` (``None`` before the first), and the zones it entered."""

    index: int
    zone: str | None
    port: str | None
    entered: tuple[str, ...]


def is_fast(scenario: Scenario, fleet: Fleet) -> bool:
    """DN-5.11a as the engine applies it (``model.may_enter_two_zones``, tankers at DN-12.63's speed)."""
    return may_enter_two_zones(scenario.ships[name].cls for name in fleet.ships if name in scenario.ships)


def planned_turn(scenario: Scenario, fleet: Fleet, index: int) -> int:
    """The turn written order ``index`` is carried out on, as the engine plays it (``engine.routes``: a mission's
    act in place of a move slips the plan); its place in the list when the engine cannot play the scenario.
    Asked only for a message: a clean corpus plays no game here."""
    route = planned_or_written(scenario).get(fleet.id)
    return route.turn_of_order(index) if route is not None else index + 1


def walk(scenario: Scenario, fleet: Fleet, ctx: CheckContext | None = None) -> Iterator[Step | Diagnostic]:
    """Follow a fleet's written orders, yielding where it is after each, or a GRA004 and stopping."""
    sea_map = scenario.map
    port: str | None = fleet.start if fleet.start in sea_map.ports else None
    zone: str | None = None if port else fleet.start
    for index, order in enumerate(fleet.orders):
        if order.kind in ("convoy", "pursuit", "split"):
            return  # the fleet's position now depends on play: another fleet, a battle, a split
        entered: list[str] = []
        if order.kind == "move":
            entered, refused, zone, port = _step_along(scenario, order.zones, zone, port)
            if refused is not None:
                if ctx is not None:
                    yield _cannot_enter_zone(scenario, fleet, index, refused, zone, port, ctx)
                return
        elif order.kind == "port" and order.target is not None and port != order.target:
            if zone not in sea_map.ports[order.target].zones:
                if ctx is not None:
                    yield _cannot_enter_port(scenario, fleet, index, order.target, zone, port, ctx)
                return
            port = order.target
        yield Step(index, zone, port, tuple(entered))


def _step_along(scenario: Scenario, targets: tuple[str, ...] | list[str], zone: str | None,
                port: str | None) -> tuple[list[str], str | None, str | None, str | None]:
    """One move order's zones, entered one by one by the engine's own rule (``can_step``): the zones entered,
    the first it cannot enter (``None`` when it enters them all), and where it is then (zone, port)."""
    entered: list[str] = []
    for target in targets:
        place = port or zone
        if place is None or not scenario.geography.can_step(place, target):
            return entered, target, zone, port
        entered.append(target)
        zone, port = target, None
    return entered, None, zone, port


def _cannot_enter_zone(scenario: Scenario, fleet: Fleet, index: int, target: str, zone: str | None,
                       port: str | None, ctx: CheckContext) -> Diagnostic:
    place = port or zone
    where = f"port '{port}'" if port else f"zone {zone}"
    options = ", ".join(scenario.geography.exits(place) if place else ()) or "none"
    hint = (f"it is in {zone} already: write 'stay' to stay there" if target == zone
            else f"from {where} it can enter: {options}")
    return ctx.at("GRA004", f"fleet '{fleet.id}' cannot enter {target} from {where} on turn "
                  f"{planned_turn(scenario, fleet, index)}",
                  fleet.order_source(index), hint)


def _cannot_enter_port(scenario: Scenario, fleet: Fleet, index: int, target: str, zone: str | None,
                       port: str | None, ctx: CheckContext) -> Diagnostic:
    target_port = scenario.map.ports[target]
    return ctx.at(
        "GRA004",
        f"fleet '{fleet.id}' cannot enter port '{target}' from "
        f"{'port ' + repr(port) if port else 'zone ' + str(zone)} on turn {planned_turn(scenario, fleet, index)}",
        fleet.order_source(index),
        f"'{target}' opens on {', '.join(target_port.zones) or 'no zone'}",
    )


@check(Scenario, "GRA004")
def orders_follow_adjacency(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    for fleet in scenario.fleets():
        yield from (item for item in walk(scenario, fleet, ctx) if isinstance(item, Diagnostic))


@check(Scenario, "DN-5.11a")
def two_zones_only_for_fast_fleets(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.11a: only fleets made wholly of speed 2/2+ ships may write ``A/B``."""
    for fleet in scenario.fleets():
        if is_fast(scenario, fleet):
            continue
        slow = [n for n in fleet.ships
                if n in scenario.ships and effective_speed(scenario.ships[n].cls) not in FAST_SPEEDS]
        for index, order in enumerate(fleet.orders):
            if order.kind == "move" and len(order.zones) == 2:
                names = ", ".join(f"{n} ({effective_speed(scenario.ships[n].cls)})" for n in slow)
                yield ctx.at(
                    "DN-5.11a",
                    f"fleet '{fleet.id}' enters two zones on turn {planned_turn(scenario, fleet, index)}, but "
                    f"{names} cannot",
                    fleet.order_source(index),
                    f"write one zone a turn: '{order.zones[0]}', then '{order.zones[1]}' next turn",
                )


def friendly_port_distances(scenario: Scenario, side: Side) -> tuple[dict[str, int], set[str]]:
    """Sea distance (zones to cross) from every zone to a zone where a friendly port opens; computed once
    per map and set of nations. Friendly as the engine has it (Dominion ports count as British, DN-5.2)."""
    ports = set(scenario.geography.friendly_ports[side.id])

    def compute() -> dict[str, int]:
        sources = {z for p in ports for z in scenario.map.ports[p].zones}
        return distances_from(sea_graph(scenario.map), sources) if sources else {}

    return scenario.map.derived("friendly:" + ",".join(sorted(side.nations)), compute), ports


@check(Scenario, "DN-5.2-abort")
def aborting_fleets_head_home(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.2-abort: after an abort every move heads for a friendly port, by a shortest path, at best speed."""
    for side in scenario.sides:
        for fleet in side.fleets:
            if fleet.mission != "abort" and not any(order.kind == "abort" for order in fleet.orders):
                continue
            yield from _heading_home(scenario, side, fleet, ctx)


def _heading_home(scenario: Scenario, side: Side, fleet: Fleet, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.2-abort for one fleet that aborts: its first turn after the abort that does not head home."""
    distances, ports = friendly_port_distances(scenario, side)
    speed = 2 if is_fast(scenario, fleet) else 1
    aborted = fleet.mission == "abort"
    zone: str | None = fleet.start if fleet.start in scenario.map.zones else None
    port: str | None = None if zone else fleet.start
    for step in walk(scenario, fleet):
        assert isinstance(step, Step)
        problem = _abort_problem(scenario, distances, ports, speed, zone, port, step) \
            if aborted and port not in ports else ""
        if problem:
            yield ctx.at(
                "DN-5.2-abort",
                f"aborting fleet '{fleet.id}' {problem} on turn "
                f"{planned_turn(scenario, fleet, step.index)}",
                fleet.order_source(step.index),
                "head for the nearest friendly port ("
                f"{', '.join(sorted(ports)) or 'none'}) by a shortest path, {speed} zone(s) a turn",
            )
            return
        aborted = aborted or fleet.orders[step.index].kind == "abort"
        zone, port = step.zone, step.port


def _abort_problem(
    scenario: Scenario,
    distances: dict[str, int],
    ports: set[str],
    speed: int,
    zone: str | None,
    port: str | None,
    step: Step,
) -> str:
    """Why this turn's orders do not take an aborting fleet home at best speed ("" when they do)."""
    if zone is not None and distances.get(zone) == 0:
        return "" if step.port in ports else "stays out although a friendly port opens on its zone"
    start = (
        distances.get(zone, 10**6)
        if zone
        else 1 + min((distances.get(z, 10**6) for z in scenario.map.ports[str(port)].zones), default=10**6)
    )
    if start >= 10**6:
        return ""  # no way home at all: the graph checks report the cut-off sea
    path = ([zone] if zone else []) + list(step.entered)
    if len(step.entered) != min(speed, start):
        return f"enters {len(step.entered)} zone(s) instead of {min(speed, start)}"
    if any(distances.get(b, 10**6) != distances.get(a, 10**6) - 1 for a, b in itertools.pairwise(path)):
        return "leaves the shortest path to a friendly port"
    return ""


@check(Scenario, "DN-12.5", "DN-12.6")
def colliers_and_tankers_avoid_enemy_ports(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-12.5, DN-12.6: colliers and tankers never enter a zone holding an enemy port."""
    for side in scenario.sides:
        enemy_zones: dict[str, str] = {}
        enemy = scenario.geography.enemy_ports[side.id]  # as the engine has them: a neutral port is not one
        for port in scenario.map.ports.values():
            if port.id in enemy:
                for zone in port.zones:
                    enemy_zones.setdefault(zone, port.id)
        for fleet in side.fleets:
            kinds = {scenario.ships[n].cls.type for n in fleet.ships if n in scenario.ships}
            for kind, code in (("collier", "DN-12.5"), ("tanker", "DN-12.6")):
                if kind not in kinds:
                    continue
                for step in walk(scenario, fleet):
                    assert isinstance(step, Step)
                    hit = next((z for z in step.entered if z in enemy_zones), None)
                    if hit:
                        yield ctx.at(
                            code,
                            f"fleet '{fleet.id}' takes a {kind} into {hit}, which holds the enemy "
                            f"port '{enemy_zones[hit]}'",
                            fleet.order_source(step.index),
                            f"{kind}s never enter a zone holding an enemy port; route around {hit}",
                        )
                        break


@check(Scenario, "DN-5.2-escort")
def escorts_are_set_up(scenario: Scenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.2-escort: an escort names a fleet of its side, starts with it and convoys it."""
    for side in scenario.sides:
        own = {fleet.id: fleet for fleet in side.fleets}
        for fleet in side.fleets:
            if fleet.mission != "escort":
                if fleet.escorts is not None:
                    yield ctx.at(
                        "DN-5.2-escort",
                        f"fleet '{fleet.id}' has mission '{fleet.mission}' but names a fleet to escort",
                        fleet.source.child("escorts"),
                        "remove `escorts:` or make the mission `escort`",
                    )
                continue
            target = own.get(fleet.escorts or "")
            if fleet.escorts is None or target is None or target.id == fleet.id:
                yield _no_fleet_to_escort(scenario, own, fleet, ctx)
            else:
                yield from _escort_follows(fleet, target, ctx)


def _no_fleet_to_escort(scenario: Scenario, own: dict[str, Fleet], fleet: Fleet, ctx: CheckContext) -> Diagnostic:
    """DN-5.2-escort: the escort names no fleet, itself, or a fleet of the other side."""
    other_side = (
        fleet.escorts is not None
        and fleet.escorts not in own
        and any(fleet.escorts == f.id for f in scenario.fleets())
    )
    return ctx.at(
        "DN-5.2-escort",
        f"escort fleet '{fleet.id}' must name another fleet of its own side "
        "to escort" + (f" ('{fleet.escorts}' is the enemy's)" if other_side else ""),
        fleet.source.child("escorts") if fleet.escorts else fleet.source,
        f"write escorts: one of {', '.join(f for f in own if f != fleet.id) or '(none)'}",
        key=fleet.escorts is None,
    )


def _escort_follows(fleet: Fleet, target: Fleet, ctx: CheckContext) -> Iterator[Diagnostic]:
    """DN-5.2-escort: the escort starts where the fleet it escorts starts, and convoys that fleet only."""
    if fleet.start != target.start:
        yield ctx.at(
            "DN-5.2-escort",
            f"escort '{fleet.id}' starts at {fleet.start} but the fleet it escorts starts at {target.start}",
            fleet.source.child("start"),
            f"write start: {target.start}",
        )
    for index, order in enumerate(fleet.orders):
        if order.kind == "convoy" and order.target != target.id:
            yield ctx.at(
                "DN-5.2-escort",
                f"escort '{fleet.id}' convoys '{order.target}' but escorts '{target.id}'",
                fleet.order_source(index),
                f"write 'convoy {target.id}'",
            )
