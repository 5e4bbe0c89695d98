"""Resource bounds: every hostile input ends in a diagnostic within 2 s and 200 MB.

Runs ``admiralty validate`` in a fresh child process for each file of ``tests/bad/`` (next to the mini
fixtures it refers to, as ``tests/validator/test_bad_corpus.py`` does) plus generated inputs, and prints
each one's seconds, peak memory (``os.wait4`` of that one child: ``ru_maxrss``, through a small launcher
so that the parent's own size does not count), exit code and the error codes reported, checked against
the code expected. The generated inputs are the classic attacks (a 50 MB
file, a billion-laughs file, a 100,000-deep nesting) and what the mutation fuzzer and issue 10 found:
integers of thousands of digits, ``1e999``, a file of more values than the loader allows, a grid of 180
million cells, ten thousand unknown ships against ten thousand known, a 2,000-entry fire plan on a table
of 500 terrain pieces, and alias and merge-key expansions just under and just over the bound.

Bounds are enforced by the validator, not by luck: the loader's size, depth, value and alias-expansion
bounds (``admiralty.validator.load``), the grid bound (``GRA005``), the "did you mean" budget per run
(``admiralty.validator.build.SUGGESTION_WORK``) and the indexed terrain lookup. This shows they hold.
**Cold**, whole processes, is all this benchmark measures (a bound is about what one run costs): each input
is validated in turn with a baseline, the mini fixtures alone (``tests/fixtures/mini``), >= 5 pairs
(``BENCH_PAIRS``); it prints the input's median seconds (wall and CPU) and peak MB, the median ratio to
the baseline and its min, and judges the bound on the CPU median (on a shared machine the wall clock
mostly measures the neighbours) and the largest peak. There is no warm figure: a hostile input is met
once, by a fresh process. Exit code 1 when an input is over a bound.
Run: ``python benchmarks/resources.py`` (``--only NAME`` for some inputs).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "bad"
MINI = [ROOT / "tests" / "fixtures" / "mini" / name for name in ("map.yaml", "ah.yaml", "it.yaml")]
LIMIT_SECONDS, LIMIT_MB = 2.0, 200.0
PAIRS = max(5, int(os.environ.get("BENCH_PAIRS", "5")))
MAP_HEAD = ("kind: map\nruleset: dreadnought\nid: {id}\ntitle: Hostile\n"
            "grid: {{rows: [A, B], columns: [1, 2], cell: 10}}\n")


def _fifty_megabytes(folder: Path) -> None:
    with (folder / "fifty-megabytes.yaml").open("w") as handle:
        handle.write("kind: map\nruleset: dreadnought\nsources:\n")
        line = "- " + "x" * 98 + "\n"
        for _ in range(50 * 1024 * 1024 // len(line)):
            handle.write(line)


def _laughs(folder: Path, levels: int = 9, name: str = "billion-laughs-9.yaml") -> None:
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    rows += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, levels)]
    (folder / name).write_text(MAP_HEAD.format(id="laughs") + "\n".join(rows) + "\n")


def _deep(folder: Path) -> None:
    (folder / "nesting-100000.yaml").write_text("x: " + "[" * 100_000 + "]" * 100_000 + "\n")


def _huge_numbers(folder: Path) -> None:
    (folder / "integer-5000-digits.yaml").write_text(MAP_HEAD.format(id="digits") + "x: " + "9" * 5000 + "\n")
    (folder / "hex-1000000-digits.yaml").write_text(MAP_HEAD.format(id="hex") + "x: 0x" + "f" * 1_000_000 + "\n")
    (folder / "float-1e999.yaml").write_text(MAP_HEAD.format(id="overflow") + "x: [1e999, -1e999]\n")


def _values(folder: Path) -> None:
    points = ", ".join(f"[{i}, {i}]" for i in range(40_000))  # 120,000 values in 0.9 MB
    (folder / "values-120000.yaml").write_text(MAP_HEAD.format(id="values") + f"x: [{points}]\n")
    row = "- [" + ", ".join(["1"] * 60) + "]\n"
    with (folder / "values-8-megabytes.yaml").open("w") as handle:  # just under the size bound
        handle.write(MAP_HEAD.format(id="eight") + "x:\n")
        for _ in range((8 * 1024 * 1024 - 200) // len(row)):
            handle.write(row)


def _aliases(folder: Path) -> None:
    """Expansions just under the alias bound (499,000 nodes) and merge keys that would copy a mapping of
    10,000 keys a thousand times."""
    rows = ["a0: &a0 [" + ", ".join(["x"] * 999) + "]"]
    rows.append("a1: [" + ", ".join(["*a0"] * 498) + "]")
    (folder / "aliases-499000.yaml").write_text(MAP_HEAD.format(id="aliases") + "\n".join(rows) + "\n")
    base = "base: &b {" + ", ".join(f"k{i}: {i}" for i in range(10_000)) + "}\n"
    merged = "many:\n" + "".join(f"  - {{<<: *b, n: {i}}}\n" for i in range(1000))
    (folder / "merge-keys-10000x1000.yaml").write_text(MAP_HEAD.format(id="merges") + base + merged)


def _grid(folder: Path) -> None:
    (folder / "grid-180-million-cells.yaml").write_text(
        "kind: map\nruleset: dreadnought\nid: vast\ntitle: Vast\ngrid: {rows: [A, ZZZ], columns: [0, 9999], cell: 1}\n")


def _unknown_ships(folder: Path) -> None:
    target = folder / "ten-thousand-unknown-ships"
    target.mkdir()
    rng = random.Random(1)

    def name() -> str:
        return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(10)).capitalize()

    (target / "map.yaml").write_text(MINI[0].read_text())
    cls = ("classes:\n  - {id: cl, name: CL, type: CL, speed: '2', hull: 4, fuel: {kind: coal, boxes: 4}, "
           "victory_points: 6}\n")
    for c in range(5):
        ships = "".join(f"  - {{name: {name()}, class: cl}}\n" for _ in range(2000))
        (target / f"cat-{c}.yaml").write_text(f"kind: ships\nruleset: dreadnought\nid: cat-{c}\nnation: italy\n"
                                              f"title: Catalog\n{cls}ships:\n{ships}")
    fleets = "".join(f"      - {{id: f{i}, mission: intercept, start: westport, orders: [C2, C2], "
                     f"ships: [{', '.join(name() for _ in range(100))}]}}\n" for i in range(100))
    (target / "scenario.yaml").write_text(
        "kind: scenario\nruleset: dreadnought\nid: many\ntitle: Many\nmap: mini\n"
        f"catalogs: [{', '.join(f'cat-{c}' for c in range(5))}]\nturns: {{count: 2}}\n"
        f"sides:\n  - id: a\n    name: A\n    nations: [italy]\n    fleets:\n{fleets}"
        "  - {id: b, name: B, nations: [austria-hungary], fleets: []}\nvictory: {conditions: [{side: a, kind: vp-lead, "
        "value: 1}], otherwise: b}\n")


def _fire_plan(folder: Path) -> None:
    target = folder / "fire-plan-2000-on-500-pieces"
    target.mkdir()
    rng = random.Random(2)
    terrain = "".join(
        f"  - {{id: t{i}, name: T{i}, kind: {rng.choice(['building', 'built-up', 'rough', 'cover'])}, polygon: "
        f"[[{x}, {y}], [{x + 20}, {y}], [{x + 20}, {y + 20}], [{x}, {y + 20}]]}}\n"
        for i, (x, y) in enumerate(((i % 25) * 80 + 5, (i // 25) * 80 + 5) for i in range(500)))
    (target / "table.yaml").write_text(f"kind: table\nruleset: napoleonic\nid: big\ntitle: Big\nsize: [2000, 2000]\n"
                                       f"terrain:\n{terrain}")
    units = "".join(f"  - {{id: u{i}, name: U{i}, side: {'ab'[i % 2]}, type: infantry, class: first, figures: 16, "
                    f"bases: 4, formation: line, at: [{(i % 25) * 80 + 50}, {(i // 25) * 80 + 50 + 20 * (i % 2)}], "
                    f"facing: 0}}\n" for i in range(500))
    batteries = "".join(f"  - {{id: b{i}, name: B{i}, side: {'ab'[i % 2]}, guns: 4, howitzers: 2, "
                        f"at: [{(i % 20) * 100 + 60}, {(i // 20) * 200 + 40}], facing: 0}}\n" for i in range(200))
    plan = "".join(f"  - {{battery: b{b}, turn: {rng.randint(1, 200)}, target: u{rng.randrange(1 - b % 2, 500, 2)}}}\n"
                   for b in (rng.randrange(200) for _ in range(2000)))
    (target / "scenario.yaml").write_text(
        "kind: scenario\nruleset: napoleonic\nid: big-battle\ntitle: Big\ntable: big\nturns: {count: 200}\n"
        "sides:\n  - {id: a, name: A, nations: [x]}\n  - {id: b, name: B, nations: [y]}\n"
        f"units:\n{units}batteries:\n{batteries}fire_plan:\n{plan}")


# name (file or folder made in the temporary folder) -> (generator, the error codes expected)
GENERATED: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifty-megabytes.yaml": (_fifty_megabytes, "YML007"),
    "billion-laughs-9.yaml": (_laughs, "YML005"),
    "nesting-100000.yaml": (_deep, "YML006"),
    "integer-5000-digits.yaml": (_huge_numbers, "YML013"),
    "hex-1000000-digits.yaml": (lambda folder: None, "YML013"),
    "float-1e999.yaml": (lambda folder: None, "YML011"),
    "values-120000.yaml": (_values, "YML014"),
    "values-8-megabytes.yaml": (lambda folder: None, "YML014"),
    "aliases-499000.yaml": (_aliases, "SCH002"),
    "merge-keys-10000x1000.yaml": (lambda folder: None, "YML005"),
    "grid-180-million-cells.yaml": (_grid, "GRA005"),
    "ten-thousand-unknown-ships": (_unknown_ships, "REF005"),
    "fire-plan-2000-on-500-pieces": (_fire_plan, "GEO023,GEO024,REF001"),
}


def _expected_bad() -> dict[str, str]:
    rows = [line.split() for line in (BAD / "expected.txt").read_text().splitlines() if line and line[0] != "#"]
    return {row[0]: row[1] for row in rows}


# A child's ``ru_maxrss`` starts at its parent's resident size (Linux records the old memory's peak at
# exec), so the validator is started by a small launcher that reports its own child's peak.
LAUNCHER = ("import json, os, sys\n"
            "pid = os.posix_spawn(sys.executable, [sys.executable, *sys.argv[1:]], os.environ,"
            " file_actions=[(os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])\n"
            "_, status, usage = os.wait4(pid, 0)\n"
            "sys.stderr.write(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_maxrss,"
            " usage.ru_utime + usage.ru_stime]))\n")


def run(paths: list[Path]) -> tuple[float, float, float, int, list[str]]:
    """Validate ``paths`` in a child process: wall seconds, CPU seconds and peak MB of that child (``wait4``),
    exit code, error codes. The wall seconds include the launcher's own start (about 0.02 s)."""
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", LAUNCHER, "-m", "admiralty", "validate", *map(str, paths),
                           "--format", "json"], capture_output=True, cwd=ROOT, text=True, check=True)
    seconds = time.perf_counter() - started
    code, peak_kb, cpu = json.loads(proc.stderr)
    try:
        found = json.loads(proc.stdout)["diagnostics"]
        codes = sorted({d["code"] for d in found if d["severity"] == "error"})
    except (json.JSONDecodeError, KeyError):
        codes = ["<no report>"]
    return seconds, cpu, peak_kb / 1024, code, codes


def paired(paths: list[Path]) -> tuple[list[tuple[float, float, float]], list[float], int, list[str]]:
    """``paths`` and the baseline (the mini fixtures alone) in turn: per pair (wall, cpu, peak MB) of the
    input, the CPU ratio input / baseline, and the input's exit code and codes."""
    runs, ratios = [], []
    code, found = 0, list[str]()
    for _ in range(PAIRS):
        wall, cpu, peak, code, found = run(paths)
        _, base_cpu, _, _, _ = run(MINI)
        runs.append((wall, cpu, peak))
        ratios.append(cpu / base_cpu if base_cpu else 0.0)
    return runs, ratios, code, found


def main(argv: list[str]) -> int:
    only = set(argv[argv.index("--only") + 1:]) if "--only" in argv else set()
    worst = 0
    with tempfile.TemporaryDirectory(prefix="admiralty-resources-") as tmp:
        folder = Path(tmp)
        expected = _expected_bad()
        inputs: list[tuple[str, list[Path], str]] = [(p.name, [*MINI, p], expected.get(p.name, "?"))
                                                     for p in sorted(BAD.glob("*.yaml"))]
        for name, (generate, codes) in GENERATED.items():
            generate(folder)
            inputs.append((name, [folder / name], codes))
        print(f"COLD whole processes, each input in turn with the mini fixtures alone ({PAIRS} pairs); medians")
        print(f"{'input':<38} {'wall s':>7} {'cpu s':>6} {'x base':>6} {'(min)':>6} {'peak MB':>8} {'exit':>4}  "
              f"codes (expected)")
        for name, paths, codes in inputs:
            if only and name not in only:
                continue
            runs, ratios, code, found = paired(paths)
            wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
            peak = max(r[2] for r in runs)
            ok = cpu <= LIMIT_SECONDS and peak <= LIMIT_MB and code in (0, 1)
            matched = set(codes.split(",")) <= set(found)
            worst |= not ok
            print(f"{name:<38} {wall:7.2f} {cpu:6.2f} {statistics.median(ratios):6.2f} {min(ratios):6.2f} "
                  f"{peak:8.1f} {code:>4}  {','.join(found)}{'' if matched else f' (expected {codes})'}"
                  f"{'' if ok else '  OVER'}", flush=True)
    print("all within bounds (CPU median, peak)" if not worst else "SOME INPUTS EXCEEDED THE BOUNDS")
    return worst


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
