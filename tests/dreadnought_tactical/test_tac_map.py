"""The hex map of the battle zone: hex arithmetic, the numbered ring, sides of land (DN-7.41a), the island
(DN-7.41b), and the coast read from the operational map."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from admiralty.engine.dice import FixedDice, ScriptedDice
from admiralty.rulesets.dreadnought.engine.house import load_house
from admiralty.rulesets.dreadnought.engine.tactical.hexes import (
    distance,
    from_offset,
    label,
    neighbours,
    ring,
    to_offset,
    within,
)
from admiralty.rulesets.dreadnought.engine.tactical.map import (
    OPEN_SEA,
    Coast,
    build_map,
    coast_of,
    edge_distance,
    entry_hexes,
    may_enter,
    may_leave,
    needs_grounding_check,
    open_sides,
    setup_hexes,
)
from admiralty.rulesets.dreadnought.engine.tactical.movement import carry_out, options
from admiralty.rulesets.dreadnought.engine.tactical.resolver import TacticalBattle

from .helpers import CRUISER, DREADNOUGHT, Scripted, at, battle, placed, ship

ROOT = Path(__file__).resolve().parents[2]
TABLE = load_house().battle.tactical_map
hexes = st.tuples(st.integers(-40, 40), st.integers(-40, 40))


# --- hexes ---------------------------------------------------------------------------------------------


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> None:
    assert distance(a, a) == 0
    assert distance(a, b) == distance(b, a) >= (0 if a == b else 1)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, st.integers(1, 6))
def test_neighbours_are_one_hex_away_and_rings_have_six_k_hexes(h: tuple[int, int], k: int) -> None:
    assert len(set(neighbours(h))) == 6 and all(distance(h, n) == 1 for n in neighbours(h))
    around = list(ring(h, k))
    assert len(around) == len(set(around)) == 6 * k and all(distance(h, x) == k for x in around)
    assert len(set(within(h, k))) == 1 + 3 * k * (k + 1)


@given(st.integers(0, 60), st.integers(0, 60))
def test_offset_coordinates_round_trip_and_print_as_four_digits(column: int, row: int) -> None:
    assert to_offset(from_offset(column, row)) == (column, row)
    assert label(from_offset(column, row)) == f"{column:02d}{row:02d}"


def test_printed_neighbours_follow_the_odd_column_layout() -> None:
    # In an "odd-q" flat-topped layout, hex 0303 (odd column) touches 0203 and 0204, hex 0203 touches 0102.
    assert distance(at(3, 3), at(2, 3)) == 1 and distance(at(3, 3), at(2, 4)) == 1
    assert distance(at(2, 3), at(1, 2)) == 1 and distance(at(2, 3), at(1, 4)) == 2


def test_the_shaded_ring_is_numbered_clockwise_from_the_north_west_corner() -> None:
    m = build_map(OPEN_SEA, TABLE)
    columns, rows = TABLE.columns, TABLE.rows
    assert len(m.ring) == 2 * (columns + rows) - 4
    assert sorted(m.ring.values()) == list(range(1, len(m.ring) + 1))
    assert m.ring[at(0, 0)] == 1 and m.ring[at(columns - 1, 0)] == columns
    assert m.ring[at(columns - 1, rows - 1)] == columns + rows - 1 and m.ring[at(0, 1)] == len(m.ring)
    assert m.edges[at(0, 0)] == ("N", "W") and m.edges[at(5, rows - 1)] == ("S",)
    assert len(m.sea) == columns * rows and not m.land and not m.check


# --- DN-7.41a ------------------------------------------------------------------------------------------


@pytest.mark.rule("DN-7.41a")
def test_a_side_of_land_closes_the_map_beyond_its_ring_and_its_ring_needs_no_grounding_check() -> None:
    m = build_map(Coast(land_sides=("N",)), TABLE)
    north = [h for h, sides in m.edges.items() if sides == ("N",)]
    south = [h for h, sides in m.edges.items() if sides == ("S",)]
    assert north and all(may_enter(m, h) and not needs_grounding_check(m, h) for h in north)
    assert not any(may_leave(m, h) for h in north) and all(may_leave(m, h) for h in south)
    assert may_leave(m, at(0, 0))                   # the corner is on the open west side too
    assert all(h in m.shore for h in north)          # from there a ship can run into the land on purpose
    assert open_sides(m) == ("E", "S", "W")
    assert open_sides(build_map(Coast(("N", "E", "S", "W")), TABLE)) == ("N", "E", "S", "W")


@pytest.mark.rule("DN-7.41a")
def test_a_group_moves_along_the_shaded_ring_of_a_land_side_without_rolls_and_cannot_leave_there() -> None:
    cruiser = ship("Novara", "a", CRUISER)
    state = placed([(cruiser, at(6, 0)), (ship("Dartmouth", "b", CRUISER), at(20, 15))],
                   coast=Coast(("N",)), dice=ScriptedDice([]))
    state.turn = 3
    moves = options(state, [state.units["Novara"]], "move all groups")
    assert moves and not any(m.leave for m in moves)
    along = next(m for m in moves if m.path and all(h in state.map.ring for h in m.path))
    carry_out(state, "a-fleet", [state.units["Novara"]], along)  # ScriptedDice([]) fails on any roll
    assert state.units["Novara"].mobile and state.units["Novara"].at == along.path[-1]


# --- DN-7.41b ------------------------------------------------------------------------------------------


@pytest.mark.rule("DN-7.41b")
def test_an_island_makes_the_seven_centre_hexes_land_that_no_move_enters() -> None:
    m = build_map(Coast(island="italy"), TABLE)
    assert m.land == frozenset(within(m.centre, 1)) and len(m.land) == 7
    assert not any(may_enter(m, h) for h in m.land)
    ring_two = set(ring(m.centre, 2))
    assert m.check == ring_two and m.shore == ring_two
    state = placed([(ship("Novara", "a", CRUISER), next(iter(sorted(ring_two)))),
                    (ship("Dartmouth", "b", CRUISER), at(0, 0))], coast=Coast(island="italy"),
                   dice=ScriptedDice([], then=FixedDice(1)))
    for move in options(state, [state.units["Novara"]], "move all groups"):
        assert not set(move.path) & m.land


@pytest.mark.rule("DN-7.41b")
@pytest.mark.parametrize("entry", ["N", "E", "S", "W"])
def test_the_other_player_sets_up_next_to_the_island_hex_nearest_the_entry_edge(entry: str) -> None:
    m = build_map(Coast(island=""), TABLE)
    nearest = min(edge_distance(m, h, entry) for h in m.land)
    anchors = [h for h in m.land if edge_distance(m, h, entry) == nearest]
    first = setup_hexes(m, entry)
    assert len(first) == 3 and all(h in m.sea and any(distance(h, a) == 1 for a in anchors) for h in first)
    assert any(all(distance(h, a) == 1 for h in first) for a in anchors)            # all by one hex
    open_first = setup_hexes(build_map(OPEN_SEA, TABLE), entry)[0]
    entry_hex = entry_hexes(m, entry)[0]
    assert distance(first[0], entry_hex) < distance(open_first, entry_hex)  # the starting range shrinks


@pytest.mark.rule("DN-7.41b")
def test_a_battle_round_an_island_sets_up_the_defender_next_to_it() -> None:
    fight = battle([ship("Viribus Unitus", "a", DREADNOUGHT), ship("Courbet", "b", DREADNOUGHT)],
                   coast=Coast(island="austria-hungary"))
    players = Scripted(entry="W")
    outcome = TacticalBattle((players, players)).resolve(fight, random.Random(4))
    defender = next(e for e in outcome.log if e["step"] == "setup" and "sets up" in e["text"])
    m = build_map(Coast(island=""), TABLE)
    assert defender["at"] in {label(h) for h in m.sea if any(distance(h, x) == 1 for x in m.land)}
    assert defender["at"] in {label(h) for h in setup_hexes(m, "W")}


# --- the coast from the operational map ---------------------------------------------------------------------


def test_the_coast_comes_from_the_operational_topology() -> None:
    from admiralty.validator.pipeline import validate
    scenario = next(s for s in validate([str(ROOT / "scenarios")]).scenarios if s.ruleset == "dreadnought")
    sea_map = scenario.map
    assert coast_of(sea_map, "K12") == Coast(("N", "W"))
    assert coast_of(sea_map, "T19") == Coast((), "austria-hungary")      # Lissa
    assert coast_of(sea_map, "AE28").island == "greece"                     # Corfu
    open_zone = next(z for z in sea_map.zones if not sea_map.topology.land_sides.get(z)
                     and not sea_map.topology.islands.get(z))
    assert coast_of(sea_map, open_zone) == OPEN_SEA
