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

import os
import re
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from admiralty.contract import rulesets

if TYPE_CHECKING:
    from admiralty.validator.build import Loaded

MAX_LEVELS = 3  # scenarios/<ruleset>/<kind folder>/<file>: the rule system's folder is two levels up
MAX_CONTEXT_FILES = 5_000  # past this a folder is no corpus of documents written by hand: no context


def ruleset_folder(file: Path) -> Path | None:
    """The nearest folder above ``file`` (within ``MAX_LEVELS``) named after an installed rule system."""
    names = set(rulesets())
    # abspath, not Path.absolute: it folds `..`, so `../ancona-1915.yaml` has the parents the file has
    for level, folder in enumerate(Path(os.path.abspath(file)).parents):
        if level >= MAX_LEVELS:
            return None
        if folder.name in names:
            return folder
    return None


def context_roots(paths: Sequence[str]) -> list[Path]:
    """The rule-system folders of the files named on their own and of the folders named inside a rule system's
    folder (``validate .`` in ``scenarios/dreadnought/scenarios/``: its scenarios' maps and catalogs are in the
    folders beside it), except those below a folder also named, sorted."""
    folders = [Path(p).resolve() for p in paths if Path(p).is_dir()]
    roots: set[Path] = set()
    for given in paths:
        path = Path(given)
        if not path.exists():
            continue
        resolved = path.resolve()
        if any(resolved != folder and resolved.is_relative_to(folder) for folder in folders):
            continue
        root = ruleset_folder(path / "-" if path.is_dir() else path)  # a folder: itself or one above it
        if root is not None and not any(root.resolve().is_relative_to(folder) for folder in folders):
            roots.add(root)
    return sorted(roots)


Key = tuple[str, str, str]  # (rule system, kind, id)


class _Reach:
    """The documents reached from some along ``Ruleset.references``: the keys found, the kinds a reference
    missed and the rule systems that say nothing of their references."""

    def __init__(self, loaded: Sequence[Loaded]) -> None:
        self.by_key: dict[Key, list[Loaded]] = {}
        for item in loaded:
            self.by_key.setdefault((item.ruleset, item.kind, item.id), []).append(item)
        self.wanted: set[Key] = set()
        self.whole_kinds: set[tuple[str, str]] = set()
        self.whole_systems: set[str] = set()

    def follow(self, pending: list[Key]) -> None:
        systems = rulesets()
        while pending:
            key = pending.pop()
            if key in self.wanted:
                continue
            self.wanted.add(key)
            for item in self.by_key.get(key, []):
                system = systems.get(item.ruleset)
                refs = None if system is None else system.document_references(item.kind, item.doc.data)
                if refs is None:
                    self.whole_systems.add(item.ruleset)
                else:
                    pending.extend(self._found(item.ruleset, refs))

    def _found(self, ruleset: str, refs: list[tuple[str, str]]) -> list[Key]:
        """The keys of the referred documents that are loaded; a kind with one missing is wanted whole."""
        found = []
        for kind, ref_id in refs:
            ref = (ruleset, kind, ref_id)
            if ref in self.by_key:
                found.append(ref)
            else:
                self.whole_kinds.add((ruleset, kind))
        return found


def needed_for_build(loaded: Sequence[Loaded], context: Collection[str]) -> list[Loaded]:
    """The documents to build when ``context`` files are there for the others' references only: every document
    not in the context, and of the context the documents they refer to, transitively (``Ruleset.references``),
    those sharing an id with one of them (REF001 names the other file), every document of a kind a reference
    misses (its hint lists them) and every document of a rule system that says nothing of its references.

    Validating one ship catalog of the bundled corpus built its four maps (0.4 s of a 0.8 s run) only to drop
    what they said; the context's findings are never reported and its scenarios never checked, so what is
    not needed is not built. ``tests/validator/test_context_pruning.py`` holds the result to the unpruned one."""
    if not context or all(item.doc.file not in context for item in loaded):
        return list(loaded)
    reach = _Reach(loaded)
    reach.follow([(item.ruleset, item.kind, item.id) for item in loaded if item.doc.file not in context])
    wanted, whole_kinds, whole_systems = reach.wanted, reach.whole_kinds, reach.whole_systems
    return [item for item in loaded if item.doc.file not in context or item.ruleset in whole_systems
            or (item.ruleset, item.kind) in whole_kinds or (item.ruleset, item.kind, item.id) in wanted]


# A top-level key at the start of a line, with a plain or simply quoted value (and maybe a comment): what a header
# scan reads of a document without parsing it.
_HEADER = re.compile(r"^(kind|ruleset|id):[ \t]*(?:([\w.-]+)|\"([\w. -]*)\"|'([\w. -]*)')[ \t]*(?:#.*)?\r?$",
                     re.MULTILINE)


def header_key(raw: bytes) -> Key | None:
    """The (rule system, kind, id) a document's top-level lines say, read without parsing it; ``None`` when they
    do not say it plainly (a key missing, written twice or in flow style, a value quoted with escapes, text that
    is not UTF-8). The language server reads the documents of a used corpus only when a document it validates
    needs them (``Workspace.context``), and this tells it which those are; a wrong guess costs only time, since
    the next whole refresh reads every document."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    found: dict[str, str] = {}
    for match in _HEADER.finditer(text):
        if match.group(1) in found:
            return None
        found[match.group(1)] = next(value for value in match.groups()[1:] if value is not None)
    if len(found) < 3:
        return None
    return found["ruleset"], found["kind"], found["id"]


def reached(key: Key, refs: frozenset[Key] | None, files: Sequence[tuple[str, Key, bool]]) -> list[tuple[str, bool]]:
    """Of ``files`` (name, key, and a flag: deferred), those a built document of ``key`` referring to ``refs``
    takes into its build, as ``Workspace._closure`` does: the files holding a key it refers to or its own key,
    every file of a kind whose reference none holds, every file of its rule system when that says nothing of its
    references (``refs`` ``None``); each with its flag."""
    if refs is None:
        return [(shown, flag) for shown, other, flag in files if other[0] == key[0]]
    wanted = {*refs, key}
    missing = {k[:2] for k in wanted} - {other[:2] for _, other, _ in files if other in wanted}
    return [(shown, flag) for shown, other, flag in files if other in wanted or other[:2] in missing]
