"""Plain `pytest` (the console script, not `python -m pytest`) must import every test module, as CI runs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_plain_pytest_collects_every_module() -> None:
    """Run the `pytest` script from outside the checkout's import path: no module may fail to import `tests`."""
    script = Path(sys.executable).with_name("pytest")
    proc = subprocess.run(
        [str(script), "--collect-only", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "tests"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "error" not in proc.stdout.splitlines()[-1].lower()
