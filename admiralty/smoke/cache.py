"""Never play the same game twice: the outcomes of finished smoke games, kept by content (issue 39).

A game is a pure function of the scenario's content (its document with its map and catalogs: ``content_hash``),
the engine (its ``ENGINE_VERSION`` and a digest of the source files that play a game: ``admiralty/engine``, the
rule system's folder and the smoke runner, so an edit that forgot to bump the version still misses), the rule
options, the limits, the player kind and the seed. One file per (all of that but the seed) holds the outcomes by
seed: ``<out>/cache/v2/<key>.json``, written atomically (``atomic.write_text``) so a killed run leaves the old
file or the new one. Only games that finished without a failure are kept: a failed game is played again (it must
write its replay file, and a timeout is not a function of the seed).

The folder is bounded: after a run, the least recently used files beyond ``MAX_FILES`` or ``MAX_BYTES`` are
removed (a hit touches its file). A file that cannot be read, or of another format, is a miss, never an error.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import TypedDict

from admiralty.atomic import OutputError, write_text
from admiralty.contract import ruleset_module
from admiralty.engine.protocols import ScenarioModel
from admiralty.resources import PACKAGE_DIR, source_digest
from admiralty.smoke.runner import Limits, Outcome

FORMAT = "admiralty-smoke-cache-2"  # 2: each game keeps its event counts (an older file is a miss)
FOLDER = "v2"
MAX_FILES = 2_000
MAX_BYTES = 64 * 1024 * 1024


@cache
def engine_digest(ruleset: str) -> str:
    """The ruleset's ENGINE_VERSION and a digest of the source files that play its games."""
    module = ruleset_module(ruleset)
    files = [*sorted((PACKAGE_DIR / "engine").rglob("*.py")),
             *sorted((PACKAGE_DIR / "rulesets" / ruleset).rglob("*.py")),
             PACKAGE_DIR / "smoke" / "runner.py"]  # what plays a game; not the statistics, the sweep or this cache
    return source_digest(str(getattr(module, "ENGINE_VERSION", "")), files)


class _Entry(TypedDict):
    """One finished game in a cache file (JSON): what ``get`` needs to give back its ``Outcome``."""

    winner: str | None
    points: dict[str, float]
    turns: int
    steps: int
    event_hash: str
    event_counts: dict[str, int]


def cache_key(scenario: ScenarioModel, player: str, limits: Limits, options: Mapping[str, object] | None = None) -> str:
    """The name of the file holding this scenario's games with this player kind, every seed."""
    parts = {"format": FORMAT, "scenario": str(scenario.id), "content": scenario.content_hash,
             "engine": engine_digest(str(scenario.ruleset)), "options": dict(options or {}), "player": player,
             "steps": limits.steps}
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:32]


class OutcomeCache:
    """The outcomes of finished games under ``<out_dir>/cache``; ``enabled`` False reads and writes nothing."""

    def __init__(self, out_dir: str | Path, enabled: bool = True) -> None:
        self.folder = Path(out_dir) / "cache" / FOLDER
        self.enabled = enabled
        self._loaded: dict[str, dict[int, _Entry]] = {}
        self._dirty: set[str] = set()

    def _entries(self, key: str) -> dict[int, _Entry]:
        if key not in self._loaded:
            self._loaded[key] = self._read(self.folder / f"{key}.json")
        return self._loaded[key]

    @staticmethod
    def _read(path: Path) -> dict[int, _Entry]:
        """The file's games (JSON read from disk: a wrong shape is caught below or by ``get``, a miss either way)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != FORMAT:
                return {}
            os.utime(path)  # least recently used is what the bound removes first
            return {int(seed): entry for seed, entry in data["games"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return {}

    def get(self, scenario: ScenarioModel, player: str, limits: Limits, seeds: Iterable[int]) -> dict[int, Outcome]:
        """The cached outcomes of these seeds (the others are missing from the answer)."""
        if not self.enabled:
            return {}
        entries = self._entries(cache_key(scenario, player, limits))
        found: dict[int, Outcome] = {}
        for seed in seeds:
            entry = entries.get(seed)
            if entry is not None:
                found[seed] = Outcome(str(scenario.id), player, seed, entry["winner"],
                                      dict(entry["points"]), int(entry["turns"]),
                                      int(entry["steps"]), str(entry["event_hash"]),
                                      event_counts=dict(entry["event_counts"]))
        return found

    def put(self, scenario: ScenarioModel, limits: Limits, outcomes: Iterable[Outcome]) -> None:
        """Keep these outcomes (those without a failure) in memory until :meth:`save`."""
        if not self.enabled:
            return
        for outcome in outcomes:
            if outcome.failure is None:
                key = cache_key(scenario, outcome.player, limits)
                self._entries(key)[outcome.seed] = _Entry(
                    winner=outcome.winner, points=dict(outcome.points), turns=outcome.turns, steps=outcome.steps,
                    event_hash=outcome.event_hash, event_counts=dict(outcome.event_counts))
                self._dirty.add(key)

    def save(self) -> None:
        """Write the files that changed (atomically), then keep the folder within its bounds. A cache that cannot
        be written never fails the run (nor hides why an interrupted run ended): it is only an optimisation."""
        if not self.enabled or not self._dirty:
            return
        for key in sorted(self._dirty):
            games = {str(seed): entry for seed, entry in sorted(self._entries(key).items())}
            try:
                write_text(self.folder / f"{key}.json", json.dumps({"format": FORMAT, "games": games},
                                                                    sort_keys=True, separators=(",", ":")) + "\n")
            except OutputError:
                break  # a full disk or a read-only folder: the next run plays these games again, nothing worse
        self._dirty.clear()
        self.trim()

    def trim(self, max_files: int = MAX_FILES, max_bytes: int = MAX_BYTES) -> int:
        """Remove the least recently used files beyond the bounds; how many were removed."""
        files = []
        for path in self.folder.glob("*.json"):
            with suppress(OSError):
                stat = path.stat()
                files.append((stat.st_mtime, stat.st_size, path))
        files.sort(reverse=True)
        kept_bytes, removed = 0, 0
        for number, (_, size, path) in enumerate(files):
            kept_bytes += size
            if number >= max_files or kept_bytes > max_bytes:
                with suppress(OSError):
                    path.unlink()
                    removed += 1
        return removed
