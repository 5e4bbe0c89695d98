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
import fnmatch
import json
import os
import re
from collections.abc import Iterable
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Protocol

from admiralty.contract import rulesets
from admiralty.corpora import Used, resolve_uses
from admiralty.resources import SCHEMAS_DIR

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


class ProjectError(Exception):
    """The project file cannot be read or breaks its schema: a usage error (exit 2), said in one line."""


@dataclass(frozen=True)
class Codes:
    """Codes to leave out and codes to make errors."""

    ignore: frozenset[str] = frozenset()
    errors: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Project:
    """The project a command runs in: its root and what its ``admiralty.yaml`` says (defaults without one)."""

    root: Path
    file: Path | None = None
    corpus: tuple[str, ...] = (CORPUS,)
    exclude: tuple[str, ...] = ()
    codes: Codes = Codes()
    paths: tuple[tuple[str, Codes], ...] = ()
    smoke: dict[str, int] = field(default_factory=dict)
    uses: tuple[Used, ...] = ()
    site_url: str = ""  # the repository's published site: diagnostics link to its codes/<code>/ pages

    def relative(self, path: Path | str) -> str | None:
        """``path`` relative to the root, in ``/`` form; ``None`` when it is not below the root."""
        resolved = Path(os.path.abspath(path))
        return resolved.relative_to(self.root).as_posix() if resolved.is_relative_to(self.root) else None

    def excluded(self, path: Path | str) -> bool:
        """Whether ``path`` matches one of the ``exclude`` globs (``mkdocs.yml``, ``scenarios/drafts/*``)."""
        relative = self.relative(path)
        return relative is not None and any(matches(relative, glob) for glob in self.exclude)

    def codes_for(self, path: Path | str) -> Codes:
        """The global codes and those of every ``paths`` glob ``path`` matches."""
        relative = self.relative(path)
        found = [codes for glob, codes in self.paths if relative is not None and matches(relative, glob)]
        return Codes(self.codes.ignore.union(*(c.ignore for c in found)),
                     self.codes.errors.union(*(c.errors for c in found)))


def matches(relative: str, glob: str) -> bool:
    """A glob without ``/`` matches a file's name in any folder; one with ``/`` the path from the root (``*``
    crosses folders, as in fnmatch)."""
    if "/" not in glob.strip("/"):
        return fnmatch.fnmatchcase(PurePosixPath(relative).name, glob)
    return fnmatch.fnmatchcase(relative, glob.strip("/")) or fnmatch.fnmatchcase(relative, glob.strip("/") + "/*")


PROJECT_SCHEMA = SCHEMAS_DIR / "project.schema.json"


def load_project(root: Path) -> Project:
    """The project at ``root``: what its ``admiralty.yaml`` says, checked against its schema; the defaults
    without one. ``ProjectError`` for a file that cannot be read or breaks the schema."""
    file = root / PROJECT_FILE
    if not file.is_file():
        return Project(root, site_url=mkdocs_site_url(root))
    import yaml

    try:
        data = yaml.safe_load(file.read_text(encoding="utf-8")) or {}
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise ProjectError(f"{shown(file)}: cannot read the project file: {' '.join(str(error).split())}") from error
    problem = _schema_problem(data)
    if problem is not None:
        where = "/".join(str(part) for part in problem.absolute_path) or "the top"
        raise ProjectError(f"{shown(file)}: at {where}: {problem.message} (its schema: `admiralty schemas export` "
                           "writes project.schema.json)")
    fractional = [key for key, value in data.get("smoke", {}).items() if not isinstance(value, int)]
    if fractional:  # JSON Schema counts 3.0 as an integer; a count of games is written 3
        raise ProjectError(f"{shown(file)}: at smoke/{fractional[0]}: write a whole number, like 3, not 3.0")
    return _project_of(root, file, data)


class _SchemaBreak(Protocol):
    """What the project file's error says of a jsonschema ``ValidationError``: where, and what."""

    @property
    def absolute_path(self) -> Iterable[str | int]: ...

    @property
    def message(self) -> str: ...


def _schema_problem(data: object) -> _SchemaBreak | None:
    """The project file's worst break of its schema (a jsonschema ``ValidationError``), or ``None``. A valid file
    is told so by jsonschema-rs when the ``fast`` extra is there, and jsonschema (0.07 s of CPU to import, at every
    command's start: the language server's too) is loaded only to word a break."""
    schema = json.loads(PROJECT_SCHEMA.read_text(encoding="utf-8"))
    try:
        import jsonschema_rs
    except ImportError:
        pass
    else:
        if jsonschema_rs.validator_for(schema).is_valid(data):
            return None
    import jsonschema  # only for a project file: a run without one never loads it

    worst: _SchemaBreak | None = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(schema).iter_errors(data))  # jsonschema has no annotations
    return worst


def _codes(data: dict[str, Any]) -> Codes:
    return Codes(frozenset(data.get("ignore", ())), frozenset(data.get("errors", ())))


def _project_of(root: Path, file: Path, data: dict[str, Any]) -> Project:
    try:
        used = resolve_uses(root, data.get("uses", ()))
    except ValueError as error:
        raise ProjectError(f"{shown(file)}: at uses: {error}") from error
    return Project(root, file, tuple(data.get("corpus", (CORPUS,))), tuple(data.get("exclude", ())), _codes(data),
                   tuple((glob, _codes(codes)) for glob, codes in data.get("paths", {}).items()),
                   dict(data.get("smoke", {})), used, str(data.get("site_url", "")) or mkdocs_site_url(root))


_SITE_URL = re.compile(r"^site_url:\s*[\"']?(https?://[^\s\"'#]+)", re.MULTILINE)


def mkdocs_site_url(root: Path) -> str:
    """The ``site_url`` of the repository's own ``mkdocs.yml`` at ``root`` (read as text: its ``!ENV`` tags are
    MkDocs' own), or ``""``."""
    try:
        text = (root / "mkdocs.yml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    found = _SITE_URL.search(text)
    return found.group(1) if found else ""


CURRENT: ContextVar[Project | None] = ContextVar("admiralty_project", default=None)
"""The project of the command being run (set by the command line; ``None`` when admiralty is used as a library,
where no project file applies)."""


def current() -> Project | None:
    return CURRENT.get()


def used_folders() -> list[Path]:
    """The folders of the corpora the current project uses (issue 37, item 3; none outside a project): the
    validator reads them as context, so that scenarios may name their maps, catalogs and tables."""
    project = CURRENT.get()
    return [] if project is None else [used.folder for used in project.uses]


def _site_config(args: argparse.Namespace, root: Path) -> Path | None:
    """The repository's own ``mkdocs.yml`` at the root, given to ``docs`` and ``build`` when none was named."""
    named = getattr(args, "config_file", None)
    if named:
        return Path(named)
    found = root / "mkdocs.yml"
    if found.is_file():
        args.config_file = shown(found)
        return found
    return None


def fill_rooted_defaults(args: argparse.Namespace, start: Path | None = None) -> Project:
    """Find the project and give each argument of ``args.command`` that was left out its value there
    (``ROOTED``: the project file's ``corpus`` for the corpus, and its smoke defaults); the project."""
    project = load_project(find_root(start))
    CURRENT.set(project)
    command = str(getattr(args, "command", ""))
    site = _site_config(args, project.root) if command in ("docs", "build") else None
    for dest, default in ROOTED.get(command, {}).items():
        if getattr(args, dest, None) or (site is not None and command == "docs" and dest in ("paths", "smoke")):
            continue  # typed, or the repository's own mkdocs.yml names the corpus and smoke folder (its plugin's)
        if default == [CORPUS]:
            setattr(args, dest, [shown(project.root / item) for item in project.corpus])
        elif default == CORPUS:
            setattr(args, dest, shown(project.root / project.corpus[0]))
        else:
            setattr(args, dest, shown(project.root / str(default)))
    if command in ("smoke", "build"):
        for dest, value in project.smoke.items():
            if getattr(args, dest, None) in (None, 0):
                setattr(args, dest, value)
    return project
