"""The check registry: every check after the build runs in isolation under a stable code.

A check is a plain function from a built scenario to diagnostics, registered with ``@check``. A check
that raises becomes one ``internal`` diagnostic naming it; the other checks still run.
"""

from __future__ import annotations

import importlib
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from validator.diagnostics import Diagnostic, register

register("internal", "Internal error in a check", "A check crashed. This is a bug in admiralty, not in "
         "your document: the other checks still ran. Please report it with the file.")

CheckFunction = Callable[[Any], Iterable[Diagnostic]]

CHECK_MODULES: dict[str, tuple[str, ...]] = {
    "dreadnought": (),
}


@dataclass(frozen=True)
class Check:
    name: str
    ruleset: str
    codes: tuple[str, ...]
    function: CheckFunction


CHECKS: list[Check] = []


def check(ruleset: str, *codes: str) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check for a ruleset's scenarios, naming the codes it may report."""

    def wrap(function: CheckFunction) -> CheckFunction:
        CHECKS.append(Check(function.__name__, ruleset, codes, function))
        return function

    return wrap


def _load_modules() -> None:
    for modules in CHECK_MODULES.values():
        for module in modules:
            importlib.import_module(module)


def run_checks(scenarios: Iterable[Any]) -> Iterator[Diagnostic]:
    """Run every registered check on every scenario, isolating failures."""
    _load_modules()
    for scenario in scenarios:
        for entry in CHECKS:
            if entry.ruleset != getattr(scenario, "ruleset", None):
                continue
            try:
                yield from list(entry.function(scenario))
            except Exception as error:
                where = getattr(scenario, "source", None)
                frame = traceback.extract_tb(error.__traceback__)[-1]
                yield Diagnostic("internal", f"check '{entry.name}' crashed: {type(error).__name__}: {error} "
                                 f"({frame.filename.rsplit('/', 1)[-1]}:{frame.lineno})",
                                 getattr(where, "file", "<unknown>"), hint="this is a bug in admiralty; "
                                 "please report it with the file")
