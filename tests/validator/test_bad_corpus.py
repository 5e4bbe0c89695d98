"""Every file in tests/bad makes one known mistake, reported with its code at the right place."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from admiralty.cli import main

BAD = Path(__file__).resolve().parent.parent / "bad"
MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"
CONTEXT = [str(MINI / name) for name in ("map.yaml", "ah.yaml", "it.yaml")]


def _expectations() -> list[tuple[str, str, int, int]]:
    rows = []
    for line in (BAD / "expected.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, code, row, column = line.split()
            rows.append((name, code, int(row), int(column)))
    return rows


def test_every_bad_file_has_an_expectation() -> None:
    listed = {row[0] for row in _expectations()}
    present = {p.name for p in BAD.glob("*.yaml")}
    assert listed == present
    assert len(present) >= 25


@pytest.mark.parametrize(("name", "code", "line", "column"), _expectations())
def test_bad_file_is_rejected_at_its_mistake(name: str, code: str, line: int, column: int) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        exit_code = main(["validate", *CONTEXT, str(BAD / name), "--format", "json"])
    assert exit_code == 1
    report = json.loads(out.getvalue())
    errors = [d for d in report["diagnostics"] if d["file"].endswith(name) and d["severity"] == "error"]
    assert [(d["code"], d["line"], d["column"]) for d in errors] == [(code, line, column)]
    assert errors[0]["hint"], "every diagnostic carries a hint"


def test_text_format_is_file_line_col_code() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        main(["validate", *CONTEXT, str(BAD / "unknown-ship.yaml"), "--format", "text"])
    text = out.getvalue()
    assert f"{os.path.relpath(BAD / 'unknown-ship.yaml')}:23:25: REF005 unknown ship 'Siada'" in text
    assert "hint: did you mean 'Saida'?" in text


# A child's ``ru_maxrss`` starts at its parent's resident size (Linux records the old memory's peak at
# exec, and a forked or vforked child's old memory is the parent's): measured straight from a test worker
# that has grown to 300 MB, every child "peaks" at 300 MB. So a small launcher starts the validator and
# reports that grandchild's peak, which starts from the launcher's few megabytes.
LAUNCHER = ("import json, os, sys\n"
            "pid = os.posix_spawn(sys.executable, [sys.executable, *sys.argv[1:]], os.environ,"
            " file_actions=[(os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])\n"
            "_, status, usage = os.wait4(pid, 0)\n"
            "sys.stderr.write(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_maxrss]))\n")


def _run_isolated(path: Path) -> tuple[int, str, int]:
    """Validate in a child process: exit code, stdout and that child's own peak memory in bytes."""
    proc = subprocess.run([sys.executable, "-c", LAUNCHER, "-m", "admiralty", "validate", str(path), "--format",
                           "json"], capture_output=True, text=True, check=True)
    code, peak_kb = json.loads(proc.stderr)
    return code, proc.stdout, peak_kb * 1024


def test_fifty_megabyte_file_is_one_diagnostic_within_memory_bound(tmp_path: Path) -> None:
    big = tmp_path / "huge.yaml"
    with big.open("w") as handle:
        line = "- " + "x" * 98 + "\n"
        handle.write("kind: map\nruleset: dreadnought\nsources:\n")
        for _ in range(50 * 1024 * 1024 // len(line)):
            handle.write(line)
    code, out, peak = _run_isolated(big)
    assert code == 1
    diagnostics = json.loads(out)["diagnostics"]
    assert [d["code"] for d in diagnostics] == ["YML007"]
    assert peak < 200 * 1024 * 1024


def test_billion_laughs_is_one_diagnostic_within_memory_bound() -> None:
    code, out, peak = _run_isolated(BAD / "billion-laughs.yaml")
    assert code == 1
    assert [d["code"] for d in json.loads(out)["diagnostics"]] == ["YML005"]
    assert peak < 200 * 1024 * 1024
