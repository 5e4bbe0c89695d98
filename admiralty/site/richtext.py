"""Author Markdown rendered as safe HTML (briefings, notes, sources, map descriptions).

Python-Markdown comes with the ``site`` extra only, so it is imported when the first text is rendered, not
when this module is: the site's modules (renderers, map drawings, their stylesheets) then import on a core
install, where ``admiralty diff`` draws its map pictures with them and renders no Markdown.
Raw HTML in the source is text, never markup, and only ``http``, ``https``, ``mailto`` and in-page links
stay live.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from functools import cache
from typing import TYPE_CHECKING

from admiralty.site.text import heading, html_block, is_safe_link

if TYPE_CHECKING:
    import markdown


@cache
def _escape_html_extension() -> type[markdown.extensions.Extension]:
    """The Markdown extension that keeps raw HTML as text and defuses links (built once, on first use)."""
    from markdown.extensions import Extension
    from markdown.treeprocessors import Treeprocessor

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

    return EscapeHtml


def render_markdown(text: str) -> str:
    """Author Markdown as safe HTML: raw HTML shown as text, only http(s)/mailto/#anchor links live."""
    import markdown

    renderer = markdown.Markdown(extensions=[_escape_html_extension()(), "tables", "sane_lists"])
    return renderer.convert(text)


def render_inline(text: str) -> str:
    """Short author Markdown (a source, a note) as safe HTML without the wrapping paragraph."""
    rendered = render_markdown(text)
    if rendered.startswith("<p>") and rendered.endswith("</p>") and rendered.count("<p>") == 1:
        return rendered[3:-4]
    return rendered


def document_head(title: str, label: str, description: str, sources: tuple[str, ...] | list[str]) -> list[str]:
    """The start of a map's (or table's) reference page: its title, a line such as "Map id: `adriatic`.", the
    author's description and its sources, all escaped or rendered as author text."""
    out = [f"# {heading(title)}\n", f"{label}\n"]
    if description:
        out.append(html_block(render_markdown(description), "author-text"))
    shown = player_sources(sources)
    if shown:
        out.append(html_block("<ul>" + "".join(f"<li>{render_inline(s)}</li>" for s in shown) + "</ul>", "sources"))
    return out


GENERATED_BY = re.compile(r"^\s*Generated with `admiralty ")
BUILD_PATH = re.compile(r"[;,]?\s*\.\.?/\S+")


def player_sources(sources: tuple[str, ...] | list[str]) -> list[str]:
    """The sources a reader of the site can follow: without the command line that generated a file and without
    paths into the build tree (``../shared/data/...``), which are notes for the authors in the YAML."""
    out = []
    for source in sources:
        if GENERATED_BY.match(source):
            continue
        cleaned = BUILD_PATH.sub("", source).strip()
        if cleaned:
            out.append(cleaned)
    return out
