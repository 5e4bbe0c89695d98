"""Benchmark: ``admiralty validate`` against a bare ``yaml.load(..., CSafeLoader)`` of the same files.

Corpora: the bundled one (``scenarios/``), then generated ones of 125 scenarios on a 500-zone map and 500
scenarios on a 2,000-zone map (growth is printed). For each, first the **cold** figures: ``admiralty
validate FOLDER`` as a whole process against a whole process that parses the same files with
``CSafeLoader`` and nothing else, then against one that parses them natively (yaml-rs, when installed), in
turn, >= 5 pairs; then the **warm** figures: ``pipeline.validate`` in this process (imports done, caches
full) against the bare parse, the native parse, and the validate of the positioned loader alone (the fast
path off: what the fast path saves), in turn. Each ratio's median and min. Also cold ``admiralty --help``
and the validate of one small file against a bare Python start, and ``check-jsonschema`` (the schema alone)
when installed.

Targets (issues 2 and 20, judged on the cold median): the 2,000-zone corpus within 1x the bare CSafeLoader
parse and within 3x the native parse. Exit code 1 when a cold target is missed. Run: ``python
benchmarks/validate.py`` (``BENCH_PAIRS=7`` for more pairs).
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

import admiralty.validator.load.fast as fast
from admiralty.validator.pipeline import discover, validate

NATIVE_PARSE = """
import os, yaml_rs
for top in sys.argv[1:]:
    for folder, _, names in sorted(os.walk(top)):
        for name in sorted(names):
            if name.endswith(('.yaml', '.yml')):
                with open(os.path.join(folder, name), encoding='utf-8') as handle:
                    yaml_rs.loads(handle.read(), parse_datetime=False)
"""
"""The floor of a native parse: yaml-rs over the same files, nothing else."""

TARGET = 1.0  # x a bare CSafeLoader parse, whole processes, the 2,000-zone corpus (issue 20)
NATIVE_TARGET = 3.0  # x a bare native (yaml-rs) parse of the same files
SMALL_FILE = "scenarios/dreadnought/ships/italy-1917.yaml"


def bare_parse(paths: list[str]) -> None:
    files, _ = discover(paths)
    for path in files:
        with open(path, "rb") as handle:
            yaml.load(handle, Loader=yaml.CSafeLoader)


def native_parse(paths: list[str]) -> None:
    loads = fast.native_loads()
    assert loads is not None
    files, _ = discover(paths)
    for path in files:
        loads(path.read_text(encoding="utf-8"))


def positioned_validate(paths: list[str]) -> None:
    """``validate`` with the loader's fast path off: every file composed with its positions, as before it."""
    saved = fast.native_loads
    fast.native_loads = lambda: None  # type: ignore[assignment]
    try:
        validate(paths)
    finally:
        fast.native_loads = saved


def measure(label: str, folder: str, target: float | None) -> tuple[bool, float]:
    """Cold then warm; (cold targets met, warm median seconds of validate)."""
    result = validate([folder])
    print(f"\n== {label}: {len(result.report.files)} files, {len(result.report.diagnostics)} findings")
    met = report("cold", cold(f"admiralty validate {label}", admiralty("validate", folder),
                              python_command(BARE_PARSE, folder)),
                 "admiralty validate", "bare CSafeLoader parse", target=target)
    native = fast.native_loads() is not None
    if native:
        met &= report("cold", cold(f"admiralty validate {label}, native floor", admiralty("validate", folder),
                                   python_command(NATIVE_PARSE, folder)), "admiralty validate",
                      "bare native parse", target=NATIVE_TARGET if target is not None else None)
    paired = warm(f"pipeline.validate {label}", lambda: validate([folder]), lambda: bare_parse([folder]))
    report("warm", paired, "pipeline.validate", "bare CSafeLoader parse")
    if native:
        report("warm", warm(f"pipeline.validate {label}, native floor", lambda: validate([folder]),
                            lambda: native_parse([folder])), "pipeline.validate", "bare native parse")
        report("warm", warm(f"pipeline.validate {label}, fast path vs positioned loader only",
                            lambda: validate([folder]), lambda: positioned_validate([folder])),
               "pipeline.validate", "validate, fast path off")
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
    schema = str(ROOT / "schemas" / "dreadnought" / "scenario.schema.json")
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
