"""The balance chart: each side's win rate with its Wilson 95% interval, and the VP distribution, as SVG."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from admiralty.site.colours import side_colour
from admiralty.site.smoke import SideStats, SmokeStats
from admiralty.site.text import attr, esc

WIDTH = 640.0
LABEL = 150.0
TRACK = 330.0
ROW = 26.0
HIST_HEIGHT = 70.0
MAX_BARS = 30


def percent(rate: float) -> str:
    return f"{rate * 100:.0f}%"


def _rate_row(y: float, name: str, colour: str, rate: float, interval: tuple[float, float] | None,
              band: tuple[float, float] | None) -> str:
    x0 = LABEL
    parts = [f'<text x="{x0 - 8}" y="{y + 13}" text-anchor="end">{esc(name)}</text>',
             f'<rect class="track" x="{x0}" y="{y + 3}" width="{TRACK}" height="14" fill="#eee"/>']
    if band:
        parts.append(f'<rect class="expected" x="{x0 + band[0] * TRACK:.1f}" y="{y}" '
                     f'width="{(band[1] - band[0]) * TRACK:.1f}" height="20" fill="#f9e79f" fill-opacity="0.7">'
                     f'<title>expected band {percent(band[0])}–{percent(band[1])}</title></rect>')
    parts.append(f'<rect class="rate" x="{x0}" y="{y + 5}" width="{rate * TRACK:.1f}" height="10" fill="{colour}"/>')
    label = percent(rate)
    if interval:
        lo, hi = (x0 + interval[0] * TRACK, x0 + interval[1] * TRACK)
        parts.append(f'<g class="wilson" stroke="#222" stroke-width="1.5"><line x1="{lo:.1f}" y1="{y + 10}" '
                     f'x2="{hi:.1f}" y2="{y + 10}"/><line x1="{lo:.1f}" y1="{y + 4}" x2="{lo:.1f}" y2="{y + 16}"/>'
                     f'<line x1="{hi:.1f}" y1="{y + 4}" x2="{hi:.1f}" y2="{y + 16}"/></g>')
        label += f" ({percent(interval[0])}–{percent(interval[1])})"
    parts.append(f'<text x="{x0 + TRACK + 8}" y="{y + 14}">{esc(label)}</text>')
    return "".join(parts)


def _bins(histogram: Sequence[tuple[float, int]]) -> list[tuple[str, int]]:
    if len(histogram) <= MAX_BARS:
        return [(f"{value:g}", count) for value, count in histogram]
    lo, hi = histogram[0][0], histogram[-1][0]
    step = (hi - lo) / MAX_BARS or 1.0
    counts = [0] * MAX_BARS
    for value, count in histogram:
        counts[min(MAX_BARS - 1, int((value - lo) / step))] += count
    return [(f"{lo + i * step:g}–{lo + (i + 1) * step:g}", n) for i, n in enumerate(counts)]


def _histogram(y: float, side: SideStats, name: str, colour: str) -> str:
    bins = _bins(side.vp_histogram)
    top = max((count for _, count in bins), default=0) or 1
    width = TRACK / max(1, len(bins))
    mean = "" if side.vp_mean is None else f", mean {side.vp_mean:.1f}"
    parts = [f'<text x="{LABEL - 8}" y="{y + HIST_HEIGHT / 2}" text-anchor="end">{esc(name)}</text>',
             f'<line x1="{LABEL}" y1="{y + HIST_HEIGHT}" x2="{LABEL + TRACK}" y2="{y + HIST_HEIGHT}" stroke="#999"/>']
    for index, (label, count) in enumerate(bins):
        h = HIST_HEIGHT * count / top
        parts.append(f'<rect class="vp-bar" x="{LABEL + index * width + 1:.1f}" y="{y + HIST_HEIGHT - h:.1f}" '
                     f'width="{max(1.0, width - 2):.1f}" height="{h:.1f}" fill="{colour}">'
                     f'<title>{esc(f"{label} VP: {count} games")}</title></rect>')
    if 0 < len(bins) <= 12:  # room for every bar's value under it
        parts += [f'<text class="axis" x="{LABEL + (index + 0.5) * width:.1f}" y="{y + HIST_HEIGHT + 12}" '
                  f'text-anchor="middle">{esc(label)}</text>' for index, (label, _) in enumerate(bins)]
    elif bins:
        parts.append(f'<text class="axis" x="{LABEL}" y="{y + HIST_HEIGHT + 12}">{esc(bins[0][0])}</text>'
                     f'<text class="axis" x="{LABEL + TRACK}" y="{y + HIST_HEIGHT + 12}" text-anchor="end">'
                     f"{esc(bins[-1][0])}</text>")
    games = sum(count for _, count in bins)
    parts.append(f'<text x="{LABEL + TRACK + 8}" y="{y + HIST_HEIGHT / 2}">{esc(f"{games} games{mean}")}</text>')
    return "".join(parts)


def balance_svg(stats: SmokeStats, side_names: Mapping[str, str], side_order: Sequence[str]) -> str:
    """Win rate per side with its Wilson interval (the first side against its expected band) and VP histograms."""
    order = [s for s in side_order if any(x.side == s for x in stats.sides)]
    order += [x.side for x in stats.sides if x.side not in order]
    by_id = {x.side: x for x in stats.sides}
    rows: list[str] = ['<text class="heading" x="0" y="14">Win rate (bar) with Wilson 95% interval (whiskers)</text>']
    y = 24.0
    for index, side_id in enumerate(order):
        side = by_id[side_id]
        band = stats.expected if index == 0 else None
        colour = side_colour(side_order.index(side_id) if side_id in side_order else index)
        rows.append(_rate_row(y, side_names.get(side_id, side_id), colour, side.rate, side.wilson95, band))
        y += ROW
    if stats.draws:
        rows.append(_rate_row(y, "draws", "#888", stats.draws / stats.games, None, None))
        y += ROW
    if stats.expected:
        rows.append(f'<rect x="{LABEL}" y="{y + 4}" width="14" height="10" fill="#f9e79f"/>'
                    f'<text class="axis" x="{LABEL + 20}" y="{y + 13}">the author\'s expected band for '
                    f"{esc(side_names.get(order[0], order[0]) if order else 'the first side')}</text>")
        y += ROW
    with_vp = [side_id for side_id in order if by_id[side_id].vp_histogram]
    if with_vp:
        y += 12
        rows.append(f'<text class="heading" x="0" y="{y + 14}">Victory points at the end of each game '
                    "(games per VP total)</text>")
        y += 24
        for index, side_id in enumerate(with_vp):
            colour = side_colour(side_order.index(side_id) if side_id in side_order else index)
            rows.append(_histogram(y, by_id[side_id], side_names.get(side_id, side_id), colour))
            y += HIST_HEIGHT + 24
    height = y + 4
    label = f"Balance over {stats.games} smoke games"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-chart" viewBox="0 0 {WIDTH:.0f} {height:.0f}" '
            f'width="{WIDTH:.0f}" height="{height:.0f}" role="img" aria-label="{attr(label)}" font-size="12">'
            f"<title>{esc(label)}</title>{''.join(rows)}</svg>")
