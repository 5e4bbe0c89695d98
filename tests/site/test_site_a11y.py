"""The 404 page's rewrite (``admiralty.site.a11y``), without a browser: every URL under the site's path becomes
relative to the ``<base>`` a script sets first; other URLs stay as they were; the search dialog is named."""

from __future__ import annotations

import re

import pytest

from admiralty.site.a11y import NAMED_SEARCH_DIALOG, SEARCH_DIALOG, not_found_page, site_path

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="{p}assets/images/favicon.png"><link rel="stylesheet" href="{p}stylesheets/admiralty.css">
<script>__md_scope=new URL("{p}",location)</script></head><body>
{dialog}<a href="{p}." class="md-header__button">home</a><a href="{p}">root</a><a href="{p}scenarios/">s</a>
<a href="https://example.org/{p}x">out</a><a href="//cdn.example.org/x.css">cdn</a>
<script id="__config" type="application/json">{{"base": "{p}", "search": "{p}assets/javascripts/search.js"}}</script>
<script src="{p}assets/javascripts/bundle.js"></script></body></html>"""


@pytest.mark.parametrize(("site_url", "prefix"), [("https://admiralty.github.io/admiralty/", "/admiralty/"),
                                                  ("https://host.example/docs", "/docs/"), (None, "/")])
def test_the_404_page_loads_everything_from_the_base(site_url: str | None, prefix: str) -> None:
    assert site_path(site_url) == prefix
    out = not_found_page(PAGE.format(p=prefix, dialog=SEARCH_DIALOG), site_url)
    assert re.search(r"<head><script>.*var p=\"" + re.escape(prefix) + r"\".*document\.head\.appendChild\(b\)", out)
    assert out.index("appendChild(b)") < out.index("<link")  # the base is set before anything loads
    links = re.findall(r'\s(?:href|src)="([^"]*)"', out)
    assert links == ["assets/images/favicon.png", "stylesheets/admiralty.css", ".", "./", "scenarios/",
                     f"https://example.org/{prefix}x", "//cdn.example.org/x.css", "assets/javascripts/bundle.js"]
    assert 'new URL(".",document.baseURI)' in out and f'new URL("{prefix}",location)' not in out
    assert '{"base": "", "search": "assets/javascripts/search.js"}' in out
    assert out.index("</script><script>(function(c)") > out.index('id="__config"')  # the config resolved after it
    assert NAMED_SEARCH_DIALOG in out
