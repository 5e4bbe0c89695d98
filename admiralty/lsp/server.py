"""``admiralty lsp``: the Language Server Protocol over stdio, on pygls.

It validates the workspace (the paths given, or the editor's workspace folders) incrementally
(``admiralty.validator.incremental``) and publishes every diagnostic at the line, column and code
``admiralty validate`` gives; after an edit it waits ``debounce`` seconds of quiet, then re-validates the
changed document and what depends on it. A document the editor opens is validated first, alone with the map
and catalogs it needs, and published before the rest of the workspace (whose turn comes after ``debounce``), so
an editor started on a file shows its findings without waiting for the whole corpus. Requests (completion,
hover, definition, code actions) answer from the latest text. Positions: admiralty's are 1-based, the
protocol's 0-based.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from admiralty import __version__
from admiralty.lsp.bounds import AnsweringProtocol, BoundedStdin, Budget, BudgetExceeded, under, walkable, within
from admiralty.lsp.session import Session
from admiralty.project import Project
from admiralty.validator.diagnostics import Diagnostic, Severity
from admiralty.validator.load import Span

SEVERITY = {Severity.ERROR: lsp.DiagnosticSeverity.Error, Severity.WARNING: lsp.DiagnosticSeverity.Warning,
            Severity.INFO: lsp.DiagnosticSeverity.Information}
KIND = {"zone": lsp.CompletionItemKind.Value, "port": lsp.CompletionItemKind.Reference,
        "ship": lsp.CompletionItemKind.Class, "class": lsp.CompletionItemKind.Struct,
        "fleet": lsp.CompletionItemKind.Variable, "keyword": lsp.CompletionItemKind.Keyword,
        "value": lsp.CompletionItemKind.Value}


def to_range(span: Span) -> lsp.Range:
    return lsp.Range(lsp.Position(span.line - 1, span.column - 1), lsp.Position(span.end_line - 1, span.end_column - 1))


def to_diagnostic(d: Diagnostic, where: lsp.Range,
                  related: Sequence[lsp.DiagnosticRelatedInformation] = ()) -> lsp.Diagnostic:
    return lsp.Diagnostic(where, d.message + (f"\nhint: {d.hint}" if d.hint else ""),
                          severity=SEVERITY[d.severity], code=d.code, source="admiralty",
                          code_description=lsp.CodeDescription(d.doc_url) if d.doc_url else None,
                          related_information=list(related) or None, data={"hint": d.hint})


class AdmiraltyServer(LanguageServer):
    """pygls's server with admiralty's session, the debounce timer and the budget of one request."""

    def __init__(self, paths: Sequence[str], debounce: float, budget: Budget | None = None) -> None:
        super().__init__("admiralty", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Full,
                         protocol_cls=AnsweringProtocol)
        self.paths = list(paths)
        self.debounce = debounce
        self.budget = budget or Budget()
        self.session = Session.for_paths(self.paths)
        self.timer: asyncio.TimerHandle | None = None
        self.notices: list[str] = []  # said to the user once the client is initialized

    def tell(self, text: str, kind: lsp.MessageType = lsp.MessageType.Warning) -> None:
        self.window_show_message(lsp.ShowMessageParams(kind, text))

    def shown(self, uri: str) -> str:
        return self.session.shown(Path(to_fs_path(uri) or uri))

    def uri(self, shown: str) -> str:
        return from_fs_path(str(self.session.path_of(shown))) or shown

    def lines(self, shown: str) -> list[str]:
        text = self.session.texts.get(shown)
        if text is None:
            try:
                # a file that is not UTF-8 still has lines: YML008 points into it
                text = self.session.path_of(shown).read_text(encoding="utf-8", errors="replace")
            except OSError:
                text = ""
        return text.splitlines()

    def client_range(self, shown: str, span: Span, lines: list[str] | None = None) -> lsp.Range:
        """A span (1-based code points) as the client counts: 0-based, in the negotiated encoding (UTF-16 unless
        the client offers another), which differs only on lines with characters beyond the BMP."""
        lines = self.lines(shown) if lines is None else lines
        plain = to_range(span)
        codec = self.workspace.position_codec
        return lsp.Range(codec.position_to_client_units(lines, plain.start),
                         codec.position_to_client_units(lines, plain.end))

    def related(self, d: Diagnostic) -> list[lsp.DiagnosticRelatedInformation]:
        """A diagnostic's related places (a used corpus's catalog or map: issue 37, item 3) at the real file's
        URI, in the client's units."""
        return [lsp.DiagnosticRelatedInformation(lsp.Location(self.uri(r.file), self.client_range(
            r.file, Span(r.line, r.column, r.line, r.column))), r.message) for r in d.related]

    def at(self, uri: str, position: lsp.Position) -> tuple[str, int, int]:
        """(shown file, 1-based line, 1-based code-point column) of a client position."""
        shown = self.shown(uri)
        server = self.workspace.position_codec.position_from_client_units(self.lines(shown), position)
        return shown, server.line + 1, server.character + 1

    def publish(self, first: str | None = None) -> None:
        """Re-validate and publish what changed, within the budget (a re-validation that overruns it is said in
        a message, and the workspace starts afresh). ``first``: a document just opened, published alone first;
        the rest of the workspace follows after ``debounce`` (issue 36: the first diagnostics in an editor waited
        for the whole corpus)."""
        if first is None:
            self.timer = None
        try:
            with within(self.budget, "validating the workspace"):
                _, changes = self.session.refresh(first)
        except BudgetExceeded as overrun:
            self.session.reset()
            self.tell(overrun.message, lsp.MessageType.Error)
            return
        for shown, found in sorted(changes.items()):
            lines = self.lines(shown) if found else []
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(self.uri(shown), [
                to_diagnostic(d, self.client_range(shown, Span(d.line, d.column, d.end_line or d.line,
                                                               d.end_column or d.column), lines),
                              self.related(d)) for d in found]))
        if self.session.dirty and self.timer is None:
            self.later()

    def later(self) -> None:
        """Re-validate after ``debounce`` seconds without another edit."""
        if self.timer is not None:
            self.timer.cancel()
        self.timer = asyncio.get_running_loop().call_later(self.debounce, self.publish)


def client_roots(params: lsp.InitializeParams) -> list[Path]:
    """The folders the client calls its own: its workspace folders, else its root URI (or path), else none."""
    folders = [to_fs_path(f.uri) for f in params.workspace_folders or []]
    root = to_fs_path(params.root_uri) if params.root_uri else params.root_path
    return [Path(f).resolve() for f in (folders or [root]) if f]


def initialize(ls: AdmiraltyServer, params: lsp.InitializeParams) -> None:
    """The folders to walk: the client's ``initializationOptions.paths`` that lie under its roots, else the paths
    given after ``lsp`` (the user's own choice), else its roots (none given: the working folder). A
    filesystem root is never walked, and a client with no walkable root gets each document it opens checked
    alone."""
    options = params.initialization_options if isinstance(params.initialization_options, dict) else {}
    roots = walkable_roots(ls, client_roots(params) or [Path.cwd()])  # no folder open: where the editor started us
    paths = asked_paths(ls, options.get("paths", []), roots) or [p for p in ls.paths if walkable(Path(p))]
    project = project_at(ls, roots[0] if roots else Path.cwd())
    used = [corpus.folder for corpus in project.uses] if project is not None else []
    ls.session = Session.for_paths(paths or [str(root) for root in roots], used=used)
    ls.session.project = project


def walkable_roots(ls: AdmiraltyServer, roots: list[Path]) -> list[Path]:
    """The workspace roots that may be walked; each filesystem root among them is said once and left out."""
    for root in roots:
        if not walkable(root):
            ls.notices.append(f"admiralty: not walking '{root}', a filesystem root; open your scenario repository "
                              "as the workspace (each document you open is checked alone meanwhile)")
    return [root for root in roots if walkable(root)]


def asked_paths(ls: AdmiraltyServer, asked_options: Sequence[object], roots: list[Path]) -> list[str]:
    """The client's ``initializationOptions.paths`` that lie under the walkable roots; each other one is said."""
    asked = [Path(str(p)) for p in asked_options]
    for path in asked:
        if not under(path, roots) or not walkable(path):
            ls.notices.append(f"admiralty: not walking '{path}' (initializationOptions.paths): it is outside "
                              "the workspace folders")
    return [str(p) for p in asked if under(p, roots) and walkable(p)]


def project_at(ls: AdmiraltyServer, root: Path) -> Project | None:
    """The project the workspace is in: its ``admiralty.yaml`` silences codes (and inline comments do, as in
    ``validate``: issue 36, item 6), and the corpora it ``uses:`` (issue 37) are the workspace's context
    (``Workspace.context``) so that references, go-to-definition and hover reach their documents, whose own
    findings are never published unless the editor opens one. A project file that cannot be read is said once;
    none applies then."""
    from admiralty.project import ProjectError, find_root, load_project

    try:
        return load_project(find_root(root))
    except ProjectError as error:
        ls.notices.append(f"admiralty: {error}")
        return None


def initialized(ls: AdmiraltyServer, params: lsp.InitializedParams) -> None:
    for notice in ls.notices:
        ls.tell(notice)
    watch(ls)
    # after debounce: a document the editor opens at once (its didOpen follows) is validated first, alone
    ls.later()


def watch(ls: AdmiraltyServer) -> None:
    """Ask the client to report changes on disk (a ``git checkout``, a file written by another tool) to YAML
    files, when it can register watchers dynamically; each report re-validates what changed."""
    capability = ls.client_capabilities.workspace
    watched = capability.did_change_watched_files if capability is not None else None
    if watched is None or not watched.dynamic_registration:
        return
    watchers = [lsp.FileSystemWatcher(glob_pattern=pattern) for pattern in ("**/*.yaml", "**/*.yml")]
    ls.client_register_capability(lsp.RegistrationParams([lsp.Registration(
        "admiralty-yaml-files", lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
        lsp.DidChangeWatchedFilesRegistrationOptions(watchers))]))


def did_open(ls: AdmiraltyServer, params: lsp.DidOpenTextDocumentParams) -> None:
    uri = params.text_document.uri
    path = Path(to_fs_path(uri) or uri)
    if ls.session.open(path, params.text_document.text):
        ls.publish(first=ls.session.shown(path))


def did_change(ls: AdmiraltyServer, params: lsp.DidChangeTextDocumentParams) -> None:
    document = ls.workspace.get_text_document(params.text_document.uri)
    ls.session.open(Path(document.path), document.source)
    ls.later()


def did_save(ls: AdmiraltyServer, params: lsp.DidSaveTextDocumentParams) -> None:
    ls.later()


def did_close(ls: AdmiraltyServer, params: lsp.DidCloseTextDocumentParams) -> None:
    ls.session.close(Path(to_fs_path(params.text_document.uri) or ""))
    ls.later()


def did_change_files(ls: AdmiraltyServer, params: lsp.DidChangeWatchedFilesParams) -> None:
    ls.later()


def completion(ls: AdmiraltyServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    at = params.position
    found = ls.session.complete(*ls.at(params.text_document.uri, at))
    items = [lsp.CompletionItem(s.label, detail=s.detail or None, kind=KIND.get(s.kind),
                                sort_text=f"{s.rank}{i:05d}", preselect=(i == 0) or None)
             for i, s in enumerate(found)]
    return lsp.CompletionList(is_incomplete=False, items=items)


def hover(ls: AdmiraltyServer, params: lsp.HoverParams) -> lsp.Hover | None:
    at = params.position
    text = ls.session.hover(*ls.at(params.text_document.uri, at))
    return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, text)) if text else None


def definition(ls: AdmiraltyServer, params: lsp.DefinitionParams) -> lsp.Location | None:
    at = params.position
    found = ls.session.definition(*ls.at(params.text_document.uri, at))
    return lsp.Location(ls.uri(found[0]), ls.client_range(*found)) if found else None


def code_action(ls: AdmiraltyServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    shown = ls.shown(params.text_document.uri)
    edits = ls.session.fixes(shown, params.range.start.line + 1, params.range.end.line + 1)
    by_code = {str(d.code): d for d in params.context.diagnostics}
    return [lsp.CodeAction(e.title, kind=lsp.CodeActionKind.QuickFix, is_preferred=(e.code == "SCH012") or None,
                           diagnostics=[by_code[e.code]] if e.code in by_code else None,
                           edit=lsp.WorkspaceEdit(changes={params.text_document.uri: [
                               lsp.TextEdit(ls.client_range(shown, e.span), e.text)]}))
            for e in edits]


Handler = Callable[..., object]
"""A feature's handler: ``(server, params)`` with that feature's own ``lsprotocol`` params class."""
HANDLERS: list[tuple[str, lsp.CompletionOptions | lsp.CodeActionOptions | None, Handler]] = [
    (lsp.INITIALIZE, None, initialize),
    (lsp.INITIALIZED, None, initialized),
    (lsp.TEXT_DOCUMENT_DID_OPEN, None, did_open),
    (lsp.TEXT_DOCUMENT_DID_CHANGE, None, did_change),
    (lsp.TEXT_DOCUMENT_DID_SAVE, None, did_save),
    (lsp.TEXT_DOCUMENT_DID_CLOSE, None, did_close),
    (lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES, None, did_change_files),
    (lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=["[", " ", ",", "/"]), completion),
    (lsp.TEXT_DOCUMENT_HOVER, None, hover),
    (lsp.TEXT_DOCUMENT_DEFINITION, None, definition),
    (lsp.TEXT_DOCUMENT_CODE_ACTION, lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]),
     code_action),
]


# Their work is re-validating, which ``publish`` bounds itself; the budget must not cover the diagnostics it then
# writes, since a timer signal that stopped a write half-way would leave the client a broken stream.
NOTIFICATIONS = {lsp.INITIALIZED, lsp.TEXT_DOCUMENT_DID_OPEN, lsp.TEXT_DOCUMENT_DID_CHANGE, lsp.TEXT_DOCUMENT_DID_SAVE,
                 lsp.TEXT_DOCUMENT_DID_CLOSE, lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES}


def bounded(method: str, handler: Handler) -> Callable[[AdmiraltyServer, object], object]:
    """A request's ``handler`` within the server's budget: one that overruns it is answered with a RequestFailed
    error saying so (and the workspace starts afresh, since the work stopped half-way). pygls writes the answer
    after the handler returns, outside the budget."""

    def run(ls: AdmiraltyServer, params: object) -> object:
        try:
            with within(ls.budget, method):
                return handler(ls, params)
        except BudgetExceeded:
            ls.session.reset()
            raise

    return run


def make_server(paths: Sequence[str], debounce: float = 0.15, budget: Budget | None = None) -> AdmiraltyServer:
    server = AdmiraltyServer(paths, debounce, budget)
    for method, options, handler in HANDLERS:
        server.feature(method, options)(handler if method in NOTIFICATIONS else bounded(method, handler))
    return server


def serve(paths: Sequence[str], debounce: float, budget: Budget | None = None) -> int:
    """Serve over stdio; a message the bounded reader refused ends the session with a sentence to the client and
    on stderr, and exit 1."""
    server = make_server(paths, debounce, budget)
    stdin = BoundedStdin(sys.stdin.buffer)
    server.start_io(stdin)  # type: ignore[arg-type]  # pygls reads only readline() and read(n)
    if stdin.refused is None:
        return 0
    server.tell(stdin.refused, lsp.MessageType.Error)
    print(stdin.refused, file=sys.stderr)
    return 1
