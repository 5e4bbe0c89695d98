"""Benchmark: one tactical battle of ten ships against ten by day, resolved many times.

Each side has four battleships, two cruisers and four destroyers in two fleets.

**Cold** first: a whole process that resolves N battles with heuristic battle players against a whole
process that imports the same and resolves none, in turn (>= 5 pairs); milliseconds per battle from
outside, (CPU of A - CPU of B) / N, pair by pair (target: median under 20 ms). **Warm** second: N battles
with heuristic players against N with random players in turn in this process, then the median, 90th
percentile and worst milliseconds per battle over N seeded battles and the mean gunnery steps fought.
Run: ``python benchmarks/battle.py [BATTLES]`` (default 300; exit code 1 when the cold target is missed).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairs import PYTHON, cold, report, warm

from admiralty.rulesets.dreadnought.engine.battle import Battle, Combatant
from admiralty.rulesets.dreadnought.engine.house import load_house
from admiralty.rulesets.dreadnought.engine.model import ShipClass
from admiralty.rulesets.dreadnought.engine.tactical.resolver import TacticalBattle

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
                    load_house().battle)
    resolver = TacticalBattle(players)
    times: list[float] = []
    steps: list[int] = []
    for seed in range(battles):
        started = time.process_time()  # CPU time: on a shared machine the wall clock measures the neighbours
        outcome = resolver.resolve(battle, random.Random(seed))
        times.append((time.process_time() - started) * 1000)
        steps.append(outcome.steps)
    return times, steps


TARGET_MS = 20.0


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        measure("heuristic", int(sys.argv[2]))
        return 0
    battles = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    script = str(Path(__file__).resolve())
    paired = cold(f"{battles} battles (heuristic players) vs none", [PYTHON, script, "--child", str(battles)],
                  [PYTHON, script, "--child", "0"])
    report("cold", paired, f"import + {battles} battles", "import only")
    per = [(a - b) / battles * 1000 for a, b in zip(paired.a_cpu, paired.b_cpu, strict=True)]
    met = statistics.median(per) < TARGET_MS
    print(f"       per battle from outside (cpu A - B) / {battles}: median {statistics.median(per):.2f} ms "
          f"(min {min(per):.2f}, max {max(per):.2f})  target < {TARGET_MS:g} ms: {'met' if met else 'MISSED'}")
    few = max(1, battles // 10)
    report("warm", warm(f"{few} battles, heuristic vs random players", lambda: measure("heuristic", few),
                        lambda: measure("random", few)), "heuristic players", "random players")
    for players in ("heuristic", "random"):
        times, steps = measure(players, battles)
        ordered = sorted(times)
        print(f"WARM 10 v 10 by day, {players} players, {battles} battles: median {statistics.median(times):.2f} ms, "
              f"p90 {ordered[int(0.9 * (len(ordered) - 1))]:.2f} ms, worst {ordered[-1]:.2f} ms, "
              f"{statistics.mean(steps):.1f} gunnery steps on average")
    print(f"target: median under {TARGET_MS:g} ms (heuristic players), cold")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
