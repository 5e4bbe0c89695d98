"""Benchmark (issue 36): how long an editor waits for the language server's first diagnostics on the bundled
corpus.

A real server (``python -m admiralty lsp``, over stdio, driven by pygls's client as the tests drive it) is
started in a copy of the repository's ``scenarios/`` with the copy as its workspace; the script opens
Otranto right after ``initialized``, as an editor does when it starts on a file, and prints: the time to the
``initialize`` answer, to the first ``publishDiagnostics`` of any file, to the opened document's first, and to
the last of the workspace's (the server quiet for 1 s). Each figure is the median of ``REPEATS`` fresh
servers. Run: ``python benchmarks/lsp_first.py``.

Measured on the 2-core machine at a load of about 5, before and after the server validated the opened document
first (alone, with the map and catalogs it needs) and the rest of the workspace after it: the opened document's
diagnostics 1.57 -> 1.21 s (fast extra), 2.11 -> 1.67 s (core install), 1.77 -> 1.37 s (repository root); the
whole workspace's stays about where it was (1.58 -> 1.66 s: it now follows the opened document's publication).

The last case (issue 36, item 9 with issue 37's ``uses:``) is a repository made by ``admiralty init`` that
``uses: [admiralty]``, opened on a scenario on the bundled Baltic map and catalogs; the script also prints the
server's CPU time to that point, which a loaded machine inflates less than the wall clock. Each case starts with
an empty cache folder for the used corpus's models (``stored_models``): its first server builds them, the next ones
read them. Run it with words of the labels to time only those cases: ``python benchmarks/lsp_first.py "uses fast"``.
Measured at a load of 5.3-7.9 (2 cores), the old and the new code interleaved three times (each a median of
three servers), before and after the used corpus became the workspace's context (read only as far as the opened
document needs it, never checked, its models kept between runs) and a valid project file stopped importing
jsonschema, with bytecode as an installed admiralty has it: the server's CPU time to the opened document's
diagnostics 0.92-0.93 -> 0.66-0.69 s (fast extra), 1.29-1.33 -> 0.79-0.86 s (core install); the wall clock
1.80-2.01 -> 1.03-1.50 s (fast), 2.69-3.31 -> 1.25-3.04 s (core; its 3.04 s at a load of 7.9). A first server,
which builds the models it keeps, takes 1.0-1.2 s of CPU. About 0.5 s of every figure is Python, pygls and
lsprotocol starting (before ``initialize`` is answered).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.lsp.client import Editor

ROOT = Path(__file__).resolve().parent.parent
OTRANTO = Path("scenarios/dreadnought/scenarios/otranto-1917.yaml")
ALAND = Path("scenarios/dreadnought/scenarios/aland-1915.yaml")
FIXTURES = ROOT / "tests" / "fixtures" / "uses"
REPEATS = 3


async def once(folder: Path, paths: tuple[str, ...], env: dict[str, str], opened: Path = OTRANTO) -> dict[str, float]:
    editor = Editor(folder)
    started = time.perf_counter()
    await editor.start(*paths, env=env)
    figures = {"initialize answered": time.perf_counter() - started}
    editor.open(opened)
    first = await editor.arrived.get()
    figures["first diagnostics (any file)"] = time.perf_counter() - started
    if first.uri != editor.uri(opened):
        await editor.next_for(opened)
    figures["the opened document's diagnostics"] = time.perf_counter() - started
    figures["  the server's CPU time until then"] = cpu_seconds(editor)
    await editor.quiet(1.0)
    figures["the whole workspace's (then 1 s quiet)"] = time.perf_counter() - started - 1.0
    await editor.stop()
    return figures


def cpu_seconds(editor: Editor) -> float:
    """The user and system CPU time the server process has used so far (Linux's ``/proc``; 0 elsewhere): what the
    wall-clock figures come to on an idle machine, whatever the load when they were taken."""
    process = editor.client._server  # pygls's subprocess of the server
    try:
        fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split() if process else []
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") if fields else 0.0


def core_only(scratch: Path) -> dict[str, str]:
    """An environment whose Python cannot import the ``fast`` extra (yaml-rs, jsonschema-rs), as a core install
    (the pre-commit hook's, the action's) has it: modules of those names that refuse to import, first on the
    path."""
    blocked = scratch / "blocked"
    blocked.mkdir(parents=True, exist_ok=True)
    for name in ("yaml_rs", "jsonschema_rs"):
        (blocked / f"{name}.py").write_text(f"raise ImportError('{name}: core install')\n", encoding="utf-8")
    return {**installed(), "PYTHONPATH": os.pathsep.join([str(blocked), str(ROOT)])}


def installed() -> dict[str, str]:
    """The environment, with Python's bytecode written and read as an installed admiralty has it (pip compiles a
    wheel's modules; an editable install's are compiled on first use): a sandbox that sets
    ``PYTHONDONTWRITEBYTECODE`` would otherwise compile every module of admiralty from source at each start."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def uses_repository(scratch: Path) -> Path:
    """A repository made by ``admiralty init`` whose ``admiralty.yaml`` says ``uses: [admiralty]``, with the Åland
    scenario of the tests (on the bundled Baltic map and catalogs, none of them copied) and its one catalog."""
    repository = scratch / "baltic-book"
    subprocess.run([sys.executable, "-m", "admiralty", "init", str(repository)], check=True, capture_output=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    project = repository / "admiralty.yaml"
    project.write_text(project.read_text(encoding="utf-8").replace("# uses: [admiralty]", "uses: [admiralty]  "),
                       encoding="utf-8")
    shutil.copy(FIXTURES / "aland-1915.yaml", repository / ALAND)
    shutil.copy(FIXTURES / "germany-aland-1915.yaml", repository / "scenarios/dreadnought/ships")
    return repository


def main() -> None:
    only = sys.argv[1] if len(sys.argv) > 1 else ""  # a word of the cases' labels: `lsp_first.py uses`
    print(f"admiralty lsp, from the server's start; median of {REPEATS} fresh servers")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "repository"
        shutil.copytree(ROOT / "scenarios", folder / "scenarios", ignore=shutil.ignore_patterns("*.py"))
        shutil.copytree(ROOT / "tests" / "bad", folder / "tests" / "bad")  # YAML that is not a good corpus
        (folder / "admiralty").symlink_to(ROOT / "admiralty")
        with_fast = {**installed(), "PYTHONPATH": str(ROOT)}
        for label, paths, env in [
                ("the bundled corpus (scenarios/), fast extra", ("scenarios",), with_fast),
                ("the bundled corpus (scenarios/), core install", ("scenarios",), core_only(Path(scratch))),
                ("a repository root (scenarios/ and tests/bad/), fast extra", (), with_fast)]:
            if only not in label:
                continue
            files = sum(1 for _ in folder.joinpath(*paths).rglob("*.y*ml"))
            report(f"{label}: {files} YAML files", [asyncio.run(once(folder, paths, env)) for _ in range(REPEATS)])
        repository = uses_repository(Path(scratch))
        files = sum(1 for _ in (repository / "scenarios").rglob("*.y*ml"))
        for label, env in [("fast extra", with_fast), ("core install", core_only(Path(scratch) / "core"))]:
            if only not in f"uses {label}":
                continue
            # the used corpus's models are kept between runs (stored_models): the first server builds them
            cache = Path(tempfile.mkdtemp(dir=scratch))
            env = {**env, "ADMIRALTY_CACHE_DIR": str(cache)}
            runs = [asyncio.run(once(repository, (), env, ALAND)) for _ in range(REPEATS + 1)]
            title = f"an `init` repository that uses: [admiralty] ({files} YAML files, Åland opened), {label}"
            report(f"{title}: the first server (nothing kept)", runs[:1])
            report(f"{title}: the next ones", runs[1:])


def report(label: str, runs: list[dict[str, float]]) -> None:
    print(label)
    for name in runs[0]:
        print(f"  {name:42} {statistics.median(r[name] for r in runs):6.2f} s")


if __name__ == "__main__":
    main()
