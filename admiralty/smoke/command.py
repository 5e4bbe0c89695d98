"""``admiralty smoke``: play the scenarios many times, report failures and balance."""

from __future__ import annotations

import argparse
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING

from admiralty.atomic import OutputError, output_lock
from admiralty.engine.protocols import ScenarioModel
from admiralty.smoke.executors import ExecutorError, RunInterrupted, Stop
from admiralty.smoke.runner import Limits, Outcome
from admiralty.smoke.summary import SmokeStats
from admiralty.smoke.sweep import SmokeSettings, run

if TYPE_CHECKING:
    from rich.progress import Progress


def _interactive() -> bool:
    return sys.stdout.isatty() and not os.environ.get("CI")


class _Progress:
    """Scenarios done, games per second and failures so far: a rich bar on a terminal, plain lines otherwise."""

    def __init__(self, total: int) -> None:
        self.total, self.done, self.failed = total, 0, 0
        self.by_scenario: dict[str, int] = {}  # games played (not taken from the cache) per scenario
        self.started = time.perf_counter()
        self.last_line = -math.inf  # the first finished chunk is always reported
        self.bar: Progress | None = None
        if _interactive():
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self.bar = Progress(
                TextColumn("smoke"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[rate]}"),
                TextColumn("{task.fields[failed]}"),
                TimeElapsedColumn(),
            )
            self.task = self.bar.add_task("games", total=total, rate="", failed="")
            self.bar.start()

    def __call__(self, outcomes: list[Outcome]) -> None:
        self.done += len(outcomes)
        for outcome in outcomes:
            self.by_scenario[outcome.scenario] = self.by_scenario.get(outcome.scenario, 0) + 1
        self.failed += sum(1 for o in outcomes if o.failure)
        rate = self.done / max(1e-9, time.perf_counter() - self.started)
        if self.bar is not None:
            self.bar.update(self.task, completed=self.done, rate=f"{rate:.0f} games/s", failed=f"{self.failed} failed")
        elif time.perf_counter() - self.last_line > 5 or self.done == self.total:
            self.last_line = time.perf_counter()
            print(f"smoke: {self.done}/{self.total} games, {rate:.0f} games/s, {self.failed} failed", flush=True)

    def stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def run_smoke(args: argparse.Namespace, scenarios: list[ScenarioModel] | None = None) -> int:
    """Validate the paths, smoke the scenarios, print a summary; 1 on any failure (or out-of-band balance
    with --strict)."""
    only = set(getattr(args, "only", None) or ())
    chosen = _scenarios(args, only) if scenarios is None else (scenarios, sorted(str(s.id) for s in scenarios))
    if isinstance(chosen, int):
        return chosen
    scenarios, known = chosen
    if only:
        scenarios = [s for s in scenarios if s.id in only]
        missing = sorted(only - {str(s.id) for s in scenarios})
        if missing:
            ids = ("the id " if len(missing) == 1 else "the ids ") + ", ".join(map(repr, missing))
            print(f"admiralty smoke: no scenario with {ids} under {' '.join(args.paths)}; the scenario ids "
                  f"there: {', '.join(known) or 'none'}", file=sys.stderr)
            return 2
    return _smoke(args, scenarios)


def _scenarios(args: argparse.Namespace, only: set[str]) -> tuple[list[ScenarioModel], list[str]] | int:
    """The valid scenarios under ``args.paths`` and every scenario id there, or 1 when the documents have errors."""
    from admiralty.validator.pipeline import validate, validate_scenarios
    from admiralty.validator.report import render

    # with --only, the other documents are only the chosen scenarios' context: built as far as they need
    result = validate_scenarios(args.paths, only) if only else validate(args.paths)
    if result.report.exit_code():
        sys.stdout.write(render(result.report, "text"))
        print("smoke: the documents have errors; fix them first")
        return 1
    return list(result.scenarios), sorted({str(item.id) for item in result.loaded if item.kind == "scenario"})


def _smoke(args: argparse.Namespace, scenarios: list[ScenarioModel]) -> int:
    """Play the scenarios' games with a progress bar; the summary, or why the run could not end."""
    settings = _settings(args)
    games_per = {
        s.id: (args.games if args.games is not None else s.smoke.games) * len(s.smoke.players) for s in scenarios
    }
    progress = _Progress(sum(games_per.values()))
    started = time.perf_counter()
    try:
        with output_lock(settings.out_dir, "admiralty smoke"), stop_on_signals():
            stats = run(scenarios, settings, progress)
    except RunInterrupted as stopped:  # an ExecutorError too: this one kept the games finished
        progress.stop()
        _report_interrupted(stopped, settings.out_dir)
        return 128 + stopped.signum if stopped.signum else 2
    except (OutputError, ExecutorError) as error:
        progress.stop()
        print(f"admiralty smoke: {error}", file=sys.stderr)
        return 2
    progress.stop()
    return _print_summary(stats, settings.out_dir, time.perf_counter() - started, strict=args.strict,
                          played=progress.by_scenario)


def _settings(args: argparse.Namespace) -> SmokeSettings:
    return SmokeSettings(
        games=args.games,
        seed=args.seed,
        jobs=args.jobs or (os.cpu_count() or 1),
        executor=args.executor,
        out_dir=args.out,
        limits=Limits(seconds=args.timeout),
        stall_timeout=max(0.0, float(getattr(args, "stall_timeout", 120.0) or 0.0)),
        fail_fast=bool(getattr(args, "fail_fast", False)),
        sequential=not getattr(args, "fixed", False),
        cache=not getattr(args, "no_cache", False),
    )


def _print_summary(stats: dict[str, SmokeStats], out_dir: str, elapsed: float, *, strict: bool,
                   played: dict[str, int] | None = None) -> int:
    """One line per scenario (failures, an out-of-band balance, when a sequential sweep decided it), the first
    failed games with how to replay them, and the totals: games in the statistics, how many of them were played
    (the others came from the cache), against a fixed sweep's; 1 on a failure, or on an out-of-band balance when
    ``strict``."""
    code = 0
    for scenario_id, summary in sorted(stats.items()):
        line = f"{scenario_id}: {_games_line(summary)}"
        if played is not None and played.get(scenario_id, 0) != summary.games:
            line += f" ({played.get(scenario_id, 0)} played, the others from the cache)"
        if summary.failures:
            code = 1
            line += f"; FAILURES {dict(summary.failures)}"
        if summary.in_band is False:
            line += _out_of_band(summary, strict)
            code = 1 if strict else code
        print(line + _decided(summary))
        for failed in summary.failed_games[:5]:
            print(f"    {failed.kind} seed {failed.seed} ({failed.player}): {failed.message}")
            if failed.replay:
                print(f"    reproduce: admiralty replay {failed.replay}")
    total = sum(s.games for s in stats.values())
    games_played = total if played is None else sum(played.values())
    fixed = sum(s.sequential.fixed_games if s.sequential else s.games for s in stats.values())
    print(
        f"smoke: {total} games ({games_played} played, {total - games_played} from the cache; a fixed sweep: "
        f"{fixed}) in {elapsed:.1f}s ({games_played / max(elapsed, 1e-9):.0f} games/s played), statistics in "
        f"{out_dir}/"
    )
    return code


def _out_of_band(summary: SmokeStats, strict: bool) -> str:
    """``; warning: france wins 41.5% of the heuristic games, outside the expected 42.0%-72.0%``."""
    balance = summary.balance_check
    if balance is None or balance.observed is None or balance.expected is None:
        return ""
    observed, low, high = percents_apart(balance.observed, *balance.expected)
    word = "ERROR" if strict else "warning"
    return (f"; {word}: {balance.side or 'the first side'} wins {observed} of the "
            f"{balance.player} games, outside the expected {low}-{high}")


def percents_apart(value: float, *bounds: float) -> list[str]:
    """``value`` and ``bounds`` as percentages with the fewest decimals (up to three) at which the value's text
    differs from every bound it does not equal: 41.5% against a 42% bound reads "41.5% ... 42.0%", never
    "42% ... 42%", so an out-of-band rate never looks like its bound."""
    texts: list[str] = []
    for digits in range(4):
        texts = [f"{x:.{digits}%}" for x in (value, *bounds)]
        if all(text != texts[0] for text, bound in zip(texts[1:], bounds, strict=True) if bound != value):
            break
    return texts


def _decided(summary: SmokeStats) -> str:
    """How many balance games a sequential sweep's verdict needed, or that the budget ran out first."""
    sequential = summary.sequential
    if not sequential or summary.expected is None:
        return ""
    games, verdict = sequential.balance_games, sequential.verdict
    if verdict is None:
        return f"; verdict undecided at {sequential.confidence:.0%} after all {games} games: judged as a fixed sweep"
    return (f"; decided {verdict} the band after {games} {summary.balance_player} games "
            f"(of {sequential.budget}), {sequential.confidence:.0%} confidence sequence")


def _games_line(summary: SmokeStats) -> str:
    """How many games per player kind, then each side's win rate (with its Wilson 95% interval) over all of
    them, the draws, and the balance figure: which side, over which player kind's games."""
    kinds = ", ".join(f"{count} {kind}" for kind, count in summary.games_per_player)
    rates = ", ".join(f"{s.side} wins {s.rate:.0%} [{s.wilson95[0]:.0%}-{s.wilson95[1]:.0%}]" for s in summary.sides)
    text = f"{summary.games} games ({kinds or 'none'}); over all of them: {rates}, draws {summary.draws}"
    balance = summary.balance_check
    if balance and balance.side and balance.games and balance.observed is not None:
        text += (f"; balance: {balance.side} wins {balance.observed:.0%} of the {balance.games} "
                 f"{balance.player} games")
    return text


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Stop` (once) in the sweep, which stops its workers and keeps the finished
    games as partial statistics; the command then exits 130 or 143."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    raised = False

    def handler(signum: int, frame: FrameType | None) -> None:
        nonlocal raised
        if not raised:
            raised = True
            raise Stop(signum)

    previous = {number: signal.signal(number, handler) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, old in previous.items():
            signal.signal(number, old)


def _report_interrupted(stopped: RunInterrupted, out_dir: str) -> None:
    """One clear account on stderr: why the run ended, and where the games it did finish are kept."""
    kept = len(stopped.outcomes)
    where = (stopped.partial_files[0] if len(stopped.partial_files) == 1
             else f"{out_dir}/<scenario>.partial.json ({len(stopped.partial_files)} files)")
    print(f"admiralty smoke: the run ended early: {stopped.reason}", file=sys.stderr)
    print(f"admiralty smoke: kept the {kept} game{'s' if kept != 1 else ''} finished before that; partial "
          f"statistics in {where} (marked \"partial\": true; the complete-run files were not touched)",
          file=sys.stderr)
