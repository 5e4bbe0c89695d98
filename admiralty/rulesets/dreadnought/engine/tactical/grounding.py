"""Grounding on the tactical map (7.42) and running aground on purpose (7.44).

Refloating (DN-7.43) happens in the operational weather phase (``weather.refloat``); here a ship that
grounds simply stays where it is for the rest of the battle and the outcome reports it.
"""

from __future__ import annotations

from admiralty.engine.dice import d6
from admiralty.rulesets.dreadnought.engine.battle_tables import GroundingTable
from admiralty.rulesets.dreadnought.engine.geography import nation_counts_as
from admiralty.rulesets.dreadnought.engine.tactical.hexes import neighbours
from admiralty.rulesets.dreadnought.engine.tactical.map import land_nation_near, needs_grounding_check
from admiralty.rulesets.dreadnought.engine.tactical.state import Field, Unit, where


def never_grounds(capital: bool, shallow_draft: bool) -> bool:
    """DN-7.42: shallow-draft light ships never ground."""
    return shallow_draft and not capital


def grounding_modifier(*, capital: bool, shallow_draft: bool, home: bool, table: GroundingTable) -> int:
    """DN-7.42: -1 when the land is the ship's home nation's; +1 for a capital ship unless it is
    shallow-draft."""
    modifier = table.home_modifier if home else 0
    if capital and not shallow_draft:
        modifier += table.capital_modifier
    return modifier


def grounds(roll: int, *, capital: bool, shallow_draft: bool, home: bool, table: GroundingTable) -> bool:
    """DN-7.42: the 1d6 ``roll`` plus its modifiers grounds the ship at ``grounds_on`` (6) or more."""
    if never_grounds(capital, shallow_draft):
        return False
    modifier = grounding_modifier(capital=capital, shallow_draft=shallow_draft, home=home, table=table)
    return roll + modifier >= table.grounds_on


def is_home(unit: Unit, land_nation: str | None) -> bool:
    """Whether the land is the ship's own nation's (Canadian and Australian ships count as British)."""
    return bool(land_nation) and bool(unit.nation) and nation_counts_as(unit.nation) == land_nation


def check_grounding(state: Field, unit: Unit) -> bool:
    """DN-7.41a, DN-7.42: the grounding roll for ``unit`` entering its hex; True if it ran aground (it
    then cannot move)."""
    m = state.map
    if not needs_grounding_check(m, unit.at):
        return False
    capital, shallow = unit.cls.is_capital, unit.cls.shallow_draft
    if never_grounds(capital, shallow):
        return False
    table = state.tables.grounding
    home = is_home(unit, land_nation_near(m, unit.at))
    roll = d6(state.dice)
    modifier = grounding_modifier(capital=capital, shallow_draft=shallow, home=home, table=table)
    aground = grounds(roll, capital=capital, shallow_draft=shallow, home=home, table=table)
    result = "runs aground" if aground else "clear"
    state.note("grounding", f"{unit.name} enters {where(unit.at, m)} next to land: 1d6 {roll} {modifier:+d}, "
               f"{result}", ship=unit.name, roll=roll, modifier=modifier, aground=aground)
    if aground:
        unit.status = "grounded"
        state.cut_tow(unit)
    return aground


def may_run_aground(state: Field, unit: Unit) -> bool:
    """DN-7.44: a ship under way next to land (an island hex, or beyond a shaded ring hex on a side that
    is wholly land) may move into the land and run aground on purpose; shallow-draft ships too."""
    return unit.mobile and not unit.lost_way and unit.at in state.map.shore


def run_aground(state: Field, unit: Unit) -> None:
    """DN-7.44: the ship moves into the land hex and is declared aground; it will never refloat."""
    m = state.map
    land = [h for h in neighbours(unit.at) if h in m.land]
    if land:
        unit.at = land[0]
    unit.status = "grounded"
    unit.deliberate = True
    state.cut_tow(unit)
    state.note("grounding", f"{unit.name} is run aground on purpose at {where(unit.at, m)}", ship=unit.name,
               deliberate=True)
