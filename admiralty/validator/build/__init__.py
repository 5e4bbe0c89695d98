"""Build the typed model from schema-valid documents, checking every reference on the way.

Each rule system names its builder in its ``admiralty.contract.Ruleset`` (found through the
``admiralty.rulesets`` entry points), so a new rule system adds nothing here. A builder receives the
schema-valid documents of its ruleset and a ``BuildContext`` that collects diagnostics, and returns the
playable scenarios it could build (with maps and catalogs resolved inside them).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import TypeVar, cast

from admiralty.contract import SCENARIO_MEMBERS, ScenarioModel, Sourced, rulesets
from admiralty.engine.model.common import Source
from admiralty.validator.diagnostics import Diagnostic, Related, Severity, did_you_mean
from admiralty.validator.load import Document, PathPart, json_path

T = TypeVar("T")
Finding = tuple[str, str, str, tuple[PathPart, ...], str, bool, Severity, tuple[Related, ...]]  # code, message, …
BuildCache = dict[tuple[str, str], tuple[str, object, list[Finding], frozenset[tuple[str, str, str]]]]
"""(file, what) -> (content digest, model, findings while building it, broken marks it added). The models are of
many types; ``memo`` gives each back as the type its ``compute`` built for the same key."""
SUGGESTION_WORK = 100_000  # known names compared, over a run: under a second of difflib


@dataclass
class Built:
    """What the builders made: playable scenarios, and the other models (maps, catalogs) for map-level
    checks and the site."""

    scenarios: list[ScenarioModel] = field(default_factory=list)
    others: list[Sourced] = field(default_factory=list)
    others_by_ruleset: dict[str, list[Sourced]] = field(default_factory=dict)  # the same models, by rule system


@dataclass
class Loaded:
    """A schema-valid document with its kind, ruleset and id."""

    doc: Document
    ruleset: str
    kind: str
    id: str


@dataclass
class BuildContext:
    """Collects diagnostics for a builder and knows which documents failed earlier stages."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    broken: set[tuple[str, str, str]] = field(default_factory=set)  # (ruleset, kind, id) with errors
    suggestion_work: int = SUGGESTION_WORK  # known names "did you mean" may still compare against in this run
    cache: BuildCache | None = None  # built models kept between runs (the language server, watch mode)
    documents: dict[tuple[str, str, str], Document] = field(default_factory=dict)  # what build_all builds, by key
    _recording: list[Finding] | None = None

    def report(self, code: str, message: str, doc: Document, path: tuple[PathPart, ...], hint: str = "",
               *, key: bool = False, severity: Severity = Severity.ERROR, related: tuple[Related, ...] = ()) -> None:
        if self._recording is not None:
            self._recording.append((code, message, doc.file, path, hint, key, severity, related))
        span = doc.locate(path, key=key)
        self.diagnostics.append(Diagnostic(code, message, doc.file, span.line, span.column, span.end_line,
                                           span.end_column, json_path(path), hint, severity, related))

    def related(self, document: tuple[str, str, str], path: tuple[PathPart, ...], message: str,
                *, key: bool = False) -> tuple[Related, ...]:
        """``path`` of another document (by its key: a map, a catalog), as a finding's related place, which a
        reader may not have open (a used corpus's: issue 37, item 3); none when that document is not built."""
        doc = self.documents.get(document)
        value: object = doc.data if doc is not None else None
        for part in path:  # a place the document does not have (a map without ports:) is no place to send anyone
            try:
                value = value[part]  # type: ignore[index]
            except (KeyError, IndexError, TypeError):
                return ()
        if doc is None:
            return ()
        span = doc.locate(path, key=key)
        return (Related(doc.file, span.line, span.column, message),)

    def unknown(self, code: str, what: str, name: str, known: Iterable[str], doc: Document,
                path: tuple[PathPart, ...], *, allowed: str = "", related: tuple[Related, ...] = ()) -> None:
        """An unknown-reference diagnostic with "did you mean ..." while the run's ``SUGGESTION_WORK`` lasts:
        each search compares the name with every known one, so ten thousand unknown ships against ten
        thousand known would take minutes (a hostile pull request could tie up CI that way). ``allowed`` says
        what sort of thing may be named here, before the suggestions."""
        known = known if isinstance(known, Collection) else list(known)
        if len(known) > self.suggestion_work:
            self.report(code, f"unknown {what} '{name}'", doc, path, "check the spelling (too many unknown names "
                        "in this run to suggest close ones)", related=related)
            return
        self.suggestion_work -= len(known)
        hint = did_you_mean(name, known) or (f"known: {', '.join(sorted(known)[:12])}" if known else
                                             f"no {what} is defined in the files given")
        if allowed:  # what may stand here at all, for a reader whose name was of the wrong sort of thing
            hint = f"{allowed}; {hint}"
        self.report(code, f"unknown {what} '{name}'", doc, path, hint, related=related)


    def memo(self, doc: Document, name: str, compute: Callable[[], T]) -> T:
        """``compute()`` (a builder's model of ``doc``: a map, a catalog), or the model built before from the same
        content of the same file when the context has a ``cache``. The findings reported while building are kept
        with it (as paths, not positions) and reported again at the document's current positions, so that a
        cached model says exactly what building it anew would; the ``broken`` marks it added are added again."""
        if self.cache is None:
            return compute()
        hit = self.cache.get((doc.file, name))
        if hit is None or hit[0] != doc.content_digest:
            outer, self._recording = self._recording, []
            before = set(self.broken)
            try:
                value = compute()
            finally:
                records, self._recording = self._recording, outer
            if outer is not None:
                outer.extend(records)
            hit = (doc.content_digest, value, records, frozenset(self.broken - before))
            self.cache[(doc.file, name)] = hit
            return value
        for code, message, file, path, hint, key, severity, related in hit[2]:
            if file == doc.file:
                self.report(code, message, doc, path, hint, key=key, severity=severity, related=related)
        self.broken |= hit[3]
        return cast(T, hit[1])  # the model ``compute`` built for this (file, what) before


def content_hash(docs: Iterable[Document]) -> str:
    """A hash of the documents' content (not their formatting): replays name the scenario they came from.
    A map shared by many scenarios is hashed once."""
    digest = hashlib.sha256()
    for doc in docs:
        digest.update(doc.content_digest.encode())
    return digest.hexdigest()[:16]


def source(doc: Document, *path: PathPart) -> Source:
    return Source(doc.file, tuple(path))


def build_all(loaded: list[Loaded], ctx: BuildContext) -> Built:
    """Every model the documents make, over all rulesets."""
    built = Built()
    installed = rulesets()
    for item in loaded:  # the first document of an id is the one built (REF001 for the others)
        ctx.documents.setdefault((item.ruleset, item.kind, item.id), item.doc)
    for name in sorted({item.ruleset for item in loaded}):
        if name not in installed:
            continue
        mine = [item for item in loaded if item.ruleset == name]
        part: Built = installed[name].build(mine, ctx)
        for scenario in part.scenarios:
            missing = missing_members(scenario)
            if missing:  # a rule system's bug, not the author's: said once per scenario, never a traceback
                ctx.diagnostics.append(Diagnostic(
                    "internal", f"rule system '{name}' built scenario '{getattr(scenario, 'id', '?')}' without "
                    f"{', '.join(missing)} of admiralty.contract.ScenarioModel", mine[0].doc.file,
                    hint="this is a bug in the rule system's builder; please report it"))
            else:
                built.scenarios.append(scenario)
        built.others.extend(part.others)
        built.others_by_ruleset[name] = list(part.others)
    return built


def missing_members(scenario: object) -> list[str]:
    """The ``ScenarioModel`` members a built scenario lacks (none for a well-behaved rule system)."""
    return [name for name in SCENARIO_MEMBERS if not hasattr(scenario, name)]
