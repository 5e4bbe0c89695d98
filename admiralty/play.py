"""``admiralty play`` and ``admiralty replay``: one game with a readable log, and replay checks."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from admiralty.engine.replay import format_log, play, read_replay, replay, write_replay
from admiralty.engine.rulesets import ruleset_module


def _find_scenario(reference: str, corpus: str) -> tuple[Any | None, str]:
    """A scenario by id (searched in the corpus) or by file path; or why not."""
    from admiralty.validator.pipeline import validate
    from admiralty.validator.report import render

    paths = [corpus]
    path = Path(reference)
    if path.suffix in (".yaml", ".yml") and path.exists():
        paths.append(str(path))
    result = validate(paths)
    if result.report.exit_code():
        return None, render(result.report, "text") + "the documents have errors; fix them first"
    wanted = reference
    if path.suffix in (".yaml", ".yml") and path.exists():
        wanted = next((item.id for item in result.loaded if item.kind == "scenario" and Path(item.doc.file).resolve()
                       == path.resolve()), reference)
    for scenario in result.scenarios:
        if scenario.id == wanted:
            return scenario, ""
    known = ", ".join(sorted(s.id for s in result.scenarios))
    return None, f"no scenario '{reference}' under '{corpus}'; known: {known}"


def cmd_play(args: argparse.Namespace) -> int:
    scenario, problem = _find_scenario(args.scenario, args.corpus)
    if scenario is None:
        print(f"admiralty play: {problem}", file=sys.stderr)
        return 1
    module = ruleset_module(scenario.ruleset)
    kinds = [k.strip() for k in args.players.split(",") if k.strip()]
    sides = [side for side, _ in scenario.side_names()]
    players = {side: kinds[min(i, len(kinds) - 1)] for i, side in enumerate(sides)}
    known = {"random", "first", *module.PLAYERS}
    unknown = [k for k in kinds if k not in known]
    if unknown:
        print(f"admiralty play: unknown player {unknown[0]!r}; known: {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    played = play(module, scenario, args.seed, players, step_limit=args.step_limit)
    if not args.quiet:
        print(format_log(played.events))
    result = played.result
    if result is None:
        print(f"stopped: {played.stopped} after {played.steps} actions")
    else:
        winner = result.winner or "draw"
        points = ", ".join(f"{side} {value:g}" for side, value in result.points.items())
        print(f"result: {winner} ({result.reason}); points: {points}; turns {result.turns}; "
              f"event-log hash {played.event_hash}")
    if args.replay_out:
        write_replay(args.replay_out, played)
        print(f"replay written to {args.replay_out}")
    return 0 if result is not None else 1


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        header, _, _ = read_replay(args.file)
    except (OSError, ValueError) as error:
        print(f"admiralty replay: {error}", file=sys.stderr)
        return 1
    scenario, problem = _find_scenario(str(header.get("scenario", "")), args.corpus)
    if scenario is None:
        print(f"admiralty replay: {problem}", file=sys.stderr)
        return 1
    module = ruleset_module(scenario.ruleset)
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
    print(f"  recorded: {check.expected_event}")
    print(f"  now:      {check.actual_event}")
    return 1
