"""Issue 35: a number written in more than ``MAX_NUMBER_CHARACTERS`` characters is YML015 at its place, on both
loading paths and with or without the fast extra, in every command that reads documents (validate, smoke, build,
the language server's workspace); a zero-padded integer past Python's 4,300-digit limit raised ValueError in the
positioned loader (exit 2, no position) and was read as its small value by yaml-rs."""

from __future__ import annotations

import io
import shutil
import sys
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from admiralty.cli import main
from admiralty.validator.diagnostics import CODES
from admiralty.validator.incremental import Workspace
from admiralty.validator.load import load_text
from admiralty.validator.load.codes import MAX_NUMBER_CHARACTERS
from admiralty.validator.load.differential import load_paths_differ
from admiralty.validator.load.fast import native_loads

ROOT = Path(__file__).resolve().parents[2]
BAD_FILE = ROOT / "tests" / "bad" / "zero-padded-integer.yaml"
MINI = ROOT / "tests" / "fixtures" / "mini"


@pytest.fixture(params=["fast", "core"])
def install(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """With the fast extra, or as a core install: ``yaml_rs`` hidden from imports, the loader's probe cleared."""
    if request.param == "core":
        monkeypatch.setitem(sys.modules, "yaml_rs", None)
    native_loads.cache_clear()
    yield request.param
    native_loads.cache_clear()


LONG = MAX_NUMBER_CHARACTERS + 1
PAST_PYTHON = 4_301  # digits: past sys.get_int_max_str_digits() by default


@pytest.mark.parametrize("number", [
    "0" * PAST_PYTHON + "1", "-" + "0" * PAST_PYTHON + "1", "+" + "0" * PAST_PYTHON, "0x" + "0" * PAST_PYTHON + "f",
    "0o" + "0" * PAST_PYTHON + "7", "0" * PAST_PYTHON + "1.5", "1." + "0" * PAST_PYTHON, "0" * (LONG - 1) + "1",
    "0" * (LONG - 3) + "1e1",
], ids=["zero-padded", "negative", "signed-zero", "hex", "octal", "padded-float", "long-fraction", "one-past",
        "exponent-one-past"])
def test_a_number_past_the_bound_is_yml015_at_its_place(number: str, install: str) -> None:
    assert len(number) > MAX_NUMBER_CHARACTERS
    for text, column in ((f"a: {number}\n", 4), (f"a: [1, {number}]\n", 8), (f"a: !!int {number}\n", 4),
                         (f"{number}: x\n", 1)):
        if "!!int" in text and ("." in number or "e" in number):
            continue
        assert load_paths_differ(text.encode(), "t.yaml") is None
        result = load_text(text, "t.yaml")
        assert result.document is None
        [found] = result.diagnostics
        assert (found.code, found.line, found.column) == ("YML015", 1, column)
        assert found.hint and f"{len(number):,} characters" in found.message


AT_BOUND = ["0" * (MAX_NUMBER_CHARACTERS - 1) + "1", "0" * (MAX_NUMBER_CHARACTERS - 2) + ".5",
            "-" + "0" * (MAX_NUMBER_CHARACTERS - 2) + "7"]


@pytest.mark.parametrize("number", AT_BOUND, ids=["integer", "float", "negative"])
def test_a_number_at_the_bound_is_read(number: str, install: str) -> None:
    assert len(number) == MAX_NUMBER_CHARACTERS
    text = f"a: {number}\n"
    assert load_paths_differ(text.encode(), "t.yaml") is None
    doc = load_text(text, "t.yaml").document
    assert doc is not None and doc.data == {"a": float(number) if "." in number else int(number)}


def test_digits_in_quotes_are_text_of_any_length(install: str) -> None:
    text = f'a: "{"0" * PAST_PYTHON}"\n'
    doc = load_text(text, "t.yaml").document
    assert doc is not None and doc.data == {"a": "0" * PAST_PYTHON}


def test_the_code_is_registered_with_examples() -> None:
    info = CODES["YML015"]
    assert info.wrong and info.right and str(MAX_NUMBER_CHARACTERS) in info.explanation
    assert [d.code for d in load_text(info.wrong + "\n", "t.yaml").diagnostics] == ["YML015"]
    assert load_text(info.right + "\n", "t.yaml").diagnostics == []


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The mini corpus with the zero-padded scenario beside it, as the working directory."""
    folder = tmp_path / "c"
    shutil.copytree(MINI, folder)
    shutil.copy(BAD_FILE, folder)
    monkeypatch.chdir(tmp_path)
    return folder


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


@pytest.mark.parametrize("command", [["validate"], ["smoke", "--games", "1", "--jobs", "1"],
                                     ["build", "--games", "1", "--jobs", "1"]])
def test_validate_smoke_and_build_report_it_and_exit_1(corpus: Path, install: str, command: list[str]) -> None:
    code, out = _run(command[0], "c", *command[1:])
    assert code == 1
    assert "c/zero-padded-integer.yaml:13:10: YML015" in out


def test_the_language_servers_workspace_reports_it(corpus: Path, install: str) -> None:
    workspace = Workspace(["c"])
    workspace.refresh()
    found = [(d.code, d.line, d.column) for d in workspace.diagnostics_of("c/zero-padded-integer.yaml")]
    assert ("YML015", 13, 10) in found
