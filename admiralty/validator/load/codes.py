"""The loader's bounds and diagnostic codes (YML001-YML015, IO001), and the error that carries one out of
the composer to the single place that turns it into a diagnostic."""

from __future__ import annotations

from admiralty.validator.diagnostics import Diagnostic
from admiralty.validator.load.positions import Span

MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 500_000
MAX_VALUES = 100_000  # values written out: the largest corpus map has 1,338; 100,000 load in under a second
MAX_NUMBER_CHARACTERS = 100  # a plain number's length: 2 ** 63 takes 19 digits, a float 17 significant ones


class LoadError(Exception):
    """A finding that ends the load: the code, where, and the hint, raised from deep in the composer."""

    def __init__(self, code: str, message: str, span: Span, hint: str = "") -> None:
        super().__init__(message)
        self.code, self.message, self.span, self.hint = code, message, span, hint


class RepositionError(Exception):
    """The positioned loader refused a text the fast path had accepted, when it came to compose the positions of
    a finding: the two readers disagreed. Never answered with a made-up position (the findings would all point
    at 1:1); whoever validates loads that file again the positioned way and reports what the positioned loader
    says (``pipeline.validate_loaded``, ``incremental.Workspace.refresh``)."""

    def __init__(self, file: str, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{file}: the fast YAML path accepted what the positioned loader refuses")
        self.file, self.diagnostics = file, diagnostics
