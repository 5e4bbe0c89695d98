"""The ``admiralty-validate`` pre-commit hook as another scenario repository gets it.

``pre-commit try-repo`` installs the hook from a git repository (a commit of this working tree as it is on
disk) into a fresh hook environment of its own, exactly as ``rev:`` in a user's ``.pre-commit-config.yaml``
would, and runs it over a scratch git repository holding the dreadnought corpus. Installing that environment
needs PyPI (pre-commit's own virtualenv, admiralty's dependencies).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.outside.worktree import ROOT, commit_all, snapshot

pytest.importorskip("pre_commit", reason="pre-commit is in the dev extra: pip install -e '.[dev]'")

pytestmark = pytest.mark.slow  # three cold hook environments, about 20 s each

SCENARIO = Path("scenarios/dreadnought/scenarios/otranto-1917.yaml")


def try_repo(hook_repo: Path, corpus: Path, home: Path) -> subprocess.CompletedProcess[str]:
    # GITHUB_ACTIONS would switch the hook's output to workflow commands; a developer's shell has text.
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "PYTHONPATH", "VIRTUAL_ENV")}
    env["PRE_COMMIT_HOME"] = str(home)
    env["TMPDIR"] = str(home)  # try-repo keeps its clone and hook environment in a temporary folder
    env["PRE_COMMIT_COLOR"] = "never"
    return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), "admiralty-validate",
                           "--all-files", "--verbose"], cwd=corpus, env=env, text=True, capture_output=True,
                          timeout=900, check=False)


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return snapshot(tmp_path_factory.mktemp("hook-repo"))


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A scenario repository of its own: the dreadnought corpus and nothing of admiralty's."""
    repo = tmp_path / "scenario-repo"
    shutil.copytree(ROOT / "scenarios" / "dreadnought", repo / "scenarios" / "dreadnought",
                    ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    commit_all(repo, "a scenario corpus")
    return repo


def test_hook_passes_a_good_corpus(hook_repo: Path, corpus: Path, tmp_path: Path) -> None:
    done = try_repo(hook_repo, corpus, tmp_path / "pre-commit-home")
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "admiralty validate" in output and "Passed" in output
    documents = len(list((corpus / "scenarios").rglob("*.yaml")))
    assert "0 errors, " in output and f" in {documents} files" in output  # admiralty read the whole corpus


def test_hook_fails_on_an_unknown_ship_naming_file_and_line(hook_repo: Path, corpus: Path, tmp_path: Path) -> None:
    path = corpus / SCENARIO
    text = path.read_text(encoding="utf-8")
    at = text.index("ships: [Novara,") + len("ships: [")
    path.write_text(text[:at] + "Novarra" + text[at + len("Novara"):], encoding="utf-8")
    commit_all(corpus, "an unknown ship")
    line, col = text[:at].count("\n") + 1, at - text.rfind("\n", 0, at)

    done = try_repo(hook_repo, corpus, tmp_path / "pre-commit-home")
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "Failed" in output
    assert f"{SCENARIO.as_posix()}:{line}:{col}: REF005 unknown ship 'Novarra'" in output, output
    assert "Novarra" in output


def test_hook_environment_has_the_core_only(hook_repo: Path, corpus: Path, tmp_path: Path) -> None:
    """The hook's virtualenv gets admiralty's core dependencies, not the site extra (mkdocs)."""
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=hook_repo, capture_output=True, text=True,
                         check=True).stdout.strip()
    (corpus / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hook_repo}\n    rev: {rev}\n    hooks:\n      - id: admiralty-validate\n",
        encoding="utf-8")
    home = tmp_path / "pre-commit-home"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PRE_COMMIT_HOME"] = str(home)
    done = subprocess.run([sys.executable, "-m", "pre_commit", "install-hooks"], cwd=corpus, env=env, text=True,
                          capture_output=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    (python,) = home.glob("repo*/py_env-*/bin/python")
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze", "--disable-pip-version-check"],
                            capture_output=True, text=True, check=True).stdout
    installed = {line.split("==")[0].lower() for line in listed.splitlines() if "==" in line}
    from admiralty import __version__

    assert f"admiralty=={__version__}" in listed
    assert {"jsonschema", "networkx", "shapely", "pyyaml"} <= installed
    assert not {name for name in installed if name.startswith("mkdocs")}
