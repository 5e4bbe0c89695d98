"""The opened document's diagnostics first (issue 36: an editor waited for the whole corpus before it showed
anything): the server validates the document it is opened on alone, with the map and catalogs it needs,
publishes it, and then the rest of the workspace. What ends up published is what a whole refresh gives."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from admiralty.lsp.session import Session
from tests.lsp.client import TIMEOUT, Editor

ROOT = Path(__file__).resolve().parents[2]
ANCONA = Path("c/dreadnought/scenarios/ancona-1915.yaml")  # the first scenario by name: the old server's first
OTRANTO = Path("c/dreadnought/scenarios/otranto-1917.yaml")


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """Two Adriatic scenarios, each with a ship no catalog lists (a finding of the build, not of the schema)."""
    source = ROOT / "scenarios" / "dreadnought"
    target = tmp_path / "c" / "dreadnought"
    shutil.copytree(source / "ships", target / "ships")
    (target / "maps").mkdir()
    shutil.copy2(source / "maps" / "adriatic.yaml", target / "maps")
    (target / "scenarios").mkdir()
    for path, old in [(ANCONA, "ships: [Novara, Scharfschütze]"), (OTRANTO, "ships: [Novara,")]:
        text = (source / "scenarios" / path.name).read_text(encoding="utf-8")
        assert old in text
        (tmp_path / path).write_text(text.replace(old, old.replace("Novara", "Novarra")), encoding="utf-8")
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")  # where the modelines point
    return tmp_path


def test_a_first_refresh_on_the_opened_document_leaves_the_rest_for_the_next(corpus: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(corpus)
    whole = Session.for_paths(["c"])
    _, expected = whole.refresh()
    assert set(expected) == {str(ANCONA), str(OTRANTO)}

    session = Session.for_paths(["c"])
    session.open(OTRANTO, OTRANTO.read_text(encoding="utf-8"))
    _, first = session.refresh(first=str(OTRANTO))
    assert first == {str(OTRANTO): expected[str(OTRANTO)]}  # Ancona's ship is not looked at yet
    assert session.dirty and str(ANCONA) in session.workspace.pending
    _, rest = session.refresh()
    assert rest == {str(ANCONA): expected[str(ANCONA)]}
    assert not session.dirty and session.workspace.pending == set()
    assert session.published == expected


def test_the_server_publishes_the_opened_document_before_the_workspace(corpus: Path) -> None:
    """The client opens Otranto right after ``initialized``, as an editor started on a file does; the old server
    validated the whole workspace first and published Ancona first. A long debounce keeps the workspace's turn
    after the opening however slowly the messages are read."""

    async def session() -> None:
        editor = Editor(corpus)
        await editor.start("c", flags=("--debounce", "2"))
        try:
            editor.open(OTRANTO)
            first = await asyncio.wait_for(editor.arrived.get(), TIMEOUT)
            assert first.uri == editor.uri(OTRANTO)
            assert "Novarra" in " ".join(d.message for d in first.diagnostics)
            then = await asyncio.wait_for(editor.arrived.get(), TIMEOUT)
            assert then.uri == editor.uri(ANCONA)
            assert "Novarra" in " ".join(d.message for d in then.diagnostics)
            await editor.quiet(0.5)  # and nothing more: Otranto's findings were already the whole answer
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(session(), TIMEOUT * 3))
