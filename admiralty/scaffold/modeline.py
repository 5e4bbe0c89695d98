"""The one modeline writer: ``# yaml-language-server: $schema=<path>`` for every document admiralty writes
(``admiralty new``, ``admiralty init``, ``admiralty map from-geojson``).

The path is relative to the written file's folder, as the YAML language server resolves it, and points at
the nearest schemas folder found walking up from that folder: a ``schemas/`` holding
``common.schema.json`` (what ``admiralty schemas export`` writes; admiralty's own checkout has one at its top,
like any scenario repository). It never points into site-packages: an installed admiralty's files move
with every upgrade and are not in the author's repository. When no schemas folder is found the modeline
names ``<root>/schemas/...`` (the corpus root the command was given) and the caller tells the author to run
``admiralty schemas export`` there, so that the modeline resolves from then on (SCH012 warns until it does).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

PREFIX = "# yaml-language-server: $schema="
SCHEMAS = "schemas"
MARKER = "common.schema.json"
"""A folder named ``schemas`` counts as admiralty's schemas only when it holds this file."""


@dataclass(frozen=True)
class Modeline:
    """A document's modeline: the comment line, the schema file it names, and whether that file exists."""

    text: str
    schema: Path
    resolves: bool


def find_schemas(folder: Path) -> Path | None:
    """The nearest schemas folder for documents in ``folder``: walking up from it, the first ``schemas/``
    holding ``common.schema.json``. ``None`` when there is none."""
    start = folder.resolve()
    for place in (start, *start.parents):
        if (place / SCHEMAS / MARKER).is_file():
            return place / SCHEMAS
    return None


def relative(target: Path, folder: Path) -> str:
    """``target`` as a forward-slash path relative to ``folder`` (both made absolute)."""
    try:
        return os.path.relpath(target.resolve(), folder.resolve()).replace(os.sep, "/")
    except ValueError:  # another drive (Windows): no relative path exists, name the file itself
        return target.resolve().as_uri()


def modeline_for(document: Path, ruleset: str, kind: str, root: Path) -> Modeline:
    """The modeline for ``document`` (a file about to be written) of ``ruleset`` and ``kind``: relative to
    its folder, to the nearest schemas folder (see :func:`find_schemas`), or to ``root/schemas`` when there
    is none yet (then ``resolves`` is false and the caller says how to export them)."""
    folder = document.absolute().parent
    schemas = find_schemas(folder) or root.absolute() / SCHEMAS
    schema = schemas / ruleset / f"{kind}.schema.json"
    return Modeline(PREFIX + relative(schema, folder), schema, schema.is_file())


def export_note(modelines: list[Modeline]) -> str | None:
    """One line telling the author how to make unresolved modelines resolve, or ``None`` when all do."""
    missing = sorted({m.schema.parent.parent for m in modelines if not m.resolves})
    if not missing:
        return None
    places = " and ".join(f"`admiralty schemas export {display(p)}`" for p in missing)
    return (f"note: no schemas folder was found next to the corpus, so the modeline names {display(missing[0])}/; "
            f"run {places} so that editors (and SCH012) find the schema")


def display(path: Path) -> str:
    """``path`` relative to the working directory when below it, else absolute: what a command line shows."""
    absolute = path.absolute()
    try:
        shown = absolute.relative_to(Path.cwd())
    except ValueError:
        return str(absolute)
    return shown.as_posix() or "."
