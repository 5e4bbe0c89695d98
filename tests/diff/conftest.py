"""Corpora for ``admiralty diff``: copies of the bundled dreadnought corpus and of the starter corpus."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

BATTLESHIP_CLASS = """\
  - id: queen-elizabeth
    name: Queen Elizabeth
    type: BB
    speed: "1"
    hull: 14
    armoured: true
    fuel: {kind: oil, boxes: 6}
    gunnery: {primary: 9, secondary: 3, tertiary: 1}
    torpedo: 1
    victory_points: 40
ships:
  - {name: Warspite, class: queen-elizabeth}
"""


def run_diff(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``admiralty diff`` as the user runs it, in a subprocess."""
    return subprocess.run([sys.executable, "-m", "admiralty", "diff", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=600, check=False)


def report_of(cwd: Path, *args: str) -> dict[str, Any]:
    done = run_diff(cwd, *args, "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def dreadnought_pair(tmp_path: Path) -> Path:
    """``base/`` and ``head/``: two identical copies of the bundled dreadnought corpus."""
    for name in ("base", "head"):
        shutil.copytree(ROOT / "scenarios" / "dreadnought", tmp_path / name / "dreadnought")
    return tmp_path


@pytest.fixture
def starter_pair(tmp_path: Path) -> Path:
    """``base/`` and ``head/``: the starter corpus of ``admiralty init`` with the battleship Warspite added to
    the British squadron (in both)."""
    done = subprocess.run([sys.executable, "-m", "admiralty", "init", str(tmp_path / "init")], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    corpus = tmp_path / "init" / "scenarios" / "dreadnought"
    edit(corpus / "ships" / "britain-1916.yaml", "ships:\n", BATTLESHIP_CLASS)
    edit(corpus / "scenarios" / "first-sortie-1916.yaml", "ships: [Arethusa, Aurora]",
         "ships: [Arethusa, Aurora, Warspite]")
    for name in ("base", "head"):
        shutil.copytree(corpus, tmp_path / name / "dreadnought")
    return tmp_path
