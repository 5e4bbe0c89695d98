"""A real language client for the tests: pygls's ``LanguageClient`` driving ``python -m admiralty lsp`` over stdio,
collecting every ``publishDiagnostics`` it is sent."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

TIMEOUT = 120.0  # seconds a test waits for an answer before failing (never a timing assertion)


class Editor:
    """An editor session: open, change, and ask, as VS Code or Neovim would."""

    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.client = LanguageClient("admiralty-tests", "1")
        self.published: dict[str, list[lsp.Diagnostic]] = {}
        self.arrived: asyncio.Queue[lsp.PublishDiagnosticsParams] = asyncio.Queue()
        self.versions: dict[str, int] = {}
        self.messages: list[lsp.ShowMessageParams] = []  # window/showMessage, in order
        self.registrations: list[lsp.Registration] = []

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
            self.published[params.uri] = list(params.diagnostics)
            self.arrived.put_nowait(params)

        @self.client.feature(lsp.WINDOW_SHOW_MESSAGE)
        def message(params: lsp.ShowMessageParams) -> None:
            self.messages.append(params)

        @self.client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
        def register(params: lsp.RegistrationParams) -> None:
            self.registrations += params.registrations

    async def start(self, *paths: str, options: dict[str, Any] | None = None,
                    server: Sequence[str] = (sys.executable, "-m", "admiralty"), env: dict[str, str] | None = None,
                    root_uri: str | None = None, watch: bool = False, flags: Sequence[str] = ()) -> None:
        """``server``: how to run admiralty (this checkout's by default; an installed console script for the
        tests from outside the tree); ``root_uri``: the client's root (default: the folder it runs in);
        ``watch``: offer to watch files for the server (dynamic registration), as VS Code does."""
        await self.client.start_io(*server, "lsp", *paths, "--debounce", "0.05", *flags, cwd=str(self.cwd), env=env)
        capabilities = lsp.ClientCapabilities(workspace=lsp.WorkspaceClientCapabilities(
            did_change_watched_files=lsp.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)
        )) if watch else lsp.ClientCapabilities()
        await asyncio.wait_for(self.client.initialize_async(lsp.InitializeParams(
            capabilities=capabilities, root_uri=root_uri or self.cwd.as_uri(),
            initialization_options=options)), TIMEOUT)
        self.client.initialized(lsp.InitializedParams())

    async def stop(self) -> None:
        await asyncio.wait_for(self.client.shutdown_async(None), TIMEOUT)
        self.client.exit(None)
        await self.client.stop()

    def uri(self, path: Path) -> str:
        return (self.cwd / path).resolve().as_uri()

    def open(self, path: Path) -> str:
        uri = self.uri(path)
        self.versions[uri] = 1
        text = (self.cwd / path).read_text(encoding="utf-8")
        self.client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, text)))
        return text

    def change(self, path: Path, text: str) -> None:
        uri = self.uri(path)
        self.versions[uri] += 1
        self.client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(version=self.versions[uri], uri=uri),
            [lsp.TextDocumentContentChangeWholeDocument(text)]))

    async def next_for(self, path: Path) -> list[lsp.Diagnostic]:
        """The next diagnostics published for ``path``."""
        uri = self.uri(path)
        while True:
            params = await asyncio.wait_for(self.arrived.get(), TIMEOUT)
            if params.uri == uri:
                return list(params.diagnostics)

    async def quiet(self, seconds: float = 1.5) -> None:
        """Wait until the server has published nothing for ``seconds``."""
        while True:
            try:
                await asyncio.wait_for(self.arrived.get(), seconds)
            except TimeoutError:
                return

    def at(self, path: Path, line: int, character: int) -> tuple[lsp.TextDocumentIdentifier, lsp.Position]:
        return lsp.TextDocumentIdentifier(self.uri(path)), lsp.Position(line, character)
