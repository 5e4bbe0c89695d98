"""DN-5.2-escort on the tactical map (issue 15, item 4): escorts set up next to the fleet they escort."""

from __future__ import annotations

import random

import pytest

from admiralty.engine.dice import ScriptedDice
from admiralty.rulesets.dreadnought.engine.tactical.hexes import distance, from_offset
from admiralty.rulesets.dreadnought.engine.tactical.map import Coast
from admiralty.rulesets.dreadnought.engine.tactical.resolver import new_field, set_up

from .helpers import CRUISER, DREADNOUGHT, battle, ship


def _groups(side: str) -> list:  # type: ignore[type-arg]
    """Four groups of ``side`` in list order: the escort first, two other fleets, the escorted fleet last."""
    return [ship(f"{side}-screen-1", side, CRUISER, fleet=f"{side}-screen", escorts=f"{side}-main"),
            ship(f"{side}-other-1", side, CRUISER, fleet=f"{side}-other"),
            ship(f"{side}-third-1", side, CRUISER, fleet=f"{side}-third"),
            ship(f"{side}-main-1", side, DREADNOUGHT, fleet=f"{side}-main"),
            ship(f"{side}-screen-2", side, CRUISER, fleet=f"{side}-screen", escorts=f"{side}-main")]


@pytest.mark.rule("DN-5.2-escort")
@pytest.mark.parametrize("entry", ["W", "N", "E", "S"])
@pytest.mark.parametrize("island", ["", "austria-hungary"])
def test_escorts_set_up_in_hexes_adjacent_to_the_fleet_they_escort(entry: str, island: str) -> None:
    """Seed 001, 5.2 (escort): on the tactical map the escort is set up in hexes adjacent to the escorted
    fleet, for the side that sets up in the middle and for the side that enters from an edge."""
    fight = battle([*_groups("a"), *_groups("b")], coast=Coast(island=island))
    field = new_field(fight, ScriptedDice([1]), fight.coast)
    field.initiative = "a"
    set_up(field, entry)
    for side in ("a", "b"):
        main = field.units[f"{side}-main-1"].at
        for name in (f"{side}-screen-1", f"{side}-screen-2"):
            escort = field.units[name].at
            assert distance(escort, main) == 1, (side, name, escort, main)
            assert escort in field.map.sea
        assert field.units[f"{side}-other-1"].at != field.units[f"{side}-screen-1"].at


def test_escort_setup_is_deterministic() -> None:
    fight = battle([*_groups("a"), *_groups("b")])
    where = []
    for _ in range(2):
        field = new_field(fight, random.Random(1), fight.coast)
        field.initiative = "b"
        set_up(field, "W")
        where.append({n: u.at for n, u in field.units.items()})
    assert where[0] == where[1] and from_offset(0, 0) not in where[0].values()
