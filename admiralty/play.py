"""``admiralty play`` and ``admiralty replay``: one game with a readable log, and replay checks."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path

from admiralty.contract import ScenarioModel, ruleset_module
from admiralty.engine.replay import (
    PlayedGame,
    ReplayFileError,
    engine_version_of,
    format_log,
    play,
    read_replay,
    replay,
    write_replay,
)

USAGE = 2  # a bad path, id or file: the README's exit code for usage errors


def _find_scenario(reference: str, corpus: str) -> tuple[ScenarioModel | None, str, int]:
    """A scenario by id (searched in the corpus) or by file path; or why not and the exit code (1: the
    documents have errors, 2: no such corpus, file or id)."""
    from admiralty.validator.pipeline import validate
    from admiralty.validator.report import render

    if not Path(corpus).exists():
        return None, f"no corpus folder '{corpus}' (pass --corpus DIR)", USAGE
    path = Path(reference)
    is_file = path.suffix in (".yaml", ".yml")
    if is_file and not path.is_file():
        return None, f"no scenario file '{reference}'", USAGE
    result = validate([corpus, str(path)] if is_file else [corpus])
    if result.report.exit_code():
        return None, render(result.report, "text") + "the documents have errors; fix them first", 1
    wanted = reference
    if is_file:
        wanted = next((item.id for item in result.loaded if item.kind == "scenario" and Path(item.doc.file).resolve()
                       == path.resolve()), reference)
    for scenario in result.scenarios:
        if scenario.id == wanted:
            return scenario, "", 0
    known = ", ".join(sorted(s.id for s in result.scenarios))
    return None, f"no scenario '{reference}' under '{corpus}'; known: {known or 'none'}", USAGE


def _players(args: argparse.Namespace, scenario: ScenarioModel, known: set[str]) -> tuple[dict[str, str], str]:
    """Side -> player kind from ``--players`` (the last kind given plays the remaining sides), or the first
    unknown kind."""
    given = args.players if args.players is not None else scenario.smoke.players[0]
    kinds = [k.strip() for k in given.split(",") if k.strip()]
    sides = [side for side, _ in scenario.side_names()]
    unknown = [k for k in kinds if k not in known]
    return {side: kinds[min(i, len(kinds) - 1)] for i, side in enumerate(sides)}, unknown[0] if unknown else ""


def _print_result(played: PlayedGame) -> None:
    result = played.result
    if result is None:
        print(f"stopped: {played.stopped} after {played.steps} actions")
        return
    winner = result.winner or "draw"
    points = ", ".join(f"{side} {value:g}" for side, value in result.points.items())
    print(f"result: {winner} ({result.reason}); points: {points}; turns {result.turns}; "
          f"event-log hash {played.event_hash}")


def cmd_play(args: argparse.Namespace) -> int:
    scenario, problem, code = _find_scenario(args.scenario, args.corpus)
    if scenario is None:
        print(f"admiralty play: {problem}", file=sys.stderr)
        return code
    module = ruleset_module(scenario.ruleset)
    known = {"random", "first", *module.PLAYERS}
    players, unknown = _players(args, scenario, known)
    if unknown:
        print(f"admiralty play: unknown player {unknown!r}; known: {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    played = play(module, scenario, args.seed, players, step_limit=args.step_limit)
    if not args.quiet:
        print(format_log(played.events))
    _print_result(played)
    if args.replay_out:
        write_replay(args.replay_out, played)
        print(f"replay written to {args.replay_out}")
    return 0 if played.result is not None else 1


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        header, _, _ = read_replay(args.file)
    except ReplayFileError as error:
        print(f"admiralty replay: {error}", file=sys.stderr)
        return USAGE
    scenario, problem, code = _find_scenario(str(header.get("scenario", "")), args.corpus)
    if scenario is None:
        print(f"admiralty replay: {problem}", file=sys.stderr)
        return code
    module = ruleset_module(scenario.ruleset)
    recorded, current = str(header.get("engine", "")), engine_version_of(module)
    if recorded and recorded != current:
        print(f"admiralty replay: {args.file} was recorded by engine version {recorded!r}; this admiralty plays "
              f"{current!r}, so its games differ: record it again", file=sys.stderr)
        return USAGE
    try:
        check = replay(args.file, scenario, module)
    except Exception as error:
        print(f"reproduced a crash: {type(error).__name__}: {error}")
        return 1
    if not check.scenario_matches:
        print("note: the scenario's content changed since the replay was recorded")
    if check.ok:
        print(f"identical: {check.actions_applied} actions, event-log hash {check.actual_hash}")
        broken = module.invariants
        if header.get("stopped"):
            game = module.new_game(scenario, header["seed"], header.get("options") or None)
            _, actions, _ = read_replay(args.file)
            for row in actions:
                game.apply(row["side"], row["action"])
            problems = broken(game)
            print(f"reproduced {header['stopped']}: {'; '.join(problems) or 'no invariant breaks now'}")
            return 1 if problems else 0
        return 0
    print(f"DIVERGED at event {check.divergence}: {check.message}")
    print(side_by_side(check.expected_event, check.actual_event))
    return 1


def side_by_side(recorded: object, now: object) -> str:
    """The first differing event as two columns, field by field (``*`` marks the fields that differ).

    A replay keeps only a digest of each event unless it was written with full events; then the recorded
    column says so and the current event is shown whole. A missing event (one log ended earlier) is named.
    """
    if isinstance(recorded, dict) and set(recorded) == {"digest"}:
        recorded = None if recorded["digest"] is None else f"(only its digest {recorded['digest']} was recorded)"
    left = recorded if isinstance(recorded, dict) else {}
    right = now if isinstance(now, dict) else {}
    keys = list(dict.fromkeys([*left, *right]))
    rows = [("", "recorded", "now")]
    if not isinstance(recorded, dict) or not isinstance(now, dict):
        rows.append(("event", _whole(recorded, "the recorded log ended here"), _whole(now, "the game ended here")))
    for key in keys:
        differs = left and right and left.get(key, _ABSENT) != right.get(key, _ABSENT)
        mark = "*" if differs else " "
        rows.append((f"{mark} {key}", _cell(left, key), _cell(right, key)))
    width = [max(len(row[i]) for row in rows) for i in range(2)]
    return "\n".join(f"  {a:<{width[0]}}  {b:<{width[1]}}  {c}".rstrip() for a, b, c in rows)


_ABSENT = object()


def _whole(event: object, missing: str) -> str:
    if event is None:
        return f"({missing})"
    return event if isinstance(event, str) else "(the fields below)"


def _cell(event: Mapping[str, object], key: str) -> str:
    if key not in event:
        return "-" if event else ""
    text = json.dumps(event[key], sort_keys=True) if isinstance(event[key], dict | list) else str(event[key])
    return text if len(text) <= 60 else text[:57] + "..."
