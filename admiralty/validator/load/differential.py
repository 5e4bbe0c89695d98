"""The loader's two paths side by side: the native fast path and the positioned loader must give the same
data and the same verdict for any bytes. The fuzzer judges every mutant by this (a ``divergence`` finding)
and the differential tests hold the corpus, ``tests/bad`` and generated documents to it."""

from __future__ import annotations

from admiralty.validator.load.codes import RepositionError
from admiralty.validator.load.positions import LoadResult
from admiralty.validator.load.reader import load_bytes


def outcome(result: LoadResult) -> tuple[object, ...]:
    """What a load decided, everything a later stage reads: the data, the positions, the YAML 1.1 booleans,
    the modeline, and every diagnostic (code, place, message)."""
    doc = result.document
    found = tuple((d.code, d.line, d.column, d.message) for d in result.diagnostics)
    if doc is None:
        return None, found
    return doc.data, doc.root, tuple(doc.yaml11_booleans), doc.modeline, found


def load_paths_differ(raw: bytes, display: str) -> str | None:
    """None when both loading paths decide ``raw`` alike; else what differs, for a finding's detail."""
    positioned = outcome(load_bytes(raw, display, native=False))
    try:
        native = outcome(load_bytes(raw, display))
    except RepositionError as refused:  # the fast path accepted it; composing its positions found the refusal
        return f"the fast path accepted what the positioned loader refuses: {refused.diagnostics[0].message}"
    if native == positioned:
        return None
    names = ("data", "positions", "YAML 1.1 booleans", "modeline", "diagnostics")
    if len(native) != len(positioned):
        return f"one path loaded a document, the other did not: fast {native[-1]!r}, positioned {positioned[-1]!r}"
    fields = names if len(native) == len(names) else ("document", "diagnostics")
    differing = [name for name, a, b in zip(fields, native, positioned, strict=True) if a != b]
    return f"the fast and positioned loaders differ in {', '.join(differing)}"
