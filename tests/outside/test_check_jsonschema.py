"""The exported schemas work in a tool that is not admiralty: check-jsonschema (the PyPI package, as CI
systems run it) validates every kind of corpus document against ``admiralty schemas export``'s files with no
extra flag, its ``$ref``s resolving between the exported files, offline; and it rejects a broken one."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = shutil.which("check-jsonschema") or str(Path(sys.executable).with_name("check-jsonschema"))
KINDS = {  # schema below the export -> corpus documents of that kind
    "dreadnought/map.schema.json": "dreadnought/maps/*.yaml",
    "dreadnought/ships.schema.json": "dreadnought/ships/*.yaml",
    "dreadnought/scenario.schema.json": "dreadnought/scenarios/*.yaml",
    "renaissance/map.schema.json": "renaissance/maps/*.yaml",
    "renaissance/scenario.schema.json": "renaissance/scenarios/*.yaml",
    "napoleonic/table.schema.json": "napoleonic/tables/*.yaml",
    "napoleonic/scenario.schema.json": "napoleonic/scenarios/*.yaml",
}

pytestmark = pytest.mark.skipif(not Path(TOOL).exists(), reason="check-jsonschema is in the dev extra")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("export") / "schemas"
    done = subprocess.run([sys.executable, "-m", "admiralty", "schemas", "export", str(folder)], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return folder


def check(schema: Path, files: list[Path]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([TOOL, "--schemafile", str(schema), *map(str, files)], capture_output=True, text=True,
                          timeout=300, check=False)


@pytest.mark.parametrize("schema", sorted(KINDS))
def test_every_corpus_document_passes_check_jsonschema(exported: Path, schema: str) -> None:
    files = sorted((ROOT / "scenarios").glob(KINDS[schema]))
    assert files, KINDS[schema]
    done = check(exported / schema, files)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok -- validation done" in done.stdout


def test_a_broken_document_fails_check_jsonschema(exported: Path, tmp_path: Path) -> None:
    source = ROOT / "scenarios" / "dreadnought" / "scenarios" / "otranto-1917.yaml"
    broken = tmp_path / "otranto-1917.yaml"
    broken.write_text(source.read_text(encoding="utf-8").replace("orders:", "ordres:", 1), encoding="utf-8")
    done = check(exported / "dreadnought" / "scenario.schema.json", [broken])
    assert done.returncode == 1
    assert "ordres" in done.stdout + done.stderr
