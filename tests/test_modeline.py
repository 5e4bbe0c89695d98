"""The one modeline writer (``admiralty.scaffold.modeline``): relative to the written file, to the nearest
exported ``schemas/``, to the package's schemas inside this checkout, else to where an export would go."""

from __future__ import annotations

from pathlib import Path

import pytest

from admiralty.scaffold.export import export_schemas
from admiralty.scaffold.modeline import PREFIX, export_note, find_schemas, modeline_for

ROOT = Path(__file__).resolve().parent.parent


def test_the_nearest_exported_schemas_folder_wins(tmp_path: Path) -> None:
    export_schemas(tmp_path / "schemas")
    export_schemas(tmp_path / "inner" / "schemas")
    (tmp_path / "inner" / "deep" / "schemas").mkdir(parents=True)  # not admiralty's: no common.schema.json
    document = tmp_path / "inner" / "deep" / "maps" / "x.yaml"
    assert find_schemas(document.parent) == (tmp_path / "inner" / "schemas").resolve()
    line = modeline_for(document, "dreadnought", "map", tmp_path)
    assert line.text == f"{PREFIX}../../schemas/dreadnought/map.schema.json" and line.resolves
    assert (document.parent / line.text.removeprefix(PREFIX)).resolve().is_file()
    assert export_note([line]) is None
    outside = modeline_for(tmp_path / "a.yaml", "renaissance", "scenario", tmp_path)
    assert outside.text == f"{PREFIX}schemas/renaissance/scenario.schema.json"


def test_inside_this_checkout_the_package_schemas(tmp_path: Path) -> None:
    document = ROOT / "scenarios" / "dreadnought" / "scenarios" / "not-written.yaml"
    line = modeline_for(document, "dreadnought", "scenario", ROOT / "scenarios")
    assert line.text == f"{PREFIX}../../../schemas/dreadnought/scenario.schema.json" and line.resolves
    corpus = (ROOT / "scenarios" / "dreadnought" / "scenarios" / "otranto-1917.yaml").read_text()
    assert corpus.splitlines()[0] == line.text  # what the corpus's own documents say


def test_without_schemas_the_corpus_root_and_a_note(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    document = tmp_path / "repo" / "scenarios" / "napoleonic" / "tables" / "t.yaml"
    line = modeline_for(document, "napoleonic", "table", tmp_path / "repo")
    assert line.text == f"{PREFIX}../../../schemas/napoleonic/table.schema.json" and not line.resolves
    assert not line.text.removeprefix(PREFIX).startswith("/")
    note = export_note([line])
    assert note is not None and f"`admiralty schemas export {tmp_path / 'repo' / 'schemas'}`" in note
    monkeypatch.chdir(tmp_path)  # below the working directory the command is shown relative, as typed
    note = export_note([line])
    assert note is not None and "`admiralty schemas export repo/schemas`" in note
