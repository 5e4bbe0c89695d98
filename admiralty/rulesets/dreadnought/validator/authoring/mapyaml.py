"""Writing a map document: the generic layout is ``admiralty.scaffold.yamlwriter``'s (shared with every
document admiralty writes); this module adds the map's default modeline."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from admiralty.atomic import write_text
from admiralty.scaffold.yamlwriter import dump_document

__all__ = ["MAP_MODELINE", "dump_document", "write_map_yaml"]

MAP_MODELINE = "# yaml-language-server: $schema=../../../schemas/dreadnought/map.schema.json"
"""The modeline of a map in this checkout's ``scenarios/dreadnought/maps/`` (the committed
maps' own). Commands compute each written document's own with ``admiralty.scaffold.modeline.modeline_for``."""

def write_map_yaml(document: Mapping[str, object], path: str | Path, modeline: str = MAP_MODELINE) -> None:
    """Write a map document to ``path``: modeline first, readable layout, coordinates to 2 decimals.

    The default modeline suits a map in ``scenarios/dreadnought/maps/``; pass another for other depths.
    """
    write_text(path, dump_document(document, modeline))
