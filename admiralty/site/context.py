"""What every page generator needs to know about the build: where things are and how URLs look."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path

from admiralty.site.text import relative_link, slug

REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class SiteContext:
    """Build settings: smoke statistics folder, URL style, repository root, rules index (or ``None``)."""

    smoke_dir: Path | None = None
    directory_urls: bool = True
    root: Path = REPO_ROOT
    rules_index: Path | None = None

    def href(self, from_src: str, to_src: str, anchor: str = "") -> str:
        """An ``href`` from one generated page to another (raw HTML links are not rewritten by MkDocs)."""
        return relative_link(from_src, to_src, self.directory_urls, anchor)


def md_path(from_src: str, to_src: str) -> str:
    """A Markdown link target from one page source to another; MkDocs rewrites and checks these."""
    return posixpath.relpath(to_src, posixpath.dirname(from_src) or ".")


def scenario_src(scenario_id: str) -> str:
    return f"scenarios/{slug(scenario_id)}.md"


def sheet_src(scenario_id: str) -> str:
    return f"sheets/{slug(scenario_id)}.md"


def map_src(map_id: str) -> str:
    return f"maps/{slug(map_id)}.md"


def class_src(catalog_id: str, class_id: str) -> str:
    return f"ships/{slug(catalog_id)}/{slug(class_id)}.md"


def code_src(code: str) -> str:
    """Matches ``validator.diagnostics.DOCS_BASE``: ``codes/<code in lower case>/``."""
    return f"codes/{code.lower()}.md"
