"""Benchmark: the corpus's scale test (issue 18), Jutland with both fleets as the catalogs allow.

Prints four figures:

* **validate**: ``admiralty validate scenarios`` as a whole process (wall ms, median of 3), and
  ``pipeline.validate`` of the corpus in this process (CPU ms, median of 3);
* **CPU ms per game**: Jutland played by the scripted and by the random players with the smoke runner's
  invariant checks, seeds 0..N-1 (mean, median, worst);
* **smoke games per second**: ``sweep.run`` of Jutland with the CLI's defaults (both player kinds, replay
  checks on) on 2 workers, wall clock;
* **largest battle**: the resolution time (CPU ms) of the battle with the most ships among the scripted
  games, with its ship count, and the mean over all its battles.

CPU time, not wall time, wherever one process is measured: on a shared machine the wall clock measures the
neighbours. Run: ``python benchmarks/jutland_scale.py [GAMES]`` (default 20 per player kind).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from admiralty.rulesets.dreadnought.engine.battle_types import Battle, BattleOutcome
from admiralty.rulesets.dreadnought.engine.tactical.resolver import TacticalBattle
from admiralty.smoke.runner import Limits, play_smoke_game
from admiralty.smoke.sweep import SmokeSettings, run
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = "jutland-1916"
LIMITS = Limits(seconds=600.0)


def median_of(times: int, measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(times))


def validate_process_ms() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "admiralty", "validate", "scenarios"], cwd=ROOT, check=False,
                   capture_output=True)
    return (time.perf_counter() - started) * 1000


def validate_in_process_ms() -> float:
    started = time.process_time()
    validate([str(ROOT / "scenarios")])
    return (time.process_time() - started) * 1000


class BattleClock:
    """Wraps the tactical resolver's ``resolve`` to record (ships, CPU ms) for every battle fought."""

    def __init__(self) -> None:
        self.battles: list[tuple[int, float]] = []
        self._original: Callable[..., BattleOutcome] = TacticalBattle.resolve

    def __enter__(self) -> BattleClock:
        original = self._original
        battles = self.battles

        def timed(resolver: TacticalBattle, battle: Battle, rng: Any) -> BattleOutcome:
            started = time.process_time()
            outcome = original(resolver, battle, rng)
            battles.append((sum(len(force) for force in battle.forces.values()),
                            (time.process_time() - started) * 1000))
            return outcome

        TacticalBattle.resolve = timed  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        TacticalBattle.resolve = self._original  # type: ignore[method-assign]


def game_cpu_ms(scenario: Any, player: str, games: int) -> list[float]:
    times: list[float] = []
    for seed in range(games):
        started = time.process_time()
        outcome = play_smoke_game(scenario, seed, player, limits=LIMITS)
        times.append((time.process_time() - started) * 1000)
        if outcome.failure is not None:
            print(f"  seed {seed} ({player}) failed: {outcome.failure} {outcome.message[:200]}")
    return times


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    corpus = validate([str(ROOT / "scenarios")])
    scenario = next(s for s in corpus.scenarios if s.id == SCENARIO)
    sides = {side.id: sum(len(fleet.ships) for fleet in side.fleets) for side in scenario.sides}
    print(f"{SCENARIO}: {sides} ships, {scenario.turns} turns; corpus of {len(corpus.scenarios)} scenarios")

    print(f"validate, whole process (admiralty validate scenarios): {median_of(3, validate_process_ms):.0f} ms wall"
          " (median of 3)")
    print(f"validate, in process (pipeline.validate): {median_of(3, validate_in_process_ms):.0f} ms CPU (median of 3)")

    with BattleClock() as clock:
        scripted = game_cpu_ms(scenario, "scripted", games)
    random_times = game_cpu_ms(scenario, "random", games)
    for name, times in (("scripted", scripted), ("random", random_times)):
        print(f"CPU ms per game, {name} players, {games} games: mean {statistics.fmean(times):.0f}, "
              f"median {statistics.median(times):.0f}, worst {max(times):.0f}")

    ships = max(n for n, _ in clock.battles)
    largest = [ms for n, ms in clock.battles if n == ships]
    every = [ms for _, ms in clock.battles]
    print(f"battles in the scripted games: {len(every)}, mean {statistics.fmean(every):.1f} ms CPU; largest: "
          f"{ships} ships, {statistics.median(largest):.1f} ms CPU (median of {len(largest)}); "
          f"worst of all battles {max(every):.1f} ms")

    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        run([scenario], SmokeSettings(games=games, jobs=2, out_dir=out))
        wall = time.perf_counter() - started
    total = games * len(scenario.smoke.players)
    print(f"smoke sweep (CLI defaults, {total} games, 2 workers): {wall:.1f} s wall, "
          f"{total / wall:.2f} games per second")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
