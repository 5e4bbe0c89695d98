"""Derived data carried on a typed model: facts computed from a frozen model once, when first asked for.

A model class lists them as ``functools.cached_property`` and inherits ``Derived``: the value then lives on
the model object itself (no module-level cache keyed by ``id()``, which outlives or aliases the object it
means), goes when the object goes, and is never stale because the model never changes. Pickling drops the
derived values, so that process pools and Dask workers receive the model as the validator built it
(derived values may hold objects that do not pickle, or that are large) and compute them again on first
use; ``dataclasses.replace`` builds a new object, which derives afresh.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any


class Derived:
    """Mixin for frozen dataclasses with ``cached_property`` members (``frozen`` does not stop them: the
    cache writes the instance ``__dict__`` directly)."""

    def __getstate__(self) -> dict[str, Any]:
        cls = type(self)
        return {name: value for name, value in self.__dict__.items()
                if not isinstance(getattr(cls, name, None), cached_property)}
