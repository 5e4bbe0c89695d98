"""Benchmark: smoke games of the reference scenario on 1 and 2 workers, and a 10,000-game sweep.

Prints games per second for 2,000 games with 1 and with 2 worker processes, the scaling ratio (target at
least 1.8x on this 2-core machine), and the wall time of a 10,000-game sweep with 2 workers (target under
two minutes). Run: ``python benchmarks/smoke.py [SCENARIO_ID]`` (default otranto-1917).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from admiralty.engine.smoke.runner import Limits
from admiralty.engine.smoke.sweep import SmokeSettings, run
from admiralty.validator.pipeline import validate


def sweep(scenario: object, games: int, jobs: int) -> float:
    with tempfile.TemporaryDirectory() as out:
        settings = SmokeSettings(games=games, jobs=jobs, out_dir=out, players=("random",), check_every=0,
                                 limits=Limits(seconds=60))
        started = time.perf_counter()
        stats = run([scenario], settings)
        elapsed = time.perf_counter() - started
    failures = sum(sum(s["failures"].values()) for s in stats.values())
    if failures:
        print(f"  note: {failures} failed games")
    return elapsed


def main() -> None:
    wanted = sys.argv[1] if len(sys.argv) > 1 else "otranto-1917"
    scenario = next(s for s in validate(["scenarios"]).scenarios if s.id == wanted)
    one = sweep(scenario, 2000, 1)
    two = sweep(scenario, 2000, 2)
    print(f"{wanted}: 2,000 games, 1 worker  {one:6.1f}s  {2000 / one:7.0f} games/s")
    print(f"{wanted}: 2,000 games, 2 workers {two:6.1f}s  {2000 / two:7.0f} games/s")
    print(f"scaling 1 -> 2 workers: {one / two:.2f}x (target >= 1.8x)")
    big = sweep(scenario, 10_000, 2)
    print(f"{wanted}: 10,000-game sweep on 2 workers: {big:.1f}s (target < 120 s)")


if __name__ == "__main__":
    main()
