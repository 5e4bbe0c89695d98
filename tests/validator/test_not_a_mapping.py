"""Issue 19 (2): a YAML file in a corpus folder whose root is not a mapping is an error (IO004), not a skip."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def _validate(*paths: str, cwd: Path) -> tuple[int, list[dict[str, object]]]:
    proc = subprocess.run([sys.executable, "-m", "admiralty", "validate", *paths, "--format", "json"], cwd=cwd,
                          capture_output=True, text=True, check=False)
    assert "Traceback" not in proc.stderr
    return proc.returncode, json.loads(proc.stdout)["diagnostics"]


@pytest.mark.parametrize(("text", "what"), [("false\n", "a boolean"), ("- a\n- b\n", "a list"),
                                            ("just words\n", "a text"), ("42\n", "a number")])
def test_a_root_that_is_not_a_mapping_under_a_corpus_folder_is_an_error(tmp_path: Path, text: str,
                                                                        what: str) -> None:
    folder = tmp_path / "scenarios" / "dreadnought" / "ships"
    folder.mkdir(parents=True)
    (folder / "odd.yaml").write_text(text, encoding="utf-8")
    code, diagnostics = _validate("scenarios", cwd=tmp_path)
    assert code == 1
    found = [d for d in diagnostics if d["code"] == "IO004"]
    assert len(found) == 1 and found[0]["severity"] == "error"
    assert found[0]["message"] == f"the document is {what}, not a mapping"
    assert (found[0]["line"], found[0]["column"]) == (1, 1)
    assert "`kind:`" in str(found[0]["hint"]) and "mapping" in str(found[0]["hint"])


def test_outside_a_corpus_folder_it_is_still_only_mentioned(tmp_path: Path) -> None:
    folder = tmp_path / "tools"
    folder.mkdir()
    (folder / "list.yaml").write_text("- a\n- b\n", encoding="utf-8")
    code, diagnostics = _validate("tools", cwd=tmp_path)
    assert code == 0
    assert [d["code"] for d in diagnostics] == ["IO003"]


def test_a_file_named_on_the_command_line_must_be_a_document(tmp_path: Path) -> None:
    (tmp_path / "list.yaml").write_text("- a\n", encoding="utf-8")
    code, diagnostics = _validate("list.yaml", cwd=tmp_path)
    assert code == 1 and [d["code"] for d in diagnostics] == ["IO004"]
