"""Build (or serve) a reference site with MkDocs and the ``admiralty`` plugin.

The configuration is the repository's ``mkdocs.yml`` (``--config-file``, else ``mkdocs.yml`` in the working folder,
else the packaged default, :data:`DEFAULT_CONFIG`). A build runs MkDocs in this process, so ``admiralty build`` can
hand the plugin the validation it has done; ``serve`` runs in a child process (:mod:`admiralty.site.serve`) that
dies with this one.
"""

from __future__ import annotations

import errno
import importlib.util
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, Unpack

from admiralty import lifeline
from admiralty.atomic import output_lock, replace_tree
from admiralty.resources import package_path

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

    from admiralty.validator.pipeline import Validation

DEFAULT_CONFIG = package_path("site", "default", "mkdocs.yml")  # a repository without its own mkdocs.yml
CONFIG_NAME = "mkdocs.yml"

_OUTPUT_ERRORS = {errno.ENOSPC: "disk is full", errno.EROFS: "file system is read-only",
                  errno.EACCES: "folder is not writable", errno.EDQUOT: "disk quota is used up"}
SITE_MODULES = {"mkdocs": "MkDocs", "material": "MkDocs Material"}


class SiteConfigError(Exception):
    """The MkDocs configuration cannot be used: one line that says why."""


def missing_site_extra() -> str | None:
    """A message naming the ``site`` extra when MkDocs or Material is not installed (a lean core install
    validates and plays; only the site needs them), else ``None``."""
    missing = [name for module, name in SITE_MODULES.items() if importlib.util.find_spec(module) is None]
    if not missing:
        return None
    return (f"the site needs {' and '.join(missing)}, which this installation lacks; install the site extra: "
            "python -m pip install 'admiralty[site]'")


def config_path(given: str | None = None) -> Path:
    """The MkDocs configuration a command uses: ``given``, else ``mkdocs.yml`` here, else the packaged default."""
    if given:
        return Path(given)
    here = Path.cwd() / CONFIG_NAME
    return here if here.is_file() else DEFAULT_CONFIG


class MkDocsSettings(TypedDict, total=False):
    """The top-level MkDocs settings a command sets over ``mkdocs.yml``."""

    strict: bool
    site_dir: str
    site_url: str


def load_site_config(config_file: Path, *, corpus: list[str] | None = None, smoke: str | None = None,
                     **settings: Unpack[MkDocsSettings]) -> MkDocsConfig:
    """Load ``config_file`` as MkDocs does, with its admiralty plugin's corpus and smoke folder replaced when
    given; ``settings`` override top-level MkDocs settings (``strict``, ``site_dir``, ``site_url``)."""
    from mkdocs.config import load_config
    from mkdocs.exceptions import ConfigurationError

    from admiralty.site.plugin import plugin_of

    if not config_file.is_file():
        raise SiteConfigError(f"no MkDocs configuration '{config_file}'")
    try:
        with mkdocs_log(logging.WARNING):
            config = load_config(str(config_file), **settings)
    except ConfigurationError as error:
        raise SiteConfigError(f"{config_file}: {error}") from error
    plugin = plugin_of(config)
    if plugin is None:
        raise SiteConfigError(f"{config_file} does not use the admiralty plugin: add '- admiralty' under 'plugins:'")
    plugin.override(corpus, smoke)
    return config


@contextmanager
def mkdocs_log(level: int = logging.INFO) -> Iterator[None]:
    """MkDocs' messages on stderr while it runs in this process, as its own command line prints them."""
    logger = logging.getLogger("mkdocs")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
    before = logger.level
    logger.setLevel(level)
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(before)


def build_site(corpus: list[str] | None, smoke_dir: str | None, out_dir: str, *, strict: bool = True,
               serve: bool = False, port: int = 8000, config_file: str | Path | None = None,
               validated: Validation | None = None) -> int:
    """Build the site from ``corpus`` into ``out_dir`` (or serve it with live reload); 0, 1 when MkDocs fails.

    ``corpus`` and ``smoke_dir`` replace the plugin's options of ``config_file`` (see :func:`config_path`) when
    given. ``strict`` makes every MkDocs warning (a broken link, a missing page) fail the build. ``serve`` runs
    the MkDocs server on 127.0.0.1:``port`` until interrupted (``out_dir`` is not used then). ``validated`` is
    the validation of ``corpus`` already done (``admiralty build``): the plugin makes its pages from it.
    """
    problem = missing_site_extra()
    if problem:
        print(f"admiralty: {problem}", file=sys.stderr)
        return 2
    config = config_path(str(config_file) if config_file else None)
    if config == DEFAULT_CONFIG:  # its relative paths would be the installed package's: take the working folder's
        corpus, smoke_dir = corpus or ["scenarios"], smoke_dir or "build/smoke"
    if serve:
        return serve_until_stopped(config, corpus, smoke_dir, port, strict)
    target = Path(out_dir).resolve()

    def build(fresh: Path) -> int:
        try:
            return _build_into(config, fresh, corpus, smoke_dir, strict, validated)
        except OSError as error:
            why = _OUTPUT_ERRORS.get(error.errno or 0)
            if why is None:
                raise
            print(f"admiralty docs: cannot write the site into '{target}': the {why}; the previous site (if any) "
                  "was left as it was", file=sys.stderr)
            return 2

    # Built beside the old site and swapped in whole: a build killed or failing midway leaves the old site.
    with site_lock(out_dir, "admiralty docs"):
        try:
            return replace_tree(target, build, accept=lambda code: code == 0)
        except KeyboardInterrupt:
            return 130


def _build_into(config_file: Path, site_dir: Path, corpus: list[str] | None, smoke_dir: str | None, strict: bool,
                validated: Validation | None) -> int:
    from mkdocs.commands.build import build
    from mkdocs.exceptions import MkDocsException

    from admiralty.site.plugin import plugin_of

    try:
        config = load_site_config(config_file, corpus=corpus, smoke=smoke_dir, strict=strict, site_dir=str(site_dir))
    except SiteConfigError as error:
        print(f"admiralty docs: {error}", file=sys.stderr)
        return 1
    plugin = plugin_of(config)
    if validated is not None and plugin is not None:
        plugin.hand_over(validated)
    with mkdocs_log():
        try:
            config.plugins.on_startup(command="build", dirty=False)
            try:
                build(config)
            finally:
                config.plugins.on_shutdown()
        except MkDocsException as error:  # Abort (strict mode, a build error), a plugin's error: said already
            print(f"admiralty docs: {error}", file=sys.stderr)
            return 1
    return 0


def site_lock(out_dir: str, what: str) -> AbstractContextManager[Path]:
    """The lock on the site folder ``out_dir``: a file beside it, since the folder itself is swapped whole."""
    target = Path(out_dir).resolve()
    return output_lock(target.parent, what, name=f".{target.name}.lock")


class _Stopped(Exception):
    """SIGTERM arrived: stop serving as on Ctrl-C."""


def _raise_stopped(signum: int, frame: object) -> None:
    raise _Stopped


def serve_until_stopped(config_file: Path, corpus: list[str] | None, smoke_dir: str | None, port: int,
                        strict: bool) -> int:
    """Serve the site from a child process until it ends or this process gets SIGINT or SIGTERM; then stop the
    child too (a ``kill`` of admiralty alone would otherwise leave it holding the port). Stopping on request is
    the normal end of serving: exit 0."""
    url = f"http://127.0.0.1:{port}/"
    args = [str(config_file.resolve()), "--port", str(port)]
    for path in corpus or []:
        args += ["--corpus", str(Path(path).resolve())]
    if smoke_dir is not None:
        args += ["--smoke", str(Path(smoke_dir).resolve())]
    if strict:
        args.append("--strict")
    # The child dies with this process however it dies, and runs with `-P`: an `admiralty/` folder in the current
    # one must not shadow the installed package (issue 35).
    command = lifeline.command(os.getpid(), "admiralty.site.serve", *args)
    print(f"admiralty docs: serving the site on {url} (Ctrl-C stops)", flush=True)
    child = subprocess.Popen(command)
    previous = signal.signal(signal.SIGTERM, _raise_stopped)
    # Ctrl-C stops serving even when this process was started with SIGINT ignored (a parent's SIG_IGN is
    # inherited across exec, and Python then installs no KeyboardInterrupt of its own): it would serve forever.
    previous_int = signal.signal(signal.SIGINT, signal.default_int_handler)
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
        signal.signal(signal.SIGINT, previous_int)
