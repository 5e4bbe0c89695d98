"""Benchmark: milliseconds per game of each dreadnought corpus scenario with scripted players.

For each scenario, plays many seeds with scripted players and prints the median CPU milliseconds per whole
game (CPU time of this process: steady on a busy machine, where wall time is not), and the median with
battles excluded (time spent inside the battle resolver is measured by wrapping
it, and subtracted). Also plays a generated 24-turn scenario: target under 10 ms of operational play.
Run: ``python benchmarks/engine.py [GAMES]``.
"""

from __future__ import annotations

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

import admiralty.engine.rulesets.dreadnought.game as game_module
from admiralty.engine.replay import play
from admiralty.engine.rulesets.dreadnought.battle import RESOLVERS
from admiralty.validator.pipeline import validate


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


def measure(scenario: Any, games: int) -> tuple[float, float, int]:
    default = "tactical"  # the game's default battle resolver
    whole, operational = [], []
    battles = 0
    for seed in range(games):
        timer = TimedResolver(RESOLVERS[default] if isinstance(default, str) else default)
        sides = {side.id: "scripted" for side in scenario.sides}
        started = time.process_time()
        played = play(game_module, scenario, seed, sides, {"battle": timer})
        elapsed = time.process_time() - started
        whole.append(elapsed * 1000)
        operational.append((elapsed - timer.seconds) * 1000)
        battles += sum(1 for e in played.events if e.get("type") == "battle")
    return statistics.median(whole), statistics.median(operational), battles


def generated_24_turn_scenario() -> Any:
    folder = Path(tempfile.mkdtemp(prefix="admiralty-bench-"))
    write_map(folder, 300, islands=4, ports=8)
    write_catalogs(folder)
    rows, columns = grid_shape(300)
    write_scenarios(folder, 1, rows, columns, turns=24)
    [scenario] = validate([str(folder)]).scenarios
    return scenario


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    scenarios = [s for s in validate(["scenarios"]).scenarios if s.ruleset == "dreadnought"]
    scenarios.append(generated_24_turn_scenario())
    print(f"{'scenario':<24} {'turns':>5} {'fleets':>6} {'cpu ms':>8} {'w/o battles':>12} {'battles/game':>13}")
    for scenario in scenarios:
        whole, operational, battles = measure(scenario, games)
        print(f"{scenario.id:<24} {scenario.turns:>5} {len(scenario.fleets()):>6} {whole:8.2f} {operational:12.2f} "
              f"{battles / games:13.2f}")
    print("target: a 24-turn scenario under 10 ms of operational play (battles excluded)")


if __name__ == "__main__":
    main()
