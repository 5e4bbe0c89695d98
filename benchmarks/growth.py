"""Benchmark: growth stays near-linear (issue 20, item 3), each ratio against its baseline of the same run.

Three comparisons, each a measured corpus and its baseline run **in turn** as whole processes (``GROWTH_PAIRS``
pairs, default 3, after one unrecorded pair):

* the build and every check on a generated map of 20,000 zones against one of 5,000 (the maps of
  ``benchmarks/checks.py``: a west coast, a jagged southern coast, an island to every ten zones, ports, four
  scenarios): t(20000) / t(5000), linear is 4 (the grids have 20,001 and 5,040 cells: 3.97);
* ``validate`` of 500 generated scenarios against 125, and of 2,000 against 500, all on the same 500-zone
  map, so that the scenario count is the only variable: t(500) / t(125) and t(2000) / t(500), linear is 4.

The figure judged is the CPU seconds of ``pipeline.validate`` inside each child (``time.process_time``
around the call, after a warm-up validate of a tiny corpus has paid the imports and compiled the schemas):
the machine is shared, so wall seconds mostly measure the other tenants, and a whole process's CPU adds
a constant start-up that flattens every ratio towards 1. The whole process's CPU (``wait4``) and its peak
memory are printed beside it. Each ratio is taken pair by pair; its median, min and max are printed.

Target: every growth ratio's median at most 4.6 (15% over linear). Exit code 1 when one is missed, 2 when a
corpus does not validate cleanly (a refused map, GRA005, would time nothing). Run: ``python
benchmarks/growth.py``; about three minutes on two cores.
"""

from __future__ import annotations

import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checks import write_corpus as write_checks_corpus
from corpus_gen import grid_shape, write_corpus
from pairs import ROOT, python_command

from admiralty.rulesets.dreadnought.validator.build import MAX_GRID_CELLS

PAIRS = int(os.environ.get("GROWTH_PAIRS", "3"))
TARGET = 4.6  # x the baseline, for 4x the work; linear growth gives 4
ZONES = (5000, 20000)
SCENARIOS = (125, 500, 2000)
SCENARIO_MAP_ZONES = 500

CHILD = """
import json, resource, time
from admiralty.validator.diagnostics import Severity
from admiralty.validator.pipeline import validate
validate([sys.argv[1]])  # the imports and the compiled schemas, paid before the clock starts
started = time.process_time()
result = validate([sys.argv[2]])
cpu = time.process_time() - started
errors = sorted({d.code for d in result.report.diagnostics if d.severity is Severity.ERROR})
print(json.dumps({"cpu": cpu, "errors": errors, "files": len(result.report.files),
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""
"""One child: validate a tiny corpus (warm-up), then the corpus measured; prints its figures as JSON."""


@dataclass
class Run:
    """One child's figures: CPU seconds of the validate measured, of the whole process, and its peak memory."""

    cpu: float
    process_cpu: float
    rss_mb: float
    errors: list[str]
    files: int


@dataclass
class Growth:
    """A measured corpus against its baseline, run in turn."""

    label: str
    linear: float
    measured: list[Run] = field(default_factory=list)
    baseline: list[Run] = field(default_factory=list)

    def ratios(self, process: bool = False) -> list[float]:
        return [(a.process_cpu / b.process_cpu) if process else (a.cpu / b.cpu)
                for a, b in zip(self.measured, self.baseline, strict=True)]


def run_child(warmup: Path, corpus: Path) -> Run:
    """One whole process validating ``corpus`` after ``warmup``; its own CPU from ``wait4``."""
    child = subprocess.Popen(python_command(CHILD, str(warmup), str(corpus)), cwd=ROOT, stdout=subprocess.PIPE)
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"the child validating {corpus} failed")
    figures = json.loads(out)
    return Run(figures["cpu"], usage.ru_utime + usage.ru_stime, figures["rss_mb"], figures["errors"],
               figures["files"])


def measure(growth: Growth, warmup: Path, measured: Path, baseline: Path) -> Growth:
    for n in range(1 + PAIRS):
        a, b = run_child(warmup, measured), run_child(warmup, baseline)
        for run, corpus in ((a, measured), (b, baseline)):
            if run.errors:
                raise SystemExit(f"{corpus} does not validate cleanly ({', '.join(run.errors)}): nothing to time")
        if n:
            growth.measured.append(a)
            growth.baseline.append(b)
    return growth


def _spread(values: list[float], unit: str = "") -> str:
    return f"median {statistics.median(values):.3f}{unit} (min {min(values):.3f}, max {max(values):.3f})"


def report(growth: Growth, measured: str, baseline: str) -> bool:
    """Print one growth; True when its median CPU ratio is within ``TARGET``."""
    ratios = growth.ratios()
    met = statistics.median(ratios) <= TARGET
    print(f"\n{growth.label} ({len(ratios)} pairs, in turn)")
    for name, runs in ((measured, growth.measured), (baseline, growth.baseline)):
        print(f"   {name:<22} validate cpu s {_spread([r.cpu for r in runs])}   whole process cpu s "
              f"{_spread([r.process_cpu for r in runs])}   peak {max(r.rss_mb for r in runs):.0f} MB")
    print(f"   growth t({measured}) / t({baseline}): validate cpu {_spread(ratios, 'x')}; whole process cpu "
          f"median {statistics.median(growth.ratios(process=True)):.2f}x (start-up included)")
    print(f"   linear is {growth.linear:.2f}; target <= {TARGET:g}x (validate cpu median): "
          f"{'met' if met else 'MISSED'}", flush=True)
    return met


def main() -> int:
    started = time.perf_counter()
    print("CPU seconds throughout (time.process_time of validate inside each child; the whole child's CPU from "
          "wait4): the machine is shared, wall seconds are not used")
    print(f"grid bound (GRA005): {MAX_GRID_CELLS:,} cells")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        warmup = root / "warm-up"
        write_corpus(warmup, 100, 2)
        maps = {zones: root / f"zones-{zones}" for zones in ZONES}
        for zones, folder in maps.items():
            print(f"{zones:>6} zones: {write_checks_corpus(folder, zones)}")
        cells = [grid_shape(zones)[0] * grid_shape(zones)[1] for zones in ZONES]
        small, large = ZONES
        ok &= report(measure(Growth(f"build and checks, {large:,} zones vs {small:,} zones", cells[1] / cells[0]),
                             warmup, maps[large], maps[small]), f"{large} zones", f"{small} zones")
        corpora = {count: root / f"scenarios-{count}" for count in SCENARIOS}
        for count, folder in corpora.items():
            write_corpus(folder, SCENARIO_MAP_ZONES, count)
        for baseline, measured in itertools.pairwise(SCENARIOS):
            growth = Growth(f"validate, {measured:,} scenarios vs {baseline:,} ({SCENARIO_MAP_ZONES}-zone map)",
                            measured / baseline)
            ok &= report(measure(growth, warmup, corpora[measured], corpora[baseline]), f"{measured} scenarios",
                         f"{baseline} scenarios")
    print(f"\n(benchmark took {time.perf_counter() - started:.0f} s wall)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
