"""The dreadnought operational game: ``new_game(scenario, seed, options)`` and the turn sequence.

A turn runs, in the rulebook's order: weather (house table; refloating, DN-7.43), orders (the sides'
decisions; pursuit rolls, DN-5.23), movement (DN-5.1, with mines, DN-13; then sweeping and laying),
contact (house table; each side decides whether to engage), battle (``battle.BattleResolver``), mission
acts (bombardment, unloading), fuel (DN-12) and the end of the turn (objectives; after the last turn, the
victory reckoning). The game stops whenever a side has a decision to make; ``apply`` resumes it.

Options (all JSON values): ``battle`` (a resolver name in ``battle.RESOLVERS``: ``tactical``, the default,
or ``basic``; tests may pass a resolver object), ``tables`` (overrides like ``rules.tables``), ``fog``
(``counters`` or ``contact``, see ``view.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import TypeGuard

from admiralty.engine.api import NOTHING, WHOLE, Action, Event, GameResult, Touched
from admiralty.json_types import JSONObject
from admiralty.rulesets.dreadnought.engine import (
    actions,
    contact,
    fuel,
    mines,
    missions,
    movement,
    pursuit,
    victory,
    weather,
)
from admiralty.rulesets.dreadnought.engine import invariants as checks
from admiralty.rulesets.dreadnought.engine import view as fog
from admiralty.rulesets.dreadnought.engine.act import DONE, FOLLOW_ORDERS, REGROUPING, Act
from admiralty.rulesets.dreadnought.engine.battle import RESOLVERS, fight_battles
from admiralty.rulesets.dreadnought.engine.battle_types import BattleResolver
from admiralty.rulesets.dreadnought.engine.house import load_house
from admiralty.rulesets.dreadnought.engine.model import Scenario, normalise_zone_id
from admiralty.rulesets.dreadnought.engine.orders import written_plan
from admiralty.rulesets.dreadnought.engine.players import PLAYERS as _PLAYERS
from admiralty.rulesets.dreadnought.engine.state import Decision, FleetState, GameState, MinefieldState, ShipState

ENGINE_VERSION = "dreadnought-operational-1"
PLAYERS = _PLAYERS
"""Players by name for the lead's registry: ``scripted``, ``random``, ``heuristic``."""


class IllegalAction(ValueError):
    """An action that is not among ``legal_actions(side)``."""


def _orders_phase(state: GameState) -> None:
    """DN-5.1: every fleet may be organised (DN-5.21, DN-5.22, DN-5.24, DN-5.2-raid-hidden), then its order
    written (DN-5.2-intercept, DN-5.2-raid) or confirmed (DN-5.12)."""
    for side in state.sides:
        queue = state.decisions.setdefault(side, [])
        for fleet in state.side_fleets(side):
            fleet.acted = []
            queue.append(Decision("organise", side, fleet.id))
            queue.append(Decision("order", side, fleet.id))


def _mission_acts(state: GameState) -> None:
    missions.bombard(state)
    missions.search_merchants(state)
    missions.unload(state)


def _end_of_turn(state: GameState) -> None:
    victory.record_objectives(state)
    for fleet in state.fleets.values():
        fleet.may_pursue = []
        if fleet.pursuit is not None and max(fleet.pursuit.turns, default=0) <= state.turn:
            fleet.pursuit = None
    if state.turn >= state.scenario.turns:
        state.over = True
        state.final = victory.final_result(state)
        state.decisions = {side: [] for side in state.sides}
    else:
        state.turn += 1


STEPS: tuple[tuple[str, Callable[[GameState], None]], ...] = (
    ("weather", weather.weather_phase),
    ("orders", _orders_phase),
    ("orders", pursuit.roll_pursuits),
    ("movement", movement.carry_out_orders),
    ("movement", mines.mine_warfare),
    ("contact", contact.find_contacts),
    ("battle", fight_battles),
    ("battle", _mission_acts),
    ("fuel", fuel.fuel_phase),
    ("end", _end_of_turn),
)


class DreadnoughtGame:
    """One game of the operational dreadnought rules, implementing ``admiralty.engine.api.Game``."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = state.events
        # Legal actions of each side's current decision (the decision, its acts, their texts once asked).
        # A side's own action can change only its own choices (its fleets, its engagements), so it clears
        # only its own entry; a phase step clears all.
        self._cache: dict[str, _Legal] = {}
        self._steps_run = 0  # turn-sequence steps run so far: an action that ran one touched the whole state
        self._touched: Touched = WHOLE

    @property
    def sides(self) -> tuple[str, ...]:
        return self.state.sides

    @property
    def is_over(self) -> bool:
        return self.state.over

    def to_move(self) -> tuple[str, ...]:
        state = self.state
        if state.over:
            return ()
        decisions = state.decisions
        return tuple([side for side in state.sides if decisions.get(side)])

    def legal_actions(self, side: str) -> list[Action]:
        """The legal actions (their texts) of ``side``'s decision, computed once per decision and kept until
        the state changes: the same list on every call (players must not change it)."""
        queue = self.state.decisions.get(side)
        if self.state.over or not queue:
            return []
        return self._legal(side, queue[0]).text_list()

    def _legal(self, side: str, head: Decision) -> _Legal:
        cached = self._cache.get(side)
        if cached is not None and cached.decision is head:
            return cached
        cached = self._cache[side] = _Legal(head, actions.legal(self.state, head))
        return cached

    def apply(self, side: str, action: Action) -> None:
        queue = self.state.decisions.get(side)
        if self.state.over or not queue:
            raise IllegalAction(f"{side} has nothing to decide")
        head = queue[0]
        chosen = self._legal(side, head).find(action)
        if chosen is None:
            raise IllegalAction(f"{action!r} is not legal for {side} at {head.as_dict()}")
        regroups = chosen.word in REGROUPING
        fleets, ships = self._decision_fleets(head, chosen) if regroups else ((), ())
        fleet_count, steps_run = len(self.state.fleets), self._steps_run
        if actions.apply(self.state, head, chosen) and queue and queue[0] is head:
            queue.pop(0)
        self._cache.pop(side, None)
        self._advance()
        if self._steps_run != steps_run or self.state.over:
            self._touched = WHOLE
        elif regroups:
            self._touched = self._touched_fleets(fleets, ships, fleet_count)
        elif chosen is DONE or chosen is FOLLOW_ORDERS:
            self._touched = NOTHING
        else:  # a written order, a mission, hiding: the fleet's own fields, not its ships
            self._touched = Touched(fleets=(head.fleet,)) if head.fleet else Touched(zones=(head.zone or "",))

    def touched(self) -> Touched:
        """What the last ``apply`` touched (``admiralty.engine.api.Touched``): the fleets its decision named
        (the deciding fleet, the fleet it joined, a fleet it split off), their ships before and after and
        their places; everything when it ran on into the turn sequence or the game is new."""
        return self._touched

    def _decision_fleets(self, head: Decision, chosen: Act) -> tuple[list[str], list[str]]:
        """The fleets a regrouping act at ``head`` acts on, and their ships before it."""
        fleets = [head.fleet or ""]
        if chosen.word == "join":
            fleets.append(chosen.arg)
        ships = [name for fleet_id in fleets if (fleet := self.state.fleets.get(fleet_id)) for name in fleet.ships]
        return fleets, ships

    def _touched_fleets(self, fleets: Sequence[str], ships: Sequence[str], fleet_count: int) -> Touched:
        """``Touched`` for the decision's ``fleets`` and any fleet the action added (split, left behind)."""
        state = self.state
        if len(state.fleets) > fleet_count:
            fleets = [*fleets, *list(state.fleets)[fleet_count:]]
        names = dict.fromkeys(ships)
        zones: dict[str, None] = {}
        for fleet_id in fleets:
            fleet = state.fleets.get(fleet_id)
            if fleet is not None:
                names.update(dict.fromkeys(fleet.ships))
                zones[fleet.at] = None
        return Touched(ships=tuple(names), fleets=tuple(dict.fromkeys(fleets)), zones=tuple(zones))

    def view(self, side: str) -> JSONObject:
        return fog.view(self.state, side)

    def result(self) -> GameResult:
        if self.state.final is None:
            raise RuntimeError("the game is not over")
        return self.state.final

    # --- running the turn sequence ----------------------------------------------------------------

    def _settle(self) -> bool:
        """Drop decisions that no longer apply and take the ones with a single, do-nothing choice; True when
        some side is left with a decision to make."""
        decisions = self.state.decisions
        waiting = False
        for side in self.state.sides:
            queue = decisions.get(side)
            if queue is None:
                queue = decisions[side] = []
            while queue:
                acts = self._legal(side, queue[0]).acts
                if not acts or (len(acts) == 1 and (acts[0] is DONE or acts[0] is FOLLOW_ORDERS)):
                    queue.pop(0)
                    continue
                waiting = True
                break
        return waiting

    def _advance(self) -> None:
        state = self.state
        while not state.over:
            if self._settle():
                return
            phase, step = STEPS[state.step]
            state.phase = phase
            state.step = (state.step + 1) % len(STEPS)
            self._cache.clear()
            self._steps_run += 1
            step(state)


_TEXT = itemgetter(0)  # an Act's text (its first field), read in C by map()


class _Legal:
    """One decision's legal ``acts`` and, once asked for, their texts: what players choose among."""

    __slots__ = ("acts", "decision", "texts")

    def __init__(self, decision: Decision, acts: Sequence[Act]) -> None:
        self.decision = decision
        self.acts = acts
        self.texts: list[Action] | None = None

    def text_list(self) -> list[Action]:
        texts = self.texts
        if texts is None:
            texts = self.texts = list(map(_TEXT, self.acts))
        return texts

    def find(self, action: Action) -> Act | None:
        """The act whose text is ``action`` (None when it is not legal): a search of the texts in C."""
        try:
            return self.acts[self.text_list().index(action)]
        except ValueError:
            return None


def invariants(game: DreadnoughtGame) -> list[str]:
    """What must hold after every action, over the whole state (``invariants.whole_state``): fuel and hull
    boxes within bounds, every afloat ship in exactly one fleet and sunk or grounded ships in none, no empty
    fleet, and every fleet in a sea zone or a port of the map."""
    return checks.whole_state(game.state)


def invariants_touched(game: DreadnoughtGame) -> list[str]:
    """``invariants`` over what the last action touched (``DreadnoughtGame.touched``), the whole state when
    it ran on into the turn sequence: what the smoke runner checks after every action."""
    touched = game._touched
    return [] if touched is NOTHING else checks.touched_state(game.state, touched)


def _setup(state: GameState) -> None:
    """Place every fleet (DN-5.2: each with one mission) and every minefield of the scenario (DN-13)."""
    scenario = state.scenario
    loads = state.house.mines.loads_per_minelayer
    for side in scenario.sides:
        state.points[side.id] = 0.0
        state.decisions[side.id] = []
        for fleet in side.fleets:
            start = fleet.start if fleet.start in scenario.map.ports else normalise_zone_id(fleet.start)
            state.fleets[fleet.id] = FleetState(
                id=fleet.id, side=side.id, mission=fleet.mission, ships=list(fleet.ships), at=start,
                plan=written_plan(fleet, scenario.turns), escorts=fleet.escorts,
                is_collier_group=fleet.is_collier_group, start_of_turn=start, origin=start)
            for name in fleet.ships:
                if name in state.ships:
                    raise ValueError(f"ship {name!r} is in two fleets")
                ship = scenario.ships[name]
                state.ships[name] = ShipState(
                    ship=ship, side=side.id, hull=ship.cls.hull, fuel=ship.cls.fuel_boxes, fleet=fleet.id,
                    mine_loads=loads if missions.is_minelayer_ship(ship, scenario.rules) else 0)
            state.emit("fleet-placed", "DN-5.2", fleet=fleet.id, side=side.id, mission=fleet.mission, at=start,
                       ships=list(fleet.ships), escorts=fleet.escorts)
    for field in scenario.minefields:
        a, b = (normalise_zone_id(z) for z in field.between)
        state.minefields.append(MinefieldState((a, b) if a <= b else (b, a), field.owner, field.strength,
                                               [field.owner]))
        state.emit("minefield-placed", "DN-13", between=sorted([a, b]), owner=field.owner, strength=field.strength)


def _is_resolver(value: object) -> TypeGuard[BattleResolver]:
    return callable(getattr(value, "resolve", None))


def _resolver(opts: dict[str, object]) -> BattleResolver:
    """The ``battle`` option's resolver, taken out of ``opts``: a name in ``RESOLVERS`` (kept in ``opts``) or a
    resolver object (tests pass one)."""
    chosen = opts.pop("battle", "tactical")
    if isinstance(chosen, str):
        opts["battle"] = chosen
        return RESOLVERS[chosen]
    if _is_resolver(chosen):
        return chosen
    raise TypeError(f"the battle option is neither a resolver name nor a resolver: {chosen!r}")


def new_game(scenario: Scenario, seed: int, options: Mapping[str, object] | None = None) -> DreadnoughtGame:
    """A new game of ``scenario`` whose every roll comes from ``random.Random(seed)``."""
    opts = dict(options or {})
    resolver = _resolver(opts)
    if len(scenario.sides) != 2:
        raise ValueError("a dreadnought scenario has exactly two sides")
    tables = opts.get("tables")
    if tables is not None and not isinstance(tables, Mapping):
        raise TypeError(f"the tables option is not a mapping of table overrides: {tables!r}")
    house = load_house(scenario.rules.tables, tables)
    state = GameState(
        scenario=scenario, geo=scenario.geography, rng=random.Random(seed), resolver=resolver,
        options=opts, sides=(scenario.sides[0].id, scenario.sides[1].id), house=house)
    state.emit("game-started", "DN-5.1", scenario=scenario.id, seed=seed, engine=ENGINE_VERSION,
               turns=scenario.turns)
    _setup(state)
    game = DreadnoughtGame(state)
    game._advance()
    return game
