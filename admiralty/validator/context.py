"""The corpus a file named on its own belongs to (issue 16, item 2): `admiralty validate lissa-1916.yaml`
resolves the scenario's map and catalogs from the corpus the file sits in, as the editor does.

A file's corpus is the folder of its rule system above it (``scenarios/<ruleset>/``, the layout ``admiralty
init`` writes and the bundled corpus uses), at most ``MAX_LEVELS`` folders up so that a stray folder of that
name far above never pulls in a whole disk. Its other documents are read as context only: their own findings
are not reported and their scenarios are not played; only the files named are judged. A file below a folder
that was also named needs no context, and a file outside any rule system's folder gets none (references to
documents not given are then reported as unknown, with a hint).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from admiralty.contract import rulesets

MAX_LEVELS = 3  # scenarios/<ruleset>/<kind folder>/<file>: the rule system's folder is two levels up
MAX_CONTEXT_FILES = 5_000  # past this a folder is no corpus of documents written by hand: no context


def ruleset_folder(file: Path) -> Path | None:
    """The nearest folder above ``file`` (within ``MAX_LEVELS``) named after an installed rule system."""
    names = set(rulesets())
    for level, folder in enumerate(file.absolute().parents):
        if level >= MAX_LEVELS:
            return None
        if folder.name in names:
            return folder
    return None


def context_roots(paths: Sequence[str]) -> list[Path]:
    """The rule-system folders of the files named on their own (not below a folder also named), sorted."""
    folders = [Path(p).resolve() for p in paths if Path(p).is_dir()]
    roots: set[Path] = set()
    for given in paths:
        path = Path(given)
        if not path.is_file() or any(path.resolve().is_relative_to(folder) for folder in folders):
            continue
        root = ruleset_folder(path)
        if root is not None:
            roots.add(root)
    return sorted(roots)
