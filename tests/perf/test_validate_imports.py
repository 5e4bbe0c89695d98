"""What a validate run imports, run the way a user runs it (a fresh process): no networkx for a corpus whose
checks need no graph library, no Python jsonschema validator for valid documents when the compiled fast path
(jsonschema-rs) is installed, and neither for ``admiralty --help``."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("networkx", "jsonschema", "mkdocs", "shapely")
PROBE = ("import json, sys\nfrom admiralty.cli import main\ntry:\n    code = main(sys.argv[1:])\n"
         "except SystemExit as stop:\n    code = stop.code\n"
         f"print(json.dumps([code, [m for m in {HEAVY!r} if m in sys.modules]]))")


def imported(*args: str, tmp: Path) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True,
                          check=True, env={"ADMIRALTY_CACHE_DIR": str(tmp), "PATH": "/usr/bin:/bin"})
    code, modules = json.loads(done.stdout.strip().splitlines()[-1])
    return int(code), list(modules)


@pytest.mark.skipif(importlib.util.find_spec("jsonschema_rs") is None, reason="the `fast` extra is not installed")
def test_validating_the_dreadnought_corpus_imports_neither_networkx_nor_jsonschema(tmp_path: Path) -> None:
    imported("validate", "scenarios/dreadnought", tmp=tmp_path)  # the first process checks the house tables
    code, modules = imported("validate", "scenarios/dreadnought", tmp=tmp_path)
    assert code == 0
    assert "networkx" not in modules and "jsonschema" not in modules and "mkdocs" not in modules


def test_a_document_with_a_schema_finding_still_gets_the_full_diagnostic(tmp_path: Path) -> None:
    source = (ROOT / "scenarios" / "dreadnought" / "ships" / "italy-1917.yaml").read_text()
    broken = tmp_path / "italy.yaml"
    broken.write_text(source.replace("hull:", "hul:", 1))
    done = subprocess.run([sys.executable, "-m", "admiralty", "validate", str(broken)], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 1 and "SCH002 unknown property 'hul'" in done.stdout and "did you mean" in done.stdout


def test_help_imports_no_heavy_library(tmp_path: Path) -> None:
    code, modules = imported("--help", tmp=tmp_path)
    assert code == 0 and modules == []


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in Linux's /proc")
@pytest.mark.parametrize("given", [None, "2"])
def test_the_program_keeps_numpy_to_one_blas_thread_unless_told_otherwise(given: str | None) -> None:
    """Run as the program, a validate that loads numpy (through shapely) leaves the process with one thread:
    OpenBLAS's thread per core cost 0.1 s of CPU per run for linear algebra admiralty never does. A user's own
    OPENBLAS_NUM_THREADS is kept."""
    probe = ("import os, sys\nfrom admiralty.cli import main\nsys.argv = ['admiralty', 'validate', "
             "'scenarios/dreadnought/ships/italy-1917.yaml']\ncode = main()\n"
             "print(code, 'numpy' in sys.modules, len(os.listdir('/proc/self/task')),\n"
             "      os.environ['OPENBLAS_NUM_THREADS'])")
    env = {"PATH": "/usr/bin:/bin", **({"OPENBLAS_NUM_THREADS": given} if given else {})}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True,
                          env=env)
    code, numpy, threads, setting = done.stdout.split()[-4:]
    assert (code, numpy, setting) == ("0", "True", given or "1")
    if given is None:
        assert threads == "1"
