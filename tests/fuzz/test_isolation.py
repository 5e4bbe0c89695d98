"""Runs side by side share nothing: two validations and two smoke runs of one corpus at the same time,
from the same folder and with the same temporary folder, leave no temporary files, write only where they
are told and give identical results; validating and fuzzing never write to an input file."""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from admiralty.fuzz.cli import fuzz_command

ROOT = Path(__file__).resolve().parents[2]


def _snapshot(folder: Path) -> dict[str, tuple[int, str]]:
    """mtime and content hash of every file below ``folder``."""
    return {str(p.relative_to(folder)): (p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _corpus(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "scenarios", corpus, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return corpus


def test_concurrent_validations_and_smoke_runs_share_nothing(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    before = _snapshot(corpus)
    work, temp = tmp_path / "work", tmp_path / "tmp"
    work.mkdir()
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": str(ROOT)}
    env.pop("GITHUB_ACTIONS", None)
    commands = [
        ["validate", str(corpus), "--format", "json"],
        ["validate", str(corpus), "--format", "json"],
        ["smoke", str(corpus), "--games", "2", "--seed", "3", "--jobs", "1", "--out", "smoke-a"],
        ["smoke", str(corpus), "--games", "2", "--seed", "3", "--jobs", "1", "--out", "smoke-b"],
    ]
    procs = [subprocess.Popen([sys.executable, "-m", "admiralty", *c], cwd=work, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for c in commands]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0, 0], [err for _, err in outputs]
    assert outputs[0][0] == outputs[1][0] and json.loads(outputs[0][0])["summary"]["errors"] == 0
    assert sorted(p.name for p in work.iterdir()) == ["smoke-a", "smoke-b"]  # nothing else written here
    a, b = _snapshot(work / "smoke-a"), _snapshot(work / "smoke-b")
    assert sorted(a) == sorted(b) and len(a) >= 7
    for name in a:
        assert (work / "smoke-a" / name).read_bytes() == (work / "smoke-b" / name).read_bytes(), name
    assert list(temp.iterdir()) == []  # every temporary file was removed
    assert _snapshot(corpus) == before


def test_validating_and_fuzzing_never_write_to_an_input(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    before = _snapshot(corpus)
    from admiralty.cli import main

    with redirect_stdout(io.StringIO()):
        assert main(["validate", str(corpus)]) == 0
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        code = fuzz_command([str(corpus), "--mutants", "40", "--seed", "11", "--jobs", "1", "--play-seeds", "1",
                             "--out", str(tmp_path / "fuzz")])
    assert code == 0
    assert _snapshot(corpus) == before
    assert sorted(p.name for p in corpus.rglob("*") if p.is_file()) == sorted(Path(k).name for k in before)
    assert json.loads((tmp_path / "fuzz" / "summary.json").read_text())["mutants"] == 40
