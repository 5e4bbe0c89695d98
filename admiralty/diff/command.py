"""``admiralty diff BASE HEAD``: what a change to a corpus does, scenario by scenario: the semantic changes,
the balance shift measured on common random numbers, and pictures of the map before, after and changed."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from admiralty.atomic import OutputError, describe, write_text
from admiralty.diff.balance import analyse, play_pairs
from admiralty.diff.pictures import rasteriser, write_pictures
from admiralty.diff.report import markdown, text
from admiralty.diff.report_types import Balance, ChangeRecord, Report, ScenarioReport, Settings
from admiralty.diff.semantic import Comparison, ScenarioDiff, compare, differ_for
from admiralty.diff.sources import SourceError, versions
from admiralty.smoke.runner import Limits

NO_RASTERISER = ("map pictures as SVG only: no PNG rasteriser here (pip install 'admiralty[diff]' for CairoSVG, "
                 "or install Chromium)")


def _pictures(diff: ScenarioDiff, out: Path, png: bool) -> dict[str, str]:
    """The map pictures of a scenario whose map changed (in content, or for another map); none otherwise."""
    differ = differ_for(diff.ruleset)
    if differ is None or diff.before is None or diff.after is None or not diff.map_changed:
        return {}
    svgs = differ.map_pictures(diff.before, diff.after)
    return write_pictures(out, diff.id, svgs, png) if svgs else {}


def _balance(comparison: Comparison, args: argparse.Namespace) -> dict[str, Balance]:
    playable = [(d.id, d.before, d.after) for d in comparison.scenarios if d.before is not None and d.after is not None]
    results: dict[str, Balance] = {}
    started = time.perf_counter()
    for index, (scenario_id, before, after) in enumerate(playable):
        budget = None
        if args.budget is not None:
            budget = max(0.0, args.budget - (time.perf_counter() - started)) / (len(playable) - index)
        played = play_pairs(before, after, games=args.games, player=args.player, seed=args.seed,
                            budget=budget, jobs=max(1, args.jobs), limits=Limits(),
                            shift=None if getattr(args, "fixed", False) else args.shift)
        results[scenario_id] = analyse(after, played, args.shift)
    return results


def clear_pictures(out: Path) -> list[str]:
    """Remove the pictures the previous run wrote into ``out`` (those its ``diff.json`` names, and only those:
    ``--out`` may be a folder of the author's), so that the folder holds this run's pictures alone."""
    try:
        previous = json.loads((out / "diff.json").read_text(encoding="utf-8"))
        names = [name for scenario in previous.get("scenarios", []) for name in (scenario.get("pictures") or {})
                 .values()]
    except (OSError, ValueError, AttributeError, TypeError):
        return []
    removed = []
    for name in names:
        path = out / str(name)
        if path.name == name and path.suffix in (".svg", ".png") and path.is_file():
            path.unlink()
            removed.append(name)
    return removed


def build_report(comparison: Comparison, args: argparse.Namespace) -> Report:
    out = Path(args.out)
    clear_pictures(out)
    started = time.perf_counter()
    balance: dict[str, Balance] = {} if args.no_play else _balance(comparison, args)
    seconds = time.perf_counter() - started
    scenarios: list[ScenarioReport] = []
    for diff in comparison.scenarios:
        scenarios.append(ScenarioReport(
            id=diff.id, ruleset=diff.ruleset, title=diff.title, status=diff.status, files=diff.files,
            changes=[ChangeRecord(group=c.group, key=c.key, kind=c.kind, before=c.before, after=c.after)
                     for c in diff.changes],
            balance=balance.get(diff.id),
            pictures={k: Path(v).name for k, v in _pictures(diff, out, not args.no_png).items()},
        ))
    tool = None if args.no_png else rasteriser()
    drawn = any(s["pictures"] for s in scenarios)
    notes = [NO_RASTERISER] if drawn and tool is None and not args.no_png else []
    threshold = args.fail_on_shift
    failing = [s["id"] for s in scenarios if threshold is not None and (found := s["balance"]) is not None
               and found["largest_significant_shift"] >= threshold]
    return Report(
        base=comparison.before.label, head=comparison.after.label, errors=comparison.errors,
        settings=Settings(games=args.games, seed=args.seed, budget=args.budget, player=args.player,
                          shift=args.shift, fail_on_shift=threshold),
        games=sum(b["games"] for b in balance.values()) * 2,
        seconds=round(seconds, 1),
        rasteriser=tool,
        notes=notes,
        scenarios=scenarios,
        failed_on_shift=failing,
    )


def run_diff(args: argparse.Namespace) -> int:
    """Compare, play, draw, report; 1 only when --fail-on-shift is passed and exceeded, 2 on usage errors, 130 or
    143 on SIGINT or SIGTERM. A signal unwinds the run, so its temporary folders go and its pool workers are
    stopped (a SIGKILL leaves the folders, named after the process: the next run removes them)."""
    from admiralty.smoke.command import stop_on_signals
    from admiralty.smoke.executors import Stop

    try:
        with stop_on_signals():
            return _run_diff(args)
    except Stop as stopped:
        print(f"admiralty diff: interrupted by {stopped.name}", file=sys.stderr)
        return 128 + stopped.signum


def _run_diff(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("admiralty diff: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        with versions(args.base, args.head, git=args.git, repo=args.repo, paths=args.git_paths) as (before, after):
            comparison = compare(before, after)
            report = build_report(comparison, args)
    except SourceError as error:
        print(f"admiralty diff: {error}", file=sys.stderr)
        return 2
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(describe(error, out)) from error
    rendered = markdown(report)
    write_text(out / "diff.json", json.dumps(report, indent=2, sort_keys=True) + "\n")
    write_text(out / "diff.md", rendered)
    if args.summary:
        with open(args.summary, "a", encoding="utf-8") as summary:  # append to GITHUB_STEP_SUMMARY: not ours
            summary.write(rendered)
    if args.format == "json":
        sys.stdout.write(json.dumps(report, indent=2, sort_keys=True) + "\n")
    elif args.format == "markdown":
        sys.stdout.write(rendered)
    else:
        sys.stdout.write(text(report))
    return 1 if report["failed_on_shift"] else 0
