"""The checks after the build: each runs in isolation under a stable code.

A check is a plain function from one built model (a map or a scenario) and a ``CheckContext`` to
diagnostics, made a ``Check`` with ``@check(ModelType, codes...)`` and listed by name in its rule system's
``Ruleset.checks`` (nothing registers itself on import). A check that raises becomes one ``internal``
diagnostic naming it; the other checks still run.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from admiralty.contract import Check, Sourced, rulesets
from admiralty.engine.model.common import Source
from admiralty.validator.diagnostics import Diagnostic, Severity
from admiralty.validator.load import Document, json_path


@dataclass(frozen=True)
class CheckContext:
    """Turns a model object's ``Source`` into a positioned diagnostic."""

    documents: Mapping[str, Document]

    def at(self, code: str, message: str, where: Source, hint: str = "", *, key: bool = False,
           severity: Severity = Severity.ERROR) -> Diagnostic:
        doc = self.documents.get(where.file)
        if doc is None:
            return Diagnostic(code, message, where.file, hint=hint, json_path=json_path(where.path),
                              severity=severity)
        span = doc.locate(where.path, key=key)
        return Diagnostic(code, message, where.file, span.line, span.column, span.end_line, span.end_column,
                          json_path(where.path), hint, severity)


CheckFunction = Callable[[Any, CheckContext], Iterable[Diagnostic]]


def check(target: type, *codes: str) -> Callable[[CheckFunction], Check]:
    """Make a function a ``Check`` of ``target`` models (a map or scenario class) that may report ``codes``;
    its rule system lists it in ``Ruleset.checks``. The ``Check`` is called as the function was."""

    def wrap(function: CheckFunction) -> Check:
        return Check(function.__name__, target, codes, function)

    return wrap


def load_check_modules(only: Collection[str] | None = None) -> list[Check]:
    """Every check the installed rule systems list, or only those of the rule systems named in ``only``: a
    corpus of one rule system need not import the others' checks and geometry (100 ms of a cold
    ``admiralty validate``)."""
    return [entry for name, ruleset in rulesets().items() if only is None or name in only
            for entry in ruleset.load_checks()]


def run_checks(models: Iterable[Sourced], documents: Mapping[str, Document],
               only: Collection[str] | None = None) -> Iterator[Diagnostic]:
    """Run every registered check on every model it targets, isolating failures. ``only``: the rule systems
    whose models are among ``models`` (the others' check modules are then not imported)."""
    checks = load_check_modules(only)
    ctx = CheckContext(documents)
    for model in models:
        for entry in checks:
            if not isinstance(model, entry.target):
                continue
            try:
                yield from list(entry(model, ctx))
            except Exception as error:
                frame = traceback.extract_tb(error.__traceback__)[-1]
                yield Diagnostic("internal", f"check '{entry.name}' crashed: {type(error).__name__}: {error} "
                                 f"({frame.filename.rsplit('/', 1)[-1]}:{frame.lineno})",
                                 model.source.file, hint="this is a bug in admiralty; "
                                 "please report it with the file")
