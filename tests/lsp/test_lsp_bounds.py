"""The language server's bounds: a root of ``/`` is never walked, a message too big to read is refused with a
sentence, a request with an impossible position is answered, and a request over its time or memory budget is
stopped with an error. Each is driven the way a client (or an attacker) would: pygls's client over stdio, or raw
JSON-RPC on the server's stdin where a real client could not send the bytes."""

from __future__ import annotations

import asyncio
import json
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException

from admiralty.lsp.bounds import Budget, BudgetExceeded, within
from tests.lsp.client import TIMEOUT, Editor

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = Path("c/dreadnought/scenarios/otranto-1917.yaml")


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "scenarios" / "dreadnought", tmp_path / "c" / "dreadnought",
                    ignore=shutil.ignore_patterns("*.py"))
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")  # where the modelines point
    return tmp_path


def session(folder: Path, body: Callable[[Editor], Awaitable[None]], *paths: str, **start: Any) -> None:
    async def run() -> None:
        editor = Editor(folder)
        await editor.start(*paths, **start)
        try:
            await body(editor)
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(run(), TIMEOUT * 3))


def frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def messages(output: bytes) -> list[dict[str, Any]]:
    """The JSON-RPC messages in what the server wrote."""
    found = []
    while b"\r\n\r\n" in output:
        head, output = output.split(b"\r\n\r\n", 1)
        length = int(next(line for line in head.split(b"\r\n") if line.startswith(b"Content-Length")).split(b":")[1])
        found.append(json.loads(output[:length]))
        output = output[length:]
    return found


def raw_session(folder: Path, *sent: bytes) -> tuple[int, list[dict[str, Any]], str]:
    """Start ``admiralty lsp`` in ``folder``, initialize it, write ``sent`` on its stdin, close stdin; its exit
    code, the messages it wrote and its stderr."""
    initialize = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                        "params": {"capabilities": {}, "rootUri": folder.as_uri()}})
    done = subprocess.run([sys.executable, "-m", "admiralty", "lsp"], cwd=folder, timeout=TIMEOUT,
                          input=initialize + frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
                          + b"".join(sent), capture_output=True)
    return done.returncode, messages(done.stdout), done.stderr.decode()


def test_a_root_uri_of_the_filesystem_root_is_not_walked_and_an_opened_document_is_checked_alone(
        corpus: Path) -> None:
    async def body(editor: Editor) -> None:
        text = editor.open(OTRANTO)
        found = await editor.next_for(OTRANTO)
        # alone: its map and catalogs are not in the workspace, and nothing else of the machine is
        assert [(d.code, d.message) for d in found] == [
            ("REF003", "unknown map 'adriatic'\nhint: no map is defined in the files given")]
        # a folder sent as a document is refused, not walked
        editor.client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem("file:///", "yaml", 1, "a: 1\n")))
        hover = await asyncio.wait_for(editor.client.text_document_hover_async(lsp.HoverParams(
            lsp.TextDocumentIdentifier("file:///"), lsp.Position(0, 0))), TIMEOUT)
        assert hover is None
        row = next(i for i, line in enumerate(text.splitlines()) if line.startswith("title:"))
        assert await asyncio.wait_for(editor.client.text_document_hover_async(lsp.HoverParams(
            *editor.at(OTRANTO, row, 2))), TIMEOUT) is None
        await editor.quiet(0.5)
        assert set(editor.published) == {editor.uri(OTRANTO)}
        assert [m.message for m in editor.messages] == [
            "admiralty: not walking '/', a filesystem root; open your scenario repository as the workspace "
            "(each document you open is checked alone meanwhile)"]

    session(corpus, body, root_uri="file:///")


def test_initialization_paths_outside_the_workspace_folders_are_refused(corpus: Path) -> None:
    async def body(editor: Editor) -> None:
        editor.open(OTRANTO)
        assert await editor.next_for(OTRANTO) == []  # the workspace is the corpus: everything resolves
        assert [m.message for m in editor.messages] == [
            "admiralty: not walking '/' (initializationOptions.paths): it is outside the workspace folders"]

    session(corpus, body, options={"paths": ["/", str(corpus / "c")]})


def test_a_2_gb_content_length_is_refused_with_a_sentence_and_the_server_closes(tmp_path: Path) -> None:
    code, said, stderr = raw_session(tmp_path, b"Content-Length: 2147483648\r\n\r\n{")
    refusal = ("admiralty lsp: refused a message of 2147483648 bytes (Content-Length), over the limit of 33554432 "
               "bytes; closing, since the next message cannot be found after it")
    assert said[0]["id"] == 1 and "capabilities" in said[0]["result"]
    assert said[-1] == {"jsonrpc": "2.0", "method": "window/showMessage", "params": {"type": 1, "message": refusal}}
    assert refusal in stderr and code == 1


def test_a_header_line_without_end_is_refused_too(tmp_path: Path) -> None:
    code, said, _stderr = raw_session(tmp_path, b"Content-Type: " + b"x" * 10_000)
    assert said[-1]["params"]["message"].startswith("admiralty lsp: refused a message header line longer than "
                                                    "8192 bytes")
    assert code == 1


def test_a_message_at_the_limit_is_still_read(tmp_path: Path) -> None:
    """The bound is the limit itself: a body of exactly 32 MiB (a didOpen of a 32 MiB text) is served."""
    text = "# " + "x" * (32 * 1024 * 1024 - 1000)
    body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": (tmp_path / "nowhere.yaml").as_uri(), "languageId": "yaml", "version": 1, "text": text}}})
    body += " " * (32 * 1024 * 1024 - len(body))
    assert len(body) == 32 * 1024 * 1024
    shutdown = frame({"jsonrpc": "2.0", "id": 9, "method": "shutdown"})
    code, said, stderr = raw_session(tmp_path, b"Content-Length: %d\r\n\r\n" % len(body) + body.encode(),
                                     shutdown)
    assert {"jsonrpc": "2.0", "id": 9, "result": None} in said and code == 0, stderr[-500:]


def test_every_request_at_an_impossible_position_is_answered(corpus: Path) -> None:
    uri = (corpus / OTRANTO).as_uri()
    opened = frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": (corpus / OTRANTO).read_text(encoding="utf-8")}}})
    positions = [(-1, 0), (0, -1), (-2**31, -2**31), (2**31, 0), (2**31 - 1, 2**31 - 1)]
    methods = ["textDocument/hover", "textDocument/definition", "textDocument/completion"]
    asked = [frame({"jsonrpc": "2.0", "id": 100 + i, "method": method, "params": {
        "textDocument": {"uri": uri}, "position": {"line": line, "character": character}}})
        for i, (method, (line, character)) in enumerate((m, p) for p in positions for m in methods)]
    shutdown = frame({"jsonrpc": "2.0", "id": 9, "method": "shutdown"})
    _code, said, _ = raw_session(corpus, opened, *asked, shutdown)
    answers = {m["id"]: m for m in said if m.get("id", 0) >= 100}
    assert sorted(answers) == list(range(100, 100 + len(asked)))
    invalid = [i for i, m in answers.items() if "error" in m]
    assert invalid == list(range(100, 112))  # the first four positions, three methods each
    assert all(answers[i]["error"]["code"] == -32602 and "invalid parameters of textDocument/" in
               answers[i]["error"]["message"] and "Position." in answers[i]["error"]["message"] for i in invalid)
    assert [answers[i].get("result") for i in range(112, 115)] == [None, None, {"isIncomplete": False, "items": []}]


async def _messages(editor: Editor, count: int) -> None:
    """Until the server has shown ``count`` messages."""
    while len(editor.messages) < count:
        await asyncio.sleep(0.02)


def test_a_request_over_its_time_budget_is_answered_with_an_error(corpus: Path) -> None:
    async def body(editor: Editor) -> None:
        editor.open(OTRANTO)
        # both re-validations (after initialized and after didOpen) end before the hover is asked: on a loaded
        # machine the first one's imports outlasted a fixed wait, and the hover was read before the second's timer
        await asyncio.wait_for(_messages(editor, 2), TIMEOUT)
        with pytest.raises(JsonRpcException) as raised:
            await asyncio.wait_for(editor.client.text_document_hover_async(lsp.HoverParams(
                *editor.at(OTRANTO, 0, 0))), TIMEOUT)
        assert raised.value.code == lsp.LSPErrorCodes.RequestFailed
        assert raised.value.message.startswith("admiralty: textDocument/hover stopped: it took more than 0.01 s "
                                               "(the budget of one request;")
        # the re-validations after initialized and didOpen were stopped too, and said so
        assert [m.message.split(" (")[0] for m in editor.messages] == [
            "admiralty: validating the workspace stopped: it took more than 0.01 s"] * 2
        assert {m.type for m in editor.messages} == {lsp.MessageType.Error}

    session(corpus, body, "c", flags=["--budget", "0.01"])


def test_the_budget_stops_a_body_that_grows_past_its_memory_even_through_except_exception() -> None:
    chunks = []
    with pytest.raises(BudgetExceeded) as raised, within(Budget(seconds=600, megabytes=16), "growing"):
        for _ in range(512):
            try:
                chunks.append(bytearray(1024 * 1024))
                time.sleep(0.002)  # the budget looks every 0.05 s
            except Exception:  # a check's isolation must not swallow it
                pass
    assert raised.value.message.startswith("admiralty: growing stopped: it took more than 16 MB of memory")
    assert 16 <= len(chunks) < 512


def test_the_budget_stops_a_body_that_runs_past_its_time() -> None:
    rounds = 0
    with pytest.raises(BudgetExceeded) as raised, within(Budget(seconds=0.2), "spinning"):
        while rounds < 10**12:
            rounds += 1
    assert raised.value.message.startswith("admiralty: spinning stopped: it took more than 0.2 s")


def test_an_overrun_a_library_wraps_in_its_own_error_is_still_the_budget() -> None:
    """jsonschema-rs turns an exception raised in its retrieve callback into its own ValidationError: an overrun
    raised there reached the client as an internal error (-32603), not the budget's answer."""
    rounds = 0
    with pytest.raises(BudgetExceeded) as raised, within(Budget(seconds=0.1), "wrapping"):
        try:
            while rounds < 10**12:
                rounds += 1
        except BaseException as error:  # as a Rust extension does with what its Python callback raised
            raise ValueError(f"the library's own error: {error}") from None
    assert raised.value.message.startswith("admiralty: wrapping stopped: it took more than 0.1 s")
    with pytest.raises(ValueError, match="not the budget"), within(Budget(seconds=5), "failing"):
        raise ValueError("not the budget")  # an error before any overrun stays what it is


def test_the_budget_lets_a_body_within_it_finish_and_disarms_its_timer() -> None:
    with within(Budget(seconds=5), "quick"):
        total = sum(range(1000))
    assert total == 499500 and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
