"""Microsoft's SARIF Multitool (the npm ``@microsoft/sarif-multitool-linux``) on admiralty's ``--format sarif``.

``sarif-multitool validate --rule-kind Ghas;Sarif`` runs the SARIF rules and the GitHub code-scanning rules
(GH1001..GH2012: help on every rule, file locations, regions). The output of ``admiralty validate`` on the
broken-input corpus ``tests/bad``, on the valid corpus ``scenarios/`` and on a file outside the working
directory whose name needs percent-encoding must come back with zero errors and zero warnings, read from
the Multitool's own SARIF log (``--output``): its exit code is 0 whatever it finds. A control log, our own
output with the two defects it used to have put back, must draw SARIF1004 and GH2012, so a Multitool that
silently checked nothing would fail here. Skipped, with the reason, when the binary is not installed
(``.ci/run`` installs it into ``.tools/``).
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from admiralty import home

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / ".tools" / "node_modules" / "@microsoft" / "sarif-multitool-linux"
MULTITOOL = PACKAGE / "Sarif.Multitool"  # a self-contained .NET executable; bin.js only spawns this file
RULE_KINDS = "Ghas;Sarif"  # GitHub Advanced Security (code scanning) rules plus the SARIF spec rules
TIMEOUT = 300.0  # seconds; a bound for a hung tool, not a measurement

pytestmark = pytest.mark.skipif(
    not MULTITOOL.is_file(),
    reason=f"the SARIF Multitool is not installed at {MULTITOOL} "
           "(npm install --prefix .tools @microsoft/sarif-multitool-linux)")


def _multitool() -> str:
    # npm does not always keep the execute bit (the package's postinstall chmod is skipped with --ignore-scripts)
    mode = MULTITOOL.stat().st_mode
    if not mode & stat.S_IXUSR:
        MULTITOOL.chmod(mode | stat.S_IXUSR)
    return str(MULTITOOL)


def _admiralty_sarif(*paths: str, cwd: Path, expect: int) -> dict[str, Any]:
    """The real CLI in a child process, so that paths are relative to ``cwd`` exactly as in CI."""
    done = subprocess.run([sys.executable, "-m", "admiralty", "validate", *paths, "--format", "sarif"],
                          cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert done.returncode == expect, done.stderr
    sarif: dict[str, Any] = json.loads(done.stdout)
    return sarif


def _validate(sarif: dict[str, Any], tmp_path: Path, name: str) -> Counter[tuple[str, str]]:
    """Run ``validate`` on the log; every (level, rule id) it reports, errors through notes."""
    log = tmp_path / f"{name}.sarif"
    log.write_text(json.dumps(sarif, indent=2, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / f"{name}.multitool.sarif"
    # .NET needs ICU for cultures unless told to run culture-invariant; slim CI images have no libicu
    env = {**os.environ, "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT": "1", "DOTNET_CLI_TELEMETRY_OPTOUT": "1"}
    done = subprocess.run([_multitool(), "validate", "--rule-kind", RULE_KINDS, "--level", "Error;Warning;Note",
                           "--output", str(out), str(log)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    verdict = json.loads(out.read_text(encoding="utf-8-sig"))
    found: Counter[tuple[str, str]] = Counter()
    for run in verdict["runs"]:
        for invocation in run.get("invocations", []):
            assert invocation.get("executionSuccessful") is True, invocation
            for note in invocation.get("toolExecutionNotifications", []):
                assert note.get("level") not in ("error", "warning"), note
        for result in run.get("results", []):
            found[(result.get("level", "warning"), result["ruleId"])] += 1  # SARIF's default level is warning
    return found


def _problems(found: Counter[tuple[str, str]]) -> dict[tuple[str, str], int]:
    """Errors and warnings, but SARIF2005 ("provide the tool's informationUri") while admiralty has no public
    home (``admiralty.home.REPOSITORY`` is ``None``): the log then names no address rather than one the project
    does not control (issue 36, item 4), and the Multitool asks for one. With a home, it must be clean too."""
    known = {("warning", "SARIF2005")} if home.REPOSITORY is None else set()
    return {key: n for key, n in found.items() if key[0] in ("error", "warning") and key not in known}


def test_bad_corpus_sarif_passes_the_multitool(tmp_path: Path) -> None:
    sarif = _admiralty_sarif("tests/bad", cwd=ROOT, expect=1)
    assert len(sarif["runs"][0]["results"]) >= 25
    assert _problems(_validate(sarif, tmp_path, "bad")) == {}


def test_valid_corpus_sarif_passes_the_multitool(tmp_path: Path) -> None:
    sarif = _admiralty_sarif("scenarios", cwd=ROOT, expect=0)
    assert sarif["runs"][0]["artifacts"]
    assert _problems(_validate(sarif, tmp_path, "scenarios")) == {}


def test_file_outside_the_working_directory_and_a_name_to_encode(tmp_path: Path) -> None:
    elsewhere = tmp_path / "else where"
    elsewhere.mkdir()
    shutil.copy(ROOT / "tests" / "bad" / "unknown-ship.yaml", elsewhere / "unknown ship#1.yaml")
    inside = tmp_path / "work"
    (inside / "sub dir").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "bad" / "unknown-ship.yaml", inside / "sub dir" / "unknown ship#2.yaml")
    sarif = _admiralty_sarif(str(elsewhere / "unknown ship#1.yaml"), "sub dir", cwd=inside, expect=1)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif["runs"][0]["results"]}
    assert uris == {(elsewhere / "unknown ship#1.yaml").as_uri(), "sub%20dir/unknown%20ship%232.yaml"}
    assert _problems(_validate(sarif, tmp_path, "outside")) == {}


def test_the_multitool_catches_the_old_defects(tmp_path: Path) -> None:
    """Control: the relative %SRCROOT% and a rule without help, as admiralty wrote them before."""
    sarif = _admiralty_sarif("tests/bad", cwd=ROOT, expect=1)
    run = sarif["runs"][0]
    run["originalUriBaseIds"] = {"%SRCROOT%": {"uri": "./"}}
    del run["tool"]["driver"]["rules"][0]["help"]
    problems = _problems(_validate(sarif, tmp_path, "control"))
    assert problems == {("error", "SARIF1004"): 1, ("error", "GH2012"): 1}


def test_related_locations_in_a_used_corpus_pass_the_multitool(tmp_path: Path) -> None:
    """A repository that ``uses:`` the bundled corpus, with a class its used catalog lacks: the result's
    relatedLocations name the used file (outside the working directory: an absolute file URI)."""
    from tests.test_uses import SHIPS, aland_repository

    repo = aland_repository(tmp_path)
    catalog = repo / SHIPS / "germany-aland-1915.yaml"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace("/augsburg", "/augsbur"), encoding="utf-8")
    sarif = _admiralty_sarif(cwd=repo, expect=1)
    related = [place for result in sarif["runs"][0]["results"] for place in result.get("relatedLocations", [])]
    assert related and all(place["physicalLocation"]["artifactLocation"]["uri"].startswith("file:///")
                           for place in related if "catalog 'germany-baltic-1915'" in place["message"]["text"])
    assert _problems(_validate(sarif, tmp_path, "uses")) == {}
