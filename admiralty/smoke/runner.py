"""Play one smoke game with invariant checks after every action, and classify how it failed, if it did.

Failure kinds: ``crash`` (an exception in the engine or a player), ``invariant`` (the ruleset's or the
generic invariants broke), ``dead-end`` (the game is not over but nobody can act), ``step-limit``,
``timeout`` (wall clock per game), ``non-determinism`` (re-playing the replay file gave another event
log). Every failure keeps a replay file that ``admiralty replay`` reproduces.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from admiralty.contract import ruleset_module
from admiralty.engine.api import Action, EventDigest, Game
from admiralty.engine.players import GENERIC_PLAYERS, LazyView, Player
from admiralty.engine.protocols import GameModule, ScenarioModel, invariants_after_action
from admiralty.engine.replay import (
    PlayedAction,
    PlayedGame,
    engine_version_of,
    json_options,
    parse_replay,
    player_rng,
    replay_parsed,
    replay_text,
    write_replay,
)
from admiralty.json_types import JSONObject

DIGEST_BATCH = 64
"""The event log is hashed as it grows, whenever this many events wait (one call per action cost more than
hashing them)."""


@dataclass(frozen=True)
class Limits:
    steps: int = 20_000
    seconds: float = 30.0


@dataclass(frozen=True)
class Outcome:
    """One smoke game, small enough to send back from a worker."""

    scenario: str
    player: str
    seed: int
    winner: str | None
    points: dict[str, float]
    turns: int
    steps: int
    event_hash: str
    failure: str | None = None
    message: str = ""
    replay_file: str | None = None
    replayed: bool = False
    details: JSONObject = field(default_factory=dict)
    event_counts: dict[str, int] = field(default_factory=dict)  # a finished game's events by ``type``, sorted


Invariants = Callable[[Game], list[str]]


def _next_mover(game: Game) -> tuple[str, Sequence[Action], list[str]]:
    """The first side to move, its legal actions, and the generic invariant every unfinished game must satisfy
    after every action, that someone can act: the dead end (if any) that leaves nobody able to."""
    movers = game.to_move()
    if not movers:
        return "", [], ["dead-end: the game is not over but no side is to move"]
    side = movers[0]
    legal = game.legal_actions(side)
    return side, legal, [] if legal else [f"dead-end: {side} is to move but has no legal action"]


def _record(module: GameModule, scenario: ScenarioModel, seed: int, player: str, sides: tuple[str, ...],
            options: Mapping[str, object], actions: list[PlayedAction], game: Game | None,
            stopped: str | None, digest: EventDigest) -> PlayedGame:
    events = list(game.events) if game is not None else []
    return PlayedGame(
        module=module.__name__, ruleset=str(scenario.ruleset), scenario_id=str(scenario.id),
        scenario_hash=scenario.content_hash, seed=seed,
        players={side: player for side in sides}, options=json_options(options),
        engine_version=engine_version_of(module), actions=actions, events=events,
        result=game.result() if game is not None and game.is_over else None,
        event_hash=digest.feed(events).hexdigest(), stopped=stopped)


def play_smoke_game(scenario: ScenarioModel, seed: int, player: str, *, limits: Limits = Limits(),
                    options: Mapping[str, object] | None = None, replay_dir: str | None = None,
                    check_replay: bool = False, module: GameModule | None = None, sample: bool = False) -> Outcome:
    """Play one game with ``player`` on every side, checking invariants after every action (over what the
    action touched, where the rule system says, and the whole state at the end). A ``sample`` game that
    finishes is kept, whole, as ``<replay_dir>/<scenario>-sample.jsonl``: the game the site replays. The
    event log is hashed as it grows (``EventDigest``), action by action."""
    module = module or ruleset_module(scenario.ruleset)
    options = dict(options or {})
    registry: dict[str, Player] = {**GENERIC_PLAYERS, **module.PLAYERS}
    checks = Checks(invariants_after_action(module), module.invariants)
    digest = EventDigest()
    actions: list[PlayedAction] = []
    game: Game | None = None
    sides: tuple[str, ...] = ()
    failure: str | None = None
    message = ""
    started = time.perf_counter()
    try:
        game = module.new_game(scenario, seed, options)
        sides = tuple(game.sides)
        choose = registry.get(player, registry["random"])
        rngs = {side: player_rng(seed, side) for side in sides}
        failure, message = _drive(game, choose, rngs, checks, limits, actions, started, digest)
    except Exception as error:
        frame = traceback.extract_tb(error.__traceback__)[-1]
        failure = "crash"
        message = f"{type(error).__name__}: {error} ({Path(frame.filename).name}:{frame.lineno})"
    played = _record(module, scenario, seed, player, sides, options, actions, game, failure, digest)
    replayed = failure is None and check_replay and game is not None
    if replayed and (diverged := _replays_differently(played, scenario, module)) is not None:
        failure, message = "non-determinism", f"re-playing gave another event log: {diverged}"
    replay_file = _keep_replays(played, scenario.id, player, seed, replay_dir, failure, sample)
    result = played.result
    turns = int(result.turns) if result is not None else _turn_of(played)
    return Outcome(str(scenario.id), player, seed, result.winner if result else None,
                   dict(result.points) if result else {}, turns, len(actions), played.event_hash, failure, message,
                   replay_file, replayed, event_counts=_event_counts(played.events) if failure is None else {})


@dataclass(frozen=True)
class Checks:
    """The ruleset's invariants: after an action (over what it touched) and over the whole state."""

    after_action: Invariants
    whole: Invariants


def _drive(game: Game, choose: Player, rngs: Mapping[str, random.Random], checks: Checks,
           limits: Limits, actions: list[PlayedAction], started: float,
           digest: EventDigest) -> tuple[str | None, str]:
    """Play ``game`` to its end, recording each action and hashing the events it appended; the first failure
    (dead end, step limit, timeout, broken invariant) as (kind, message), else (None, "")."""
    after_action, most_steps, deadline = checks.after_action, limits.steps, started + limits.seconds
    clock, apply, record = time.perf_counter, game.apply, actions.append  # bound once: this loop runs per action
    while not game.is_over:
        side, legal, problems = _next_mover(game)
        if problems:
            return "dead-end", problems[0]
        if len(actions) >= most_steps:
            return "step-limit", f"no end after {limits.steps} actions"
        if clock() > deadline:
            return "timeout", f"no end after {limits.seconds:g} s"
        action = choose(LazyView(partial(game.view, side)), legal, rngs[side])
        record({"side": side, "action": action})
        apply(side, action)
        if len(game.events) - digest.hashed >= DIGEST_BATCH:
            digest.feed(game.events)
        broken = after_action(game)
        if broken:
            return "invariant", "; ".join(broken[:3])
    broken = checks.whole(game) if after_action is not checks.whole else []
    if broken:
        return "invariant", "; ".join(broken[:3])
    return None, ""


def _replays_differently(played: PlayedGame, scenario: ScenarioModel, module: GameModule) -> str | None:
    """Why re-playing the replay gives another event log (None when it gives the same). The replay goes
    through the very header and action lines ``write_replay`` would write, parsed back, but not through a disk:
    a file in a temporary folder, synced and removed, cost a tenth of the checked game and proved nothing more.
    A divergence is found against the played game's own events, which are at hand: writing the event digests a
    file carries for that made a checked Otranto game 20.6 ms instead of 19.1, and they were read only when the
    logs differed."""
    header, actions, _ = parse_replay(replay_text(played, events=False))
    check = replay_parsed((header, actions, {"kind": "events", "events": played.events}), scenario, module)
    return None if check.ok else check.message


def _keep_replays(played: PlayedGame, scenario_id: str, player: str, seed: int, replay_dir: str | None,
                  failure: str | None, sample: bool) -> str | None:
    """Write a failed game's replay (its path is returned) or, for a finished ``sample``, the sample game."""
    if replay_dir is None or (failure is None and not sample):
        return None
    folder = Path(replay_dir)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / (f"{scenario_id}-sample.jsonl" if failure is None else f"{scenario_id}-{player}-{seed}.jsonl")
    write_replay(target, played, full_events=True)
    return None if failure is None else str(target)


def _event_counts(events: list[Mapping[str, object]]) -> dict[str, int]:
    """How many events of each ``type`` a game wrote (the site's measure of the work a game is)."""
    return dict(sorted(Counter(str(event.get("type", "")) for event in events).items()))


def _turn_of(played: PlayedGame) -> int:
    for event in reversed(played.events):
        turn = event.get("turn")
        if isinstance(turn, int):
            return turn
    return 0
