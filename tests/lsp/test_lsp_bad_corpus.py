"""One differential test over the whole bad corpus: every diagnostic (code, line, column) that ``admiralty validate``
reports for tests/bad (next to the mini map and catalogs) comes out of ``admiralty lsp`` for the same file at the
same place, and nothing else does; opening each file in the editor changes nothing."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

from pygls.uris import to_fs_path

from tests.lsp.client import TIMEOUT, Editor

ROOT = Path(__file__).resolve().parents[2]
PATHS = ["tests/fixtures/mini/map.yaml", "tests/fixtures/mini/ah.yaml", "tests/fixtures/mini/it.yaml", "tests/bad"]

Found = dict[str, list[tuple[str, int, int]]]


def from_validate() -> Found:
    proc = subprocess.run([sys.executable, "-m", "admiralty", "validate", *PATHS, "--format", "json"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 1, proc.stderr
    found: Found = {}
    for d in json.loads(proc.stdout)["diagnostics"]:
        found.setdefault(str((ROOT / d["file"]).resolve()), []).append((d["code"], d["line"], d["column"]))
    return found


def from_server() -> Found:
    async def session() -> Found:
        editor = Editor(ROOT)
        await editor.start(*PATHS)
        try:
            await editor.quiet(3.0)
            for bad in sorted((ROOT / "tests" / "bad").glob("*.yaml")):
                try:
                    bad.read_text(encoding="utf-8")
                except UnicodeDecodeError:
                    continue  # an editor cannot hold these bytes as text; the server reads them from disk
                editor.open(bad.relative_to(ROOT))
            await editor.quiet(3.0)
            return {str(Path(to_fs_path(uri) or uri).resolve()): sorted(
                (str(d.code), d.range.start.line + 1, d.range.start.character + 1) for d in found)
                for uri, found in editor.published.items() if found}
        finally:
            await editor.stop()

    return asyncio.run(asyncio.wait_for(session(), TIMEOUT * 3))


def test_every_bad_corpus_diagnostic_comes_out_of_the_server_as_out_of_validate() -> None:
    expected = {file: sorted(rows) for file, rows in from_validate().items()}
    served = from_server()
    assert served == expected
    bad = {str(p.resolve()) for p in (ROOT / "tests" / "bad").glob("*.yaml")}
    assert bad <= set(served)  # every bad file has its finding in the editor
