"""What a battery may fire at: range, line of sight, and where the target stands.

A battery fires at an enemy unit still on the table, or at a building or built-up area (to set it
alight, NA-fire-a) that none of its own side's units stands in. The target must be in range (the
battery's long range; 80 cm for rockets, NA-rocket) and in sight (``geometry.has_line_of_sight``: no
building between; the building fired at does not hide itself).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shapely.geometry import Polygon

from .buildings import BURNING_KINDS, terrain_of
from .fire import range_band
from .geometry import EPSILON, has_line_of_sight, range_cm, terrain_shape
from .house import NapoleonicTables
from .howitzers import battery_kind
from .model import Battery, NapoleonicScenario, Terrain, Unit
from .rockets import rocket_range

TARGET_TERRAIN = BURNING_KINDS


@dataclass(frozen=True)
class Target:
    """A possible target as seen from one battery.

    ``terrain`` is the building or built-up area the target is (or stands in), if any; ``rough`` the rough
    ground it stands in; ``cover`` whether it stands in cover (house ``cover_kinds``).
    """

    id: str
    kind: str  # "unit" or "terrain"
    side: str | None
    distance: float
    band: str | None
    in_range: bool
    visible: bool
    terrain: Terrain | None
    rough: Terrain | None
    cover: bool
    column: bool

    @property
    def legal(self) -> bool:
        return self.in_range and self.visible

    @property
    def ground_kind(self) -> str | None:
        """The kind of ground that matters for NA-pen-e: building, built-up, rough, or ``None``."""
        if self.terrain is not None:
            return self.terrain.kind
        return self.rough.kind if self.rough is not None else None


def reach(battery: Battery, tables: NapoleonicTables) -> float:
    """NA-pen-a: the battery's maximum range in cm: its own long range (never past the house ``range_cap``
    when that is on), 80 for rockets (NA-rocket)."""
    if battery_kind(battery) == "rocket":
        return rocket_range(tables)
    cap = tables.range_cap
    return battery.ranges.long if cap is None else min(battery.ranges.long, cap)


def buildings(scenario: NapoleonicScenario, except_id: str | None = None) -> list[Polygon]:
    """The buildings that may block sight (all but ``except_id``, the one fired at)."""
    return [terrain_shape(t) for t in scenario.table.terrain if t.kind == "building" and t.id != except_id]


def describe(
    scenario: NapoleonicScenario,
    battery: Battery,
    target_id: str,
    shapes: Mapping[str, Polygon],
    tables: NapoleonicTables,
) -> Target | None:
    """The ``Target`` ``target_id`` (a unit in ``shapes``, or a terrain piece) is for ``battery``;
    ``None`` when it is neither on the table nor a piece of terrain."""
    terrain = {t.id: t for t in scenario.table.terrain}
    if target_id in shapes:
        shape = shapes[target_id]
        unit = scenario.unit(target_id)
        side: str | None = unit.side
        kind = "unit"
        burning = terrain_of(shape, scenario.table, BURNING_KINDS, tables)
        rough = terrain_of(shape, scenario.table, ("rough",), tables)
        cover = terrain_of(shape, scenario.table, tables.cover_kinds, tables) is not None
        column = unit.formation == "column"
        blockers = buildings(scenario)
    elif target_id in terrain:
        piece = terrain[target_id]
        shape = terrain_shape(piece)
        side, kind, column = None, "terrain", False
        burning = piece if piece.kind in BURNING_KINDS else None
        rough = piece if piece.kind == "rough" else None
        cover = piece.kind in tables.cover_kinds
        blockers = buildings(scenario, except_id=piece.id)
    else:
        return None
    distance = range_cm(battery.at, shape)
    maximum = reach(battery, tables)
    band = None if battery_kind(battery) == "rocket" else range_band(distance, battery.ranges)
    return Target(
        id=target_id,
        kind=kind,
        side=side,
        distance=round(distance, 4),
        band=band,
        in_range=distance <= maximum + EPSILON and (band is not None or battery_kind(battery) == "rocket"),
        visible=has_line_of_sight(battery.at, shape, blockers),
        terrain=burning,
        rough=rough,
        cover=cover,
        column=column,
    )


def candidate_ids(
    scenario: NapoleonicScenario, battery: Battery, on_table: Sequence[Unit], shapes: Mapping[str, Polygon]
) -> list[str]:
    """Everything ``battery`` might fire at, in scenario order: enemy units on the table, then buildings
    and built-up areas that none of the battery's own units stands in (gunners do not shell their own)."""
    units = [u.id for u in on_table if u.side != battery.side]
    own = [shapes[u.id] for u in on_table if u.side == battery.side]
    pieces = [
        t.id
        for t in scenario.table.terrain
        if t.kind in TARGET_TERRAIN and not any(s.intersection(terrain_shape(t)).area > EPSILON for s in own)
    ]
    return units + pieces


def legal_targets(
    scenario: NapoleonicScenario,
    battery: Battery,
    on_table: Sequence[Unit],
    shapes: Mapping[str, Polygon],
    tables: NapoleonicTables,
) -> list[Target]:
    """The targets ``battery`` may fire at now: in range and in sight, in scenario order."""
    found = []
    for target_id in candidate_ids(scenario, battery, on_table, shapes):
        target = describe(scenario, battery, target_id, shapes, tables)
        if target is not None and target.legal:
            found.append(target)
    return found
