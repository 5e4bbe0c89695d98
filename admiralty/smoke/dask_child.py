"""Loaded by each worker of a local Dask cluster (its ``preload``): the worker dies with the admiralty process that
started the cluster, however that one dies (issue 35). The nanny that spawns the worker lives in that process, so
the worker's parent is admiralty itself."""

from __future__ import annotations

import os

from admiralty.lifeline import die_with_parent


def dask_setup(worker: object) -> None:  # Dask hands over its Worker; only the process matters here
    die_with_parent(os.getppid())
