"""Fixtures for the site tests: a corpus with a hostile scenario, smoke statistics, and one built site."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest
from site_corpus import write_hostile_corpus, write_smoke

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def hostile_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("corpus")
    write_hostile_corpus(folder)
    return folder


@pytest.fixture(scope="session")
def smoke_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("smoke")
    write_smoke(folder)
    return folder


@pytest.fixture(scope="session")
def built_site(hostile_corpus: Path, smoke_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This repository's whole site (its mkdocs.yml and docs/), built once per session with ``build_site``
    (strict) from the hostile corpus."""
    from admiralty.site.build import build_site

    out = tmp_path_factory.mktemp("site")
    code = build_site([str(hostile_corpus)], str(smoke_dir), str(out), strict=True, config_file=ROOT / "mkdocs.yml")
    assert code == 0, "mkdocs build --strict failed; see the captured output"
    return out


@pytest.fixture(scope="session")
def corpus_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The bundled corpus's site (no smoke statistics), built once per session and served over HTTP for the
    browser tests of maps, print and scenario pages (each module used to build its own)."""
    from test_site_browser import QuietHandler

    from admiralty.site.build import build_site

    out = tmp_path_factory.mktemp("corpus-site")
    assert build_site([str(ROOT / "scenarios")], str(tmp_path_factory.mktemp("no-smoke")), str(out), strict=True) == 0
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(out)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()
