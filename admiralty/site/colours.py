"""Colours shared by every rule system's drawings: a nation's land, a side's routes and bars.

Nations that share a coast or a border on a map get colours far apart in hue (Britain's rose, the Netherlands'
orange, Belgium's yellow, France's blue); a land its map names neutral ("Norway (neutral)") is drawn in
``NEUTRAL_COLOUR`` and listed once as "neutral" in the legend, set apart from the belligerents.

A side keeps its colour on every page (maps, tables, balance charts): the first side in the author's order
is always the first colour. Side colours are Okabe and Ito's colour-blind-safe palette (blue, vermillion,
bluish green, reddish purple, orange, sky blue), told apart with every common colour-vision deficiency.
"""

from __future__ import annotations

import hashlib

NATION_COLOURS: dict[str, str] = {
    "austria-hungary": "#dcc29a",
    "germany": "#c3c3c3",
    "italy": "#b5d8a8",
    "britain": "#eab0a8",
    "france": "#b4c8ea",
    "russia": "#d6c1e3",
    "ottoman-empire": "#e8d59a",
    "turkey": "#e8d59a",
    "greece": "#a8d8dc",
    "usa": "#c9d3a0",
    "montenegro": "#d8b0c8",
    "albania": "#d9d0b8",
    "serbia": "#c8b8d8",
    "netherlands": "#f3c68c",
    "belgium": "#e6ea8c",
    "denmark": "#c7dfa6",
    "norway": "#a9d3c4",
    "sweden": "#b9c6dc",
    "romania": "#e9c3d9",
    "bulgaria": "#cfe3b5",
    "isle-of-man": "#eab0a8",
    "neutral": "#e3e0d6",
}
NEUTRAL_COLOUR = "#ebe8e0"
SIDE_COLOURS: tuple[str, ...] = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")


def nation_colour(nation: str) -> str:
    """A nation's land colour: a fixed table, else a pastel derived from the name (stable across runs)."""
    if nation in NATION_COLOURS:
        return NATION_COLOURS[nation]
    hue = int(hashlib.sha256(nation.encode()).hexdigest()[:4], 16) % 360
    return f"hsl({hue}, 45%, 80%)"


def is_neutral(name: str) -> bool:
    """A land its map calls neutral in its name, as the maps write it: "Denmark (neutral)"."""
    return "(neutral)" in name.lower()


def land_colour(nation: str, name: str) -> str:
    return NEUTRAL_COLOUR if is_neutral(name) else nation_colour(nation)


def side_colour(index: int) -> str:
    return SIDE_COLOURS[index % len(SIDE_COLOURS)]
