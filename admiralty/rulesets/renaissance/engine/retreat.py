"""Retreat after a naval battle (RN-9): who retreats, and where it may go, found on the sea-zone graph."""

from __future__ import annotations

from collections.abc import Container

from .model import BattleSide, RenaissanceMap, ZoneKind, ports_on, sea_graph


def retreating_side(zone: ZoneKind, winner: BattleSide) -> BattleSide:
    """RN-9: after a port battle the attacker retreats whether it won or lost; after a sea battle the loser."""
    if zone == "port":
        return "attacker"
    return "defender" if winner == "attacker" else "attacker"


def port_battle_targets(sea_map: RenaissanceMap, port: str, enemy_at: Container[str]) -> list[str]:
    """RN-9: the sea zones linked to ``port`` that hold no enemy naval units, in the port's order."""
    return [sea for sea in sea_map.ports[port].seas if sea not in enemy_at]


def sea_battle_targets(
    sea_map: RenaissanceMap, sea: str, power: str, enemy_at: Container[str]
) -> list[str]:
    """RN-9: where the loser of a battle in ``sea`` may go: first the adjacent ports ``power`` controls,
    then the adjacent sea zones, each free of enemy naval units (map order)."""
    ports = [
        port
        for port in ports_on(sea_map, sea)
        if sea_map.ports[port].power == power and port not in enemy_at
    ]
    graph = sea_graph(sea_map)
    order = list(sea_map.seas)
    seas = sorted((s for s in graph.neighbors(sea) if s not in enemy_at), key=order.index)
    return ports + seas


def retreat_targets(
    sea_map: RenaissanceMap, at: str, zone: ZoneKind, power: str, enemy_at: Container[str]
) -> list[str]:
    """RN-9: every legal retreat target for ``power`` after a battle at ``at``; empty means destroyed."""
    if zone == "port":
        return port_battle_targets(sea_map, at, enemy_at)
    return sea_battle_targets(sea_map, at, power, enemy_at)
