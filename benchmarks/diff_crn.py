"""What common random numbers save in ``admiralty diff``: the variance of the measured win-rate shift when
both versions play the same seeds, against independent seeds.

A scenario is changed (by default szent-istvan-1918 with one battleship taken from a side) and the shift
of the first side's win rate is measured ``--replications`` times on disjoint blocks of ``--games``
seeds: once with the same seeds on both versions (common random numbers), once with the second version
on other seeds (independent). The spread of the estimates across replications is the variance each design
really has; the within-run estimate the report prints (paired vs independent variance of one pair) is
shown beside it.

    python benchmarks/diff_crn.py --games 50 --replications 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from admiralty.diff.balance import play_pairs
from admiralty.diff.stats import independent_variance, paired, paired_variance
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parent.parent
CHANGES = {
    "szent-istvan-1918": ("ships: [Conte di Cavour, Giulio Cesare, Andrea Doria, Caio Duilio]",
                          "ships: [Giulio Cesare, Andrea Doria, Caio Duilio]"),
    "otranto-1917": ("ships: [Budapest, Uskoke]", "ships: [Uskoke]"),
}


def versions(scenario_id: str, tmp: Path) -> tuple[object, object]:
    import shutil

    folder = tmp / "corpus"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(ROOT / "scenarios" / "dreadnought", folder)
    before = next(s for s in validate([str(folder)]).scenarios if s.id == scenario_id)
    path = folder / "scenarios" / f"{scenario_id}.yaml"
    old, new = CHANGES[scenario_id]
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    after = next(s for s in validate([str(folder)]).scenarios if s.id == scenario_id)
    return before, after


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", default="szent-istvan-1918", choices=sorted(CHANGES))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--replications", type=int, default=20)
    parser.add_argument("--player", default=None)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        before, after = versions(args.scenario, Path(tmp))
        side = before.side_names()[0][0]  # type: ignore[attr-defined]
        estimates: dict[str, list[float]] = {"same seeds": [], "independent seeds": []}
        within: dict[str, list[float]] = {"paired": [], "independent": []}
        started = time.perf_counter()
        games = 0
        for r in range(args.replications):
            seed = r * args.games
            for design, offset in (("same seeds", 0), ("independent seeds", 1_000_000)):
                played = play_pairs(before, after, games=args.games, player=args.player, seed=seed,  # type: ignore[arg-type]
                                    jobs=args.jobs, independent_offset=offset)
                games += len(played.before) + len(played.after)
                shift = paired([o.winner == side for o in played.before], [o.winner == side for o in played.after])
                estimates[design].append(shift.difference)
                if offset == 0:
                    within["paired"].append(paired_variance(shift))
                    within["independent"].append(independent_variance(shift))
        seconds = time.perf_counter() - started
    same, independent = (statistics.variance(estimates[d]) for d in ("same seeds", "independent seeds"))
    print(f"scenario {args.scenario}, change: {CHANGES[args.scenario][0]} -> {CHANGES[args.scenario][1]}")
    print(f"side {side}; {args.replications} replications of {args.games} games per version; {games} games in "
          f"{seconds:.0f} s")
    for design, values in estimates.items():
        print(f"  {design:18s} mean shift {statistics.fmean(values):+.4f}, variance of the estimate "
              f"{statistics.variance(values):.6f}")
    saved = 1 - same / independent if independent else float("nan")
    print(f"variance saved by common random numbers (measured across replications): {saved:.1%}; "
          f"games for equal precision: {same / independent if independent else float('nan'):.2f}x")
    paired_mean, independent_mean = statistics.fmean(within["paired"]), statistics.fmean(within["independent"])
    print(f"within-run estimate (what the report prints): paired variance {paired_mean:.4f} vs independent "
          f"{independent_mean:.4f} per pair, saved {1 - paired_mean / independent_mean:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
