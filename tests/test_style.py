"""The house style is kept by the tools, in the suite: ruff (lint, imports) and mypy (types) stay clean."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (it comes with the `dev` extra)")
    return found


def test_ruff_is_clean() -> None:
    proc = subprocess.run([_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-4000:]


def test_mypy_is_clean(tmp_path: Path) -> None:
    proc = subprocess.run([_tool("mypy"), "--cache-dir", str(tmp_path / "cache")], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-4000:]
