"""Benchmark: build the site (strict MkDocs build, as ``admiralty docs`` does) for the bundled corpus and for a
generated corpus of 200 scenarios, printing seconds. Target (issues 7 and 39): each under 60 s.

Each build prints its wall time, its CPU (this process and the children it waited for: svglib's workers, but
not Chromium's renderers, which the browser starts) and the whole machine's CPU over the build (which counts
Chromium's, and anything else running: read it on a quiet machine). The map PDFs are kept
by content in a cache folder that starts empty here (cold); the generated corpus is then built a second time
(warm: every map PDF comes from the cache). ``ADMIRALTY_CHROMIUM=off`` measures the svglib fallback.

Also prints the in-process share (validation and page generation) so that a slow build can be placed.
Run: ``python benchmarks/site.py [--scenarios N] [--zones Z]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from corpus_gen import write_corpus

from admiralty.site.build import build_site
from admiralty.site.context import SiteContext
from admiralty.site.pages import generate_pages
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parent.parent
TARGET = 60.0


def generation(corpus: list[str], smoke: str) -> tuple[float, float, int]:
    """(validation seconds, page generation seconds, pages) in this process."""
    started = time.perf_counter()
    result = validate(corpus)
    validated = time.perf_counter()
    site = generate_pages(result.scenarios, result.models_by_ruleset, SiteContext(smoke_dir=Path(smoke)))
    return validated - started, time.perf_counter() - validated, len(site.pages)


def machine_cpu() -> float:
    """CPU seconds every process of the machine has used (``/proc/stat``; 0 where there is none): Chromium's
    renderer processes are not this process's children, so ``cpu_seconds`` misses most of the printing."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return 0.0
    return (int(fields[0]) + int(fields[1]) + int(fields[2])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds() -> float:
    """CPU of this process and of its finished children (the PDF renderer's processes)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed_build(label: str, corpus: list[str], smoke: str) -> float:
    check, pages_time, pages = generation(corpus, smoke)
    with tempfile.TemporaryDirectory() as out:
        started, cpu, machine = time.perf_counter(), cpu_seconds(), machine_cpu()
        code = build_site(corpus, smoke, out, strict=True)
        seconds, cpu, machine = time.perf_counter() - started, cpu_seconds() - cpu, machine_cpu() - machine
    verdict = "ok" if code == 0 and seconds < TARGET else ("FAILED" if code else "SLOW")
    print(f"{label}: site build {seconds:.1f} s wall, {cpu:.1f} s CPU, {machine:.1f} s CPU of the whole machine "
          f"(exit {code}); in process: validation "
          f"{check:.1f} s, {pages} generated pages {pages_time:.1f} s  [{verdict}, target < {TARGET:.0f} s]",
          flush=True)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenarios", type=int, default=200)
    parser.add_argument("--zones", type=int, default=400)
    args = parser.parse_args()
    smoke = str(ROOT / "build" / "smoke")
    with tempfile.TemporaryDirectory() as cache:
        os.environ["ADMIRALTY_CACHE_DIR"] = cache  # cold: no map PDF from an earlier run
        timed_build("bundled corpus (cold PDF cache)", [str(ROOT / "scenarios")], smoke)
        with tempfile.TemporaryDirectory() as folder:
            write_corpus(Path(folder), args.zones, args.scenarios)
            label = f"{args.scenarios} generated scenarios on a {args.zones}-zone map"
            timed_build(f"{label} (cold PDF cache)", [folder], smoke)
            timed_build(f"{label} (warm PDF cache)", [folder], smoke)
    return 0


if __name__ == "__main__":
    sys.exit(main())
