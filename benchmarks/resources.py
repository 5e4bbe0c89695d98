"""Resource bounds: every hostile input ends in a diagnostic within 2 s and 200 MB.

Runs ``admiralty validate`` in a fresh child process for each file of ``tests/bad/`` plus three generated
inputs (a 50 MB file, a billion-laughs file, a 100,000-deep nesting) and prints each one's seconds, peak
memory (``resource.getrusage`` of the child), exit code and codes reported. Bounds are enforced by the
loader (size, depth and alias-expansion limits), not by luck: this shows they hold.
Run: ``python benchmarks/resources.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT_SECONDS, LIMIT_MB = 2.0, 200.0


def generate(folder: Path) -> list[Path]:
    big = folder / "fifty-megabytes.yaml"
    with big.open("w") as handle:
        handle.write("kind: map\nruleset: dreadnought\nsources:\n")
        line = "- " + "x" * 98 + "\n"
        for _ in range(50 * 1024 * 1024 // len(line)):
            handle.write(line)
    laughs = folder / "billion-laughs-9.yaml"
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    rows += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    laughs.write_text("\n".join(rows) + "\n")
    deep = folder / "nesting-100000.yaml"
    deep.write_text("x: " + "[" * 100_000 + "]" * 100_000 + "\n")
    return [big, laughs, deep]


def run(path: Path) -> tuple[float, float, int, list[str]]:
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "admiralty", "validate", str(path), "--format", "json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - started
    out = proc.stdout.read() if proc.stdout else ""
    codes = sorted({d["code"] for d in json.loads(out)["diagnostics"]}) if out.strip() else ["<no output>"]
    return seconds, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), codes


def main() -> int:
    worst = 0
    with tempfile.TemporaryDirectory() as tmp:
        inputs = sorted((ROOT / "tests" / "bad").glob("*.yaml")) + generate(Path(tmp))
        print(f"{'input':<34} {'seconds':>8} {'peak MB':>8} {'exit':>5}  codes")
        for path in inputs:
            seconds, peak, code, codes = run(path)
            ok = seconds <= LIMIT_SECONDS and peak <= LIMIT_MB and code in (0, 1)
            worst |= not ok
            print(f"{path.name:<34} {seconds:8.2f} {peak:8.1f} {code:>5}  {','.join(codes)}{'' if ok else '  OVER'}")
    print("all within bounds" if not worst else "SOME INPUTS EXCEEDED THE BOUNDS")
    return worst


if __name__ == "__main__":
    raise SystemExit(main())
