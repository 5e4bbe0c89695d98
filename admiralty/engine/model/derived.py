"""Derived data carried on a typed model: facts computed from a frozen model once, when first asked for.

A model class lists them as ``functools.cached_property`` and inherits ``Derived``: the value then lives on
the model object itself (no module-level cache keyed by ``id()``, which outlives or aliases the object it
means), goes when the object goes, and is never stale because the model never changes. Pickling drops the
derived values, so that process pools and Dask workers receive the model as the validator built it
(derived values may hold objects that do not pickle, or that are large) and compute them again on first
use; ``dataclasses.replace`` builds a new object, which derives afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any, TypeVar

T = TypeVar("T")
_STORE = "_derived"  # the instance attribute holding values derived by name (see ``derived``)


class Derived:
    """Mixin for frozen dataclasses with ``cached_property`` members (``frozen`` does not stop them: the
    cache writes the instance ``__dict__`` directly)."""

    def __getstate__(self) -> dict[str, Any]:
        cls = type(self)
        return {name: value for name, value in self.__dict__.items()
                if name != _STORE and not isinstance(getattr(cls, name, None), cached_property)}

    def derived(self, name: str, compute: Callable[[], T]) -> T:
        """A value derived from this model under ``name``, computed on first use and kept on the model.

        For facts another layer derives (the validator's graph and shapes of a map): the model does not
        know them, but they live and die with it like its own ``cached_property`` values."""
        store: dict[str, Any] = self.__dict__.setdefault(_STORE, {})
        if name not in store:
            store[name] = compute()
        value: T = store[name]
        return value
