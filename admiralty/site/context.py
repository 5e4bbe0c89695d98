"""What every page generator needs to know about the build: where things are and how URLs look."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from admiralty.engine.protocols import ScenarioModel, Sourced
from admiralty.resources import SOURCE_ROOT
from admiralty.site.text import attr, html_block, relative_link, slug

if TYPE_CHECKING:  # the replay viewer's words and the glance box name pages' helpers, which name this module
    from admiralty.site.glance import Size
    from admiralty.site.replayview import ReplayWords

REPO_ROOT = SOURCE_ROOT


@dataclass(frozen=True)
class SiteContext:
    """Build settings: smoke statistics folder, URL style, repository root, rules index (or ``None``)."""

    smoke_dir: Path | None = None
    directory_urls: bool = True
    root: Path = REPO_ROOT
    rules_index: Path | None = None
    figures: dict[str, str] | None = None
    downloads: set[str] | None = None  # map figures linked for download (written by the hook after the build)
    thumbnails: dict[str, str] | None = None  # scenario id -> its home-page card's thumbnail SVG (written likewise)

    def figure(self, key: str, svg: str, css_class: str) -> str:
        """An SVG figure block. With a ``figures`` store it is a placeholder filled in after MkDocs has rendered
        the page (``fill_figures``): Markdown and the search indexer then never parse the large SVG."""
        if self.figures is None:
            return html_block(svg, css_class)
        self.figures[key] = svg
        return html_block(f'<span {FIGURE_ATTRIBUTE}="{attr(key)}"></span>', css_class)

    def figure_inline(self, key: str, svg: str) -> str:
        """The figure's placeholder alone (or the SVG itself without a store), to put inside other HTML."""
        if self.figures is None:
            return svg
        self.figures[key] = svg
        return f'<span {FIGURE_ATTRIBUTE}="{attr(key)}"></span>'

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
    """Matches ``admiralty.validator.diagnostics.code_page``: ``codes/<code in lower case>/``."""
    return f"codes/{code.lower()}.md"


FIGURE_ATTRIBUTE = "data-admiralty-figure"
_PLACEHOLDER = re.compile(f'<span {FIGURE_ATTRIBUTE}="([^"]+)"></span>')


def fill_figures(html: str, figures: dict[str, str]) -> str:
    """Replace each figure placeholder in rendered HTML by its SVG (unknown keys are left as they are)."""
    return _PLACEHOLDER.sub(lambda m: figures.get(m.group(1), m.group(0)), html)


ScenarioT = TypeVar("ScenarioT", bound=ScenarioModel)
"""A rule system's own scenario model; the core hands each renderer only scenarios of its rule system."""
ScenarioPart = Callable[[ScenarioT, str, "SiteContext"], str]
ReferencePages = Callable[[Sequence[ScenarioT], Sequence[Sourced], "SiteContext"], dict[str, str]]


@dataclass(frozen=True)
class Renderer(Generic[ScenarioT]):
    """What a ruleset adds to the site: its part of a scenario page, printable sheets, reference pages.
    ``Renderer[S]``: its parts take the rule system's scenario model ``S``; ``models`` are every built model of the
    rule system (maps, catalogs, tables), which each part picks by ``isinstance``."""

    scenario_body: ScenarioPart[ScenarioT]
    sheets: ScenarioPart[ScenarioT] | None = None
    reference: ReferencePages[ScenarioT] | None = None
    maps: Callable[[Sequence[ScenarioT], Sequence[Sourced]], list[tuple[str, str, int]]] | None = None
    side_colours: Callable[[ScenarioT], dict[str, str]] | None = None  # default: the palette in the author's order
    glance: Callable[[ScenarioT], Size] | None = None  # the scenario's size for the "at a glance" box
    stylesheet: Path | None = None  # its own CSS, published as stylesheets/<rule system>.css on every page
    replay: ReplayWords | None = None  # how its events read and move the tokens in the sample game's viewer
