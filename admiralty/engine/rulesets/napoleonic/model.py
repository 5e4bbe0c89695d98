"""The napoleonic model: a table with terrain, units on bases, batteries, and a fire plan.

Distances are centimetres, coordinates ``(x, y)`` with x east and y north. Facings are compass bearings in
degrees: 0 faces north (+y), 90 east (+x), clockwise.

A unit's **footprint** (see ``geometry.unit_footprint``) is the rectangle its bases cover. ``at`` is the
midpoint of the unit's *front edge* and the bases extend behind it (away from ``facing``):

* ``line``: the bases stand side by side, ``bases * base_width`` wide and ``base_depth`` deep;
* ``column``: the bases stand one behind another, ``base_width`` wide and ``bases * base_depth`` deep.

Every dataclass may carry ``source`` (where the validator found it: file, line, json path); it never takes
part in equality or hashing, so two units built from different files compare equal when their rules data do.

``scenario_from_documents`` turns a ``table`` document and a ``scenario`` document (already parsed YAML)
into the model, filling the house defaults (base sizes, ranges) from ``tables.yaml``. Its ``locate``
argument, when given, is called as ``locate(document, *path)`` (``document`` is ``"scenario"`` or
``"table"``) for every object built, and what it returns becomes that object's ``source``: the validator
passes a function that makes its own ``Source`` records, and the engine never needs to know their type.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

from admiralty.engine.model.common import Smoke
from admiralty.engine.model.derived import Derived

from .tables import Tables, load_tables

Point = tuple[float, float]

TERRAIN_KINDS = ("building", "built-up", "rough", "cover")
UNIT_TYPES = ("infantry", "cavalry", "artillery", "skirmishers")
UNIT_CLASSES = ("guard", "elite", "first", "second", "third", "militia")
FORMATIONS = ("line", "column")
PIECES = ("all", "guns", "howitzers")
SMOKE_PLAYERS = ("heuristic", "random")

Locate = Callable[..., Any]


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
    source: Any = field(default=None, compare=False, repr=False)
    name: str = field(default="", compare=False)


@dataclass(frozen=True)
class Table(Derived):
    """The playing table: ``size`` is (width, depth) in cm with the origin at the south-west corner."""

    id: str
    title: str
    size: tuple[float, float]
    terrain: tuple[Terrain, ...] = ()
    source: Any = field(default=None, compare=False, repr=False)
    ruleset: str = field(default="napoleonic", compare=False)  # the site sorts models by ruleset

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
    source: Any = field(default=None, compare=False, repr=False)
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
    source: Any = field(default=None, compare=False, repr=False)
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
    source: Any = field(default=None, compare=False, repr=False)
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
    source: Any = field(default=None, compare=False, repr=False)


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
    rules: Mapping[str, Any] = field(default_factory=dict, compare=False)
    source: Any = field(default=None, compare=False, repr=False)
    date: str = ""
    briefing: str = field(default="", compare=False, repr=False)
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


# ---------------------------------------------------------------------------------------------------
# Building the model from parsed YAML documents (field names as in FORMAT.md, plus the extensions above).


def _point(value: Sequence[float]) -> Point:
    return (float(value[0]), float(value[1]))


def _polygon(value: Sequence[Sequence[float]]) -> tuple[Point, ...]:
    return tuple(_point(p) for p in value)


def _nowhere(*path: Any) -> None:
    return None


def table_from_document(doc: Mapping[str, Any], locate: Locate = _nowhere) -> Table:
    """A ``table`` document: ``id``, ``title``, ``size: [w, d]``, ``terrain: [{id, kind, polygon, name?}]``."""
    terrain = tuple(
        Terrain(id=t["id"], kind=t["kind"], polygon=_polygon(t["polygon"]), name=str(t.get("name", "")),
                source=locate("table", "terrain", i))
        for i, t in enumerate(doc.get("terrain", ()))
    )
    return Table(id=doc["id"], title=doc.get("title", doc["id"]), size=_point(doc["size"]), terrain=terrain,
                 source=locate("table"))


def unit_from_document(doc: Mapping[str, Any], tables: Tables, source: Any = None) -> Unit:
    """A scenario ``units`` entry; ``base_width``, ``base_depth``, ``figures_per_base`` default by type."""
    defaults = tables["bases"].get(doc["type"], {})
    return Unit(
        id=doc["id"],
        side=doc["side"],
        type=doc["type"],
        class_=str(doc.get("class", "first")),
        figures=int(doc["figures"]),
        bases=int(doc["bases"]),
        formation=doc.get("formation", "line"),
        at=_point(doc["at"]),
        facing=float(doc.get("facing", 0.0)),
        base_width=float(doc.get("base_width", defaults.get("width", 4.0))),
        base_depth=float(doc.get("base_depth", defaults.get("depth", 2.0))),
        figures_per_base=int(doc.get("figures_per_base", 0)),
        source=source,
        name=str(doc.get("name", "")),
    )


def battery_from_document(doc: Mapping[str, Any], tables: Tables, source: Any = None) -> Battery:
    """A scenario ``batteries`` entry; ``ranges: {canister, effective, long}`` defaults to the house ranges."""
    house = tables["ranges"]
    given = doc.get("ranges", {})
    ranges = Ranges(
        canister=float(given.get("canister", house["canister"])),
        effective=float(given.get("effective", house["effective"])),
        long=float(given.get("long", house["long"])),
    )
    return Battery(
        id=doc["id"],
        side=doc["side"],
        guns=int(doc.get("guns", 0)),
        howitzers=int(doc.get("howitzers", 0)),
        rockets=int(doc.get("rockets", 0)),
        at=_point(doc["at"]),
        facing=float(doc.get("facing", 0.0)),
        ranges=ranges,
        formed_turn=int(doc.get("formed_turn", 0)),
        source=source,
        name=str(doc.get("name", "")),
    )


def fire_plan_from_document(entries: Sequence[Mapping[str, Any]], locate: Locate = _nowhere) -> tuple[FirePlan, ...]:
    """``fire_plan: [{battery, turn, target, pieces?}]`` or ``{battery, turns: [..], target}``; every
    entry made from one item of the list has that item's ``source``."""
    plan: list[FirePlan] = []
    for i, entry in enumerate(entries):
        turns = entry["turns"] if "turns" in entry else [entry["turn"]]
        for turn in turns:
            plan.append(
                FirePlan(
                    battery=entry["battery"],
                    turn=int(turn),
                    target=entry["target"],
                    pieces=entry.get("pieces", "all"),
                    source=locate("scenario", "fire_plan", i),
                )
            )
    return tuple(plan)


def smoke_from_document(doc: Mapping[str, Any]) -> Smoke:
    """The ``smoke: {games, balance: [low, high], players}`` block; every key optional."""
    balance = doc.get("balance")
    return Smoke(
        games=int(doc.get("games", 50)),
        balance=(float(balance[0]), float(balance[1])) if balance is not None else None,
        players=tuple(doc.get("players", SMOKE_PLAYERS)),
    )


def scenario_from_documents(
    scenario: Mapping[str, Any], table: Mapping[str, Any], tables: Tables | None = None, locate: Locate = _nowhere
) -> NapoleonicScenario:
    """Build the model from a parsed ``scenario`` and its ``table`` document (``locate``: see above)."""
    rules = dict(scenario.get("rules", {}))
    tables = tables or load_tables(rules.get("tables"))
    turns = scenario.get("turns", 1)
    sides = tuple(
        Side(id=s["id"], name=s.get("name", s["id"]), nations=tuple(s.get("nations", ())),
             source=locate("scenario", "sides", i))
        for i, s in enumerate(scenario.get("sides", ()))
    )
    if not sides:
        seen = dict.fromkeys(u["side"] for u in (*scenario.get("units", ()), *scenario.get("batteries", ())))
        sides = tuple(Side(id=s, name=s) for s in seen)
    return NapoleonicScenario(
        id=scenario["id"],
        title=scenario.get("title", scenario["id"]),
        table=table_from_document(table, locate),
        sides=sides,
        units=tuple(
            unit_from_document(u, tables, locate("scenario", "units", i))
            for i, u in enumerate(scenario.get("units", ()))
        ),
        batteries=tuple(
            battery_from_document(b, tables, locate("scenario", "batteries", i))
            for i, b in enumerate(scenario.get("batteries", ()))
        ),
        turns=int(turns["count"] if isinstance(turns, Mapping) else turns),
        fire_plan=fire_plan_from_document(scenario.get("fire_plan", ()), locate),
        rules=rules,
        source=locate("scenario"),
        date=str(scenario.get("date", "")),
        briefing=str(scenario.get("briefing", "")),
        sources=tuple(str(s) for s in scenario.get("sources", ())),
        smoke=smoke_from_document(scenario.get("smoke", {})),
    )
