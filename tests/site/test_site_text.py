"""Escaping of author text and relative links between generated pages."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from admiralty.site.richtext import render_markdown
from admiralty.site.text import attr, heading, is_safe_link, md_literal, relative_link


class Elements(HTMLParser):
    """Every start tag with its attributes, as a browser would see them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def elements(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Elements()
    parser.feed(html)
    parser.close()
    return parser.tags


def assert_inert(html: str) -> None:
    """No script, no event handler, no iframe/object/embed/svg/img, and every link web, mail or in-page."""
    for tag, attrs in elements(html):
        assert tag not in {"script", "iframe", "object", "embed", "svg", "img", "style", "base", "form", "meta"}, html
        assert not [name for name in attrs if name.startswith("on")], html
        for name in ("href", "src", "action", "formaction", "xlink:href"):
            if attrs.get(name) is not None:
                assert is_safe_link(attrs[name] or ""), (name, attrs[name])


HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "[x]( JaVaScRiPt:alert(1) )",
    "[x](java\tscript:alert(1))",
    "[x](&#106;avascript:alert(1))",
    "[x](data:text/html,<script>alert(1)</script>)",
    "![x](javascript:alert(1))",
    "![x](https://example.org/track.png)",
    "<a href='javascript:alert(1)'>x</a>",
    "<svg onload=alert(1)>",
    "<iframe src=javascript:alert(1)>",
    "[x][ref]\n\n[ref]: javascript:alert(1)",
    "<javascript:alert(1)>",
    "`<script>`",
    "<div onclick=alert(1)>*x*</div>",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_markdown_renders_inert(text: str) -> None:
    html = render_markdown(text)
    assert_inert(html)


def test_briefing_with_all_three_payloads() -> None:
    html = render_markdown("Hello <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n"
                           "[x](javascript:alert(1))")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html  # shown as text
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "javascript:" not in html and '<span class="defused-link">x</span>' in html
    assert_inert(html)


def test_markdown_still_works() -> None:
    html = render_markdown("*a* **b** `c`\n\n- one\n- two\n\n[site](https://example.org) [top](#top) "
                           "[mail](mailto:a@example.org)")
    assert "<em>a</em>" in html and "<strong>b</strong>" in html and "<code>c</code>" in html
    assert "<li>one</li>" in html
    assert 'href="https://example.org"' in html and 'href="#top"' in html and 'href="mailto:a@example.org"' in html


@pytest.mark.parametrize(("url", "safe"), [
    ("https://example.org", True), ("HTTP://example.org", True), ("mailto:x@example.org", True), ("#anchor", True),
    ("javascript:alert(1)", False), (" javascript:alert(1)", False), ("java\nscript:x", False),
    ("&#106;avascript:x", False), ("data:text/html,x", False), ("vbscript:x", False), ("page.html", False),
    ("//evil.example/x", False), ("", False),
])
def test_link_allowlist(url: str, safe: bool) -> None:
    assert is_safe_link(url) is safe


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*"<>&\"'=/:()[]!`*_ \n#\t", "script", "img", "onerror", "javascript", "href",
                                  "src", "svg", "a", "x", "alert(1)", "&#106;", "data:", "http://"]),
                max_size=40).map("".join))
def test_any_markdown_renders_inert(text: str) -> None:
    assert_inert(render_markdown(text))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_headings_and_attributes_cannot_hold_markup(text: str) -> None:
    assert "<" not in heading(text) and ">" not in heading(text)
    value = attr(text)
    assert '"' not in value and "<" not in value and ">" not in value
    assert "<" not in md_literal(text)


@pytest.mark.parametrize(("src", "dst", "directory_urls", "link"), [
    ("scenarios/index.md", "scenarios/a.md", True, "a/"),
    ("scenarios/a.md", "maps/m.md", True, "../../maps/m/"),
    ("scenarios/a.md", "index.md", True, "../../"),
    ("index.md", "maps/m.md", True, "maps/m/"),
    ("ships/index.md", "ships/cat/cls.md", True, "cat/cls/"),
    ("ships/cat/cls.md", "ships/index.md", True, "../../"),
    ("scenarios/a.md", "maps/m.md", False, "../maps/m.html"),
    ("index.md", "codes/index.md", False, "codes/index.html"),
])
def test_relative_links(src: str, dst: str, directory_urls: bool, link: str) -> None:
    assert relative_link(src, dst, directory_urls) == link
