"""The built models of a used corpus's documents, kept on disk between runs of the language server and of
``validate --watch`` (issue 36: an editor opened on a scenario of a repository that ``uses:`` the bundled corpus
waited for the Baltic map to be built again at every start: 0.16 s of CPU of about 0.9 s).

Only the documents a workspace reads for reference (``Workspace.hidden``) are kept: they do not change while an
author works, unlike the project's own. An entry is what ``BuildContext.memo`` keeps in memory (the model, the
findings made while building it, the documents it marked broken), under a name made of the document's name as the
diagnostics show it, its content digest, admiralty's version and a digest of the source of the code that builds
models, so that an edited builder or model never reads an old entry. The folder is the cache folder of the
checked tables (``$ADMIRALTY_CACHE_DIR``, ``off`` for none; else ``~/.cache/admiralty``), ``models/`` in it,
holding at most ``MAX_FILES`` entries (the oldest go first). An entry that cannot be read is built again.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from admiralty import __version__
from admiralty.atomic import OutputError, write_bytes
from admiralty.engine.tables import tables_cache_dir
from admiralty.resources import PACKAGE_DIR, source_digest
from admiralty.validator.build import BuildCache, Loaded

MAX_FILES = 64


@cache
def code_digest(ruleset: str) -> str:
    """admiralty's version and the source of the core's engine and validator and of the rule system."""
    folders = [PACKAGE_DIR / "engine", PACKAGE_DIR / "validator", PACKAGE_DIR / "rulesets" / ruleset]
    files = [PACKAGE_DIR / "contract.py", *(p for folder in folders for p in sorted(folder.rglob("*.py")))]
    return source_digest(f"admiralty {__version__}\0{ruleset}", files)


def _entry_name(item: Loaded) -> str:
    key = f"{item.doc.file}\0{item.doc.content_digest}\0{code_digest(item.ruleset)}"
    return hashlib.sha256(key.encode()).hexdigest()[:40] + ".pickle"


@dataclass
class StoredModels:
    """The models folder (``None``: keep nothing) and the entries this process read or wrote."""

    folder: Path | None = field(default_factory=lambda: _folder())
    known: set[str] = field(default_factory=set)
    recalled: int = 0  # documents whose models came from the folder

    def recall(self, loaded: Sequence[Loaded], hidden: Collection[str], memory: BuildCache) -> None:
        """Put into ``memory`` what the folder holds for the hidden documents among ``loaded``."""
        if self.folder is None:
            return
        for item in loaded:
            name = _entry_name(item) if item.doc.file in hidden else ""
            if not name or name in self.known:
                continue
            try:
                entries = pickle.loads((self.folder / name).read_bytes())  # the user's own cache folder
            except Exception:  # missing, half-written, or of classes that moved: built again
                continue
            self.known.add(name)
            self.recalled += 1
            for (file, what), entry in entries.items():
                if file == item.doc.file and entry[0] == item.doc.content_digest:
                    memory.setdefault((file, what), entry)

    def keep(self, loaded: Sequence[Loaded], hidden: Collection[str], memory: BuildCache) -> None:
        """Write what ``memory`` holds for the hidden documents among ``loaded`` that the folder lacks."""
        if self.folder is None:
            return
        for item in loaded:
            name = _entry_name(item) if item.doc.file in hidden else ""
            if not name or name in self.known:
                continue
            entries = {key: entry for key, entry in memory.items()
                       if key[0] == item.doc.file and entry[0] == item.doc.content_digest}
            self.known.add(name)
            try:
                data = pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL) if entries else b""
            except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
                data = b""  # a model of a rule system that cannot be pickled: built again each run, as before
            if data:
                self._write(name, data)

    def _write(self, name: str, data: bytes) -> None:
        assert self.folder is not None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_bytes(self.folder / name, data)
            kept = sorted(self.folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
            for old in kept[MAX_FILES:]:
                old.unlink(missing_ok=True)
        except (OSError, OutputError):
            self.folder = None  # a read-only or full cache folder: keep nothing, say nothing (it is only speed)


def _folder() -> Path | None:
    base = tables_cache_dir()
    return base / "models" if base is not None else None
