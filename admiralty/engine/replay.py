"""Playing a game to the end, recording it, replaying it, and printing its log; for any ruleset.

``play`` drives any module that provides ``new_game(scenario, seed, options)`` (and optionally ``PLAYERS``
and ``ENGINE_VERSION``) with named players until the game ends or a step limit is hit. ``write_replay``
stores the game as JSON Lines: a header (scenario id and content hash, seed, engine version, players,
options, the event-log hash), one line per action ``{"side", "action"}``, and a last line with a short
digest of every event (or the events themselves), so that ``replay`` can say where a re-play diverged.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypedDict, cast

from admiralty.atomic import write_text
from admiralty.engine.api import Action, EventRecord, GameResult, event_log_hash
from admiralty.engine.players import GENERIC_PLAYERS, LazyView, Player
from admiralty.engine.protocols import GameModule, ScenarioModel
from admiralty.json_types import JSONValue

DEFAULT_STEP_LIMIT = 100_000
ReplayRow = dict[str, Any]
"""A line of a replay file as ``json.loads`` reads it: the JSON I/O boundary, read by key where it is used (the
header's ``seed`` and ``module``, an action line's ``side`` and ``action``)."""
ParsedReplay = tuple[ReplayRow, list[ReplayRow], ReplayRow]
"""A replay file read: its header, its action lines, and its events line (``{}`` when it has none)."""
DIGEST_CHARS = 16


class PlayedAction(TypedDict):
    """One action of a played game, as its line of a replay file stores it."""

    side: str
    action: Action


class StepLimitExceeded(RuntimeError):
    """The game did not end within the step limit."""


@dataclass(frozen=True)
class PlayedGame:
    """One finished (or stopped) game: what was played and what happened."""

    module: str
    ruleset: str
    scenario_id: str
    scenario_hash: str
    seed: int
    players: dict[str, str]
    options: dict[str, JSONValue]
    engine_version: str
    actions: list[PlayedAction]
    events: list[EventRecord]
    result: GameResult | None
    event_hash: str
    stopped: str | None = None

    @property
    def steps(self) -> int:
        return len(self.actions)


@dataclass(frozen=True)
class ReplayCheck:
    """The outcome of re-playing a replay file."""

    ok: bool
    expected_hash: str
    actual_hash: str
    scenario_matches: bool
    actions_applied: int
    divergence: int | None = None
    expected_event: object = None
    actual_event: EventRecord | None = None
    message: str = ""
    details: dict[str, JSONValue] = field(default_factory=dict)


def _player(registry: Mapping[str, Player], spec: str | Player) -> Player:
    if callable(spec):
        return spec
    if spec not in registry:
        raise KeyError(f"unknown player {spec!r}; known: {', '.join(sorted(registry))}")
    return registry[spec]


def player_rng(seed: int, side: str) -> random.Random:
    """Each side's player draws from its own RNG, seeded from the game seed and the side (string seeds are
    hashed with SHA-512 by ``random``, never with ``hash()``)."""
    return random.Random(f"{seed}:{side}")


def play(game_module: GameModule, scenario: ScenarioModel, seed: int, players: Mapping[str, str | Player],
         options: Mapping[str, object] | None = None, *, step_limit: int = DEFAULT_STEP_LIMIT,
         raise_on_limit: bool = False) -> PlayedGame:
    """Play ``scenario`` to the end with ``players`` (side -> player name or function)."""
    registry: dict[str, Player] = {**GENERIC_PLAYERS, **game_module.PLAYERS}
    game = game_module.new_game(scenario, seed, options)
    chosen = {side: _player(registry, players.get(side, "random")) for side in game.sides}
    rngs = {side: player_rng(seed, side) for side in game.sides}
    recorded: list[PlayedAction] = []
    stopped: str | None = None
    while not game.is_over:
        if len(recorded) >= step_limit:
            stopped = "step-limit"
            if raise_on_limit:
                raise StepLimitExceeded(f"no end after {step_limit} actions")
            break
        movers = game.to_move()
        if not movers:
            raise RuntimeError("the game is not over but no side is to move")
        side = movers[0]
        legal = game.legal_actions(side)
        if not legal:
            raise RuntimeError(f"{side} is to move but has no legal action")
        action = chosen[side](LazyView(partial(game.view, side)), legal, rngs[side])
        game.apply(side, action)
        recorded.append({"side": side, "action": action})
    names = {side: (spec if isinstance(spec, str) else getattr(spec, "__name__", "custom"))
             for side, spec in ((s, players.get(s, "random")) for s in game.sides)}
    return PlayedGame(
        module=game_module.__name__, ruleset=scenario.ruleset,
        scenario_id=scenario.id, scenario_hash=scenario.content_hash,
        seed=seed, players=names, options=json_options(options), engine_version=engine_version_of(game_module),
        actions=recorded, events=list(game.events), result=game.result() if game.is_over else None,
        event_hash=event_log_hash(game.events), stopped=stopped)


def engine_version_of(module: GameModule) -> str:
    """The ruleset module's ENGINE_VERSION, written into replay headers."""
    return str(module.ENGINE_VERSION)


def json_options(options: Mapping[str, object] | None) -> dict[str, JSONValue]:
    """The options that can be written down (objects such as a test's battle resolver are left out)."""
    kept: dict[str, JSONValue] = {}
    for key, value in (options or {}).items():
        try:
            json.dumps(value)
        except TypeError:
            continue
        kept[key] = cast(JSONValue, value)  # json.dumps has just written it: a JSON value
    return kept


def event_digest(event: EventRecord) -> str:
    text = json.dumps(event, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_CHARS]


def write_replay(path: str | Path, played: PlayedGame, *, full_events: bool = False) -> None:
    """Write ``played`` as JSON Lines: header, one line per action, then the event digests (or events)."""
    write_text(path, replay_text(played, full_events=full_events))


def replay_text(played: PlayedGame, *, full_events: bool = False, events: bool = True) -> str:
    """The text of ``played``'s replay file (see ``write_replay``); without its last line (the events) when
    ``events`` is false."""
    header = {
        "kind": "replay", "module": played.module, "ruleset": played.ruleset, "scenario": played.scenario_id,
        "scenario_hash": played.scenario_hash, "seed": played.seed, "engine": played.engine_version,
        "players": played.players, "options": played.options, "actions": len(played.actions),
        "events": len(played.events), "event_log_hash": played.event_hash, "stopped": played.stopped,
    }
    lines = [json.dumps(header, sort_keys=True)]
    lines += [json.dumps({"side": a["side"], "action": a["action"]}, sort_keys=True) for a in played.actions]
    if not events:
        return "\n".join(lines) + "\n"
    tail: dict[str, object] = {"kind": "events"}
    if full_events:
        tail["events"] = played.events
    else:
        tail["digests"] = [event_digest(e) for e in played.events]
    lines.append(json.dumps(tail, sort_keys=True))
    return "\n".join(lines) + "\n"


class ReplayFileError(ValueError):
    """A replay file that cannot be used: missing, unreadable, not a replay, or from another format."""


def _replay_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ReplayFileError(f"{path}: is a folder, not a replay file") from None
    except PermissionError:
        raise ReplayFileError(f"{path}: cannot be read (permission denied)") from None
    except UnicodeDecodeError:
        raise ReplayFileError(f"{path}: not a replay file (not UTF-8 text)") from None
    except OSError as error:
        raise ReplayFileError(f"{path}: cannot be read ({error.strerror or 'input/output error'})") from None


def read_replay(path: str | Path) -> ParsedReplay:
    """The header, the actions and the events line of a replay file; :class:`ReplayFileError` (one plain
    sentence, no exception text) when the file is missing, unreadable or not a replay."""
    return parse_replay(_replay_text(Path(path)), str(path))


def _json_rows(text: str, path: str) -> list[ReplayRow]:
    """Each non-blank line of a replay file as a JSON object, the first the replay header."""
    rows: list[ReplayRow] = []  # each checked to be an object below
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except ValueError:
            raise ReplayFileError(f"{path}: not a replay file (line {number} is not JSON)") from None
    if not rows or not isinstance(rows[0], dict) or rows[0].get("kind") != "replay":
        raise ReplayFileError(f"{path}: not a replay file (its first line is not a replay header)")
    if not all(isinstance(row, dict) for row in rows):
        raise ReplayFileError(f"{path}: not a replay file (every line must be a JSON object)")
    return rows


def parse_replay(text: str, path: str = "<replay>") -> ParsedReplay:
    """``read_replay`` of a replay file's text (``path`` names it in errors)."""
    rows = _json_rows(text, path)
    missing = [key for key in ("scenario", "seed", "module", "event_log_hash") if key not in rows[0]]
    if missing:
        raise ReplayFileError(f"{path}: the replay header lacks {', '.join(missing)}")
    tail = rows[-1] if len(rows) > 1 and rows[-1].get("kind") == "events" else {}
    actions = rows[1:-1] if tail else rows[1:]
    if any("side" not in row or "action" not in row for row in actions):
        raise ReplayFileError(f"{path}: not a replay file (an action line lacks side or action)")
    return rows[0], actions, tail


def replay(path: str | Path, scenario: ScenarioModel, game_module: GameModule | None = None) -> ReplayCheck:
    """Re-play a replay file against ``scenario``: the same event-log hash, or where it first diverged."""
    return replay_parsed(read_replay(path), scenario, game_module)


def replay_parsed(parsed: ParsedReplay, scenario: ScenarioModel,
                  game_module: GameModule | None = None) -> ReplayCheck:
    """``replay`` of a replay already read (``read_replay`` or ``parse_replay``)."""
    header, actions, tail = parsed
    module = game_module or importlib.import_module(header["module"])
    game = module.new_game(scenario, header["seed"], header.get("options") or None)
    matches = header.get("scenario_hash", "") == scenario.content_hash
    applied = 0
    error = ""
    for row in actions:
        action: Action = row["action"]
        try:
            game.apply(row["side"], action)
        except (ValueError, KeyError) as exc:
            error = f"action {applied} ({row['side']}: {action!r}) was refused: {exc}"
            break
        applied += 1
    actual = event_log_hash(game.events)
    expected = str(header.get("event_log_hash", ""))
    if actual == expected and not error:
        return ReplayCheck(True, expected, actual, matches, applied, message="identical event log")
    index, want, got = _first_divergence(tail, list(game.events))
    message = error or (f"event {index} differs" if index is not None else "event logs differ")
    return ReplayCheck(False, expected, actual, matches, applied, divergence=index, expected_event=want,
                       actual_event=got, message=message)


def _first_divergence(tail: ReplayRow,
                      events: list[EventRecord]) -> tuple[int | None, object, EventRecord | None]:
    if "events" in tail:
        recorded = tail["events"]
        for i in range(max(len(recorded), len(events))):
            want = recorded[i] if i < len(recorded) else None
            got = events[i] if i < len(events) else None
            if want != got:
                return i, want, got
        return None, None, None
    digests = tail.get("digests", [])
    for i in range(max(len(digests), len(events))):
        want = digests[i] if i < len(digests) else None
        got = events[i] if i < len(events) else None
        if got is None or want != event_digest(got):
            return i, {"digest": want}, got
    return None, None, None


def format_log(events: Sequence[EventRecord]) -> str:
    """A readable turn-by-turn log: a heading per turn, one line per event with its rule (fields without a
    value, ``False`` or empty are left out); an event that
    carries a log of its own (a battle's per-step account) prints each entry's ``text`` beneath it."""
    lines: list[str] = []
    turn: object = object()
    skip = {"turn", "phase", "type", "rule", "log"}
    for event in events:
        if event.get("turn") != turn:
            turn = event.get("turn")
            lines.append(f"Turn {turn}")
        details = ", ".join(f"{k}={_short(v)}" for k, v in event.items() if k not in skip and not _empty(v))
        lines.append(f"  {event.get('phase', ''):<9} {event.get('type', '')}: {details}  [{event.get('rule', '')}]")
        own_log = event.get("log")
        for entry in own_log if isinstance(own_log, list) else ():
            text = entry.get("text") if isinstance(entry, dict) else entry
            lines.append(f"      {text if isinstance(text, str) else _short(entry)}")
    return "\n".join(lines)


def _empty(value: object) -> bool:
    """A field the log leaves out: no value, ``False``, or an empty text, list or mapping (``0`` is kept)."""
    return value is None or value is False or (isinstance(value, str | list | dict | tuple) and not value)


def _short(value: object) -> str:
    if isinstance(value, list):
        return "/".join(_short(v) for v in value) if all(not isinstance(v, (dict, list)) for v in value) \
            else json.dumps(value, sort_keys=True)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True)
    return str(value)
