"""The from-geojson guide's worked example is real: run as written from an empty folder with only the
exported schemas, it fails naming the Greek port on Imbros, and with Imbros given to Greece it builds the map
the guide shows, which validates."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from admiralty.scaffold.export import export_schemas

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "map-from-geojson.md"


def run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "admiralty", *args], cwd=folder, capture_output=True, text=True,
                          timeout=300, check=False)


def test_the_worked_example_runs_as_the_guide_shows(tmp_path: Path) -> None:
    text = GUIDE.read_text(encoding="utf-8")
    spec, assignment = re.findall(r"```yaml\n(.*?)```", text, re.S)
    (land,) = re.findall(r"```json\n(.*?)```", text, re.S)
    refused, built = (block.split("\n", 1)[1].strip() for block in re.findall(r"```console\n(.*?)```", text, re.S))
    export_schemas(tmp_path / "schemas")
    (tmp_path / "land.geojson").write_text(land, encoding="utf-8")
    (tmp_path / "aegean.spec.yaml").write_text(spec, encoding="utf-8")
    command = ("map", "from-geojson", "land.geojson", "--spec", "aegean.spec.yaml", "-o", "straits.yaml")

    first = run(tmp_path, *command)
    assert first.returncode == 1 and first.stderr.strip() == refused

    lines = spec.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("nation_names:")) + 1
    (tmp_path / "aegean.spec.yaml").write_text("".join(lines[:at]) + assignment + "".join(lines[at:]),
                                               encoding="utf-8")
    second = run(tmp_path, *command)
    assert second.returncode == 0 and second.stderr.strip() == built
    checked = run(tmp_path, "validate", "straits.yaml")
    assert checked.returncode == 0 and checked.stdout.strip() == "0 errors, 0 warnings in 1 file"
