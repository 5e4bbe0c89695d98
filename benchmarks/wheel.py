"""Figures for issue 13: what the wheel holds, and what installing it costs, core alone and with ``[site]``.

Builds the wheel of the working tree, lists its top-level import names and its contents by folder, then
installs it into a fresh virtual environment (from PyPI for the dependencies; the pip cache makes repeated
runs faster, so the seconds printed are warm unless the cache is empty) and prints the size of the
environment's site-packages and the install time, first for the core and then with the ``site`` extra.
Run: ``python benchmarks/wheel.py``.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import venv
import zipfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.outside.test_wheel import build_wheel


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def install(python: Path, *requirements: str) -> float:
    started = time.perf_counter()
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *requirements],
                   check=True)
    return time.perf_counter() - started


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        wheel = build_wheel(base)
        names = zipfile.ZipFile(wheel).infolist()
        print(f"wheel: {wheel.name}, {wheel.stat().st_size / 1024:.0f} KiB, {len(names)} files")
        by_folder = Counter("/".join(n.filename.split("/")[:2]) for n in names)
        for folder_name, count in sorted(by_folder.items()):
            print(f"  {folder_name:<40} {count:>4} files")
        env = base / "venv"
        venv.EnvBuilder(with_pip=True).create(env)
        python = env / "bin" / "python"
        (site_packages,) = (env / "lib").glob("python3*/site-packages")
        empty = folder_size(site_packages)
        seconds = install(python, str(wheel))
        core = folder_size(site_packages) - empty
        print(f"core install: {core / 2**20:.1f} MiB in site-packages, {seconds:.1f} s")
        seconds = install(python, f"admiralty[site] @ {wheel.as_uri()}")
        full = folder_size(site_packages) - empty
        print(f"with [site]:  {full / 2**20:.1f} MiB in site-packages (+{(full - core) / 2**20:.1f} MiB), "
              f"{seconds:.1f} s more")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
