"""``admiralty lsp`` driven by a real client (pygls's) over stdio, the way an editor drives it: diagnostics as
the text changes, completion, hover, definition and quick fixes on a copy of the bundled corpus."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from admiralty.validator.pipeline import validate
from tests.lsp.client import TIMEOUT, Editor

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = Path("c/dreadnought/scenarios/otranto-1917.yaml")
CATALOG = Path("c/dreadnought/ships/austria-hungary-1917.yaml")
CONVOY = "        orders: [AA24, AA25, AA26, AA27, AB27, valona, stay, stay, stay, stay, stay, stay]"
HORTHY = "        orders: [V25/V26, W26/X26, Y26/Z26, AA26/AB26, AC26, AB26/AA26, Z26/Y26, X26/W26, V26/V25, cattaro]"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "scenarios", tmp_path / "c", ignore=shutil.ignore_patterns("*.py"))
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")  # where the modelines point
    return tmp_path


def run(folder: Path, body: Callable[[Editor], Awaitable[None]], *paths: str) -> None:
    async def session() -> None:
        editor = Editor(folder)
        await editor.start(*paths)
        try:
            await body(editor)
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(session(), TIMEOUT * 3))


def line_of(text: str, needle: str) -> int:
    """0-based line of the first line containing ``needle``."""
    return next(i for i, line in enumerate(text.splitlines()) if needle in line)


@pytest.mark.rule("DN-5.1")
def test_an_order_across_land_is_diagnosed_where_it_is_and_goes_when_fixed(corpus: Path) -> None:
    async def body(editor: Editor) -> None:
        text = editor.open(OTRANTO)
        assert await editor.next_for(OTRANTO) == []  # published on opening, clean
        # AA23 and AB23 are grid neighbours with land between them (AB23's coast faces north and east)
        editor.change(OTRANTO, text.replace(CONVOY, CONVOY.replace("[AA24,", "[AB23,")))
        found = await editor.next_for(OTRANTO)
        row = line_of(text, CONVOY)
        assert [(d.code, d.range.start.line, d.range.start.character) for d in found] == [
            ("GRA004", row, CONVOY.index("AA24"))]
        assert "cannot enter AB23 from zone AA23" in found[0].message
        assert found[0].severity == lsp.DiagnosticSeverity.Error and found[0].source == "admiralty"
        editor.change(OTRANTO, text)
        assert await editor.next_for(OTRANTO) == []

    run(corpus, body, "c")


def test_completion_after_a_dash_in_orders_offers_the_legal_zones_first(corpus: Path) -> None:
    sea_map = next(m for m in validate([str(ROOT / "scenarios" / "dreadnought")]).models
                   if type(m).__name__ == "SeaMap")

    async def body(editor: Editor) -> None:
        text = editor.open(OTRANTO)
        block = "        orders:\n          - V25/V26\n          - "
        edited = text.replace(HORTHY, block)
        editor.change(OTRANTO, edited)
        row = line_of(edited, "- V25/V26") + 1
        doc, at = editor.at(OTRANTO, row, len("          - "))
        result = await editor.client.text_document_completion_async(lsp.CompletionParams(doc, at))
        assert isinstance(result, lsp.CompletionList)
        labels = [item.label for item in sorted(result.items, key=lambda i: i.sort_text or "")]
        legal = set(sea_map.neighbours("V26")) | {p.id for p in sea_map.ports.values() if "V26" in p.zones}
        assert set(labels[:len(legal)]) == legal
        assert "stay" in labels and set(sea_map.zones) <= set(labels)  # the rest follow
        assert labels.index("stay") > len(legal) - 1

    run(corpus, body, "c")


def test_hover_on_a_ship_shows_its_class_and_definition_jumps_to_the_catalog(corpus: Path) -> None:
    async def body(editor: Editor) -> None:
        text = editor.open(OTRANTO)
        row = line_of(text, "ships: [Novara, Helgoland]")
        column = text.splitlines()[row].index("Helgoland") + 2
        doc, at = editor.at(OTRANTO, row, column)
        hover = await editor.client.text_document_hover_async(lsp.HoverParams(doc, at))
        assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
        assert "**Helgoland**" in hover.contents.value and "class **Novara** (`novara`)" in hover.contents.value
        assert "speed 2" in hover.contents.value
        where = await editor.client.text_document_definition_async(lsp.DefinitionParams(doc, at))
        assert isinstance(where, lsp.Location)
        catalog = (editor.cwd / CATALOG).read_text(encoding="utf-8")
        assert where.uri == editor.uri(CATALOG)
        assert where.range.start.line == line_of(catalog, "{name: Helgoland, class: novara")
        zone_row = line_of(text, CONVOY)
        doc, at = editor.at(OTRANTO, zone_row, CONVOY.index("AA25") + 1)
        hover = await editor.client.text_document_hover_async(lsp.HoverParams(doc, at))
        assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
        assert "**zone AA25**" in hover.contents.value and "neighbours:" in hover.contents.value
        where = await editor.client.text_document_definition_async(lsp.DefinitionParams(doc, at))
        assert isinstance(where, lsp.Location) and where.uri.endswith("maps/adriatic.yaml")
        port_row = line_of(text, "start: cattaro")
        doc, at = editor.at(OTRANTO, port_row, text.splitlines()[port_row].index("cattaro") + 1)
        where = await editor.client.text_document_definition_async(lsp.DefinitionParams(doc, at))
        sea_map = (editor.cwd / "c/dreadnought/maps/adriatic.yaml").read_text(encoding="utf-8")
        assert isinstance(where, lsp.Location) and where.uri.endswith("maps/adriatic.yaml")
        assert where.range.start.line == line_of(sea_map, "{id: cattaro, name: Cattaro")

    run(corpus, body, "c")


def test_quick_fixes_for_did_you_mean_and_the_missing_modeline(corpus: Path) -> None:
    (corpus / "schemas").unlink()  # a real folder, as `admiralty schemas export` leaves it (not the fixture's link)
    shutil.copytree(ROOT / "schemas", corpus / "schemas")
    async def body(editor: Editor) -> None:
        text = editor.open(OTRANTO)
        await editor.next_for(OTRANTO)
        broken = text.replace("ships: [Novara, Helgoland]", "ships: [Novarra, Helgoland]").split("\n", 1)[1]
        editor.change(OTRANTO, broken)  # the misspelt ship, and the modeline gone
        found = await editor.next_for(OTRANTO)
        assert sorted(str(d.code) for d in found) == ["REF005", "SCH012"]
        row = line_of(broken, "Novarra")
        doc, _ = editor.at(OTRANTO, row, 0)
        actions = await editor.client.text_document_code_action_async(lsp.CodeActionParams(
            doc, lsp.Range(lsp.Position(0, 0), lsp.Position(row, 0)), lsp.CodeActionContext(diagnostics=found)))
        assert actions is not None
        edits = {a.title: a.edit.changes[doc.uri][0] for a in actions if isinstance(a, lsp.CodeAction) and a.edit
                 and a.edit.changes}
        ship = edits["Change to 'Novara'"]
        assert ship.new_text == "Novara" and ship.range.start.line == row
        assert broken.splitlines()[row][ship.range.start.character:ship.range.end.character] == "Novarra"
        modeline = edits["Add the schema modeline"]  # to the schemas folder nearest the document, as `new` writes
        assert modeline.new_text == (
            "# yaml-language-server: $schema=../../../schemas/dreadnought/scenario.schema.json\n")
        assert modeline.range.start == modeline.range.end == lsp.Position(0, 0)
        editor.change(OTRANTO, modeline.new_text + broken)  # the fix applied: only the misspelt ship is left
        assert [str(d.code) for d in await editor.next_for(OTRANTO)] == ["REF005"]

    run(corpus, body, "c")


def test_hover_explains_a_code_and_a_clause(corpus: Path) -> None:
    async def body(editor: Editor) -> None:
        text = editor.open(OTRANTO)
        await editor.next_for(OTRANTO)
        edited = text.replace("ships: [Novara, Helgoland]", "ships: [Novarra, Helgoland]  # DN-5.1")
        editor.change(OTRANTO, edited)
        await editor.next_for(OTRANTO)
        row = line_of(edited, "Novarra")
        line = edited.splitlines()[row]
        doc, at = editor.at(OTRANTO, row, line.index("Novarra") + 1)
        hover = await editor.client.text_document_hover_async(lsp.HoverParams(doc, at))
        assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
        assert "**REF005** Unknown ship" in hover.contents.value
        doc, at = editor.at(OTRANTO, row, line.index("DN-5.1") + 2)
        hover = await editor.client.text_document_hover_async(lsp.HoverParams(doc, at))
        assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
        assert hover.contents.value.startswith("**DN-5.1** (dreadnought)") and "order" in hover.contents.value

    run(corpus, body, "c")


def test_without_pygls_the_command_says_which_extra_to_install() -> None:
    code = ("import sys; sys.modules['pygls'] = None; from admiralty.cli import main; "
            "sys.exit(main(['lsp']))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert "pip install 'admiralty[lsp]'" in proc.stderr and "Traceback" not in proc.stderr


def test_a_second_rule_system_hovers_and_defines_its_own_places(corpus: Path) -> None:
    preveza = Path("c/renaissance/scenarios/preveza-1538.yaml")

    async def body(editor: Editor) -> None:
        text = editor.open(preveza)
        await editor.next_for(preveza)
        row = line_of(text, "{at: ionian-sea, power: ottoman")
        doc, at = editor.at(preveza, row, text.splitlines()[row].index("ionian-sea") + 3)
        hover = await editor.client.text_document_hover_async(lsp.HoverParams(doc, at))
        assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
        assert hover.contents.value.startswith("**sea ionian-sea**") and "neighbours:" in hover.contents.value
        where = await editor.client.text_document_definition_async(lsp.DefinitionParams(doc, at))
        assert isinstance(where, lsp.Location) and where.uri.endswith("maps/mediterranean-atlantic.yaml")
        result = await editor.client.text_document_completion_async(lsp.CompletionParams(doc, at))
        assert isinstance(result, lsp.CompletionList)
        assert {"ionian-sea", "preveza"} <= {item.label for item in result.items}

    run(corpus, body, "c")


@pytest.mark.rule("NA-fire-a")
def test_a_napoleonic_fire_plan_completes_targets_and_hovers_and_defines_its_pieces(corpus: Path) -> None:
    """In a fire plan's ``target`` the completion offers the battery's enemy units and the table's buildings and
    built-up areas (what a battery may fire at), never its own side's units; hover names a unit, a battery and a
    building; definition jumps to the unit in the scenario and to the building in the table."""
    scenario = Path("c/napoleonic/scenarios/hougoumont-1815.yaml")
    table = Path("c/napoleonic/tables/hougoumont.yaml")

    async def body(editor: Editor) -> None:
        text = editor.open(scenario)
        await editor.next_for(scenario)
        lines = text.splitlines()
        row = line_of(text, "{battery: bull-troop, turns: [1, 2], target: first-leger}")
        doc, at = editor.at(scenario, row, lines[row].index("first-leger") + 2)
        result = await editor.client.text_document_completion_async(lsp.CompletionParams(doc, at))
        assert isinstance(result, lsp.CompletionList)
        labels = {item.label for item in result.items}
        french = {"first-leger", "third-ligne", "first-ligne", "second-ligne", "foy-voltigeurs"}
        assert french | {"chateau", "great-barn", "hougoumont-farm"} == labels  # bull-troop is allied

        hover = await editor.client.text_document_hover_async(lsp.HoverParams(doc, at))
        assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
        assert hover.contents.value.startswith("**unit first-leger**: 1st Léger (Bauduin's brigade)")
        assert "france, infantry (first), 16 figures on 4 bases, column at (40, 34)" in hover.contents.value
        where = await editor.client.text_document_definition_async(lsp.DefinitionParams(doc, at))
        assert isinstance(where, lsp.Location) and where.uri == editor.uri(scenario)
        assert where.range.start.line == line_of(text, "{id: first-leger, name: 1st Léger")

        doc, at = editor.at(scenario, row, lines[row].index("bull-troop") + 1)
        hover = await editor.client.text_document_hover_async(lsp.HoverParams(doc, at))
        assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
        assert hover.contents.value.startswith("**battery bull-troop**") and "allies, 6 howitzers" in \
            hover.contents.value
        result = await editor.client.text_document_completion_async(lsp.CompletionParams(doc, at))
        assert isinstance(result, lsp.CompletionList)
        batteries = {item.label: item.detail for item in result.items}
        assert len(batteries) == 7 and batteries["bull-troop"] == \
            "Major Bull's troop, Royal Horse Artillery (allies: 6 howitzers)"

        row = line_of(text, "{battery: reille-howitzers, turn: 2, target: great-barn}")
        doc, at = editor.at(scenario, row, lines[row].index("great-barn") + 1)
        hover = await editor.client.text_document_hover_async(lsp.HoverParams(doc, at))
        assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
        assert hover.contents.value == "**terrain great-barn**: Great barn, building (may be set alight, NA-fire-a)"
        where = await editor.client.text_document_definition_async(lsp.DefinitionParams(doc, at))
        assert isinstance(where, lsp.Location) and where.uri == editor.uri(table)
        assert where.range.start.line == line_of((editor.cwd / table).read_text(encoding="utf-8"), "id: great-barn")

    run(corpus, body, "c")


@pytest.mark.rule("NA-fire-a")
def test_napoleonic_targets_in_range_and_in_sight_come_first_as_the_validator_judges_them(corpus: Path) -> None:
    """Kuhlmann's troop at Hougoumont reaches and sees three French battalions and the great barn; the 1st Léger
    and 1st Ligne stand beyond its long range, the château and the farm behind other buildings. Completion puts
    the first four first, says why each other one is not (each part in the document's and the table's order),
    and the one written in anyway gets the validator's
    GEO024 with the same distance. A half-typed id (an unknown reference: nothing builds) is judged on the
    last build."""
    scenario = Path("c/napoleonic/scenarios/hougoumont-1815.yaml")
    bull = "  - {battery: bull-troop, turns: [1, 2], target: first-leger}"
    kuhlmann = "  - {battery: kuhlmann-troop, turns: [1, 2], target: third-ligne}"

    async def body(editor: Editor) -> None:
        text = editor.open(scenario)
        await editor.next_for(scenario)
        edited = text.replace(bull, kuhlmann)
        editor.change(scenario, edited)  # still clean (nothing new published): a target it reaches and sees
        row = line_of(edited, kuhlmann)
        doc, at = editor.at(scenario, row, kuhlmann.index("third-ligne") + 1)
        result = await editor.client.text_document_completion_async(lsp.CompletionParams(doc, at))
        assert isinstance(result, lsp.CompletionList)
        items = sorted(result.items, key=lambda item: item.sort_text or "")
        shown = [(item.label, (item.detail or "").rpartition(": ")[2]) for item in items]
        assert shown == [
            ("third-ligne", "in range and in sight, 59.4643 cm"),
            ("second-ligne", "in range and in sight, 62.6099 cm"),
            ("foy-voltigeurs", "in range and in sight, 48.3735 cm"),
            ("great-barn", "in range and in sight, 47.4342 cm"),
            ("first-leger", "out of range, 72.8011 cm (GEO024)"),
            ("first-ligne", "out of range, 73.7564 cm (GEO024)"),
            ("hougoumont-farm", "out of sight, 46.1736 cm (GEO023)"),
            ("chateau", "out of sight, 57.9396 cm (GEO023)"),
        ]
        assert items[0].detail is not None and items[0].detail.startswith("3rd Ligne")

        # Half typed, the id is an unknown reference and the scenario builds nothing: the last build judges.
        typing = kuhlmann.replace("third-ligne", "th")
        editor.change(scenario, text.replace(bull, typing))
        assert [str(d.code) for d in await editor.next_for(scenario)] == ["REF022"]
        doc, at = editor.at(scenario, row, typing.index("th") + 2)
        result = await editor.client.text_document_completion_async(lsp.CompletionParams(doc, at))
        assert isinstance(result, lsp.CompletionList)
        again = sorted(result.items, key=lambda item: item.sort_text or "")
        assert [(item.label, (item.detail or "").rpartition(": ")[2]) for item in again] == shown

        editor.change(scenario, text.replace(bull, kuhlmann.replace("third-ligne", "first-leger")))
        found = await editor.next_for(scenario)
        # Out of range, and its line to the French light infantry crosses an allied unit (GEO027, a warning).
        assert sorted((d.code, d.range.start.line) for d in found) == [("GEO024", row), ("GEO027", row)]
        assert "'first-leger' is 72.8011 cm away, out of range" in next(d for d in found if d.code == "GEO024").message

    run(corpus, body, "c")


@pytest.mark.rule("RN-9")
@pytest.mark.rule("RN-16.3")
def test_renaissance_actions_offer_the_places_they_can_be_played_at_first(corpus: Path) -> None:
    """At Preveza, the Ottoman-Hapsburg battle can be fought only where both start and have not fought yet
    (the Ionian Sea and Castelnuovo); the second transport of the Spanish infantry starts at Corfu, where the
    first one landed it, and may land where seas holding Hapsburg ships lead. Those come first, half typed too;
    a place the validator rejects is still offered, after them."""
    scenario = Path("c/renaissance/scenarios/preveza-1538.yaml")
    battle = "  - {kind: combat, attacker: ottoman, defender: hapsburg, at: ionian-sea, turn: 2}"
    transport = ("  - {kind: transport, power: hapsburg, formation: spanish-infantry, from: corfu, to: castelnuovo, "
                 "turn: 3}")

    async def first(editor: Editor, text: str, line: str, word: str) -> list[str]:
        row = line_of(text, line)
        doc, at = editor.at(scenario, row, line.index(word) + len(word))
        result = await editor.client.text_document_completion_async(lsp.CompletionParams(doc, at))
        assert isinstance(result, lsp.CompletionList)
        items = sorted(result.items, key=lambda item: item.sort_text or "")
        ranked = [item.label for item in items if (item.sort_text or "").startswith("0")]
        assert len(items) > len(ranked) and all(item.detail for item in items)
        return ranked

    async def body(editor: Editor) -> None:
        text = editor.open(scenario)
        await editor.next_for(scenario)
        assert await first(editor, text, battle, "ionian-sea") == ["ionian-sea", "castelnuovo"]
        assert await first(editor, text, transport, "from: corfu") == ["corfu"]
        assert set(await first(editor, text, transport, "castelnuovo")) == {
            "ancona", "castelnuovo", "civitavecchia", "constantinople", "malta", "messina", "naples", "palermo",
            "preveza", "tunis", "venice"}
        typing = battle.replace("at: ionian-sea", "at: io")
        edited = text.replace(battle, typing)
        editor.change(scenario, edited)
        assert [str(d.code) for d in await editor.next_for(scenario)] == ["REF008"]
        assert await first(editor, edited, typing, "at: io") == ["ionian-sea", "castelnuovo"]
        editor.change(scenario, text.replace(battle, battle.replace("ionian-sea", "adriatic-sea")))
        found = await editor.next_for(scenario)
        assert [str(d.code) for d in found] == ["RN-battle-absent"]
        assert found[0].message.endswith("hint: ottoman and hapsburg can only fight where both start and have not "
                                         "fought yet: castelnuovo, ionian-sea")  # the places offered first

    run(corpus, body, "c")


@pytest.mark.rule("DN-5.2")
def test_a_fleets_ships_offer_those_it_may_take_first(corpus: Path) -> None:
    """In Horthy's raiding fleet at Otranto, the ships in no other fleet and of a nation of the Central Powers'
    side come first (the German ones too: the side lists Germany); a ship already in a fleet says which
    (REF006), an Allied one that it is not of the side's nations (DN-5.2). Writing one in gets that code."""
    async def body(editor: Editor) -> None:
        text = editor.open(OTRANTO)
        await editor.next_for(OTRANTO)
        line = "        ships: [Novara, Helgoland]"
        row = line_of(text, line)
        doc, at = editor.at(OTRANTO, row, line.index("Helgoland") + 2)
        result = await editor.client.text_document_completion_async(lsp.CompletionParams(doc, at))
        assert isinstance(result, lsp.CompletionList)
        items = sorted(result.items, key=lambda item: item.sort_text or "")
        first = [item.label for item in items if (item.sort_text or "").startswith("0")]
        why = {item.label: (item.detail or "").rpartition(": ")[2] for item in items}
        assert {"Helgoland", "Szent István", "Tátra", "Frankfurt", "Wiesbaden"} <= set(first)
        assert not {"Novara", "Balaton", "Saida", "Bellerophon", "Bisson", "Andrea Doria"} & set(first)
        assert why["Novara"] == "already in fleet horthy (REF006)"
        assert why["Balaton"] == "already in fleet diversion (REF006)"
        assert why["Bellerophon"] == "not of a nation on side central-powers (DN-5.2)"
        assert why["Tátra"] == "Tátra (DD, austria-hungary)"

        editor.change(OTRANTO, text.replace(line, "        ships: [Novara, Balaton]"))
        assert "REF006" in [str(d.code) for d in await editor.next_for(OTRANTO)]

    run(corpus, body, "c")


def test_columns_are_counted_as_the_client_counts(corpus: Path) -> None:
    """A character beyond the Basic Multilingual Plane is one column to admiralty and two UTF-16 units to the
    client (LSP's default encoding): the diagnostic lands on the misspelt class either way."""
    async def body(editor: Editor) -> None:
        text = editor.open(CATALOG)
        await editor.next_for(CATALOG)
        line = "  - {name: Helgoland, class: novara, italic: true}"
        edited_line = '  - {name: Helgoland, notes: "\u2693\U0001f6a2", class: novarra, italic: true}'
        editor.change(CATALOG, text.replace(line, edited_line))
        found = await editor.next_for(CATALOG)
        assert [str(d.code) for d in found] == ["REF002"]
        utf16 = len(edited_line[:edited_line.index("novarra")].encode("utf-16-le")) // 2
        assert (found[0].range.start.line, found[0].range.start.character) == (line_of(text, line), utf16)
        assert utf16 == edited_line.index("novarra") + 1
        doc, at = editor.at(CATALOG, line_of(text, line), utf16 + 1)
        actions = await editor.client.text_document_code_action_async(lsp.CodeActionParams(
            doc, lsp.Range(at, at), lsp.CodeActionContext(diagnostics=found)))
        assert actions is not None
        fix = next(a for a in actions if isinstance(a, lsp.CodeAction) and a.title == "Change to 'novara'")
        assert fix.edit is not None and fix.edit.changes is not None
        assert fix.edit.changes[doc.uri][0].range.start.character == utf16

    run(corpus, body, "c")
