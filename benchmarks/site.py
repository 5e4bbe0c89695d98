"""Benchmark: build the site (strict MkDocs build, as ``admiralty docs`` does) for the bundled corpus and for a
generated corpus of 200 scenarios, printing seconds. Target (issue 7): each under 60 s.

Also prints the in-process share (validation and page generation) so that a slow build can be placed.
Run: ``python benchmarks/site.py [--scenarios N] [--zones Z]``.
"""

from __future__ import annotations

import argparse
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


def timed_build(label: str, corpus: list[str], smoke: str) -> float:
    check, pages_time, pages = generation(corpus, smoke)
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        code = build_site(corpus, smoke, out, strict=True)
        seconds = time.perf_counter() - started
    verdict = "ok" if code == 0 and seconds < TARGET else ("FAILED" if code else "SLOW")
    print(f"{label}: site build {seconds:.1f} s (exit {code}); in process: validation {check:.1f} s, "
          f"{pages} generated pages {pages_time:.1f} s  [{verdict}, target < {TARGET:.0f} s]", flush=True)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenarios", type=int, default=200)
    parser.add_argument("--zones", type=int, default=400)
    args = parser.parse_args()
    smoke = str(ROOT / "build" / "smoke")
    timed_build("bundled corpus", [str(ROOT / "scenarios")], smoke)
    with tempfile.TemporaryDirectory() as folder:
        write_corpus(Path(folder), args.zones, args.scenarios)
        timed_build(f"{args.scenarios} generated scenarios on a {args.zones}-zone map", [folder], smoke)
    return 0


if __name__ == "__main__":
    sys.exit(main())
