"""``admiralty schemas export [DIR]``: every schema admiralty checks documents against, written into DIR as
the same tree (``common.schema.json``, ``<ruleset>/<kind>.schema.json``), so that editors resolve each
schema's relative ``$ref`` (``../common.schema.json``) from disk, offline, in a repository of its own.

The files are copied as they are; an installed rule system's own schemas join as ``<name>/``, as in the
validator's registry. A file that exists with other content is never overwritten without ``--force``: it may
be the author's own edit, and losing it silently is worse than a refusal.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from admiralty.atomic import write_bytes
from admiralty.scaffold.modeline import display

Conflict = Literal["refuse", "keep", "overwrite"]


@dataclass(frozen=True)
class Exported:
    """One schema file's fate: ``written`` (new), ``overwritten``, ``unchanged`` or ``kept`` (it differed
    and was left alone)."""

    path: Path
    outcome: str


class ExportRefused(Exception):
    """Files in the destination differ from admiralty's schemas and ``--force`` was not given."""

    def __init__(self, changed: list[Path]) -> None:
        super().__init__(", ".join(display(p) for p in changed))
        self.changed = changed


def packaged_schemas() -> dict[str, bytes]:
    """Every schema by its place below ``schemas/`` (``dreadnought/map.schema.json``), with its bytes."""
    from admiralty.schemafiles import schema_places

    return {place: path.read_bytes() for path, place in sorted(schema_places().items())}


def export_schemas(destination: Path, on_conflict: Conflict = "refuse") -> list[Exported]:
    """Write every schema below ``destination``. With ``refuse``, a differing file stops the export before
    anything is written (``ExportRefused`` names them all); ``keep`` leaves such files alone; ``overwrite``
    replaces them."""
    files = packaged_schemas()
    targets = {destination / place: content for place, content in sorted(files.items())}
    changed = [path for path, content in targets.items() if path.is_file() and path.read_bytes() != content]
    if changed and on_conflict == "refuse":
        raise ExportRefused(changed)
    done: list[Exported] = []
    for path, content in targets.items():
        if path.is_file() and path.read_bytes() == content:
            done.append(Exported(path, "unchanged"))
            continue
        if path in changed and on_conflict == "keep":
            done.append(Exported(path, "kept"))
            continue
        outcome = "overwritten" if path.exists() else "written"
        write_bytes(path, content)
        done.append(Exported(path, outcome))
    return done


def summary(done: list[Exported]) -> str:
    """What happened to each file, one line each, and a count."""
    lines = [f"{e.outcome:<11} {display(e.path)}" for e in done]
    counts = {o: sum(1 for e in done if e.outcome == o) for o in ("written", "overwritten", "unchanged", "kept")}
    told = ", ".join(f"{n} {o}" for o, n in counts.items() if n)
    return "\n".join([*lines, f"schemas: {len(done)} files ({told})"])


def cmd_export(args: argparse.Namespace) -> int:
    """``admiralty schemas export``: 0 written, 1 refused (changed files, no ``--force``)."""
    destination = Path(args.dir)
    if destination.exists() and not destination.is_dir():
        print(f"admiralty schemas export: '{display(destination)}' is a file, not a folder", file=sys.stderr)
        return 1
    try:
        done = export_schemas(destination, "overwrite" if args.force else "refuse")
    except ExportRefused as refused:
        print(f"admiralty schemas export: these files differ from admiralty {_version()}'s schemas and were "
              f"left alone: {refused}\n  nothing was written; pass --force to replace them (your changes are "
              "lost)", file=sys.stderr)
        return 1
    print(summary(done))
    return 0


def _version() -> str:
    from admiralty import __version__

    return __version__
