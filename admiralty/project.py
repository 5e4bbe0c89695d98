"""The project a command runs in (issue 36, item 3): found by walking up from the working directory, so that
every command works the same from any subfolder of a scenario repository as from its top.

The root is the nearest folder above (or at) the working directory that holds the project file
(``admiralty.yaml``); failing that, the nearest that holds a ``scenarios/`` folder of the corpus (not the
``scenarios/`` folder of one rule system's documents, ``scenarios/<ruleset>/scenarios/``); failing that, the top
of the git repository (``.git``). The walk never goes above the git repository's top. With none of them the
working directory is the root, as before.

Paths a user leaves out (the corpus, the output folders) are then the root's: ``admiralty validate`` from
``scenarios/dreadnought/`` validates the whole corpus, ``smoke`` writes to the root's ``build/smoke``. Paths a
user types are always taken relative to the working directory, as a shell user expects.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from admiralty.contract import rulesets

PROJECT_FILE = "admiralty.yaml"
CORPUS = "scenarios"

# Per command, the arguments left out that are the root's, with what they then are (relative to the root). The
# parser gives these arguments no default (None, or no paths), so a value typed, even one equal to the default,
# is never moved.
ROOTED: dict[str, dict[str, str | list[str]]] = {
    "validate": {"paths": [CORPUS]},
    "build": {"paths": [CORPUS], "out": "build/smoke", "site_dir": "site"},
    "smoke": {"paths": [CORPUS], "out": "build/smoke"},
    "docs": {"paths": [CORPUS], "smoke": "build/smoke", "site_dir": "site"},
    "new": {"corpus": CORPUS},
    "play": {"corpus": CORPUS},
    "replay": {"corpus": CORPUS},
    "schemas": {"dir": "schemas"},
}


def _corpus_holder(folder: Path, systems: set[str]) -> bool:
    """``folder`` holds a corpus's ``scenarios/`` folder: not a rule system's folder (whose ``scenarios/`` holds
    its scenario documents) and not itself a ``scenarios`` folder."""
    return (folder / CORPUS).is_dir() and folder.name not in systems and folder.name != CORPUS


def find_root(start: Path | None = None) -> Path:
    """The project root for a command run in ``start`` (default: the working directory), absolute."""
    here = (start or Path.cwd()).resolve()
    walk = [here, *here.parents]
    top = next((i for i, folder in enumerate(walk) if (folder / ".git").exists()), None)
    if top is not None:
        walk = walk[:top + 1]
    for folder in walk:
        if (folder / PROJECT_FILE).is_file():
            return folder
    systems = set(rulesets())
    for folder in walk:
        if _corpus_holder(folder, systems):
            return folder
    return walk[-1] if top is not None else here


def shown(path: Path) -> str:
    """A root path as the commands print and open it: relative to the working directory (``scenarios`` at the
    root, ``../../scenarios`` two folders below it), as the diagnostics show files."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)


def fill_rooted_defaults(args: argparse.Namespace, start: Path | None = None) -> None:
    """Give each argument of ``args.command`` that was left out its value in the project root (``ROOTED``)."""
    rooted = ROOTED.get(str(getattr(args, "command", "")), {})
    if not rooted:
        return
    root: Path | None = None
    for dest, default in rooted.items():
        if getattr(args, dest, None):
            continue
        root = root or find_root(start)
        if isinstance(default, list):
            setattr(args, dest, [shown(root / item) for item in default])
        else:
            setattr(args, dest, shown(root / default))
