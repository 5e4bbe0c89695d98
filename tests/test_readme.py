"""The README's set-up for a newcomer (issue 36, item 9) says what the project really has: every extra it names
exists and every extra a user can install is named; the npm tools it lists are those `.ci/run` installs; the
venv and install lines are there as commands."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
QUICK_START = README[README.index("## Quick start"):README.index("### A compiled engine")]


def test_the_quick_start_has_a_venv_a_users_install_and_a_developers() -> None:
    assert "python3 -m venv .venv && source .venv/bin/activate" in QUICK_START
    assert "python -m pip install '.[site]'" in QUICK_START
    assert "python -m pip install -e '.[dev]'" in QUICK_START
    assert "python -m pytest -n 2" in QUICK_START and "12 minutes on a 2-core machine" in QUICK_START


def test_the_extras_named_are_the_extras_there_are() -> None:
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
                 ["optional-dependencies"])
    named = set(re.findall(r"\(`([a-z]+)`", QUICK_START)) | {"site"}
    assert named == extras - {"dev"}, named ^ (extras - {"dev"})


def test_the_npm_tools_are_those_ci_run_installs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    packages = re.search(r"npm install [^\n]*--prefix \.tools ([^\n\\]+)", ci)
    assert packages is not None
    for package in packages.group(1).split():
        assert package in QUICK_START, package
    assert "npm install --prefix .tools yaml-language-server@1 @microsoft/sarif-multitool-linux" in QUICK_START
