"""Paired timing for the benchmarks: a measured run and its baseline in turn (A, B, A, B, ...).

Every benchmark reports two figures for each comparison, in this order:

1. **cold**: whole processes, started fresh the way a user or CI starts them (interpreter start, imports,
   caches empty in memory), timed from outside with ``os.wait4`` (wall seconds and the child's own CPU
   seconds, user + system);
2. **warm**: the same work repeated inside one process that has already done it once (imports done,
   in-memory caches full): what the work itself costs.

Each figure is a ratio to a baseline measured in the same script, the two run **in turn** so that a drift
of the machine's speed (it is shared) hits both alike; the ratio is taken pair by pair and its median and
minimum (and maximum, for the spread) over at least five pairs are printed. A script exits non-zero only
when a **cold** median misses its target: warm figures explain, cold ones are what is paid.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAIRS = int(os.environ.get("BENCH_PAIRS", "5"))  # at least five: fewer are raised to five
PYTHON = sys.executable


@dataclass
class Paired:
    """The runs of one comparison: seconds of A and of B per pair (wall, and CPU for whole processes)."""

    label: str
    a_wall: list[float] = field(default_factory=list)
    b_wall: list[float] = field(default_factory=list)
    a_cpu: list[float] = field(default_factory=list)
    b_cpu: list[float] = field(default_factory=list)
    codes: set[int] = field(default_factory=set)

    def ratios(self, cpu: bool = False) -> list[float]:
        a, b = (self.a_cpu, self.b_cpu) if cpu else (self.a_wall, self.b_wall)
        return [x / y for x, y in zip(a, b, strict=True) if y > 0]

    def ratio(self, cpu: bool = False) -> float:
        return statistics.median(self.ratios(cpu))


def _pairs(pairs: int | None) -> int:
    return max(5, pairs or PAIRS)


def run_process(command: Sequence[str], *, cwd: Path = ROOT,
                env: dict[str, str] | None = None) -> tuple[float, float, int]:
    """One whole process: (wall seconds, its CPU seconds user + system, exit code). Output is discarded."""
    started = time.perf_counter()
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(list(command), cwd=cwd, env=env, stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, child.returncode


def cold(label: str, a: Sequence[str], b: Sequence[str], *, pairs: int | None = None, warmup: int = 1,
         cwd: Path = ROOT, env: dict[str, str] | None = None, b_cwd: Path | None = None,
         b_env: dict[str, str] | None = None) -> Paired:
    """Whole processes ``a`` and ``b`` in turn, after ``warmup`` unrecorded pairs (the OS file cache); ``b`` runs
    in ``b_cwd`` with ``b_env`` when given (another checkout of the project, say), else as ``a`` does."""
    result = Paired(label)
    for n in range(warmup + _pairs(pairs)):
        wall_a, cpu_a, code = run_process(a, cwd=cwd, env=env)
        wall_b, cpu_b, _ = run_process(b, cwd=b_cwd or cwd, env=b_env if b_env is not None else env)
        if n >= warmup:
            result.a_wall.append(wall_a)
            result.a_cpu.append(cpu_a)
            result.b_wall.append(wall_b)
            result.b_cpu.append(cpu_b)
            result.codes.add(code)
    return result


def warm(label: str, a: Callable[[], object], b: Callable[[], object], *, pairs: int | None = None,
         warmup: int = 1) -> Paired:
    """Callables ``a`` and ``b`` in turn in this process (after ``warmup`` unrecorded pairs): wall seconds
    and this process's CPU seconds of each call."""
    result = Paired(label)
    for n in range(warmup + _pairs(pairs)):
        for fn, wall, cpu in ((a, result.a_wall, result.a_cpu), (b, result.b_wall, result.b_cpu)):
            started, started_cpu = time.perf_counter(), time.process_time()
            fn()
            if n >= warmup:
                wall.append(time.perf_counter() - started)
                cpu.append(time.process_time() - started_cpu)
    return result


def _spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.3f} (min {min(values):.3f}, max {max(values):.3f})"


def report(kind: str, paired: Paired, a_name: str, b_name: str, *, target: float | None = None,
           below: bool = True, on: str = "cpu") -> bool:
    """Print one comparison; True unless a target is given and the median ratio misses it (``below``: the
    ratio must be at most ``target``; otherwise at least). ``on``: judged on the ``cpu`` ratio (what the
    process itself costs: on a shared machine the wall clock mostly measures the other tenants) or ``wall``."""
    ratios, cpu = paired.ratios(), paired.ratios(cpu=True)
    verdict = ""
    met = True
    if target is not None:
        judged = paired.ratio(cpu=on == "cpu")
        met = judged <= target if below else judged >= target
        verdict = f"  target ({on}) {'<=' if below else '>='} {target:g}x: {'met' if met else 'MISSED'}"
    print(f"{kind.upper():<4} {paired.label} ({len(ratios)} pairs, in turn)")
    print(f"       {a_name:<28} wall s {_spread(paired.a_wall)}  cpu s {_spread(paired.a_cpu)}")
    print(f"       {b_name:<28} wall s {_spread(paired.b_wall)}  cpu s {_spread(paired.b_cpu)}")
    print(f"       ratio A/B  wall median {statistics.median(ratios):.2f}x min {min(ratios):.2f}x "
          f"max {max(ratios):.2f}x | cpu median {statistics.median(cpu):.2f}x min {min(cpu):.2f}x{verdict}",
          flush=True)
    if paired.codes - {0, 1}:
        print(f"       note: exit codes {sorted(paired.codes)}")
    return met


def python_command(code: str, *args: str) -> list[str]:
    """A whole Python process running ``code`` (imports from this checkout)."""
    return [PYTHON, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r})\n{code}", *args]


def admiralty(*args: str) -> list[str]:
    """``admiralty ARGS`` as a user runs it (``python -m admiralty`` of this checkout)."""
    return [PYTHON, "-m", "admiralty", *args]


BARE_PARSE = """
import os, yaml
for top in sys.argv[1:]:
    for folder, _, names in sorted(os.walk(top)):
        for name in sorted(names):
            if name.endswith(('.yaml', '.yml')):
                with open(os.path.join(folder, name), 'rb') as handle:
                    yaml.load(handle, Loader=yaml.CSafeLoader)
"""
"""The floor of validation: a bare ``CSafeLoader`` parse of every YAML file below the folders given."""
