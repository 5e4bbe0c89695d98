"""Benchmark: ``admiralty validate`` against a bare ``yaml.load(..., CSafeLoader)`` of the same files.

Corpora: the bundled one (``scenarios/``), then generated ones of 125 scenarios on a 500-zone map and 500
scenarios on a 2,000-zone map (growth is printed). For each, first the **cold** figure: ``admiralty
validate FOLDER`` as a whole process against a whole process that parses the same files with
``CSafeLoader`` and nothing else, in turn, >= 5 pairs; then the **warm** figure: ``pipeline.validate`` in
this process (imports done, caches full) against the bare parse in this process, in turn. Each ratio's
median and min. Also cold ``admiralty --help`` and the validate of one small file against a bare Python
start, and ``check-jsonschema`` (the schema alone) when installed.

Targets (issue 2, judged on the cold median): the 2,000-zone corpus within 3x the bare parse. Exit code 1
when a cold target is missed. Run: ``python benchmarks/validate.py`` (``BENCH_PAIRS=7`` for more pairs).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from corpus_gen import write_corpus
from pairs import BARE_PARSE, ROOT, admiralty, cold, python_command, report, warm

from admiralty.validator.pipeline import discover, validate

TARGET = 3.0  # x a bare CSafeLoader parse, whole processes, the 2,000-zone corpus
SMALL_FILE = "scenarios/dreadnought/ships/italy-1917.yaml"


def bare_parse(paths: list[str]) -> None:
    files, _ = discover(paths)
    for path in files:
        with open(path, "rb") as handle:
            yaml.load(handle, Loader=yaml.CSafeLoader)


def measure(label: str, folder: str, target: float | None) -> tuple[bool, float]:
    """Cold then warm; (cold target met, warm median seconds of validate)."""
    result = validate([folder])
    print(f"\n== {label}: {len(result.report.files)} files, {len(result.report.diagnostics)} findings")
    met = report("cold", cold(f"admiralty validate {label}", admiralty("validate", folder),
                              python_command(BARE_PARSE, folder)),
                 "admiralty validate", "bare CSafeLoader parse", target=target)
    paired = warm(f"pipeline.validate {label}", lambda: validate([folder]), lambda: bare_parse([folder]))
    report("warm", paired, "pipeline.validate", "bare CSafeLoader parse")
    return met, sorted(paired.a_wall)[len(paired.a_wall) // 2]


def startup() -> None:
    print("\n== start-up")
    empty = python_command("pass")
    report("cold", cold("admiralty --help", admiralty("--help"), empty), "admiralty --help", "python -c pass")
    report("cold", cold(f"admiralty validate {SMALL_FILE}", admiralty("validate", SMALL_FILE), empty),
           "validate one small file", "python -c pass")


def check_jsonschema(folder: Path) -> None:
    """The schema alone, by check-jsonschema (one process over every scenario), against admiralty."""
    tool = shutil.which("check-jsonschema") or str(Path(sys.executable).parent / "check-jsonschema")
    if not os.path.exists(tool):
        print("\n(check-jsonschema not installed: its comparison is left out)")
        return
    scenarios = sorted(str(p) for p in folder.glob("bench-*.yaml"))
    schema = str(ROOT / "admiralty" / "schemas" / "dreadnought" / "scenario.schema.json")
    print()
    report("cold", cold("admiralty validate vs check-jsonschema (scenarios' schema only)",
                        admiralty("validate", str(folder)), [tool, "--schemafile", schema, *scenarios]),
           "admiralty validate (all)", "check-jsonschema (schema)")


def main() -> int:
    started = time.perf_counter()
    ok, _ = measure("bundled corpus (scenarios/)", "scenarios", None)
    startup()
    warm_seconds: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for zones, count in ((500, 125), (2000, 500)):
            folder = Path(tmp) / f"corpus-{zones}"
            write_corpus(folder, zones, count)
            met, warm_seconds[count] = measure(f"{count} scenarios, {zones}-zone map", str(folder),
                                               TARGET if zones == 2000 else None)
            ok &= met
        if "--with-check-jsonschema" in sys.argv:
            check_jsonschema(Path(tmp) / "corpus-2000")
    print(f"\ngrowth, warm validate 500 / 125 scenarios: {warm_seconds[500] / warm_seconds[125]:.2f} "
          f"(linear is 4)")
    print(f"(benchmark took {time.perf_counter() - started:.0f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
