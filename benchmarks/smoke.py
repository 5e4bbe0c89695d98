"""Benchmark: ``admiralty smoke`` with the CLI's defaults (replay checks on, both player kinds of the scenario).

Cold figures first, whole processes as a user or CI runs them, in turn (>= 5 pairs):

* 2,000 games (1,000 per player kind) of the reference scenario on 2 workers against the same on 1 worker:
  the ratio's inverse is the scaling (target >= 1.8x);
* a 10,000-game sweep (5,000 per player kind) on 2 workers against the 2,000-game run on 2 workers (linear
  work gives 5x); its wall seconds are judged (issue 39: under 30 s pure Python, under 20 s compiled).

Every sweep plays all its games (``--fixed --no-cache`` where the CLI has them, issue 39): a sequential sweep
would stop once the verdict is decided, and a pair after the first would take its games from the cache.

With ``--base REV`` (issue 39), the 10,000-game sweep on 2 workers of this checkout against a ``git worktree`` of
``REV`` (``a1a123e``: before issue 39's engine work), in turn ``--sweep-pairs`` times (default 1: each run is
about a minute): wall and CPU seconds (the workers' included), the ratio, and whether the two wrote the same
statistics byte for byte (the base's fixed sweep of the same seeds). With ``--compiled`` this checkout's runs
use the compiled engine and the base's stay pure Python.

With ``--before PATH`` (a checkout of an earlier commit, e.g. ``git worktree add /tmp/before <rev>``), the
same 2,000-game run on 2 workers of that checkout (its ``admiralty`` package first on ``PYTHONPATH``) against
this one's, in turn: the speed-up of the change, with each run's statistics file compared byte for byte.

Then warm (in this process, imports done): ``sweep.run`` of 400 games on 2 workers against 1 worker, and
games per second of each corpus scenario on one worker, summed up per ruleset. The statistics files of a
1-worker and a 2-worker run are compared byte for byte. Exit code 1 when a cold target is missed.
With ``--compiled``, every cold run uses the mypyc-compiled install (``benchmarks/compiled.py`` builds it once)
and the warm figures are left to ``benchmarks/compiled.py``.
With ``--build`` (issue 39), instead: the bundled corpus smoked cold as a fixed sweep (``--fixed --no-cache``) and
as a sequential one (cold cache), games, wall and CPU seconds and the pass/fail verdict of every scenario compared
(target: at most a third of the games and of the time, the same verdicts), and the games a test told each
scenario's rate would need (``sequential_bound.py``: the least any test can expect at that confidence); then
``admiralty build`` twice into fresh folders, the second run's seconds (target < 15 s) and its statistics and
site compared byte for byte with the first's.
Run: ``python benchmarks/smoke.py [SCENARIO_ID] [--quick] [--games-per-kind N] [--before PATH] [--compiled]``
or ``python benchmarks/smoke.py [SCENARIO_ID] --base REV [--sweep-pairs N] [--compiled]`` (only the base sweep)
or ``python benchmarks/smoke.py --build``
(``--quick``: no 10,000-game sweep; ``N`` (default 1000) sets the size of the scaling runs, on a crowded machine).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairs import PYTHON, ROOT, admiralty, cold, report, run_process, warm
from sequential_bound import print_bound

from admiralty.smoke.summary import SmokeStats
from admiralty.smoke.sweep import SmokeSettings, run
from admiralty.validator.pipeline import validate

SCALING_TARGET = 1.8  # 1 worker / 2 workers
SWEEP_TARGET = 30.0  # seconds, 10,000 games on 2 workers, pure Python (issue 39)
COMPILED_SWEEP_TARGET = 20.0  # the same with the compiled engine


COMPILED: list[str] = []  # with --compiled: the python of the compiled install (benchmarks/compiled.py)


def every_game(checkout: Path) -> tuple[str, ...]:
    """``--fixed --no-cache`` where ``checkout``'s CLI has them (issue 39 on), so that a sweep plays every game;
    before them a sweep always did."""
    source = checkout / "admiralty" / "cli.py"
    return ("--fixed", "--no-cache") if source.exists() and '"--no-cache"' in source.read_text() else ()


def command(scenario: str, games_per_kind: int, jobs: int, out: str, checkout: Path = ROOT) -> list[str]:
    args = ("smoke", str(ROOT / "scenarios"), "--only", scenario, "--games", str(games_per_kind), "--jobs",
            str(jobs), "--out", out, *every_game(checkout))
    if COMPILED:  # -I: the installed (compiled) package, never this checkout's sources from the working folder
        return [COMPILED[0], "-I", "-m", "admiralty", *args]
    return admiralty(*args)


def identical_statistics(scenario_id: str, tmp: Path) -> bool:
    """The statistics file of a 1-worker and of a 2-worker run of the same games, byte for byte."""
    from pairs import run_process
    files = []
    for jobs in (1, 2):
        out = tmp / f"identical-{jobs}"
        run_process(command(scenario_id, 200, jobs, str(out)))
        files.append((out / f"{scenario_id}.json").read_bytes())
    return files[0] == files[1]


def before_and_after(scenario_id: str, before: str, per_kind: int, tmp: Path) -> bool:
    """This checkout against the one at ``before``, 2 workers each, in turn; True when both wrote the same
    statistics (the change kept the games)."""
    now_out, before_out = tmp / "after", tmp / "before"
    checkout = Path(before).resolve()
    # the same argv for both; the before run starts in its checkout (``python -m`` puts the working folder ahead
    # of PYTHONPATH) with its package first on PYTHONPATH
    paired = cold(f"smoke {2 * per_kind:,} games on 2 workers, this checkout vs {before}",
                  command(scenario_id, per_kind, 2, str(now_out)),
                  command(scenario_id, per_kind, 2, str(before_out), checkout),
                  b_cwd=checkout, b_env={**os.environ, "PYTHONPATH": str(checkout)})
    same = (now_out / f"{scenario_id}.json").read_bytes() == (before_out / f"{scenario_id}.json").read_bytes()
    report("cold", paired, "this checkout", "before")
    speedups = [1 / r for r in paired.ratios()]
    print(f"       speed-up over before: median {statistics.median(speedups):.2f}x (min {min(speedups):.2f}x, "
          f"max {max(speedups):.2f}x); statistics byte-identical: {same}", flush=True)
    return same


def warm_figures(scenario: object, tmp: str) -> None:
    def sweep(jobs: int, games: int = 200) -> None:
        run([scenario], SmokeSettings(games=games, jobs=jobs, out_dir=tmp))
    report("warm", warm("sweep.run 400 games (CLI defaults), 2 workers vs 1", lambda: sweep(2), lambda: sweep(1)),
           "2 workers", "1 worker")
    print("WARM games per second on one worker, CLI defaults (each scenario's own player kinds), median of 5:")
    per_ruleset: dict[str, tuple[int, float]] = {}
    for each in validate(["scenarios"]).scenarios:
        kinds = len(each.smoke.players)
        seconds = []
        for _ in range(5):
            started = time.perf_counter()
            run([each], SmokeSettings(games=40, jobs=1, out_dir=tmp))
            seconds.append(time.perf_counter() - started)
        print(f"       {each.ruleset:<12} {each.id:<22} {40 * kinds / statistics.median(seconds):7.0f} games/s "
              f"(min {40 * kinds / max(seconds):.0f}, max {40 * kinds / min(seconds):.0f})", flush=True)
        games, spent = per_ruleset.get(str(each.ruleset), (0, 0.0))
        per_ruleset[str(each.ruleset)] = (games + 40 * kinds, spent + statistics.median(seconds))
    for ruleset, (games, spent) in sorted(per_ruleset.items()):
        print(f"       {ruleset:<12} every corpus scenario: {games / spent:7.0f} games/s")


def _timed(args: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds (its children's included) of one ``admiralty`` process, and its output."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(admiralty(*args), cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done.returncode:
        print(done.stdout[-3000:], done.stderr[-3000:])
    return wall, cpu, done.stdout


def _verdicts(folder: Path) -> dict[str, tuple[bool | None, int]]:
    """Per scenario: in band or not, and its failures."""
    verdicts = {}
    for path in sorted(folder.glob("*.json")):
        stats = SmokeStats.load(path)
        if stats is not None:
            verdicts[stats.scenario] = (stats.in_band, sum(n for _, n in stats.failures))
    return verdicts


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def build_figures(tmp: Path) -> bool:
    """The corpus smoked fixed and sequential (cold), then ``admiralty build`` twice (issue 39's targets)."""
    import re

    games_of = re.compile(r"smoke: (\d+) games \((\d+) played")
    fixed = _timed(["smoke", "scenarios", "--jobs", "2", "--fixed", "--no-cache", "--out", str(tmp / "fixed")])
    sequential = _timed(["smoke", "scenarios", "--jobs", "2", "--out", str(tmp / "sequential")])
    counts = [int(games_of.search(run[2]).group(2)) for run in (fixed, sequential)]  # type: ignore[union-attr]
    same = _verdicts(tmp / "fixed") == _verdicts(tmp / "sequential")
    print(f"corpus smoke, fixed: {counts[0]} games, {fixed[0]:.1f} s wall, {fixed[1]:.1f} s CPU")
    print(f"corpus smoke, sequential (cold cache): {counts[1]} games, {sequential[0]:.1f} s wall, "
          f"{sequential[1]:.1f} s CPU")
    games_ratio, time_ratio = counts[1] / counts[0], sequential[1] / fixed[1]
    print(f"       games {games_ratio:.2f}x, CPU {time_ratio:.2f}x, wall {sequential[0] / fixed[0]:.2f}x of the fixed "
          f"sweep (target <= 0.33x: {'met' if max(games_ratio, time_ratio) <= 1 / 3 else 'MISSED'}); "
          f"pass/fail verdict of every scenario the same: {same}")
    for line in sequential[2].splitlines():
        if "; decided " in line or "; verdict undecided" in line:
            scenario, _, rest = line.partition(":")
            print(f"       {scenario}: {rest.split(';')[-1].strip()}")
    print_bound(tmp / "fixed", counts[1])
    runs: list[tuple[float, float, str]] = []
    stats: list[dict[str, bytes]] = []
    for number in (1, 2):
        wall, cpu, output = _timed(["build", "scenarios", "--jobs", "2", "--out", str(tmp / "build"), "--site-dir",
                                    str(tmp / f"site{number}")])
        line = next((each for each in output.splitlines() if games_of.search(each)), "no smoke summary")
        runs.append((wall, cpu, line.split(" in ")[0]))
        stats.append({k: v for k, v in _tree(tmp / "build").items() if k.endswith(".json") and "/" not in k})
    first_stats, second_stats = stats
    same_site = _tree(tmp / "site1") == _tree(tmp / "site2")
    print(f"admiralty build, first run: {runs[0][0]:.1f} s wall ({runs[0][2]}); second run on the unchanged corpus: "
          f"{runs[1][0]:.1f} s wall, {runs[1][1]:.1f} s CPU ({runs[1][2]}); target < 15 s: "
          f"{'met' if runs[1][0] < 15 else 'MISSED'}; statistics byte-identical: {first_stats == second_stats}, "
          f"site byte-identical: {same_site}")
    return same and first_stats == second_stats


def _option(name: str, default: str | None = None) -> str | None:
    """The value after ``name`` on the command line, or ``default``."""
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def scaling_figures(wanted: str, per_kind: int, tmp: Path) -> bool:
    """Cold sweeps on 1 and 2 workers: the scaling target."""
    games = 2 * per_kind
    scaling = cold(f"smoke {games:,} games, 2 workers vs 1 worker", command(wanted, per_kind, 2, str(tmp / "a")),
                   command(wanted, per_kind, 1, str(tmp / "b")))
    report("cold", scaling, "2 workers", "1 worker")
    inverse = [1 / r for r in scaling.ratios()]
    met = statistics.median(inverse) >= SCALING_TARGET
    print(f"       scaling 1 -> 2 workers: median {statistics.median(inverse):.2f}x min {min(inverse):.2f}x "
          f"max {max(inverse):.2f}x  target >= {SCALING_TARGET}x: {'met' if met else 'MISSED'}; "
          f"2 workers: {games / statistics.median(scaling.a_wall):.0f} games/s, "
          f"1 worker: {games / statistics.median(scaling.b_wall):.0f} games/s", flush=True)
    return met


def sweep_figures(wanted: str, tmp: Path) -> bool:
    """A 10,000-game sweep on 2 workers against 2,000 games: the sweep target."""
    sweep = cold("10,000-game sweep vs 2,000 games, both on 2 workers",
                 command(wanted, 5000, 2, str(tmp / "c")), command(wanted, 1000, 2, str(tmp / "d")))
    report("cold", sweep, "10,000 games", "2,000 games")
    seconds = statistics.median(sweep.a_wall)
    target = COMPILED_SWEEP_TARGET if COMPILED else SWEEP_TARGET
    met = seconds < target
    print(f"       10,000-game sweep on 2 workers: median {seconds:.1f} s (min {min(sweep.a_wall):.1f}, "
          f"max {max(sweep.a_wall):.1f}); target < {target:.0f} s: {'met' if met else 'MISSED'}")
    return met


def same_statistics(this: Path, base: Path) -> tuple[bool, str]:
    """Whether this checkout's statistics file is the base's byte for byte, once the top-level sections the base
    does not write (added since, e.g. ``events``) are left out and the rest is written as the sweep writes it;
    and the sections left out."""
    ours, theirs = json.loads(this.read_text()), json.loads(base.read_text())
    added = sorted(set(ours) - set(theirs))
    kept = {key: value for key, value in ours.items() if key in theirs}
    return json.dumps(kept, indent=2, sort_keys=True) + "\n" == base.read_text(), ", ".join(added)


def base_sweep(wanted: str, rev: str, pairs: int, tmp: Path) -> bool:
    """The 10,000-game sweep on 2 workers, this checkout and a worktree of ``rev`` in turn (``pairs`` times);
    True when the target is met and both wrote the same statistics."""
    base = tmp / f"base-{rev}"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(base), rev], check=True)
    try:
        base_env = {**os.environ, "PYTHONPATH": str(base)}
        runs: dict[str, list[tuple[float, float]]] = {"this": [], "base": []}
        for _ in range(max(1, pairs)):
            runs["this"].append(run_process(command(wanted, 5000, 2, str(tmp / "sweep-this")))[:2])
            base_command = [PYTHON, "-m", "admiralty", "smoke", str(ROOT / "scenarios"), "--only", wanted, "--games",
                            "5000", "--jobs", "2", "--out", str(tmp / "sweep-base"), *every_game(base)]
            runs["base"].append(run_process(base_command, cwd=base, env=base_env)[:2])
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    same, added = same_statistics(tmp / "sweep-this" / f"{wanted}.json", tmp / "sweep-base" / f"{wanted}.json")
    engine = "compiled" if COMPILED else "pure Python"
    print(f"COLD 10,000-game sweep of {wanted} on 2 workers, every game played, this checkout ({engine}) vs {rev} "
          f"(pure Python), {max(1, pairs)} pair(s) in turn")
    for name, label in (("this", "this checkout"), ("base", rev)):
        walls, cpus = [w for w, _ in runs[name]], [c for _, c in runs[name]]
        print(f"       {label:<14} wall s median {statistics.median(walls):.1f} (min {min(walls):.1f}, max "
              f"{max(walls):.1f})  cpu s median {statistics.median(cpus):.1f} (min {min(cpus):.1f})")
    ratios = [a[i] / b[i] for a, b in zip(runs["this"], runs["base"], strict=True) for i in (0, 1)]
    seconds = statistics.median([w for w, _ in runs["this"]])
    target = COMPILED_SWEEP_TARGET if COMPILED else SWEEP_TARGET
    print(f"       ratio this/base: wall {statistics.median(ratios[0::2]):.2f}x, cpu "
          f"{statistics.median(ratios[1::2]):.2f}x; target < {target:.0f} s: {'met' if seconds < target else 'MISSED'}"
          f"; statistics byte-identical to the base's fixed sweep of the same seeds: {same}"
          f"{f' (leaving out what the base does not write: {added})' if added else ''}", flush=True)
    return same and seconds < target


def main() -> int:
    if "--build" in sys.argv:
        with tempfile.TemporaryDirectory() as folder:
            return 0 if build_figures(Path(folder)) else 1
    per_kind = int(_option("--games-per-kind", "1000") or 1000)
    if "--compiled" in sys.argv:
        from compiled import compiled_python
        COMPILED.append(compiled_python())
        print(f"(cold runs use the compiled engine: {COMPILED[0]})")
    before, rev, sweep_pairs = _option("--before"), _option("--base"), _option("--sweep-pairs", "1")
    args = [a for a in sys.argv[1:] if not a.startswith("--") and a not in (str(per_kind), before, rev, sweep_pairs)]
    wanted = args[0] if args else "otranto-1917"
    scenario = next(s for s in validate(["scenarios"]).scenarios if s.id == wanted)
    kinds = ", ".join(scenario.smoke.players)
    print(f"== {wanted}: CLI defaults (replay check every 10th seed, player kinds: {kinds})")
    if rev is not None:
        with tempfile.TemporaryDirectory(prefix="admiralty-sweep-") as folder:
            return 0 if base_sweep(wanted, rev, int(sweep_pairs or 1), Path(folder)) else 1
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        ok = scaling_figures(wanted, per_kind, tmp)
        if "--quick" not in sys.argv:
            ok &= sweep_figures(wanted, tmp)
        if before is not None:
            ok &= before_and_after(wanted, before, per_kind, tmp)
        same = identical_statistics(wanted, tmp)
        print(f"statistics of 1 and 2 workers byte-identical: {same}")
        ok &= same
        if not COMPILED:  # the warm figures are this process's, pure Python: benchmarks/compiled.py has both
            warm_figures(scenario, str(tmp / "warm"))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
