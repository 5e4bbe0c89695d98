"""``admiralty diff`` draws map pictures only when a map changed and leaves no picture of an earlier run in its
output folder; a napoleonic scenario's changes are reported by meaning (one change for one removed unit)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.diff.conftest import edit, report_of

MAP = Path("dreadnought") / "maps" / "narrow-sea.yaml"
STARTER = Path("dreadnought") / "scenarios" / "first-sortie-1916.yaml"


def test_no_pictures_when_only_the_scenario_changed(starter_pair: Path) -> None:
    edit(starter_pair / "head" / STARTER, "ships: [Arethusa, Aurora, Warspite]", "ships: [Arethusa, Aurora]")
    report = report_of(starter_pair, "base", "head", "--no-play", "--no-png", "--out", "out")
    (scenario,) = report["scenarios"]
    assert scenario["status"] == "changed" and scenario["pictures"] == {}
    assert not list((starter_pair / "out").glob("*.svg"))


def test_a_second_run_clears_the_pictures_of_the_first(starter_pair: Path) -> None:
    edit(starter_pair / "head" / MAP, "at: [10, 15]", "at: [10, 5]")
    first = report_of(starter_pair, "base", "head", "--no-play", "--no-png", "--out", "out")
    drawn = sorted(p.name for p in (starter_pair / "out").glob("*.svg"))
    assert first["scenarios"][0]["pictures"] and drawn == sorted(first["scenarios"][0]["pictures"].values())
    mine = starter_pair / "out" / "notes.svg"  # a file admiralty did not write stays
    mine.write_text("<svg/>", encoding="utf-8")

    edit(starter_pair / "head" / MAP, "at: [10, 5]", "at: [10, 15]")  # the map as before: only the ships differ
    edit(starter_pair / "head" / STARTER, "ships: [Arethusa, Aurora, Warspite]", "ships: [Arethusa, Aurora]")
    second = report_of(starter_pair, "base", "head", "--no-play", "--no-png", "--out", "out")
    assert second["scenarios"][0]["pictures"] == {}
    assert sorted(p.name for p in (starter_pair / "out").glob("*.svg")) == ["notes.svg"]


@pytest.fixture
def napoleonic_pair(tmp_path: Path) -> Path:
    """``base/`` and ``head/``: the napoleonic starter corpus of ``admiralty init``, twice."""
    done = subprocess.run([sys.executable, "-m", "admiralty", "init", str(tmp_path / "init"), "--ruleset",
                           "napoleonic"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    for name in ("base", "head"):
        shutil.copytree(tmp_path / "init" / "scenarios" / "napoleonic", tmp_path / name / "napoleonic")
    return tmp_path


NAP_SCENARIO = Path("napoleonic") / "scenarios" / "village-fight-1813.yaml"
NAP_TABLE = Path("napoleonic") / "tables" / "village-field.yaml"


def _changes(folder: Path) -> list[tuple[str, str, str]]:
    report = report_of(folder, "base", "head", "--no-play", "--no-png", "--out", "out")
    (scenario,) = report["scenarios"]
    assert scenario["pictures"] == {}  # a table is not a sea map
    return [(c["group"], c["kind"], c["key"]) for c in scenario["changes"]]


def _remove_block(path: Path, start: str) -> None:
    """Remove the list entry of the YAML file that begins with ``start`` (up to the next entry or key)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.startswith(start))
    end = next(i for i in range(first + 1, len(lines)) if not lines[i].startswith("    "))
    path.write_text("".join(lines[:first] + lines[end:]), encoding="utf-8")


def test_a_removed_napoleonic_unit_is_one_change(napoleonic_pair: Path) -> None:
    _remove_block(napoleonic_pair / "head" / NAP_SCENARIO, "  - id: defenders-battalion")
    assert _changes(napoleonic_pair) == [("units", "removed", "defenders-battalion")]


def test_a_battery_and_a_terrain_change_read_by_meaning(napoleonic_pair: Path) -> None:
    edit(napoleonic_pair / "head" / NAP_SCENARIO, "howitzers: 2", "howitzers: 1")
    edit(napoleonic_pair / "head" / NAP_TABLE, "kind: rough", "kind: cover")
    changes = _changes(napoleonic_pair)
    assert changes == [("batteries", "changed", "attackers-battery"), ("terrain", "changed", "wood")]
    report = (napoleonic_pair / "out" / "diff.json").read_text(encoding="utf-8")
    assert "4 guns and 1 howitzer" in report and "class_" not in report
