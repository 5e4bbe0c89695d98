"""Only for the opt-in compiled engine: metadata lives in pyproject.toml, and without ``ADMIRALTY_COMPILE=1``
this adds nothing, so the default build stays the pure-Python wheel it always was.

With it, the modules listed in _build/compiled_modules.py are compiled by mypyc (C extensions next to their .py
sources, which stay in the wheel). A compiled build that cannot compile fails, saying how to install
without it: falling back to pure Python silently would leave someone measuring, or shipping, the wrong build.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

sys.path.insert(0, str(Path(__file__).resolve().parent / "_build"))

from compiled_modules import MYPY_REQUIREMENT, compiling, source_paths  # found through the line above

# mypy would otherwise read the installing interpreter's site-packages (not the build environment's): the types
# it finds there, and so the C it writes, would depend on what that environment happens to hold (a fresh venv
# without the `referencing` package made a needed "type: ignore" an unused one, an error). Without them every
# third-party name is Any, the same for every install; unused ignores are then no error.
MYPY_FLAGS = ("--no-site-packages", "--no-warn-unused-ignores")

INSTEAD = ("admiralty: the compiled build (ADMIRALTY_COMPILE=1) failed: {why}\n"
           "It needs a C compiler and the Python headers (Debian/Ubuntu: apt-get install gcc python3-dev). "
           "The pure-Python install needs neither: run the same pip command without ADMIRALTY_COMPILE.")


class CompiledBuildExt(build_ext):
    """build_ext whose failure names the way out, instead of ending on a compiler's last line."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # CompileError, LinkError, ExecError, PlatformError: one answer for all
            command = str(error)
            command = command if len(command) < 240 else command[:240] + " ..."
            raise SystemExit(INSTEAD.format(why=f"{type(error).__name__}: {command}")) from error


def compiled_extensions() -> list[Any]:
    try:
        from mypyc.build import mypycify
    except ImportError as error:  # e.g. --no-build-isolation in an environment without mypy
        raise SystemExit(INSTEAD.format(why=f"mypyc is not installed ({MYPY_REQUIREMENT} provides it)")) from error
    try:
        # a C file per module (multi_file) instead of one for all: the wheel built in 61 s of wall time instead of
        # 97 s (57 s of CPU against 93 s), and its games ran as fast (Otranto 6.4-6.6 ms, Jutland 147-151 ms a
        # game, both builds, in turn)
        return list(mypycify([*MYPY_FLAGS, *source_paths()], opt_level="3", group_name="admiralty_engine",
                             multi_file=True))
    except SystemExit as error:  # mypyc exits after printing the type errors that stop it
        raise SystemExit(INSTEAD.format(why=f"mypyc stopped (exit {error.code}), see above")) from error


class BuildPyWithCorpus(build_py):
    """build_py that also ships the bundled corpus (``scenarios/``) as ``admiralty/corpus/``, so that a scenario
    repository can build on its maps and catalogs with ``uses: [admiralty]`` (admiralty/corpora.py). An editable
    install reads the checkout's ``scenarios/`` directly."""

    def run(self) -> None:
        super().run()
        corpus = Path(__file__).resolve().parent / "scenarios"
        for source in sorted(corpus.rglob("*.yaml")):
            target = Path(self.build_lib) / "admiralty" / "corpus" / source.relative_to(corpus)
            self.mkpath(str(target.parent))
            self.copy_file(str(source), str(target))


if compiling():
    setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": CompiledBuildExt, "build_py": BuildPyWithCorpus})
else:
    setup(cmdclass={"build_py": BuildPyWithCorpus})
