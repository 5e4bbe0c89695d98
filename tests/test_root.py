"""Root discovery (issue 36, item 3): every command finds the project from any subfolder of a repository made
by ``admiralty init`` and gives the answer it gives at the top; one file named three ways is one file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from admiralty.project import find_root
from tests.outside.worktree import commit_all

SCENARIO = "first-sortie-1916"
SUBFOLDERS = ["", "scenarios", "scenarios/dreadnought", "scenarios/dreadnought/scenarios", "schemas/dreadnought"]


def admiralty(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    return subprocess.run([sys.executable, "-m", "admiralty", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=600, check=False)


@pytest.fixture(params=["folder", "git"])
def repo(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """An ``admiralty init`` repository, as it is written (found by its ``scenarios/``) and committed to git."""
    made = admiralty(tmp_path, "init", "fleet-book")
    assert made.returncode == 0, made.stderr
    root = tmp_path / "fleet-book"
    if request.param == "git":
        commit_all(root, "the starter corpus")
    return root


def findings(done: subprocess.CompletedProcess[str], cwd: Path) -> tuple[int, list[tuple[str, int, str]], int]:
    """Exit code, findings (file resolved, line, code) and files counted of a ``validate --format json`` run."""
    report = json.loads(done.stdout)
    found = sorted((str((cwd / d["file"]).resolve()), d["line"], d["code"]) for d in report["diagnostics"])
    return done.returncode, found, len(report["files"])


def test_the_root_is_found_from_every_subfolder(repo: Path) -> None:
    for sub in SUBFOLDERS:
        assert find_root(repo / sub) == repo.resolve(), sub


def test_each_command_gives_the_same_answer_from_a_subfolder_as_from_the_root(repo: Path) -> None:
    at_root = admiralty(repo, "validate", "--format", "json", "--strict")
    expected = findings(at_root, repo)
    assert expected[0] == 0 and expected[2] == 4, at_root.stdout + at_root.stderr  # map, 2 catalogs, scenario
    played = admiralty(repo, "play", SCENARIO, "--seed", "3", "--quiet")
    assert played.returncode == 0, played.stderr
    for sub in SUBFOLDERS[1:]:
        cwd = repo / sub
        done = admiralty(cwd, "validate", "--format", "json", "--strict")
        assert findings(done, cwd) == expected, (sub, done.stdout, done.stderr)
        again = admiralty(cwd, "play", SCENARIO, "--seed", "3", "--quiet")
        assert (again.returncode, again.stdout) == (0, played.stdout), (sub, again.stderr)
        exported = admiralty(cwd, "schemas", "export")
        assert exported.returncode == 0 and not (cwd / "schemas").exists(), (sub, exported.stderr)

    # smoke, play's replay and replay write and read the root's files, from the rule system's scenario folder
    deep = repo / "scenarios/dreadnought/scenarios"
    smoked = admiralty(deep, "smoke", "--games", "2", "--jobs", "1")
    assert smoked.returncode == 0, smoked.stdout + smoked.stderr
    assert (repo / "build/smoke" / f"{SCENARIO}.json").is_file() and not (deep / "build").exists()
    recorded = admiralty(deep, "play", SCENARIO, "--seed", "3", "--quiet", "--replay-out", "game.jsonl")
    assert recorded.returncode == 0 and (deep / "game.jsonl").is_file(), recorded.stderr
    replayed = admiralty(repo / "schemas", "replay", str(deep / "game.jsonl"))
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    (deep / "game.jsonl").unlink()

    # new writes beside the corpus's scenarios and points its modeline at the root's schemas
    new = admiralty(repo / "schemas", "new", "scenario", "dogger-bank-1915")
    assert new.returncode == 0, new.stdout + new.stderr
    assert (deep / "dogger-bank-1915.yaml").is_file() and not list((repo / "schemas").rglob("*.yaml"))
    assert admiralty(deep, "validate", "--strict").returncode == 0


def test_validate_dot_in_a_scenario_folder_is_validate_of_that_folder_from_the_root(repo: Path) -> None:
    """The scenarios of the folder, their maps and catalogs from the folders beside it as context: no false
    "unknown map" (it used to report one per reference)."""
    deep = repo / "scenarios/dreadnought/scenarios"
    here = admiralty(deep, "validate", ".", "--format", "json")
    there = admiralty(repo, "validate", "scenarios/dreadnought/scenarios", "--format", "json")
    assert findings(here, deep) == findings(there, repo) == (0, [], 1), here.stdout


def test_one_file_named_three_ways_is_one_file(repo: Path) -> None:
    deep = repo / "scenarios/dreadnought/scenarios"
    file = deep / f"{SCENARIO}.yaml"
    names = [str(file), f"../scenarios/{file.name}", file.name]
    done = admiralty(deep, "validate", *names, "..", "--format", "json")
    code, found, files = findings(done, deep)
    assert (code, found) == (0, []), done.stdout
    assert files == 4  # the map, two catalogs and the scenario, each once
    played = admiralty(deep, "play", f"../../dreadnought/scenarios/{file.name}", "--corpus", "../..", "--quiet")
    assert played.returncode == 0 and "REF001" not in played.stdout + played.stderr, played.stdout + played.stderr
    absolute = admiralty(deep, "play", str(file), "--corpus", str(repo / "scenarios"), "--quiet")
    assert absolute.returncode == 0 and absolute.stdout == played.stdout, absolute.stderr


def test_a_path_typed_is_the_working_directorys_even_where_the_default_would_be_the_roots(repo: Path) -> None:
    """`validate scenarios` typed in a rule system's folder means its own scenarios/ folder, not the root's."""
    folder = repo / "scenarios/dreadnought"
    done = admiralty(folder, "validate", "scenarios", "--format", "json")
    assert findings(done, folder)[2] == 1, done.stdout
