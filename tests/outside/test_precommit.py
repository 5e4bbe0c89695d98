"""The ``admiralty-validate`` pre-commit hook as another scenario repository gets it.

A scratch git repository holding the dreadnought corpus names the hook in its ``.pre-commit-config.yaml`` (``repo:``
a commit of this working tree as it is on disk, ``rev:`` that commit), exactly as a user's does. ``pre-commit
install-hooks`` builds the hook's environment once, from PyPI (pre-commit's own virtualenv, admiralty's
dependencies); ``pre-commit run --all-files`` then runs the hook over the corpus as it is and after a mistake is
committed, and with the hook's ``args:`` as users write them (the README's snippet, ``[--strict]``, ``[scenarios/,
--strict]``: pre-commit appends the file names after them). One test does all of it in order, so that the
environment is built once: three tests built three (about 20 s each), since they may run in different pytest-xdist
workers.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.outside.worktree import ROOT, commit_all, git, snapshot

pytest.importorskip("pre_commit", reason="pre-commit is in the dev extra: pip install -e '.[dev]'")

pytestmark = pytest.mark.slow  # a cold hook environment, about 20 s

SCENARIO = Path("scenarios/dreadnought/scenarios/otranto-1917.yaml")


def pre_commit(corpus: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # GITHUB_ACTIONS would switch the hook's output to workflow commands; a developer's shell has text.
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "PYTHONPATH", "VIRTUAL_ENV")}
    env["PRE_COMMIT_HOME"] = str(home)
    env["PRE_COMMIT_COLOR"] = "never"
    return subprocess.run([sys.executable, "-m", "pre_commit", *args], cwd=corpus, env=env, text=True,
                          capture_output=True, timeout=900, check=False)


README = ROOT / "README.md"


def readme_hook_config() -> str:
    """The README's ``.pre-commit-config.yaml``, exactly as written: the YAML block after "As a pre-commit hook"."""
    text = README.read_text(encoding="utf-8")
    after = text[text.index("As a pre-commit hook"):]
    block = after[after.index("```yaml\n") + len("```yaml\n"):]
    return block[:block.index("```")]


def pinned_here(config: str, hook_repo: Path, rev: str) -> str:
    """A configuration that names admiralty's repository pointed at the commit under test instead."""
    lines = []
    for line in config.splitlines(keepends=True):
        key = line.strip().removeprefix("- ").split(":", 1)[0]
        if key in ("repo", "rev"):
            line = line[:line.index(key)] + f"{key}: {hook_repo if key == 'repo' else rev}\n"
        lines.append(line)
    return "".join(lines)


def with_args(config: str, args: str) -> str:
    """``config`` with the hook's ``args:`` line replaced by ``args: ARGS`` (or added)."""
    kept = [line for line in config.splitlines(keepends=True) if not line.strip().startswith("args:")]
    at = next(i for i, line in enumerate(kept) if "id: admiralty-validate" in line)
    indent = " " * (len(kept[at]) - len(kept[at].lstrip()) + len("- "))
    return "".join([*kept[:at + 1], f"{indent}args: {args}\n", *kept[at + 1:]])


@pytest.fixture
def hook(tmp_path: Path) -> tuple[Path, str]:
    """A commit of this working tree as it is on disk, for ``repo:`` and ``rev:``."""
    hook_repo = snapshot(tmp_path / "hook-repo")
    return hook_repo, git(hook_repo, "rev-parse", "HEAD").strip()


@pytest.fixture
def corpus(tmp_path: Path, hook: tuple[Path, str]) -> Path:
    """A scenario repository of its own: the dreadnought corpus and its exported schemas, nothing else of
    admiralty's, with a pre-commit configuration naming the hook at a commit of this working tree."""
    hook_repo, rev = hook
    repo = tmp_path / "scenario-repo"
    shutil.copytree(ROOT / "scenarios" / "dreadnought", repo / "scenarios" / "dreadnought",
                    ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    shutil.copytree(ROOT / "schemas", repo / "schemas")  # as `admiralty init` exports them: modelines resolve
    # other tools' YAML that pre-commit names too: MkDocs' !ENV tag, a list at the top
    (repo / "mkdocs.yml").write_text("site_name: fleet\nextra:\n  home: !ENV [HOME, x]\n", encoding="utf-8")
    (repo / "notes.yaml").write_text("- a list\n- of notes\n", encoding="utf-8")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hook_repo}\n    rev: {rev}\n    hooks:\n      - id: admiralty-validate\n",
        encoding="utf-8")
    commit_all(repo, "a scenario corpus")
    return repo


def test_the_hook_has_the_core_only_passes_a_good_corpus_and_names_a_mistakes_file_and_line(
        corpus: Path, tmp_path: Path, hook: tuple[Path, str]) -> None:
    home = tmp_path / "pre-commit-home"
    # The hook's virtualenv gets admiralty's core dependencies, not the site extra (mkdocs).
    done = pre_commit(corpus, home, "install-hooks")
    assert done.returncode == 0, done.stdout + done.stderr
    (python,) = home.glob("repo*/py_env-*/bin/python")
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze", "--disable-pip-version-check"],
                            capture_output=True, text=True, check=True).stdout
    installed = {line.split("==")[0].lower() for line in listed.splitlines() if "==" in line}
    from admiralty import __version__

    assert f"admiralty=={__version__}" in listed
    assert {"jsonschema", "networkx", "shapely", "pyyaml"} <= installed
    assert not {name for name in installed if name.startswith("mkdocs")}

    # A good corpus passes, and admiralty read all of it; the repository's own pre-commit configuration, its
    # mkdocs.yml (an !ENV tag) and a list, YAML files too, are passed to the hook and skipped as no admiralty
    # documents.
    done = pre_commit(corpus, home, "run", "--all-files", "--verbose")
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "admiralty validate" in output and "Passed" in output
    documents = len(list((corpus / "scenarios").rglob("*.yaml")))
    assert "0 errors, " in output and f" in {documents + 3} files" in output, output
    assert ".pre-commit-config.yaml:1:1: IO003 [info] skipped: pre-commit's configuration" in output, output
    assert "mkdocs.yml:1:1: IO003 [info] skipped: MkDocs' configuration" in output, output
    assert "notes.yaml:1:1: IO003 [info] skipped: no `kind:`" in output, output

    # An unknown ship fails the hook, which names the file, line and column.
    path = corpus / SCENARIO
    text = path.read_text(encoding="utf-8")
    at = text.index("ships: [Novara,") + len("ships: [")
    path.write_text(text[:at] + "Novarra" + text[at + len("Novara"):], encoding="utf-8")
    commit_all(corpus, "an unknown ship")
    line, col = text[:at].count("\n") + 1, at - text.rfind("\n", 0, at)
    done = pre_commit(corpus, home, "run", "--all-files", "--verbose")
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "Failed" in output
    assert f"{SCENARIO.as_posix()}:{line}:{col}: REF005 unknown ship 'Novarra'" in output, output

    # The same hook as users write it (one environment: pre-commit keys it by repository and rev, not by args).
    # pre-commit appends the file names after `args:`, so a flag may come between paths.
    path.write_text(text, encoding="utf-8")
    readme = pinned_here(readme_hook_config(), *hook)
    configs = {"README": readme, "--strict": with_args(readme, "[--strict]"),
               "scenarios/ --strict": with_args(readme, "[scenarios/, --strict]")}
    for name, config in configs.items():
        (corpus / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
        commit_all(corpus, f"the hook with {name}")
        done = pre_commit(corpus, home, "run", "--all-files", "--verbose")
        assert done.returncode == 0, f"{name}:\n{config}\n{done.stdout}{done.stderr}"
        assert "0 errors, 0 warnings" in done.stdout, f"{name}: {done.stdout}"

    # A warning (the schema modeline gone) fails only where --strict is among the args, which therefore arrived.
    path.write_text(text.split("\n", 1)[1], encoding="utf-8")
    for name, config in configs.items():
        (corpus / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
        commit_all(corpus, f"no modeline, the hook with {name}")
        done = pre_commit(corpus, home, "run", "--all-files", "--verbose")
        assert done.returncode == (0 if name == "README" else 1), f"{name}:\n{done.stdout}{done.stderr}"
        assert f"{SCENARIO.as_posix()}:1:1: SCH012" in done.stdout, f"{name}: {done.stdout}"
        assert "0 errors, 1 warning" in done.stdout, f"{name}: {done.stdout}"

    # An error fails all of them, at its line.
    path.write_text(text[:at] + "Novarra" + text[at + len("Novara"):], encoding="utf-8")
    for name, config in configs.items():
        (corpus / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
        commit_all(corpus, f"an unknown ship, the hook with {name}")
        done = pre_commit(corpus, home, "run", "--all-files", "--verbose")
        assert done.returncode == 1, f"{name}:\n{done.stdout}{done.stderr}"
        assert f"{SCENARIO.as_posix()}:{line}:{col}: REF005 unknown ship 'Novarra'" in done.stdout, done.stdout
