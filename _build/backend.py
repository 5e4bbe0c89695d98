"""The build backend: setuptools', plus mypy as a build requirement when ``ADMIRALTY_COMPILE=1`` asks for the
compiled engine. A plain build asks for exactly what setuptools asks for, so it neither downloads mypy nor
needs a C compiler. Everything else (metadata in pyproject.toml, sdist, wheel) is setuptools unchanged.
"""

from __future__ import annotations

from typing import Any

from compiled import MYPY_REQUIREMENT, describing, wanted
from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the PEP 517 and PEP 660 hooks, re-exported)

ConfigSettings = dict[str, Any] | None


def _with_mypy(requires: list[str]) -> list[str]:
    return [*requires, MYPY_REQUIREMENT] if wanted() else requires


def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> list[str]:
    with describing():
        return _with_mypy(_setuptools.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_editable(config_settings: ConfigSettings = None) -> list[str]:
    with describing():
        return _with_mypy(_setuptools.get_requires_for_build_editable(config_settings))


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: ConfigSettings = None) -> str:
    with describing():
        return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: ConfigSettings = None) -> str:
    with describing():
        return _setuptools.prepare_metadata_for_build_editable(metadata_directory, config_settings)
