"""Benchmark: the build and every registered check on generated maps of 1,250 and 5,000 zones.

Each map has a west coast, a jagged southern coast through cells and along grid lines, one island to
about every ten zones, ports, and a few scenarios of eight fleets with twelve turns of orders each.

**Cold** first: ``admiralty validate`` of the 5,000-zone folder against the 1,250-zone one as whole
processes, in turn (>= 5 pairs): the ratio is the growth t(5000)/t(1250) (linear work gives 4; target
under 4.5, on the CPU ratio's median) and the 5,000-zone process's CPU seconds (target under 5 s, median).
Then the 5,000-zone validate against a bare ``CSafeLoader`` parse of the same folder. **Warm** second:
``pipeline.validate`` of the two folders in turn in this process, and each check alone on the models it
built (caches warm: what the check itself adds). Exit code 1 when a cold target is missed.
Run: ``python benchmarks/checks.py``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from corpus_gen import COAST_ROWS, copy_schemas, grid_shape, write_catalogs, write_map, write_scenarios
from pairs import BARE_PARSE, admiralty, cold, python_command, report, warm

from admiralty.validator.checks import CheckContext, load_check_modules
from admiralty.validator.pipeline import Validation, validate

SIZES = (1250, 5000)
SCENARIOS = 4
TARGET_SECONDS = 5.0
TARGET_RATIO = 4.5
MEASURABLE = 0.002  # seconds: below this a check's time is mostly noise


def write_corpus(folder: Path, zones: int) -> str:
    """The map, catalogs and scenarios; returns a one-line description."""
    folder.mkdir(parents=True)
    copy_schemas(folder)
    ports = max(8, zones // 80)
    data = write_map(folder, zones, islands=zones // 10, ports=ports, coast=True)
    write_catalogs(folder)
    rows, columns = grid_shape(zones)
    write_scenarios(folder, SCENARIOS, rows - COAST_ROWS, columns)  # fleets keep north of the coast
    land = cast(list[dict[str, Any]], data["land"])
    islands = sum(1 for entry in land if str(entry["id"]).startswith("isle-"))
    return f"{rows} x {columns} cells, {islands} islands, {ports} ports, {SCENARIOS} scenarios"


def per_check(result: Validation) -> dict[str, float]:
    """Seconds each registered check takes alone over every model it targets (caches warm)."""
    ctx = CheckContext({item.doc.file: item.doc for item in result.loaded})
    models: list[Any] = [*result.models, *result.scenarios]
    seconds: dict[str, float] = {}
    for entry in load_check_modules():
        started = time.perf_counter()
        for model in models:
            if isinstance(model, entry.target):
                list(entry(model, ctx))
        seconds[entry.name] = time.perf_counter() - started
    return seconds


def main() -> int:
    listed = load_check_modules()
    checks: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folders = {zones: Path(tmp) / f"corpus-{zones}" for zones in SIZES}
        for zones, folder in folders.items():
            described = write_corpus(folder, zones)
            result = validate([str(folder)])
            checks[zones] = per_check(result)
            print(f"{zones:>5} zones ({described}): {len(result.report.diagnostics)} findings")
            for diagnostic in result.report.diagnostics[:5]:
                print(f"      {diagnostic.code} {diagnostic.message}")
        small, large = (str(folders[z]) for z in SIZES)
        growth = cold(f"admiralty validate, {SIZES[1]} zones vs {SIZES[0]} zones", admiralty("validate", large),
                      admiralty("validate", small))
        ok = report("cold", growth, f"{SIZES[1]} zones", f"{SIZES[0]} zones", target=TARGET_RATIO)
        seconds = sorted(growth.a_cpu)[len(growth.a_cpu) // 2]
        met = seconds < TARGET_SECONDS
        ok &= met
        print(f"       {SIZES[1]}-zone validate: cpu median {seconds:.3f} s (target < {TARGET_SECONDS:g} s: "
              f"{'met' if met else 'MISSED'}); linear growth is {SIZES[1] / SIZES[0]:.0f}")
        report("cold", cold(f"admiralty validate {SIZES[1]} zones vs a bare parse", admiralty("validate", large),
                            python_command(BARE_PARSE, large)), "admiralty validate", "bare CSafeLoader parse")
        report("warm", warm(f"pipeline.validate {SIZES[1]} zones vs {SIZES[0]} zones",
                            lambda: validate([large]), lambda: validate([small])), f"{SIZES[1]} zones",
               f"{SIZES[0]} zones")
    a, b = SIZES
    print(f"\nWARM {'check (alone, caches warm)':<40}{a:>10}{b:>10}   ratio")
    measurable = [name for name in checks[b] if checks[b][name] >= MEASURABLE]
    for name in sorted(measurable, key=checks[b].__getitem__, reverse=True):
        print(f"     {name:<40}{checks[a][name]:>9.4f}s{checks[b][name]:>9.4f}s   "
              f"{checks[b][name] / max(checks[a][name], 1e-9):5.1f}")
    print(f"(the other {len(listed) - len(measurable)} of {len(listed)} listed checks take under "
          f"{MEASURABLE * 1000:.0f} ms each)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
