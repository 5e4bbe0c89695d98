"""Benchmark: CPU milliseconds per dreadnought game with scripted players, battles resolved as the game's default.

The generated 24-turn scenario (a 300-zone map, four fleets a side on crossing courses) has contacts and
battles as the corpus's scenarios do; its battles per game are printed beside theirs.

**Cold** first: a whole process that validates the scenario and plays N games of it, against a whole
process that validates it and plays none, in turn (>= 5 pairs); the played process also reports, from
inside, the CPU milliseconds per game over its first N games (imports and tables loaded on the way
included) and the share spent in battles. Target (judged on the cold median): under 10 ms of operational
play (battles excluded) per 24-turn game. **Warm** second: a 24-turn game against a game of the reference
scenario (``otranto-1917``), in turn in this process, and the per-scenario table of the corpus.
Run: ``python benchmarks/engine_generated.py [GAMES]`` (``benchmarks/engine.py`` compares this checkout with an
earlier commit on the corpus).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from corpus_gen import grid_shape, write_catalogs, write_map, write_scenarios
from pairs import PYTHON, cold, report, warm

import admiralty.rulesets.dreadnought.engine.game as game_module
from admiralty.engine.replay import play
from admiralty.rulesets.dreadnought.engine.battle import RESOLVERS
from admiralty.validator.pipeline import validate

TARGET_MS = 10.0


class TimedResolver:
    """Wraps the default resolver and adds up the time spent in battles."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "battle")
        self.seconds = 0.0

    def resolve(self, battle: Any, rng: random.Random) -> Any:
        started = time.process_time()
        try:
            return self.inner.resolve(battle, rng)
        finally:
            self.seconds += time.process_time() - started


def play_timed(scenario: Any, seed: int) -> tuple[float, float, int]:
    """(CPU seconds of the whole game, of its battles, battles fought)."""
    timer = TimedResolver(RESOLVERS["tactical"])  # the game's default battle resolver
    sides = {side.id: "scripted" for side in scenario.sides}
    started = time.process_time()
    played = play(game_module, scenario, seed, sides, {"battle": timer})
    elapsed = time.process_time() - started
    return elapsed, timer.seconds, sum(1 for e in played.events if e.get("type") == "battle")


def measure(scenario: Any, games: int) -> tuple[float, float, float]:
    runs = [play_timed(scenario, seed) for seed in range(games)]
    return (statistics.median(r[0] * 1000 for r in runs), statistics.median((r[0] - r[1]) * 1000 for r in runs),
            sum(r[2] for r in runs) / games)


def generated_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="admiralty-bench-"))
    write_map(folder, 300, islands=4, ports=8)
    write_catalogs(folder)
    rows, columns = grid_shape(300)
    write_scenarios(folder, 1, rows, columns, turns=24, meet=True)
    return folder


def child(folder: str, games: int, out: str) -> None:
    """The cold process: validate, then play ``games`` games; append its own figures to ``out``."""
    [scenario] = validate([folder]).scenarios
    whole = battles = 0.0
    for seed in range(games):
        total, in_battle, _ = play_timed(scenario, seed)
        whole, battles = whole + total, battles + in_battle
    if games:
        with open(out, "a", encoding="utf-8") as handle:
            handle.write(json.dumps([whole / games * 1000, (whole - battles) / games * 1000]) + "\n")


def cold_figures(folder: Path, games: int) -> bool:
    out = folder / "cold.jsonl"
    script = str(Path(__file__).resolve())
    paired = cold(f"{games} games of the 24-turn scenario vs none (validate only)",
                  [PYTHON, script, "--child", str(folder), str(games), str(out)],
                  [PYTHON, script, "--child", str(folder), "0", str(out)])
    report("cold", paired, f"validate + {games} games", "validate only")
    per_game = [(a - b) / games * 1000 for a, b in zip(paired.a_cpu, paired.b_cpu, strict=True)]
    inside = [json.loads(line) for line in out.read_text().splitlines()][1:]  # the warm-up pair's first
    operational = [row[1] for row in inside]
    met = statistics.median(operational) < TARGET_MS
    print(f"       per game from outside (cpu A - B) / {games}: median {statistics.median(per_game):.2f} ms "
          f"(min {min(per_game):.2f}, max {max(per_game):.2f})")
    print(f"       per game from inside, first {games} games of a fresh process: whole median "
          f"{statistics.median(r[0] for r in inside):.2f} ms; operational (battles excluded) median "
          f"{statistics.median(operational):.2f} ms (min {min(operational):.2f}, max {max(operational):.2f})"
          f"  target < {TARGET_MS:g} ms: {'met' if met else 'MISSED'}", flush=True)
    return met


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], int(sys.argv[3]), sys.argv[4])
        return 0
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    folder = generated_folder()
    ok = cold_figures(folder, games)
    [generated] = validate([str(folder)]).scenarios
    scenarios = [s for s in validate(["scenarios"]).scenarios if s.ruleset == "dreadnought"]
    reference = next(s for s in scenarios if s.id == "otranto-1917")
    seeds = iter(range(10**6))
    paired = warm("one 24-turn game vs one otranto-1917 game (20 each a pair)",
                  lambda: [play_timed(generated, next(seeds)) for _ in range(20)],
                  lambda: [play_timed(reference, next(seeds)) for _ in range(20)])
    report("warm", paired, "20 generated 24-turn games", "20 otranto-1917 games")
    print(f"\nWARM {'scenario':<24} {'turns':>5} {'fleets':>6} {'cpu ms':>8} {'w/o battles':>12} {'battles/game':>13}")
    for scenario in [*scenarios, generated]:
        whole, operational, battles = measure(scenario, games)
        print(f"     {scenario.id:<24} {scenario.turns:>5} {len(scenario.fleets()):>6} {whole:8.2f} "
              f"{operational:12.2f} {battles:13.2f}", flush=True)
    print(f"target: a 24-turn scenario under {TARGET_MS:g} ms of operational play (battles excluded), cold")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
