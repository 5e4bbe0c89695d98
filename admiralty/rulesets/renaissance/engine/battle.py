"""The naval battle procedure, steps 1-10, read top to bottom; each decision is yielded to a side.

``naval_combat`` is a generator: it yields a :class:`Decision` whenever the rules let a side choose, and
receives that side's action back. Chance comes only through ``state.roll`` (loaded faces, then the rng).
"""

from __future__ import annotations

from collections.abc import Generator

from . import events as ev
from .actions import PASS, Keep, Lose, Pass, PlayCard, ReactFor, RenaissanceAction, Retreat, Script, ask
from .cards import combat_cards_in_hand, dice_after_cards, reaction_holders, reactions_allowed
from .combat import (
    Losses,
    assess_losses,
    battle_winner,
    count_face,
    count_hits,
    keeper,
    kept_options,
    loss_options,
    loss_size,
)
from .dice import battle_dice, best_rating
from .model import Battle, BattleSide, CardScript, Units, ZoneKind, location_kind
from .retreat import retreat_targets, retreating_side
from .state import BattleSideView, BattleView, Decision, RenaissanceState
from .turn_track import place_on_track

ROLES: tuple[BattleSide, BattleSide] = ("attacker", "defender")
Powers = dict[BattleSide, str]


def other(role: BattleSide) -> BattleSide:
    return "defender" if role == "attacker" else "attacker"


def naval_combat(state: RenaissanceState, index: int, battle: Battle) -> Script[None]:
    """Fight one scripted battle (RN-dice to RN-10), step by step."""
    zone = location_kind(state.map, battle.at)
    powers: Powers = {"attacker": battle.attacker, "defender": battle.defender}
    start = {role: state.units_of(battle.at, powers[role]) for role in ROLES}
    if any(units.is_empty for units in start.values()):
        state.record(ev.BattleSkipped(type="battle-skipped", rule="RN-dice", turn=state.turn, battle=index,
                                      at=battle.at, attacker=powers["attacker"], defender=powers["defender"],
                                      reason="a side has no naval units there"))
        return
    info = open_battle(state, index, battle.at, zone, powers, start)
    script = battle.cards or CardScript()
    rolls = yield from cards_and_rolls(state, index, powers, script, info)
    info["step"] = "reactions"
    yield from play_reactions(state, index, zone, script, rolls)
    winner, hits = decide_winner(state, index, powers, rolls)
    info["step"], info["winner"], info["hits"] = "losses", winner, hits
    lost = yield from all_losses(state, index, battle.at, zone, powers, start, rolls, hits, winner)
    # Step 9 (RN-9): one side retreats, or loses its naval units when it cannot.
    info["step"] = "retreat"
    mover = retreating_side(zone, winner)
    destroyed, retreated = yield from retreat(state, index, battle.at, zone, powers[mover])
    lost[mover] = lost[mover].merge(destroyed)
    # Step 10 (RN-10): lost units, and the leaders of a side wiped out, go on the turn track.
    for role in ROLES:
        wiped = state.units_of(battle.at, powers[role]).is_empty and not (role == mover and retreated)
        to_turn_track(state, index, battle.at, powers[role], powers[other(role)], lost[role], wiped)
    state.battle = None


def open_battle(state: RenaissanceState, index: int, at: str, zone: ZoneKind, powers: Powers,
                start: dict[BattleSide, Units]) -> BattleView:
    """Steps 1-2 (RN-dice): each side's dice from its units, its best leader, and defending a port; the battle
    as the view shows it."""
    counts = {
        role: battle_dice(start[role], best_rating(state.scenario.leaders.values(), powers[role], at, state.leader_at),
                          zone, role == "defender", state.tables)
        for role in ROLES
    }
    shown = {role: BattleSideView(power=powers[role], units=start[role].as_dict(), dice=counts[role].total)
             for role in ROLES}
    info = BattleView(index=index, at=at, zone=zone, step="cards", attacker=shown["attacker"],
                      defender=shown["defender"])
    state.battle = info
    side = {role: ev.BattleSide(power=powers[role], units=start[role].as_dict(), dice=dict(counts[role].units),
                                leader=counts[role].leader, port_defender=counts[role].port_defender,
                                total=counts[role].total) for role in ROLES}
    state.record(ev.Battle(type="battle", rule="RN-dice", turn=state.turn, battle=index, at=at, zone=zone,
                           attacker=side["attacker"], defender=side["defender"]))
    return info


def cards_and_rolls(state: RenaissanceState, index: int, powers: Powers, script: CardScript,
                    info: BattleView) -> Generator[Decision, RenaissanceAction, dict[BattleSide, list[int]]]:
    """Steps 3-4 (RN-3-4): the attacker declares its combat cards, then the defender; step 5 (RN-5): both roll
    the dice the cards leave them, every 5 or 6 a hit."""
    played: dict[BattleSide, list[str]] = {}
    for role in ROLES:
        played[role] = yield from declare_cards(state, index, role, powers[role], getattr(script, role))
    dice = dice_after_cards(info["attacker"]["dice"], info["defender"]["dice"],
                            played["attacker"], played["defender"], state.tables)
    rolls = {role: list(state.roll(dice[i])) for i, role in enumerate(ROLES)}
    for role in ROLES:
        state.record(ev.Roll(type="roll", rule="RN-5", turn=state.turn, battle=index, side=role, power=powers[role],
                             rolls=rolls[role], hits=count_hits(rolls[role], state.tables)))
    return rolls


def decide_winner(state: RenaissanceState, index: int, powers: Powers,
                  rolls: dict[BattleSide, list[int]]) -> tuple[BattleSide, dict[BattleSide, int]]:
    """Step 7 (RN-7): more hits wins, a tie to the defender; the winner scores the house points for it."""
    hits = {role: count_hits(rolls[role], state.tables) for role in ROLES}
    winner = battle_winner(hits["attacker"], hits["defender"])
    state.points[powers[winner]] += state.tables.points_battle_won
    state.battles_won[powers[winner]] += 1
    state.record(ev.Winner(type="winner", rule="RN-7", turn=state.turn, battle=index, side=winner,
                           power=powers[winner], hits=dict[str, int](hits.items())))
    return winner, hits


def all_losses(state: RenaissanceState, index: int, at: str, zone: ZoneKind, powers: Powers,
               start: dict[BattleSide, Units], rolls: dict[BattleSide, list[int]], hits: dict[BattleSide, int],
               winner: BattleSide) -> Generator[Decision, RenaissanceAction, dict[BattleSide, Units]]:
    """Step 8 (RN-8): each side's losses, the owner choosing which units go; when both are wiped out, the side
    with more dice keeps one unit."""
    face = state.tables.flush_deck_face
    losses = {
        role: assess_losses(hits[other(role)], count_face(rolls[other(role)], face), start[role],
                            powers[role], zone, role != winner, state.tables, state.corsair_mode)
        for role in ROLES
    }
    lost: dict[BattleSide, Units] = {}
    for role in ROLES:
        state.record(ev.Losses(type="losses", rule="RN-8", turn=state.turn, battle=index, side=role,
                               power=powers[role], ships=losses[role].ships, corsairs=losses[role].corsairs,
                               ignored_fives=losses[role].ignored, odd_hit_sank=losses[role].odd_hit_sank))
        lost[role] = yield from take_losses(state, index, at, powers[role], losses[role])
    if all(state.units_of(at, powers[role]).is_empty for role in ROLES):
        role = keeper(len(rolls["attacker"]), len(rolls["defender"]))
        kept = yield from keep_one(state, index, at, powers[role], lost[role])
        lost[role] = lost[role].plus(kept, -loss_size(kept, state.tables))
    return lost


def declare_cards(
    state: RenaissanceState, index: int, role: BattleSide, power: str, scripted: tuple[str, ...] | None
) -> Script[list[str]]:
    """RN-3-4: the cards ``power`` declares; scripted ones are played as written, else it chooses."""
    played: list[str] = []
    if scripted is not None:
        for card in scripted:
            in_hand = state.take_card(power, card)
            played.append(card)
            state.record(ev.Card(type="card", rule="RN-3-4", turn=state.turn, battle=index, side=role, power=power,
                                 card=card, scripted=True, from_hand=in_hand))
        return played
    while options := combat_cards_in_hand(state.hands.get(power, []), state.tables):
        cards: tuple[PlayCard | Pass, ...] = (*(PlayCard(card=c) for c in options), PASS)
        choice = yield from ask(power, "card", cards, {"battle": index, "role": role})
        if isinstance(choice, str):
            break
        state.take_card(power, choice["card"])
        played.append(choice["card"])
        state.record(ev.Card(type="card", rule="RN-3-4", turn=state.turn, battle=index, side=role, power=power,
                             card=choice["card"], scripted=False, from_hand=True))
    return played


def play_reactions(
    state: RenaissanceState, index: int, zone: ZoneKind, script: CardScript, rolls: dict[BattleSide, list[int]]
) -> Script[None]:
    """RN-6: any power may play the Galleasses for either side: that side rolls extra dice (house number).

    Only one copy is played per battle (house reading). A scripted battle plays what it says.
    """
    for reaction in reactions_allowed(zone, state.tables):
        by: str | None = None
        role: BattleSide | None = None
        if script.galleasses_scripted:
            if script.galleasses is not None:
                by, role = script.galleasses.by, script.galleasses.side
                state.take_card(by, reaction.id)
        else:
            for power in reaction_holders(state.scenario.powers, state.hands, reaction):
                options: tuple[ReactFor | Pass, ...] = (
                    *(ReactFor({"reaction": reaction.id, "for": r}) for r in ROLES), PASS)
                choice = yield from ask(power, "reaction", options, {"battle": index, "reaction": reaction.id})
                if not isinstance(choice, str):
                    by, role = power, choice["for"]
                    state.take_card(power, reaction.id)
                    break
        if by is None or role is None:
            continue
        extra = list(state.roll(reaction.extra_dice))
        rolls[role].extend(extra)
        state.record(ev.Reaction(type="reaction", rule="RN-6", turn=state.turn, battle=index, card=reaction.id, by=by,
                                 side=role, rolls=extra, hits=count_hits(extra, state.tables),
                                 scripted=script.galleasses_scripted))


def take_losses(state: RenaissanceState, index: int, at: str, power: str, losses: Losses) -> Script[Units]:
    """RN-8: remove ``losses`` from ``power``'s units at ``at``, asking it which kind when it has a choice.

    Returns the units lost (an Armada step as its strength).
    """
    units, lost = state.units_of(at, power), Units()
    for taken in range(losses.ships):
        options = loss_options(units, state.tables)
        if not options:
            break
        if len(options) == 1:
            kind = options[0]
        else:
            choice = yield from ask(power, "lose", tuple(Lose(lose=k) for k in options),
                                    {"battle": index, "still_to_lose": losses.ships - taken})
            kind = choice["lose"]
        size = loss_size(kind, state.tables)
        units, lost = units.plus(kind, -size), lost.plus(kind, size)
        state.set_units(at, power, units)
        state.record(ev.UnitLost(type="unit-lost", rule="RN-8", turn=state.turn, battle=index, power=power, unit=kind,
                                 amount=size, chosen=len(options) > 1))
    corsairs = min(losses.corsairs, units.corsairs)
    if corsairs:
        units, lost = units.plus("corsairs", -corsairs), lost.plus("corsairs", corsairs)
        state.set_units(at, power, units)
        state.record(ev.UnitLost(type="unit-lost", rule="RN-8", turn=state.turn, battle=index, power=power,
                                 unit="corsairs", amount=corsairs, chosen=False))
    return lost


def keep_one(state: RenaissanceState, index: int, at: str, power: str, lost: Units) -> Script[str]:
    """RN-8: both sides wiped out: ``power`` keeps one of the units it lost (its choice of kind)."""
    options = kept_options(lost, state.tables)
    if len(options) == 1:
        kind = options[0]
    else:
        choice = yield from ask(power, "keep", tuple(Keep(keep=k) for k in options), {"battle": index})
        kind = choice["keep"]
    size = loss_size(kind, state.tables)
    state.set_units(at, power, state.units_of(at, power).plus(kind, size))
    state.record(ev.UnitKept(type="unit-kept", rule="RN-8", turn=state.turn, battle=index, power=power, unit=kind,
                             amount=size, chosen=len(options) > 1))
    return kind


def retreat(state: RenaissanceState, index: int, at: str, zone: ZoneKind, power: str) -> Script[tuple[Units, bool]]:
    """RN-9: move ``power``'s naval units (and its leaders there) to a legal target, its choice among
    several; with none, the units are destroyed. Returns (units destroyed, whether it retreated)."""
    units = state.units_of(at, power)
    if units.is_empty:
        return Units(), False
    targets = retreat_targets(state.map, at, zone, power, state.enemy_locations(power))
    if not targets:
        state.set_units(at, power, Units())
        state.record(ev.DestroyedNoRetreat(type="destroyed-no-retreat", rule="RN-9", turn=state.turn, battle=index,
                                           power=power, at=at, units=units.as_dict()))
        return units, False
    if len(targets) == 1:
        target = targets[0]
    else:
        choice = yield from ask(power, "retreat", tuple(Retreat(retreat=t) for t in targets), {"battle": index})
        target = choice["retreat"]
    state.set_units(at, power, Units())
    state.set_units(target, power, state.units_of(target, power).merge(units))
    leaders = state.leaders_at(power, at)
    for leader in leaders:
        state.leader_at[leader] = target
    state.record(ev.Retreat(type="retreat", rule="RN-9", turn=state.turn, battle=index, power=power, origin=at,
                            target=target, units=units.as_dict(), leaders=leaders, chosen=len(targets) > 1))
    return Units(), True


def to_turn_track(
    state: RenaissanceState, index: int, at: str, power: str, enemy: str, lost: Units, wiped: bool
) -> None:
    """RN-10: lost units to the next turn of the track (with "Dry Dock": straight to the pool); a wiped-out
    side's leaders there too. The enemy scores the house points for each unit destroyed."""
    leaders = state.leaders_at(power, at) if wiped else []
    for leader in leaders:
        state.leader_at[leader] = None
    if lost.is_empty and not leaders:
        return
    dry_dock = power in state.scenario.dry_dock
    state.track, to_pool = place_on_track(state.track, state.turn, power, lost, leaders, dry_dock)
    state.pool[power] = state.pool[power].merge(to_pool)
    state.destroyed[power] = state.destroyed[power].merge(lost)
    state.points[enemy] += sum(
        state.tables.points_destroyed[kind] * (lost.count(kind) // loss_size(kind, state.tables))
        for kind in lost.as_dict()
    )
    if not to_pool.is_empty:
        state.record(ev.UnitsToPool(type="units-to-pool", rule="RN-10", turn=state.turn, battle=index, power=power,
                                    units=to_pool.as_dict(), dry_dock=True))
    waiting = Units() if dry_dock else lost
    if leaders or not waiting.is_empty:
        state.record(ev.ToTurnTrack(type="to-turn-track", rule="RN-10", turn=state.turn, battle=index, power=power,
                                    units=waiting.as_dict(), leaders=leaders, returns_on=state.turn + 1))
