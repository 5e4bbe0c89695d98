"""The print pack: the pieces every rule system's printable sheets share. One ``section.sheet`` is one printed
page (Letter or A4, chosen by the two print buttons). A pack is a whole scenario to play from: the scenario
sheet (short briefing, victory conditions, special rules, set-up, scripted actions or fire plan), the map, the
orders of battle, record sheets packed densely (``pack_cards``: cards placed in rows by their estimated
height, not a fixed count a sheet), a turn track and a victory-point track that reaches the scenario's largest
threshold (``vp_track``: one box a point up to 120; beyond, a ones row and a tens row, and a hundreds row
past 999).

Heights are estimated in CSS pixels for the smaller page of Letter and A4 inside the 10 mm margins
(``PAGE_HEIGHT``), at the print styles below (``PRINT_CSS``). The browser test prints every pack to PDF on both
papers, checks one page per sheet and that nothing spills over the page box, and reads the text back.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import TypeVar

from admiralty.site.richtext import render_markdown
from admiralty.site.text import attr, esc

T = TypeVar("T")
PAPERS: dict[str, str] = {"Letter": "letter", "A4": "A4"}  # button label -> CSS page size
PAGE_HEIGHT = 800  # px a sheet's body may fill: Letter's 979 inside 10 mm margins, less the heading and slack
LINE = 14  # px: one line of 8pt text in the print styles (line height 1.3)
CHARS_PER_LINE = 100  # 8pt text across the page width, on the safe side
ROW_CHARS = 45  # a table row's text a line: the name column wraps first
SINGLE_TRACK_MAX = 120  # up to here one box a point; beyond, ones and tens (and hundreds) rows
BRIEFING_CHARS = 700  # the short briefing: its first paragraph, cut at a sentence near this length

# The print pack's own styles (with the page's, so they travel with it): denser record cards, smaller boxes,
# a three-column card grid, and the scenario sheet's text at 8pt.
PRINT_CSS = """<style>
@media print {
  .sheet-scenario, .sheet-setup { font-size: 8pt; line-height: 1.3; }
  .sheet-scenario h3, .sheet-setup h3 { font-size: 9.5pt; margin: .35em 0 .1em; }
  .sheet-scenario ol, .sheet-scenario ul, .sheet-setup ol, .sheet-setup ul { margin: .1em 0 .2em 1.2em; }
  .md-typeset :is(.sheet-scenario, .sheet-setup) li { margin: 0 0 .05em; }
  .sheet-scenario .briefing p { margin: .15em 0; }
  .sheet-scenario table { font-size: 7.5pt; line-height: 1.25; margin: .1em 0 .3em; }
  .sheet-scenario table :is(td, th):first-child { width: 38%; }
  .sheet-scenario table :is(td, th) { padding: .05em .3em !important; }
  .sheet .records.dense { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 3px; }
  .sheet .records.dense .record { padding: 2px 4px; font-size: 7pt; line-height: 1.2; }
  .sheet .records.dense .record-row { margin-top: 1px; gap: 2px; }
  .sheet .records.dense .record-label { width: 3.2em; font-size: 6.5pt; }
  .sheet .records.dense :is(.hull-box, .fuel-box, .tally-box, .piece-box) { width: 8px; height: 8px;
    border-width: 1px; margin: 0; }
  .sheet .records.dense .base-group { padding: 1px 2px; margin-right: 2px; gap: 1px; }
  .sheet .vp-track .track-box { min-width: 1.9em; height: 1.5em; line-height: 1.5em; font-size: 6.5pt; }
  .sheet .vp-track [data-row="hundreds"] .track-box { min-width: 2.7em; }  /* "1300" inside its box */
}
</style>"""

PRINT_SCRIPT = """<script>
(function () {
  var style = document.getElementById("admiralty-page-size");
  document.querySelectorAll("button[data-paper]").forEach(function (button) {
    button.addEventListener("click", function () {
      style.textContent = "@page { size: " + button.getAttribute("data-paper") + " portrait; margin: 10mm; }";
      window.print();
    });
  });
})();
</script>"""


def controls() -> str:
    """The paper buttons (each sets the page size, then opens the browser's print dialog: save as PDF). The
    pack is an HTML page only a browser lays out, so the site offers no ready PDF file of it and says so."""
    buttons = "".join(f'<button type="button" class="md-button" data-paper="{attr(size)}">Print or save as PDF '
                      f"({esc(label)})</button> " for label, size in PAPERS.items())
    return (PRINT_CSS + f'<style id="admiralty-page-size">@page {{ size: letter portrait; margin: 10mm; }}</style>'
            f'<p class="print-controls">{buttons}</p>'
            '<p class="print-controls print-note">Each button sets the paper size and opens your browser\'s print '
            "dialog: print, or choose <em>Save as PDF</em> there for a file. Every sheet below is one page. The "
            "maps alone are ready SVG and PDF files: see <em>Download this map</em> on the scenario page.</p>")


def chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    """``items`` cut into runs of at most ``size`` (at least one run, maybe empty)."""
    return [items[i:i + size] for i in range(0, len(items), size)] or [items[:0]]


def sheet(kind: str, title: str, subtitle: str, body: str, **data: str) -> str:
    """One printed page: ``section.sheet`` with a heading (escaped) and ready HTML ``body``."""
    attrs = "".join(f' data-{k}="{attr(v)}"' for k, v in data.items())
    return (f'<section class="sheet sheet-{attr(kind)}"{attrs}><h2>{esc(title)}</h2>'
            f'<p class="sheet-sub">{esc(subtitle)}</p>{body}</section>')


def track(label: str, values: Iterable[str], marked: Iterable[str] = (), mark_note: str = "") -> str:
    """A row of numbered boxes to move a marker along (a turn track, a VP track); ``marked`` boxes shaded."""
    shaded = set(marked)
    boxes = "".join(f'<span class="track-box{" marked" if v in shaded else ""}">{esc(v)}</span>' for v in values)
    note = f'<p class="track-note">{esc(mark_note)}</p>' if mark_note and shaded else ""
    return f'<div class="track"><h3>{esc(label)}</h3><div class="track-boxes">{boxes}</div>{note}</div>'


def vp_rows(top: int) -> list[tuple[str, list[int]]]:
    """The rows of a victory-point track reaching ``top``: one box a point up to ``SINGLE_TRACK_MAX``; beyond, a
    ones row (0-9) and a tens row to ``top`` rounded up, and past 999 a tens row (0-90) and a hundreds row."""
    top = max(10, top)
    if top <= SINGLE_TRACK_MAX:
        return [("", list(range(0, top + 1)))]
    ones = ("ones", list(range(10)))
    if top < 1000:
        return [ones, ("tens", list(range(0, 10 * math.ceil(top / 10) + 1, 10)))]
    return [ones, ("tens", list(range(0, 100, 10))), ("hundreds", list(range(0, 100 * math.ceil(top / 100) + 1, 100)))]


def vp_track(side: str, top: int) -> str:
    """One side's victory-point track reaching ``top`` (see ``vp_rows``): one marker a row, the score their sum."""
    rows = vp_rows(top)
    reach = rows[-1][1][-1]
    body = "".join(f'<div class="track-boxes" data-row="{attr(name or "points")}">'
                   + "".join(f'<span class="track-box">{v}</span>' for v in values) + "</div>" for name, values in rows)
    names = ", ".join(name for name, _ in rows)
    note = ("" if len(rows) == 1 else
            f'<p class="track-note">One marker on each row ({names}); the score is their sum.</p>')
    return (f'<div class="track vp-track" data-reach="{reach}"><h3>Victory points: {esc(side)} (to {reach})</h3>'
            f"{body}{note}</div>")


def tracks_sheet(title: str, turns: int, night: Iterable[int], sides: Sequence[str], vp_top: int) -> str:
    """The turn track (night turns shaded) and one VP track per side reaching ``vp_top`` (the largest victory
    threshold or the most a side can score, whichever is larger), on one sheet."""
    turn_track = track("Turn track", [str(t) for t in range(1, turns + 1)], [str(t) for t in night],
                       "shaded: night turns")
    vp = "".join(vp_track(side, vp_top) for side in sides)
    return sheet("tracks", "Turn and victory-point tracks", title, turn_track + vp)


def short_briefing(text: str, limit: int = BRIEFING_CHARS) -> str:
    """The briefing's short form as HTML: its first paragraph, cut after the last sentence that ends before
    ``limit`` characters (the whole paragraph when it is shorter; the scenario page has the rest)."""
    first = text.strip().split("\n\n", 1)[0].strip()
    if len(first) > limit:
        ends = [m.end() for m in re.finditer(r"[.!?](?=\s)", first[:limit])]
        first = first[:ends[-1]] if ends else first[:limit].rsplit(" ", 1)[0] + " ..."
    return render_markdown(first) if first else ""


def text_height(html: str, chars_per_line: int = CHARS_PER_LINE) -> int:
    """Estimated height in px of an HTML block of 8pt text: each paragraph, item, row or heading starts a line,
    and its text wraps at ``chars_per_line`` (a table row's at ``ROW_CHARS``: its cells share the width, the
    widest of them holding a name that wraps)."""
    height = 0
    for block in re.split(r"(?=<(?:p|li|tr|h[1-6])\b)", html):
        text = re.sub(r"<[^>]+>", "", block).strip()
        if not text:
            continue
        row = block.startswith("<tr")
        lines = max(1, math.ceil(len(text) / (ROW_CHARS if row else chars_per_line)))
        height += lines * LINE + (LINE // 2 if row else 0) + (8 if re.match(r"<h[1-6]\b", block) else 0)
    return height


def pack_sections(kind: str, title: str, subtitle: str, sections: Sequence[tuple[str, str]], **data: str) -> list[str]:
    """Sheets holding ``(heading, html)`` sections in order, a new sheet when the next would overflow the page (a
    section taller than a page is cut at its list items); "(2 of 3)" in the titles when there are several."""
    pages: list[list[str]] = [[]]
    used = 0
    for head, html in sections:
        for number, part in enumerate(_split_tall(html)):
            label = head if number == 0 else f"{head} (continued)"
            block = f"<h3>{esc(label)}</h3>{part}" if head else part
            height = text_height(block)
            if pages[-1] and used + height > PAGE_HEIGHT:
                pages.append([])
                used = 0
            pages[-1].append(block)
            used += height
    return [sheet(kind, title + (f" ({n} of {len(pages)})" if len(pages) > 1 else ""), subtitle, "".join(body), **data)
            for n, body in enumerate(pages, 1)]


def _split_tall(html: str) -> list[str]:
    """A section as it is, or, when taller than a page, cut into lists of its items that each fit."""
    if text_height(html) <= PAGE_HEIGHT:
        return [html]
    found = re.fullmatch(r"\s*<(ol|ul)>(.*)</\1>\s*", html, flags=re.DOTALL)
    if not found:
        return [html]
    tag, items = found.group(1), re.findall(r"<li>.*?</li>", found.group(2), flags=re.DOTALL)
    parts: list[list[str]] = []
    current: list[str] = []
    used = 0
    for item in items:
        height = text_height(item)
        if current and used + height > PAGE_HEIGHT - 3 * LINE:
            parts.append(current)
            current, used = [], 0
        current.append(item)
        used += height
    parts.append(current)
    start = 1
    out = []
    for part in parts:
        out.append(f'<{tag} start="{start}">' + "".join(part) + f"</{tag}>" if tag == "ol" else
                   f"<{tag}>" + "".join(part) + f"</{tag}>")
        start += len(part)
    return out


def pack_cards(cards: Sequence[tuple[str, int]], columns: int = 3, budget: int = PAGE_HEIGHT) -> list[list[str]]:
    """Record cards ``(html, estimated px height)`` cut into sheets: the cards fill a grid of ``columns``, each
    grid row as tall as its tallest card, a new sheet when the next row would overflow ``budget``."""
    pages: list[list[str]] = [[]]
    used = 0
    for start in range(0, len(cards), columns):
        row = cards[start:start + columns]
        height = max(h for _, h in row) + 3
        if pages[-1] and used + height > budget:
            pages.append([])
            used = 0
        pages[-1].extend(html for html, _ in row)
        used += height
    return pages


def box_rows(count: int, per_row: int) -> int:
    """Rows a run of ``count`` tally boxes wraps to at ``per_row`` a row (none for none)."""
    return math.ceil(max(0, count) / per_row)


def map_sheet(title: str, figure: str) -> str:
    """The map on a sheet of its own (the figure is the page's own SVG figure block)."""
    return sheet("map", "Map", title, f'<div class="sheet-map">{figure}</div>')
