"""Author text made safe for the site, and relative links between generated pages.

Everything an author writes (briefings, titles, names, sources, notes) reaches a reader's browser only
through these functions and those of ``richtext``. Three contexts need three treatments:

- rich text (briefings, notes) is Markdown, rendered by ``richtext`` (which needs the ``site`` extra's
  Python-Markdown; this module needs nothing beyond the standard library, so map drawings and ``diff``
  work on a core install);
- plain text inside HTML we write (table cells, SVG labels, attribute values) is ``html.escape``d;
- headings of generated pages become the page title, which Material's template passes through Jinja's
  ``striptags`` (that unescapes entities once): angle brackets there are replaced by look-alike quotes,
  so no unescaping can turn them back into a tag.
"""

from __future__ import annotations

import html
import posixpath
import re

SAFE_LINK = re.compile(r"^(https?://|mailto:|#)", re.IGNORECASE)
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")  # Python-Markdown's escapable characters
_INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")


def esc(text: object) -> str:
    """Text for an HTML text node."""
    return html.escape(str(text), quote=False)


def attr(text: object) -> str:
    """Text for an HTML or SVG attribute value (always written in double quotes)."""
    return html.escape(str(text), quote=True)


def inline_code(text: object) -> str:
    """Escaped text with `backticked` spans as ``<code>`` (for the project's own short descriptions)."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", esc(text))


def md_literal(text: object) -> str:
    """Text shown literally inside generated Markdown (inline context): HTML-escaped, Markdown-escaped."""
    flat = " ".join(str(text).split())
    return _MARKDOWN_SPECIALS.sub(r"\\\1", html.escape(flat, quote=False))


def heading(text: object) -> str:
    """Author text for a Markdown heading: literal, and with no ``<``/``>`` that a later unescape could revive."""
    return md_literal(str(text).replace("<", "\u2039").replace(">", "\u203a"))


def is_safe_link(url: str) -> bool:
    """Only web, mail and in-page links stay live; ``javascript:``, ``data:`` and relative paths do not."""
    return bool(SAFE_LINK.match(_INVISIBLE.sub("", html.unescape(url))))


def html_block(content: str, css_class: str) -> str:
    """Embed HTML in a generated Markdown page: MkDocs passes a top-level ``div`` block through untouched."""
    return f'\n<div class="{attr(css_class)}">\n{content}\n</div>\n\n'


def page_url(src: str, directory_urls: bool = True) -> str:
    """The URL (relative to the site root) MkDocs gives the page ``src`` (``maps/mini.md`` -> ``maps/mini/``)."""
    stem = src[:-3] if src.endswith(".md") else src
    if not directory_urls:
        return stem + ".html"
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def relative_link(from_src: str, to_src: str, directory_urls: bool = True, anchor: str = "") -> str:
    """A relative link from page ``from_src`` to page ``to_src`` as the built site needs it."""
    here, there = page_url(from_src, directory_urls), page_url(to_src, directory_urls)
    base = here.rstrip("/") if here.endswith("/") else posixpath.dirname(here)
    target = there.rstrip("/") or "."
    link = posixpath.relpath(target, base or ".")
    if there.endswith("/") or there == "":
        link = link.rstrip("/") + "/"
    return link + (f"#{anchor}" if anchor else "")


def slug(text: str) -> str:
    """A file-name-safe slug for ids that are already kebab-case (defensive for anything else)."""
    return re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-") or "x"
