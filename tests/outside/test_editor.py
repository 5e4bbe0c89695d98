"""The real YAML language server (the npm ``yaml-language-server`` that VS Code's YAML extension runs) on
admiralty documents, over stdio, as an editor drives it: no schema association but the modeline.

The schemas must resolve offline from the file the modeline names: a corpus file opened from disk gets
no diagnostics at all, completion inside a fleet lists the schema's fleet properties with their
descriptions, hover on a key shows its description, and a copy with a typo'd key, a wrong type and an
unknown table-override key gets diagnostics on the same lines as ``admiralty validate`` reports its schema
findings. Skipped, with the
reason, when node or the server is not installed (``.ci/run`` installs it into ``.tools/``).
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / ".tools" / "node_modules" / ".bin" / "yaml-language-server"
NODE = shutil.which("node")
OTRANTO = ROOT / "scenarios" / "dreadnought" / "scenarios" / "otranto-1917.yaml"
SCENARIO_SCHEMA = ROOT / "schemas" / "dreadnought" / "scenario.schema.json"
SCHEMA_CODES = {f"SCH{n:03d}" for n in range(1, 11)} | {"SCH020", "SCH099"}
REPLY_TIMEOUT = 60.0  # seconds; a bound for a hung server, not a measurement

pytestmark = [
    pytest.mark.skipif(NODE is None, reason="node is not installed"),
    pytest.mark.skipif(not SERVER.exists(), reason=f"yaml-language-server is not installed in {SERVER.parent} "
                       "(npm install --prefix .tools yaml-language-server@1)"),
]

SETTINGS = {"yaml": {"validate": True, "hover": True, "completion": True, "format": {"enable": False},
                     "schemas": {}, "schemaStore": {"enable": False}, "customTags": [], "maxItemsComputed": 5000,
                     "yamlVersion": "1.2"}}


class LanguageServer:
    """A minimal LSP client: Content-Length framed JSON-RPC over the server's stdin and stdout. A reader
    thread answers the server's own requests (``workspace/configuration`` with ``SETTINGS``) and queues the
    rest, so that a request's reply and the diagnostics published meanwhile are both seen."""

    def __init__(self, root: Path) -> None:
        assert NODE is not None
        self.process = subprocess.Popen([NODE, str(SERVER), "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, cwd=root)
        self.replies: dict[int, queue.Queue[dict[str, Any]]] = {}
        self.diagnostics: queue.Queue[dict[str, Any]] = queue.Queue()
        self.next_id = 0
        self.version = 0
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        capabilities = {
            "workspace": {"configuration": True, "didChangeConfiguration": {"dynamicRegistration": True}},
            "textDocument": {
                "completion": {"completionItem": {"documentationFormat": ["markdown", "plaintext"],
                                                  "snippetSupport": True}},
                "hover": {"contentFormat": ["markdown", "plaintext"]},
                "publishDiagnostics": {"relatedInformation": False}}}
        self.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": capabilities,
                                    "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}]})
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        stdin = self.process.stdin
        assert stdin is not None
        with self.lock:
            stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
            stdin.flush()

    def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        for message in _frames(stdout):
            if "method" in message and "id" in message:  # a request from the server
                self._send({"id": message["id"], "result": self._answer(message)})
            elif "id" in message:
                self.replies.setdefault(message["id"], queue.Queue()).put(message)
            elif message.get("method") == "textDocument/publishDiagnostics":
                self.diagnostics.put(message["params"])

    @staticmethod
    def _answer(request: dict[str, Any]) -> Any:
        if request["method"] == "workspace/configuration":
            return [SETTINGS.get(item.get("section", "")) for item in request["params"]["items"]]
        return None  # client/registerCapability, window/workDoneProgress/create

    def request(self, method: str, params: dict[str, Any]) -> Any:
        self.next_id += 1
        ident = self.next_id
        self.replies.setdefault(ident, queue.Queue())
        self._send({"id": ident, "method": method, "params": params})
        reply = self.replies[ident].get(timeout=REPLY_TIMEOUT)
        assert "error" not in reply, reply
        return reply["result"]

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self._send({"method": method, "params": params})

    @contextmanager
    def opened(self, path: Path, text: str | None = None) -> Iterator[tuple[str, list[dict[str, Any]]]]:
        """Open ``path`` by its file URI (its text from disk unless given); yields the URI and the
        diagnostics the server publishes for it (it validates on open). Closing it publishes an empty list,
        consumed here, so that the next document's diagnostics are its own."""
        uri = path.as_uri()
        content = text if text is not None else path.read_text(encoding="utf-8")
        self.version += 1  # the server caches parsed documents by URI and version: never reuse a pair
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml",
                                                              "version": self.version, "text": content}})
        try:
            yield uri, self._published(uri)
        finally:
            self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
            self._published(uri)

    def _published(self, uri: str) -> list[dict[str, Any]]:
        while True:
            params = self.diagnostics.get(timeout=REPLY_TIMEOUT)
            if params["uri"] == uri:
                found: list[dict[str, Any]] = params["diagnostics"]
                return found

    def close(self) -> None:
        try:
            self.request("shutdown", {})
            self.notify("exit", {})
            self.process.wait(timeout=REPLY_TIMEOUT)
        finally:
            if self.process.poll() is None:
                self.process.kill()


def _frames(stream: IO[bytes]) -> Iterator[dict[str, Any]]:
    """JSON-RPC messages from a Content-Length framed byte stream, until it ends."""
    while True:
        length = None
        while True:
            line = stream.readline()
            if not line:
                return
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        assert length is not None, "a frame without Content-Length"
        yield json.loads(stream.read(length).decode("utf-8"))


@pytest.fixture(scope="module")
def server() -> Iterator[LanguageServer]:
    client = LanguageServer(ROOT)
    try:
        yield client
    finally:
        client.close()


def _position(text: str, line_text: str, column: int = 0) -> dict[str, int]:
    """The LSP position (0-based) ``column`` characters into the one line equal to ``line_text``."""
    lines = text.splitlines()
    assert lines.count(line_text) == 1, line_text
    return {"line": lines.index(line_text), "character": column}


def _markdown(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("value", ""))
    if isinstance(value, list):
        return "\n".join(_markdown(v) for v in value)
    return str(value or "")


def test_a_corpus_file_opened_from_disk_has_no_diagnostics(server: LanguageServer) -> None:
    """Before the schemas lost their absolute ``$id``, every corpus file showed one error at 2:1 here: the
    server loaded the modeline's schema, then could not fetch ``https://admiralty.dev/.../common.schema.json``."""
    with server.opened(OTRANTO) as (_, diagnostics):
        print(f"\n--- diagnostics on {OTRANTO.relative_to(ROOT)} (from disk): {diagnostics}")
        assert diagnostics == []


def _fleet_schema() -> dict[str, Any]:
    schema = json.loads(SCENARIO_SCHEMA.read_text(encoding="utf-8"))
    fleet: dict[str, Any] = schema["properties"]["sides"]["items"]["properties"]["fleets"]["items"]
    return fleet


def _completion(server: LanguageServer, uri: str, line: int, character: int) -> dict[str, str]:
    """The properties offered at a position (CompletionItemKind.Property = 10), with their documentation."""
    result = server.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                        "position": {"line": line, "character": character}})
    items = result["items"] if isinstance(result, dict) else result
    return {item["label"]: _markdown(item.get("documentation")) for item in items if item.get("kind") == 10}


def test_completion_in_a_fleet_lists_its_properties_with_descriptions(server: LanguageServer) -> None:
    """In a new, empty fleet (``- `` typed above fleet ``saida``) the server offers every fleet property of
    the schema, each documented with its description; in fleet ``horthy`` only those it does not have yet."""
    fleet = _fleet_schema()["properties"]
    text = OTRANTO.read_text(encoding="utf-8")
    at = text.index("      - id: saida\n")
    edited = text[:at] + "      - \n" + text[at:]
    with server.opened(OTRANTO, edited) as (uri, _):  # the empty item is a null fleet: a type error, meanwhile
        offered = _completion(server, uri, edited[:at].count("\n"), 8)
    print(f"\n--- completion in a new fleet (line {edited[:at].count(chr(10)) + 1}, column 9):")
    for label, documentation in offered.items():
        print(f"  {label}: {documentation}")
    assert offered == {name: sub["description"] for name, sub in fleet.items()}

    at = text.index("        mission: raid\n") + len("        mission: raid\n")  # in fleet 'horthy'
    edited = text[:at] + "        \n" + text[at:]
    with server.opened(OTRANTO, edited) as (uri, diagnostics):
        assert diagnostics == []
        offered = _completion(server, uri, edited[:at].count("\n"), 8)
    assert offered == {name: fleet[name]["description"] for name in set(fleet) - {"id", "mission", "start", "ships",
                                                                                   "orders"}}


def test_hover_on_a_key_shows_its_description(server: LanguageServer) -> None:
    text = OTRANTO.read_text(encoding="utf-8")
    position = _position(text, "        mission: raid", 10)
    with server.opened(OTRANTO) as (uri, _):
        hover = server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": position})
    shown = _markdown(hover["contents"])
    print(f"\n--- hover on 'mission' (line {position['line'] + 1}, column 11):\n{shown}")
    assert _fleet_schema()["properties"]["mission"]["description"] in shown


def _corpus_copy(tmp: Path) -> Path:
    """The repository's corpus and schemas copied to ``tmp`` at the same relative places, so that the
    modelines (``../../../schemas/...``) still resolve there."""
    shutil.copytree(ROOT / "scenarios", tmp / "scenarios")
    shutil.copytree(ROOT / "schemas", tmp / "schemas")
    return tmp / "scenarios"


def _admiralty_schema_lines(corpus: Path, document: Path) -> list[tuple[int, str]]:
    """(line, code) of the schema findings ``admiralty validate --format json`` reports on ``document``, run
    from inside the corpus (its parent holds the copied ``schemas/`` the modelines name)."""
    run = subprocess.run([sys.executable, "-m", "admiralty", "validate", ".", "--format", "json"],
                         capture_output=True, text=True, cwd=corpus, timeout=600)
    assert run.returncode in (0, 1), run.stderr
    report = json.loads(run.stdout)
    assert not [d for d in report["diagnostics"] if d["code"] == "SCH012"]  # the copy's modelines resolve
    return sorted((d["line"], d["code"]) for d in report["diagnostics"]
                  if (corpus / d["file"]).resolve() == document.resolve() and d["code"] in SCHEMA_CODES)


def test_mistakes_are_reported_on_the_lines_admiralty_reports(server: LanguageServer, tmp_path: Path) -> None:
    corpus = _corpus_copy(tmp_path)
    document = corpus / "dreadnought" / "scenarios" / "otranto-1917.yaml"
    text = document.read_text(encoding="utf-8")
    text = text.replace("  count: 12\n", "  count: twelve\n", 1)  # a wrong type
    text = text.replace("[Saida]\n        orders:", "[Saida]\n        ordres:", 1)  # a typo
    text = text.replace("  tables: {}\n", "  tables:\n    gunnery: {hits_onn: 5}\n", 1)  # a key no house table has
    document.write_text(text, encoding="utf-8")
    with server.opened(document) as (_, diagnostics):
        pass
    print(f"\n--- diagnostics on the copy with a wrong type, a typo and an unknown table key ({document.name}):")
    for d in diagnostics:
        start = d["range"]["start"]
        print(f"  {start['line'] + 1}:{start['character'] + 1} {d['message']}")
    admiralty = _admiralty_schema_lines(corpus, document)
    print(f"--- admiralty validate --format json, schema findings: {admiralty}")
    editor_lines = sorted(d["range"]["start"]["line"] + 1 for d in diagnostics)
    lines = text.splitlines()
    wanted = [lines.index("  count: twelve") + 1, next(i for i, line in enumerate(lines, 1) if "ordres:" in line),
              lines.index("    gunnery: {hits_onn: 5}") + 1]
    assert editor_lines == wanted
    assert editor_lines == [line for line, _ in admiralty]
    assert [code for _, code in admiralty] == ["SCH003", "SCH002", "SCH020"]


def test_a_corpus_copied_elsewhere_is_flagged_by_sch012(tmp_path: Path) -> None:
    """Copied without the schemas, the modelines point at nothing: the editor would check nothing, so
    admiralty warns (SCH012) on every document."""
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    run = subprocess.run([sys.executable, "-m", "admiralty", "validate", "scenarios", "--format", "json"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=600)
    report = json.loads(run.stdout)
    flagged = {d["file"] for d in report["diagnostics"] if d["code"] == "SCH012"}
    assert flagged == set(report["files"]) and flagged


def test_a_document_outside_the_tree_scaffolded_by_init(tmp_path: Path) -> None:
    """A scenario repository of its own, made by ``admiralty init`` (schemas exported into it, modelines
    pointing at them) with a scenario added by ``admiralty new``, opened from a folder the server has never
    seen. The server resolves every ``$ref`` there and finds the documents clean; admiralty agrees. It offers
    a new fleet's properties with their descriptions and explains a key on hover, from the exported schema;
    a typo'd key and a wrong type are reported on the lines ``admiralty validate`` reports them."""
    project = tmp_path / "my-scenarios"
    for command in (["init", str(project)], ["new", "scenario", "lissa-1916"]):
        run = subprocess.run([sys.executable, "-m", "admiralty", *command], capture_output=True, text=True,
                             cwd=project if command[0] == "new" else tmp_path, timeout=600)
        assert run.returncode == 0, run.stdout + run.stderr
    document = next(project.rglob("lissa-1916.yaml"))
    assert document.read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../../schemas/dreadnought/scenario.schema.json\n")
    client = LanguageServer(tmp_path)
    try:
        with client.opened(document) as (_, diagnostics):
            print(f"\n--- diagnostics on {document.relative_to(tmp_path)} (outside the tree): {diagnostics}")
            assert diagnostics == []
        text = document.read_text(encoding="utf-8")
        exported = json.loads((project / "schemas" / "dreadnought" / "scenario.schema.json").read_text("utf-8"))
        fleet = exported["properties"]["sides"]["items"]["properties"]["fleets"]["items"]["properties"]
        lines = text.splitlines()
        first = next(i for i, line in enumerate(lines)
                     if line.strip().startswith("- id: ") and "fleets:" in lines[i - 1])
        indent = len(lines[first]) - len(lines[first].lstrip())
        edited = "\n".join([*lines[:first], " " * indent + "- ", *lines[first:]]) + "\n"
        with client.opened(document, edited) as (uri, _):
            offered = _completion(client, uri, first, indent + 2)
        assert offered == {name: sub["description"] for name, sub in fleet.items()}
        mission = next(i for i, line in enumerate(lines) if line.strip().startswith("mission:"))
        with client.opened(document) as (uri, _):
            hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {
                "line": mission, "character": lines[mission].index("mission") + 2}})
        assert fleet["mission"]["description"] in _markdown(hover["contents"])
        broken = re.sub(r"(\n +count: \d+)\n", r"\1.5\n", text, count=1).replace("orders:", "ordres:", 1)
        with client.opened(document, broken) as (_, diagnostics):
            assert sorted(d["message"] for d in diagnostics) == ['Incorrect type. Expected "integer".',
                                                                 "Property ordres is not allowed."]
            editor = sorted(d["range"]["start"]["line"] + 1 for d in diagnostics)
    finally:
        client.close()
    document.write_text(broken, encoding="utf-8")
    checked = subprocess.run([sys.executable, "-m", "admiralty", "validate", str(document.relative_to(project)),
                              "--format", "json"], capture_output=True, text=True, cwd=project, timeout=600)
    found = json.loads(checked.stdout)["diagnostics"]
    assert sorted(d["line"] for d in found) == editor and {d["code"] for d in found} == {"SCH002", "SCH003"}, found
    document.write_text(text, encoding="utf-8")
    validated = subprocess.run([sys.executable, "-m", "admiralty", "validate", "scenarios", "--format", "json",
                                "--strict"],
                               capture_output=True, text=True, cwd=project, timeout=600)
    report = json.loads(validated.stdout)
    assert validated.returncode == 0 and report["diagnostics"] == [], validated.stdout


MAP_SPEC = ROOT / "data" / "maps" / "baltic.spec.yaml"
MAP_SPEC_SCHEMA = ROOT / "schemas" / "dreadnought" / "map-spec.schema.json"


def test_a_map_spec_completes_its_keys_from_the_exported_schema(server: LanguageServer) -> None:
    """A ``map from-geojson`` spec names ``map-spec.schema.json`` in its modeline: opened from disk it has no
    diagnostics, and on a new line the server offers every spec key it does not have yet, each with its
    description (``assign_land``, ``allow_port_moves`` among them)."""
    properties = json.loads(MAP_SPEC_SCHEMA.read_text(encoding="utf-8"))["properties"]
    text = MAP_SPEC.read_text(encoding="utf-8")
    with server.opened(MAP_SPEC) as (_, diagnostics):
        assert diagnostics == []
    at = text.index("nations:\n")
    edited = text[:at] + "\n" + text[at:]
    with server.opened(MAP_SPEC, edited) as (uri, _):
        offered = _completion(server, uri, edited[:at].count("\n"), 0)
    present = set(yaml.safe_load(text))
    assert offered == {name: spec["description"] for name, spec in properties.items() if name not in present}
    assert {"assign_land", "allow_port_moves", "max_port_move_km"} <= set(offered)


def test_the_project_file_that_init_writes_is_completed_and_checked(tmp_path: Path) -> None:
    """``admiralty.yaml`` (issue 36, item 2): its modeline names the exported ``project.schema.json``; the server
    finds the file as written clean, offers the keys not yet written with their descriptions (and ``smoke``'s
    own), and flags a key admiralty does not know; ``admiralty validate`` refuses the same file."""
    run = subprocess.run([sys.executable, "-m", "admiralty", "init", "fleet-book"], capture_output=True, text=True,
                         cwd=tmp_path, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    project = tmp_path / "fleet-book" / "admiralty.yaml"
    schema = json.loads((project.parent / "schemas" / "project.schema.json").read_text(encoding="utf-8"))
    keys = schema["properties"]
    text = project.read_text(encoding="utf-8")
    client = LanguageServer(project.parent)
    try:
        with client.opened(project) as (_, diagnostics):
            assert diagnostics == []
        edited = text + "\n"
        last = edited.count("\n")
        with client.opened(project, edited) as (uri, _):
            offered = _completion(client, uri, last, 0)
        written = {"corpus", "exclude", "ignore", "errors"}
        assert offered == {name: keys[name]["description"] for name in set(keys) - written}, offered
        edited = text + "smoke:\n  \n"
        with client.opened(project, edited) as (uri, _):
            offered = _completion(client, uri, edited.count("\n") - 1, 2)
        assert offered == {name: sub["description"] for name, sub in keys["smoke"]["properties"].items()}
        with client.opened(project, text + "colour: blue\n") as (_, diagnostics):
            assert [d["message"] for d in diagnostics] == ["Property colour is not allowed."]
    finally:
        client.close()
    project.write_text(text + "colour: blue\n", encoding="utf-8")
    refused = subprocess.run([sys.executable, "-m", "admiralty", "validate"], capture_output=True, text=True,
                             cwd=project.parent, timeout=600)
    assert refused.returncode == 2 and "admiralty.yaml: at the top" in refused.stderr, refused.stderr
