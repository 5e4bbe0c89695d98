"""One model of a planned route (issue 37, item 2): where each fleet of a scenario is, turn by turn, if the sides
carry out their written orders, taken from the engine's own play and never from a second reckoning.

A written order is not always carried out on the turn of its place in the list: a pre-planned fleet (DN-5.12)
lays a minefield, sweeps, bombards or unloads in place of a move, and its whole written plan slips a turn
(``orders.delay_plan``); a move that weather or speed holds back goes on next turn; a fleet refuels, waits,
splits. Rather than restate those rules, the model plays the scenario with the scripted player on every side
(the player that follows the written orders and does each mission's act once where it can) from seed 0, and
reads each fleet's place at the end of every turn from the game's own events, up to the first contact. From
there on play decides (battles, pursuits), so the rest of the route is the plan the engine then holds for the
fleet (with every slip so far), stepped along the map as the engine steps it (``Geography.can_step``).

The validator's order checks (the turn a written order is carried out), the site's route key and turn labels
and the test that compares them with played games all read this one model.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from admiralty.engine.api import Event
from admiralty.engine.replay import player_rng
from admiralty.rulesets.dreadnought.engine.game import DreadnoughtGame, new_game
from admiralty.rulesets.dreadnought.engine.model import Scenario
from admiralty.rulesets.dreadnought.engine.orders import place_after
from admiralty.rulesets.dreadnought.engine.players import scripted
from admiralty.rulesets.dreadnought.engine.state import FleetState, GameState

SEED = 0  # the planned route is the scripted game of this seed (its weather and mines), documented on the site
CONTACT_EVENTS = frozenset({"contact-roll", "pursuit-contact", "battle"})
STEP_LIMIT = 20_000  # actions; a scripted game of the bundled corpus takes at most a few hundred


@dataclass(frozen=True)
class PlannedRoute:
    """A fleet's planned places: ``places[t - 1]`` is where it is at the end of turn ``t``. The first
    ``played_until`` turns are the engine's own play (to the first contact); later turns its plan then.
    ``delays``: the turns from which the written orders slipped one turn (each mission act or carried-over
    move), in order."""

    fleet: str
    start: str
    places: tuple[str, ...]
    played_until: int
    delays: tuple[int, ...] = ()

    def turn_of_order(self, index: int) -> int:
        """The turn on which written order ``index`` (0-based) is carried out: its place in the list, later by
        one for every slip of the plan at or before it."""
        turn = index + 1
        for delay in self.delays:
            if delay <= turn:
                turn += 1
        return turn


def planned_routes(scenario: Scenario) -> dict[str, PlannedRoute]:
    """Every fleet of ``scenario`` (by id) with its planned route (see the module's docstring)."""
    key = (scenario.id, scenario.content_hash, id(scenario))
    found = _CACHE.get(key)
    if found is None or found[0] is not scenario:  # the scenario kept with its routes: an id is never reused
        if len(_CACHE) >= CACHE_LIMIT:
            _CACHE.clear()
        found = _CACHE[key] = (scenario, _compute(scenario))
    return found[1]


CACHE_LIMIT = 1024
"""Scenarios whose routes are kept: more than a site's, whose scenario page and printable sheets each draw the
routes (with 64, a 200-scenario site computed every route twice)."""
_CACHE: dict[tuple[str, str, int], tuple[Scenario, dict[str, PlannedRoute]]] = {}


def planned_or_written(scenario: object) -> dict[str, PlannedRoute]:
    """``planned_routes`` for a scenario the engine can play; ``{}`` (each order on its written turn) for anything
    else, as a drawing of a scenario a change broke (``admiralty diff``'s pictures) or a validator message about
    orders the engine would refuse: a picture or a message never fails for want of the planned turn."""
    if not isinstance(scenario, Scenario):
        return {}
    try:
        return planned_routes(scenario)
    except Exception:  # the engine refusing a broken scenario: its own diagnostics say why, elsewhere
        return {}


def _compute(scenario: Scenario) -> dict[str, PlannedRoute]:
    game = new_game(scenario, SEED)
    rngs = {side: player_rng(SEED, side) for side in game.sides}
    contact = _play_to_contact(game, rngs)
    state = game.state
    stop = scenario.turns if contact is None else contact
    places, delays = _played_places(state.events, stop)
    routes: dict[str, PlannedRoute] = {}
    for fleet in scenario.fleets():
        start = places.get(fleet.id, {}).get(0, fleet.start)
        here = start
        out: list[str] = []
        for turn in range(1, stop + 1):
            here = places.get(fleet.id, {}).get(turn, here)
            out.append(here)
        live = state.fleets.get(fleet.id)
        out += _planned_after(state, live, here, stop) if live is not None else [here] * (scenario.turns - stop)
        routes[fleet.id] = PlannedRoute(fleet.id, start, tuple(out), stop, tuple(delays.get(fleet.id, ())))
    return routes


def _play_to_contact(game: DreadnoughtGame, rngs: dict[str, random.Random]) -> int | None:
    """Play with the scripted player until the first contact (its turn) or the end (``None``)."""
    seen = 0
    for _ in range(STEP_LIMIT):
        for event in game.events[seen:]:
            if event["type"] in CONTACT_EVENTS:
                return _turn(event)
        seen = len(game.events)
        if game.is_over:
            return None
        side = game.to_move()[0]
        game.apply(side, scripted(game.view(side), game.legal_actions(side), rngs[side]))
    return None


def _turn(event: Event) -> int:
    """The turn an event is stamped with (``GameState.emit`` stamps every one; 0 for none)."""
    turn = event.get("turn", 0)
    return turn if isinstance(turn, int) else 0


def _played_places(events: list[Event], stop: int) -> tuple[dict[str, dict[int, str]], dict[str, list[int]]]:
    """From the events up to the end of turn ``stop``'s movement: each fleet's place by turn (0: its start) and
    the turns from which its plan slipped."""
    places: dict[str, dict[int, str]] = {}
    delays: dict[str, list[int]] = {}
    for event in events:
        turn = _turn(event)
        if turn > stop or (turn == stop and event.get("phase") not in ("setup", "weather", "orders", "movement")):
            continue
        kind, fleet, path = event["type"], event.get("fleet"), event.get("path")
        if kind == "fleet-placed":
            places.setdefault(str(fleet), {})[0] = str(event["at"])
        elif kind == "fleet-moved" and isinstance(path, list) and path:
            places.setdefault(str(fleet), {})[turn] = str(path[-1])
        elif kind == "plan-delayed":
            delays.setdefault(str(fleet), []).append(turn)
        elif kind == "move-carried-over":
            delays.setdefault(str(fleet), []).append(turn + 1)
    return places, delays


def _planned_after(state: GameState, fleet: FleetState, place: str, stop: int) -> list[str]:
    """The places after turn ``stop``: the fleet's plan as the engine holds it, stepped along the map."""
    out: list[str] = []
    for turn in range(stop + 1, state.scenario.turns + 1):
        place = place_after(state, place, fleet.order(turn))
        out.append(place)
    return out
