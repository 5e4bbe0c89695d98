"""Benchmark: one tactical battle of ten ships against ten by day, resolved many times.

Each side has four battleships, two cruisers and four destroyers in two fleets. Prints the median, 90th
percentile and worst milliseconds per battle over 300 seeded battles with heuristic battle players (target:
median under 20 ms), the mean number of gunnery steps fought, and the same figures with random players.
Run: ``python benchmarks/battle.py [BATTLES]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from admiralty.engine.rulesets.dreadnought.battle import Battle, Combatant
from admiralty.engine.rulesets.dreadnought.model import ShipClass
from admiralty.engine.rulesets.dreadnought.tables import base_tables
from admiralty.engine.rulesets.dreadnought.tactical.resolver import TacticalBattle

CLASSES = {
    "BB": ShipClass("dreadnought", "Dreadnought", "BB", "1", 12, "coal", 6, 40, primary=8, secondary=4, tertiary=2,
                    torpedo=1),
    "CA": ShipClass("cruiser", "Cruiser", "CA", "1+", 8, "coal", 6, 16, primary=2, secondary=4, tertiary=2, torpedo=1),
    "DD": ShipClass("destroyer", "Destroyer", "DD", "2+", 1, "oil", 3, 2, tertiary=1, torpedo=2, armoured=False),
}
ORDER = ("BB", "BB", "BB", "BB", "CA", "CA", "DD", "DD", "DD", "DD")


def force(side: str) -> tuple[Combatant, ...]:
    return tuple(Combatant(f"{side}-{i}", side, f"{side}-{'main' if i < 6 else 'flotilla'}", CLASSES[kind],
                           CLASSES[kind].hull, CLASSES[kind].speed) for i, kind in enumerate(ORDER))


def measure(players: str, battles: int) -> tuple[list[float], list[int]]:
    battle = Battle("T10", 1, False, "calm", ("red", "blue"), {"red": force("red"), "blue": force("blue")},
                    base_tables())
    resolver = TacticalBattle(players)
    times: list[float] = []
    steps: list[int] = []
    for seed in range(battles):
        started = time.perf_counter()
        outcome = resolver.resolve(battle, random.Random(seed))
        times.append((time.perf_counter() - started) * 1000)
        steps.append(outcome.steps)
    return times, steps


def main() -> None:
    battles = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for players in ("heuristic", "random"):
        times, steps = measure(players, battles)
        ordered = sorted(times)
        print(f"10 v 10 by day, {players} players, {battles} battles: median {statistics.median(times):.2f} ms, "
              f"p90 {ordered[int(0.9 * (len(ordered) - 1))]:.2f} ms, worst {ordered[-1]:.2f} ms, "
              f"{statistics.mean(steps):.1f} gunnery steps on average")
    print("target: median under 20 ms (heuristic players)")


if __name__ == "__main__":
    main()
