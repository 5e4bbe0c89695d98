"""Incremental validation, shared by ``admiralty validate --watch`` and ``admiralty lsp``.

A ``Workspace`` keeps, for every file below the paths it was given, what the load and schema stages made of
it, keyed by the SHA-256 of its text (an editor's unsaved text stands in for the file's while it is open), and
the findings of the build and the checks by the file they came from. ``refresh()`` finds what changed and
re-validates only that and what depends on it, through the dependency graph between documents: a document
depends on the documents its rule system says it refers to (``Ruleset.references``: a scenario on its map and
catalogs), and on those that share its id (a duplicate is found only next to the other). Maps and catalogs
already built from the same content are taken from a cache (``BuildContext.memo``). The result is exactly what
``validate`` over the same paths reports; ``tests/validator/test_incremental.py`` checks that edit by edit.

``context`` paths (the documents of a corpus the project ``uses:``) are read for the others' references only, as
``validate`` reads a used corpus: their models are built but not checked, and their findings are not reported
(unless an editor has one open). A focused refresh reads of them only those the focused documents need, found by
a header scan (``context.header_key``); the next whole refresh reads the rest (issue 36: an editor opened on a
scenario of a repository using the bundled corpus waited for every Baltic and Adriatic document to be read). Their
maps and catalogs, once built, are kept on disk for the next run (``stored_models``).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from admiralty.contract import Sourced, rulesets
from admiralty.validator.build import BuildCache, BuildContext, Loaded, build_all
from admiralty.validator.checks import run_checks
from admiralty.validator.context import header_key, reached
from admiralty.validator.diagnostics import Diagnostic, Report
from admiralty.validator.load import Document, load_bytes
from admiralty.validator.load.codes import RepositionError
from admiralty.validator.pipeline import (
    Staged,
    collector_paused,
    discover,
    display_path,
    document_names,
    look_alikes,
    model_file,
    stage_file,
)
from admiralty.validator.spoofing import Named
from admiralty.validator.stored_models import StoredModels

Key = tuple[str, str, str]  # (ruleset, kind, id)


@dataclass
class FileState:
    """One file as the last refresh saw it."""

    shown: str
    path: Path
    digest: str
    stat: tuple[int, int] | None  # (mtime_ns, size) of the file on disk; None for an editor's text
    staged: Staged
    refs: frozenset[Key] | None  # the documents it refers to; None: every document of its rule system
    document: Document | None = None  # the last text that parsed (an editor's half-typed line may not)
    mixed: list[Diagnostic] = field(default_factory=list)  # TXT005 in its names
    names: list[tuple[tuple[str, ...], Named]] = field(default_factory=list)  # its names, for TXT004 across files

    @property
    def key(self) -> Key | None:
        loaded = self.staged.loaded
        return (loaded.ruleset, loaded.kind, loaded.id) if loaded is not None else self.staged.broken


@dataclass
class Update:
    """What one refresh did: the files whose text changed, the files re-validated, and the whole report."""

    changed: set[str]
    revalidated: set[str]
    report: Report


@dataclass
class Workspace:
    """The documents below ``paths`` and everything validation knows of them, kept up to date by ``refresh``."""

    paths: Sequence[str]
    overlays: dict[str, str] = field(default_factory=dict)  # resolved path -> an editor's text
    files: dict[str, FileState] = field(default_factory=dict)  # by shown name
    origin: dict[str, list[Diagnostic]] = field(default_factory=dict)  # build and check findings by source file
    models: dict[str, list[Sourced]] = field(default_factory=dict)  # built models by the file they were built from
    problems: list[Diagnostic] = field(default_factory=list)  # discovery's (IO001, IO002)
    look_alike: list[Diagnostic] = field(default_factory=list)  # TXT004, across every file
    cache: BuildCache = field(default_factory=dict)
    positioned: set[str] = field(default_factory=set)  # files the fast YAML path read unlike the positioned loader
    pending: set[str] = field(default_factory=set)  # files a focused refresh left to re-validate: the next one does
    context: Sequence[str] = ()  # files and folders read for reference only (a used corpus's documents)
    contextual: set[str] = field(default_factory=set)  # the files found under ``context``
    hidden: set[str] = field(default_factory=set)  # of those, the ones no editor has open: never checked or reported
    revealed: set[str] = field(default_factory=set)  # hidden until this refresh: an editor opened them
    deferred: dict[str, tuple[Path, Key]] = field(default_factory=dict)  # context files a focused refresh left unread
    stored: StoredModels = field(default_factory=StoredModels)  # the hidden files' models, kept between runs

    def set_overlay(self, path: Path, text: str | None) -> None:
        """An editor's text for ``path`` (``None``: the editor closed it, the file on disk counts again)."""
        if text is None:
            self.overlays.pop(str(path.resolve()), None)
        else:
            self.overlays[str(path.resolve())] = text

    def refresh(self, focus: Collection[str] | None = None) -> Update:
        """Re-read what changed (new, edited, removed files; changed editor texts) and re-validate it, with the
        cycle collector paused as ``validate`` pauses it (``pipeline.collector_paused``). With ``focus`` (shown
        names: the document an editor opened), only those of the files to re-validate are built and checked now,
        with what they need; the others wait in ``pending`` for the next refresh without a focus (a language
        server's first diagnostics: issue 36)."""
        with collector_paused():
            for _ in range(len(self.files) + 1):
                try:
                    return self._refresh(focus)
                except RepositionError as refused:
                    # the readers disagreed on a file: read it the positioned way, and everything again (the failed
                    # refresh may have left some findings half replaced)
                    self.positioned.add(refused.file)
                    self.files.clear()
            return self._refresh(focus)

    def _read_all(self, found: list[Path], focus: Collection[str] | None,
                  ) -> tuple[dict[str, FileState], dict[str, Key | None]]:
        """Every file found, read (a file unchanged since the last read is not read again; with a ``focus``, a
        context file never read is put off: ``deferred``), and the files that changed, came or went, each with the
        key it had before (``None`` for a new file)."""
        named = self._named()
        seen: dict[str, FileState] = {}
        old_keys: dict[str, Key | None] = {}
        self.deferred = {}
        for path in found:
            shown = display_path(path)
            if focus is not None and shown in self.hidden and shown not in self.files and self._defer(shown, path):
                continue
            state = self._read(shown, path, named)
            seen[shown] = state
            before = self.files.get(shown)
            if before is None or before.digest != state.digest:
                old_keys[shown] = before.key if before is not None else None
        for shown in set(self.files) - set(seen):
            old_keys[shown] = self.files[shown].key
        for shown in self.revealed & set(seen):
            old_keys.setdefault(shown, seen[shown].key)
        return seen, old_keys

    def _named(self) -> set[str]:
        return {display_path(Path(given)) for given in self.paths if Path(given).is_file()}

    def _defer(self, shown: str, path: Path) -> bool:
        """Put off reading a context file whose header says its key."""
        try:
            key = header_key(path.read_bytes())
        except OSError:
            key = None
        if key is not None:
            self.deferred[shown] = (path, key)
        return key is not None

    def _find(self) -> list[Path]:
        """The files below ``paths`` and ``context``; which are context, and which of those are hidden."""
        found, self.problems = discover([*self.paths, *self.context])
        if not self.context:
            self.contextual, self.hidden = set(), set()
            return found
        roots = [Path(given).resolve() for given in self.context]
        resolved = {display_path(path): path.resolve() for path in found}
        self.contextual = {shown for shown, path in resolved.items()
                           if any(path == root or path.is_relative_to(root) for root in roots)}
        hidden = {shown for shown in self.contextual if str(resolved[shown]) not in self.overlays}
        self.revealed = self.hidden - hidden  # opened in an editor: checked from now on, even if its text is the same
        self.hidden = hidden
        return found

    def _refresh(self, focus: Collection[str] | None = None) -> Update:
        found = self._find()
        seen, old_keys = self._read_all(found, focus)
        if self.deferred and focus is not None:
            self._wake(seen, old_keys, focus)
        changed = set(old_keys)
        before_names = {shown: _texts(self.files[shown]) for shown in changed if shown in self.files}
        self.files = seen
        dirty = self._now_or_later(self._dependents(changed, old_keys) if changed else set(), focus)
        if dirty:
            self._rebuild(dirty)
        if self._names_changed(changed, before_names) or any(d.file in changed for d in self.look_alike):
            names = [named for state in self.files.values() for named in state.names]
            documents = {s: state.staged.loaded.doc for s, state in self.files.items() if state.staged.loaded}
            self.look_alike = look_alikes(names, documents)
        return Update(changed, dirty, self.report())

    def _wake(self, seen: dict[str, FileState], old_keys: dict[str, Key | None], focus: Collection[str]) -> None:
        """Read the deferred context files the focused ones need, following references as ``_closure`` does
        (the documents referred to, those sharing an id, every document of a kind a reference misses)."""
        named = self._named()
        pending = [shown for shown in focus if shown in seen]
        taken = set(pending)
        while pending and self.deferred:
            state = seen[pending.pop()]
            files = [(shown, key, False) for shown, other in seen.items() if (key := other.key) is not None]
            files += [(shown, key, True) for shown, (_, key) in self.deferred.items()]
            reach = [] if state.staged.loaded is None or state.key is None else reached(state.key, state.refs, files)
            for shown, woken in reach:
                if woken:
                    path, _ = self.deferred.pop(shown)
                    seen[shown] = self._read(shown, path, named)
                    old_keys[shown] = None
                if shown not in taken:
                    taken.add(shown)
                    pending.append(shown)

    def _now_or_later(self, dirty: set[str], focus: Collection[str] | None) -> set[str]:
        """The files to re-validate now: with the ones put off before, those in ``focus`` (all without one)."""
        due = {shown for shown in dirty | self.pending if shown in self.files}
        now = due if focus is None else due & set(focus)
        self.pending = due - now
        return now

    def _names_changed(self, changed: set[str], before: Mapping[str, list[tuple[tuple[str, ...], str]]]) -> bool:
        """Whether an edit changed any name (TXT004 compares names across files; most edits change none)."""
        return any(before.get(shown) != (_texts(self.files[shown]) if shown in self.files else None)
                   for shown in changed)

    def report(self) -> Report:
        """Every finding, as ``validate`` over the same paths would report them."""
        report = Report()
        report.extend(self.problems)
        for shown in sorted(self.files, key=lambda s: str(self.files[s].path)):
            if shown in self.hidden:
                continue
            report.files.append(shown)
            report.extend(self.files[shown].staged.diagnostics)
            report.extend(self.files[shown].mixed)
        report.extend(d for d in self.look_alike if d.file not in self.hidden)
        for shown, found in self.origin.items():
            if shown not in self.hidden:
                report.extend(found)
        return report

    def diagnostics_of(self, shown: str) -> list[Diagnostic]:
        """The findings located in one file, sorted."""
        return [d for d in self.report().sorted() if d.file == shown]

    # --- reading -------------------------------------------------------------------------------------

    def _read(self, shown: str, path: Path, named: set[str]) -> FileState:
        overlay = self.overlays.get(str(path.resolve()))
        before = self.files.get(shown)
        if overlay is not None:
            raw, stat = overlay.encode(), None
        else:
            try:
                info = os.stat(path)
            except OSError:
                info = None
            stat = (info.st_mtime_ns, info.st_size) if info is not None else None
            if before is not None and stat is not None and before.stat == stat:
                return before
            try:
                raw = path.read_bytes()
            except OSError:
                raw = b"\xff<unreadable>"  # load_bytes turns it into the same finding validate has
        digest = hashlib.sha256(raw).hexdigest()
        if before is not None and before.digest == digest:
            before.stat = stat
            return before
        result = load_bytes(raw, shown, native=shown not in self.positioned)
        staged = stage_file(shown, result, named)
        document = result.document or (before.document if before is not None else None)
        mixed, names = document_names(staged.loaded) if staged.loaded is not None else ([], [])
        return FileState(shown, path, digest, stat, staged, _references(staged), document, mixed, names)

    # --- the dependency graph --------------------------------------------------------------------------

    def _by_key(self) -> dict[Key, list[str]]:
        index: dict[Key, list[str]] = {}
        for shown, state in self.files.items():
            if state.key is not None:
                index.setdefault(state.key, []).append(shown)
        return index

    def _dependents(self, changed: set[str], old_keys: Mapping[str, Key | None]) -> set[str]:
        """The changed files, the files sharing an id (old or new) with one, and everything that refers to any
        of those, transitively."""
        now = [self.files[shown].key for shown in changed if shown in self.files]
        keys = {k for k in [*old_keys.values(), *now] if k is not None}
        by_key = self._by_key()
        dirty = {shown for shown in changed if shown in self.files}
        dirty |= self._naming_missing({key[:2] for key in keys}, by_key)
        dirty |= self._spread(keys, by_key)
        whole = {k[0] for k in keys if _opaque(k[0])}  # rule systems that say nothing of references
        dirty |= {shown for shown, state in self.files.items() if state.key is not None and state.key[0] in whole}
        for shown in changed - set(self.files):
            self.origin.pop(shown, None)
            self.models.pop(shown, None)
        return dirty

    def _naming_missing(self, kinds: set[tuple[str, str]], by_key: Mapping[Key, list[str]]) -> set[str]:
        """The files with a missing reference of one of ``kinds``: its hint lists the documents of its kind."""
        return {shown for shown, state in self.files.items()
                if any(ref not in by_key and ref[:2] in kinds for ref in state.refs or ())}

    def _spread(self, keys: set[Key], by_key: Mapping[Key, list[str]]) -> set[str]:
        """Every file holding or referring to one of ``keys``, and on through the ids those files hold."""
        referring: dict[Key, list[str]] = {}
        for shown, state in self.files.items():
            for key in state.refs or ():
                referring.setdefault(key, []).append(shown)
        dirty: set[str] = set()
        pending, done = set(keys), set()
        while pending:
            key = pending.pop()
            done.add(key)
            for shown in [*by_key.get(key, []), *referring.get(key, [])]:
                dirty.add(shown)
                other = self.files[shown].key
                if other is not None and other not in done:
                    pending.add(other)
        return dirty

    def _closure(self, dirty: set[str]) -> list[str]:
        """The dirty files and every file they refer to (transitively), with everything sharing their ids."""
        by_key = self._by_key()
        unit = set(dirty)
        pending = list(dirty)
        while pending:
            state = self.files[pending.pop()]
            wanted: Iterable[Key]
            if state.staged.loaded is None:
                continue  # not built: it needs nothing
            if state.refs is None:
                ruleset = state.key[0] if state.key is not None else ""
                wanted = [k for k in by_key if k[0] == ruleset]
            else:
                wanted = [*state.refs, *([state.key] if state.key is not None else [])]
            for key in wanted:
                # a reference to no document is reported with the documents of its kind that exist
                found = by_key.get(key) or [s for k, files in by_key.items() if k[:2] == key[:2] for s in files]
                for shown in found:
                    if shown not in unit:
                        unit.add(shown)
                        pending.append(shown)
        return sorted(unit, key=lambda s: str(self.files[s].path))

    # --- build and checks ----------------------------------------------------------------------------

    def _rebuild(self, dirty: set[str]) -> None:
        """Build the dirty files with what they need, keep the findings of the dirty ones, check their models."""
        unit = self._closure(dirty)
        loaded: list[Loaded] = [item for shown in unit for item in [self.files[shown].staged.loaded] if item]
        broken = {state.staged.broken for state in self.files.values() if state.staged.broken is not None}
        ctx = BuildContext(broken=broken, cache=self.cache)
        if self.hidden:  # a used corpus's maps and catalogs, as built by an earlier run
            self.stored.recall(loaded, self.hidden, self.cache)
        built = build_all(loaded, ctx)
        if self.hidden:
            self.stored.keep(loaded, self.hidden, self.cache)
        self._keep(dirty, ctx.diagnostics, [*built.others, *built.scenarios], loaded)
        live = {shown for shown in self.files}
        self.cache = {k: v for k, v in self.cache.items() if k[0] in live}

    def _keep(self, dirty: set[str], diagnostics: list[Diagnostic], models: list[Sourced],
              loaded: list[Loaded]) -> None:
        """The build's findings and models of the dirty files, then the checks' findings on those models."""
        for shown in dirty:
            self.origin[shown] = []
            self.models[shown] = []
        for diagnostic in diagnostics:
            if diagnostic.file in dirty:
                self.origin[diagnostic.file].append(diagnostic)
        mine = [model for model in models if model_file(model) in dirty]
        for model in mine:
            self.models[model_file(model)].append(model)
        documents = {item.doc.file: item.doc for item in loaded}
        for model in mine:
            if model_file(model) not in self.hidden:  # a used corpus's model: built for reference, never checked
                self.origin[model_file(model)].extend(run_checks([model], documents))


def _texts(state: FileState) -> list[tuple[tuple[str, ...], str]]:
    return [(space, named[2]) for space, named in state.names]


def _opaque(ruleset: str) -> bool:
    known = rulesets()
    return ruleset not in known or known[ruleset].references is None


def _references(staged: Staged) -> frozenset[Key] | None:
    """What a staged document refers to, by its rule system's ``references`` (the raw data, errors or not)."""
    item = staged.loaded
    key = (item.ruleset, item.kind, item.id) if item is not None else staged.broken
    if key is None:
        return frozenset()
    ruleset = rulesets().get(key[0])
    if ruleset is None or ruleset.references is None:
        return None
    if item is None:
        return frozenset()  # stopped by its own errors: it is not built, so it needs nothing
    named = ruleset.document_references(key[1], item.doc.data) or []
    return frozenset((key[0], kind, ident) for kind, ident in named)
