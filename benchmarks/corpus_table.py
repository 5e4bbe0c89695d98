"""The corpus table (issue 18): every bundled scenario with its rule system, map or table, size, turns, the
first side's win rate with its Wilson interval and the draw rate over N games of the scenario's balance player
(its first smoke player kind, on every side), whether that sits in the scenario's band, the time to validate the
scenario's file alone against its corpus, and the CPU time per game.

    python benchmarks/corpus_table.py [--games 200] [--jobs 2] [--only ID ...]

Seeds 0..N-1, as ``admiralty smoke --games N`` plays them. Validate time: the median of three in-process runs of
``validate([the scenario's file])`` (its map and catalogs found in the corpus), after one unmeasured run,
in CPU time (process time), as is the time per game.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from admiralty.contract import ScenarioModel  # noqa: E402
from admiralty.smoke.runner import play_smoke_game  # noqa: E402
from admiralty.smoke.stats import wilson_interval  # noqa: E402
from admiralty.validator.pipeline import validate  # noqa: E402


@dataclass(frozen=True)
class Row:
    scenario: str
    ruleset: str
    board: str
    size: str
    turns: str
    player: str
    games: int
    first_side: str
    wins: int
    draws: int
    failures: int
    band: tuple[float, float] | None
    validate_ms: float
    cpu_ms_per_game: float

    def cells(self) -> list[str]:
        low, high = wilson_interval(self.wins, self.games)
        rate = self.wins / self.games
        inside = "-" if self.band is None else ("yes" if self.band[0] <= rate <= self.band[1] else "**NO**")
        band = "-" if self.band is None else f"{self.band[0]:.2f}-{self.band[1]:.2f}"
        return [self.scenario, self.ruleset, self.board, self.size, self.turns,
                f"{self.first_side} {rate:.1%} [{low:.1%}-{high:.1%}]", f"{self.draws / self.games:.1%}", band,
                inside, f"{self.validate_ms:.0f}", f"{self.cpu_ms_per_game:.1f}", f"{self.player} x {self.games}"
                + (f", {self.failures} failed" if self.failures else "")]


def _board(scenario: ScenarioModel) -> str:
    for name in ("map", "table"):  # what the scenario is played on, whatever the rule system calls it
        board = getattr(scenario, name, None)
        if board is not None:
            return str(getattr(board, "id", board))
    return "-"


def _size(scenario: ScenarioModel) -> str:
    try:
        from admiralty.site.pages import renderers
    except ImportError:  # the site extra is not installed
        return "-"
    renderer = renderers().get(scenario.ruleset)
    return renderer.glance(scenario).words if renderer and renderer.glance else "-"


def measure(path: str, games: int) -> Row:
    def load() -> ScenarioModel:
        (found,) = validate([path]).scenarios
        return found

    scenario = load()
    spent = []
    for _ in range(3):
        started = time.process_time()  # CPU, not wall: a shared machine's load does not enter the figure
        load()
        spent.append(time.process_time() - started)
    player = scenario.smoke.players[0]
    first = scenario.side_names()[0][0]
    wins = draws = failures = 0
    started = time.process_time()
    for seed in range(games):
        outcome = play_smoke_game(scenario, seed, player)
        failures += outcome.failure is not None
        wins += outcome.winner == first
        draws += outcome.failure is None and outcome.winner is None
    cpu = (time.process_time() - started) / games
    turns = "-" if scenario.turns is None else str(scenario.turns)
    return Row(scenario.id, scenario.ruleset, _board(scenario), _size(scenario), turns, player, games, first, wins,
               draws, failures, scenario.smoke.balance, statistics.median(spent) * 1000, cpu * 1000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("corpus", nargs="?", default=str(ROOT / "scenarios"))
    args = parser.parse_args()
    found = validate([args.corpus])
    if found.report.diagnostics and any(d.severity == "error" for d in found.report.diagnostics):
        print("the corpus does not validate; run admiralty validate first", file=sys.stderr)
        return 1
    paths = sorted(str(s.source.file) for s in found.scenarios if not args.only or s.id in args.only)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(measure, paths, [args.games] * len(paths)))
    rows.sort(key=lambda row: (row.ruleset, row.board, row.scenario))
    head = ["scenario", "rule system", "map / table", "size", "turns", "first side wins [Wilson 95%]", "draws",
            "band", "in band", "validate CPU ms", "CPU ms/game", "games"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        print("| " + " | ".join(row.cells()) + " |")
    boards = {(row.ruleset, row.board) for row in rows}
    outside = [row.scenario for row in rows if row.cells()[8] == "**NO**"]
    print(f"\n{len(rows)} scenarios on {len(boards)} maps and tables; {sum(r.games for r in rows)} games in "
          f"{time.perf_counter() - started:.0f} s with {args.jobs} workers; outside their band: "
          f"{', '.join(outside) or 'none'}")
    return 1 if outside else 0


if __name__ == "__main__":
    raise SystemExit(main())
