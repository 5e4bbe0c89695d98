"""Figures for issue 20 (item 2): smoke games per second, pure Python against the mypyc-compiled engine.

``compiled_python()`` gives the python of a virtual environment holding the compiled install
(``ADMIRALTY_COMPILE=1``) of the working tree. It is built once, under ``build/compiled-venv``, and built again
only when a source it was built from changes (the package, the backend in _build/, setup.py, pyproject.toml):
a compiled build takes minutes, a benchmark should not pay it each run, nor ever measure stale code.

Run as a script, it plays every corpus scenario's games (seeds 0..N-1 of each of its smoke.players kinds) on one
worker in each interpreter, after one warm-up game per player kind, and prints games per second of CPU time
(``time.process_time``) for each, their ratio, and whether the event logs of the two runs are identical.
Run: ``python benchmarks/compiled.py [--games N] [--only ID ...]`` (N per player kind, default 20).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.outside.test_wheel import ROOT, _working_tree_files, build_wheel

VENV = ROOT / "build" / "compiled-venv"
STAMP = VENV / "admiralty-sources.sha256"
BUILD_INPUTS = ("admiralty/", "_build/", "setup.py", "pyproject.toml", "MANIFEST.in")

# Played inside each interpreter with -I (no working directory, no PYTHONPATH on sys.path), so that the
# compiled venv imports its installed package and not this checkout's sources.
PLAY = """
import hashlib, json, sys, time
from admiralty.smoke.runner import Limits, play_smoke_game
from admiralty.validator.pipeline import validate
import admiralty.rulesets.dreadnought.engine.game as probe
compiled = not probe.__file__.endswith(".py")
corpus, games, only = sys.argv[1], int(sys.argv[2]), set(sys.argv[3:])
limits = Limits(seconds=600.0)
for scenario in sorted(validate([corpus]).scenarios, key=lambda s: s.id):
    if only and scenario.id not in only:
        continue
    for kind in scenario.smoke.players:  # the corpus's kinds: napoleonic has heuristic and random, no scripted
        play_smoke_game(scenario, 10_000, kind, limits=limits)  # warm: imports, caches, derived model data
    digest = hashlib.sha256()
    cpu, wall = time.process_time(), time.perf_counter()
    for kind in scenario.smoke.players:
        for seed in range(games):
            digest.update(play_smoke_game(scenario, seed, kind, limits=limits).event_hash.encode())
    print(json.dumps({"id": scenario.id, "games": len(scenario.smoke.players) * games, "cpu": time.process_time() - cpu,
                      "wall": time.perf_counter() - wall, "events": digest.hexdigest(),
                      "compiled": compiled}), flush=True)
"""


def sources_hash() -> str:
    """SHA-256 over the working-tree files the compiled install is built from (names and contents)."""
    digest = hashlib.sha256()
    for name in sorted(_working_tree_files()):
        if name.startswith(BUILD_INPUTS):
            digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    return digest.hexdigest()


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """One builder at a time: two benchmarks started together would otherwise build into one folder."""
    VENV.parent.mkdir(parents=True, exist_ok=True)
    with open(VENV.parent / "compiled-venv.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def compiled_python() -> str:
    """The python of a venv with the compiled install of this working tree, built first if missing or stale."""
    python = VENV / "bin" / "python"
    wanted = sources_hash()
    with _locked():
        if python.is_file() and STAMP.is_file() and STAMP.read_text().strip() == wanted:
            return str(python)
        print("benchmarks/compiled.py: building the compiled install (a few minutes) ...", file=sys.stderr)
        with tempfile.TemporaryDirectory() as folder:
            previous = os.environ.get("ADMIRALTY_COMPILE")
            os.environ["ADMIRALTY_COMPILE"] = "1"  # build_wheel's pip inherits it
            try:
                wheel = build_wheel(Path(folder))
            finally:
                if previous is None:
                    del os.environ["ADMIRALTY_COMPILE"]
                else:
                    os.environ["ADMIRALTY_COMPILE"] = previous
            shutil.rmtree(VENV, ignore_errors=True)
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
            subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                            str(wheel)], check=True)
        STAMP.write_text(wanted + "\n")
    return str(python)


def play(python: str, games: int, only: list[str]) -> dict[str, dict[str, float | str | bool]]:
    """Scenario id -> games, CPU and wall seconds, and the event-log digest, as measured by ``python``."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run([python, "-I", "-c", PLAY, str(ROOT / "scenarios"), str(games), *only],
                          cwd=tempfile.gettempdir(), env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{python} failed:\n{done.stderr}")
    return {row["id"]: row for row in map(json.loads, done.stdout.splitlines())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20, help="games per player kind and scenario (default 20)")
    parser.add_argument("--only", nargs="*", default=[], metavar="ID", help="only these scenario ids")
    args = parser.parse_args()
    compiled = compiled_python()
    pure = play(sys.executable, args.games, args.only)
    fast = play(compiled, args.games, args.only)
    if any(row["compiled"] for row in pure.values()) or not all(row["compiled"] for row in fast.values()):
        raise SystemExit("the pure run imported compiled modules, or the compiled one pure ones: see the venvs")
    print(f"{'scenario':<24}{'games':>6}{'pure g/s':>10}{'compiled g/s':>14}{'ratio':>7}  "
          f"{'pure CPU s':>10}{'compiled CPU s':>15}  events")
    total_pure = total_fast = 0.0
    same = True
    for scenario, measured in pure.items():
        other = fast[scenario]
        cpu_pure, cpu_fast = float(measured["cpu"]), float(other["cpu"])
        total_pure, total_fast = total_pure + cpu_pure, total_fast + cpu_fast
        games = int(measured["games"])
        identical = measured["events"] == other["events"]
        same = same and identical
        print(f"{scenario:<24}{games:>6}{games / cpu_pure:>10.1f}{games / cpu_fast:>14.1f}"
              f"{cpu_pure / cpu_fast:>6.2f}x  {cpu_pure:>10.2f}{cpu_fast:>15.2f}  "
              f"{'identical' if identical else 'DIFFERENT'}")
    print(f"{'all':<24}{'':>6}{'':>10}{'':>14}{total_pure / total_fast:>6.2f}x  {total_pure:>10.2f}"
          f"{total_fast:>15.2f}  {'identical' if same else 'DIFFERENT'}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
