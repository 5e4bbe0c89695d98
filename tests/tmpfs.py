"""A small tmpfs for tests of full and read-only disks (root on Linux only; elsewhere the caller skips)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def tmpfs_at(folder: Path, options: str) -> Iterator[bool]:
    """A small tmpfs at ``folder`` when this user may mount one (root on Linux), else nothing."""
    folder.mkdir(parents=True, exist_ok=True)
    mount = shutil.which("mount")
    done = mount is not None and os.geteuid() == 0 and subprocess.run(
        [mount, "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True, check=False).returncode == 0
    try:
        yield done
    finally:
        if done:
            subprocess.run(["umount", str(folder)], capture_output=True, check=False)
