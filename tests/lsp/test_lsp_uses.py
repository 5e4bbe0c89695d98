"""The language server in a repository that ``uses:`` the bundled corpus (issues 36 and 37): the opened scenario's
first validation reads of the used corpus only what that scenario needs, publishes what ``admiralty validate``
reports, with related places in the used files; go-to-definition and hover reach those files."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp

from admiralty.corpora import bundled_corpus
from admiralty.lsp.session import Session
from tests.lsp.client import TIMEOUT, Editor
from tests.test_root import admiralty
from tests.test_uses import SCENARIOS, SHIPS, aland_repository

ALAND = SCENARIOS / "aland-1915.yaml"
KARF = SHIPS / "germany-aland-1915.yaml"
BALTIC = bundled_corpus() / "dreadnought"


def slip(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The Åland repository (uses: [admiralty], no Baltic file copied) with three slips, each about a used
    document: a ship none of the catalogs lists, a zone off the Baltic map's grid, and a class the used catalog
    it names does not have."""
    monkeypatch.setenv("ADMIRALTY_CACHE_DIR", str(tmp_path / "cache"))  # the models kept between runs: this test's
    repo = aland_repository(tmp_path)
    slip(repo / ALAND, "ships: [Augsburg, Lübeck]", "ships: [Augsburgg, Lübeck]")
    slip(repo / ALAND, "orders: [G16, stay, F16,", "orders: [G16, stay, F61,")
    slip(repo / KARF, "germany-baltic-1915/augsburg", "germany-baltic-1915/augsbur")
    return repo


def line_of(path: Path, needle: str) -> tuple[int, int]:
    """0-based line and character of ``needle`` in ``path``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if needle in line:
            return number, line.index(needle)
    raise AssertionError(f"{needle!r} is not in {path}")


def test_a_first_refresh_reads_of_the_used_corpus_only_what_the_opened_scenario_needs(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(repo)
    whole = Session.for_paths(["scenarios"], used=[bundled_corpus()])
    _, expected = whole.refresh()

    session = Session.for_paths(["scenarios"], used=[bundled_corpus()])
    session.open(ALAND, ALAND.read_text(encoding="utf-8"))
    _, first = session.refresh(first=str(ALAND))
    workspace = session.workspace
    read = {Path(shown).name for shown in workspace.files if shown in workspace.contextual}
    # the map and catalogs Åland names, and the two its own catalog takes classes from
    assert read == {"baltic.yaml", "russia-baltic-1915.yaml", "germany-baltic-1915.yaml", "hochseeflotte-1914.yaml"}
    assert {"adriatic.yaml", "north-sea.yaml"} <= {Path(shown).name for shown in workspace.deferred}
    assert first == {str(ALAND): expected[str(ALAND)]}
    session.refresh()
    assert not workspace.deferred and workspace.contextual <= set(workspace.files)
    assert session.published == expected
    assert not any(workspace.origin.get(shown) for shown in workspace.contextual)  # built, never checked


def test_the_used_corpus_is_built_once_across_runs(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The maps and catalogs of the used corpus are kept on disk by the first server and read by the next ones
    (``stored_models``): the same findings; an entry that cannot be read is built again."""
    monkeypatch.chdir(repo)

    def run() -> tuple[dict[str, list[Any]], int]:
        session = Session.for_paths(["scenarios"], used=[bundled_corpus()])
        _, found = session.refresh()
        return found, session.workspace.stored.recalled

    expected, recalled = run()
    stored = sorted((repo.parent / "cache" / "models").glob("*.pickle"))
    assert recalled == 0 and len(stored) >= 4  # the Baltic, Adriatic and North Sea maps and catalogs
    assert run() == (expected, len(stored))
    for entry in stored:
        entry.write_bytes(b"half-written")
    assert run() == (expected, 0)


def as_published(d: dict[str, Any], root: Path) -> tuple[Any, ...]:
    """A diagnostic of ``validate --format json`` as the server publishes it (0-based, the hint in the text,
    each related place at its file's URI)."""
    related = tuple(((root / r["file"]).resolve().as_uri(), r["line"] - 1, r["column"] - 1, r["message"])
                    for r in d.get("related", []))
    text = d["message"] + (f"\nhint: {d['hint']}" if d["hint"] else "")
    return d["code"], d["line"] - 1, d["column"] - 1, text, related


def published(found: list[lsp.Diagnostic]) -> list[tuple[Any, ...]]:
    return [(d.code, d.range.start.line, d.range.start.character, d.message,
             tuple((r.location.uri, r.location.range.start.line, r.location.range.start.character, r.message)
                   for r in d.related_information or ())) for d in found]


def test_the_server_publishes_what_validate_reports_pointing_into_the_used_files(repo: Path) -> None:
    done = admiralty(repo, "validate", "--format", "json")
    assert done.returncode == 1, done.stderr
    reported = json.loads(done.stdout)["diagnostics"]
    expected = {name: [as_published(d, repo) for d in reported if Path(d["file"]).name == name]
                for name in (ALAND.name, KARF.name)}
    assert [d["code"] for d in reported] == ["REF005", "REF008", "REF002"]
    baltic_ships = (BALTIC / "ships").resolve()
    assert expected[KARF.name][0][4] == (((baltic_ships / "germany-baltic-1915.yaml").as_uri(),
                                          *line_of(baltic_ships / "germany-baltic-1915.yaml", "classes:"),
                                          "the classes of catalog 'germany-baltic-1915'"),)
    assert expected[ALAND.name][1][4][0][0] == (BALTIC / "maps" / "baltic.yaml").resolve().as_uri()

    async def session() -> None:
        editor = Editor(repo)
        await editor.start()
        try:
            editor.open(ALAND)
            assert published(await editor.next_for(ALAND)) == expected[ALAND.name]
            while editor.uri(KARF) not in editor.published:  # the rest of the workspace, after the debounce
                await asyncio.wait_for(editor.arrived.get(), TIMEOUT)
            assert published(editor.published[editor.uri(KARF)]) == expected[KARF.name]
            assert not any("/corpus/" in uri or uri.startswith(BALTIC.resolve().as_uri())
                           for uri in editor.published)  # the used corpus's own findings: never
            await into_the_used_files(editor)
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(session(), TIMEOUT * 2))


async def into_the_used_files(editor: Editor) -> None:
    """Definition and hover on ids that live in the used corpus: the map, a ship, a qualified class."""
    cases = [(ALAND, "map: baltic", 5, BALTIC / "maps" / "baltic.yaml", "**baltic**"),
             (ALAND, "Admiral Makarov", 1, BALTIC / "ships" / "russia-baltic-1915.yaml", "class **Bayan**"),
             (ALAND, "start: G15", 8, BALTIC / "maps" / "baltic.yaml", "**zone G15**"),
             (KARF, "hochseeflotte-1914/bremen", 20, BALTIC / "ships" / "hochseeflotte-1914.yaml", "**bremen**")]
    for path, needle, offset, target, shown in cases:
        if path == KARF:
            editor.open(KARF)
        line, character = line_of(editor.cwd / path, needle)
        doc, at = editor.at(path, line, character + offset)
        where = await editor.client.text_document_definition_async(lsp.DefinitionParams(doc, at))
        assert isinstance(where, lsp.Location), needle
        assert where.uri == target.resolve().as_uri(), needle
        hover = await editor.client.text_document_hover_async(lsp.HoverParams(doc, at))
        assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
        assert shown in hover.contents.value, needle


def test_a_used_document_opened_in_the_editor_is_checked_and_published(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A used corpus's map with a cut-off sea (GRA002, a finding of the checks): never checked nor published while
    it is context, checked and published once the editor opens it, with its text unchanged, and hidden again when
    the editor closes it."""
    charts = tmp_path / "charts" / "dreadnought" / "maps"
    charts.mkdir(parents=True)
    bad = Path(__file__).resolve().parents[1] / "bad" / "sea-cut-in-two.yaml"
    (charts / bad.name).write_text(bad.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "own").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ADMIRALTY_CACHE_DIR", "off")
    session = Session.for_paths(["own"], used=[tmp_path / "charts"])
    _, found = session.refresh()
    assert found == {}
    used = Path("charts/dreadnought/maps") / bad.name
    session.open(used, used.read_text(encoding="utf-8"))
    _, found = session.refresh(first=str(used))
    assert "GRA002" in [d.code for d in found[str(used)]]  # (and SCH012: its modeline points elsewhere)
    session.close(used)
    _, found = session.refresh()
    assert found == {str(used): []}
