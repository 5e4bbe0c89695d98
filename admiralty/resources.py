"""Files shipped inside the package: schemas, house tables, the site's MkDocs configuration and pages.

They are found through ``importlib.resources`` relative to the ``admiralty`` package, so a wheel installed
anywhere finds them exactly as a checkout does. admiralty installs as files (every wheel does), so each
resource is a real path that MkDocs and the JSON Schema registry can open.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def package_path(*parts: str) -> Path:
    """The path of a file or folder shipped in the ``admiralty`` package (``package_path("schemas")``)."""
    return Path(str(files("admiralty").joinpath(*parts)))


PACKAGE_DIR = package_path()
SOURCE_ROOT = PACKAGE_DIR.parent
"""The folder holding the package: a checkout's root, or site-packages when installed. Tests and the rules
index exist only in a checkout; code that reads them says so when they are absent."""
