"""The build backend: setuptools', plus mypy as a build requirement when ``ADMIRALTY_COMPILE=1`` asks for the
compiled engine. A plain build asks for exactly what setuptools asks for, so it neither downloads mypy nor
needs a C compiler. Everything else (metadata in pyproject.toml, sdist, wheel) is setuptools unchanged.

A compiled *editable* install is refused: setuptools builds its extension modules in place, next to the
sources, where they shadow every later edit of those sources (and survive a later plain ``pip install -e``).
"""

from __future__ import annotations

from typing import Any

from compiled_modules import MYPY_REQUIREMENT, describing, wanted
from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the PEP 517 and PEP 660 hooks, re-exported)

ConfigSettings = dict[str, Any] | None

NO_COMPILED_EDITABLE = (
    "admiralty: ADMIRALTY_COMPILE=1 does not apply to editable installs: the compiled modules would be built into "
    "the source tree and hide every edit of their .py files. Install the compiled engine into an environment of "
    "its own (ADMIRALTY_COMPILE=1 pip install .; python benchmarks/compiled.py builds one), or unset "
    "ADMIRALTY_COMPILE for the editable install.")


def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> list[str]:
    with describing():
        requires: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*requires, MYPY_REQUIREMENT] if wanted() else requires


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: ConfigSettings = None) -> str:
    with describing():
        return str(_setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings))


def get_requires_for_build_editable(config_settings: ConfigSettings = None) -> list[str]:
    if wanted():
        raise SystemExit(NO_COMPILED_EDITABLE)
    return list(_setuptools.get_requires_for_build_editable(config_settings))


def build_editable(wheel_directory: str, config_settings: ConfigSettings = None,
                   metadata_directory: str | None = None) -> str:
    if wanted():  # a frontend may skip the requirements hook
        raise SystemExit(NO_COMPILED_EDITABLE)
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
