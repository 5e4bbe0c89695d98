"""Contact (house contact table; rule 5.4 is not in the seeds).

After movement, in every sea zone holding visible fleets of both sides, each side rolls 1d6 for each enemy
group there: a fleet together with the escorts that sail with it (DN-5.2-escort), so that escorts make a
fleet easier to find. Night, weather and group size modify the roll. A side that sights a group decides
whether to engage; a successful pursuer (DN-5.23) is in contact without a roll. Hidden raiders take no
part (DN-5.2-raid-hidden).
"""

from __future__ import annotations

from dataclasses import dataclass

from admiralty.engine.dice import d6
from admiralty.rulesets.dreadnought.engine.house import ContactTable
from admiralty.rulesets.dreadnought.engine.state import Decision, GameState


@dataclass(frozen=True)
class Group:
    """A fleet and the escorts with it, as the enemy searches for them (DN-5.2-escort)."""

    side: str
    zone: str
    fleets: tuple[str, ...]
    ships: int


def groups(state: GameState, zone: str) -> list[Group]:
    """The visible groups at sea in ``zone``: each non-escort fleet with its escorts in the zone, and any
    escort whose fleet is elsewhere on its own."""
    here = [f for f in state.fleets.values() if f.at == zone and not f.hidden]
    ids = {f.id for f in here}
    result: list[Group] = []
    for fleet in here:
        if fleet.mission == "escort" and fleet.escorts in ids:
            continue
        members = [fleet] + [e for e in here if e.mission == "escort" and e.escorts == fleet.id]
        result.append(Group(fleet.side, zone, tuple(m.id for m in members), sum(len(m.ships) for m in members)))
    return result


def modifier(table: ContactTable, weather: str, ships: int) -> int:
    """House contact table: weather and group-size modifiers to the 1d6 (night changes the need)."""
    return table.weather[weather] + table.size_modifier(ships)


def contested_zones(state: GameState) -> list[str]:
    sides_at: dict[str, set[str]] = {}
    for fleet in state.fleets.values():
        if not fleet.hidden and not state.geo.is_port(fleet.at):
            sides_at.setdefault(fleet.at, set()).add(fleet.side)
    return sorted(zone for zone, sides in sides_at.items() if len(sides) == 2)


def _pursuit_contacts(state: GameState) -> dict[str, set[str]]:
    """DN-5.23: a pursuer that caught its quarry engages it without a roll. The quarries by pursuing side."""
    forced: dict[str, set[str]] = {}
    for pursuer, target in state.forced:
        if pursuer in state.fleets and target in state.fleets:
            zone = state.fleets[target].at
            state.engaging.setdefault(zone, [])
            side = state.fleets[pursuer].side
            if side not in state.engaging[zone]:
                state.engaging[zone].append(side)
            forced.setdefault(side, set()).add(target)
    state.forced = []
    return forced


def find_contacts(state: GameState) -> None:
    """The contact phase: roll for every enemy group sharing a zone, then ask each side that sighted one
    whether it engages."""
    state.sighted = {side: [] for side in state.sides}
    state.engaging = {}
    forced = _pursuit_contacts(state)
    for zone in contested_zones(state):
        zone_groups = groups(state, zone)
        for side in state.sides:
            found = False
            for group in zone_groups:
                if group.side == side:
                    continue
                if any(f in forced.get(side, set()) for f in group.fleets):
                    seen, roll = True, 0
                else:
                    roll = d6(state.rng)
                    table = state.house.contact
                    seen = roll + modifier(table, state.weather, group.ships) >= table.need(state.is_night)
                rule = "DN-5.2-escort" if len(group.fleets) > 1 else "house:contact"
                state.emit("contact-roll", rule, side=side, zone=zone, group=list(group.fleets), ships=group.ships,
                           roll=roll, sighted=seen)
                if seen:
                    found = True
                    state.sighted[side].extend(group.fleets)
            if found and side not in state.engaging.get(zone, []):
                state.decisions.setdefault(side, []).append(Decision("engage", side, zone=zone))
