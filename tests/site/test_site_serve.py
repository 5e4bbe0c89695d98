"""`admiralty docs --serve` as an author runs it (issue 16, item 6): the printed URL serves the home page
itself (200, not a redirect), and a SIGTERM or SIGINT sent to admiralty alone stops the MkDocs child too, so
the port is free again. Real processes, a real HTTP client; waits are bounded, nothing asserts on time."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"
BOUND = 120  # seconds before the test gives up on the server


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str) -> tuple[int, str]:
    """Status and Location of one GET, redirects not followed."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
    try:
        connection.request("GET", parts.path or "/")
        response = connection.getresponse()
        response.read()
        return response.status, response.getheader("Location") or ""
    finally:
        connection.close()


def _port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) != 0


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize(("how", "inherited"), [(signal.SIGTERM, signal.SIG_DFL), (signal.SIGINT, signal.SIG_DFL),
                                                (signal.SIGINT, signal.SIG_IGN)])
def test_the_printed_url_serves_and_a_signal_stops_the_child(tmp_path: Path, how: int, inherited: Any) -> None:
    """SIG_IGN: admiralty started with SIGINT ignored (a parent's ignore is inherited across exec, as from a test
    runner's worker or ``nohup``) still stops on Ctrl-C, as it says it does."""
    pytest.importorskip("mkdocs")
    psutil = pytest.importorskip("psutil")
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "admiralty", "docs", str(MINI), "--smoke",
                                str(tmp_path / "no-smoke-yet"), "--serve", "--port", str(port)],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "CI": "1"},
                               preexec_fn=_ignore_sigint if inherited == signal.SIG_IGN else None)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        url = re.search(r"serving the site on (\S+)", first)
        assert url, first
        assert url[1] == f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + BOUND
        answer: tuple[int, str] = (0, "")
        while time.monotonic() < deadline:
            try:
                answer = _get(url[1])
                break
            except OSError:  # MkDocs still building
                time.sleep(0.2)
        assert answer == (200, ""), answer  # the home page itself, not a redirect to /admiralty/
        children = psutil.Process(process.pid).children(recursive=True)
        assert children, "mkdocs runs as a child process"
        process.send_signal(how)  # to admiralty only, as `kill` does: it must stop its child itself
        _, stderr = process.communicate(timeout=BOUND)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, stderr
    assert "Traceback" not in stderr
    gone_by = time.monotonic() + 10
    while any(c.is_running() and c.status() != psutil.STATUS_ZOMBIE for c in children) and time.monotonic() < gone_by:
        time.sleep(0.1)
    assert not any(c.is_running() and c.status() != psutil.STATUS_ZOMBIE for c in children)
    assert _port_is_free(port)
