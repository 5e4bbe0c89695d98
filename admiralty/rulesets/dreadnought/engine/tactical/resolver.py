"""The tactical battle behind the ``BattleResolver`` interface: ``TacticalBattle().resolve(battle, rng)``.

A battle is fought on the zone's hex map (``map.py``) in tactical turns (house sequence; the seeds give
only its parts):

1. initiative: each side rolls 1d6, the higher wins, ties are rolled again; before the first turn the
   initiative player picks the edge he enters from and the other player sets up in the middle (next to
   the island, DN-7.41b);
2. movement: "move groups", then "move all groups" (DN-5.11b), the player without the initiative first;
3. gunnery (DN-7.5a-d), the initiative player first, all damage together afterwards;
4. torpedoes (house), likewise.

The battle ends when a side has no ship under way left on the map (it left, sank or ran aground), when no
ship of either side has seen an enemy for the table's number of turns in a row (contact lost), or at the
turn limit. The ``BattleOutcome`` reports hull boxes lost (damage persists in the operational game), tankers
blown up, ships aground (and whether on purpose), torpedoes spent, the side that left the map, the fleets that
left it (also while the rest of their side fought on) and whether contact was lost; pursuit (DN-5.23) is
allowed only after a fleet left or contact was lost.

The operational game calls the resolver and waits for the outcome, so the battle's own decisions are taken
by battle players (``players.py``) inside it, one per side, each with a ``random.Random`` seeded from the
``rng`` the resolver is given and each shown only what its side may see.

The coast comes from ``battle.coast`` (a ``map.Coast``; see ``map.coast_of``) and a ship's nation from
``combatant.nation`` when the operational game supplies them; without them the zone is open sea.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from admiralty.engine.dice import Dice, d6
from admiralty.rulesets.dreadnought.engine.battle_types import Battle, BattleOutcome
from admiralty.rulesets.dreadnought.engine.tactical.detection import anyone_sees, remember, side_view
from admiralty.rulesets.dreadnought.engine.tactical.gunnery import gunnery_step
from admiralty.rulesets.dreadnought.engine.tactical.hexes import Hex
from admiralty.rulesets.dreadnought.engine.tactical.map import (
    Coast,
    build_map,
    coast_for,
    entry_hexes,
    escort_hex,
    open_sides,
    setup_hexes,
)
from admiralty.rulesets.dreadnought.engine.tactical.movement import STEPS, Move, movement_step
from admiralty.rulesets.dreadnought.engine.tactical.players import BattlePlayer, battle_player
from admiralty.rulesets.dreadnought.engine.tactical.state import Field, Unit, lasting_damage, new_unit, where
from admiralty.rulesets.dreadnought.engine.tactical.torpedoes import torpedo_step

PlayerSpec = str | BattlePlayer


def new_field(battle: Battle, dice: Dice, coast: Coast) -> Field:
    """The battle's state with every ship in it (not yet placed), groups by fleet."""
    state = Field(sides=battle.sides, map=build_map(coast, battle.tables.tactical_map), tables=battle.tables,
                  dice=dice, night=battle.night, weather=battle.weather)
    for side in battle.sides:
        for ship in battle.forces[side]:
            state.units[ship.name] = new_unit(
                ship.name, side, ship.fleet, ship.cls, nation=str(getattr(ship, "nation", "") or ""),
                italic=ship.italic, hull=ship.hull, speed=ship.speed, lost_way=ship.lost_way,
                torpedoes_ready=ship.torpedoes_ready, halve_first=ship.halved_first_step, can_fire=ship.can_fire,
                losses=ship.losses, can_move=ship.can_move)
            if ship.escorts:
                state.escorts[ship.fleet] = ship.escorts
    return state


def roll_initiative(state: Field) -> str:
    """house:tactical: each side rolls 1d6; the higher has the initiative; ties are rolled again."""
    first, second = state.sides
    for _ in range(100):
        a, b = d6(state.dice), d6(state.dice)
        if a != b:
            break
    state.initiative = first if a >= b else second
    state.note("initiative", f"initiative: {first} {a}, {second} {b}: {state.initiative}", rolls=[a, b],
               side=state.initiative)
    return state.initiative


def set_up(state: Field, entry: str) -> None:
    """DN-7.41b and house: the player without the initiative sets up around the centre (next to the island
    hex nearest ``entry``), one hex per group; the initiative player's groups enter on the ring hexes of
    edge ``entry``, nearest its middle first. DN-5.2-escort: an escort sets up in a hex adjacent to the
    fleet it escorts (a free sea hex when there is one, the side's own setup hexes first)."""
    m = state.map
    for side, hexes in ((state.enemy(state.initiative), setup_hexes(m, entry)),
                        (state.initiative, entry_hexes(m, entry))):
        names: dict[str, list[str]] = {}
        for unit in state.side_units(side):
            names.setdefault(unit.group, []).append(unit.name)
        places = _group_places(state, list(names), hexes)
        for group, ships in names.items():
            at = places[group]
            for name in ships:
                state.units[name].at = at
            state.note("setup", f"{side} {'enters from ' + entry if side == state.initiative else 'sets up'}: "
                       f"{group} ({', '.join(ships)}) at {where(at, m)}", side=side, group=group, at=where(at, m))


def _group_places(state: Field, groups: list[str], hexes: list[Hex]) -> dict[str, Hex]:
    """One hex per group: the groups that escort nobody here take ``hexes`` in order; then each escort
    takes a hex next to the group it escorts (DN-5.2-escort)."""
    escorting = {g: state.escorts[g] for g in groups if state.escorts.get(g) in groups and state.escorts[g] != g}
    places: dict[str, Hex] = {}
    for index, group in enumerate(g for g in groups if g not in escorting):
        places[group] = hexes[index % len(hexes)]
    for group, escorted in escorting.items():
        places[group] = escort_hex(state.map, places[escorted], set(places.values()), hexes)
    return places


def finished(state: Field) -> bool:
    """A side has no ship under way on the map: it left (if any of its ships left it), sank or grounded."""
    over = False
    for side in state.sides:
        if not state.mobile(side):
            over = True
            if side not in state.gone and any(u.status == "left" for u in state.side_units(side)):
                state.gone.append(side)
                state.note("end", f"{side} has left the map", side=side)
    if over and not state.ended:
        state.ended = "left" if state.gone else "no ships under way"
        if not state.gone:
            state.note("end", "the battle ends: " + " and ".join(
                f"{side} has no ship under way" for side in state.sides if not state.mobile(side)))
    return over


def fight(state: Field, players: Mapping[str, BattlePlayer], rngs: Mapping[str, random.Random], turns: int) -> None:
    """Tactical turns until the battle ends (see the module docstring)."""
    def choose(side: str, group: str, moves: Sequence[Move]) -> Move:
        return players[side].move(side_view(state, side), group, moves, rngs[side])

    def aground(side: str, ships: Sequence[str]) -> Sequence[str]:
        return players[side].aground(side_view(state, side), ships, rngs[side])

    def targets(side: str, shooters: Mapping[str, Sequence[str]]) -> Mapping[str, str]:
        return players[side].fire(side_view(state, side), shooters, rngs[side])

    def torpedoes(side: str, launchers: Mapping[str, Sequence[str]]) -> Mapping[str, str]:
        return players[side].torpedo(side_view(state, side), launchers, rngs[side])

    lose_after = state.tables.tactical_turn.contact_lost_after
    for turn in range(1, turns + 1):
        state.turn = turn
        if turn > 1:
            roll_initiative(state)
        for step in STEPS:
            movement_step(state, step, choose, aground)
            if finished(state):
                return
        gunnery_step(state, targets)
        if finished(state):
            return
        torpedo_step(state, torpedoes)
        if finished(state):
            return
        remember(state)
        state.blind = 0 if anyone_sees(state) else state.blind + 1
        if state.blind >= lose_after:
            state.contact_lost = True
            state.ended = "contact lost"
            state.note("end", f"contact lost: no enemy seen for {state.blind} turns")
            return
    state.ended = "turn limit"
    state.note("end", f"the battle ends after {turns} tactical turns")


def fleets_off_the_map(units: Sequence[Unit]) -> tuple[str, ...]:
    """DN-5.23: the fleets that left the map: one of their ships left it and none is still under way on it
    (the others sank or ran aground), in the order of their first ship."""
    fleets = dict.fromkeys(u.fleet for u in units)
    return tuple(f for f in fleets if any(u.status == "left" for u in units if u.fleet == f)
                 and not any(u.mobile for u in units if u.fleet == f))


def outcome(state: Field) -> BattleOutcome:
    """What the battle did, for the operational game."""
    units = list(state.units.values())
    left = state.gone[0] if state.gone else None
    fleets_left = fleets_off_the_map(units)
    return BattleOutcome(
        damage=MappingProxyType({u.name: u.hull_start - u.hull for u in units if u.hull < u.hull_start}),
        sunk=tuple(u.name for u in units if u.exploded),
        grounded=MappingProxyType({u.name: u.deliberate for u in units if u.status == "grounded"}),
        torpedoes_spent=tuple(u.name for u in units if u.torpedoes_fired),
        left=left, contact_lost=state.contact_lost, fleets_left=fleets_left,
        pursuit_allowed=left is not None or state.contact_lost or bool(fleets_left),
        steps=state.step, log=tuple(state.log),
        lasting=MappingProxyType({u.name: MappingProxyType(lost) for u in units
                                  if u.status != "sunk" and (lost := lasting_damage(u))}))


class TacticalBattle:
    """The tactical battle as a ``BattleResolver``. ``players``: one battle player (name or object) for both
    sides, or a pair in the order of ``battle.sides``; ``coast``: where to find the battle zone's coast
    (default: ``battle.coast``, else open sea)."""

    name = "house:tactical"

    def __init__(self, players: PlayerSpec | tuple[PlayerSpec, PlayerSpec] = "heuristic",
                 coast: Callable[[Battle], Coast] | None = None) -> None:
        pair = players if isinstance(players, tuple) else (players, players)
        self.players = (battle_player(pair[0]), battle_player(pair[1]))
        self.coast = coast or coast_for

    def resolve(self, battle: Battle, rng: random.Random) -> BattleOutcome:
        state = new_field(battle, rng, self.coast(battle))
        players = dict(zip(battle.sides, self.players, strict=True))
        rngs = {side: random.Random(rng.getrandbits(64)) for side in battle.sides}
        self.open(state, players, rngs)
        fight(state, players, rngs, state.tables.tactical_turn.turns.at(battle.night))
        return outcome(state)

    @staticmethod
    def open(state: Field, players: Mapping[str, BattlePlayer], rngs: Mapping[str, random.Random]) -> None:
        """Before the first turn: initiative, the entry edge, the set-up."""
        state.turn = 1
        side = roll_initiative(state)
        edges = open_sides(state.map)
        entry = players[side].entry(side_view(state, side), edges, rngs[side])
        set_up(state, entry if entry in edges else edges[0])
        remember(state)

