"""Benchmark: the game engine of this checkout against an earlier commit's, measured in the same run (issue 39).

The earlier commit (``--base REV``, default ``BASE``: HEAD when issue 39's engine work began) is checked out
into a temporary ``git worktree`` and each measurement runs in a fresh process, the two checkouts in turn
(>= 5 pairs), each process importing its own ``admiralty`` through ``PYTHONPATH`` and playing the games of
this checkout's corpus:

* **Otranto in the smoke runner with the CLI's defaults**: ``play_smoke_game`` over seeds 0..N-1 of each of
  the scenario's player kinds, every tenth seed's replay re-played (``--check-every 10``); the CPU milliseconds
  per game, measured inside the process over the games only (after one warm-up game). Target: at most 0.5x the
  earlier commit's.
* **The same Otranto games in the bare engine loop** (players and ``apply`` only: no record, invariants, event
  hash or replay check), in both checkouts, set against the target: the floor the smoke runner's figure would
  reach if the smoke contract cost nothing.
* **Jutland, one scripted game** (``replay.play`` with ``scripted`` on both sides): CPU milliseconds per game,
  quoted before and after.

Each process also prints a digest over its games' event-log hashes: the two checkouts must play the same
games (the golden hashes, ``tests/golden``, check all of the corpus). ``--profile`` then prints the top of a
cProfile of 200 Otranto smoke games in this checkout. ``benchmarks/engine_generated.py`` has the older
figures on a generated 24-turn scenario.
Run: ``python benchmarks/engine.py [--base REV] [--games N] [--jutland M] [--profile]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = "a1a123e"  # HEAD before issue 39's engine work (each decision once, touched invariants, hash as it grows)
PAIRS = max(5, int(os.environ.get("BENCH_PAIRS", "5")))
TARGET = 0.5  # Otranto smoke CPU per game, this checkout / base

CHILD = r"""
import hashlib, json, sys, time
from admiralty.validator.pipeline import validate
from admiralty.smoke.runner import play_smoke_game
from admiralty.engine.replay import play
import admiralty
what, games, corpus = sys.argv[1], int(sys.argv[2]), sys.argv[3]
scenario_id = "jutland-1916" if what == "jutland" else "otranto-1917"
[scenario] = [s for s in validate([corpus]).scenarios if s.id == scenario_id]
digest = hashlib.sha256()
if what == "otranto":
    kinds = tuple(scenario.smoke.players)
    play_smoke_game(scenario, 10**6, kinds[0])  # warm-up: lazy tables, memoised routes
    started = time.process_time()
    for kind in kinds:
        for seed in range(games):
            outcome = play_smoke_game(scenario, seed, kind, check_replay=seed % 10 == 0)
            assert outcome.failure is None, outcome.message
            digest.update(outcome.event_hash.encode())
    played = games * len(kinds)
elif what == "bare":  # the same games with nothing but the engine and the players: no record, check or hash
    from functools import partial
    from admiralty.engine.api import event_log_hash
    from admiralty.engine.players import GENERIC_PLAYERS, LazyView
    from admiralty.engine.replay import player_rng
    from admiralty.rulesets.dreadnought.engine import game as module
    registry = {**GENERIC_PLAYERS, **module.PLAYERS}
    kinds = tuple(scenario.smoke.players)

    def bare(seed, kind):
        game = module.new_game(scenario, seed, {})
        rngs, choose = {side: player_rng(seed, side) for side in game.sides}, registry[kind]
        while not game.is_over:
            side = game.to_move()[0]
            game.apply(side, choose(LazyView(partial(game.view, side)), game.legal_actions(side), rngs[side]))
        return game.events

    bare(10**6, kinds[0])
    started = time.process_time()
    logs = [bare(seed, kind) for kind in kinds for seed in range(games)]
    cpu = time.process_time() - started
    for events in logs:
        digest.update(event_log_hash(events).encode())
    played = games * len(kinds)
else:
    from admiralty.rulesets.dreadnought.engine import game as module
    sides = {side.id: "scripted" for side in scenario.sides}
    play(module, scenario, 10**6, sides)
    started = time.process_time()
    for seed in range(games):
        digest.update(play(module, scenario, seed, sides).event_hash.encode())
    played = games
if what != "bare":
    cpu = time.process_time() - started
print(json.dumps({"ms": cpu / played * 1000, "games": played, "digest": digest.hexdigest()[:16],
                  "package": admiralty.__file__}))
"""


def measure(checkout: Path, what: str, games: int) -> dict[str, object]:
    """One fresh process importing ``checkout``'s package: CPU ms per game and the games' digest."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run([sys.executable, "-c", CHILD, what, str(games), str(ROOT / "scenarios")], env=env,
                          cwd=checkout, capture_output=True, text=True, check=True)
    figures: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    if not str(figures["package"]).startswith(str(checkout)):
        raise SystemExit(f"the process imported {figures['package']}, not {checkout}'s package")
    return figures


def compare(base: Path, what: str, games: int, label: str) -> tuple[float, float, float]:
    """``what`` in this checkout and in ``base``, in turn; prints both and the ratio, returns the median ratio,
    the median ms per game before and after."""
    after: list[float] = []
    before: list[float] = []
    digests: set[tuple[object, object]] = set()
    for _ in range(PAIRS):
        now, then = measure(ROOT, what, games), measure(base, what, games)
        after.append(float(now["ms"]))  # type: ignore[arg-type]
        before.append(float(then["ms"]))  # type: ignore[arg-type]
        digests.add((now["digest"], then["digest"]))
    ratios = [a / b for a, b in zip(after, before, strict=True)]
    same = all(a == b for a, b in digests) and len(digests) == 1
    print(f"{label} ({PAIRS} pairs of fresh processes, in turn)")
    print(f"    before ({base.name}): cpu ms/game median {statistics.median(before):.2f} "
          f"(min {min(before):.2f}, max {max(before):.2f})")
    print(f"    after  (this):      cpu ms/game median {statistics.median(after):.2f} "
          f"(min {min(after):.2f}, max {max(after):.2f})")
    print(f"    ratio after/before: median {statistics.median(ratios):.3f}x (min {min(ratios):.3f}x, "
          f"max {max(ratios):.3f}x); same games (event-log hashes): {same}", flush=True)
    return statistics.median(ratios), statistics.median(before), statistics.median(after)


def bare_floor(base: Path, games: int, smoke: tuple[float, float, float]) -> None:
    """The same Otranto games played by the bare engine loop (the players' choices and ``apply``: no record, no
    invariants, no event hash, no replay check), in both checkouts: what the smoke runner's figure could reach if
    the smoke contract cost nothing, set against the target."""
    ratio, before, _ = smoke
    bare_ratio, _, bare = compare(base, "bare", games, "the same otranto-1917 games, bare engine loop (no checks, "
                                  "record or hash)")
    print(f"    the target is {TARGET * before:.2f} ms a smoke game ({TARGET}x the base's {before:.2f}); this "
          f"checkout's bare engine alone takes {bare:.2f} ms, {bare / (TARGET * before):.2f}x the target (bare "
          f"{bare_ratio:.2f}x the base's bare, smoke {ratio:.2f}x the base's smoke)", flush=True)


def profile(games: int) -> None:
    import cProfile
    import pstats

    sys.path.insert(0, str(ROOT))
    from admiralty.smoke.runner import play_smoke_game
    from admiralty.validator.pipeline import validate

    [scenario] = [s for s in validate([str(ROOT / "scenarios")]).scenarios if s.id == "otranto-1917"]
    kinds = tuple(scenario.smoke.players)
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        play_smoke_game(scenario, seed, kinds[seed % len(kinds)], check_replay=seed % 10 == 0)
    profiler.disable()
    print(f"\nPROFILE {games} otranto-1917 smoke games in this checkout (cProfile, top 20 by own time)")
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(20)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default=BASE, help=f"the earlier commit (default {BASE})")
    parser.add_argument("--games", type=int, default=100, help="Otranto seeds per player kind (default 100)")
    parser.add_argument("--jutland", type=int, default=5, help="Jutland scripted games a process (default 5)")
    parser.add_argument("--profile", action="store_true", help="then profile 200 Otranto smoke games")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="admiralty-base-") as tmp:
        base = Path(tmp) / f"base-{args.base}"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(base), args.base],
                       check=True)
        try:
            smoke = compare(base, "otranto", args.games, f"otranto-1917 smoke games, CLI defaults, "
                            f"{args.games} seeds x player kinds")
            ratio = smoke[0]
            print(f"    target <= {TARGET}x: {'met' if ratio <= TARGET else 'MISSED'}")
            bare_floor(base, args.games, smoke)
            compare(base, "jutland", args.jutland, f"jutland-1916, scripted on both sides, {args.jutland} games")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    if args.profile:
        profile(200)
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
