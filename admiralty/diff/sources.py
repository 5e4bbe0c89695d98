"""The two versions ``admiralty diff`` compares: two corpus folders, or two git revisions copied out of the
repository with ``git archive`` into temporary folders (the user's checkout, index and work tree are
never touched)."""

from __future__ import annotations

import io
import subprocess
import sys
import tarfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from admiralty.atomic import OutputError, reason, scratch_folder, write_bytes


class SourceError(Exception):
    """A folder that is not there, or a revision git cannot read: a usage error (exit 2)."""


@dataclass(frozen=True)
class Version:
    """One side of the comparison: a label for the reader and the folders to validate."""

    label: str
    root: Path
    paths: tuple[Path, ...]


def _git(repo: Path, *args: str) -> bytes:
    try:
        done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=False, timeout=300)
    except FileNotFoundError as missing:
        raise SourceError("git is not installed; compare two folders instead of --git revisions") from missing
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise SourceError(f"git {' '.join(args[:2])}: {message[-1] if message else 'failed'}")
    return done.stdout


def resolve(repo: Path, revision: str) -> str:
    """The full commit id of ``revision`` (a branch, tag, ``HEAD~1``, ``origin/main``...)."""
    if revision.startswith("-"):
        raise SourceError(f"not a revision: {revision!r}")
    return _git(repo, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}").decode().strip()


def export(repo: Path, revision: str, paths: Sequence[str], into: Path) -> Version:
    """Copy ``paths`` (relative to the repository's top) as they are at ``revision`` into ``into``."""
    commit = resolve(repo, revision)
    top = Path(_git(repo, "rev-parse", "--show-toplevel").decode().strip())
    prefix = Path(repo).resolve().relative_to(top.resolve())
    wanted = [(prefix / p).as_posix() for p in paths]
    present = [p for p in wanted if _git(repo, "ls-tree", "--name-only", commit, "--", p).strip()]
    into.mkdir(parents=True, exist_ok=True)
    if present:
        archive = subprocess.run(["git", "-C", str(top), "archive", "--format=tar", commit, "--", *present],
                                 capture_output=True, check=False, timeout=300)
        if archive.returncode != 0:
            raise SourceError(f"git archive {revision}: {archive.stderr.decode(errors='replace').strip()}")
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(into, filter=_links_left_out(revision))
    base = into / prefix
    project = _git_optional(top, "show", f"{commit}:{(prefix / 'admiralty.yaml').as_posix()}")
    if project is not None:  # the project file's uses: at this revision (diff reports a change of a dependency)
        base.mkdir(parents=True, exist_ok=True)
        write_bytes(base / "admiralty.yaml", project)
    return Version(f"{revision} ({commit[:10]})", base, tuple(base / p for p in paths))


def _git_optional(repo: Path, *args: str) -> bytes | None:
    """``git args`` output, or ``None`` when git says no (a file the revision does not have)."""
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=False, timeout=300)
    return done.stdout if done.returncode == 0 else None


def _links_left_out(revision: str) -> Callable[[tarfile.TarInfo, str], tarfile.TarInfo | None]:
    """tarfile's ``data`` filter, except that a link it refuses (absolute, or leading out of the copy) is left out
    with a warning instead of ending the diff: a scenario repository may hold such a link, and admiralty reads
    only YAML files inside the corpus. Any other refusal is a :class:`SourceError`."""
    def keep(member: tarfile.TarInfo, path: str) -> tarfile.TarInfo | None:
        try:
            return tarfile.data_filter(member, path)
        except tarfile.FilterError as refused:
            if member.issym() or member.islnk():
                print(f"admiralty diff: left out the link {member.name} at {revision}: it points outside the "
                      f"repository ({member.linkname})", file=sys.stderr)
                return None
            raise SourceError(f"git archive {revision}: {refused}") from refused
    return keep


def folder(path: str, paths: Sequence[str]) -> Version:
    root = Path(path)
    if not root.is_dir():
        raise SourceError(f"no such folder: '{path}'")
    return Version(path, root, tuple(root / p for p in paths) if paths else (root,))


@contextmanager
def versions(base: str, head: str, *, git: bool, repo: str = ".",
             paths: Sequence[str] = ("scenarios",)) -> Iterator[tuple[Version, Version]]:
    """The two versions, as folders that exist for the duration of the ``with`` block."""
    if not git:
        yield folder(base, ()), folder(head, ())
        return
    # Named after this process: a SIGKILLed diff cannot remove its copies, the next diff does (issue 35).
    with scratch_folder("admiralty-diff-") as tmp:
        try:
            copies = (export(Path(repo), base, paths, tmp / "base"), export(Path(repo), head, paths, tmp / "head"))
        except OSError as error:  # a full or read-only TMPDIR
            raise OutputError(f"cannot copy the revisions into '{tmp}': {reason(error)}; set TMPDIR to a folder "
                              "with room") from error
        yield copies


def changed_files(before: Version, after: Version) -> set[str]:
    """Paths (relative to each version's root) whose bytes differ, or that exist on one side only."""
    def files(version: Version) -> dict[str, bytes]:
        found: dict[str, bytes] = {}
        for top in version.paths:
            if top.is_file():
                found[top.relative_to(version.root).as_posix()] = top.read_bytes()
            for path in sorted(top.rglob("*")) if top.is_dir() else []:
                if path.is_file() and path.suffix in (".yaml", ".yml"):
                    found[path.relative_to(version.root).as_posix()] = path.read_bytes()
        return found

    old, new = files(before), files(after)
    return {name for name in old.keys() | new.keys() if old.get(name) != new.get(name)}
