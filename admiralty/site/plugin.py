"""The MkDocs plugin ``admiralty`` (entry point group ``mkdocs.plugins``): the reference site of a corpus.

In a repository's ``mkdocs.yml``::

    plugins:
      - search
      - admiralty:
          corpus: [scenarios]     # folders or files, relative to mkdocs.yml
          smoke: build/smoke      # smoke statistics (balance charts, sample games); absent is fine
          rules: RULES.md         # the rules index (clause summaries on the rules and coverage pages); optional
          source: .               # where the coverage page finds the code and tests that name each clause

It validates the corpus and generates the scenario, map, ship-class, code, rules and coverage pages into the build
(never into ``docs/``: a hand-written page of the same path wins), and adds its own stylesheet and scripts. Every
setting is an option of this plugin instance: no module state, no environment variables. ``admiralty build``
hands the plugin the validation it has already done (:meth:`AdmiraltyPlugin.hand_over`), so a build validates
the corpus once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from mkdocs.config import base
from mkdocs.config import config_options as option
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

from admiralty.resources import SOURCE_ROOT, package_path

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.livereload import LiveReloadServer
    from mkdocs.structure.pages import Page

    from admiralty.site.printjob import PrintJob
    from admiralty.validator.pipeline import Validation

log = logging.getLogger("mkdocs.plugins.admiralty")

ASSETS = package_path("site", "assets")
STYLESHEET = "stylesheets/admiralty.css"
SCRIPTS = ("javascripts/mapview.js",  # pan and zoom for every map, labels in screen pixels; loads nothing
           "javascripts/replay.js",  # the sample game, turn by turn
           "javascripts/a11y.js")  # scroll panes a keyboard can reach


class AdmiraltyConfig(base.Config):
    """The plugin's options in ``mkdocs.yml``; relative paths are relative to that file."""

    corpus = option.ListOfItems(option.Type(str), default=["scenarios"])
    smoke = option.Type(str, default="build/smoke")
    rules = option.Optional(option.Type(str))
    source = option.Optional(option.Type(str))


@dataclass(frozen=True)
class Settings:
    """The options as absolute paths: what a build reads."""

    corpus: tuple[Path, ...]
    smoke: Path
    rules: Path | None
    source: Path


def _insert_after(section: object, heading: str, page: str, entries_for: Callable[[], list[dict[str, str]]]) -> None:
    """Put ``entries_for()`` into the nav section ``heading`` right after the entry for ``page`` (at the end
    where the section lacks it); a nav without that section is left as it is."""
    entries = section.get(heading) if isinstance(section, dict) else None
    if isinstance(entries, list):
        at = next((i for i, e in enumerate(entries) if page in e.values()), len(entries) - 1)
        entries[at + 1:at + 1] = entries_for()


class _Overrides(TypedDict, total=False):
    """What ``admiralty docs`` sets over ``mkdocs.yml`` (``AdmiraltyPlugin.override``)."""

    corpus: tuple[Path, ...]
    smoke: Path


class AdmiraltyPlugin(BasePlugin[AdmiraltyConfig]):
    """Generates the reference pages. Its state lives on the instance, which MkDocs makes anew for every load of
    the configuration (every build, every rebuild under ``serve``)."""

    def __init__(self) -> None:
        self.figures: dict[str, str] = {}  # SVG figures of this build, put into the pages after MkDocs renders them
        self.downloads: set[str] = set()  # the map figures the pages link as SVG and PDF files
        self.thumbnails: dict[str, str] = {}  # scenario id -> the home page card's map thumbnail (SVG)
        self.printing: PrintJob | None = None  # the linked maps' PDFs, printing while the pages render
        self.overrides: _Overrides = {}
        self.validated: Validation | None = None

    def override(self, corpus: list[str] | None = None, smoke: str | None = None) -> None:
        """Replace the corpus or smoke folder of ``mkdocs.yml`` (``admiralty docs PATHS --smoke DIR``); relative
        paths are then relative to the working folder, as on any command line."""
        if corpus is not None:
            self.overrides["corpus"] = tuple(Path(p).resolve() for p in corpus)
        if smoke is not None:
            self.overrides["smoke"] = Path(smoke).resolve()

    def hand_over(self, validated: Validation) -> None:
        """The validation ``admiralty build`` has done of this very corpus: the pages are made from it, and the
        corpus is not validated again."""
        self.validated = validated

    def settings(self, config: MkDocsConfig) -> Settings:
        here = Path(config.config_file_path).resolve().parent if config.config_file_path else Path.cwd()
        corpus = self.overrides.get("corpus") or tuple((here / p).resolve() for p in self.config.corpus)
        smoke = self.overrides.get("smoke") or (here / self.config.smoke).resolve()
        rules = (here / self.config.rules).resolve() if self.config.rules else None
        source = (here / self.config.source).resolve() if self.config.source else SOURCE_ROOT
        return Settings(corpus, smoke, rules, source)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Put one navigation entry per installed rule system after the "Rule systems" page, one per rule
        system's authoring guide after "Writing a scenario" (where the nav has one), and the plugin's
        stylesheets (the site's, then each rule system's) and scripts on every page."""
        from admiralty.site.pages import guides_nav, rules_nav, ruleset_stylesheets

        rules = self.settings(config).rules
        if rules is not None and not rules.is_file():
            log.warning("admiralty: the rules index '%s' is not a file; the rules pages go without summaries", rules)
        for section in config.nav or []:
            _insert_after(section, "Rules", "rules/index.md", rules_nav)
            _insert_after(section, "Authors", "authoring.md", guides_nav)
        for uri in (STYLESHEET, *ruleset_stylesheets()):
            if uri not in config.extra_css:
                config.extra_css.append(uri)
        listed = {str(script) for script in config.extra_javascript}
        config.extra_javascript.extend(script for script in SCRIPTS if script not in listed)
        return config

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        from admiralty.site import downloads
        from admiralty.site.context import SiteContext
        from admiralty.site.pages import generate_pages, ruleset_stylesheets
        from admiralty.site.printjob import start_printing

        settings = self.settings(config)
        result = self.validated or _validate(settings.corpus, Path(config.config_file_path or ".").parent)
        self.figures.clear()
        self.downloads.clear()
        self.thumbnails.clear()
        ctx = SiteContext(smoke_dir=settings.smoke if settings.smoke.is_dir() else None,
                          directory_urls=config.use_directory_urls, root=settings.source, rules_index=settings.rules,
                          figures=self.figures, downloads=self.downloads, thumbnails=self.thumbnails)
        site = generate_pages(result.scenarios, result.models_by_ruleset, ctx)
        self.home = site.home
        self.printing = start_printing(self.figures, self.downloads, downloads.map_css(_map_sheets()),
                                       downloads.pdf_cache_dir())  # while MkDocs renders the pages
        assets = {uri: ASSETS / uri for uri in (STYLESHEET, *SCRIPTS)} | ruleset_stylesheets()
        generated = {uri: path.read_text(encoding="utf-8") for uri, path in assets.items()} | site.pages
        for note in site.notes:
            log.info("admiralty: %s", note)
        for src_uri, content in sorted(generated.items()):
            if files.get_file_from_path(src_uri) is not None:  # a hand-written file wins over a generated one
                log.info("admiralty: %s is in %s; not generated", src_uri, config.docs_dir)
                continue
            files.append(File.generated(config, src_uri, content=content))
        return files

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """The scenario cards where a page (the home page) asks for them with ``<!-- admiralty:scenarios -->``;
        their links are relative to the site root, so only a top-level page may ask."""
        from admiralty.site.scenarioindex import HOME_MARKER

        home = getattr(self, "home", "")
        return markdown.replace(HOME_MARKER, home) if home and HOME_MARKER in markdown else markdown

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        """Put the SVG figures in: after Markdown and the search index, which need not parse them."""
        from admiralty.site.a11y import name_the_search_dialog
        from admiralty.site.context import fill_figures

        return name_the_search_dialog(fill_figures(output, self.figures))

    def on_post_template(self, output_content: str, /, *, template_name: str, config: MkDocsConfig) -> str:
        """The 404 page made to work from any root (``a11y.not_found_page``)."""
        from admiralty.site.a11y import not_found_page

        return not_found_page(output_content, config.site_url) if template_name == "404.html" else output_content

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Write the home page cards' thumbnails, and each linked map as an SVG file and a PDF (``downloads``); a
        map that cannot be drawn is a warning, so a strict build fails instead of publishing a dead link."""
        from admiralty.site import downloads
        from admiralty.site.thumbnails import write_thumbnails

        write_thumbnails(self.thumbnails, Path(config.site_dir))
        printing, self.printing = self.printing, None
        for note in downloads.write_downloads(self.figures, self.downloads, Path(config.site_dir),
                                              downloads.map_css(_map_sheets()), pdf=True,
                                              cache=downloads.pdf_cache_dir(), printing=printing):
            log.warning("admiralty: %s", note)

    def on_serve(self, server: LiveReloadServer, /, *, config: MkDocsConfig,
                 builder: Callable[..., object]) -> LiveReloadServer:
        """Rebuild when the corpus, the smoke statistics or the rules index change, not only ``docs/``."""
        settings = self.settings(config)
        for path in [*settings.corpus, settings.smoke, settings.rules]:
            if path is not None and path.exists():
                server.watch(str(path))
        return server


def _map_sheets() -> list[Path]:
    """The stylesheets whose drawing rules go into the map files: the site's, then each rule system's."""
    from admiralty.site.pages import ruleset_stylesheets

    return [ASSETS / STYLESHEET, *ruleset_stylesheets().values()]


def _validate(corpus: tuple[Path, ...], where: Path) -> Validation:
    """The corpus validated in its project (found from the configuration's folder when MkDocs runs on its own, as
    ``mkdocs build``): the corpora its ``admiralty.yaml`` uses are its scenarios' context, so that their maps and
    catalogs get pages."""
    from admiralty.project import CURRENT, ProjectError, find_root, load_project
    from admiralty.validator.diagnostics import Severity
    from admiralty.validator.pipeline import validate

    paths = [str(p) for p in corpus]
    token = None
    if CURRENT.get() is None:
        try:
            token = CURRENT.set(load_project(find_root(where)))
        except ProjectError as error:
            log.warning("admiralty: %s", error)
    try:
        result = validate(paths)
    finally:
        if token is not None:
            CURRENT.reset(token)
    log.info("admiralty: %d scenarios built from %s (%d errors in the corpus)", len(result.scenarios),
             ", ".join(paths), result.report.count(Severity.ERROR))
    return result


def plugin_of(config: MkDocsConfig) -> AdmiraltyPlugin | None:
    """The admiralty plugin of a loaded configuration, or ``None`` when its ``plugins:`` does not list it."""
    return next((p for p in config.plugins.values() if isinstance(p, AdmiraltyPlugin)), None)
