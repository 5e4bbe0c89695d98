"""Battles: one interface for every way of fighting them, and the basic combat that fights them for now.

The operational game hands a ``Battle`` (the ships of both sides in contact, day or night, the weather, the
tables) and the game's RNG to a ``BattleResolver`` and gets back a ``BattleOutcome``: hull boxes lost,
ships sunk or grounded, torpedoes spent, which side left, whether contact was lost, and whether pursuit
(DN-5.23) may follow. Those types live in ``battle_types.py``, which the resolvers import; the tactical hex
battle (``tactical/resolver.py``) is one resolver and ``BasicCombat`` here, the house basic combat (6.2 is not
in the seeds), the other.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType

from admiralty.engine.dice import d6
from admiralty.rulesets.dreadnought.engine.battle_tables import BreakOff, CombatTable
from admiralty.rulesets.dreadnought.engine.battle_types import Battle, BattleOutcome, BattleResolver, Combatant
from admiralty.rulesets.dreadnought.engine.losses import damage_ship, ground_ship, sink_ship
from admiralty.rulesets.dreadnought.engine.missions import LEAD_TWO
from admiralty.rulesets.dreadnought.engine.model import ShipClass, speed_rank
from admiralty.rulesets.dreadnought.engine.state import Decision, FleetState, GameState
from admiralty.rulesets.dreadnought.engine.tactical.map import coast_of
from admiralty.rulesets.dreadnought.engine.tactical.resolver import TacticalBattle


def gun_dice(cls: ShipClass, hull: int, halved: bool, divisors: Mapping[str, int],
             losses: Mapping[str, int] | None = None) -> int:
    """House basic combat: dice a ship rolls in one step. DN-5.2-bombard: a bombard fleet's ships fire with
    each gun class halved (rounding down) in the first step. Factors lost in earlier battles (DN-7.5d,
    recorded on the ship) are gone; damage in this battle scales the dice by hull left."""
    losses = losses or {}
    factors = {k: max(0, int(getattr(cls, k)) - losses.get(k, 0)) for k in ("primary", "secondary", "tertiary")}
    if halved:
        factors = {k: v // 2 for k, v in factors.items()}
    dice = sum(factors[k] // divisors[k] for k in factors)
    return dice * hull // max(1, cls.hull)


def slowest(ships: list[Combatant]) -> int:
    """DN-5.11b: the speed rank of the slowest ship (1s counts slower than 1 in basic combat)."""
    return min(speed_rank(ship.speed) for ship in ships)


def breaks_off(roll: int, own_slowest: int, enemy_slowest: int, table: BreakOff) -> bool:
    """House: the losing side leaves on 1d6 + speed_modifier x (own slowest rank - enemy slowest rank)."""
    return roll + table.speed_modifier * (own_slowest - enemy_slowest) >= table.leaves_on


def explodes(hits: int, table: CombatTable, rng: random.Random) -> bool:
    """DN-12.64: a tanker rolls 1d6 for each hit by gunfire or torpedo (as the tactical battle does) and
    blows up on ``tanker_explodes_on``; the rolls stop at the first explosion."""
    return any(d6(rng) >= table.tanker_explodes_on for _ in range(hits))


Tally = tuple[dict[str, int], dict[str, int]]
"""Hull boxes and hits scored on each target in one step."""
Fire = Callable[[Battle, CombatTable, Combatant, list[Combatant], dict[str, int], int, random.Random, Tally, list[str]],
                None]
"""One ship's fire in a step (``BasicCombat._fire``)."""


class BasicCombat:
    """House basic combat: steps of simultaneous gunnery (torpedoes in the first), then the side that has
    lost more hull may break off, and at night contact may be lost."""

    name = "basic"

    def resolve(self, battle: Battle, rng: random.Random) -> BattleOutcome:
        fight = _Fight(battle)
        steps = fight.table.steps.at(battle.night)
        done = 0
        for step in range(1, steps + 1):
            if not fight.both_afloat():
                break
            done = step
            fight.exchange_fire(step, rng, self._fire)
            if not fight.both_afloat() or fight.breaks_off(rng) or fight.loses_contact(rng):
                break
        return fight.outcome(done)

    @staticmethod
    def _fire(battle: Battle, table: CombatTable, ship: Combatant, enemy: list[Combatant],
              hull: dict[str, int], step: int, rng: random.Random, tally: Tally, spent: list[str]) -> None:
        """One ship's fire in a step: ``tally`` counts hull boxes and hits on each target."""
        if not enemy:
            return
        hits, struck = tally
        target = enemy[rng.randrange(len(enemy))]
        dice = gun_dice(ship.cls, hull[ship.name], ship.halved_first_step and step == 1, table.dice_divisor,
                        ship.losses)
        bonus = table.weather[battle.weather]
        bonus += table.italic_modifier if ship.italic else 0
        bonus += table.lost_way_modifier if target.lost_way else 0
        for _ in range(dice):
            roll = d6(rng)
            if (roll == 6 and table.natural_six_hits) or roll + bonus >= table.hit_on:
                hits[target.name] = hits.get(target.name, 0) + table.damage_per_hit
                struck[target.name] = struck.get(target.name, 0) + 1
        if step == 1 and ship.torpedoes_ready and ship.cls.torpedo > 0:
            spent.append(ship.name)
            torpedo = table.torpedo
            need = torpedo.hit_on - (torpedo.night_modifier if battle.night else 0)
            for _ in range(ship.cls.torpedo):
                if d6(rng) >= need:
                    hits[target.name] = hits.get(target.name, 0) + torpedo.damage
                    struck[target.name] = struck.get(target.name, 0) + 1


class _Fight:
    """The running state of one basic-combat battle: hull left, hull lost by side, what blew up, which
    torpedoes were fired, the step log, and how it ended."""

    def __init__(self, battle: Battle) -> None:
        self.battle = battle
        self.table: CombatTable = battle.tables.combat
        self.ships = {c.name: c for side in battle.sides for c in battle.forces[side]}
        self.hull = {name: c.hull for name, c in self.ships.items()}
        self.lost = dict.fromkeys(battle.sides, 0)
        self.spent: list[str] = []
        self.exploded: list[str] = []
        self.log: list[Mapping[str, object]] = []
        self.left: str | None = None
        self.contact_lost = False

    def afloat(self) -> dict[str, list[Combatant]]:
        return {s: [c for c in self.battle.forces[s] if self.hull[c.name] > 0 and c.name not in self.exploded]
                for s in self.battle.sides}

    def both_afloat(self) -> bool:
        return all(self.afloat().values())

    def exchange_fire(self, step: int, rng: random.Random, fire: Fire) -> None:
        """Every ship able to fire shoots at once; then the hits take hull, and a tanker hit may explode
        (DN-12.64, a roll per hit)."""
        battle, afloat = self.battle, self.afloat()
        hits: dict[str, int] = {}
        struck: dict[str, int] = {}
        for side in battle.sides:
            enemy = afloat[battle.sides[1] if side == battle.sides[0] else battle.sides[0]]
            for ship in afloat[side]:
                if ship.can_fire:
                    fire(battle, self.table, ship, enemy, self.hull, step, rng, (hits, struck), self.spent)
        for name, count in hits.items():
            boxes = min(self.hull[name], count)
            self.hull[name] -= boxes
            side = self.ships[name].side
            self.lost[side] += boxes
            tanker_afloat = self.ships[name].cls.type == "tanker" and self.hull[name] > 0
            if tanker_afloat and explodes(struck[name], self.table, rng):
                self.exploded.append(name)
                self.lost[side] += self.hull[name]
        self.log.append({"step": step, "hits": dict(sorted(hits.items()))})

    def breaks_off(self, rng: random.Random) -> bool:
        """House: the side that has lost more hull may leave (``breaks_off``)."""
        a, b = self.battle.sides
        if self.lost[a] == self.lost[b]:
            return False
        loser, winner = (a, b) if self.lost[a] > self.lost[b] else (b, a)
        afloat = self.afloat()
        if breaks_off(d6(rng), slowest(afloat[loser]), slowest(afloat[winner]), self.table.break_off):
            self.left = loser
        return self.left is not None

    def loses_contact(self, rng: random.Random) -> bool:
        """House: contact is lost on a d6 at or under the day/night chance (more in a storm)."""
        chance = self.table.lose_contact.chance(self.battle.night, self.battle.weather)
        self.contact_lost = chance > 0 and d6(rng) <= chance
        return self.contact_lost

    def outcome(self, steps: int) -> BattleOutcome:
        damage = {name: c.hull - self.hull[name] for name, c in self.ships.items() if c.hull != self.hull[name]}
        return BattleOutcome(damage=MappingProxyType(damage), sunk=tuple(self.exploded),
                             torpedoes_spent=tuple(self.spent), left=self.left, contact_lost=self.contact_lost,
                             pursuit_allowed=True, steps=steps, log=tuple(self.log))


RESOLVERS: dict[str, BattleResolver] = {"basic": BasicCombat(), "tactical": TacticalBattle()}
"""Battle resolvers by name (``options["battle"]``)."""


# --- fighting the battles of a turn ----------------------------------------------------------------


def build_battle(state: GameState, zone: str, fleets: list[FleetState]) -> Battle:
    """The ``Battle`` for ``fleets`` in ``zone``: refuelling ships can neither fire nor move (DN-12-nocombat),
    bombard fleets fire at half in the first step (DN-5.2-bombard)."""
    forces: dict[str, list[Combatant]] = {side: [] for side in state.sides}
    for fleet in fleets:
        refuelling = fleet.activity in ("refuel", "coal", "oil")
        for ship in state.ships_of(fleet):
            forces[fleet.side].append(Combatant(
                name=ship.name, side=fleet.side, fleet=fleet.id, cls=ship.cls, hull=ship.hull, speed=ship.speed,
                italic=ship.ship.italic, lost_way=ship.lost_way, torpedoes_ready=not ship.torpedoes_spent,
                halved_first_step=fleet.mission == "bombard", can_fire=not refuelling, can_move=not refuelling,
                nation=ship.ship.nation,
                escorts=(fleet.escorts or "") if fleet.mission == "escort" else "",
                losses=MappingProxyType(dict(ship.losses))))
    return Battle(zone=zone, turn=state.turn, night=state.is_night, weather=state.weather, sides=state.sides,
                  forces=MappingProxyType({s: tuple(c) for s, c in forces.items()}), tables=state.house.battle,
                  coast=coast_of(state.scenario.map, zone))


def fight_battles(state: GameState) -> None:
    """Each zone where a side engaged: that side's fleets there and the enemy groups it sighted fight."""
    for zone in sorted(state.engaging):
        engaging = state.engaging[zone]
        here = [f for f in state.fleets.values() if f.at == zone and not f.hidden]
        chosen: set[str] = set()
        for side in engaging:
            chosen |= {f.id for f in here if f.side == side}
            chosen |= {f.id for f in here if f.id in state.sighted.get(side, [])}
        fleets = [f for f in here if f.id in chosen]
        if len({f.side for f in fleets}) < 2:
            if not engaging:
                state.emit("contact-avoided", "house:contact", zone=zone)
            continue
        outcome = state.resolver.resolve(build_battle(state, zone, fleets), state.rng)
        apply_outcome(state, zone, fleets, outcome)
    state.engaging = {}


def apply_outcome(state: GameState, zone: str, fleets: list[FleetState], outcome: BattleOutcome) -> None:
    """Record the battle, apply its losses, and offer pursuit (DN-5.23) and abort (DN-5.2-abort)."""
    name = str(getattr(state.resolver, "name", "battle"))
    rule = "house:combat" if name == "basic" else name
    damage_rule = "house:combat" if name == "basic" else "DN-7.5d"
    state.emit("battle", rule, zone=zone, fleets=[f.id for f in fleets],
               steps=outcome.steps, left=outcome.left,
               contact_lost=outcome.contact_lost, log=list(outcome.log))
    for fleet in fleets:
        fleet.fought = True
    for name in outcome.torpedoes_spent:
        state.ships[name].torpedoes_spent = True
    record_lasting(state, outcome, damage_rule)
    for name, boxes in outcome.damage.items():
        damage_ship(state, state.ships[name], boxes, "battle", damage_rule)
    for name in outcome.sunk:
        sink_ship(state, state.ships[name], "battle", "DN-12.64" if state.ships[name].cls.type == "tanker"
                  else damage_rule)
    for name, deliberate in outcome.grounded.items():
        ground_ship(state, state.ships[name], zone, deliberate, "battle", "DN-7.44" if deliberate else "DN-7.42")
    alive = [f for f in fleets if f.id in state.fleets]
    for fleet in alive:
        fleet.may_pursue = pursuable(fleet, alive, outcome)
        state.decisions.setdefault(fleet.side, []).append(Decision("after-battle", fleet.side, fleet.id))


def record_lasting(state: GameState, outcome: BattleOutcome, rule: str) -> None:
    """DN-7.5d, as the Courbet example says: every damage result is recorded on the ship specification, so
    guns, torpedo mounts and speed lost and way lost carry into the next battle and the operational game."""
    for name, lost in sorted(outcome.lasting.items()):
        ship = state.ships[name]
        for key, amount in sorted(lost.items()):
            if key == "lost_way":
                ship.boilers = ship.boilers or amount > 0
            elif amount > 0:
                ship.losses[key] = ship.losses.get(key, 0) + amount
        state.emit("damage-recorded", rule, ship=name, side=ship.side, losses=dict(sorted(ship.losses.items())),
                   lost_way=ship.boilers, speed=ship.speed)


def pursuable(fleet: FleetState, alive: list[FleetState], outcome: BattleOutcome) -> list[str]:
    """DN-5.23: the enemy fleets ``fleet`` may pursue. Only intercept and raid fleets pursue. After lost
    contact (or a basic combat that ended otherwise) either side may pursue the other's fleets. Otherwise
    only the fleets that left the map may be pursued: a whole side that left, or single fleets that left while
    the rest of their side fought on; a fleet that left (or whose side left) pursues nobody."""
    if not outcome.pursuit_allowed or fleet.mission not in LEAD_TWO:
        return []
    enemies = [e for e in alive if e.side != fleet.side]
    if outcome.contact_lost or (outcome.left is None and not outcome.fleets_left):
        return [e.id for e in enemies]
    if fleet.side == outcome.left or fleet.id in outcome.fleets_left:
        return []
    return [e.id for e in enemies if e.side == outcome.left or e.id in outcome.fleets_left]
