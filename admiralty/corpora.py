"""Corpora a scenario repository builds on without copying them (issue 37, item 3).

A project file's ``uses:`` lists them::

    uses:
      - admiralty                          # the corpus bundled with admiralty, at the version installed
      - {corpus: admiralty, version: 0.1.0}   # the same, pinned: another version installed is a usage error
      - {corpus: baltic-charts}            # an installed distribution's corpus (its admiralty.corpora entry point)
      - {path: ../fleet-lists/scenarios, version: 3f2a9c1}   # another repository's corpus, e.g. a git submodule

Their documents are read with the project's as context (``admiralty.validator.context``): a scenario may name
their maps, catalogs and tables, and a ship a class of their catalogs (``class: hochseeflotte-1914/bremen``),
but their own findings are not reported and their scenarios are not played. A document of the project with
the id of a used one wins (the project's files are read first).

A distribution offers a corpus by an entry point in the ``admiralty.corpora`` group whose object is the corpus
folder (a path) or a function of no arguments returning it::

    [project.entry-points."admiralty.corpora"]
    baltic-charts = "baltic_charts:corpus_folder"
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

from admiralty import __version__
from admiralty.resources import PACKAGE_DIR, SOURCE_ROOT

ENTRY_POINT_GROUP = "admiralty.corpora"
BUNDLED = "admiralty"


@dataclass(frozen=True)
class Used:
    """A corpus the project builds on without holding it: ``name`` is how ``uses:`` names it (an installed
    corpus, or the path as written), ``folder`` where it is, ``version`` the version it is pinned to (unpinned: the
    one installed; ``""`` for a folder given without one)."""

    name: str
    folder: Path
    version: str = ""

    def label(self) -> str:
        return f"{self.name} {self.version}".strip()


def bundled_corpus() -> Path:
    """The corpus shipped with admiralty: ``admiralty/corpus/`` in a built wheel (the build copies the
    checkout's ``scenarios/`` there), the checkout's ``scenarios/`` in an editable install."""
    packaged = PACKAGE_DIR / "corpus"
    return packaged if packaged.is_dir() else SOURCE_ROOT / "scenarios"


def _entry_point(name: str) -> EntryPoint | None:
    return next((point for point in entry_points(group=ENTRY_POINT_GROUP) if point.name == name), None)


def installed_corpora() -> list[str]:
    """The names ``uses:`` may give as ``corpus:``: admiralty's own and every entry point's."""
    return sorted({BUNDLED, *(point.name for point in entry_points(group=ENTRY_POINT_GROUP))})


def _installed(name: str) -> tuple[Path, str]:
    """The folder and version of the installed corpus ``name``; ``ValueError`` naming the known ones."""
    if name == BUNDLED:
        return bundled_corpus(), __version__
    point = _entry_point(name)
    if point is None:
        raise ValueError(f"no installed corpus is called '{name}' (installed: {', '.join(installed_corpora())}); "
                         f"install the distribution that offers it, or use {{path: <its folder>}}")
    found: object = point.load()
    where = found() if callable(found) else found
    if not isinstance(where, str | os.PathLike):
        raise ValueError(f"the corpus '{name}' is installed, but its entry point gives no folder ({where!r}): "
                         "it must name a folder, or a function that returns one")
    folder = Path(where)
    version = point.dist.version if point.dist is not None else ""
    return folder, version


def _used(root: Path, uses: object) -> Used:
    if not isinstance(uses, str | Mapping):
        raise ValueError(f"a uses: entry is a corpus name or {{corpus: ...}} or {{path: ...}}, not {uses!r}")
    entry: Mapping[str, object] = {"corpus": uses} if isinstance(uses, str) else uses
    pinned = str(entry.get("version", ""))
    if "path" in entry:
        folder = (root / str(entry["path"])).resolve()
        if not folder.is_dir():
            raise ValueError(f"'{entry['path']}' is no folder (paths are relative to the project file's folder)")
        return Used(str(entry["path"]), folder, pinned)
    name = str(entry["corpus"])
    folder, version = _installed(name)
    if pinned and version and pinned != version:
        raise ValueError(f"the project uses {name} {pinned}, but {name} {version} is installed: install "
                         f"{name}=={pinned}, or pin version: {version} after checking what changed "
                         "(admiralty diff reports it)")
    if not folder.is_dir():
        raise ValueError(f"the corpus of {name} {version} is not installed with it (no folder {folder})")
    return Used(name, folder.resolve(), pinned or version)


def resolve_uses(root: Path, entries: Iterable[object]) -> tuple[Used, ...]:
    """The ``uses:`` entries of the project file at ``root`` (schema-checked), resolved; ``ValueError`` says
    what is wrong with the first that cannot be."""
    return tuple(_used(root, entry) for entry in entries)


def used_documents(folders: Iterable[Path]) -> list[str]:
    """The files of the used corpora a scenario of the project can name (maps, catalogs, tables): not their
    scenarios, which nothing refers to. The first validation of an ``init`` repository using the bundled corpus
    took 0.57 s of CPU instead of 0.71 s with its scenarios (0.26 s without the corpus, its references then
    unknown)."""
    return [str(path) for folder in folders for path in sorted(folder.rglob("*.y*ml"))
            if "scenarios" not in path.relative_to(folder).parts[:-1]]
