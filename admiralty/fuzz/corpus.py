"""The corpus the fuzzer mutates, read and loaded once.

Every document is read into memory and loaded once; a mutant replaces one document's bytes and is
validated next to the unchanged documents it refers to or that refer to it (its *context*): a scenario
with its map and catalogs (or its table), a map or catalog with the scenarios that use it and theirs.
Nothing is ever written back: the fuzzer reads its inputs and keeps everything else in memory.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from admiralty.validator.load import LoadResult, load_bytes
from admiralty.validator.pipeline import discover, display_path

# The keys by which a scenario names the documents it is built from, in every ruleset.
REFERENCE_KEYS = ("map", "catalogs", "table", "tables")


@dataclass(frozen=True)
class CorpusFile:
    """One document of the corpus: its bytes, its loaded form, and what it is."""

    shown: str  # the name diagnostics give it
    raw: bytes
    result: LoadResult
    ruleset: str | None
    kind: str | None
    id: str | None
    refs: tuple[str, ...]  # ids of the documents it names (a scenario's map, catalogs, table)

    @property
    def data(self) -> Any:
        return self.result.document.data if self.result.document is not None else None

    @property
    def modeline(self) -> str:
        """The first line when it is a comment (the schema modeline), to keep at the top of a mutant."""
        first = self.raw.split(b"\n", 1)[0].decode("utf-8", "replace")
        return first if first.lstrip().startswith("#") else ""


@dataclass
class Corpus:
    """The documents under the paths given, in name order, with each one's context."""

    files: dict[str, CorpusFile]
    vocabularies: dict[str, dict[str, list[object]]] = field(default_factory=dict)

    def names(self) -> list[str]:
        return list(self.files)

    def context(self, shown: str) -> list[str]:
        """The documents validated with ``shown``: those it names, those naming it, and theirs; sorted."""
        target = self.files[shown]
        if target.ruleset is None:
            return [shown]
        same = [f for f in self.files.values() if f.ruleset == target.ruleset]
        if target.kind == "scenario":
            scenarios = [target]
        else:
            scenarios = [f for f in same if f.kind == "scenario" and target.id in f.refs]
        chosen = {target.shown}
        for scenario in scenarios:
            chosen.add(scenario.shown)
            chosen.update(f.shown for f in same if f.kind != "scenario" and f.id in scenario.refs)
        return sorted(chosen)

    def vocabulary(self, ruleset: str | None) -> dict[str, list[object]]:
        """Scalar values seen under each key in a ruleset's documents: what a plausible mistake swaps in."""
        return self.vocabularies.get(ruleset or "", {})


def _refs(data: object) -> tuple[str, ...]:
    if not isinstance(data, dict):
        return ()
    found: list[str] = []
    for key in REFERENCE_KEYS:
        value = data.get(key)
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, list):
            found.extend(v for v in value if isinstance(v, str))
    return tuple(found)


def _scalars(data: object, key: str = "") -> Iterator[tuple[str, object]]:
    """(key, value) for every scalar, a list's items counting under the list's key."""
    stack: list[tuple[str, object]] = [(key, data)]
    while stack:
        name, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((str(k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((name, v) for v in value)
        else:
            yield name, value


def _string_field(data: object, key: str) -> str | None:
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


def load_corpus(paths: Sequence[str]) -> Corpus:
    """Read and load every YAML document under ``paths`` once."""
    files, _ = discover(paths)
    loaded: dict[str, CorpusFile] = {}
    for path in files:
        shown = display_path(path)
        raw = Path(path).read_bytes()
        result = load_bytes(raw, shown)
        data = result.document.data if result.document is not None else None
        loaded[shown] = CorpusFile(shown, raw, result, _string_field(data, "ruleset"), _string_field(data, "kind"),
                                   _string_field(data, "id"), _refs(data))
    vocabularies: dict[str, dict[str, list[object]]] = {}
    for item in loaded.values():
        words = vocabularies.setdefault(item.ruleset or "", {})
        for key, value in _scalars(item.data):
            bucket = words.setdefault(key, [])
            if value not in bucket and len(bucket) < 400:
                bucket.append(value)
    return Corpus(loaded, vocabularies)
