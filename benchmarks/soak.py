"""Soak: ``admiralty fuzz`` over many mutants, then the atheris loader harness over many inputs.

The mutation fuzzer runs in chunks (each chunk its own ``admiralty fuzz`` process, seed ``SEED + chunk``), so
that a run stopped early still has every finished chunk counted; the figures printed after each chunk are
cumulative. Then ``fuzz/atheris_loader.py`` runs for ``--atheris-runs`` inputs (atheris is the ``fuzz`` extra).
Not part of the test suite: it runs for hours. Every finding is fixed with a regression test.

Run from the repository root::

    python benchmarks/soak.py --mutants 100000 --atheris-runs 1000000 [--seed N] [--jobs 1]
    python benchmarks/soak.py --mutants 0 --atheris-runs 1000000      # the atheris half only
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fuzz_chunks(args: argparse.Namespace) -> None:
    done = games = findings = accepted = 0
    codes: Counter[str] = Counter()
    started = time.perf_counter()
    chunk = 0
    while done < args.mutants:
        count = min(args.chunk, args.mutants - done)
        seed = args.seed + chunk
        out = Path(args.out) / f"fuzz-{seed}"
        command = [sys.executable, "-m", "admiralty", "fuzz", *args.paths, "--mutants", str(count), "--seed",
                   str(seed), "--out", str(out), "--jobs", str(args.jobs), "--json"]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        if result.returncode not in (0, 1) or not (out / "summary.json").is_file():  # a traceback exits 1 too
            print(f"chunk seed {seed}: exit {result.returncode}, no summary\n{result.stderr[-2000:]}", flush=True)
            break
        summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
        done += summary["mutants"]
        games += summary["games"]
        accepted += summary["accepted_and_played"]
        findings += summary["findings"]
        codes.update(summary["findings_by_kind"])
        elapsed = time.perf_counter() - started
        print(f"fuzz: {done:,}/{args.mutants:,} mutants (chunk seed {seed}), {accepted:,} accepted and played "
              f"({games:,} games), findings {findings} {dict(codes)}, {elapsed:,.0f} s, "
              f"{done / elapsed:.1f} mutants/s", flush=True)
        chunk += 1


def atheris(args: argparse.Namespace) -> None:
    corpus = Path(args.out) / "atheris-loader"
    corpus.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "fuzz/atheris_loader.py", str(corpus), f"-atheris_runs={args.atheris_runs}",
               f"-seed={args.seed}", "-max_len=4096", "-print_final_stats=1"]
    print("atheris:", " ".join(command), flush=True)
    started = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    lines = result.stderr.splitlines()
    stats = [line for line in lines if line.startswith(("stat::", "Done", "==", "INFO: -max_len"))]
    print("\n".join(stats[-20:]))
    print(f"atheris: exit {result.returncode}, {elapsed:,.0f} s, corpus {len(list(corpus.iterdir()))} files",
          flush=True)
    if result.returncode != 0:
        print("\n".join(lines[-60:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", default=["scenarios"])
    parser.add_argument("--mutants", type=int, default=100_000)
    parser.add_argument("--chunk", type=int, default=2_000)
    parser.add_argument("--atheris-runs", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=None, help="default: a random seed, printed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default="build/soak")
    parser.add_argument("--atheris-first", action="store_true")
    args = parser.parse_args()
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 2**31)
    print(f"soak: seed {args.seed}, {args.mutants:,} mutants in chunks of {args.chunk:,}, "
          f"{args.atheris_runs:,} atheris inputs", flush=True)
    steps = [atheris, fuzz_chunks] if args.atheris_first else [fuzz_chunks, atheris]
    for step in steps:
        if (step is atheris and args.atheris_runs > 0) or (step is fuzz_chunks and args.mutants > 0):
            step(args)


if __name__ == "__main__":
    main()
