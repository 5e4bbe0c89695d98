"""Options and paths in any order (issue 36, item 5): pre-commit appends the changed files after a hook's
``args:``, so ``args: [scenarios/, --strict]`` arrives as ``validate scenarios/ --strict FILE...``. The real
pre-commit run is in tests/outside/test_precommit.py; these run the command line as a user types it."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.cli.test_exit_codes import ROOT, run

CORPUS = Path("scenarios/dreadnought")


def test_paths_after_an_option_are_read_as_paths_too() -> None:
    done = run("validate", str(CORPUS / "maps"), "--strict", str(CORPUS / "scenarios/otranto-1917.yaml"),
               str(CORPUS / "ships/italy-1917.yaml"), "--format", "text", str(CORPUS / "ships/britain-1917.yaml"))
    assert done.returncode == 0, done.stdout + done.stderr
    maps = len(list((ROOT / CORPUS / "maps").glob("*.yaml")))
    assert done.stdout.strip().endswith(f"0 errors, 0 warnings in {maps + 3} files"), done.stdout


def test_an_option_between_paths_still_takes_effect(tmp_path: Path) -> None:
    corpus = tmp_path / CORPUS
    shutil.copytree(ROOT / CORPUS, corpus, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    unmarked = corpus / "scenarios/otranto-1917.yaml"
    unmarked.write_text(unmarked.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")  # no modeline
    loose = run("validate", str(corpus / "maps"), str(unmarked))
    assert loose.returncode == 0 and "0 errors, 1 warning" in loose.stdout, loose.stdout + loose.stderr
    strict = run("validate", str(corpus / "maps"), "--strict", str(unmarked))
    assert strict.returncode == 1 and "0 errors, 1 warning" in strict.stdout, strict.stdout + strict.stderr


def test_usage_errors_top_level_options_and_pass_through_commands_are_unchanged() -> None:
    done = run("validate", "scenarios", "--format")
    assert done.returncode == 2 and "argument --format: expected one argument" in done.stderr, done.stderr
    assert run("validate", "--bogus", "scenarios").returncode == 2
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("admiralty "), version.stdout
    assert run("play", "otranto-1917", "--quiet", "--seed", "3").returncode == 0
    mapped = run("map", "from-geojson", "--help")  # REMAINDER: its own parser reads every argument
    assert mapped.returncode == 0 and "usage:" in mapped.stdout, mapped.stdout + mapped.stderr
