"""Detection (7.27, a house table) and what each side may see of the battle.

A ship sees an enemy ship within its detection range, which depends on day or night and the weather. At
night a ship that fired its guns in this gunnery step or the last is seen further off (its gun flashes).
A ship may fire only at a target it sees (DN-7.5a): at night a target three hexes off is in primary range
but unseen, so the primaries cannot fire at it.

``side_view`` is everything a battle player is shown: its own ships in full, the enemy ships its ships see
now (where they are, their damage, whether they have lost way, tow or are aground), and the others as it
last saw them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from admiralty.rulesets.dreadnought.engine.battle_tables import BattleTables
from admiralty.rulesets.dreadnought.engine.tactical.map import HexMap
from admiralty.rulesets.dreadnought.engine.tactical.state import Field, ShipView, Unit


def flashing(state: Field, unit: Unit) -> bool:
    """At night: the ship fired its guns in this gunnery step or the last one."""
    return state.night and unit.flash > 0 and unit.flash >= state.step - 1


def sight(state: Field, target: Unit) -> int:
    """How far off ``target`` can be seen now."""
    plain, flashed = _sights(state)
    return flashed if flashing(state, target) else plain


def seen_within(state: Field, unit: Unit, reach: int, enemies: Sequence[Unit] | None = None) -> list[Unit]:
    """DN-7.5a: the enemy ships, in battle order, that ``unit`` (on the map) sees and that lie within ``reach``
    hexes of it. Gunnery and torpedoes ask this of every ship against every enemy in every step (the battle's
    inner loop at Jutland's 250 ships), so each pair's distance is taken once, inline, and ``sight``'s two
    possible answers are looked up once a call. ``enemies``: the enemy ships on the map, when the caller
    asks for every ship of a side in turn while nothing moves or sinks (``damage.simultaneous_step``)."""
    q, r = unit.at
    plain, flashed = _sights(state)
    night, last_step = state.night, state.step - 1
    found = []
    for target in state.on_map(state.enemy(unit.side)) if enemies is None else enemies:
        tq, tr = target.at
        dq, dr = q - tq, r - tr
        if not (-reach <= dq <= reach and -reach <= dr <= reach):
            continue  # the distance is at least |dq| and |dr|: farther than reach, without computing it
        hexes = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # hexes.distance
        if hexes <= reach and hexes <= (flashed if night and target.flash > 0 and target.flash >= last_step
                                        else plain):  # sight(state, target), flashing inlined
            found.append(target)
    return found


def _sights(state: Field) -> tuple[int, int]:
    """``sight`` of a ship that is not flashing and of one that is, in this step's light and weather."""
    table = state.tables.detection
    reach = table.reach(state.night, state.weather)
    return reach, max(reach, table.gun_flash)


def seen_by(state: Field, side: str) -> list[Unit]:
    """The enemy ships that some ship of ``side`` sees, in battle order."""
    watchers = sorted({u.at for u in state.on_map(side)})
    plain, flashed = _sights(state)  # sight()'s two answers, looked up once
    found = []
    for target in state.on_map(state.enemy(side)):
        reach = flashed if flashing(state, target) else plain
        tq, tr = target.at
        for q, r in watchers:  # hexes.distance inlined, with the same box test as seen_within's
            dq, dr = q - tq, r - tr
            if -reach <= dq <= reach and -reach <= dr <= reach and (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= reach:
                found.append(target)
                break
    return found


def anyone_sees(state: Field) -> bool:
    """Whether any ship of either side sees an enemy ship (contact holds)."""
    return any(seen_by(state, side) for side in state.sides)


def remember(state: Field) -> None:
    """Each side notes the enemy ships it sees now, as it sees them; ships that sank or left are forgotten."""
    for side in state.sides:
        memory = state.memory.setdefault(side, {})
        for unit in seen_by(state, side):
            memory[unit.name] = _outside(unit)
        for name in [n for n in memory if not state.units[n].on_map]:
            del memory[name]


# --- what a battle player is shown -----------------------------------------------------------------------


@dataclass(frozen=True)
class SideView:
    """What one side may see of the battle."""

    side: str
    enemy_side: str
    turn: int
    night: bool
    weather: str
    initiative: bool
    map: HexMap
    tables: BattleTables
    own: Mapping[str, ShipView]
    enemy: Mapping[str, ShipView]
    last_seen: Mapping[str, ShipView]


def _own(unit: Unit) -> ShipView:
    return ShipView(unit.name, unit.group, unit.at, unit.cls.type, unit.cls.is_capital, unit.cls.shallow_draft,
                    unit.italic, unit.hull, unit.cls.hull, unit.primary, unit.secondary, unit.tertiary,
                    unit.torpedo if unit.torpedoes_ready else 0, unit.speed_class, unit.lost_way,
                    unit.tow is not None, unit.status == "grounded", unit.cls.victory_points)


def _outside(unit: Unit) -> ShipView:
    """An enemy ship as seen from outside. Damage shows (hits are rolled on the table in the open), so
    hull and factors are the ship's own; torpedoes are the class's (whether they are spent does not)."""
    return ShipView(unit.name, "", unit.at, unit.cls.type, unit.cls.is_capital, unit.cls.shallow_draft, unit.italic,
                    unit.hull, unit.cls.hull, unit.primary, unit.secondary, unit.tertiary, unit.cls.torpedo,
                    unit.speed_class, unit.lost_way, unit.tow is not None, unit.status == "grounded",
                    unit.cls.victory_points)


def side_view(state: Field, side: str) -> SideView:
    """What ``side`` may see now (never more: players get nothing else)."""
    seen = seen_by(state, side)
    memory = state.memory.get(side, {})
    current = {u.name for u in seen}
    return SideView(
        side=side, enemy_side=state.enemy(side), turn=state.turn, night=state.night, weather=state.weather,
        initiative=state.initiative == side, map=state.map, tables=state.tables,
        own=MappingProxyType({u.name: _own(u) for u in state.on_map(side)}),
        enemy=MappingProxyType({u.name: _outside(u) for u in seen}),
        last_seen=MappingProxyType({n: v for n, v in memory.items() if n not in current}))
