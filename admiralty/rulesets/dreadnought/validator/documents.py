"""The parts of a dreadnought scenario document the builder reads, as its schema (``scenario.schema.json``)
admits them: the builder gets them only once the document passed the schema stage, so these are its shapes, not
guesses. Places (``start``, ``target``, ``refuel_ports``) are zone or port ids."""

from __future__ import annotations

from typing import Literal, Required, TypedDict


class FleetDocument(TypedDict, total=False):
    """A fleet (``sides[].fleets[]``) or a collier group (``sides[].colliers[]``: no mission, no escorts)."""

    id: Required[str]
    name: str
    mission: str
    start: Required[str]
    ships: Required[list[str]]
    escorts: str
    orders: list[str]


class SideDocument(TypedDict, total=False):
    id: Required[str]
    name: Required[str]
    nations: Required[list[str]]
    controls: list[str]
    fleets: Required[list[FleetDocument]]
    colliers: list[FleetDocument]
    players: Literal["scripted", "random", "heuristic"]


class RulesDocument(TypedDict, total=False):
    """``rules:``, every key optional (the builder gives each its default)."""

    raid_fleets: int
    raid_max_ships: int
    raid_needs_leader: bool
    mixed_nationality: bool
    abort_at_start: bool
    refuel_ports: list[str]
    minelayers: list[str]
    minesweepers: list[str]
    american_colliers_after_1920: bool
    pursuit_speed_bonus: Literal["literal", "day-only"]
    abort_port: Literal["nearest", "any"]
    tables: dict[str, object]


class ConditionDocument(TypedDict, total=False):
    side: Required[str]
    kind: Required[Literal["vp-lead", "reach", "sink"]]
    value: int
    fleet: str
    target: str
    by_turn: int
    ships: list[str]


class VictoryDocument(TypedDict, total=False):
    conditions: Required[list[ConditionDocument]]
    otherwise: str
