"""The authoring guide's worked example is real: its files validate, and its typo gives the diagnostic shown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from admiralty.scaffold.export import export_schemas
from admiralty.validator.pipeline import validate
from admiralty.validator.report import render

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "authoring.md"
FILES = ("maps/narrows.yaml", "ships/austria-hungary.yaml", "ships/italy.yaml", "scenarios/narrows-raid.yaml")


@pytest.fixture
def example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    blocks = re.findall(r"```yaml\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == len(FILES)
    for name, block in zip(FILES, blocks, strict=True):
        path = tmp_path / "my-scenarios" / "dreadnought" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(block, encoding="utf-8")
    # the guide's modelines name ../../../schemas/: the schemas beside my-scenarios/, where an author has them
    # (`admiralty schemas export`); without them SCH012 warns that the editor would check nothing
    export_schemas(tmp_path / "schemas")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def console(text: str) -> list[str]:
    """The outputs of the guide's ``console`` blocks (the lines after the ``$`` command)."""
    return [block.split("\n", 1)[1].strip() for block in re.findall(r"```console\n(.*?)```", text, re.S)]


def test_the_worked_example_validates_and_fails_as_shown(example: Path) -> None:
    clean, broken = console(GUIDE.read_text(encoding="utf-8"))
    result = validate(["my-scenarios/"])
    assert [s.id for s in result.scenarios] == ["narrows-raid"]
    assert render(result.report, "text").strip() == clean
    scenario = example / "my-scenarios" / "dreadnought" / "scenarios" / "narrows-raid.yaml"
    scenario.write_text(scenario.read_text().replace("start: westport", "start: westprot"))
    result = validate(["my-scenarios/"])
    assert render(result.report, "text").strip() == broken
