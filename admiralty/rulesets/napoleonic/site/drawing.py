"""The napoleonic table drawn to scale as SVG: terrain, the 10 cm grid, units and batteries in their sides'
colours, each battery's fire plan and range rings, labels and the legend. The scenario page, the table pages
and the print pack's map sheet all draw with :func:`table_svg`."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shapely.geometry import Polygon

from admiralty.rulesets.napoleonic.engine.geometry import bearing_vector, line_of_fire, unit_footprint
from admiralty.rulesets.napoleonic.engine.howitzers import battery_kind
from admiralty.rulesets.napoleonic.engine.model import Battery, NapoleonicScenario, Table, Terrain, Unit
from admiralty.rulesets.napoleonic.site.labels import NOMINAL_PX, Box, Placed, Placer, inside
from admiralty.rulesets.napoleonic.validator.fireline import crossings
from admiralty.site.colours import side_colour
from admiralty.site.text import attr, esc
from admiralty.site.words import id_words

Point = tuple[float, float]

SCALE = 6.0  # SVG units per cm: the whole table fits the page column at about its natural size
PAD = 22.0
TERRAIN_FILLS: dict[str, str] = {"building": "#8d6e63", "built-up": "#e0c9a6", "rough": "#c5cf9f", "cover": "#8fbf86"}
RANGE_DASHES: dict[str, str] = {"canister": "", "effective": "6 3", "long": "2 4"}
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
GRID_CM = 10


@dataclass(frozen=True)
class TableFrame:
    """Table cm to SVG units: scale, and flip y so that the far edge (largest y) is at the top."""

    depth: float

    def point(self, p: Sequence[float]) -> Point:
        return (round(p[0] * SCALE + PAD, 2), round((self.depth - p[1]) * SCALE + PAD, 2))

    def points(self, ring: Iterable[Sequence[float]]) -> str:
        return " ".join(f"{x},{y}" for x, y in (self.point(p) for p in ring))


def compass(degrees: float) -> str:
    """``270° (W)``: a facing in degrees with its nearest compass point."""
    return f"{degrees:g}° ({COMPASS[round((degrees % 360) / 45) % 8]})"


def side_index(scenario: NapoleonicScenario) -> dict[str, int]:
    return {side.id: i for i, side in enumerate(scenario.sides)}


def target_shape(scenario: NapoleonicScenario, target: str) -> Polygon | None:
    """The footprint of the unit, or the outline of the terrain piece, that a fire-plan entry names."""
    for unit in scenario.units:
        if unit.id == target:
            return unit_footprint(unit)
    for piece in scenario.table.terrain:
        if piece.id == target:
            return Polygon(piece.polygon)
    return None


TERRAIN_WORDS: dict[str, str] = {"building": "building (burns; no unit stands in it)",
                                 "built-up": "built-up area (burns)", "rough": "rough ground (stops round shot)",
                                 "cover": "cover: walls, hedges, orchards, earthworks"}


def name_of(thing: Unit | Battery | Terrain) -> str:
    """What a player reads for a unit, battery or terrain piece: its name, or its id in words."""
    return thing.name or id_words(thing.id)


def _grid(table: Table, frame: TableFrame) -> list[str]:
    width, depth = table.size
    out = []
    for x in range(0, int(width) + 1, GRID_CM):
        (sx, top), (_, bottom) = frame.point((x, depth)), frame.point((x, 0))
        out.append(f'<line x1="{sx}" y1="{top}" x2="{sx}" y2="{bottom}"/>'
                   f'<text x="{sx}" y="{bottom + 12}" text-anchor="middle">{x}</text>')
    for y in range(0, int(depth) + 1, GRID_CM):
        (left, sy), (right, _) = frame.point((0, y)), frame.point((width, y))
        out.append(f'<line x1="{left}" y1="{sy}" x2="{right}" y2="{sy}"/>'
                   f'<text x="{left - 4}" y="{sy}" text-anchor="end" dominant-baseline="central">{y}</text>')
    return out


def _terrain(table: Table, frame: TableFrame) -> list[str]:
    out = []
    for piece in table.terrain:
        tip = f"{name_of(piece)}: {TERRAIN_WORDS.get(piece.kind, piece.kind)}"
        out.append(f'<polygon class="terrain terrain-{attr(piece.kind)}" data-terrain="{attr(piece.id)}" '
                   f'points="{frame.points(piece.polygon)}" fill="{TERRAIN_FILLS.get(piece.kind, "#ccc")}" '
                   f'stroke="#6d5f4b" stroke-width="1"><title>{esc(tip)}</title></polygon>')
    return out


def svg_box(points: Iterable[Point]) -> Box:
    xs, ys = zip(*points, strict=True)
    return Box(min(xs), min(ys), max(xs), max(ys))


def _unit(unit: Unit, frame: TableFrame, colour: str) -> tuple[str, Box]:
    """(shape, its box): the footprint with its front edge thickened, titled with the unit in words."""
    shape = unit_footprint(unit)
    corners = list(shape.exterior.coords)[:4]  # front-left, front-right, rear-right, rear-left
    (fx1, fy1), (fx2, fy2) = frame.point(corners[0]), frame.point(corners[1])
    tip = (f"{name_of(unit)}: {unit.type}, {unit.class_} class, {unit.figures} figures on {unit.bases} "
           f"bases, {unit.formation}, facing {compass(unit.facing)}")
    return (f'<g class="unit" data-unit="{attr(unit.id)}" data-side="{attr(unit.side)}"><title>{esc(tip)}</title>'
            f'<polygon points="{frame.points(corners)}" fill="{colour}" fill-opacity="0.75" stroke="{colour}" '
            f'stroke-width="1"/><line class="front" x1="{fx1}" y1="{fy1}" x2="{fx2}" y2="{fy2}" stroke="#111" '
            f'stroke-width="2.5"/></g>', svg_box(frame.point(c) for c in corners))


def _rings(battery: Battery, frame: TableFrame, colour: str) -> str:
    """NA-pen-a: the battery's canister, effective and long range circles, nothing beyond long range; one group
    per battery so that the viewer shows the selected battery's alone."""
    x, y = frame.point(battery.at)
    rings = "".join(f'<circle class="range range-{band}" data-band="{band}" cx="{x}" cy="{y}" '
                    f'r="{getattr(battery.ranges, band) * SCALE:g}" fill="none" stroke="{colour}" '
                    f'stroke-opacity="0.7" stroke-width="1.2"'
                    + (f' stroke-dasharray="{RANGE_DASHES[band]}"' if RANGE_DASHES[band] else "")
                    + f"><title>{esc(f'{name_of(battery)}: {band} range {getattr(battery.ranges, band):g} cm')}"
                    "</title></circle>" for band in RANGE_DASHES)
    return f'<g class="battery-ranges range-ring" data-battery="{attr(battery.id)}">{rings}</g>'


def _battery(battery: Battery, frame: TableFrame, colour: str) -> tuple[str, Box]:
    """(marker, its box): a disc with the barrel pointing along the battery's facing."""
    x, y = frame.point(battery.at)
    dx, dy = bearing_vector(battery.facing)
    tip = (f"{name_of(battery)}: {battery_kind(battery)} battery, {battery_pieces(battery)}; ranges "
           f"{battery.ranges.canister:g}/{battery.ranges.effective:g}/{battery.ranges.long:g} cm "
           "(select to show its range circles)")
    end = (round(x + dx * 14, 1), round(y - dy * 14, 1))
    marker = (f'<g class="battery" data-battery="{attr(battery.id)}" data-side="{attr(battery.side)}">'
              f"<title>{esc(tip)}</title>"
              f'<line x1="{x}" y1="{y}" x2="{end[0]}" y2="{end[1]}" stroke="#111" stroke-width="3"/>'
              f'<circle cx="{x}" cy="{y}" r="6" fill="{colour}" stroke="#111" stroke-width="1.5"/></g>')
    return marker, svg_box([(x - 7, y - 7), (x + 7, y + 7), end])


def _fire_lines(scenario: NapoleonicScenario, frame: TableFrame, svg_id: str) -> list[str]:
    """One arrow per (battery, target) of the fire plan, titled in words with its turns."""
    turns: dict[tuple[str, str], list[int]] = {}
    for entry in scenario.fire_plan:
        turns.setdefault((entry.battery, entry.target), []).append(entry.turn)
    batteries = {b.id: b for b in scenario.batteries}
    names = {u.id: name_of(u) for u in scenario.units} | {t.id: name_of(t) for t in scenario.table.terrain}
    through = {(c.battery, c.target): c.friends for c in crossings(scenario)}
    out = []
    for (battery_id, target), on in turns.items():
        shape = target_shape(scenario, target)
        if battery_id not in batteries or shape is None:
            continue
        (x1, y1), (x2, y2) = (frame.point(p) for p in line_of_fire(batteries[battery_id].at, shape).coords)
        when = ", ".join(str(t) for t in sorted(on))
        words = f"{name_of(batteries[battery_id])} fires at {names.get(target, target)} on turn {when}"
        friends = through.get((battery_id, target), ())
        if friends:  # GEO027: drawn dashed, and said in words on the page (``fire_warnings``)
            words += " (through its own " + ", ".join(names.get(f, f) for f in friends) + ")"
        out.append(f'<line class="line-of-fire{" through-friends" if friends else ""}" '
                   f'data-battery="{attr(battery_id)}" data-target="{attr(target)}" '
                   f'data-turns="{attr(when)}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#b71c1c" '
                   + ('stroke-dasharray="5 3" ' if friends else "")
                   + f'stroke-width="1.6" marker-end="url(#{attr(svg_id)}-fire)"><title>{esc(words)}</title></line>')
    return out


def fire_warnings(scenario: NapoleonicScenario) -> str:
    """A warning for the scenario page (Markdown) naming every planned line of fire that passes through a unit
    of the battery's own side (GEO027, the validator's warning), or "" when every line is clear."""
    found = crossings(scenario)
    if not found:
        return ""
    names = {u.id: name_of(u) for u in scenario.units} | {b.id: name_of(b) for b in scenario.batteries}
    names |= {t.id: name_of(t) for t in scenario.table.terrain}
    lines = [f"{names.get(c.battery, c.battery)} fires at {names.get(c.target, c.target)} (turn "
             f"{', '.join(str(t) for t in c.turns)}) through its own {', '.join(names.get(f, f) for f in c.friends)}."
             for c in found]
    body = "\n".join(f"    - {esc(line)}" for line in lines)
    return (f'!!! warning "Fire through friendly troops"\n    The fire plan has a battery fire through its own '
            f"side's troops (drawn dashed on the table; validator warning GEO027):\n\n{body}\n")


def _labels(table: Table, scenario: NapoleonicScenario | None, frame: TableFrame, boxes: dict[str, Box],
            svg_width: float) -> tuple[list[Placed], list[str]]:
    """Every name placed (units, batteries, then terrain), and the names that found no free spot."""
    x0, y0 = frame.point((0, table.size[1]))
    surface = Box(x0, y0, x0 + table.size[0] * SCALE, y0 + table.size[1] * SCALE)
    placer = Placer(surface, boxes.values(), svg_width)
    missing: list[str] = []
    pieces: list[tuple[Unit | Battery, str]] = []
    if scenario is not None:
        # batteries first: fewer, and the names a player clicks on to see the range circles
        pieces = [(b, "battery-label") for b in scenario.batteries] + [(u, "unit-label") for u in scenario.units]
    for thing, kind in pieces:
        if placer.beside(kind, thing.id, name_of(thing), boxes[f"{kind}:{thing.id}"]) is None:
            missing.append(name_of(thing))
    for piece in table.terrain:
        # inside the piece, else beside it, clear of units; only then over a unit, inside or beside
        outline = svg_box(frame.point(p) for p in piece.polygon)
        spots = list(inside(Polygon(piece.polygon), frame))
        if not any(placer.place("terrain-label", piece.id, name_of(piece), spots, passes=(over,)) or
                   placer.beside("terrain-label", piece.id, name_of(piece), outline, passes=(over,))
                   for over in (False, True)):
            missing.append(name_of(piece))
    return placer.placed, missing


def _range_sticks(scenario: NapoleonicScenario, top: float, width: float) -> tuple[list[str], float]:
    """The static version of the range circles, for paper: one measuring stick per distinct set of ranges,
    to the table's scale, marked at canister, effective and long range (NA-pen-a), naming its batteries. The
    caption is wrapped onto as many lines as the drawing's width needs, never cut."""
    sets: dict[tuple[float, float, float], list[str]] = {}
    for b in scenario.batteries:
        sets.setdefault((b.ranges.canister, b.ranges.effective, b.ranges.long), []).append(name_of(b))
    out, y = [], top
    for (canister, effective, long), names in sets.items():
        caption = (f"Range stick in cm, to scale: canister {canister:g}, effective {effective:g}, long {long:g}"
                   f" ({', '.join(names)})")
        lines = caption_lines(caption, width - 2 * PAD)
        y += 44 + CAPTION_LINE * (len(lines) - 1)
        marks = "".join(f'<line x1="{PAD + cm * SCALE:.1f}" y1="{y - 8}" x2="{PAD + cm * SCALE:.1f}" y2="{y + 4}" '
                        f'stroke="#111" stroke-width="1.5"/><text x="{PAD + cm * SCALE:.1f}" y="{y + 16}" '
                        f'font-size="12" text-anchor="middle" fill="#222">{cm:g}</text>'
                        for cm in (0.0, canister, effective, long))
        bands = "".join(f'<rect x="{PAD + a * SCALE:.1f}" y="{y - 4}" width="{(b - a) * SCALE:.1f}" height="6" '
                        f'fill="{fill}"/>' for a, b, fill in ((0.0, canister, "#555"), (canister, effective, "#999"),
                                                              (effective, long, "#ccc")))
        first = y - 14 - CAPTION_LINE * (len(lines) - 1)
        spans = "".join(f'<tspan x="{PAD:.1f}" y="{first + CAPTION_LINE * i:.1f}">{esc(line)}</tspan>'
                        for i, line in enumerate(lines))
        out.append(f'<g class="range-stick">{bands}{marks}<text class="stick-caption" font-size="12" '
                   f'fill="#222">{spans}</text><title>{esc(caption)}</title></g>')
    return out, y - top + 20 if out else 0.0


CAPTION_LINE = 15.0  # SVG units between the lines of a stick's caption (12 px type)
CAPTION_EM = 0.6  # a generous average advance of sans-serif type, in em: wrapped early rather than run off


def caption_lines(caption: str, room: float, size: float = 12.0) -> list[str]:
    """A stick's caption broken at spaces into lines no wider than ``room`` SVG units (a word longer than a
    line keeps a line of its own)."""
    return textwrap.wrap(caption, max(10, int(room / (size * CAPTION_EM)))) or [caption]


def _battery_items(rings: bool) -> list[tuple[str, str]]:
    """The legend's battery mark, and the range circles' dashes where the circles are drawn."""
    items = [('<circle cx="7" cy="-4" r="5" fill="#888" stroke="#111"/>'
              '<line x1="7" y1="-4" x2="16" y2="-4" stroke="#111" stroke-width="2.5"/>',
              "battery, barrel along its facing" + (": select one to see its range circles" if rings else
                                                    " (measure its ranges with the sticks below)"))]
    items += [('<line x1="0" y1="-4" x2="16" y2="-4" stroke="#555" stroke-width="1.5"'
               + (f' stroke-dasharray="{dash}"' if dash else "") + "/>", f"{band} range circle")
              for band, dash in RANGE_DASHES.items() if rings]
    return items


def _legend_items(scenario: NapoleonicScenario | None, table: Table, rings: bool) -> list[tuple[str, str]]:
    """The legend's (symbol, words) pairs in order: terrain kinds, the sides' colours, the battery mark and
    range circles, planned fire."""
    kinds = list(dict.fromkeys(piece.kind for piece in table.terrain))
    items = [(f'<rect width="16" height="10" y="-9" fill="{TERRAIN_FILLS.get(k, "#ccc")}" stroke="#6d5f4b"/>',
              TERRAIN_WORDS.get(k, k)) for k in kinds]
    if scenario is None:
        return items
    for index, side in enumerate(scenario.sides):
        items.append((f'<rect width="16" height="8" y="-8" fill="{side_colour(index)}"/>'
                      '<line x1="0" y1="-8" x2="16" y2="-8" stroke="#111" stroke-width="2.5"/>',
                      f"{side.name or id_words(side.id)} (front edge black)"))
    if scenario.batteries:
        items += _battery_items(rings)
    if scenario.fire_plan:
        items.append(('<line x1="0" y1="-4" x2="16" y2="-4" stroke="#b71c1c" stroke-width="2"/>',
                      "planned fire (the fire plan)"))
    return items


def _legend_rows(items: list[tuple[str, str]], top: float, width: float) -> tuple[list[str], float]:
    """The legend items laid out left to right, wrapping to a new row where the next would pass the right edge;
    the rows' height (none without items)."""
    out, x, row = [], PAD, 1
    for symbol, label in items:
        item = 22 + 7.2 * len(label) + 18
        if x > PAD and x + item > width - PAD:
            x, row = PAD, row + 1
        out.append(f'<g class="legend-item" transform="translate({x:.1f},{top + 20 * row:.1f})">{symbol}'
                   f'<text x="22" font-size="12" fill="#222">{esc(label)}</text></g>')
        x += item
    return out, (20.0 * row + 10 if items else 0.0)


def _legend(scenario: NapoleonicScenario | None, table: Table, top: float, width: float,
            rings: bool = True) -> tuple[str, float]:
    """The key: terrain kinds in words, the sides' colours, the battery mark, range circles (where drawn) and
    planned fire; then the range sticks."""
    out, height = _legend_rows(_legend_items(scenario, table, rings), top, width)
    if scenario and scenario.batteries:
        sticks, stick_height = _range_sticks(scenario, top + height, width)
        out += sticks
        height += stick_height
    return "".join(out), height


def table_svg(table: Table, scenario: NapoleonicScenario | None = None, *, svg_id: str = "table",
              rings: bool = True) -> str:
    """The table to scale (and, given a scenario, its units, batteries and fire plan) as one inline ``<svg>``:
    the table in an inner pane that the viewer pans and zooms, the legend and range sticks below it. Without
    ``rings`` (the printed sheet) no range circle is drawn: the range sticks measure on paper."""
    frame = TableFrame(table.size[1])
    width, depth = table.size[0] * SCALE + 2 * PAD, table.size[1] * SCALE + 2 * PAD
    units, circles, markers, fire = [], [], [], []
    boxes: dict[str, Box] = {}
    if scenario is not None:
        sides = side_index(scenario)
        for unit in scenario.units:
            shape, boxes[f"unit-label:{unit.id}"] = _unit(unit, frame, side_colour(sides.get(unit.side, len(sides))))
            units.append(shape)
        for battery in scenario.batteries:
            colour = side_colour(sides.get(battery.side, len(sides)))
            marker, boxes[f"battery-label:{battery.id}"] = _battery(battery, frame, colour)
            markers.append(marker)
            if rings:
                circles.append(_rings(battery, frame, colour))
        fire = _fire_lines(scenario, frame, svg_id)
    placed, missing = _labels(table, scenario, frame, boxes, width)
    legend, legend_height = _legend(scenario, table, depth, width, rings)
    title = f"Table: {scenario.title if scenario else table.title} ({table.size[0]:g} × {table.size[1]:g} cm)"
    x0, y0 = frame.point((0, table.size[1]))
    surface = f'x="{x0}" y="{y0}" width="{table.size[0] * SCALE:g}" height="{table.size[1] * SCALE:g}"'
    unnamed = (f'<desc class="unplaced-labels">{esc("; ".join(missing))}</desc>' if missing else "")
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map napoleonic-table" id="{attr(svg_id)}" '
        f'data-nominal-px="{NOMINAL_PX:g}" viewBox="0 0 {width:.1f} {depth + legend_height:.1f}" width="{width:.0f}" '
        f'height="{depth + legend_height:.0f}" role="img" aria-label="{attr(title)}" font-family="sans-serif">',
        f"<title>{esc(title)}</title>", unnamed,
        f'<defs><clipPath id="{attr(svg_id)}-clip"><rect {surface}/></clipPath>'
        f'<marker id="{attr(svg_id)}-fire" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#b71c1c"/></marker></defs>',
        f'<svg class="map-pane" x="0" y="0" width="{width:.1f}" height="{depth:.1f}" '
        f'viewBox="0 0 {width:.1f} {depth:.1f}">',
        f'<rect class="table-surface" {surface} fill="#eef0e2" stroke="#555"/>',
        '<g class="grid" stroke="#d3d6c4" stroke-width="0.6" font-size="10" fill="#666">', *_grid(table, frame), "</g>",
        '<g class="terrains">', *_terrain(table, frame), "</g>",
        f'<g class="ranges" clip-path="url(#{attr(svg_id)}-clip)">', *circles, "</g>",
        '<g class="units">', *units, "</g>",
        '<g class="fire-plan">', *fire, "</g>",
        '<g class="batteries">', *markers, "</g>",
        '<g class="labels">', *(p.leader_svg() for p in placed), *(p.svg() for p in placed), "</g></svg>",
        f'<g class="legend">{legend}</g></svg>'])


def battery_pieces(battery: Battery) -> str:
    """``4 guns, 2 howitzers``: a battery's pieces in words."""
    parts = [(battery.guns, "gun"), (battery.howitzers, "howitzer"), (battery.rockets, "rocket")]
    return ", ".join(f"{n} {word}{'s' if n != 1 else ''}" for n, word in parts if n) or "no pieces"
