"""The print pack's shared pieces (printpack.py), without a browser: the victory-point track that reaches the
scenario's largest threshold, the short briefing, and the packing of sections and record cards into sheets.
The browser test (test_site_browser_print.py) prints every corpus pack and checks the pages."""

from __future__ import annotations

import re

import pytest

from admiralty.site import printpack
from admiralty.site.printpack import pack_cards, pack_sections, short_briefing, vp_rows, vp_track


@pytest.mark.parametrize(("top", "rows"), [
    (0, [("", 10)]), (10, [("", 10)]), (120, [("", 120)]),  # one box a point up to 120 (at least 0-10)
    (121, [("ones", 9), ("tens", 130)]), (300, [("ones", 9), ("tens", 300)]), (999, [("ones", 9), ("tens", 1000)]),
    (1000, [("ones", 9), ("tens", 90), ("hundreds", 1000)]), (1285, [("ones", 9), ("tens", 90), ("hundreds", 1300)]),
])
def test_the_vp_track_reaches_the_top_at_each_bound(top: int, rows: list[tuple[str, int]]) -> None:
    """Issue 38: the track stopped at 120 whatever the scenario (Jutland needs a 300-point lead)."""
    found = vp_rows(top)
    assert [(name, values[-1]) for name, values in found] == rows
    assert all(values[0] == 0 for _, values in found)
    assert sum(values[-1] for _, values in found) >= top  # every score up to the top can be marked


def test_a_vp_track_names_its_reach_and_its_rows() -> None:
    html = vp_track("Britain", 300)
    assert 'data-reach="300"' in html and "Victory points: Britain (to 300)" in html
    assert html.count('class="track-boxes"') == 2 and "One marker on each row (ones, tens)" in html
    assert ">300</span>" in html and ">310</span>" not in html


def test_the_short_briefing_is_the_first_paragraph_cut_at_a_sentence() -> None:
    long = " ".join(f"Sentence number {n} of the first paragraph." for n in range(40))
    cut = short_briefing(long + "\n\nThe second paragraph.")
    text = re.sub(r"<[^>]+>", "", cut)
    assert text.endswith("paragraph.") and len(text) <= printpack.BRIEFING_CHARS
    assert "second" not in cut
    assert short_briefing("Short *one*.\n\nTwo.") == "<p>Short <em>one</em>.</p>"
    assert short_briefing("") == ""


def test_sections_go_to_a_new_sheet_when_the_page_is_full() -> None:
    item = "<li>" + "word " * 40 + "</li>"
    long_list = "<ol>" + item * 60 + "</ol>"  # about three pages of items
    sheets = pack_sections("scenario", "Scenario: X", "1916", [("Victory conditions", "<p>Win.</p>"),
                                                                ("Scripted actions", long_list)])
    assert len(sheets) >= 3 and all(f"({n} of {len(sheets)})" in s for n, s in enumerate(sheets, 1))
    assert "Scripted actions (continued)" in sheets[-1]
    starts = [int(n) for n in re.findall(r'<ol start="(\d+)">', "".join(sheets))]
    assert starts[0] == 1 and starts == sorted(starts)  # numbering goes on across sheets
    assert sum(s.count("<li>") for s in sheets) == 60
    assert len(pack_sections("scenario", "S", "", [("Victory conditions", "<p>Win.</p>")])) == 1


def test_record_cards_fill_a_sheet_by_height() -> None:
    """Cards go three to a row; a new sheet starts only when the next row would not fit."""
    cards = [(f"<div>{n}</div>", 60) for n in range(100)]
    sheets = pack_cards(cards, budget=630)  # ten rows of 63 px
    assert [len(s) for s in sheets] == [30, 30, 30, 10]
    assert pack_cards([]) == [[]]
    tall = pack_cards([("<div>a</div>", 900), ("<div>b</div>", 10)], columns=1, budget=800)
    assert tall == [["<div>a</div>"], ["<div>b</div>"]]  # a card taller than a page still gets a sheet
