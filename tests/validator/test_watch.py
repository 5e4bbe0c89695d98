"""``admiralty validate --watch`` as the author runs it: a subprocess that re-validates after a file write and
prints only the findings that changed."""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = Path("c/dreadnought/scenarios/otranto-1917.yaml")


class Lines:
    """The watcher's stdout, read on a thread so that a test waits with a bound instead of hanging."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.queue: queue.Queue[str] = queue.Queue()
        assert proc.stdout is not None
        stdout = proc.stdout
        threading.Thread(target=lambda: [self.queue.put(line) for line in stdout], daemon=True).start()

    def next(self) -> dict[str, Any]:
        line = self.queue.get(timeout=120)
        parsed: dict[str, Any] = json.loads(line)
        return parsed


def test_watch_revalidates_after_a_write(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "scenarios", tmp_path / "c", ignore=shutil.ignore_patterns("*.py"))
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "admiralty", "validate", "c", "--watch", "--format", "json",
                             "--interval", "0.05"], cwd=tmp_path, stdout=subprocess.PIPE, text=True, env=env)
    try:
        lines = Lines(proc)
        first = lines.next()
        assert first["new"] == [] and first["summary"].startswith("0 errors")
        path = tmp_path / OTRANTO
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("ships: [Novara, Helgoland]", "ships: [Novarra, Helgoland]"), encoding="utf-8")
        broken = lines.next()
        assert broken["changed"] == [str(OTRANTO)] and broken["revalidated"] == [str(OTRANTO)]
        line = text[:text.index("ships: [Novara, Helgoland]")].count("\n") + 1
        column = text.splitlines()[line - 1].index("Novara") + 1
        assert [(d["code"], d["line"], d["column"]) for d in broken["new"]] == [("REF005", line, column)]
        assert broken["new"][0]["hint"] == "did you mean 'Novara'?"
        assert broken["fixed"] == []
        path.write_text(text, encoding="utf-8")
        fixed = lines.next()
        assert fixed["new"] == [] and [d["code"] for d in fixed["fixed"]] == ["REF005"]
        assert fixed["summary"].startswith("0 errors")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_watch_refuses_a_format_it_cannot_stream(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    proc = subprocess.run([sys.executable, "-m", "admiralty", "validate", "c", "--watch", "--format", "sarif"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "--watch prints text or json" in proc.stderr
