"""The state of one tactical battle: every ship on the hex map, the dice, and the battle log.

``Unit`` is a ship as the tactical rules see it (where it is, what it has left). ``Field`` holds the units,
the map, the tables, the dice and the log. All chance goes through ``admiralty.engine.dice``: the game's
``random.Random`` in play, ``ScriptedDice`` in tests that fix every die.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from admiralty.engine.dice import Dice
from admiralty.rulesets.dreadnought.engine.battle_tables import BattleTables
from admiralty.rulesets.dreadnought.engine.model import SPEEDS, ShipClass, speed_rank
from admiralty.rulesets.dreadnought.engine.tactical.hexes import Hex, label
from admiralty.rulesets.dreadnought.engine.tactical.map import HexMap


class ShipView(NamedTuple):
    """A ship as a side sees it (see ``detection._own`` and ``detection._outside``). A named tuple, not a frozen
    dataclass: a battle player's view is built afresh for every choice it makes, every ship of its own and every
    enemy ship it sees (about 115 a view at Jutland), and a tuple is built in a quarter of a frozen dataclass's
    time."""

    name: str
    group: str
    at: Hex
    type: str
    capital: bool
    shallow_draft: bool
    italic: bool
    hull: int
    hull_max: int
    primary: int
    secondary: int
    tertiary: int
    torpedo: int
    speed: str
    lost_way: bool
    towing: bool
    grounded: bool
    victory_points: int


ON_MAP = frozenset({"afloat", "grounded"})
"""The statuses of a ship still on the tactical map."""


@dataclass(eq=False)
class Unit:
    """One ship in the battle. ``status`` is ``afloat``, ``grounded``, ``sunk`` or ``left`` (the map);
    ``speed`` is a rank in ``SPEEDS``; ``tow`` names the ship it tows or that tows it; ``flash`` the last
    gunnery step in which it fired (0: never)."""

    name: str
    side: str
    group: str
    cls: ShipClass
    nation: str
    italic: bool
    at: Hex
    hull: int
    hull_start: int
    primary: int
    secondary: int
    tertiary: int
    torpedo: int
    speed: int
    lost_way: bool
    torpedoes_ready: bool
    halve_next: bool
    can_fire: bool
    status: str = "afloat"
    deliberate: bool = False
    exploded: bool = False
    torpedoes_fired: bool = False
    tow: str | None = None
    flash: int = 0
    start: dict[str, int] = field(default_factory=dict)  # factors and speed rank brought in, for lasting damage
    stopped_at_start: bool = False
    can_move: bool = True  # DN-12-nocombat: refuelling this turn, it stays where it is set up
    fleet: str = ""  # the operational fleet it came with (``group`` may change when it is left behind)

    @property
    def on_map(self) -> bool:
        return self.status in ON_MAP

    @property
    def mobile(self) -> bool:
        return self.status == "afloat"

    @property
    def speed_class(self) -> str:
        return SPEEDS[self.speed]

    def guns(self) -> dict[str, int]:
        return {"primary": self.primary, "secondary": self.secondary, "tertiary": self.tertiary}


def new_unit(name: str, side: str, group: str, cls: ShipClass, *, nation: str, italic: bool, hull: int,
             speed: str, lost_way: bool, torpedoes_ready: bool, halve_first: bool, can_fire: bool,
             losses: Mapping[str, int] | None = None, can_move: bool = True) -> Unit:
    """A unit with its starting factors: its class's, less what earlier battles destroyed, as recorded on the
    ship specification (DN-7.5d, the Courbet example); hull boxes lost take away no factor of their own."""
    lost = losses or {}
    factors = {k: max(0, int(getattr(cls, k)) - lost.get(k, 0))
               for k in ("primary", "secondary", "tertiary", "torpedo")}
    rank = speed_rank(speed)
    return Unit(name=name, side=side, group=group, fleet=group, cls=cls, nation=nation, italic=italic, at=(0, 0),
                hull=hull, hull_start=hull, primary=factors["primary"], secondary=factors["secondary"],
                tertiary=factors["tertiary"], torpedo=factors["torpedo"], speed=rank, lost_way=lost_way,
                torpedoes_ready=torpedoes_ready, halve_next=halve_first, can_fire=can_fire, can_move=can_move,
                start={**factors, "speed": rank}, stopped_at_start=lost_way)


def lasting_damage(unit: Unit) -> dict[str, int]:
    """DN-7.5d: what this battle destroyed for good: factors and speed classes lost, and way lost."""
    now = {**unit.guns(), "torpedo": unit.torpedo, "speed": unit.speed}
    lost = {k: unit.start[k] - now[k] for k in now if unit.start.get(k, now[k]) > now[k]}
    if unit.lost_way and not unit.stopped_at_start:
        lost["lost_way"] = 1
    return lost


@dataclass(eq=False)
class Field:
    """The battle in progress. ``step`` counts gunnery steps fought; ``blind`` the tactical turns in a row
    in which no ship saw an enemy; ``gone`` the sides that left the map, in the order they went; ``memory``
each side's last sight of each enemy ship (``detection.remember``)."""

    sides: tuple[str, str]
    map: HexMap
    tables: BattleTables
    dice: Dice
    night: bool
    weather: str
    units: dict[str, Unit] = field(default_factory=dict)
    turn: int = 0
    step: int = 0
    initiative: str = ""
    blind: int = 0
    gone: list[str] = field(default_factory=list)
    contact_lost: bool = False
    ended: str = ""
    memory: dict[str, dict[str, ShipView]] = field(default_factory=dict)
    escorts: dict[str, str] = field(default_factory=dict)
    log: list[Mapping[str, object]] = field(default_factory=list)

    def enemy(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def side_units(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def on_map(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side and u.status in ON_MAP]  # Unit.on_map, inlined

    def mobile(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side and u.status == "afloat"]

    def cut_tow(self, unit: Unit) -> None:
        """``unit`` no longer tows or is towed (it grounded, sank or was cast off)."""
        partner = self.units.get(unit.tow or "")
        if partner is not None and partner.tow == unit.name:
            partner.tow = None
        unit.tow = None

    def order(self) -> tuple[str, str]:
        """The initiative side first (DN-7.5b)."""
        return (self.initiative, self.enemy(self.initiative))

    def note(self, step: str, text: str, **data: object) -> None:
        """One entry of the battle log: the tactical turn, the step, a readable line and its data (JSON values,
        passed through to the ``battle`` event)."""
        entry: dict[str, object] = {"turn": self.turn, "step": step, "text": text}
        entry.update(data)
        self.log.append(entry)


def where(h: Hex, m: HexMap) -> str:
    """A hex for the log: its printed number, and its ring number when it is a shaded ring hex."""
    number = m.ring.get(h)
    return f"{label(h)} (ring {number})" if number is not None else label(h)
