"""The language server watches the files on disk: it registers for ``workspace/didChangeWatchedFiles`` when the
client can register it dynamically, and a change reported there (here: ``git checkout`` of another branch under
an open document) re-validates what depends on the changed files."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path

from lsprotocol import types as lsp

from tests.lsp.client import TIMEOUT, Editor

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = Path("c/dreadnought/scenarios/otranto-1917.yaml")
CATALOG = Path("c/dreadnought/ships/austria-hungary-1917.yaml")


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=folder, check=True,
                   capture_output=True, timeout=60)


def test_switching_git_branches_under_an_open_document_changes_its_findings(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "scenarios" / "dreadnought", tmp_path / "c" / "dreadnought",
                    ignore=shutil.ignore_patterns("*.py"))
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", "c")
    git(tmp_path, "commit", "-q", "-m", "corpus")
    git(tmp_path, "checkout", "-q", "-b", "renamed")
    catalog = tmp_path / CATALOG
    catalog.write_text(catalog.read_text(encoding="utf-8").replace("{name: Novara,", "{name: Novarra,"),
                       encoding="utf-8")
    git(tmp_path, "commit", "-q", "-am", "Novara renamed")
    git(tmp_path, "checkout", "-q", "main")

    async def body(editor: Editor) -> None:
        editor.open(OTRANTO)
        assert await editor.next_for(OTRANTO) == []
        # the client's converter cannot know the options' type: they arrive as plain JSON
        assert [(r.method, r.register_options) for r in editor.registrations] == [
            (lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES, {"watchers": [{"globPattern": "**/*.yaml"},
                                                                   {"globPattern": "**/*.yml"}]})]
        changed = lsp.DidChangeWatchedFilesParams([lsp.FileEvent(editor.uri(CATALOG), lsp.FileChangeType.Changed)])
        # the rest of the workspace is validated after the opened document: let that pass end before git rewrites
        # the catalog under it (read mid-checkout, the file is gone for a moment: "unknown catalog" for a while,
        # which this test once took for the answer to the change); a request is answered after the pass
        await editor.quiet()
        await editor.client.text_document_hover_async(lsp.HoverParams(*editor.at(OTRANTO, 0, 0)))

        git(tmp_path, "checkout", "-q", "renamed")
        editor.client.workspace_did_change_watched_files(changed)
        found = await editor.next_for(OTRANTO)
        assert [(d.code, d.range.start.line) for d in found] == [("REF005", 60), ("REF005", 159)]
        assert "unknown ship 'Novara'" in found[0].message

        git(tmp_path, "checkout", "-q", "main")
        editor.client.workspace_did_change_watched_files(changed)
        assert await editor.next_for(OTRANTO) == []

    async def session() -> None:
        editor = Editor(tmp_path)
        await editor.start("c", watch=True)
        try:
            await body(editor)
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(session(), TIMEOUT * 3))


def test_a_client_that_cannot_register_watchers_is_not_asked_to(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()

    async def session() -> None:
        editor = Editor(tmp_path)
        await editor.start("c")
        try:
            await editor.quiet(0.5)
            assert editor.registrations == []
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(session(), TIMEOUT))
