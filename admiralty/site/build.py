"""Build (or serve) the site with MkDocs, in a child process so MkDocs' logging and state stay its own."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from admiralty.resources import package_path

CONFIG = package_path("site", "mkdocs.yml")  # shipped in the package: the site builds the same from any folder


def site_environment(corpus: Sequence[str], smoke_dir: str) -> dict[str, str]:
    """The environment the MkDocs hook reads: absolute corpus paths and smoke folder."""
    env = dict(os.environ)
    env["ADMIRALTY_CORPUS"] = os.pathsep.join(str(Path(p).resolve()) for p in corpus)
    env["ADMIRALTY_SMOKE"] = str(Path(smoke_dir).resolve())
    env.setdefault("NO_MKDOCS_2_WARNING", "1")
    return env


SITE_MODULES = {"mkdocs": "MkDocs", "material": "MkDocs Material"}


def missing_site_extra() -> str | None:
    """A message naming the ``site`` extra when MkDocs or Material is not installed (a lean core install
    validates and plays; only the site needs them), else ``None``."""
    missing = [name for module, name in SITE_MODULES.items() if importlib.util.find_spec(module) is None]
    if not missing:
        return None
    return (f"the site needs {' and '.join(missing)}, which this installation lacks; install the site extra: "
            "python -m pip install 'admiralty[site]'")


def build_site(corpus: list[str], smoke_dir: str, out_dir: str, *, strict: bool = True, serve: bool = False) -> int:
    """Build the site from ``corpus`` into ``out_dir`` (or serve it with live reload); MkDocs' exit code.

    ``strict`` makes every MkDocs warning (a broken link, a missing page) fail the build. ``serve`` runs
    ``mkdocs serve`` on 127.0.0.1:8000 until interrupted (``out_dir`` is not used then).
    """
    problem = missing_site_extra()
    if problem:
        print(f"admiralty: {problem}", file=sys.stderr)
        return 2
    command = [sys.executable, "-m", "mkdocs", "serve" if serve else "build", "-f", str(CONFIG)]
    if serve:  # rebuild when the corpus or the smoke statistics change, not only docs/
        command += ["--dev-addr", "127.0.0.1:8000"]
        for path in [*corpus, smoke_dir]:
            if Path(path).exists():
                command += ["--watch", str(Path(path).resolve())]
    else:
        command += ["--site-dir", str(Path(out_dir).resolve()), "--clean"]
    if strict:
        command.append("--strict")
    try:
        return subprocess.run(command, env=site_environment(corpus, smoke_dir), check=False).returncode
    except KeyboardInterrupt:
        return 0 if serve else 2
