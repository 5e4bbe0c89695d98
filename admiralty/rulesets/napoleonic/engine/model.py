"""The napoleonic model: a table with terrain, units on bases, batteries, and a fire plan.

Distances are centimetres, coordinates ``(x, y)`` with x east and y north. Facings are compass bearings in
degrees: 0 faces north (+y), 90 east (+x), clockwise.

A unit's **footprint** (see ``geometry.unit_footprint``) is the rectangle its bases cover. ``at`` is the
midpoint of the unit's *front edge* and the bases extend behind it (away from ``facing``):

* ``line``: the bases stand side by side, ``bases * base_width`` wide and ``base_depth`` deep;
* ``column``: the bases stand one behind another, ``base_width`` wide and ``bases * base_depth`` deep.

Every dataclass may carry ``source`` (where the validator found it: file, line, json path); it never takes
part in equality or hashing, so two units built from different files compare equal when their rules data do.

The validator builds these objects from the authors' documents
(``admiralty.rulesets.napoleonic.validator.documents``); the engine reads no documents.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

from admiralty.engine.model.common import NOWHERE, Smoke, Source
from admiralty.engine.model.derived import Derived

Point = tuple[float, float]

SMOKE_PLAYERS = ("heuristic", "random")



class Finding(NamedTuple):
    """A scenario check's finding: a stable code (``GEO-…``, ``REF-…`` or a clause id ``NA-…``), a
    message in plain words, and the id of the object concerned (unit, battery, terrain or scenario)."""

    code: str
    message: str
    object_id: str


@dataclass(frozen=True)
class Terrain:
    """A terrain piece: ``building`` and ``built-up`` burn (NA-fire-a); buildings block sight."""

    id: str
    kind: str
    polygon: tuple[Point, ...]
    source: Source | None = field(default=None, compare=False, repr=False)
    name: str = field(default="", compare=False)


@dataclass(frozen=True)
class Table(Derived):
    """The playing table: ``size`` is (width, depth) in cm with the origin at the south-west corner."""

    id: str
    title: str
    size: tuple[float, float]
    terrain: tuple[Terrain, ...] = ()
    source: Source = field(default=NOWHERE, compare=False, repr=False)
    ruleset: str = field(default="napoleonic", compare=False)  # the site sorts models by ruleset
    description: str = field(default="", compare=False)  # the author's, shown on the table's page
    sources: tuple[str, ...] = field(default=(), compare=False)

    @cached_property
    def terrain_index(self) -> STRtree:
        """An R-tree of the terrain outlines, built once per table when first asked (the validator asks
        for every target of a fire plan of thousands of entries, on tables of hundreds of pieces)."""
        return STRtree([Polygon(piece.polygon) for piece in self.terrain])

    def terrain_near(self, shape: BaseGeometry) -> tuple[Terrain, ...]:
        """The pieces whose bounding boxes meet ``shape``'s, in table order: the only ones that can hold a
        share of it."""
        return tuple(self.terrain[int(i)] for i in sorted(self.terrain_index.query(shape)))


@dataclass(frozen=True)
class Side:
    """A side; ``nations`` are the armies that fight on it (shown on the site, never used by the rules)."""

    id: str
    name: str = ""
    source: Source | None = field(default=None, compare=False, repr=False)
    nations: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unit:
    """A unit of figures on bases. ``figures_per_base`` 0 means ``ceil(figures / bases)``."""

    id: str
    side: str
    type: str
    class_: str
    figures: int
    bases: int
    formation: str
    at: Point
    facing: float
    base_width: float = 4.0
    base_depth: float = 2.0
    figures_per_base: int = 0
    source: Source | None = field(default=None, compare=False, repr=False)
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.figures_per_base <= 0:
            object.__setattr__(self, "figures_per_base", math.ceil(self.figures / max(self.bases, 1)))


@dataclass(frozen=True)
class Ranges:
    """A battery's range bands in cm: canister <= effective <= long (long is its maximum, NA-pen-a)."""

    canister: float = 15.0
    effective: float = 40.0
    long: float = 80.0


@dataclass(frozen=True)
class Battery:
    """A battery at a point. Guns and howitzers together form a gun battery (NA-how-a); howitzers alone a
    howitzer battery (NA-how-b); rockets a rocket battery (NA-rocket). ``formed_turn`` is the turn on which
    the battery was formed, 0 meaning before play (the only legal value for a howitzer battery)."""

    id: str
    side: str
    guns: int = 0
    howitzers: int = 0
    rockets: int = 0
    at: Point = (0.0, 0.0)
    facing: float = 0.0
    ranges: Ranges = Ranges()
    formed_turn: int = 0
    source: Source | None = field(default=None, compare=False, repr=False)
    name: str = field(default="", compare=False)


@dataclass(frozen=True)
class FirePlan:
    """One entry of the fire plan: on ``turn``, ``battery`` fires at ``target`` (a unit or terrain id).
    ``pieces`` other than ``all`` asks part of a battery to fire alone (illegal for a mixed battery,
    NA-how-a)."""

    battery: str
    turn: int
    target: str
    pieces: str = "all"
    source: Source | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class NapoleonicScenario(Derived):
    """A playable scenario. ``date``, ``briefing``, ``sources``, ``smoke`` and ``content_hash`` are what the
    rest of the project (site, smoke games, replays) reads on every ruleset's scenarios; the rules never do."""

    id: str
    title: str
    table: Table
    sides: tuple[Side, ...]
    units: tuple[Unit, ...]
    batteries: tuple[Battery, ...]
    turns: int
    fire_plan: tuple[FirePlan, ...] = ()
    rules: Mapping[str, object] = field(default_factory=dict, compare=False)
    source: Source = field(default=NOWHERE, compare=False, repr=False)
    date: str = ""
    briefing: str = field(default="", compare=False, repr=False)
    outcome: str = field(default="", compare=False, repr=False)
    sources: tuple[str, ...] = field(default=(), compare=False, repr=False)
    smoke: Smoke = field(default=Smoke(players=SMOKE_PLAYERS), compare=False)
    content_hash: str = field(default="", compare=False)
    ruleset: str = "napoleonic"

    def side_names(self) -> list[tuple[str, str]]:
        """(id, name) of each side in the author's order (``admiralty.contract.ScenarioModel``)."""
        return [(side.id, side.name or side.id.replace("-", " ").title()) for side in self.sides]

    def unit(self, unit_id: str) -> Unit:
        return next(u for u in self.units if u.id == unit_id)

    def battery(self, battery_id: str) -> Battery:
        return next(b for b in self.batteries if b.id == battery_id)

    def terrain(self, terrain_id: str) -> Terrain:
        return next(t for t in self.table.terrain if t.id == terrain_id)
