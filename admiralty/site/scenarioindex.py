"""The scenario index: one row per scenario (a card on a phone) with its sides, size, playing time, difficulty,
favoured side and contest rating; sortable columns, a word filter and facets by rule system, era and length.

Size comes from the rule system's renderer (``Renderer.glance``); playing time and difficulty from the work of
a game (``contest.work_from``: the mean over the measured smoke games, else the sample game), else from turns and
pieces; the balance figures are
``SmokeStats.balance()``, the games the scenario page's chart shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from admiralty.contract import ScenarioModel
from admiralty.site import replayview
from admiralty.site.charts import percent
from admiralty.site.contest import Work, contest, difficulty_of, favourite, minutes_text, work_from
from admiralty.site.context import SiteContext, scenario_src
from admiralty.site.glance import Size, difficulty
from admiralty.site.smoke import SmokeStats, read_smoke
from admiralty.site.text import attr, esc, html_block, page_url

INDEX_SCRIPT = """<script>
(function () {
  var table = document.getElementById("scenario-index");
  var filter = document.getElementById("scenario-filter");
  if (!table || !filter) { return; }
  var body = table.tBodies[0];
  function key(row, column) {
    var cell = row.cells[column];
    var value = cell.getAttribute("data-sort");
    if (value === null) { value = cell.textContent.trim(); }
    var number = parseFloat(value);
    return isNaN(number) || /[^0-9.eE+-]/.test(value) ? value.toLowerCase() : number;
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header, column) {
    header.setAttribute("tabindex", "0");
    header.setAttribute("aria-sort", "none");
    function sort() {
      var ascending = header.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.setAttribute("aria-sort", "none"); });
      header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a, column), y = key(b, column);
        if (x === y) { return 0; }
        if (typeof x !== typeof y) { return (typeof x === "number") === ascending ? -1 : 1; }
        return (x > y) === ascending ? 1 : -1;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    }
    header.addEventListener("click", sort);
    header.addEventListener("keydown", function (event) { if (event.key === "Enter") { sort(); } });
  });
  var facets = Array.prototype.slice.call(document.querySelectorAll(".scenario-facet"));
  function apply() {
    var words = filter.value.toLowerCase().split(/\\s+/).filter(Boolean);
    Array.prototype.forEach.call(body.rows, function (row) {
      var text = row.textContent.toLowerCase();
      var facetsMatch = facets.every(function (f) {
        return !f.value || row.getAttribute("data-" + f.getAttribute("data-facet")) === f.value;
      });
      row.hidden = !facetsMatch || !words.every(function (word) { return text.indexOf(word) !== -1; });
    });
  }
  filter.addEventListener("input", apply);
  facets.forEach(function (f) { f.addEventListener("change", apply); });
})();
</script>"""


def balance_label(stats: SmokeStats | None, expected: tuple[float, float] | None,
                  names: Mapping[str, str] | None = None) -> tuple[str, str]:
    """(text, sort key) for the index's balance column: the favoured side named with its win rate over the
    balance games (the chart's and the verdict's figure), the verdict mark against the author's band for the first
    side, and the games counted. The sort key is the favourite's rate."""
    band = (stats.expected if stats else None) or expected
    band_text = f"band {percent(band[0])}–{percent(band[1])}" if band else ""
    balance = stats.balance() if stats else None
    top = favourite(balance) if balance else None
    if balance is None or top is None:
        return (band_text + " (not played)" if band_text else "not played", "")
    mark = {True: " ✓", False: " ✗", None: ""}[balance.in_band]
    if contest(balance) == "one-sided":
        mark = " ✗" if mark else ""  # a band that holds 100-0 is no balance to tick
    name = (names or {}).get(top.side, top.side)
    return (f"{name} wins {percent(top.rate)}{mark}; {balance.games} games", f"{top.rate:.4f}")


def era(date: str) -> str:
    """The facet a date falls in: ``First World War``, ``Napoleonic wars``, else its century."""
    year = int(date[:4]) if date[:4].isdigit() else 0
    if 1914 <= year <= 1918:
        return "First World War"
    if 1792 <= year <= 1815:
        return "Napoleonic wars"
    if not year:
        return "undated"
    century = year // 100 + 1
    return f"{century}th century"


def length(minutes: float | None) -> str:
    """The length facet: short (under an hour), evening (up to three), long."""
    if minutes is None:
        return "not known"
    return "short" if minutes < 60 else "evening" if minutes <= 180 else "long"


def work_of(scenario: ScenarioModel, ctx: SiteContext) -> tuple[Size | None, Work | None]:
    from admiralty.site.pages import renderers  # the registry lives with the page generator

    renderer = renderers().get(scenario.ruleset)
    size = renderer.glance(scenario) if renderer and renderer.glance else None
    """The scenario's size and the work of a game: its event counts averaged over the measured games (the smoke
    statistics' ``events``), else the sample game's; no work without either."""
    if size is None:
        return None, None
    stats = read_smoke(ctx.smoke_dir, scenario.id)
    measured = stats.events if stats else None
    sample = None if measured else replayview.read_sample(ctx.smoke_dir, scenario.id)
    kinds = renderer.replay.kinds if renderer and renderer.replay else None
    events = sample["events"] if sample else None
    return size, work_from(size.pieces, size.turns or scenario.turns, events, kinds, measured)


INDEX_COLUMNS = ("Scenario", "Rule system", "Date", "Sides", "Size", "Playing time", "Difficulty", "Favoured",
                 "Contest")


def _index_minutes(s: ScenarioModel, size: Size | None, work: Work | None) -> float | None:
    """Playing time in minutes: a game's work (measured games, else the sample game), else turns times minutes a
    turn."""
    if work:
        return work.minutes
    return size.minutes_per_turn * (size.turns or s.turns or 0) if size else None


def _index_cells(s: ScenarioModel, href: str, size: Size | None, work: Work | None, minutes: float | None,
                 label: str, rating: str | None) -> list[str]:
    """The row's cells as HTML, in INDEX_COLUMNS order."""
    return [f'<a href="{attr(href)}">{esc(s.title or s.id)}</a>', esc(s.ruleset),
            esc(s.date), esc(" v ".join(name for _, name in s.side_names())), esc(size.words if size else ""),
            esc(minutes_text(minutes) if minutes else "not known"),
            esc(difficulty_of(work) if work else (difficulty(size.pieces) if size else "")), esc(label),
            esc(rating or "not measured")]


def _index_sorts(size: Size | None, work: Work | None, minutes: float | None, key: str,
                 rating: str | None) -> list[str]:
    """Each cell's sort key (empty: sort by its text), in INDEX_COLUMNS order."""
    return ["", "", "", "", str(size.pieces if size else ""), f"{minutes or 0:.0f}",
            str(work.load if work else size.pieces if size else ""), key, str(RATING_ORDER.get(rating or "", 9))]


def _index_row(s: ScenarioModel, src: str, ctx: SiteContext) -> str:
    stats = read_smoke(ctx.smoke_dir, s.id)
    names = dict(s.side_names())
    label, key = balance_label(stats, s.smoke.balance, names)
    size, work = work_of(s, ctx)
    minutes = _index_minutes(s, size, work)
    rating = contest(stats.balance()) if stats else None
    facets = {"ruleset": s.ruleset, "era": era(s.date), "length": length(minutes)}
    cells = _index_cells(s, ctx.href(src, scenario_src(s.id)), size, work, minutes, label, rating)
    sorts = _index_sorts(size, work, minutes, key, rating)
    top = favourite(stats.balance()) if stats else None
    extra = {"Favoured": f' class="balance" data-rate="{attr(key)}" data-side="{attr(top.side if top else "")}"'}
    tds = "".join(f'<td data-label="{attr(head)}"' + extra.get(head, "")
                  + (f' data-sort="{attr(sort)}"' if sort else "") + f">{cell}</td>"
                  for head, cell, sort in zip(INDEX_COLUMNS, cells, sorts, strict=True))
    data = "".join(f' data-{k}="{attr(v)}"' for k, v in facets.items())
    return f'<tr data-scenario="{attr(s.id)}"{data}>{tds}</tr>'


RATING_ORDER = {"balanced": 0, "drawish": 1, "lopsided": 2, "one-sided": 3}


def _facet(name: str, label: str, values: Sequence[str]) -> str:
    options = "".join(f'<option value="{attr(v)}">{esc(v)}</option>' for v in values)
    return (f'<label>{esc(label)} <select class="scenario-facet" data-facet="{attr(name)}">'
            f'<option value="">all</option>{options}</select></label>')


def index_page(scenarios: Sequence[ScenarioModel], ctx: SiteContext) -> str:
    """All scenarios in one table (cards on a phone): sortable by any column, filterable by words and by the
    facets rule system, era and length (inline script)."""
    src = "scenarios/index.md"
    rows = [_index_row(s, src, ctx) for s in scenarios]
    facets = (_facet("ruleset", "Rule system", sorted({s.ruleset for s in scenarios}))
              + _facet("era", "Era", sorted({era(s.date) for s in scenarios}))
              + _facet("length", "Length", ["short", "evening", "long"]))
    table = ('<div class="scenario-filters"><label for="scenario-filter">Filter </label><input type="search" '
             'id="scenario-filter" placeholder="words in any column" autocomplete="off">' + facets + "</div>"
             '<table id="scenario-index"><thead><tr>' + "".join(f"<th>{esc(h)}</th>" for h in INDEX_COLUMNS)
             + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    return ("# Scenarios\n\n"
            f"{len(scenarios)} scenarios. Click a column heading to sort; type in the box or pick a rule system, era "
            "or length to narrow the list. *Favoured* names the side that wins most of the balance games with its win "
            "rate (✓ inside the author's expected band, ✗ outside or one-sided); *Contest* rates how close they are "
            "(balanced, drawish, lopsided, one-sided). Playing time and difficulty come from the work of the sample "
            "game: pieces to set up, moves, battles and rolls.\n"
            + html_block(table, "scenario-index") + "\n" + INDEX_SCRIPT + "\n")


HOME_MARKER = "<!-- admiralty:scenarios -->"


def balance_strip(stats: SmokeStats | None, names: Mapping[str, str], colours: Mapping[str, str]) -> str:
    """A small SVG preview for a scenario card: one strip, each side's share of the balance games won in its
    colour, draws grey (a plain strip when not measured)."""
    width, height = 160.0, 14.0
    parts: list[str] = []
    label = "not measured"
    if stats is not None and stats.balance().games:
        balance = stats.balance()
        shares = [(names.get(s.side, s.side), s.rate, colours.get(s.side, "#999")) for s in balance.sides]
        if balance.draws:
            shares.append(("drawn", balance.draws / balance.games, "#bdbdbd"))
        x = 0.0
        for _name, rate, colour in shares:
            parts.append(f'<rect x="{x:.1f}" y="0" width="{rate * width:.1f}" height="{height}" '
                         f'fill="{attr(colour)}"/>')
            x += rate * width
        label = "Who wins: " + ", ".join(f"{name} {percent(rate)}" for name, rate, _ in shares)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="balance-strip" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" preserveAspectRatio="none" role="img" '
            f'aria-label="{attr(label)}">'
            f'<title>{esc(label)}</title><rect width="{width:.0f}" height="{height:.0f}" fill="#eee"/>'
            + "".join(parts) + "</svg>")


def card_thumbnail(scenario: ScenarioModel, ctx: SiteContext, src: str = "index.md") -> str:
    """The card's map thumbnail (``thumbnails``): a file beside the home page, loaded lazily, its size given so
    that the cards do not jump as the pictures arrive; nothing when the build made none."""
    from admiralty.site.thumbnails import FOLDER, alt_text, size_of

    svg = (ctx.thumbnails or {}).get(scenario.id)
    if svg is None:
        return ""
    width, height = size_of(svg)
    up = "../" * page_url(src, ctx.directory_urls).count("/")
    return (f'<img class="card-thumb" src="{attr(up)}{FOLDER}/{attr(scenario.id)}.svg" loading="lazy" decoding="async" '
            f'width="{width}" height="{height}" alt="{attr(alt_text(svg, scenario.title or scenario.id))}">')


def home_cards(scenarios: Sequence[ScenarioModel], ctx: SiteContext, src: str = "index.md") -> str:
    """The home page's scenario cards: title, map thumbnail, date, sides, size, playing time, contest, and the
    balance strip."""
    from admiralty.site.pages import side_colours

    cards = []
    for s in scenarios:
        stats = read_smoke(ctx.smoke_dir, s.id)
        names = dict(s.side_names())
        size, work = work_of(s, ctx)
        minutes = work.minutes if work else None
        rating = contest(stats.balance()) if stats else None
        facts = " · ".join(x for x in (s.date[:4], s.ruleset, size.words if size else "",
                                       minutes_text(minutes) if minutes else "", rating or "") if x)
        cards.append(f'<li class="scenario-card" data-scenario="{attr(s.id)}">'
                     f'<a href="{attr(ctx.href(src, scenario_src(s.id)))}">{esc(s.title or s.id)}</a>'
                     + card_thumbnail(s, ctx, src) +
                     f"{balance_strip(stats, names, side_colours(s))}"
                     f'<span class="card-sides">{esc(" v ".join(names.values()))}</span>'
                     f'<span class="card-facts">{esc(facts)}</span></li>')
    return html_block(f'<ul class="scenario-cards">{"".join(cards)}</ul>', "home-scenarios")
