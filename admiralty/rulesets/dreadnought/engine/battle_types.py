"""The battle types every way of fighting a battle shares: the ``Battle`` handed to a ``BattleResolver``
(the ships of both sides in contact, day or night, the weather, the tables) and the ``BattleOutcome`` it
returns. They live apart from ``battle.py`` so that a resolver (the tactical battle, house basic combat)
imports only these types and ``battle.py`` can import every resolver at the top without a cycle.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Protocol

from admiralty.rulesets.dreadnought.engine.battle_tables import BattleTables
from admiralty.rulesets.dreadnought.engine.model import ShipClass
from admiralty.rulesets.dreadnought.engine.tactical.map import Coast


@dataclass(frozen=True)
class Combatant:
    """One ship in a battle, as the resolver sees it."""

    name: str
    side: str
    fleet: str
    cls: ShipClass
    hull: int
    speed: str
    italic: bool = False
    lost_way: bool = False
    torpedoes_ready: bool = True
    halved_first_step: bool = False
    can_fire: bool = True
    can_move: bool = True  # DN-12-nocombat: a ship refuelling this turn neither fires nor moves (nor leaves)
    nation: str = ""  # home coast for grounding (DN-7.42)
    escorts: str = ""  # the fleet this ship's fleet escorts (DN-5.2-escort), "" if none
    losses: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))  # recorded damage (DN-7.5d)


@dataclass(frozen=True)
class Battle:
    """The fleets in contact in one sea zone."""

    zone: str
    turn: int
    night: bool
    weather: str
    sides: tuple[str, str]
    forces: Mapping[str, tuple[Combatant, ...]]
    tables: BattleTables
    coast: Coast | None = None  # the battle zone's coast: land sides and island (DN-7.41a/b); None: open sea


@dataclass(frozen=True)
class BattleOutcome:
    """What a battle did. Ships whose hull reaches zero through ``damage`` sink; ``sunk`` lists ships lost
    outright (a tanker exploding, DN-12.64); ``grounded`` maps ships run aground to whether deliberately
    (DN-7.44)."""

    damage: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    sunk: tuple[str, ...] = ()
    grounded: Mapping[str, bool] = field(default_factory=lambda: MappingProxyType({}))
    torpedoes_spent: tuple[str, ...] = ()
    left: str | None = None
    contact_lost: bool = False
    pursuit_allowed: bool = True
    fleets_left: tuple[str, ...] = ()
    """DN-5.23: the fleets that left the tactical map (a ship of theirs left it and none is still under way
    on it), whether or not the rest of their side fought on."""
    steps: int = 0
    log: tuple[Mapping[str, object], ...] = ()
    """The resolver's own record of the battle, passed through to the ``battle`` event (JSON values)."""
    lasting: Mapping[str, Mapping[str, int]] = field(default_factory=lambda: MappingProxyType({}))
    """DN-7.5d, recorded on the ship specification: per ship, gun and torpedo factors and speed classes lost
    in this battle, and ``lost_way`` 1 when it lost way (boilers, or speed below "1s")."""


class BattleResolver(Protocol):
    """Fights one battle; all chance from ``rng`` (the game's own)."""

    name: str

    def resolve(self, battle: Battle, rng: random.Random) -> BattleOutcome: ...
