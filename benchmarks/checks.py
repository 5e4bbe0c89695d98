"""Benchmark: the build and every registered check on generated maps of 1,250 and 5,000 zones.

Each map has a west coast, a jagged southern coast through cells and along grid lines, one island to
about every ten zones, ports, and a few scenarios of eight fleets with twelve turns of orders each. The
whole of ``admiralty.validator.pipeline.validate`` on the folder is timed (the best of five runs, the least
disturbed by other work on the machine), then each check alone on the models it built (caches warm:
what the check itself adds). Prints seconds for each size and the growth ratio t(5000)/t(1250): linear
work gives 4, the target is under 4.5, and the 5,000-zone map under 5 s. Exit code 1 when a target is
missed. Run: ``python benchmarks/checks.py``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from corpus_gen import COAST_ROWS, grid_shape, write_catalogs, write_map, write_scenarios

from admiralty.validator import schema
from admiralty.validator.checks import CHECKS, CheckContext, load_check_modules
from admiralty.validator.pipeline import Validation, validate

SIZES = (1250, 5000)
SCENARIOS = 4
REPEATS = 5
TARGET_SECONDS = 5.0
TARGET_RATIO = 4.5
MEASURABLE = 0.002  # seconds: below this a check's time is mostly noise


def write_corpus(folder: Path, zones: int) -> str:
    """The map, catalogs and scenarios; returns a one-line description."""
    folder.mkdir(parents=True)
    ports = max(8, zones // 80)
    data = write_map(folder, zones, islands=zones // 10, ports=ports, coast=True)
    write_catalogs(folder)
    rows, columns = grid_shape(zones)
    write_scenarios(folder, SCENARIOS, rows - COAST_ROWS, columns)  # fleets keep north of the coast
    land = cast(list[dict[str, Any]], data["land"])
    islands = sum(1 for entry in land if str(entry["id"]).startswith("isle-"))
    return f"{rows} x {columns} cells, {islands} islands, {ports} ports, {SCENARIOS} scenarios"


def timed(folder: Path) -> tuple[float, Validation]:
    runs = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        result = validate([str(folder)])
        runs.append((time.perf_counter() - started, result))
    return min(seconds for seconds, _ in runs), runs[-1][1]


def per_check(result: Validation) -> dict[str, float]:
    """Seconds each registered check takes alone over every model it targets (caches warm)."""
    ctx = CheckContext({item.doc.file: item.doc for item in result.loaded})
    models: list[Any] = [*result.models, *result.scenarios]
    seconds: dict[str, float] = {}
    for entry in load_check_modules():
        started = time.perf_counter()
        for model in models:
            if isinstance(model, entry.target):
                list(entry.function(model, ctx))
        seconds[entry.name] = time.perf_counter() - started
    return seconds


def main() -> int:
    schema.validator_for("dreadnought", "scenario")  # built once per process, as in the CLI
    load_check_modules()
    totals: dict[int, float] = {}
    checks: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for zones in SIZES:
            folder = Path(tmp) / f"corpus-{zones}"
            described = write_corpus(folder, zones)
            seconds, result = timed(folder)
            findings = len(result.report.diagnostics)
            totals[zones], checks[zones] = seconds, per_check(result)
            print(f"{zones:>5} zones ({described}): validate {seconds:6.3f} s, {findings} findings")
            for diagnostic in result.report.diagnostics[:5]:
                print(f"      {diagnostic.code} {diagnostic.message}")
    small, large = SIZES
    ratio = totals[large] / totals[small]
    print(f"growth t({large})/t({small}) = {ratio:.2f} (target < {TARGET_RATIO}; linear is {large / small:.0f})")
    print(f"{large}-zone map in {totals[large]:.3f} s (target < {TARGET_SECONDS} s)")
    print(f"\n{'check (alone, caches warm)':<40}{small:>10}{large:>10}   ratio")
    measurable = [name for name in checks[large] if checks[large][name] >= MEASURABLE]
    for name in sorted(measurable, key=checks[large].__getitem__, reverse=True):
        a, b = checks[small][name], checks[large][name]
        print(f"{name:<40}{a:>9.4f}s{b:>9.4f}s   {b / a:5.1f}")
    print(f"(the other {len(CHECKS) - len(measurable)} of {len(CHECKS)} registered checks take under "
          f"{MEASURABLE * 1000:.0f} ms each)")
    return 0 if totals[large] < TARGET_SECONDS and ratio < TARGET_RATIO else 1


if __name__ == "__main__":
    raise SystemExit(main())
