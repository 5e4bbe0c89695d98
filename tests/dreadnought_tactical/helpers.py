"""Builders for the tactical battle tests: ships, battles on a chosen coast, a battle state with every ship
placed by hand, scripted battle players, and loaded dice (every roll fixed by the test)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from admiralty.engine.dice import Dice, ScriptedDice
from admiralty.rulesets.dreadnought.engine.battle_types import Battle, Combatant
from admiralty.rulesets.dreadnought.engine.house import load_house
from admiralty.rulesets.dreadnought.engine.model import ShipClass
from admiralty.rulesets.dreadnought.engine.tactical.detection import SideView
from admiralty.rulesets.dreadnought.engine.tactical.hexes import Hex, from_offset
from admiralty.rulesets.dreadnought.engine.tactical.map import OPEN_SEA, Coast
from admiralty.rulesets.dreadnought.engine.tactical.movement import Move
from admiralty.rulesets.dreadnought.engine.tactical.resolver import new_field
from admiralty.rulesets.dreadnought.engine.tactical.state import Field


@dataclass(frozen=True)
class CoastBattle(Battle):
    """A battle that carries its zone's coast (what the operational game is asked to hand over)."""

    coast: Coast = OPEN_SEA


@dataclass(frozen=True)
class NationalShip(Combatant):
    """A combatant that carries its nation (for the home-coast grounding modifier)."""

    nation: str = ""


def cls(cid: str, type_: str = "CA", speed: str = "1", hull: int = 10, **kw: Any) -> ShipClass:
    return ShipClass(cid, cid.title(), type_, speed, hull, "coal", 6, 10, **kw)


TEGETTHOFF = cls("tegetthoff", "BB", "1", 12, primary=8)
COURBET = cls("courbet", "BB", "1", 12, primary=8)
CRUISER = cls("cruiser", "CL", "2", 4, secondary=4, tertiary=2, torpedo=2, armoured=False)
GUNBOAT = cls("gunboat", "CL", "1", 3, primary=1000)
MONITOR = cls("monitor", "BB", "1s", 6, primary=2, shallow_draft=True)
RIVER = cls("river", "DD", "2", 1, tertiary=1, shallow_draft=True)
TANKER = cls("tanker", "tanker", "1", 2)
DREADNOUGHT = cls("dreadnought", "BB", "1", 12, primary=10, secondary=6, tertiary=2, torpedo=1)


def ship(name: str, side: str, kind: ShipClass, fleet: str | None = None, nation: str = "",
         **kw: Any) -> NationalShip:
    return NationalShip(name=name, side=side, fleet=fleet or f"{side}-fleet", cls=kind,
                        hull=kw.pop("hull", kind.hull), speed=kw.pop("speed", kind.speed), nation=nation, **kw)


def battle(ships: Iterable[Combatant], *, coast: Coast = OPEN_SEA, night: bool = False, weather: str = "calm",
           tables: Mapping[str, Any] | None = None, sides: tuple[str, str] = ("a", "b")) -> CoastBattle:
    listed = list(ships)
    forces = {side: tuple(s for s in listed if s.side == side) for side in sides}
    return CoastBattle(zone="T10", turn=1, night=night, weather=weather, sides=sides, forces=forces,
                       tables=load_house(tables).battle, coast=coast)


def at(column: int, row: int) -> Hex:
    return from_offset(column, row)


def placed(ships: Sequence[tuple[Combatant, Hex]], *, coast: Coast = OPEN_SEA, night: bool = False,
           weather: str = "calm", dice: Dice | None = None, initiative: str = "a",
           tables: Mapping[str, Any] | None = None) -> Field:
    """A battle state with each ship at the given hex and ``initiative`` fixed; dice loaded (none by
    default: any roll the test did not expect fails)."""
    state = new_field(battle([s for s, _ in ships], coast=coast, night=night, weather=weather, tables=tables),
                      dice if dice is not None else ScriptedDice([]), coast)
    for combatant, where in ships:
        state.units[combatant.name].at = where
    state.initiative = initiative
    state.turn = 1
    return state


def first_target(side: str, options: Mapping[str, Sequence[str]]) -> Mapping[str, str]:
    return {name: targets[0] for name, targets in options.items()}


class Scripted:
    """A battle player whose every choice is a function the test gives (default: stay, hold fire, enter
    from the first edge offered, never run aground)."""

    name = "scripted-test"

    def __init__(self, move: Any = None, aground: Any = None, fire: Any = None, torpedo: Any = None,
                 entry: str | None = None) -> None:
        self._move, self._aground, self._fire, self._torpedo, self._entry = move, aground, fire, torpedo, entry
        self.views: list[SideView] = []

    def entry(self, view: SideView, sides: Sequence[str], rng: random.Random) -> str:
        self.views.append(view)
        return self._entry if self._entry is not None and self._entry in sides else sides[0]

    def aground(self, view: SideView, ships: Sequence[str], rng: random.Random) -> Sequence[str]:
        self.views.append(view)
        return self._aground(view, ships) if self._aground else ()

    def move(self, view: SideView, group: str, options: Sequence[Move], rng: random.Random) -> Move:
        self.views.append(view)
        return self._move(view, group, options) if self._move else options[0]

    def fire(self, view: SideView, shooters: Mapping[str, Sequence[str]], rng: random.Random) -> Mapping[str, str]:
        self.views.append(view)
        return self._fire(view, shooters) if self._fire else {}

    def torpedo(self, view: SideView, launchers: Mapping[str, Sequence[str]],
                rng: random.Random) -> Mapping[str, str]:
        self.views.append(view)
        return self._torpedo(view, launchers) if self._torpedo else {}


def texts(log: Iterable[Mapping[str, Any]], step: str | None = None) -> list[str]:
    return [str(e["text"]) for e in log if step is None or e["step"] == step]
