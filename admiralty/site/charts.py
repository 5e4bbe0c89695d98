"""The balance figure: each side's win rate with its Wilson 95% interval (HTML bars that reflow at any width,
so no label is ever cut off), and the VP distribution of every game as an SVG histogram.

The win rates are ``SmokeStats.balance()``: the games of the player kind the author's band is judged on, the
same games the verdict under the chart and the scenario index quote, and the chart says which kind that is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from admiralty.site.smoke import Balance, SideStats, SmokeStats
from admiralty.site.text import attr, esc

WIDTH = 640.0
TRACK = 440.0
HIST_HEIGHT = 70.0
MAX_BARS = 30
DRAW_COLOUR = "#777777"


def percent(rate: float) -> str:
    return f"{rate * 100:.0f}%"


def rate_text(side: SideStats) -> str:
    """``48% (38–58%)``: a win rate and its Wilson 95% interval, as the chart and the index both write it."""
    return f"{percent(side.rate)} ({percent(side.wilson95[0])}–{percent(side.wilson95[1])})"


def _pc(value: float) -> str:
    return f"{max(0.0, min(1.0, value)) * 100:.2f}%"


def _row(side_id: str, name: str, colour: str, side: SideStats | None, rate: float, band: tuple[float, float] | None,
         wins: str) -> str:
    parts = [f'<div class="bal-row" data-side="{attr(side_id)}" data-rate="{rate:.4f}">',
             f'<div class="bal-name"><span class="bal-swatch" style="background:{attr(colour)}"></span>'
             f"{esc(name)}</div>",
             '<div class="bal-track">']
    if band:
        parts.append(f'<span class="bal-band" style="left:{_pc(band[0])};width:{_pc(band[1] - band[0])}" '
                     f'title="{attr(f"expected band {percent(band[0])}–{percent(band[1])}")}"></span>')
    parts.append(f'<span class="bal-bar" style="width:{_pc(rate)};background:{attr(colour)}"></span>')
    text = percent(rate)
    if side is not None:
        lo, hi = side.wilson95
        parts.append(f'<span class="bal-ci" style="left:{_pc(lo)};width:{_pc(hi - lo)}" '
                     f'title="Wilson 95% interval"></span>')
        text = rate_text(side)
    parts.append(f'</div><div class="bal-value">{esc(text)}{esc(wins)}</div></div>')
    return "".join(parts)


def balance_html(balance: Balance, side_names: Mapping[str, str], colours: Mapping[str, str],
                 side_order: Sequence[str]) -> str:
    """Win rate per side over the balance games (the first side against the author's band), then draws."""
    by_id = {x.side: x for x in balance.sides}
    order = [s for s in side_order if s in by_id] + [s for s in by_id if s not in side_order]
    band_for = side_names.get(order[0], order[0]) if order else ""
    caption = (f"Who won the {balance.who()}: the bar is the win rate, the black bracket its Wilson 95% interval"
               + (f", the shaded strip the author's expected band for {band_for}" if balance.expected else "") + ".")
    rows = [f'<figure class="admiralty-balance" data-games="{balance.games}" '
            f'data-player="{attr(balance.player or "")}"><figcaption>{esc(caption)}</figcaption>']
    for index, side_id in enumerate(order):
        side = by_id[side_id]
        rows.append(_row(side_id, side_names.get(side_id, side_id), colours.get(side_id, DRAW_COLOUR), side,
                         side.rate, balance.expected if index == 0 else None, f", {side.wins} wins"))
    if balance.draws:
        rows.append(_row("draw", "Draws", DRAW_COLOUR, None, balance.draws / balance.games, None,
                         f", {balance.draws} games"))
    rows.append("</figure>")
    return "".join(rows)


def nice_step(span: float, bars: int = MAX_BARS) -> float:
    """The smallest round bin width (1, 2 or 5 times a power of ten, at least 1: VP are whole) that puts
    ``span`` into at most ``bars`` bins."""
    raw = max(span / bars, 1.0)
    power = 10.0 ** math.floor(math.log10(raw))
    return next(power * m for m in (1.0, 2.0, 5.0, 10.0) if power * m >= raw - 1e-9)


def _bins(histogram: Sequence[tuple[float, int]]) -> list[tuple[str, int]]:
    """The VP histogram as labelled bars: one per value when there are few, else round bins (``0–9``, ``10–19``:
    whole VP, both ends included) starting at a multiple of the width."""
    if len(histogram) <= MAX_BARS:
        return [(f"{value:g}", count) for value, count in histogram]
    lo, hi = histogram[0][0], histogram[-1][0]
    step = nice_step(hi - lo + 1)
    start = math.floor(lo / step) * step
    count = int((hi - start) // step) + 1
    counts = [0] * count
    for value, n in histogram:
        counts[min(count - 1, int((value - start) // step))] += n
    whole = float(step).is_integer()
    return [(f"{start + i * step:g}–{start + (i + 1) * step - (1 if whole else 0):g}", n)
            for i, n in enumerate(counts)]


AXIS = 34.0  # room left of each histogram for its y axis (games)
CELL = TRACK + AXIS + 24


def _histogram(x: float, y: float, side: SideStats, name: str, colour: str) -> str:
    """One side's histogram at (x, y): bars over the VP bins, a y axis counting games (0, half, top)."""
    bins = _bins(side.vp_histogram)
    top = max((count for _, count in bins), default=0) or 1
    width = TRACK / max(1, len(bins))
    games = sum(count for _, count in bins)
    mean = "" if side.vp_mean is None else f", mean {side.vp_mean:.1f} VP"
    left, base = x + AXIS, y + 18 + HIST_HEIGHT
    parts = [f'<text class="side-name" x="{x}" y="{y + 12}">{esc(f"{name}: {games} games{mean}")}</text>',
             f'<line x1="{left}" y1="{base}" x2="{left + TRACK}" y2="{base}" stroke="#999"/>',
             f'<line x1="{left}" y1="{y + 18}" x2="{left}" y2="{base}" stroke="#999"/>']
    for tick in sorted({0, top // 2, top}):
        ty = base - HIST_HEIGHT * tick / top
        parts.append(f'<text class="axis y-axis" x="{left - 4}" y="{ty + 4:.1f}" text-anchor="end">{tick}</text>'
                     f'<line x1="{left - 2}" y1="{ty:.1f}" x2="{left}" y2="{ty:.1f}" stroke="#999"/>')
    parts.append(f'<text class="axis" x="{x}" y="{y + 18 + HIST_HEIGHT / 2:.1f}" font-size="10" '
                 f'transform="rotate(-90 {x + 8} {y + 18 + HIST_HEIGHT / 2:.1f})">games</text>')
    for index, (label, count) in enumerate(bins):
        h = HIST_HEIGHT * count / top
        parts.append(f'<rect class="vp-bar" x="{left + index * width + 1:.1f}" y="{base - h:.1f}" '
                     f'width="{max(1.0, width - 2):.1f}" height="{h:.1f}" fill="{attr(colour)}">'
                     f'<title>{esc(f"{label} VP: {count} games")}</title></rect>')
    if 0 < len(bins) <= 12:  # room for every bar's value under it
        parts += [f'<text class="axis" x="{left + (index + 0.5) * width:.1f}" y="{base + 13}" '
                  f'text-anchor="middle">{esc(label)}</text>' for index, (label, _) in enumerate(bins)]
    elif bins:
        parts.append(f'<text class="axis" x="{left}" y="{base + 13}">{esc(bins[0][0])} VP</text>'
                     f'<text class="axis" x="{left + TRACK}" y="{base + 13}" text-anchor="end">'
                     f"{esc(bins[-1][0])} VP</text>")
    return "".join(parts)


def vp_svg(stats: SmokeStats, side_names: Mapping[str, str], colours: Mapping[str, str],
           side_order: Sequence[str], columns: int = 2) -> str:
    """The VP each side held at the end of every smoke game (all player kinds), one histogram per side, two
    side by side."""
    by_id = {x.side: x for x in stats.sides}
    order = [s for s in side_order if s in by_id] + [s for s in by_id if s not in side_order]
    with_vp = [s for s in order if by_id[s].vp_histogram]
    if not with_vp:
        return ""
    columns = max(1, min(columns, len(with_vp)))
    rows = []
    for index, side_id in enumerate(with_vp):
        x, y = (index % columns) * CELL, (index // columns) * (HIST_HEIGHT + 40)
        rows.append(_histogram(x, y, by_id[side_id], side_names.get(side_id, side_id),
                               colours.get(side_id, DRAW_COLOUR)))
    width = columns * CELL - 24
    height = -(-len(with_vp) // columns) * (HIST_HEIGHT + 40)
    label = f"Victory points at the end of each of the {stats.games} smoke games"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-chart" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{attr(label)}" font-size="12">'
            f"<title>{esc(label)}</title>{''.join(rows)}</svg>")
