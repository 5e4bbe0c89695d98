"""The built site (``build_site``, strict): every page's links resolve and no author text is live markup."""

from __future__ import annotations

import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.scripts: list[str] = []  # the text of every script element the browser would run
        self.data_blocks: list[str] = []  # <script type="application/json">: data, never run
        self.title = ""  # the document's own <title>, not those inside inline SVG
        self.titles = 0
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))
        self._in = tag if tag == "script" or (tag == "title" and not self.titles) else None
        if tag == "script" and dict(attrs).get("type") == "application/json":
            self._in = "data"
        if tag == "title":
            self.titles += 1

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "script":
            self.scripts.append(data)
        elif self._in == "data":
            self.data_blocks.append(data)
        elif self._in == "title":
            self.title += data


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_expected_page_is_built(built_site: Path) -> None:
    from admiralty.validator.diagnostics import CODES

    for page in ("index.html", "authoring/index.html", "ci/index.html", "coverage/index.html",
                 "rules/dreadnought/index.html", "rules/renaissance/index.html", "rules/napoleonic/index.html",
                 "scenarios/index.html", "scenarios/mini-raid/index.html", "scenarios/hostile-raid/index.html",
                 "sheets/mini-raid/index.html", "maps/mini/index.html", "maps/hostile-sea/index.html",
                 "ships/index.html", "ships/ah-test/novara/index.html", "codes/index.html"):
        assert (built_site / page).is_file(), page
    for code in CODES:
        assert (built_site / "codes" / code.lower() / "index.html").is_file(), code


def test_nothing_is_generated_into_docs(built_site: Path) -> None:
    pages = ROOT / "docs"
    docs = {p.relative_to(pages).as_posix() for p in pages.rglob("*") if p.is_file()}
    assert not [p for p in docs if p.startswith(("scenarios/", "maps/", "codes/", "ships/", "sheets/"))]
    assert "coverage.md" not in docs


def test_every_local_link_resolves(built_site: Path) -> None:
    broken = []
    for path in html_pages(built_site):
        if path.name == "404.html":  # served for any missing URL, so MkDocs links it from the site root
            continue
        here = path.relative_to(built_site).parent.as_posix()
        for tag, attrs in parse(path).tags:
            for name in ("href", "src"):
                url = attrs.get(name)
                if not url or tag == "use":
                    continue
                parts = urlsplit(url)
                if parts.scheme or parts.netloc or not parts.path:
                    continue
                target = built_site / posixpath.normpath(posixpath.join(here, unquote(parts.path)))
                if not (target.is_file() or (target / "index.html").is_file()):
                    broken.append(f"{path.relative_to(built_site)}: {name}={url}")
    assert not broken, broken[:20]


def test_the_site_loads_nothing_from_outside(built_site: Path) -> None:
    for path in html_pages(built_site):
        for tag, attrs in parse(path).tags:
            if tag in ("script", "img", "link", "iframe"):
                loads = tag != "link" or attrs.get("rel") in ("stylesheet", "icon", "preload", "modulepreload")
                url = (attrs.get("src") or attrs.get("href") or "") if loads else ""
                assert not urlsplit(url).netloc, f"{path}: {tag} {url}"


@pytest.mark.parametrize("page", ["scenarios/hostile-raid/index.html", "sheets/hostile-raid/index.html",
                                  "maps/hostile-sea/index.html", "scenarios/index.html",
                                  "ships/hostile-ah/novara/index.html"])
def test_hostile_author_text_is_never_markup(built_site: Path, page: str) -> None:
    parsed = parse(built_site / page)
    assert not [s for s in parsed.scripts if "__pwned" in s], "an author's <script> became a script element"
    for block in parsed.data_blocks:  # the replay's data: JSON whose author text holds no '<' that could end it
        assert "<" not in block and json.loads(block)
    for tag, attrs in parsed.tags:
        assert not [k for k, v in attrs.items() if k.startswith("on")], (tag, attrs)
        assert not attrs.get("href", "").lower().lstrip().startswith("javascript:"), (tag, attrs)
        assert not (tag == "img" and attrs.get("src") == "x"), (tag, attrs)
        assert tag != "svg" or "onload" not in attrs
    assert "<" not in parsed.title  # Material puts the heading through striptags: nothing may come back
    text = (built_site / page).read_text(encoding="utf-8")
    assert "&lt;script&gt;window.__pwned" in text or "‹script›" in text or page.startswith("ships/")


def test_hostile_briefing_is_shown_as_text(built_site: Path) -> None:
    text = (built_site / "scenarios/hostile-raid/index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in text
    assert "&lt;img src=x onerror=window.__pwned=2&gt;" in text
    assert '<span class="defused-link">x</span>' in text
    assert '<a href="https://example.org/history" rel="nofollow noopener noreferrer">a proper link</a>' in text


def test_scenario_page_svg_has_one_zone_per_map_zone(built_site: Path) -> None:
    text = (built_site / "scenarios/mini-raid/index.html").read_text(encoding="utf-8")
    svg = re.search(r'<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map".*?</svg>', text, re.S)
    assert svg
    assert len(re.findall(r'<polygon class="zone ', svg.group(0))) == 13
    assert "admiralty-chart" in text  # the balance chart from the smoke statistics


def test_every_figure_placeholder_is_filled(built_site: Path) -> None:
    for path in html_pages(built_site):
        assert "data-admiralty-figure" not in path.read_text(encoding="utf-8"), path


def test_search_index_holds_the_briefings(built_site: Path) -> None:
    index = (built_site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "zanzibarite" in index and "Two light cruisers" in index


def test_print_css_puts_one_sheet_per_page(built_site: Path) -> None:
    css = (built_site / "stylesheets" / "admiralty.css").read_text(encoding="utf-8")
    printing = "".join(part.split("\n}\n", 1)[0] for part in css.split("@media print")[1:])
    assert re.search(r"\.sheet\s*\{[^}]*break-before:\s*page", printing)
    sheets = (built_site / "sheets/mini-raid/index.html").read_text(encoding="utf-8")
    # the scenario (briefing, victory, special rules, set-up with the orders of battle); the map; per side:
    # written orders, record sheet; the tracks
    assert sheets.count('class="sheet ') == 1 + 1 + 2 * 2 + 1 and sheets.count('class="sheet sheet-scenario"') == 1
    turn_track = sheets.split("<h3>Turn track</h3>")[1].split("</div>")[0]
    boxes = turn_track.count('class="track-box"') + turn_track.count('class="track-box marked"')
    assert boxes == 6 and turn_track.count('class="track-box marked"') == 2  # six turns, two of them night
    assert sheets.count("<h3>Victory points: ") == 2 and 'class="sheet sheet-map"' in sheets
    assert sheets.count('class="hull-box"') == 2 * 4 + 2 * 2  # two Novaras (4 boxes), two Aquilas (2)
    assert sheets.count('class="fuel-box fuel-oil"') == 2 * 3


def test_every_clause_link_lands_on_its_anchor(built_site: Path) -> None:
    """Clause ids on scenario pages are links to per-clause anchors that exist on the rules pages."""
    links, missing = 0, []
    anchors: dict[Path, set[str]] = {}
    for path in html_pages(built_site):
        here = path.relative_to(built_site).parent.as_posix()
        for tag, attrs in parse(path).tags:
            if tag != "a" or "clause" not in attrs.get("class", "").split():
                continue
            links += 1
            parts = urlsplit(attrs["href"])
            target = built_site / posixpath.normpath(posixpath.join(here, unquote(parts.path))) / "index.html"
            if target not in anchors:
                anchors[target] = {a.get("id", "") for _, a in parse(target).tags} if target.is_file() else set()
            if parts.fragment not in anchors[target]:
                missing.append(f"{path.relative_to(built_site)}: {attrs['href']}")
    assert links > 10 and not missing, missing[:20]


def test_class_page_has_its_counter_figures_and_scenarios(built_site: Path) -> None:
    """A class page draws the class's counter from its data, explains each figure, and links the scenarios
    that put a ship of the class to sea (Novara sails in mini-raid)."""
    text = (built_site / "ships" / "ah-test" / "novara" / "index.html").read_text(encoding="utf-8")
    assert 'class="ship-counter"' in text and "<rect" in text.split('class="ship-counter"')[1]
    for figure in ("Speed", "Hull", "Guns P/S/T", "Torp.", "VP"):
        assert f"<th>{figure}</th>" in text, figure
    assert "Scenarios with ships of this class" in text
    scenarios = text.split("Scenarios with ships of this class")[-1]
    assert 'href="../../../scenarios/mini-raid/"' in scenarios and "Novara" in scenarios
