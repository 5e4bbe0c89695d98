"""Accessibility fixes made on the rendered HTML (issue 38, item 9): what the theme's templates leave out.

- Material's search overlay is a ``role="dialog"`` with no name (axe-core's ``aria-dialog-name``, serious): it is
  named "Search".
- The 404 page works from any root. MkDocs renders it once, with every URL absolute under the path of
  ``site_url`` (``/admiralty/assets/...``; ``/`` without one), because a server shows it at whatever address
  was missed. Served from another root (``admiralty docs --serve`` or ``python -m http.server`` from ``/``, a
  preview under another path) none of its stylesheets, scripts or links loaded. Here its URLs become relative
  to a ``<base>`` that a script at the top of ``<head>`` sets before anything loads: the folder of
  ``404.html`` when it is opened by name, else the ``site_url`` path when the address lies under it, else ``/``.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
NAMED_SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog" aria-label="Search">'


def name_the_search_dialog(html: str) -> str:
    """The page with Material's search dialog named (``aria-label="Search"``)."""
    return html.replace(SEARCH_DIALOG, NAMED_SEARCH_DIALOG, 1)


def site_path(site_url: str | None) -> str:
    """The path the site is published under: ``/admiralty/`` for ``https://example.org/admiralty``, ``/``
    without a URL."""
    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def base_script(prefix: str) -> str:
    """A script for the top of ``<head>``: the ``<base>`` of the site's root, found from the page's address."""
    return ("<script>(function(){var p=" + json.dumps(prefix) + ",l=location.pathname,"
            "r=/\\/404\\.html$/.test(l)?l.slice(0,l.length-8):l.indexOf(p)===0?p:\"/\","
            "b=document.createElement(\"base\");b.href=r;document.head.appendChild(b)})()</script>")


# After Material's configuration, before its bundle reads it: the search worker and the site's base, which the
# bundle resolves against the page's own address, resolved against the <base> instead.
CONFIG_FIX = ('<script>(function(c){if(!c)return;var j=JSON.parse(c.textContent);'
              'j.base=new URL(".",document.baseURI).href;j.search=new URL(j.search,document.baseURI).href;'
              'c.textContent=JSON.stringify(j)})(document.getElementById("__config"))</script>')


def not_found_page(html: str, site_url: str | None) -> str:
    """The rendered ``404.html`` made to work from any root (see the module's docstring)."""
    prefix = site_path(site_url)
    quoted = re.escape(prefix)
    html = re.sub(r'(\s(?:href|src)=")' + quoted + r'("|[^"/][^"]*")', lambda m: m.group(1) + _relative(m.group(2)),
                  html)
    html = html.replace(f"new URL({json.dumps(prefix)},location)", 'new URL(".",document.baseURI)')
    html = re.sub(r'("(?:base|search)": ")' + quoted, r"\1", html)
    html = re.sub(r"(<head[^>]*>)", lambda m: m.group(1) + base_script(prefix), html, count=1)
    html = re.sub(r'(<script id="__config"[^>]*>.*?</script>)', lambda m: m.group(1) + CONFIG_FIX, html, count=1,
                  flags=re.DOTALL)
    return name_the_search_dialog(html)


def _relative(rest: str) -> str:
    """``"`` (the root itself) as ``./"``; any other rest of a URL as it is."""
    return './"' if rest == '"' else rest
