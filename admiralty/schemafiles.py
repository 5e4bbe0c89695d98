"""Where every JSON Schema file is, and where it stands in the one tree editors and validators see.

The core's ``common.schema.json`` ships in ``admiralty/schemas/``; each rule system's schemas ship in its own
folder (``rulesets/<name>/schemas/``, or a plug-in's package). Every schema refers to the common one as
``../common.schema.json``, written for the tree that ``admiralty schemas export`` writes
(``common.schema.json`` beside ``<name>/<kind>.schema.json``). This module gives each file its place in that
tree and resolves a ``$ref`` by place, never by the file's folder on disk, so that the same schema files
work exported, in a checkout, in an installed wheel and in a plug-in.
"""

from __future__ import annotations

import posixpath
from functools import cache
from pathlib import Path

from admiralty.contract import rulesets
from admiralty.resources import SCHEMA_BASE_URI, SCHEMAS_DIR


@cache
def schema_places() -> dict[Path, str]:
    """Every schema file -> its place in the exported tree: the core's as they are below ``schemas/``, each
    installed rule system's as ``<name>/<file>``."""
    places = {path: path.relative_to(SCHEMAS_DIR).as_posix() for path in SCHEMAS_DIR.rglob("*.schema.json")}
    for name, ruleset in rulesets().items():
        for path in ruleset.schemas.glob("*.schema.json"):
            places[path] = f"{name}/{path.name}"
    return places


@cache
def _files_by_place() -> dict[str, Path]:
    return {place: path for path, place in schema_places().items()}


def schema_files() -> list[Path]:
    """Every schema file, sorted."""
    return sorted(schema_places())


def schema_uri(path: Path) -> str:
    """The in-memory ``$id`` of a schema file: ``SCHEMA_BASE_URI`` + its place; a file outside the registry (an
    author's own) keeps its ``file:`` URI, so its relative references stay next to it."""
    place = schema_places().get(path)
    return SCHEMA_BASE_URI + place if place is not None else path.resolve().as_uri()


def file_at(place: str) -> Path | None:
    """The schema file at a place of the exported tree, or ``None``."""
    return _files_by_place().get(place)


def ref_target(base: Path, ref_file: str) -> Path:
    """The file a ``$ref``'s file part (``../common.schema.json``) names from the schema file ``base``:
    resolved by place in the exported tree; for a file outside the registry, next to it on disk."""
    place = schema_places().get(base)
    if place is not None:
        found = file_at(posixpath.normpath(posixpath.join(posixpath.dirname(place), ref_file)))
        if found is not None:
            return found
    return (base.parent / ref_file).resolve()
