"""Hover and definition for every id of all three rule systems (issue 36, item 8): every value in the bundled
corpus that names something declared (a zone, a port, a ship, a class, a map, a catalog, a side, a fleet, a
renaissance power, leader, formation or card, a napoleonic unit, battery, table or terrain piece) gets a hover
and a definition from the session the server runs, at the value's own position."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp
from pygls.uris import to_fs_path

from admiralty.lsp.session import Session
from admiralty.rulesets.renaissance.engine.tables import load_tables
from admiralty.validator.load import Document, PathPart
from tests.lsp.client import TIMEOUT, Editor

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    folder = tmp_path_factory.mktemp("corpus")
    shutil.copytree(ROOT / "scenarios", folder / "c", ignore=shutil.ignore_patterns("*.py"))
    before = Path.cwd()
    os.chdir(folder)  # the session shows paths relative to where the server runs
    try:
        made = Session.for_paths(["c"])
        made.refresh()
        yield made
    finally:
        os.chdir(before)


def _values(data: Any, path: tuple[PathPart, ...] = ()) -> Iterator[tuple[tuple[PathPart, ...], str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _values(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _values(value, (*path, index))
    elif isinstance(data, str):
        yield path, data


def _declared(documents: dict[str, Document]) -> set[str]:
    """Every id the corpus declares: mappings' ``id``, ships' names, renaissance powers and cards."""
    ids = {value for doc in documents.values() for path, value in _values(doc.data) if path and path[-1] == "id"}
    ids |= {value for doc in documents.values() for path, value in _values(doc.data)
            if len(path) == 3 and path[0] == "ships" and path[2] == "name"}
    ids |= {value for doc in documents.values() for path, value in _values(doc.data)
            if doc.data.get("ruleset") == "renaissance" and path[:1] == ("powers",)}
    tables = load_tables()
    return ids | set(tables.combat_cards) | set(tables.reactions)


def _ship_name(doc: Document, path: tuple[PathPart, ...]) -> bool:
    """A catalog's ship name (its declaration); other names (a port's, a class's, a leader's) are display
    names, which may equal an id by chance (the port Sevastopol, the battleship Sevastopol)."""
    return doc.data.get("kind") == "catalog" and len(path) == 3 and path[0] == "ships"


def _occurrences(session: Session, ruleset: str) -> list[tuple[str, str, int, int]]:
    documents = {shown: state.document for shown, state in session.workspace.files.items()
                 if state.document is not None and isinstance(state.document.data, dict)}
    ids = _declared(documents)
    found = []
    for shown, doc in sorted(documents.items()):
        if doc.data.get("ruleset") != ruleset:
            continue
        for path, value in _values(doc.data):
            if value in ids and path[-1] not in ("kind", "ruleset") and (path[-1] != "name" or _ship_name(doc, path)):
                span = doc.locate(path)
                lines = session.texts.get(shown) or session.path_of(shown).read_text(encoding="utf-8")
                quoted = lines.splitlines()[span.line - 1][span.column - 1] in "'\""
                found.append((shown, value, span.line, span.column + quoted))
    return found


@pytest.mark.parametrize("ruleset", ["dreadnought", "renaissance", "napoleonic"])
def test_every_id_in_the_corpus_has_a_hover_and_a_definition(session: Session, ruleset: str) -> None:
    occurrences = _occurrences(session, ruleset)
    assert len(occurrences) > 100  # the corpus names many: a sweep that found none would prove nothing
    missing = [(shown, value, line, column) for shown, value, line, column in occurrences
               if not session.hover(shown, line, column) or session.definition(shown, line, column) is None]
    assert missing == [], "\n".join(map(str, missing))


def test_a_renaissance_formation_and_card_hover_and_define_through_a_real_client(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "scenarios" / "renaissance", tmp_path / "c" / "renaissance",
                    ignore=shutil.ignore_patterns("*.py"))
    armada = Path("c/renaissance/scenarios/armada-1588.yaml")
    text = (tmp_path / armada).read_text(encoding="utf-8").splitlines()
    transport = next(i for i, line in enumerate(text) if "formation: army-of-flanders" in line)
    fireships = next(i for i, line in enumerate(text) if "[fireships]" in line)
    tables = ROOT / "admiralty" / "rulesets" / "renaissance" / "tables.yaml"
    card_line = next(i for i, line in enumerate(tables.read_text(encoding="utf-8").splitlines())
                     if "id: fireships" in line)

    async def body(editor: Editor) -> None:
        editor.open(armada)
        await editor.next_for(armada)
        ask = editor.client
        at = editor.at(armada, transport, text[transport].index("army-of-flanders") + 3)
        hover = await asyncio.wait_for(ask.text_document_hover_async(lsp.HoverParams(*at)), TIMEOUT)
        assert hover is not None and hover.contents.value.startswith(  # type: ignore[union-attr]
            "**army-of-flanders**: Parma's Army of Flanders\n\npower hapsburg, at dunkirk, strength 6")
        where = await asyncio.wait_for(ask.text_document_definition_async(lsp.DefinitionParams(*at)), TIMEOUT)
        declared = next(i for i, line in enumerate(text) if "{id: army-of-flanders" in line)
        assert isinstance(where, lsp.Location) and where.uri == editor.uri(armada)
        assert (where.range.start.line, where.range.start.character) == (declared, text[declared].index("army"))

        at = editor.at(armada, fireships, text[fireships].index("fireships") + 1)
        hover = await asyncio.wait_for(ask.text_document_hover_async(lsp.HoverParams(*at)), TIMEOUT)
        assert hover is not None and hover.contents.value == (  # type: ignore[union-attr]
            "**combat card fireships**: Fireships\n\nits side's dice +0, the enemy's -2, once declared in steps "
            "3-4 (RN-3-4; the deck is a house rule)")
        where = await asyncio.wait_for(ask.text_document_definition_async(lsp.DefinitionParams(*at)), TIMEOUT)
        assert isinstance(where, lsp.Location) and Path(to_fs_path(where.uri) or "").resolve() == tables.resolve()
        assert where.range.start.line == card_line

    async def run() -> None:
        editor = Editor(tmp_path)
        await editor.start("c")
        try:
            await body(editor)
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(run(), TIMEOUT * 3))
