"""Author text made safe for the site, and relative links between generated pages.

Everything an author writes (briefings, titles, names, sources, notes) reaches a reader's browser only
through these functions. Three contexts need three treatments:

- rich text (briefings, notes) is Markdown rendered by its own Python-Markdown instance that treats raw
  HTML as text and keeps only ``http``, ``https``, ``mailto`` and in-page links live;
- plain text inside HTML we write (table cells, SVG labels, attribute values) is ``html.escape``d;
- headings of generated pages become the page title, which Material's template passes through Jinja's
  ``striptags`` (that unescapes entities once): angle brackets there are replaced by look-alike quotes,
  so no unescaping can turn them back into a tag.
"""

from __future__ import annotations

import html
import posixpath
import re
import xml.etree.ElementTree as etree

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

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


class _DefuseLinks(Treeprocessor):
    """Unsafe links become plain text; images become links to the image (no remote loads on page view)."""

    def run(self, root: etree.Element) -> None:
        for parent in list(root.iter()):
            for index, child in enumerate(list(parent)):
                if child.tag == "a" and not is_safe_link(child.get("href", "")):
                    child.tag = "span"
                    child.attrib.clear()
                    child.set("class", "defused-link")
                elif child.tag == "img":
                    src, alt = child.get("src", ""), child.get("alt", "") or "image"
                    replacement = etree.Element("a" if is_safe_link(src) else "span")
                    if is_safe_link(src):
                        replacement.set("href", src)
                    replacement.text = alt
                    replacement.tail = child.tail
                    parent.remove(child)
                    parent.insert(index, replacement)
            for child in parent:
                if child.tag == "a":
                    child.set("rel", "nofollow noopener noreferrer")


class EscapeHtml(Extension):
    """Raw HTML in the source is text, never markup; links are defused by ``_DefuseLinks``."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.treeprocessors.register(_DefuseLinks(md), "defuse_links", 0)


def render_markdown(text: str) -> str:
    """Author Markdown as safe HTML: raw HTML shown as text, only http(s)/mailto/#anchor links live."""
    renderer = markdown.Markdown(extensions=[EscapeHtml(), "tables", "sane_lists"])
    return renderer.convert(text)


def render_inline(text: str) -> str:
    """Short author Markdown (a source, a note) as safe HTML without the wrapping paragraph."""
    rendered = render_markdown(text)
    if rendered.startswith("<p>") and rendered.endswith("</p>") and rendered.count("<p>") == 1:
        return rendered[3:-4]
    return rendered


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


def document_head(title: str, label: str, description: str, sources: tuple[str, ...] | list[str]) -> list[str]:
    """The start of a map's (or table's) reference page: its title, a line such as "Map id: `adriatic`.", the
    author's description and its sources, all escaped or rendered as author text."""
    out = [f"# {heading(title)}\n", f"{label}\n"]
    if description:
        out.append(html_block(render_markdown(description), "author-text"))
    if sources:
        out.append(html_block("<ul>" + "".join(f"<li>{render_inline(s)}</li>" for s in sources) + "</ul>", "sources"))
    return out
