"""The print pack: the pieces every rule system's printable sheets share. One ``section.sheet`` is one printed
page (Letter or A4, chosen by the two print buttons); long lists are cut into sheets that fit (``chunks``);
the map, a turn track and a victory-point track each have a sheet of their own.

The browser test prints the pack to PDF on both paper sizes and checks one page per sheet and that nothing
spills over the page box.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from admiralty.site.text import attr, esc

T = TypeVar("T")
PAPERS: dict[str, str] = {"Letter": "letter", "A4": "A4"}  # button label -> CSS page size

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
    return (f'<style id="admiralty-page-size">@page {{ size: letter portrait; margin: 10mm; }}</style>'
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


def tracks_sheet(title: str, turns: int, night: Iterable[int], sides: Sequence[str], vp_max: int) -> str:
    """The turn track (night turns shaded) and one VP track per side, on one sheet."""
    turn_track = track("Turn track", [str(t) for t in range(1, turns + 1)], [str(t) for t in night],
                       "shaded: night turns")
    top = max(10, min(vp_max, 120))
    vp = "".join(track(f"Victory points: {side}", [str(v) for v in range(0, top + 1)]) for side in sides)
    return sheet("tracks", "Turn and victory-point tracks", title, turn_track + vp)


def map_sheet(title: str, figure: str) -> str:
    """The map on a sheet of its own (the figure is the page's own SVG figure block)."""
    return sheet("map", "Map", title, f'<div class="sheet-map">{figure}</div>')
