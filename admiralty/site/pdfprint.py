"""Map PDFs printed by headless Chromium: the same engine that draws the map on screen, so the file has the same
strokes, arrowheads, markers and labels as the SVG (svglib turned routes into thick bars, lost the arrowheads
and stacked renaissance labels on one point).

The renderer was chosen by measurement (``benchmarks/map_pdf.py``, the 31 maps of the bundled corpus): svglib
157 ms of CPU a map, wrong drawings; cairosvg 22 ms, but a blank page for the dreadnought maps as they are (it
reads the page's ``height: auto`` as a height), black land and stroked label halos, and it needs the system's
Cairo library, which pip cannot install; Chromium about 90 ms of CPU a map in the browser, the drawing exactly
as on screen. Chromium is a Debian package (``apt-get install chromium``), as the browser tests already need;
without it the build falls back to svglib and says so.

One browser serves a whole build over the DevTools protocol on a pipe (``--remote-debugging-pipe``: no port,
no network), with ``TABS`` pages printing at once. Chromium writes the time into each PDF; the dates are set
to a fixed one (same length, so the cross-reference offsets hold) so that a rebuilt site is the same bytes.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

from admiralty.json_types import JSONObject, JSONValue

TABS = 2  # pages printing at once: Chromium lays out one while another is written
TIMEOUT = 60.0  # seconds of silence from the browser before it is given up on (the maps fall back to svglib)
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
_DATE = re.compile(rb"/(CreationDate|ModDate) \(D:\d{14}(?:[+-]\d\d'\d\d'|Z)?\)")
FLAGS = ("--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--mute-audio", "--hide-scrollbars")


_LAUNCH = ("import os, sys; os.dup2(int(sys.argv[1]), 3); os.dup2(int(sys.argv[2]), 4); "
           "os.close(int(sys.argv[1])); os.close(int(sys.argv[2])); os.execv(sys.argv[3], sys.argv[3:])")


def find_chromium() -> str | None:
    """The browser to print with: ``$ADMIRALTY_CHROMIUM`` (``off``: none), else the first of ``NAMES`` on PATH."""
    chosen = os.environ.get("ADMIRALTY_CHROMIUM")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "0", "off", "no") else chosen
    return next((found for found in map(shutil.which, NAMES) if found), None)


def fixed_dates(pdf: bytes) -> bytes:
    """The PDF with its creation and modification dates set to 2000-01-01 (same length: offsets unchanged)."""
    def same(match: re.Match[bytes]) -> bytes:
        text = match.group(0)
        digits = re.search(rb"\d{14}", text)
        return text if digits is None else text.replace(digits.group(0), b"20000101000000")

    return _DATE.sub(same, pdf)


def _high(fd: int) -> int:
    """``fd`` moved to 10 or above, clear of 3 and 4, where the browser's ends must go."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class ChromiumError(RuntimeError):
    """The browser did not start, answered with an error, or went away."""


class Browser:
    """A headless Chromium spoken to over the DevTools pipe (fd 3 in, fd 4 out; messages end with a NUL)."""

    def __init__(self, binary: str, profile: Path) -> None:
        to_browser, self._write = (_high(fd) for fd in os.pipe())
        self._read, from_browser = (_high(fd) for fd in os.pipe())
        # a small Python puts the pipe ends on fds 3 and 4, where Chromium looks for them, then becomes the
        # browser (a shell cannot: dash redirects single-digit fds only)
        self.process = subprocess.Popen(
            [sys.executable, "-c", _LAUNCH, str(to_browser), str(from_browser), binary, *FLAGS,
             f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(to_browser, from_browser))
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next = 0
        self._events: list[JSONObject] = []
        self._hung = False  # given up on: closed by a kill, not asked to close

    def send(self, method: str, params: JSONObject | None = None, session: str | None = None) -> int:
        self._next += 1
        message: JSONObject = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        return self._next

    def _message(self) -> JSONObject:
        while b"\0" not in self._buffer:
            if not select.select([self._read], [], [], TIMEOUT)[0]:  # a hung browser must not hang the build
                self._hung = True
                raise ChromiumError(f"the browser gave no answer in {TIMEOUT:g} s")
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                raise ChromiumError("the browser went away")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        found: JSONValue = json.loads(raw)
        if not isinstance(found, dict):  # the DevTools protocol sends only objects
            raise ChromiumError(f"the browser sent {raw[:80]!r}, not a message")
        return found

    def wait(self, ids: set[int]) -> dict[int, JSONObject]:
        """The results of the commands ``ids`` (events that come meanwhile are kept for ``event``)."""
        results: dict[int, JSONObject] = {}
        while ids - results.keys():
            message = self._message()
            number = message.get("id")
            if "id" not in message:
                self._events.append(message)
            elif isinstance(number, int) and number in ids:
                if "error" in message:
                    error = message["error"]
                    raise ChromiumError(str(error.get("message", error) if isinstance(error, dict) else error))
                result = message.get("result", {})
                results[number] = result if isinstance(result, dict) else {}
        return results

    def call(self, method: str, params: JSONObject | None = None, session: str | None = None) -> JSONObject:
        number = self.send(method, params, session)
        return self.wait({number})[number]

    def close(self) -> None:
        if not self._hung:
            with suppress(OSError):
                self.send("Browser.close")
        for fd in (self._write, self._read):
            with suppress(OSError):
                os.close(fd)
        try:
            self.process.wait(timeout=0 if self._hung else 10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@contextmanager
def browser(binary: str) -> Iterator[Browser]:
    with tempfile.TemporaryDirectory(prefix="admiralty-chromium-") as profile:
        opened = Browser(binary, Path(profile))
        try:
            yield opened
        finally:
            opened.close()


def _text(result: JSONObject, key: str) -> str:
    """A string the browser's answer must hold (a target or session id, a PDF in base64)."""
    value = result.get(key)
    if not isinstance(value, str):
        raise ChromiumError(f"the browser's answer has no {key}")
    return value


def _frame_id(tree: JSONObject) -> str:
    """The id of the tab's main frame, from ``Page.getFrameTree``'s answer."""
    frame_tree = tree.get("frameTree")
    frame = frame_tree.get("frame") if isinstance(frame_tree, dict) else None
    return _text(frame if isinstance(frame, dict) else {}, "id")


def print_pages(binary: str, pages: Sequence[str]) -> list[bytes]:
    """Each HTML page printed to PDF, its page size from its own ``@page`` rule, backgrounds kept. A page is set
    as the content of an open tab (``Page.setDocumentContent``), not navigated to from a file: the same PDF
    bytes, without a new document and load for each map (a third of the browser's work a map)."""
    out: list[bytes] = [b""] * len(pages)
    with browser(binary) as chrome:
        tabs = []
        for _ in range(min(TABS, len(pages))):
            target = _text(chrome.call("Target.createTarget", {"url": "about:blank"}), "targetId")
            session = _text(chrome.call("Target.attachToTarget", {"targetId": target, "flatten": True}), "sessionId")
            tabs.append((session, _frame_id(chrome.call("Page.getFrameTree", session=session))))
        for start in range(0, len(pages), len(tabs)):
            batch = list(zip(range(start, len(pages)), tabs, strict=False))
            chrome.wait({chrome.send("Page.setDocumentContent", {"frameId": frame, "html": pages[i]}, session)
                         for i, (session, frame) in batch})
            asked = {chrome.send("Page.printToPDF", {"printBackground": True, "preferCSSPageSize": True}, session): i
                     for i, (session, _) in batch}
            for number, result in chrome.wait(set(asked)).items():
                out[asked[number]] = fixed_dates(base64.b64decode(_text(result, "data")))
    return out
