"""How few games any sequential balance test can expect to need: the oracle behind issue 39's "a third" target.

The sequential sweep (``admiralty.smoke.sequential``) stops a scenario once its balance verdict is decided at the
stated confidence. No valid test can stop much sooner than the one that is *told* the true rate: for each band
edge, Wald's sequential probability ratio test of the true rate against that edge, each at level alpha (the true
rate lies beyond at most one edge, so the verdict's error stays at most alpha). By the Wald-Wolfowitz theorem that
test has the least expected number of games of all tests with its error rates, so its mean, simulated here with
the sweep's own floor, looks after every game and budget, is a lower bound for what a real test, which does not
know the rate, can expect.

For each scenario of a fixed sweep's statistics folder (the rate measured over all its balance games stands in
for the true rate) this prints that mean and the sum over the corpus, floors of the other player kinds included,
against a third of the fixed sweep's games.
Run: ``python benchmarks/sequential_bound.py FOLDER`` (a ``admiralty smoke --fixed --no-cache`` output folder).
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from admiralty.smoke.sequential import CONFIDENCE, FLOOR
from admiralty.smoke.summary import SmokeStats

RUNS = 4000  # simulated sweeps per scenario: the mean's standard error is under 1% of it


def oracle_games(rate: float, band: tuple[float, float], budget: int, *, floor: int = FLOOR,
                 confidence: float = CONFIDENCE, runs: int = RUNS, seed: int = 0) -> float:
    """The mean games a test told ``rate`` plays before its verdict (or its ``budget``): one SPRT per band edge
    strictly inside (0, 1), stopping once every edge is excluded at ``1 - confidence``, never before ``floor``."""
    rate = min(max(rate, 1e-4), 1 - 1e-4)
    edges = [edge for edge in band if 0.0 < edge < 1.0 and edge != rate]
    steps = [(math.log(rate / edge), math.log((1 - rate) / (1 - edge))) for edge in edges]
    threshold = math.log(1 / (1 - confidence))
    rng = random.Random(seed)
    total = 0
    for _ in range(runs):
        evidence = [0.0] * len(steps)
        games = 0
        while games < budget:
            games += 1
            won = rng.random() < rate
            for index, (on_win, on_loss) in enumerate(steps):
                evidence[index] += on_win if won else on_loss
            if games >= floor and all(value >= threshold for value in evidence):
                break
        total += games
    return total / runs


def corpus_bound(folder: Path) -> tuple[list[tuple[str, int, float]], float, int]:
    """Per scenario (id, budget, oracle mean balance games), the corpus's oracle total with every other player
    kind's floor, and the fixed sweep's games."""
    rows: list[tuple[str, int, float]] = []
    total = 0.0
    fixed = 0
    for path in sorted(folder.glob("*.json")):
        stats = SmokeStats.load(path)
        if stats is None:
            continue
        fixed += stats.games
        budget = stats.balance_games or 0
        kinds = max(1, len(stats.games_per_player))
        if stats.expected is None or stats.observed is None or not budget:
            total += min(FLOOR, budget or FLOOR) * kinds
            continue
        mean = oracle_games(stats.observed, stats.expected, budget)
        rows.append((stats.scenario, budget, mean))
        total += mean + min(FLOOR, budget) * (kinds - 1)
    return rows, total, fixed


def print_bound(folder: Path, sequential_games: int | None = None) -> float:
    """Print the oracle's games per scenario and in all; returns its share of the fixed sweep's games."""
    rows, total, fixed = corpus_bound(folder)
    print(f"a test told each scenario's rate (one SPRT per band edge at {CONFIDENCE:.0%}, the least expected games "
          f"of any test; rates from the fixed sweep):")
    for scenario, budget, mean in rows:
        print(f"       {scenario:<24} {mean:6.1f} of {budget} balance games")
    share = total / fixed if fixed else 0.0
    against = f"; the sequential sweep: {sequential_games} ({sequential_games / total:.2f}x the oracle)" \
        if sequential_games else ""
    print(f"       oracle total {total:.0f} games with the other player kinds' floors, {share:.2f}x of the fixed "
          f"sweep's {fixed} (a third: {fixed / 3:.0f}){against}")
    return share


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    print_bound(Path(sys.argv[1]))
