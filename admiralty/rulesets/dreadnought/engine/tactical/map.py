"""The battle zone's hex map (7.41): a fixed-size field with a shaded, numbered edge ring.

Land comes from the operational map. A side of the sea zone that is wholly land (``topology.land_sides``)
closes that side of the tactical map: ships may not go beyond its ring hexes, and those ring hexes need no
grounding check (DN-7.41a). An island inside the zone (``topology.islands``) makes the seven centre hexes
land, and the player without the initiative sets up next to the centre hex nearest the edge the initiative
player enters from (DN-7.41b). Ships never enter land hexes, except to run aground on purpose (DN-7.44).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from admiralty.rulesets.dreadnought.engine.battle_tables import TacticalMapTable
from admiralty.rulesets.dreadnought.engine.geography import nation_counts_as
from admiralty.rulesets.dreadnought.engine.model import SeaMap
from admiralty.rulesets.dreadnought.engine.tactical.hexes import (
    Hex,
    distance,
    from_offset,
    neighbours,
    to_offset,
    within,
)

SIDES: tuple[str, ...] = ("N", "E", "S", "W")


@dataclass(frozen=True)
class Coast:
    """The land of a battle zone: its sides that are wholly land, and the nation of an island in it
    (``None``: no island; ``""``: an island of no known nation)."""

    land_sides: tuple[str, ...] = ()
    island: str | None = None


OPEN_SEA = Coast()


def coast_of(sea_map: SeaMap, zone: str) -> Coast:
    """The ``Coast`` of ``zone`` from the operational map's topology (DN-7.41a, DN-7.41b)."""
    sides = tuple(s for s in SIDES if s in sea_map.topology.land_sides.get(zone, ()))
    islands = sorted(sea_map.topology.islands.get(zone, ()))
    if not islands:
        return Coast(sides)
    nations = {mass.id: mass.nation for mass in sea_map.land}
    return Coast(sides, nation_counts_as(nations.get(islands[0], "")))


def coast_for(battle: object) -> Coast:
    """The coast the operational game handed over with the battle (``battle.coast``), else open sea."""
    found = getattr(battle, "coast", None)
    return found if isinstance(found, Coast) else OPEN_SEA


@dataclass(frozen=True)
class HexMap:
    """The tactical map of one battle zone. ``sea`` holds every hex a ship may be in; ``ring`` numbers the
    shaded edge hexes clockwise from the north-west corner; ``edges`` gives each ring hex's map sides;
    ``check`` holds the hexes whose entry needs a grounding roll; ``shore`` the hexes from which a ship can
    run into land on purpose; ``adjacent`` each sea hex's sea neighbours."""

    columns: int
    rows: int
    coast: Coast
    centre: Hex
    land: frozenset[Hex]
    sea: frozenset[Hex]
    ring: Mapping[Hex, int]
    edges: Mapping[Hex, tuple[str, ...]]
    check: frozenset[Hex]
    shore: frozenset[Hex]
    adjacent: Mapping[Hex, tuple[Hex, ...]]

    @property
    def closed(self) -> tuple[str, ...]:
        return self.coast.land_sides


def build_map(coast: Coast, table: TacticalMapTable) -> HexMap:
    """The hex map of a zone with ``coast``, sized by the ``tactical_map`` table (built once per shape)."""
    return _build(coast, table.columns, table.rows)


def _sides_of(column: int, row: int, columns: int, rows: int) -> tuple[str, ...]:
    found = []
    if row == 0:
        found.append("N")
    if column == columns - 1:
        found.append("E")
    if row == rows - 1:
        found.append("S")
    if column == 0:
        found.append("W")
    return tuple(found)


def _ring_order(columns: int, rows: int) -> list[tuple[int, int]]:
    """Ring hexes clockwise from the north-west corner: along the north edge, down the east, back along
    the south, up the west."""
    cells = [(c, 0) for c in range(columns)]
    cells += [(columns - 1, r) for r in range(1, rows)]
    cells += [(c, rows - 1) for c in range(columns - 2, -1, -1)]
    cells += [(0, r) for r in range(rows - 2, 0, -1)]
    return cells


def _closed_ring(coast: Coast, edges: dict[Hex, tuple[str, ...]]) -> set[Hex]:
    """DN-7.41a: ring hexes on a side that is wholly land."""
    return {h for h, sides in edges.items() if any(s in coast.land_sides for s in sides)}


def _near_land(sea: frozenset[Hex], land: frozenset[Hex]) -> set[Hex]:
    """DN-7.41a: sea hexes next to the island."""
    return {h for h in sea if any(n in land for n in neighbours(h))}


@cache
def _build(coast: Coast, columns: int, rows: int) -> HexMap:
    every = [from_offset(c, r) for c in range(columns) for r in range(rows)]
    centre = from_offset(columns // 2, rows // 2)
    land = frozenset(within(centre, 1)) if coast.island is not None else frozenset()
    sea = frozenset(h for h in every if h not in land)
    ring = {from_offset(c, r): i + 1 for i, (c, r) in enumerate(_ring_order(columns, rows))}
    edges = {h: _sides_of(*to_offset(h), columns, rows) for h in ring}
    closed_ring = _closed_ring(coast, edges)
    near_island = _near_land(sea, land)
    adjacent = {h: tuple(n for n in neighbours(h) if n in sea) for h in sorted(sea)}
    return HexMap(
        columns=columns, rows=rows, coast=coast, centre=centre, land=land, sea=sea,
        ring=MappingProxyType(ring), edges=MappingProxyType(edges),
        check=frozenset(near_island - closed_ring), shore=frozenset(near_island | closed_ring),
        adjacent=MappingProxyType(adjacent))


# --- questions the rules ask of the map ----------------------------------------------------------------


def needs_grounding_check(m: HexMap, h: Hex) -> bool:
    """DN-7.41a, DN-7.42: entering ``h`` needs a grounding roll (next to land, and not a shaded ring hex
    on a side that is wholly land)."""
    return h in m.check


def may_enter(m: HexMap, h: Hex) -> bool:
    """DN-7.41b: ships never enter land hexes (nor go off the map except by leaving it)."""
    return h in m.sea


def may_leave(m: HexMap, h: Hex) -> bool:
    """DN-7.41a: a ship may leave the map from a ring hex on a side that is not wholly land."""
    return any(side not in m.closed for side in m.edges.get(h, ()))


def open_sides(m: HexMap) -> tuple[str, ...]:
    """The map sides a player may enter from: those not wholly land (all four if every side is land)."""
    return tuple(s for s in SIDES if s not in m.closed) or SIDES


def edge_distance(m: HexMap, h: Hex, side: str) -> int:
    """Rows or columns between ``h`` and the map edge ``side``."""
    column, row = to_offset(h)
    return {"N": row, "S": m.rows - 1 - row, "W": column, "E": m.columns - 1 - column}[side]


def _edge_middle(m: HexMap, side: str) -> Hex:
    column, row = {"N": (m.columns // 2, 0), "S": (m.columns // 2, m.rows - 1), "W": (0, m.rows // 2),
                   "E": (m.columns - 1, m.rows // 2)}[side]
    return from_offset(column, row)


def entry_hexes(m: HexMap, side: str) -> list[Hex]:
    """The ring hexes of edge ``side``, nearest the middle of that edge first (where groups enter)."""
    middle = _edge_middle(m, side)
    hexes = [h for h, sides in m.ring.items() if side in m.edges[h]]
    return sorted(hexes, key=lambda h: (distance(h, middle), m.ring[h]))


def setup_hexes(m: HexMap, entry: str) -> list[Hex]:
    """Where the player without the initiative sets up his groups, best first (more groups than hexes
    share them). Open sea (house): the centre hex and the hexes around it. DN-7.41b: with an island, the
    sea hexes adjacent to the island hex nearest the edge ``entry`` the initiative player enters from."""
    if not m.land:
        return list(within(m.centre, 2))
    middle = _edge_middle(m, entry)
    anchor = min(sorted(m.land), key=lambda h: (edge_distance(m, h, entry), distance(h, middle)))
    around = [h for h in neighbours(anchor) if h in m.sea]
    return sorted(around, key=lambda h: (edge_distance(m, h, entry), distance(h, middle)))


def escort_hex(m: HexMap, escorted: Hex, taken: set[Hex], preferred: list[Hex]) -> Hex:
    """DN-5.2-escort: the hex an escort sets up in, adjacent to the hex of the fleet it escorts: a free
    one of ``preferred`` (the side's setup or entry hexes) first, then any free sea hex, then any sea hex
    next to it; the escorted fleet's own hex only when no sea hex touches it."""
    around = [h for h in neighbours(escorted) if may_enter(m, h)]
    ranked = sorted(around, key=lambda h: (h in taken, h not in preferred))
    return ranked[0] if ranked else escorted


def land_nation_near(m: HexMap, h: Hex) -> str | None:
    """The nation of the land next to ``h`` when a grounding roll is due there (the island's; ``None``
    when unknown)."""
    return (m.coast.island or None) if h in m.check else None
