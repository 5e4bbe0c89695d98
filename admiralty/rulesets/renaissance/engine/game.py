"""The renaissance game: plays a scenario's actions in order and implements ``admiralty.engine.api.Game``.

Turns: an action may carry ``turn``; the game moves the turn track forward (RN-10) when an action of a
later turn comes up. Points (house rule, ``tables.yaml``): per enemy unit destroyed and per battle won;
the power with the most points wins, a tie for the most is a draw.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable, Mapping
from typing import cast

from admiralty.engine.api import Action, GameResult
from admiralty.engine.dice import Dice, ScriptedDice

from . import events as ev
from .battle import naval_combat
from .combat import CorsairMode
from .model import Battle, RenaissanceScenario, Transport, problems
from .players import PLAYERS as _PLAYERS
from .players import Player
from .state import Decision, RenaissanceState, snapshot
from .tables import Tables, load_tables
from .transport import transport_path
from .turn_track import due

RULESET = "renaissance"
ENGINE_VERSION = "renaissance-1"
PLAYERS: dict[str, Player] = _PLAYERS
"""Players by name for the ruleset registry: ``scripted``, ``random``, ``heuristic``; each is a function
``(view, legal_actions, rng) -> action`` of ``players.Player``."""
CORSAIR_MODES: tuple[CorsairMode, ...] = ("after-ships", "leftover")


def _corsair_mode(value: object) -> CorsairMode:
    """The ``corsair_hits`` option: one of ``CORSAIR_MODES``, else ``ValueError``."""
    for mode in CORSAIR_MODES:
        if value == mode:
            return mode
    raise ValueError(f"option corsair_hits must be one of {CORSAIR_MODES}, not {value!r}")


class RenaissanceGame:
    """One game of a renaissance scenario (the ``admiralty.engine.api.Game`` protocol)."""

    def __init__(self, scenario: RenaissanceScenario, seed: int, options: Mapping[str, object] | None = None):
        options = dict(options or {})
        tables = load_tables(options.get("tables"))
        corsair_mode = _corsair_mode(options.get("corsair_hits", "after-ships"))
        found = problems(scenario) + _card_problems(scenario, tables)
        if found:
            raise ValueError(f"scenario {scenario.id!r} cannot be played: " + "; ".join(found))
        self.scenario = scenario
        self.seed = seed
        # a list of faces; int() refuses anything else, as it always has
        faces = [int(face) for face in cast("Iterable[int | str]", options.get("dice", ()))]
        if any(face not in range(1, 7) for face in faces):
            raise ValueError("option dice: every face must be 1 to 6")
        rng = random.Random(seed)
        dice: Dice = ScriptedDice(faces, then=rng) if faces else rng
        self.state = RenaissanceState(scenario, tables, dice, corsair_mode)
        self.events: list[ev.RenaissanceEvent] = self.state.events  # the same list: events appended by the rules
        self._decision: Decision | None = None
        self._over = False
        self._script = self._play()
        self._resume(None)

    # -- the Game protocol ------------------------------------------------------------------------

    @property
    def sides(self) -> tuple[str, ...]:
        return self.scenario.powers

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def tables(self) -> Tables:
        return self.state.tables

    @property
    def decision(self) -> Decision | None:
        """The choice the game now waits for (``None`` once over)."""
        return self._decision

    def to_move(self) -> tuple[str, ...]:
        return (self._decision.side,) if self._decision else ()

    def legal_actions(self, side: str) -> list[Action]:
        if self._decision is None or side != self._decision.side:
            return []
        return list(self._decision.options)

    def apply(self, side: str, action: Action) -> None:
        if self._decision is None:
            raise ValueError("the game is over")
        if side != self._decision.side:
            raise ValueError(f"{side!r} may not act now; {self._decision.side!r} must")
        if action not in self._decision.options:
            raise ValueError(f"illegal action {action!r} for {side!r}: {list(self._decision.options)}")
        self._resume(action)

    def view(self, side: str) -> dict[str, object]:
        """Everything on the table; of the card hands, ``side`` sees its own and only the others' sizes."""
        state, sea_map = self.state, self.scenario.map
        decision = self._decision
        return {
            "ruleset": RULESET,
            "scenario": self.scenario.id,
            "side": side,
            "turn": state.turn,
            "over": self._over,
            "powers": list(self.scenario.powers),
            "alliances": [list(group) for group in self.scenario.alliances],
            "map": {
                "seas": {sea.id: sea.kind for sea in sea_map.seas.values()},
                "ports": {p.id: {"seas": list(p.seas), "power": p.power} for p in sea_map.ports.values()},
                "adjacency": [list(pair) for pair in sea_map.adjacency],
            },
            "units": {loc: {p: u.as_dict() for p, u in by.items()} for loc, by in state.units.items()},
            "leaders": {
                lid: {"power": leader.power, "battle_rating": leader.battle_rating, "at": state.leader_at[lid]}
                for lid, leader in self.scenario.leaders.items()
            },
            "formations": {
                fid: {"power": f.power, "at": state.formation_at[fid], "strength": f.strength}
                for fid, f in self.scenario.formations.items()
            },
            "pool": {p: u.as_dict() for p, u in state.pool.items()},
            "turn_track": [
                {"turn": e.turn, "power": e.power, "units": e.units.as_dict(), "leaders": list(e.leaders)}
                for e in state.track
            ],
            "hand": list(state.hands.get(side, [])),
            "hand_sizes": {p: len(hand) for p, hand in state.hands.items()},
            "points": dict(state.points),
            "battle": snapshot(state.battle),
            "decision": None if decision is None else {
                "side": decision.side, "kind": decision.kind, "context": snapshot(decision.context),
            },
        }

    def result(self) -> GameResult:
        """House rule: the most points wins; a tie for the most is a draw (winner ``None``)."""
        points = dict(self.state.points)
        best = max(points.values(), default=0.0)
        leaders = [power for power in self.scenario.powers if points[power] == best]
        return GameResult(
            winner=leaders[0] if len(leaders) == 1 else None,
            points=points,
            turns=self.state.turn,
            reason="all scripted actions played" if self._over else "in progress",
            details={
                "destroyed": {p: u.as_dict() for p, u in self.state.destroyed.items()},
                "battles_won": dict(self.state.battles_won),
                "points_rule": "house rule: tables.yaml `points`",
            },
        )

    # -- the script -------------------------------------------------------------------------------

    def _resume(self, action: Action) -> None:
        try:
            self._decision = self._script.send(action)
        except StopIteration:
            self._decision, self._over = None, True

    def _play(self) -> Generator[Decision, Action, None]:
        for index, action in enumerate(self.scenario.actions):
            if action.turn is not None and action.turn > self.state.turn:
                advance_turn(self.state, action.turn)
            if isinstance(action, Battle):
                yield from naval_combat(self.state, index, action)
            else:
                naval_transport(self.state, index, action)


def advance_turn(state: RenaissanceState, turn: int) -> None:
    """RN-10: move to ``turn``; leaders on the track return (house: to their power's first port) and
    units on the track go back to their power's pool, to be rebuilt by 8.1 (not in the seed)."""
    while state.turn < turn:
        state.turn += 1
        state.record(ev.Turn(type="turn", rule="RN-10", turn=state.turn))
        released, state.track = due(state.track, state.turn)
        for entry in released:
            if not entry.units.is_empty:
                state.pool[entry.power] = state.pool[entry.power].merge(entry.units)
                state.record(ev.UnitsToPool(type="units-to-pool", rule="RN-10", turn=state.turn, power=entry.power,
                                            units=entry.units.as_dict()))
            for leader in entry.leaders:
                home = state.leader_at[leader] = state.home_port(entry.power)
                state.record(ev.LeaderReturns(type="leader-returns", rule="RN-10", turn=state.turn, power=entry.power,
                                              leader=leader, at=home))


def naval_transport(state: RenaissanceState, index: int, action: Transport) -> None:
    """RN-16.3: carry the formation from port to port through sea zones holding its power's naval units."""
    formation = state.scenario.formations[action.formation]
    where = state.formation_at[action.formation]
    if formation.power != action.power or where != action.from_port:
        state.record(_impossible(state, index, action, f"the formation is at {where!r}"))
        return
    own_seas = frozenset(
        loc for loc, by in state.units.items() if action.power in by and loc in state.map.seas
    )
    path = transport_path(state.map, own_seas, action.from_port, action.to_port)
    if path is None:
        state.record(_impossible(state, index, action, "no chain of sea zones holding the power's naval units"))
        return
    state.formation_at[action.formation] = action.to_port
    state.record({"type": "transport", "rule": "RN-16.3", "turn": state.turn, "action": index, "power": action.power,
                  "formation": action.formation, "from": action.from_port, "to": action.to_port, "path": path})


def _impossible(state: RenaissanceState, index: int, action: Transport, reason: str) -> ev.TransportImpossible:
    """RN-16.3: the scripted transport ``index`` cannot be made, and why."""
    return {"type": "transport-impossible", "rule": "RN-16.3", "turn": state.turn, "action": index,
            "power": action.power, "formation": action.formation, "from": action.from_port, "to": action.to_port,
            "reason": reason}


def _card_problems(scenario: RenaissanceScenario, tables: Tables) -> list[str]:
    known = set(tables.combat_cards) | set(tables.reactions)
    found = [
        f"hand of {power!r} holds unknown card {card!r}"
        for power, hand in scenario.hands.items()
        for card in hand
        if card not in known
    ]
    for index, action in enumerate(scenario.actions):
        if isinstance(action, Battle) and action.cards is not None:
            scripted = (*(action.cards.attacker or ()), *(action.cards.defender or ()))
            found += [
                f"action {index}: unknown combat card {card!r}"
                for card in scripted
                if card not in tables.combat_cards
            ]
    return found


def new_game(
    scenario: RenaissanceScenario, seed: int, options: Mapping[str, object] | None = None
) -> RenaissanceGame:
    """Start a game of ``scenario``; all chance from ``random.Random(seed)``.

    Options: ``tables`` (overrides in the shape of ``tables.yaml``); ``corsair_hits`` (``"after-ships"``,
    the literal reading of RN-8, or ``"leftover"``); ``dice`` (faces rolled first, in order, before the
    generator takes over: for tests and for re-enacting a game played at the table).
    """
    return RenaissanceGame(scenario, seed, options)


ARMADA_STRENGTHS = (0, 2, 4, 6, 8)


def invariants(game: RenaissanceGame) -> list[str]:
    """What must hold after every action (the smoke runner calls this): units, leaders and land formations
    only at the map's seas and ports, units only of the scenario's powers, and the Armada at one of its
    strengths 2, 4, 6 or 8 (RN-dice-armada) or gone."""
    state = game.state
    places = set(state.map.seas) | set(state.map.ports)
    problems: list[str] = []
    for location, by_power in sorted(state.units.items()):
        if location not in places:
            problems.append(f"units at {location!r}, which is neither a sea nor a port of the map")
        for power, units in sorted(by_power.items()):
            if power not in state.scenario.powers:
                problems.append(f"units of {power!r} at {location!r}, which is not a power of the scenario")
            if units.armada not in ARMADA_STRENGTHS:
                problems.append(f"the Armada at {location!r} has strength {units.armada}")
    problems += [f"leader {lid!r} at {at!r}, which is not on the map"
                 for lid, at in sorted(state.leader_at.items()) if at is not None and at not in places]
    problems += [f"formation {fid!r} at {at!r}, which is not on the map"
                 for fid, at in sorted(state.formation_at.items()) if at not in places]
    return problems
