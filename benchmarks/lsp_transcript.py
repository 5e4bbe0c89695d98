"""One round of editing against ``admiralty lsp`` (a real server over stdio), printed as the messages go:
open a corpus scenario, order a fleet across land (diagnostics), put it back (diagnostics cleared), ask for
completion after ``- `` in a fleet's orders, hover over a ship and a zone, and go to a ship's definition.
Each message is shown as JSON (``->`` to the server, ``<-`` from it), long lists cut. Run from the checkout:
``python benchmarks/lsp_transcript.py`` (it works on a copy of scenarios/)."""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lsprotocol import types as lsp

from tests.lsp.client import Editor

ROOT = Path(__file__).resolve().parent.parent
OTRANTO = Path("c/dreadnought/scenarios/otranto-1917.yaml")
CONVOY = "orders: [AA24, AA25, AA26, AA27, AB27, valona"
HORTHY = "orders: [V25/V26, W26/X26, Y26/Z26, AA26/AB26, AC26, AB26/AA26, Z26/Y26, X26/W26, V26/V25, cattaro]"


def show(arrow: str, method: str, body: Any, editor: Editor, cut: int = 8) -> None:
    data = editor.client.protocol._converter.unstructure(body)
    if isinstance(data, dict) and isinstance(data.get("items"), list) and len(data["items"]) > cut:
        data["items"] = [*data["items"][:cut], f"... {len(data['items']) - cut} more"]
    if isinstance(data, dict) and isinstance(data.get("contentChanges"), list):
        data["contentChanges"] = [{"text": f"<{len(c['text'])} characters>"} for c in data["contentChanges"]]
    if isinstance(data, dict) and isinstance(data.get("textDocument"), dict) and "text" in data["textDocument"]:
        data["textDocument"]["text"] = f"<{len(data['textDocument']['text'])} characters>"
    print(f"{arrow} {method} {json.dumps(data, ensure_ascii=False)}")


async def round_trip(folder: Path) -> None:
    editor = Editor(folder)
    await editor.start("c")
    uri = editor.uri(OTRANTO)
    text = editor.open(OTRANTO)
    show("->", "textDocument/didOpen", lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, text)),
         editor)
    show("<-", "textDocument/publishDiagnostics", {"uri": uri, "diagnostics": await editor.next_for(OTRANTO)}, editor)
    for label, new in (("order across land", text.replace(CONVOY, CONVOY.replace("[AA24,", "[AB23,"))),
                       ("order put back", text)):
        started = time.perf_counter()
        editor.change(OTRANTO, new)
        found = await editor.next_for(OTRANTO)
        took = (time.perf_counter() - started) * 1000
        show("->", f"textDocument/didChange ({label})", {"textDocument": {"uri": uri}, "contentChanges": [
            {"text": new}]}, editor)
        show("<-", f"textDocument/publishDiagnostics ({took:.0f} ms after the change, debounce included)",
             {"uri": uri, "diagnostics": found}, editor)
    block = text.replace(HORTHY, "orders:\n          - V25/V26\n          - ")
    editor.change(OTRANTO, block)
    row = next(i for i, line in enumerate(block.splitlines()) if "- V25/V26" in line) + 1
    completion = lsp.CompletionParams(*editor.at(OTRANTO, row, 12))
    show("->", "textDocument/completion", completion, editor)
    show("<-", "textDocument/completion", await editor.client.text_document_completion_async(completion), editor)
    editor.change(OTRANTO, text)
    lines = text.splitlines()
    ship_row = next(i for i, line in enumerate(lines) if "ships: [Novara, Helgoland]" in line)
    zone_row = next(i for i, line in enumerate(lines) if CONVOY in line)
    asks: list[tuple[str, Any, Any]] = [
        ("textDocument/hover", lsp.HoverParams(*editor.at(OTRANTO, ship_row, lines[ship_row].index("Helgoland"))),
         editor.client.text_document_hover_async),
        ("textDocument/hover", lsp.HoverParams(*editor.at(OTRANTO, zone_row, lines[zone_row].index("AA25"))),
         editor.client.text_document_hover_async),
        ("textDocument/definition", lsp.DefinitionParams(*editor.at(OTRANTO, ship_row,
                                                                    lines[ship_row].index("Helgoland"))),
         editor.client.text_document_definition_async),
    ]
    for method, params, call in asks:
        show("->", method, params, editor)
        show("<-", method, await call(params), editor)
    await editor.stop()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copytree(ROOT / "scenarios", folder / "c", ignore=shutil.ignore_patterns("*.py"))
        (folder / "admiralty").symlink_to(ROOT / "admiralty")
        asyncio.run(round_trip(folder))


if __name__ == "__main__":
    main()
