"""A git repository holding the working tree as it is on disk, for tools that install from a git repository
(pre-commit) or from a checkout (the composite action): they then test the files being edited,
not the last commit."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Commits in scratch repositories must not depend on the user's git configuration.
GIT_IDENTITY = ("-c", "user.name=admiralty tests", "-c", "user.email=tests@admiralty.invalid",
                "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main")


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *GIT_IDENTITY, *args], cwd=cwd, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"git {' '.join(args)} failed in {cwd}:\n{done.stdout}{done.stderr}"
    return done.stdout


def commit_all(repo: Path, message: str) -> str:
    """Initialise ``repo`` if needed, commit everything in it and return the commit id."""
    if not (repo / ".git").exists():
        git(repo, "init", "--quiet")
    git(repo, "add", "--all")
    git(repo, "commit", "--quiet", "--allow-empty", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


def working_tree_files(root: Path = ROOT) -> list[str]:
    """Tracked and new files, not ignored ones (no .venv, build/ or site/)."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=root, capture_output=True,
                            check=True).stdout.decode()
    return [name for name in listed.split("\0") if name and (root / name).is_file()]


def snapshot(dest: Path, root: Path = ROOT) -> Path:
    """Copy the working tree of ``root`` into ``dest`` and commit it there; ``dest`` is returned."""
    for name in working_tree_files(root):
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    commit_all(dest, "snapshot of the working tree under test")
    return dest
