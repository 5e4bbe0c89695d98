"""Build (or serve) the site with MkDocs, in a child process so MkDocs' logging and state stay its own."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path

from admiralty import lifeline
from admiralty.atomic import output_lock, replace_tree
from admiralty.resources import package_path

CONFIG = package_path("site", "mkdocs.yml")  # shipped in the package: the site builds the same from any folder


def site_environment(corpus: Sequence[str], smoke_dir: str) -> dict[str, str]:
    """The environment the MkDocs hook reads: absolute corpus paths and smoke folder."""
    env = dict(os.environ)
    env["ADMIRALTY_CORPUS"] = os.pathsep.join(str(Path(p).resolve()) for p in corpus)
    env["ADMIRALTY_SMOKE"] = str(Path(smoke_dir).resolve())
    env.setdefault("NO_MKDOCS_2_WARNING", "1")
    return env


_OUTPUT_ERRORS = {"[Errno 28]": "disk is full", "[Errno 30]": "file system is read-only",
                  "[Errno 13]": "folder is not writable", "[Errno 122]": "disk quota is used up"}
SITE_MODULES = {"mkdocs": "MkDocs", "material": "MkDocs Material"}


def missing_site_extra() -> str | None:
    """A message naming the ``site`` extra when MkDocs or Material is not installed (a lean core install
    validates and plays; only the site needs them), else ``None``."""
    missing = [name for module, name in SITE_MODULES.items() if importlib.util.find_spec(module) is None]
    if not missing:
        return None
    return (f"the site needs {' and '.join(missing)}, which this installation lacks; install the site extra: "
            "python -m pip install 'admiralty[site]'")


def build_site(corpus: list[str], smoke_dir: str, out_dir: str, *, strict: bool = True, serve: bool = False,
               port: int = 8000) -> int:
    """Build the site from ``corpus`` into ``out_dir`` (or serve it with live reload); MkDocs' exit code.

    ``strict`` makes every MkDocs warning (a broken link, a missing page) fail the build. ``serve`` runs
    ``mkdocs serve`` on 127.0.0.1:``port`` until interrupted (``out_dir`` is not used then).
    """
    problem = missing_site_extra()
    if problem:
        print(f"admiralty: {problem}", file=sys.stderr)
        return 2
    # MkDocs dies with this process however it dies (a killed `docs` left it running), and runs with `-P`: an
    # `admiralty/` folder in the current one must not shadow the installed package its hook imports (issue 35).
    command = lifeline.command(os.getpid(), "mkdocs", "serve" if serve else "build", "-f", str(CONFIG))
    if serve:  # rebuild when the corpus or the smoke statistics change, not only docs/
        command += ["--dev-addr", f"127.0.0.1:{port}"]
        for path in [*corpus, smoke_dir]:
            if Path(path).exists():
                command += ["--watch", str(Path(path).resolve())]
    if strict:
        command.append("--strict")
    env = site_environment(corpus, smoke_dir)
    if serve:
        # Served from the root: the published site_url's path (/admiralty/) would make the root answer only a
        # redirect, and the URL printed must be the one that serves.
        env["ADMIRALTY_SITE_URL"] = f"http://127.0.0.1:{port}/"
        return serve_until_stopped(command, env, env["ADMIRALTY_SITE_URL"])
    target = Path(out_dir).resolve()

    def build(fresh: Path) -> int:
        done = subprocess.run([*command, "--site-dir", str(fresh)], env=env, check=False, stderr=subprocess.PIPE,
                              text=True, errors="replace")
        full = next((f"the {why}" for errno_text, why in _OUTPUT_ERRORS.items() if errno_text in done.stderr), None)
        if done.returncode and full:
            print(f"admiralty docs: cannot write the site into '{target}': {full}; the previous site (if any) "
                  "was left as it was", file=sys.stderr)
            return 2
        sys.stderr.write(done.stderr)
        return done.returncode

    # Built beside the old site and swapped in whole: a build killed or failing midway leaves the old site.
    with site_lock(out_dir, "admiralty docs"):
        try:
            return replace_tree(target, build, accept=lambda code: code == 0)
        except KeyboardInterrupt:
            return 130


def site_lock(out_dir: str, what: str) -> AbstractContextManager[Path]:
    """The lock on the site folder ``out_dir``: a file beside it, since the folder itself is swapped whole."""
    target = Path(out_dir).resolve()
    return output_lock(target.parent, what, name=f".{target.name}.lock")


class _Stopped(Exception):
    """SIGTERM arrived: stop serving as on Ctrl-C."""


def _raise_stopped(signum: int, frame: object) -> None:
    raise _Stopped


def serve_until_stopped(command: list[str], env: dict[str, str], url: str) -> int:
    """Run ``mkdocs serve`` until it ends or this process gets SIGINT or SIGTERM; then stop the child too (a
    ``kill`` of admiralty alone would otherwise leave MkDocs holding the port). Stopping on request is the
    normal end of serving: exit 0."""
    print(f"admiralty docs: serving the site on {url} (Ctrl-C stops)", flush=True)
    child = subprocess.Popen(command, env=env)
    previous = signal.signal(signal.SIGTERM, _raise_stopped)
    try:
        return child.wait()
    except (KeyboardInterrupt, _Stopped):
        child.terminate()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
