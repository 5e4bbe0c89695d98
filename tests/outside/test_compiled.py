"""The opt-in compiled engine as a user gets it: ``ADMIRALTY_COMPILE=1 pip wheel .``, installed into a fresh
virtual environment, run from a folder outside this checkout; its games must be the pure-Python games, byte
for byte (same statistics files, same event-log hashes as tests/golden), only faster.

And the default stays what it was: a plain build asks for no mypy and gives a pure wheel.

The compiled wheel takes about a minute to build (mypyc, then a C file per module through the compiler). It is
built once per run, shared by pytest-xdist's workers through a lock beside their temporary folders.
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.golden.record import GOLDEN, LIMITS
from tests.outside.test_wheel import ROOT, Installed, _working_tree_files, build_wheel


def _build_list() -> tuple[str, ...]:
    """The build's own list of compiled modules (_build/ is the backend's folder, not an importable package)."""
    path = ROOT / "_build" / "compiled_modules.py"
    spec = importlib.util.spec_from_file_location("_admiralty_build_compiled_modules", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.COMPILED_MODULES)


COMPILED_MODULES = _build_list()

pytestmark = pytest.mark.slow

# A few scenarios of each rule system; Jutland for the dreadnought tactical modules it spends its time in.
SMOKED = ("otranto-1917", "dogger-bank-1915", "jutland-1916", "armada-1588", "lepanto-1571", "aspern-1809",
          "hougoumont-1815")
GOLDEN_CHECKED = ("otranto-1917", "dogger-bank-1915", "armada-1588", "lepanto-1571", "aspern-1809",
                  "hougoumont-1815")
INTERPRETED = ("admiralty.rulesets.dreadnought.engine.model", "admiralty.smoke.runner",
               "admiralty.rulesets.dreadnought.engine", "admiralty.validator.pipeline")

# As tests/golden/record.py computes them: SHA-256 over a scenario's corpus games' event-log hashes, per kind.
GOLDEN_HASHES = """
import hashlib, json, sys
from admiralty.smoke.runner import Limits, play_smoke_game
from admiralty.validator.pipeline import validate
corpus, limit, *wanted = sys.argv[1:]
found = {}
for scenario in validate([corpus]).scenarios:
    if scenario.id in wanted:
        found[scenario.id] = {}
        for kind in scenario.smoke.players:
            digest = hashlib.sha256()
            for seed in range(scenario.smoke.games):
                outcome = play_smoke_game(scenario, seed, kind, limits=Limits(seconds=float(limit)))
                digest.update(outcome.event_hash.encode())
            found[scenario.id][kind] = digest.hexdigest()
print(json.dumps(found))
"""


def _has_c_compiler() -> bool:
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(compiler) is not None


def _build_once(shared: Path) -> Installed:
    """The compiled wheel installed into a venv under ``shared``, built by whichever worker comes first."""
    base = shared / "compiled"
    with open(shared / "compiled.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = base / "installed"
        if not done.is_file():
            shutil.rmtree(base, ignore_errors=True)
            base.mkdir()
            started = time.perf_counter()
            with pytest.MonkeyPatch.context() as patch:
                patch.setenv("ADMIRALTY_COMPILE", "1")  # build_wheel's pip inherits it
                wheel = build_wheel(base)
            seconds = time.perf_counter() - started
            venv.EnvBuilder(with_pip=True, clear=True).create(base / "venv")
            (base / "work").mkdir()
            Installed(wheel, base / "venv", base / "work").pip(str(wheel))
            done.write_text(f"{wheel}\n{seconds:.0f} s to build the compiled wheel\n")
        wheel = Path(done.read_text().splitlines()[0])
    return Installed(wheel, base / "venv", base / "work")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    if not _has_c_compiler():
        if os.environ.get("GITHUB_ACTIONS"):
            pytest.fail("CI must run the compiled build: no C compiler found")
        pytest.skip("no C compiler: the compiled build (ADMIRALTY_COMPILE=1) cannot be tested here")
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # one folder that every worker of this run sees
    yield _build_once(shared)


def _copied_corpus(into: Path) -> Path:
    shutil.copytree(ROOT / "scenarios", into / "scenarios", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return into


def _statistics(folder: Path) -> dict[str, bytes]:
    """Every file a smoke run wrote (statistics, sample replays), but its lock, which holds a process id."""
    out = folder / "build" / "smoke"
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.name != ".admiralty.lock"}


def test_the_compiled_wheel_holds_extension_modules_and_they_are_imported(compiled: Installed) -> None:
    names = zipfile.ZipFile(compiled.wheel).namelist()
    assert not compiled.wheel.name.endswith("-none-any.whl")  # tagged for this interpreter and platform
    assert "admiralty/rulesets/dreadnought/engine/game.py" in names  # the sources travel with the modules
    probe = ("import importlib.util as u, json, sys; "
             "print(json.dumps({m: u.find_spec(m).origin for m in sys.argv[1:]}))")
    done = compiled.run("python", "-I", "-c", probe, *COMPILED_MODULES, *INTERPRETED)
    assert done.returncode == 0, done.stderr
    origins: dict[str, str] = json.loads(done.stdout)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    assert [m for m in COMPILED_MODULES if not origins[m].endswith(suffix)] == []
    assert [m for m in INTERPRETED if not origins[m].endswith(".py")] == []
    assert all(str(compiled.venv) in origin for origin in origins.values())  # not this checkout's sources


def test_compiled_smoke_statistics_are_byte_identical_to_pure_python(compiled: Installed) -> None:
    """``admiralty smoke`` on two workers (so its tasks and outcomes cross processes by pickle), compiled and
    pure, over a copied corpus outside the tree: the same files, byte for byte."""
    arguments = ("smoke", "scenarios", "--games", "3", "--jobs", "2", "--only", *SMOKED)
    fast = _copied_corpus(compiled.work / "smoke-compiled")
    done = compiled.run("admiralty", *arguments, cwd=fast)
    assert done.returncode == 0, done.stdout + done.stderr
    pure = _copied_corpus(compiled.work / "smoke-pure")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "GITHUB_ACTIONS")}
    done = subprocess.run([sys.executable, "-m", "admiralty", *arguments], cwd=pure, env=env, text=True,
                          capture_output=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    written = _statistics(fast)
    assert {f"{name}.json" for name in SMOKED} <= set(written)
    assert written == _statistics(pure)


def test_compiled_games_keep_the_golden_event_log_hashes(compiled: Installed) -> None:
    """Every corpus game that tests/golden records (each scenario's smoke.games seeds of each of its player
    kinds), for scenarios of all three rule systems."""
    corpus = _copied_corpus(compiled.work / "golden")
    done = compiled.run("python", "-I", "-c", GOLDEN_HASHES, "scenarios", str(LIMITS.seconds), *GOLDEN_CHECKED,
                        cwd=corpus)
    assert done.returncode == 0, done.stderr
    recorded = json.loads(GOLDEN.read_text())
    assert json.loads(done.stdout) == {name: recorded[name] for name in GOLDEN_CHECKED}


def _copied_source(into: Path) -> Path:
    """The working tree as build_wheel copies it (its pip runs quiet; these tests read pip's log)."""
    for name in _working_tree_files():
        (into / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, into / name)
    return into


def _pip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pip", *args, "--disable-pip-version-check"], capture_output=True,
                          text=True, check=False)


def test_a_plain_build_asks_for_no_mypy_and_gives_a_pure_wheel(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ADMIRALTY_COMPILE", raising=False)
    done = _pip("wheel", "-v", "--no-deps", "-w", str(tmp_path / "dist"), str(_copied_source(tmp_path / "source")))
    assert done.returncode == 0, done.stdout + done.stderr
    log = done.stdout + done.stderr  # pip logs the build requirements' installation on stderr
    assert "Collecting setuptools" in log  # the build requirements are in this log ...
    assert "Collecting mypy" not in log  # ... and mypy is not one of them
    (wheel,) = (tmp_path / "dist").glob("admiralty-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    assert [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith((".so", ".pyd", ".c"))] == []


def test_a_compiled_editable_install_is_refused_saying_what_to_do(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Built in place, the extension modules would shadow every edit of the sources they were built from."""
    monkeypatch.setenv("ADMIRALTY_COMPILE", "1")
    source = _copied_source(tmp_path / "source")
    done = _pip("install", "--dry-run", "--no-deps", "-e", str(source))
    assert done.returncode != 0
    assert "does not apply to editable installs" in done.stderr and "ADMIRALTY_COMPILE=1 pip install ." in done.stderr
    assert list(source.rglob("*.so")) == []
