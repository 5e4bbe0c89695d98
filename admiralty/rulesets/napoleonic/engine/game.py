"""A napoleonic game: batteries fire, turn after turn, at what the fire plan or their player chooses.

The turn (a house rule: the seed covers artillery fire only):

1. wavering units whose time is up steady;
2. every battery still in action fires once, the first side's batteries first, in scenario order; the
   first side is the scenario's first side on odd turns and the second on even turns, so that neither
   always shoots first;
3. a battery with a fire-plan entry for this turn fires at that target only (its one legal action), or
   holds when the target is no longer legal; otherwise its player chooses any legal target (in range and in
   sight, ``targets``) or to hold; a battery with no legal target holds without asking.

The game ends after the scenario's last turn, when a side has no unit left on the table, or when no
battery is left. ``result()`` (house rule, ``tables.yaml`` ``result``): each side scores the figures the
enemy lost plus a fixed value per enemy battery destroyed; the higher score wins, equal scores draw.

All chance comes from the game's one ``random.Random(seed)``. ``view(side)`` hides the enemy's roster sheets
(NA-marking).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TypedDict, cast

from admiralty.engine.api import Action, GameResult
from admiralty.engine.eventtypes import JsonValue

from . import events as ev
from .bombardment import Battlefield, NapoleonicOptions, new_battlefield, resolve
from .casualties import READINGS
from .fire import expected_figures
from .house import NapoleonicTables
from .howitzers import battery_kind, fire_solution
from .model import Battery, FirePlan, NapoleonicScenario
from .penetration import penetration_applies
from .players import PLAYERS as PLAYERS
from .rockets import expected_rocket_figures
from .roster import MARKINGS, roster_view
from .tables import load_tables, merge
from .targets import Target

ENGINE_VERSION = "napoleonic-artillery-1"  # written into replay headers; bump when the same seed plays differently


class FireOrder(TypedDict):
    """A battery's one choice (the action a player makes): fire at ``target`` (a unit or a building or built-up
    area it may fire at), or hold (``None``). A JSON object, as a replay file stores it."""

    battery: str
    target: str | None

RULESET = "napoleonic"

DEFAULT_OPTIONS: NapoleonicOptions = {
    "rounding_3_4": "literal",  # NA-10.46a: literal | at-least-one
    "skirmisher_round_down": "firer",  # NA-10.46b: the skirmishers' own fire (firer) | fire at them (target)
    "marking": "roster",  # NA-marking: roster | markers
    "ignition_by_guns": False,  # NA-fire-a: batteries without howitzers roll for fire too
    "tables": {},  # overrides of tables.yaml entries
}
OPTION_VALUES: dict[str, tuple[object, ...]] = {
    "rounding_3_4": READINGS,
    "skirmisher_round_down": ("firer", "target"),
    "marking": MARKINGS,
    "ignition_by_guns": (False, True),
}


def resolve_options(scenario: NapoleonicScenario, options: Mapping[str, object] | None) -> NapoleonicOptions:
    """The defaults, then the scenario's ``rules``, then the caller's ``options``; unknown keys or values
    raise ``ValueError``."""
    chosen: dict[str, object] = dict(DEFAULT_OPTIONS)
    for source in (scenario.rules, options or {}):
        for key, value in source.items():
            if key not in DEFAULT_OPTIONS:
                if source is scenario.rules:
                    continue  # a scenario's rules may hold switches for other stages
                raise ValueError(f"unknown napoleonic option {key!r}")
            chosen[key] = merge(_overrides(chosen["tables"]), _overrides(value)) if key == "tables" else value
    for key, allowed in OPTION_VALUES.items():
        if chosen[key] not in allowed:
            raise ValueError(f"option {key}={chosen[key]!r}: expected one of {allowed}")
    return cast(NapoleonicOptions, chosen)  # every key checked against its allowed values just above


def _overrides(value: object) -> Mapping[str, object]:
    """``value`` read as table overrides (the schema has checked a scenario's; a caller's wrong value fails
    in ``merge`` as it always did)."""
    return cast(Mapping[str, object], value)


class NapoleonicGame:
    """The state of one napoleonic game (``admiralty.engine.api.Game``)."""

    def __init__(self, scenario: NapoleonicScenario, seed: int, options: Mapping[str, object] | None = None):
        self.scenario = scenario
        self.seed = seed
        self.options = resolve_options(scenario, options)
        self.tables: NapoleonicTables = load_tables(self.options["tables"])
        self.rng = random.Random(seed)
        self._rocket_mean = expected_rocket_figures(self.tables)
        self.events: list[ev.NapoleonicEvent] = []
        self.field: Battlefield = new_battlefield(scenario, self.tables, self.options)
        self.turn = 0
        self._queue: list[str] = []
        self._current: Battery | None = None
        self._actions: list[FireOrder] = []
        self._targets: dict[str, Target] = {}
        self._over = False
        self._reason = ""
        chosen = self.options
        shown: dict[str, JsonValue] = {
            "rounding_3_4": chosen["rounding_3_4"], "skirmisher_round_down": chosen["skirmisher_round_down"],
            "marking": chosen["marking"], "ignition_by_guns": chosen["ignition_by_guns"]}
        self.events.append(ev.Start(type="start", rule="house", turn=0, scenario=scenario.id, seed=seed, options=shown))
        self._advance()

    # -- the Game protocol -------------------------------------------------------------------------------

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.scenario.sides)

    @property
    def is_over(self) -> bool:
        return self._over

    def to_move(self) -> tuple[str, ...]:
        return () if self._over or self._current is None else (self._current.side,)

    def legal_actions(self, side: str) -> list[Action]:
        return [a.copy() for a in self._actions] if side in self.to_move() else []

    def apply(self, side: str, action: Action) -> None:
        if side not in self.to_move() or action not in self._actions:
            raise ValueError(f"illegal action for {side!r}: {action!r}")
        battery = self._current
        assert battery is not None
        target: str | None = action["target"]  # the FireOrder found among the legal ones
        if target is None:
            self.events.append(ev.Hold(type="hold", rule="house", turn=self.turn, battery=battery.id))
        else:  # every event of a shot names its turn, so that a log reads turn by turn
            self.events.extend(resolve(self.field, battery, target, self.turn, self.rng))
        self._current, self._actions, self._targets = None, [], {}
        self._advance()

    def view(self, side: str) -> dict[str, object]:
        """What ``side`` may see: the table, every unit's position and bases, its own roster sheets only
        (NA-marking), fires, and for the battery it must fire now the legal targets with what is public."""
        marking = self.field.marking
        units = []
        for unit in self.scenario.units:
            entry = self.field.rosters[unit.id]
            seen: dict[str, object] = {
                "id": unit.id, "side": unit.side, "type": unit.type, "class": unit.class_,
                "formation": unit.formation, "at": list(unit.at), "facing": unit.facing,
                "wavering": unit.id in self.field.wavering,
            }
            seen.update(roster_view(entry, marking, own=unit.side == side))
            units.append(seen)
        batteries = [
            {"id": b.id, "side": b.side, "guns": b.guns, "howitzers": b.howitzers, "rockets": b.rockets,
             "at": list(b.at), "facing": b.facing, "destroyed": b.id in self.field.destroyed}
            for b in self.scenario.batteries
        ]
        current = self._current if self._current is not None and self._current.side == side else None
        return {
            "ruleset": RULESET,
            "scenario": self.scenario.id,
            "side": side,
            "turn": self.turn,
            "turns": self.scenario.turns,
            "to_move": list(self.to_move()),
            "marking": marking,
            "units": units,
            "batteries": batteries,
            "terrain": [{"id": t.id, "kind": t.kind} for t in self.scenario.table.terrain],
            "burning": sorted(self.field.burning),
            "battery": current.id if current else None,
            "targets": self._target_views(current) if current else [],
        }

    def result(self) -> GameResult:
        """House rule: figures the enemy lost plus ``battery_destroyed_figures`` per enemy battery lost."""
        lost = {s: 0 for s in self.sides}
        for entry in self.field.rosters.values():
            lost[entry.side] += entry.casualties
        batteries_lost = {s: 0 for s in self.sides}
        for battery_id in self.field.destroyed:
            batteries_lost[self.scenario.battery(battery_id).side] += 1
        value = self.tables.battery_destroyed_figures
        points: dict[str, float] = {}
        for side in self.sides:
            enemy = next(s for s in self.sides if s != side)
            points[side] = float(lost[enemy] + value * batteries_lost[enemy])
        ranked = sorted(points.values(), reverse=True)
        winner = None if ranked[0] == ranked[-1] else max(self.sides, key=lambda s: points[s])
        return GameResult(
            winner=winner,
            points=points,
            turns=self.turn,
            reason=self._reason or "in progress",
            details={
                "figures_lost": lost,
                "batteries_destroyed": batteries_lost,
                "burning": sorted(self.field.burning),
            },
        )

    # -- turn sequence ---------------------------------------------------------------------------------

    def _advance(self) -> None:
        """Move on to the next battery that has a decision to make, or end the game."""
        while not self._over:
            reason = self._ended()
            if reason:
                self._finish(reason)
                return
            if not self._queue:
                if self.turn >= self.scenario.turns:
                    self._finish("last turn played")
                    return
                self._start_turn()
                continue
            battery = self.scenario.battery(self._queue.pop(0))
            if battery.id in self.field.destroyed:
                continue
            if self._offer(battery):
                return

    def _ended(self) -> str:
        on_table = {u.side for u in self.field.on_table()}
        for side in self.sides:
            if side not in on_table:
                return f"{side} has no unit left on the table"
        if not self.field.batteries():
            return "no battery left"
        return ""

    def _start_turn(self) -> None:
        self.turn += 1
        for unit_id in [u for u, until in self.field.wavering.items() if until < self.turn]:
            del self.field.wavering[unit_id]
            self.events.append(ev.Steadies(type="steadies", rule="house", unit=unit_id, turn=self.turn))
        first = self.sides[(self.turn - 1) % len(self.sides)]
        alive = self.field.batteries()
        self._queue = [b.id for b in alive if b.side == first] + [b.id for b in alive if b.side != first]
        self.events.append(ev.Turn(type="turn", rule="house", turn=self.turn, order=list(self._queue)))

    def _plan(self, battery: Battery) -> FirePlan | None:
        return next((p for p in self.scenario.fire_plan if p.battery == battery.id and p.turn == self.turn), None)

    def _offer(self, battery: Battery) -> bool:
        """Set up ``battery``'s legal actions; ``False`` (after logging why) when it can only hold."""
        targets = self.field.legal_targets(battery)
        by_id = {t.id: t for t in targets}
        plan = self._plan(battery)
        if plan is not None:
            if plan.target not in by_id:
                self.events.append(ev.PlanBlocked(type="plan-blocked", rule="house", turn=self.turn, battery=battery.id,
                                                  target=plan.target))
                return False
            self._actions = [FireOrder(battery=battery.id, target=plan.target)]
            self._targets = {plan.target: by_id[plan.target]}
        elif targets:
            self._actions = [FireOrder(battery=battery.id, target=t.id) for t in targets]
            self._actions.append(FireOrder(battery=battery.id, target=None))
            self._targets = by_id
        else:
            self.events.append(ev.NoTarget(type="no-target", rule="house", turn=self.turn, battery=battery.id))
            return False
        self._current = battery
        return True

    def _finish(self, reason: str) -> None:
        self._over, self._reason = True, reason
        self._current, self._actions, self._targets = None, [], {}
        outcome = self.result()
        self.events.append(ev.GameOver(type="game-over", rule="house", turn=self.turn, reason=reason,
                                       winner=outcome.winner, points=dict(outcome.points)))

    def _target_views(self, battery: Battery) -> list[dict[str, object]]:
        """Public facts about each legal target of ``battery`` (geometry and the fire table, no rosters)."""
        rocket = battery_kind(battery) == "rocket"
        views = []
        for target in self._targets.values():
            seen: dict[str, object] = {
                "id": target.id, "kind": target.kind, "distance": target.distance, "band": target.band,
                "cover": target.cover, "column": target.column, "ground": target.ground_kind,
                "burning": target.terrain is not None and target.terrain.id in self.field.burning,
                "rocket": rocket, "penetrates": [],
            }
            if rocket:
                unit_target = target.kind == "unit"
                seen["expected_figures"] = self._rocket_mean if unit_target else 0.0
            elif target.kind == "unit" and target.band is not None:
                solution = fire_solution(battery, target.band, target.cover, target.column, self.tables)
                seen.update(dice=solution.dice, modifier=solution.modifier, shells=solution.shells,
                            expected_figures=round(expected_figures(solution, self.tables), 6))
                if penetration_applies(target.ground_kind, self.tables):
                    seen["penetrates"] = self.field.passes_into(battery, target)
            else:
                seen["expected_figures"] = 0.0
            views.append(seen)
        return views


def new_game(scenario: NapoleonicScenario, seed: int, options: Mapping[str, object] | None = None) -> NapoleonicGame:
    """Start a game of ``scenario`` with the one random generator seeded by ``seed``."""
    return NapoleonicGame(scenario, seed, options)


def invariants(game: NapoleonicGame) -> list[str]:
    """What must hold after every action (the smoke runner calls this): casualties between none and the
    whole unit (NA-marking), fires only in buildings and built-up areas (NA-fire-a), destroyed batteries that
    exist and never fire again, turns within the scenario, and a battery to move whose side is to move."""
    problems: list[str] = []
    scenario = game.scenario
    for unit in scenario.units:
        lost = game.field.rosters[unit.id].casualties
        if not 0 <= lost <= unit.figures:
            problems.append(f"unit {unit.id!r} has {lost} casualties of {unit.figures} figures")
    kinds = {t.id: t.kind for t in scenario.table.terrain}
    problems += [f"{t!r} burns but is not a building or built-up area"
                 for t in sorted(game.field.burning) if kinds.get(t) not in ("building", "built-up")]
    batteries = {b.id for b in scenario.batteries}
    problems += [f"destroyed battery {b!r} is not in the scenario" for b in sorted(game.field.destroyed)
                 if b not in batteries]
    if not 0 <= game.turn <= scenario.turns:
        problems.append(f"turn {game.turn} is outside 0..{scenario.turns}")
    current = game._current
    if current is not None and (current.id in game.field.destroyed or game.to_move() != (current.side,)):
        problems.append(f"battery {current.id!r} is to fire but is destroyed or not its side's to move")
    return problems
