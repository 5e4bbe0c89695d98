"""Benchmark (issue 21): incremental validation, ``validate --watch`` and ``admiralty lsp`` latencies.

On a copy of the bundled corpus and on the generated 500-scenario corpus with a 2,000-zone map (as in
``benchmarks/validate.py``) it prints: a full ``validate``; the incremental workspace's first run; a
one-file edit re-validated incrementally (a scenario, a catalog, the map: each with how many files it
re-validated); the watch mode's one-file edit end to end (a subprocess polling every 20 ms: from the write
to its printed line) and the time it reports for the re-validation itself; and the language server's
latency from a ``didChange`` to its ``publishDiagnostics`` (a real server over stdio, debounce 0).
Run: ``python benchmarks/incremental.py``.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from corpus_gen import write_corpus

from admiralty.validator.incremental import Workspace
from admiralty.validator.pipeline import validate
from tests.lsp.client import Editor

ROOT = Path(__file__).resolve().parent.parent
REPEATS = 5


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def median_time(action: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def toggler(path: Path, old: str, new: str) -> Callable[[], None]:
    """Each call writes the file with ``old`` and ``new`` swapped (so every call is a real edit)."""
    state = {"edited": False}
    original = path.read_text(encoding="utf-8")
    assert old in original, (path, old)

    def flip() -> None:  # written whole and renamed over, as editors save: the watcher never sees half a file
        state["edited"] = not state["edited"]
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(original.replace(old, new, 1) if state["edited"] else original, encoding="utf-8")
        os.replace(temporary, path)

    return flip


def incremental(label: str, ws: Workspace, flip: Callable[[], None]) -> None:
    counts: list[int] = []

    def edit_and_refresh() -> None:
        flip()
        counts.append(len(ws.refresh().revalidated))

    took = median_time(edit_and_refresh, REPEATS * 2)
    print(f"  incremental, {label:<34} {ms(took)}  ({counts[0]} files re-validated)")


def watch_round_trip(folder: Path, flip: Callable[[], None]) -> tuple[float, float]:
    """(write -> printed line, the re-validation time the watcher reports), medians over a few edits."""
    proc = subprocess.Popen([sys.executable, "-m", "admiralty", "validate", "c", "--watch", "--format", "json",
                             "--interval", "0.02"], cwd=folder, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    proc.stdout.readline()  # the first full run
    ends, reported = [], []
    try:
        for _ in range(REPEATS * 2):
            time.sleep(0.1)
            started = time.perf_counter()
            flip()
            line = proc.stdout.readline()
            ends.append(time.perf_counter() - started)
            reported.append(json.loads(line)["ms"] / 1000)
    finally:
        proc.terminate()
        proc.wait()
    return statistics.median(ends), statistics.median(reported)


def lsp_latency(folder: Path, scenario: Path, old: str, new: str) -> float:
    """didChange -> publishDiagnostics on a real server (debounce 0), median over a few edits."""
    async def session() -> float:
        editor = Editor(folder)
        await editor.client.start_io(sys.executable, "-m", "admiralty", "lsp", "c", "--debounce", "0",
                                     cwd=str(folder))
        from lsprotocol import types as lsp

        await editor.client.initialize_async(lsp.InitializeParams(capabilities=lsp.ClientCapabilities(),
                                                                  root_uri=folder.as_uri()))
        editor.client.initialized(lsp.InitializedParams())
        text = editor.open(scenario)
        await editor.next_for(scenario)
        times = []
        for i in range(REPEATS * 2):
            started = time.perf_counter()
            editor.change(scenario, text.replace(old, new, 1) if i % 2 == 0 else text)
            await editor.next_for(scenario)
            times.append(time.perf_counter() - started)
        await editor.stop()
        return statistics.median(times)

    return asyncio.run(session())


def measure(label: str, folder: Path, scenario: Path, ship_edit: tuple[str, str], catalog: Path,
            catalog_edit: tuple[str, str], map_file: Path, map_edit: tuple[str, str]) -> None:
    print(label)
    os.chdir(folder)
    full = median_time(lambda: validate(["c"]), 3)
    print(f"  full validate                                   {ms(full)}")
    ws = Workspace(["c"])
    started = time.perf_counter()
    ws.refresh()
    print(f"  incremental workspace, first run                {ms(time.perf_counter() - started)}")
    incremental("one scenario edited", ws, toggler(scenario, *ship_edit))
    incremental("one catalog edited", ws, toggler(catalog, *catalog_edit))
    incremental("the map edited", ws, toggler(map_file, *map_edit))
    end_to_end, reported = watch_round_trip(folder, toggler(scenario, *ship_edit))
    print(f"  watch, one scenario edited: re-validation       {ms(reported)}  (write -> printed: "
          f"{ms(end_to_end).strip()}, polling every 20 ms)")
    latency = lsp_latency(folder, scenario, *ship_edit)
    print(f"  lsp, didChange -> publishDiagnostics            {ms(latency)}")


def main() -> None:
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        bundled = Path(tmp) / "bundled"
        shutil.copytree(ROOT / "scenarios", bundled / "c", ignore=shutil.ignore_patterns("*.py"))
        (bundled / "admiralty").symlink_to(ROOT / "admiralty")
        measure("bundled corpus (scenarios/)", bundled, Path("c/dreadnought/scenarios/otranto-1917.yaml"),
                ("ships: [Novara, Helgoland]", "ships: [Novarra, Helgoland]"),
                Path("c/dreadnought/ships/austria-hungary-1917.yaml"), ("{name: Saida,", "{name: Saida2,"),
                Path("c/dreadnought/maps/adriatic.yaml"), ("title:", "title: x"))
        os.chdir(here)
        large = Path(tmp) / "large"
        write_corpus(large / "c", 2000, 500)
        scenario = Path("c/bench-0.yaml")
        text = (large / scenario).read_text(encoding="utf-8")
        first_ship = text.split("ships: [", 1)[1].split(",", 1)[0].split("]", 1)[0]
        catalog = next(p.relative_to(large) for p in sorted((large / "c").glob("*.yaml"))
                       if "kind: ships" in p.read_text(encoding="utf-8"))
        map_file = next(p.relative_to(large) for p in sorted((large / "c").glob("*.yaml"))
                        if "kind: map" in p.read_text(encoding="utf-8"))
        measure("500 scenarios, 2,000-zone map", large, scenario, (f"ships: [{first_ship}", f"ships: [{first_ship}x"),
                catalog, ("name: Cruiser", "name: Cruiser x"), map_file, ("title:", "title: x"))
        os.chdir(here)


if __name__ == "__main__":
    main()
