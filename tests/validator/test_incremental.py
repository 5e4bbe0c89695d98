"""Incremental validation (``admiralty.validator.incremental``): after every edit the workspace reports exactly
what ``validate`` over the same files reports, and re-validates only the edited file and what depends on it."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from admiralty.project import current as current_project
from admiralty.validator.diagnostics import Report
from admiralty.validator.incremental import Workspace
from admiralty.validator.pipeline import validate
from admiralty.validator.policy import apply_policy

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = Path("c/dreadnought/scenarios/otranto-1917.yaml")
AH = Path("c/dreadnought/ships/austria-hungary-1917.yaml")
MAP = Path("c/dreadnought/maps/adriatic.yaml")


@pytest.fixture
def corpus(tmp_path: Path) -> Iterator[Path]:
    shutil.copytree(ROOT / "scenarios", tmp_path / "c", ignore=shutil.ignore_patterns("*.py"))
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")  # where the documents' modelines point
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(before)


def rows(report: Report) -> list[tuple[str, int, int, str, str, str]]:
    return [(d.file, d.line, d.column, d.code, d.message, d.hint) for d in report.sorted()]


def same_as_validate(ws: Workspace) -> set[str]:
    """The workspace's findings, after the inline ``ignore[...]`` comments and the project file as ``--watch``
    and the language server apply them, are what a whole ``validate`` reports."""
    update = ws.refresh()
    assert rows(apply_policy(update.report, current_project())) == rows(validate(["c"]).report)
    return update.revalidated


def scenarios_naming(key: str, value: str) -> set[str]:
    """The corpus's dreadnought scenarios whose top-level ``key:`` names ``value`` (their map, or one of their
    catalogs): the scenarios an edit of that document must re-validate."""
    line = re.compile(rf"^{key}:.*\b{re.escape(value)}\b", re.MULTILINE)
    found = Path("c/dreadnought/scenarios").glob("*.yaml")
    return {str(p) for p in found if line.search(p.read_text(encoding="utf-8"))}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_each_edit_reports_what_validate_reports(corpus: Path) -> None:
    ws = Workspace(["c"])
    assert len(same_as_validate(ws)) == len(list(Path("c").rglob("*.yaml")))
    assert same_as_validate(ws) == set()  # nothing changed, nothing re-validated
    edit(OTRANTO, "ships: [Novara, Helgoland]", "ships: [Novarra, Helgoland]")
    assert same_as_validate(ws) == {str(OTRANTO)}
    assert [d.code for d in ws.diagnostics_of(str(OTRANTO))] == ["REF005"]
    edit(OTRANTO, "ships: [Novarra, Helgoland]", "ships: [Novara, Helgoland]")
    assert same_as_validate(ws) == {str(OTRANTO)}
    assert ws.diagnostics_of(str(OTRANTO)) == []


def test_a_catalog_edit_revalidates_the_scenarios_using_it(corpus: Path) -> None:
    ws = Workspace(["c"])
    ws.refresh()
    edit(AH, "{name: Novara, class", "{name: Novara2, class")
    again = same_as_validate(ws)
    users = scenarios_naming("catalogs", "austria-hungary-1917")
    assert users and again == {str(AH)} | users
    assert any(d.code == "REF005" for d in ws.report().diagnostics)


def test_map_edits_ids_duplicates_and_removed_files(corpus: Path) -> None:
    ws = Workspace(["c"])
    ws.refresh()
    edit(MAP, "id: adriatic", "id: adriatik")  # every Adriatic scenario loses its map
    users = scenarios_naming("map", "adriatic")
    assert users and users <= same_as_validate(ws)
    edit(MAP, "id: adriatik", "id: adriatic")
    same_as_validate(ws)
    copy = Path("c/dreadnought/ships/copy.yaml")
    shutil.copy(AH, copy)  # a second catalog with the same id: REF001
    assert str(copy) in same_as_validate(ws)
    assert any(d.code == "REF001" for d in ws.diagnostics_of(str(copy)))
    copy.unlink()
    same_as_validate(ws)
    edit(MAP, "kind: map", "kind: mapp")  # the map fails its schema: its scenarios are not built (REF010)
    same_as_validate(ws)
    edit(MAP, "kind: mapp", "kind: map")
    same_as_validate(ws)


def test_an_editors_text_stands_in_for_the_file(corpus: Path) -> None:
    ws = Workspace(["c"])
    ws.refresh()
    text = OTRANTO.read_text(encoding="utf-8")
    ws.set_overlay(OTRANTO, text.replace("ships: [Novara, Helgoland]", "ships: [Novara, Helgolant]"))
    assert ws.refresh().revalidated == {str(OTRANTO)}
    found = ws.diagnostics_of(str(OTRANTO))
    assert [(d.code, d.line) for d in found] == [("REF005", text[:text.index("Helgoland]")].count("\n") + 1)]
    assert "did you mean 'Helgoland'?" in found[0].hint
    ws.set_overlay(OTRANTO, None)
    assert ws.refresh().revalidated == {str(OTRANTO)}
    assert ws.diagnostics_of(str(OTRANTO)) == []


def test_the_bad_corpus_incrementally(tmp_path: Path) -> None:
    """Every file of tests/bad next to the mini map and catalogs, one at a time added to a workspace."""
    folder = tmp_path / "c"
    folder.mkdir()
    for name in ("map.yaml", "ah.yaml", "it.yaml"):
        shutil.copy(ROOT / "tests" / "fixtures" / "mini" / name, folder / name)
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        ws = Workspace(["c"])
        ws.refresh()
        chosen = sorted((ROOT / "tests" / "bad").glob("*.yaml"))[:20]
        chosen += [ROOT / "tests" / "bad" / name for name in ("confusable-ship-name.yaml", "mixed-script-name.yaml",
                                                              "order-across-land.yaml", "unknown-ship.yaml")]
        for bad in chosen:
            shutil.copy(bad, folder / bad.name)
            same_as_validate(ws)
            (folder / bad.name).unlink()
            same_as_validate(ws)
    finally:
        os.chdir(before)
