"""MkDocs hook: validate the corpus and generate the reference pages into the build (never into docs/).

Settings come from the environment: ``ADMIRALTY_CORPUS`` (paths separated by the OS path separator; default
``scenarios`` in the working directory), ``ADMIRALTY_SMOKE`` (smoke statistics folder; default ``build/smoke``),
``ADMIRALTY_RULES`` (the rules index; default ``RULES.md`` of a checkout when present).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

from admiralty.resources import SOURCE_ROOT

log = logging.getLogger("mkdocs.hooks.admiralty")
FIGURES: dict[str, str] = {}  # SVG figures of this build, put into the pages after MkDocs renders them
DOWNLOADS: set[str] = set()  # the map figures the pages link as SVG and PDF files


def _paths(value: str | None, default: Path) -> list[str]:
    if not value:
        return [str(default)]
    return [str(Path(p).resolve()) for p in value.split(os.pathsep) if p]


def _rules_index() -> Path | None:
    given = os.environ.get("ADMIRALTY_RULES")
    candidates = [Path(given)] if given else [SOURCE_ROOT / "RULES.md"]
    return next((p for p in candidates if p.is_file()), None)


def on_config(config: Any) -> Any:
    """Put one navigation entry per installed rule system after the "Rule systems" page, one per rule system's
    authoring guide after "Writing a scenario", and each rule system's own stylesheet after the site's."""
    from admiralty.site.pages import guides_nav, rules_nav, ruleset_stylesheets

    for section in config.nav or []:
        entries = section.get("Rules") if isinstance(section, dict) else None
        if isinstance(entries, list):
            at = next((i for i, e in enumerate(entries) if "rules/index.md" in e.values()), len(entries) - 1)
            entries[at + 1:at + 1] = rules_nav()
        entries = section.get("Authors") if isinstance(section, dict) else None
        if isinstance(entries, list):
            at = next((i for i, e in enumerate(entries) if "authoring.md" in e.values()), len(entries) - 1)
            entries[at + 1:at + 1] = guides_nav()
    config.extra_css.extend(uri for uri in ruleset_stylesheets() if uri not in config.extra_css)
    return config


def on_files(files: Files, config: Any) -> Files:
    from admiralty.site.context import SiteContext
    from admiralty.site.pages import generate_pages, ruleset_stylesheets
    from admiralty.validator.diagnostics import Severity
    from admiralty.validator.pipeline import validate

    corpus = _paths(os.environ.get("ADMIRALTY_CORPUS"), Path.cwd() / "scenarios")
    smoke = Path(os.environ.get("ADMIRALTY_SMOKE") or Path.cwd() / "build" / "smoke")
    result = validate(corpus)
    errors = result.report.count(Severity.ERROR)
    log.info("admiralty: %d scenarios built from %s (%d errors in the corpus)", len(result.scenarios),
             ", ".join(corpus), errors)
    FIGURES.clear()
    DOWNLOADS.clear()
    ctx = SiteContext(smoke_dir=smoke if smoke.is_dir() else None, directory_urls=config.use_directory_urls,
                      root=SOURCE_ROOT, rules_index=_rules_index(), figures=FIGURES, downloads=DOWNLOADS)
    site = generate_pages(result.scenarios, result.models_by_ruleset, ctx)
    for src_uri, path in ruleset_stylesheets().items():
        files.append(File.generated(config, src_uri, content=path.read_text(encoding="utf-8")))
    for note in site.notes:
        log.info("admiralty: %s", note)
    for src_uri, content in sorted(site.pages.items()):
        existing = files.get_file_from_path(src_uri)
        if existing is not None:  # a hand-written page wins over a generated one of the same path
            log.info("admiralty: %s is hand-written; not generated", src_uri)
            continue
        files.append(File.generated(config, src_uri, content=content))
    return files


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Put the SVG figures in: after Markdown and the search index, which need not parse them."""
    from admiralty.site.context import fill_figures

    return fill_figures(output, FIGURES)


def on_post_build(config: Any) -> None:
    """Write each linked map as an SVG file and a PDF (``downloads``); a map that cannot be drawn is a warning,
    so a strict build fails instead of publishing a dead link."""
    from admiralty.resources import package_path
    from admiralty.site import downloads
    from admiralty.site.pages import ruleset_stylesheets

    sheets = [package_path("site", "docs", "stylesheets", "admiralty.css"), *ruleset_stylesheets().values()]
    for note in downloads.write_downloads(FIGURES, DOWNLOADS, Path(config.site_dir), downloads.map_css(sheets),
                                          pdf=downloads.pdf_available()):
        log.warning("admiralty: %s", note)
