"""Benchmark: validate the bundled corpus, then a generated corpus of 500 scenarios on a 2,000-zone map.

Prints seconds for the whole validation and the ratio to a bare ``yaml.load(..., CSafeLoader)`` of the
same files, for two sizes so that growth can be judged. Target (issue 2): within 3x the bare parse.
Run: ``python benchmarks/validate.py``.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from corpus_gen import write_corpus

from admiralty.validator import schema
from admiralty.validator.pipeline import discover, validate


def bare_parse(paths: list[str]) -> float:
    files, _ = discover(paths)
    started = time.perf_counter()
    for path in files:
        with open(path, "rb") as handle:
            yaml.load(handle, Loader=yaml.CSafeLoader)
    return time.perf_counter() - started


def timed_validate(paths: list[str]) -> tuple[float, int, int]:
    started = time.perf_counter()
    result = validate(paths)
    return time.perf_counter() - started, len(result.report.files), len(result.report.diagnostics)


def measure(label: str, paths: list[str], repeats: int = 3) -> None:
    bare = statistics.median(bare_parse(paths) for _ in range(repeats))
    runs = [timed_validate(paths) for _ in range(repeats)]
    full = statistics.median(r[0] for r in runs)
    files, findings = runs[0][1], runs[0][2]
    print(f"{label:<34} files {files:>5}  findings {findings:>4}  bare parse {bare:7.3f}s  "
          f"validate {full:7.3f}s  ratio {full / bare:5.2f}x")


def main() -> None:
    schema.validator_for("dreadnought", "scenario")  # built once per process, like the CLI
    measure("bundled corpus (scenarios/)", ["scenarios"])
    with tempfile.TemporaryDirectory() as tmp:
        for zones, count in ((500, 125), (2000, 500)):
            folder = Path(tmp) / f"corpus-{zones}"
            write_corpus(folder, zones, count)
            measure(f"{count} scenarios, {zones}-zone map", [str(folder)])


if __name__ == "__main__":
    main()
