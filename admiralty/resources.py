"""Files shipped inside the package: schemas, house tables, the site's MkDocs configuration and pages.

They are found through ``importlib.resources`` relative to the ``admiralty`` package, so a wheel installed
anywhere finds them exactly as a checkout does. admiralty installs as files (every wheel does), so each
resource is a real path that MkDocs and the JSON Schema registry can open.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from importlib.resources import files
from pathlib import Path


def package_path(*parts: str) -> Path:
    """The path of a file or folder shipped in the ``admiralty`` package (``package_path("schemas")``)."""
    return Path(str(files("admiralty").joinpath(*parts)))


PACKAGE_DIR = package_path()
SOURCE_ROOT = PACKAGE_DIR.parent
"""The folder holding the package: a checkout's root, or site-packages when installed. Tests and the rules
index exist only in a checkout; code that reads them says so when they are absent."""

SCHEMAS_DIR = package_path("schemas")
"""The core's own schemas (``common.schema.json``, which every rule system's schemas refer to)."""

SCHEMA_BASE_URI = "https://admiralty.invalid/schemas/"
"""The base of the in-memory ``$id`` every schema gets, followed by its place in the tree ``admiralty schemas
export`` writes (``common.schema.json``, ``<rule system>/<kind>.schema.json``). RFC 2606 ``.invalid``: it never
resolves, and no registry here has a retriever that goes to the network."""


def source_digest(seed: str, paths: Iterable[Path]) -> str:
    """A digest of ``seed`` and of each of ``paths`` (files of this package: name and bytes), for the keys of
    caches that must miss once admiralty's own code changes (the smoke outcomes, the kept models). A file that
    cannot be read counts by its name alone."""
    digest = hashlib.sha256(seed.encode() + b"\0")
    for path in paths:
        try:
            content = path.read_bytes()
        except OSError:
            content = b""
        digest.update(str(path.relative_to(PACKAGE_DIR)).encode() + b"\0" + content + b"\0")
    return digest.hexdigest()
