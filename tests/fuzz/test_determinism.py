"""The same input validated in two processes with different ``PYTHONHASHSEED`` gives byte-identical output
in every format: nothing in the report depends on set or dict iteration over hashed strings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Every kind of finding at once: the clean corpus, the mini fixtures and every broken document.
INPUTS = ["scenarios", "tests/fixtures/mini", "tests/bad", "tests/fixtures/checks"]
SCRIPT = """
import io, json, sys
from contextlib import redirect_stdout
from admiralty.cli import main
outputs = {}
for fmt in ("text", "json", "github", "sarif"):
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        code = main(["validate", *sys.argv[1:], "--format", fmt])
    outputs[fmt] = [code, buffer.getvalue()]
print(json.dumps(outputs))
"""


def _run_all(hash_seeds: list[str]) -> list[dict[str, list[object]]]:
    procs = []
    for seed in hash_seeds:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        env.pop("GITHUB_ACTIONS", None)
        procs.append(subprocess.Popen([sys.executable, "-c", SCRIPT, *INPUTS], cwd=ROOT, env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        results.append(json.loads(out))
    return results


def test_reports_are_byte_identical_under_different_hash_seeds() -> None:
    first, second = _run_all(["1", "4242"])
    assert set(first) == {"text", "json", "github", "sarif"}
    for fmt in first:
        code, text = first[fmt]
        assert code == 1 and isinstance(text, str) and len(text) > 1000, fmt
        assert first[fmt] == second[fmt], f"{fmt} output differs between hash seeds"
    report = json.loads(str(first["json"][1]))
    assert len({d["code"] for d in report["diagnostics"]}) > 40  # the run covers most codes
