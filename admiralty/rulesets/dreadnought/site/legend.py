"""The dreadnought map's legend and its numbered route key, as HTML below the drawing: HTML text keeps the page's
type size at every width (a legend inside the SVG shrank with it to about 6 px on a phone) and wraps instead of
running off the edge. Each symbol is a small inline SVG drawn like its counterpart on the map."""

from __future__ import annotations

from admiralty.rulesets.dreadnought.engine.model import Point, Scenario, SeaMap
from admiralty.rulesets.dreadnought.engine.routes import planned_or_written
from admiralty.rulesets.dreadnought.site.features import FEATURE_COLOUR, route_summary
from admiralty.rulesets.dreadnought.site.plain import display_name
from admiralty.site.colours import NEUTRAL_COLOUR, is_neutral, nation_colour, side_colour
from admiralty.site.text import attr, esc
from admiralty.site.words import nation_name

MINE_COLOUR = "#111111"


def _symbol(inner: str, width: int = 22) -> str:
    return (f'<svg class="legend-symbol" width="{width}" height="14" viewBox="0 -11 {width} 14" aria-hidden="true">'
            f"{inner}</svg>")


def _item(symbol: str, words: str) -> str:
    return f'<li class="legend-item">{symbol}<span>{esc(words)}</span></li>'


def legend_html(seamap: SeaMap, scenario: Scenario | None = None) -> str:
    """One entry per kind of mark on the map: nations' land, ports, zone codes, blocked borders, objectives,
    map features, minefields and each side's starts and routes."""
    items = _map_items(seamap)
    if scenario is not None:
        items += _scenario_items(scenario)
    return f'<ul class="map-legend">{"".join(items)}</ul>'


def _map_items(seamap: SeaMap) -> list[str]:
    """The legend's entries for what the map itself draws: land by nation, ports, zone codes, blocked borders."""
    items = [_item(_symbol(f'<rect width="16" height="10" y="-9" fill="{attr(nation_colour(nation))}" '
                           'stroke="#777"/>'), nation_name(nation))
             for nation in sorted({land.nation for land in seamap.land if not is_neutral(land.name)})]
    if any(is_neutral(land.name) for land in seamap.land):
        items.append(_item(_symbol(f'<rect width="16" height="10" y="-9" fill="{NEUTRAL_COLOUR}" stroke="#777"/>'),
                           "neutral"))
    if seamap.ports:
        items.append(_item(_symbol('<circle class="legend-port" cx="8" cy="-4" r="3.5" fill="#fff" stroke="#222"/>'),
                           "port"))
    items.append(_item(_symbol('<text x="0" y="0" font-size="10" fill="#35607f">K12</text>'), "zone code"))
    if seamap.blocked:
        items.append(_item(_symbol('<line x1="1" y1="-4" x2="19" y2="-4" stroke="#8e24aa" stroke-width="3"/>'),
                           "blocked border"))
    return items


def _scenario_items(scenario: Scenario) -> list[str]:
    """The legend's entries for what the scenario adds: objectives, features, minefields, the sides' routes."""
    items = []
    if any(c.target for c in scenario.victory.conditions):
        items.append(_item(_symbol('<circle cx="9" cy="-4" r="6" fill="none" stroke="#111" stroke-width="2"/>'),
                           "objective"))
    for feature in scenario.features:
        shape = ('<rect x="1" y="-10" width="18" height="12" fill="none" stroke-dasharray="4 2" '
                 f'stroke="{FEATURE_COLOUR}" stroke-width="2"/>' if feature.kind == "area" else
                 f'<line x1="1" y1="-4" x2="21" y2="-4" stroke="{FEATURE_COLOUR}" stroke-width="3" '
                 'stroke-dasharray="6 3"/>')
        items.append(_item(_symbol(shape), feature.name))
    if scenario.minefields:
        items.append(_item(_symbol(f'<line x1="1" y1="-4" x2="19" y2="-4" stroke="{MINE_COLOUR}" stroke-width="3" '
                                   'stroke-dasharray="2 2"/>'), "minefield"))
    for index, side in enumerate(scenario.sides):
        colour = side_colour(index)
        items.append(_item(_symbol(f'<path d="M7,-10 L13,-4 L7,2 L1,-4 Z" fill="{colour}"/><line x1="14" y1="-4" '
                                   f'x2="34" y2="-4" stroke="{colour}" stroke-width="2"/>', 36),
                           f"{side.name}: start and written route (small numbers: the turn a place is reached)"))
    return items


def _place_words(seamap: SeaMap, place: str) -> str:
    return seamap.ports[place].name if place in seamap.ports else place


def route_key_html(scenario: Scenario, seamap: SeaMap, centres: dict[str, Point]) -> str:
    """The numbered key to the fleets' routes, in the numbers the map prints beside each route (DN-5.1)."""
    rows = []
    number = 0
    planned = planned_or_written(scenario)  # the turns the engine carries the orders out on (issue 37, item 2)
    for index, side in enumerate(scenario.sides):
        colour = side_colour(index)
        for fleet in side.fleets:
            number += 1
            summary = route_summary(fleet, seamap, centres, planned.get(fleet.id))
            words = [f"from {_place_words(seamap, summary.start)}"]
            if summary.farthest and summary.last and summary.farthest != summary.last:
                words.append(f"farthest {_place_words(seamap, summary.farthest[1])} on turn {summary.farthest[0]}")
            if summary.last:
                words.append(f"ends at {_place_words(seamap, summary.last[1])} on turn {summary.last[0]}")
            else:
                words.append("no written move")
            rows.append(f'<li data-fleet="{attr(fleet.id)}"><span class="key-number" style="background:{colour}">'
                        f"{number}</span> <strong>{esc(display_name(fleet.name, fleet.id))}</strong> "
                        f"({esc(side.name)}): {esc('; '.join(words))}</li>")
    return f'<ol class="map-key" aria-label="Routes on the map">{"".join(rows)}</ol>' if rows else ""
