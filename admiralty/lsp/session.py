"""The language server's state without the protocol: the incremental workspace, the editor's open texts, what
was last published, and the answers to completion, hover, definition and quick-fix requests in plain values
(``server.py`` turns them into LSP messages). Lines and columns here are admiralty's, 1-based."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from admiralty.contract import Sourced, clause_pattern, rulesets
from admiralty.corpora import used_documents
from admiralty.lsp.bounds import under
from admiralty.lsp.support import (
    Cursor,
    EditorSupport,
    Suggestion,
    clause_summary,
    declared,
    declared_hover,
    explain_code,
    path_at,
    value_at,
    word_at,
)
from admiralty.project import Project
from admiralty.scaffold.modeline import PREFIX, modeline_for
from admiralty.validator.diagnostics import Diagnostic
from admiralty.validator.incremental import FileState, Update, Workspace
from admiralty.validator.load import Document, Span, load_file
from admiralty.validator.pipeline import display_path
from admiralty.validator.policy import apply_policy

SUGGESTED = re.compile(r"'([^']+)'")


@dataclass(frozen=True)
class Edit:
    """A quick fix: replace the text between two 1-based positions of ``file`` (end exclusive) by ``text``."""

    title: str
    file: str
    span: Span
    text: str
    code: str


@dataclass
class Session:
    """Everything the server knows between messages."""

    workspace: Workspace
    texts: dict[str, str] = field(default_factory=dict)  # shown -> the editor's text, for open documents
    published: dict[str, list[Diagnostic]] = field(default_factory=dict)
    dirty: bool = True
    # shown -> the models its text last built. A document being typed rarely builds (a half-written id is an
    # unknown reference), and completion should not go blind then: the cursor gets these for a file whose
    # current text builds nothing.
    last_built: dict[str, list[Sourced]] = field(default_factory=dict)
    used: tuple[Path, ...] = ()  # the folders of the corpora the project uses: read, never reported on
    project: Project | None = None  # its codes to ignore or make errors; inline comments count without one too

    @classmethod
    def for_paths(cls, paths: Sequence[str], used: Sequence[Path] = ()) -> Session:
        """The workspace of ``paths`` (none: only the documents the editor opens, each alone), with the documents
        of the ``used`` corpora as its context (``Workspace.context``)."""
        workspace = Workspace(list(paths), context=used_documents(used))
        return cls(workspace, used=tuple(folder.resolve() for folder in used))

    def reported(self, shown: str) -> bool:
        """Whether findings in ``shown`` are published: not for a document of a used corpus that is not open."""
        return shown in self.texts or not under(Path(shown).resolve(), list(self.used))

    def reset(self) -> None:
        """Start the workspace afresh after a request was stopped half-way through it (its budget): the editor's
        texts are kept, everything validation knew is dropped."""
        fresh = Workspace(list(self.workspace.paths), context=list(self.workspace.context))
        fresh.overlays = dict(self.workspace.overlays)
        self.workspace = fresh
        self.last_built = {}
        self.dirty = True

    # --- documents ---------------------------------------------------------------------------------------

    def shown(self, path: Path) -> str:
        return display_path(path)

    def path_of(self, shown: str) -> Path:
        state = self.workspace.files.get(shown)
        return (state.path if state is not None else Path(shown)).resolve()

    def open(self, path: Path, text: str) -> bool:
        """An editor opened (or changed) a document: its text counts from now on. One outside the workspace's
        paths joins them alone (its folder is not walked); a folder (``file:///`` sent as a document) is refused:
        ``False``."""
        resolved = path.resolve()
        if resolved.is_dir():
            return False
        if not under(resolved, [Path(p).resolve() for p in [*self.workspace.paths, *self.workspace.context]]):
            self.workspace.paths = [*self.workspace.paths, str(resolved)]
        self.workspace.set_overlay(path, text)
        self.texts[self.shown(path)] = text
        self.dirty = True
        return True

    def close(self, path: Path) -> None:
        self.workspace.set_overlay(path, None)
        self.texts.pop(self.shown(path), None)
        self.dirty = True

    def refresh(self, first: str | None = None) -> tuple[Update, dict[str, list[Diagnostic]]]:
        """Re-validate what changed; the files whose diagnostics differ from those last published, with the new
        ones (an empty list clears a file). ``first``: a document the editor just opened, re-validated alone
        (with what it needs) so that its findings come at once; the rest of the workspace stays ``dirty`` for
        the next refresh (``Workspace.refresh``'s focus)."""
        update = self.workspace.refresh(None if first is None else [first])
        apply_policy(update.report, self.project, self.texts)  # inline ignore[...] of the editor's text, as validate
        self.dirty = bool(self.workspace.pending)
        self.last_built = {shown: found for shown, found in self.last_built.items() if shown in self.workspace.files}
        self.last_built.update({shown: list(found) for shown, found in self.workspace.models.items() if found})
        now = self.to_publish(update)
        changes = {shown: found for shown, found in now.items() if self.published.get(shown) != found}
        changes.update({shown: [] for shown in self.published if shown not in now and self.published[shown]})
        self.published = {shown: found for shown, found in now.items() if found or shown in self.texts}
        return update, changes

    def to_publish(self, update: Update) -> dict[str, list[Diagnostic]]:
        """The diagnostics of each file whose findings are published (not a used corpus's), in report order; each
        open document has an entry, empty when it has none."""
        now: dict[str, list[Diagnostic]] = {}
        for diagnostic in update.report.sorted():
            if not self.used or self.reported(diagnostic.file):
                now.setdefault(diagnostic.file, []).append(diagnostic)
        for shown in self.texts:
            now.setdefault(shown, [])
        return now

    def flush(self) -> None:
        """Answer from the latest text: re-validate now when an edit is still waiting for its debounce."""
        if self.dirty:
            self.refresh()

    # --- cursor ------------------------------------------------------------------------------------------

    def cursor(self, shown: str, line: int, column: int) -> tuple[Cursor, EditorSupport | None] | None:
        """The cursor and the rule system's editor support of its document (or ``None`` for the support)."""
        self.flush()
        state = self.workspace.files.get(shown)
        if state is None or state.document is None:
            return None
        doc = state.document
        path, on_key = path_at(doc, line, column)
        text = self.texts.get(shown) or _read(state)
        models = [m for name in self.workspace.files  # not `shown`: that is this document
                  for m in self.workspace.models.get(name) or self.last_built.get(name, [])]
        documents = {s: f.document for s, f in self.workspace.files.items() if f.document is not None}
        cursor = Cursor(doc, path, on_key, value_at(doc.data, path), word_at(text, line, column), models, documents)
        ruleset = doc.data.get("ruleset") if isinstance(doc.data, dict) else None
        named = rulesets().get(ruleset) if isinstance(ruleset, str) else None
        editor: EditorSupport | None = named.load_editor() if named is not None else None
        return cursor, editor

    def complete(self, shown: str, line: int, column: int) -> list[Suggestion]:
        found = self.cursor(shown, line, column)
        if found is None or found[1] is None:
            return []
        suggestions = found[1].complete(found[0])
        return sorted(suggestions, key=lambda s: s.rank)  # stable: the rule system's order within a rank

    def hover(self, shown: str, line: int, column: int) -> str | None:
        self.flush()
        parts = [explain_code(d.code) or "" for d in self.published.get(shown, []) if _covers(d, line, column)]
        found = self.cursor(shown, line, column)
        if found is not None:
            cursor, editor = found
            if clause_pattern().fullmatch(cursor.word):
                parts.append(clause_summary(cursor.word) or "")
            else:
                parts.append((editor.hover(cursor) if editor is not None else None) or _declared_hover(cursor))
        text = "\n\n---\n\n".join(p for p in parts if p)
        return text or None

    def definition(self, shown: str, line: int, column: int) -> tuple[str, Span] | None:
        """Where the id under the cursor is defined: as its rule system's editor says, else the workspace's
        mapping with that id (``support.declared``). A target outside the workspace (a rule system's packaged
        tables) is read from disk."""
        found = self.cursor(shown, line, column)
        if found is None:
            return None
        cursor, editor = found
        target = editor.definition(cursor) if editor is not None else None
        if target is None:
            found_id = declared(cursor)
            target = found_id[0] if found_id is not None else None
        if target is None:
            return None
        state = self.workspace.files.get(target.file)
        document = state.document if state is not None else _load(self.path_of(target.file), target.file)
        if document is None:
            return None
        return target.file, document.locate(target.path, key=target.key)

    # --- quick fixes -------------------------------------------------------------------------------------

    def fixes(self, shown: str, first: int, last: int) -> list[Edit]:
        """Quick fixes for the diagnostics on lines ``first``..``last``: each "did you mean" suggestion, and the
        schema modeline when it is missing or wrong (SCH012)."""
        self.flush()
        edits: list[Edit] = []
        state = self.workspace.files.get(shown)
        text = self.texts.get(shown) or (_read(state) if state is not None else "")
        for d in self.published.get(shown, []):
            if not first <= d.line <= last:
                continue
            if "did you mean" in d.hint:
                edits += _suggestions(d, text)
            elif d.code == "SCH012" and state is not None:
                edit = _modeline_fix(d, state, text)
                if edit is not None:
                    edits.append(edit)
        return edits


def _declared_hover(cursor: Cursor) -> str:
    found = declared(cursor)
    return declared_hover(*found) if found is not None else ""


def _load(path: Path, shown: str) -> Document | None:
    """A YAML file outside the workspace, positioned (a definition in a rule system's packaged tables)."""
    return load_file(str(path), shown).document if path.is_file() else None


def _read(state: FileState) -> str:
    try:
        return state.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def _covers(d: Diagnostic, line: int, column: int) -> bool:
    end = (d.end_line or d.line, d.end_column or d.column)
    return (d.line, d.column) <= (line, column) <= end


def _suggestions(d: Diagnostic, text: str) -> list[Edit]:
    """Replace the unknown name inside the diagnostic's span (or the whole span) by each suggestion."""
    unknown = SUGGESTED.findall(d.message)
    options = SUGGESTED.findall(d.hint.split("did you mean", 1)[1])
    span = Span(d.line, d.column, d.end_line or d.line, d.end_column or d.column)
    lines = text.splitlines()
    if unknown and span.line == span.end_line and 0 < span.line <= len(lines):
        row = lines[span.line - 1]
        at = row.find(unknown[0], span.column - 1, max(span.end_column - 1, span.column - 1 + len(unknown[0])))
        if at >= 0:
            span = Span(span.line, at + 1, span.line, at + 1 + len(unknown[0]))
    return [Edit(f"Change to '{option}'", d.file, span, option, d.code) for option in options]


def _modeline_fix(d: Diagnostic, state: FileState, text: str) -> Edit | None:
    key = state.key
    if key is None:
        return None
    ruleset, kind, _ = key
    modeline = modeline_for(state.path, ruleset, kind, Path.cwd()).text
    first = text.split("\n", 1)[0]
    if first.startswith(PREFIX.split("$")[0].rstrip()):
        return Edit("Fix the schema modeline", d.file, Span(1, 1, 1, len(first) + 1), modeline, d.code)
    return Edit("Add the schema modeline", d.file, Span(1, 1, 1, 1), modeline + "\n", d.code)
