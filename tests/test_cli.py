"""The command line: help with examples everywhere, `new scenario` writes a skeleton that validates."""

from __future__ import annotations

import io
import shutil
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from admiralty.cli import build_parser, main

MINI = Path(__file__).resolve().parent / "fixtures" / "mini"


def test_every_command_explains_itself_with_an_example() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert set(sub.choices) >= {"validate", "build", "new"}  # type: ignore[arg-type]
    for name, command in sub.choices.items():  # type: ignore[union-attr]
        text = command.format_help()
        assert "example:" in text and f"admiralty {name}" in text, name


def test_new_scenario_writes_a_valid_skeleton(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(MINI, corpus)
    (corpus / "scenario.yaml").unlink()
    for copied in corpus.glob("*.yaml"):  # modelines relative to MINI, so that they still resolve (SCH012)
        copied.write_text(copied.read_text().replace("$schema=", f"$schema={MINI.as_posix()}/", 1))
    assert main(["schemas", "export", str(corpus / "schemas")]) == 0
    assert main(["new", "scenario", "test-raid", "--corpus", str(corpus)]) == 0
    written = corpus / "test-raid.yaml"
    assert written.read_text().startswith("# yaml-language-server: $schema=schemas/dreadnought/scenario.schema.json\n")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["validate", str(corpus), "--strict"]) == 0, out.getvalue()
    assert main(["new", "scenario", "test-raid", "--corpus", str(corpus)]) == 2  # never overwrites: a usage error


@pytest.mark.parametrize("bad_id", ["Test Raid", "test_raid", ""])
def test_new_scenario_refuses_bad_ids(tmp_path: Path, bad_id: str) -> None:
    assert main(["new", "scenario", bad_id, "--corpus", str(MINI)]) == 2
