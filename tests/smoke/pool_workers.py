"""Killing a local-pool worker while it plays a game, for the chaos and executor-failure tests."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from admiralty.smoke.pool import noted_game


def kill_while_playing(worker: Any, scratch: Path) -> None:
    """SIGKILL ``worker`` (a psutil process) while it is in a game. A worker is idle for a moment between its
    tasks, and a kill then loses no game; so freeze it (SIGSTOP), look for its note of the game it is playing
    (the pool keeps the notes in a folder under ``TMPDIR``, here ``scratch``), and kill it only when it names a
    game, else let it run on a little and look again."""
    for _ in range(500):
        worker.suspend()
        if any(noted_game(note) is not None for note in scratch.glob(f"admiralty-pool-*/{worker.pid}")):
            worker.kill()
            return
        worker.resume()
        time.sleep(0.01)
    pytest.fail("the worker never was in a game when looked at")
