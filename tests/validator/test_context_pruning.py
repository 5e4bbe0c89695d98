"""A file named on its own is validated with its corpus as context, and only the context it needs is built
(``context.needed_for_build``): what ``validate`` reports must be exactly what building the whole context
reports, for good files of every kind and rule system and for the mistakes that reach into the context (an
unknown map or catalog, whose hint lists the documents of that kind; an unknown ship; an id another file of
the corpus already uses)."""

from __future__ import annotations

import pickle
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


def test_smoke_only_validates_each_scenario_as_the_whole_corpus_does(corpus: Path) -> None:
    """``smoke --only ID`` validates that scenario with the rest of the corpus as context
    (``pipeline.validate_scenarios``): the scenario it plays is the one validating the whole corpus builds, to
    the pickled byte, with the same findings; the mistakes of the fixture's other files are not its concern."""
    whole = validate([str(corpus)])
    for scenario in whole.scenarios:
        alone = pipeline.validate_scenarios([str(corpus)], {str(scenario.id)})
        [played] = alone.scenarios
        assert pickle.dumps(played) == pickle.dumps(scenario), scenario.id
        file = scenario.source.file
        assert ([d for d in alone.report.diagnostics if d.file == file]
                == [d for d in whole.report.diagnostics if d.file == file])


def test_smoke_only_still_reports_a_chosen_scenario_s_mistakes(corpus: Path) -> None:
    """The fixture's ``taken-id.yaml`` is a second ``jutland-1916``: choosing that id validates both files and
    reports the clash; a file that cannot be read at all is validated whatever ids are chosen."""
    taken = pipeline.validate_scenarios([str(corpus)], {"jutland-1916"})
    assert "REF001" in {d.code for d in taken.report.diagnostics} and taken.report.exit_code() == 1
    broken = corpus.parent / "with-broken" / "scenarios"
    shutil.copytree(corpus, broken)
    for name in MISTAKES:
        (broken / "dreadnought" / "scenarios" / name).unlink()
    (broken / "dreadnought" / "scenarios" / "unreadable.yaml").write_text("kind: scenario\nid: [unclosed\n",
                                                                          encoding="utf-8")
    result = pipeline.validate_scenarios([str(broken)], {"otranto-1917"})
    assert result.report.exit_code() == 1
    assert {d.file for d in result.report.diagnostics if d.severity.name == "ERROR"} == {
        pipeline.display_path(broken / "dreadnought" / "scenarios" / "unreadable.yaml")}
