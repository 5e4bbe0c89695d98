"""What ``admiralty init`` pins (issue 36, item 4): exactly the admiralty the user installed, never a guess.

pip records how a distribution was installed in its ``direct_url.json`` (PEP 610): from a local wheel or sdist
(``archive_info``), from a version control URL at a commit (``vcs_info``), from a local folder (``dir_info``,
editable or not); without the file it came from a package index. The pin is then what pip would install again:
``admiralty @ file:///.../admiralty-0.1.0-py3-none-any.whl``, ``admiralty @ git+https://...@<commit>``,
``admiralty @ file:///path/to/checkout`` or ``admiralty==0.1.0``.

The pre-commit hook follows it: a git repository at a commit carries the hook (``.pre-commit-hooks.yaml``), so it is
named with ``repo:`` and ``rev:`` the commit; anything else gets a ``repo: local`` hook running the installed
``admiralty``, since admiralty has no public repository with release tags yet (``admiralty.home``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, distribution

from admiralty import __version__

NAME = "admiralty"


@dataclass(frozen=True)
class Pin:
    """How admiralty was installed, as a requirement pip can install again."""

    requirement: str
    source: str  # index, vcs, archive, folder
    repository: str = ""  # vcs: the repository's URL (without the git+ prefix)
    commit: str = ""  # vcs: the commit installed

    @property
    def portable(self) -> bool:
        """Whether another machine (a CI runner) can install it: not a file on this one."""
        return self.source in ("index", "vcs")


def pin_of(direct_url: Mapping[str, object] | None, version: str = __version__) -> Pin:
    """The pin for a ``direct_url.json`` (``None``: installed from an index)."""
    if not direct_url or not isinstance(direct_url.get("url"), str):
        return Pin(f"{NAME}=={version}", "index")
    url = str(direct_url["url"])
    vcs = direct_url.get("vcs_info")
    if isinstance(vcs, dict) and vcs.get("commit_id"):
        kind = str(vcs.get("vcs", "git"))
        sub = direct_url.get("subdirectory")
        tail = f"#subdirectory={sub}" if sub else ""
        return Pin(f"{NAME} @ {kind}+{url}@{vcs['commit_id']}{tail}", "vcs", url if kind == "git" else "",
                   str(vcs["commit_id"]))
    if isinstance(direct_url.get("dir_info"), dict):
        return Pin(f"{NAME} @ {url}", "folder")
    return Pin(f"{NAME} @ {url}", "archive")


def installed_pin() -> Pin:
    """The pin of the admiralty running now."""
    try:
        text = distribution(NAME).read_text("direct_url.json")
    except PackageNotFoundError:  # run from a source tree that is not installed
        text = None
    try:
        data = json.loads(text) if text else None
    except json.JSONDecodeError:
        data = None
    return pin_of(data if isinstance(data, dict) else None)


def pre_commit_config(pin: Pin) -> str:
    """The ``.pre-commit-config.yaml``: the hook from its git repository at the commit installed, else a local hook
    running the installed admiralty."""
    if pin.source == "vcs" and pin.repository:
        return f"""\
# Checks the scenarios on every commit: `pip install pre-commit && pre-commit install`.
# The hook of the admiralty installed here: its repository at the commit installed.
repos:
  - repo: {pin.repository}
    rev: {pin.commit}
    hooks:
      - id: admiralty-validate
        args: [scenarios/]      # the corpus that references resolve against
        files: ^scenarios/
"""
    return f"""\
# Checks the scenarios on every commit: `pip install pre-commit && pre-commit install`.
# A local hook: it runs the admiralty installed in the environment you commit from ({pin.requirement}).
# Once admiralty is published with release tags, pin its hook instead (its README: "As a pre-commit hook").
repos:
  - repo: local
    hooks:
      - id: admiralty-validate
        name: admiralty validate
        entry: admiralty validate --skip-non-documents
        language: system
        args: [scenarios/]      # the corpus that references resolve against
        files: ^scenarios/.*\\.ya?ml$
        require_serial: true
"""


def workflow(pin: Pin) -> str:
    """The GitHub workflow: installs the pinned admiralty into a virtual environment, validates with annotations,
    smokes. A pin CI cannot install (a file on this machine) is said in the file, for the author to replace."""
    note = "" if pin.portable else (
        f"# admiralty was installed here from {(pin.source == 'folder' and 'a folder') or 'a file'} on this machine, "
        "which CI cannot reach:\n# replace the requirement below with a git URL at a commit or a published "
        "version.\n")
    return f"""\
# Validates the scenarios with annotations on the pull request's diff, then plays them as smoke games.
{note}name: scenarios
on:
  pull_request:
  push:
    branches: [main]
permissions:
  contents: read
env:
  ADMIRALTY: {json.dumps(pin.requirement)}
jobs:
  admiralty:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11d5960a326750d5838078e36cf38b85af677262  # v4.4.0
        with:
          fetch-depth: 0        # the base branch too, for the pull request's diff
          persist-credentials: false
      - name: Install admiralty
        run: python3 -m venv "$RUNNER_TEMP/admiralty" && "$RUNNER_TEMP/admiralty/bin/pip" install "$ADMIRALTY" &&
          echo "$RUNNER_TEMP/admiralty/bin" >> "$GITHUB_PATH"
      - name: Validate
        run: admiralty validate scenarios --format github
      - name: Diff against the base branch
        if: github.event_name == 'pull_request'
        run: admiralty diff "origin/$GITHUB_BASE_REF" HEAD --git --budget 300 --summary "$GITHUB_STEP_SUMMARY"
      - name: Smoke
        run: admiralty smoke scenarios --games 20
"""
