"""Inline ``# admiralty: ignore[CODE]`` comments and the project file's ``ignore`` silence findings in the language
server (from the editor's text, before it is saved) and in ``validate --watch`` as in ``validate`` (issue 36,
item 6)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from lsprotocol import types as lsp

from tests.lsp.client import TIMEOUT, Editor
from tests.test_root import admiralty
from tests.validator.test_watch import Lines

SCENARIO = Path("scenarios/dreadnought/scenarios/first-sortie-1916.yaml")


def book(tmp_path: Path) -> Path:
    made = admiralty(tmp_path, "init", "book")
    assert made.returncode == 0, made.stderr
    return tmp_path / "book"


def test_the_language_server_honours_inline_and_project_suppressions(tmp_path: Path) -> None:
    repo = book(tmp_path)
    text = (repo / SCENARIO).read_text(encoding="utf-8")
    assert "map: narrow-sea\n" in text
    broken = text.replace("map: narrow-sea\n", "map: narrow-seas\n")
    silenced = text.replace("map: narrow-sea\n", "map: narrow-seas  # admiralty: ignore[REF003]\n")

    async def body() -> None:
        editor = Editor(repo)
        await editor.start()
        try:
            editor.open(SCENARIO)
            assert await editor.next_for(SCENARIO) == []
            editor.change(SCENARIO, broken)
            assert [d.code for d in await editor.next_for(SCENARIO)] == ["REF003"]
            editor.change(SCENARIO, silenced)  # the editor's text, not saved: the comment counts at once
            assert await editor.next_for(SCENARIO) == []
            editor.change(SCENARIO, broken)
            assert [d.code for d in await editor.next_for(SCENARIO)] == ["REF003"]
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(body(), TIMEOUT * 2))
    project = repo / "admiralty.yaml"  # the project file's ignore, for a server started afterwards
    project.write_text(project.read_text(encoding="utf-8").replace("ignore: []", "ignore: [REF003]"), encoding="utf-8")

    async def again() -> None:
        editor = Editor(repo)
        await editor.start()
        try:
            editor.open(SCENARIO)
            editor.change(SCENARIO, broken)
            found = await editor.next_for(SCENARIO)
            assert [d.code for d in found if d.severity == lsp.DiagnosticSeverity.Error] == []
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(again(), TIMEOUT * 2))


def test_watch_honours_inline_suppressions(tmp_path: Path) -> None:
    repo = book(tmp_path)
    path = repo / SCENARIO
    text = path.read_text(encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"} | {"PYTHONUNBUFFERED": "1"}
    path.write_text(text.replace("map: narrow-sea\n", "map: narrow-seas  # admiralty: ignore[REF003]\n"),
                    encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "admiralty", "validate", "--watch", "--format", "json",
                             "--interval", "0.05"], cwd=repo, stdout=subprocess.PIPE, text=True, env=env)
    try:
        lines = Lines(proc)
        first = lines.next()
        assert first["new"] == [] and first["summary"].startswith("0 errors")  # silenced from the start
        path.write_text(text.replace("map: narrow-sea\n", "map: narrow-seas\n"), encoding="utf-8")
        shown = lines.next()
        assert [d["code"] for d in shown["new"]] == ["REF003"]
        path.write_text(text.replace("map: narrow-sea\n", "map: narrow-seas # admiralty: ignore[REF003]\n"),
                        encoding="utf-8")
        silenced = lines.next()
        assert silenced["new"] == [] and [d["code"] for d in silenced["fixed"]] == ["REF003"]
    finally:
        proc.terminate()
        proc.wait(timeout=60)
