"""A file named on its own is validated with its corpus as context, and only the context it needs is built
(``context.needed_for_build``): what ``validate`` reports must be exactly what building the whole context
reports, for good files of every kind and rule system and for the mistakes that reach into the context (an
unknown map or catalog, whose hint lists the documents of that kind; an unknown ship; an id another file of
the corpus already uses)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import admiralty.validator.pipeline as pipeline
from admiralty.validator.pipeline import validate

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = "dreadnought/scenarios/otranto-1917.yaml"
GOOD = [OTRANTO, "dreadnought/maps/adriatic.yaml", "dreadnought/ships/italy-1917.yaml",
        "renaissance/scenarios/lepanto-1571.yaml", "renaissance/maps/central-mediterranean.yaml",
        "napoleonic/scenarios/hougoumont-1815.yaml"]
MISTAKES = {  # file name: (what replaces what in Otranto)
    "unknown-map.yaml": ("map: adriatic", "map: adriatik"),
    "unknown-ship.yaml": ("Novara", "Novarra"),
    "taken-id.yaml": ("id: otranto-1917", "id: jutland-1916"),
}


def _outcome(paths: list[str]) -> tuple[Any, ...]:
    result = validate(paths)
    return (tuple((d.code, d.message, d.file, d.line, d.column, d.hint, d.severity) for d in result.report.diagnostics),
            tuple(result.report.files), tuple((s.id, s.content_hash) for s in result.scenarios))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("corpus") / "scenarios"
    shutil.copytree(ROOT / "scenarios", folder)
    text = (folder / OTRANTO).read_text(encoding="utf-8")
    for name, (old, new) in MISTAKES.items():
        assert old in text, old
        (folder / "dreadnought" / "scenarios" / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize("name", [*GOOD, *(f"dreadnought/scenarios/{m}" for m in MISTAKES)])
def test_a_file_alone_reports_what_the_whole_context_would(name: str, corpus: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(corpus / name)
    pruned = _outcome([path])
    monkeypatch.setattr(pipeline, "needed_for_build", lambda loaded, context: list(loaded))
    assert pruned == _outcome([path])
    if name.endswith(tuple(MISTAKES)):
        assert pruned[0], "a mistake must be reported"
