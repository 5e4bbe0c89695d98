"""Fixtures for the site tests: a corpus with a hostile scenario, smoke statistics, and one built site."""

from __future__ import annotations

from pathlib import Path

import pytest
from site_corpus import write_hostile_corpus, write_smoke


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
    """The whole site, built once per session with ``build_site`` (strict) from the hostile corpus."""
    from admiralty.site.build import build_site

    out = tmp_path_factory.mktemp("site")
    code = build_site([str(hostile_corpus)], str(smoke_dir), str(out), strict=True)
    assert code == 0, "mkdocs build --strict failed; see the captured output"
    return out
