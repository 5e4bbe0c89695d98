"""Loaded by each worker of a local Dask cluster (its ``preload``): the worker dies with the admiralty process that
started the cluster, however that one dies (issue 35). The nanny that spawns the worker lives in that process, so
the worker's parent is admiralty itself."""

from __future__ import annotations

import os
from typing import Any

from admiralty.lifeline import die_with_parent


def dask_setup(worker: Any) -> None:
    die_with_parent(os.getppid())
