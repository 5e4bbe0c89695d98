"""The map of two versions of a dreadnought scenario, and an overlay of what changed between them.

Before and after are the site's own map drawing (``map.map_svg``: zones, land, ports, minefields, routes).
The overlay draws both maps in one frame: unchanged zones pale, zones added green, removed red, changed
(outline, kind or name) orange with the old outline dashed; land gained or lost along the coast;
moved ports as an arrow from the old place to the new, added and removed ports marked. Every changed
element carries ``data-zone`` or ``data-port`` and its class, so tests (and readers of the SVG) find them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace

from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from admiralty.rulesets.dreadnought.engine.model import Point, Scenario, SeaMap, Zone
from admiralty.rulesets.dreadnought.site.map import Frame, frame_for, map_svg
from admiralty.site.text import attr, esc

COLOURS = {"added": "#2e7d32", "removed": "#c62828", "changed": "#ef6c00", "gained": "#795548", "lost": "#00838f"}
TOLERANCE = 1e-6
STYLE = (".zone-same{fill:#eef4f8;stroke:#c3d3de;stroke-width:.6}.land-after{opacity:.55;stroke:#7a6a55;"
         "stroke-width:.6}.zone-added,.zone-removed,.zone-changed{fill-opacity:.55;stroke-width:1.4}"
         ".zone-before{fill:none;stroke:#000;stroke-dasharray:4 3;stroke-width:1}.coast-gained,.coast-lost"
         "{stroke-width:1.8;fill-opacity:.8}.port-same{fill:#fff;stroke:#555}.port-moved{stroke-width:2}"
         ".diff-label{font-weight:bold;fill:#111;text-anchor:middle;font-family:sans-serif}.port-note{font-size:13px}.legend-note{font-size:12px;fill:#222;font-family:sans-serif}"
         ".legend-item text{font-size:12px;fill:#222}")


def pictures(before: Scenario, after: Scenario) -> Mapping[str, str]:
    """``before`` and ``after`` (the scenario on its map) and the map ``overlay``."""
    same_map = before.map is after.map or before.map == after.map  # then both show the same part of it
    return {"before": map_svg(before.map, before, svg_id="before", also=after if same_map else None),
            "after": map_svg(after.map, after, svg_id="after", also=before if same_map else None),
            "overlay": overlay_svg(before.map, after.map)}


def _frame(old: SeaMap, new: SeaMap) -> Frame:
    both = SimpleNamespace(zones={**{f"-{k}": v for k, v in old.zones.items()}, **new.zones},
                           land=(*old.land, *new.land),
                           ports={**{f"-{k}": v for k, v in old.ports.items()}, **new.ports})
    frame: Frame = frame_for(both)  # type: ignore[arg-type]
    return frame


def _different(a: Zone, b: Zone) -> bool:
    first, second = Polygon(a.polygon), Polygon(b.polygon)
    return bool(first.symmetric_difference(second).area > TOLERANCE * max(1.0, first.area))


def zone_changes(old: SeaMap, new: SeaMap) -> dict[str, str]:
    """Zone id -> added, removed or changed (outline, kind or name)."""
    changes: dict[str, str] = {}
    for zone_id in sorted(old.zones.keys() | new.zones.keys()):
        if zone_id not in new.zones:
            changes[zone_id] = "removed"
        elif zone_id not in old.zones:
            changes[zone_id] = "added"
        else:
            a, b = old.zones[zone_id], new.zones[zone_id]
            kinds = (old.topology.kinds.get(zone_id, a.kind), new.topology.kinds.get(zone_id, b.kind))
            if _different(a, b) or a.name != b.name or kinds[0] != kinds[1]:
                changes[zone_id] = "changed"
    return changes


def _polygons(geometry: BaseGeometry) -> list[Polygon]:
    if isinstance(geometry, Polygon):
        return [geometry] if geometry.area > TOLERANCE else []
    if isinstance(geometry, MultiPolygon):
        return [p for p in geometry.geoms if p.area > TOLERANCE]
    return [p for part in getattr(geometry, "geoms", []) for p in _polygons(part)]


def _path(frame: Frame, shape: Polygon) -> str:
    rings = [shape.exterior.coords, *(hole.coords for hole in shape.interiors)]
    return " ".join("M" + " L".join(f"{x},{y}" for x, y in (frame.point(p) for p in ring)) + " Z" for ring in rings)


def _coast(old: SeaMap, new: SeaMap, frame: Frame) -> list[str]:
    def land(seamap: SeaMap) -> BaseGeometry:
        return unary_union([Polygon(ring).buffer(0) for mass in seamap.land for ring in mass.polygons])

    before, after = land(old), land(new)
    out = []
    for kind, geometry in (("gained", after.difference(before)), ("lost", before.difference(after))):
        for shape in _polygons(geometry):
            out.append(f'<path class="coast-{kind}" fill="{COLOURS[kind]}" stroke="{COLOURS[kind]}" '
                       f'data-area="{shape.area:.2f}" fill-rule="evenodd" d="{_path(frame, shape)}">'
                       f'<title>land {kind}: {shape.area:.2f} square map units</title></path>')
    return out


def _zones(old: SeaMap, new: SeaMap, frame: Frame, changes: Mapping[str, str]) -> tuple[list[str], list[str]]:
    shapes: list[str] = []
    labels: list[str] = []
    for zone_id, zone in new.zones.items():
        if zone_id not in changes:
            shapes.append(f'<polygon class="zone-same" data-zone="{attr(zone_id)}" '
                          f'points="{frame.points(zone.polygon)}"/>')
    for zone_id, kind in changes.items():
        zone = new.zones[zone_id] if kind != "removed" else old.zones[zone_id]
        colour = COLOURS[kind]
        shapes.append(f'<polygon class="zone-{kind}" data-zone="{attr(zone_id)}" fill="{colour}" stroke="{colour}" '
                      f'points="{frame.points(zone.polygon)}"><title>{esc(f"zone {zone_id} {kind}")}</title>'
                      '</polygon>')
        if kind == "changed":
            shapes.append(f'<polygon class="zone-before" data-zone="{attr(zone_id)}" '
                          f'points="{frame.points(old.zones[zone_id].polygon)}"/>')
        shape = Polygon(zone.polygon)
        centre = shape.representative_point()
        x, y = frame.point((centre.x, centre.y))
        width = (shape.bounds[2] - shape.bounds[0]) * frame.scale
        size = round(max(5.0, min(12.0, width / (0.62 * len(zone_id) + 0.4))), 1)  # the id fits in the zone
        labels.append(f'<text class="diff-label" data-zone="{attr(zone_id)}" x="{x}" y="{y + size * 0.35:.2f}" '
                      f'font-size="{size}">{esc(zone_id)}</text>')
    return shapes, labels


def _ports(old: SeaMap, new: SeaMap, frame: Frame) -> tuple[list[str], list[str]]:
    """The ports' marks, and the notes (numbered on the map, written out under it) of those that moved."""
    out: list[str] = []
    notes: list[str] = []
    for port_id in sorted(old.ports.keys() | new.ports.keys()):
        a, b = old.ports.get(port_id), new.ports.get(port_id)
        if a is not None and b is not None and tuple(a.at) == tuple(b.at):
            x, y = frame.point(b.at)
            kind = "port-same" if a.zones == b.zones else "port-changed"
            out.append(f'<circle class="{kind}" data-port="{attr(port_id)}" cx="{x}" cy="{y}" r="3">'
                       f'<title>{esc(b.name)}</title></circle>')
        elif a is not None and b is not None:
            (x1, y1), (x2, y2) = frame.point(a.at), frame.point(b.at)
            colour = COLOURS["changed"]
            out.append(f'<g class="port-moved-group" data-port="{attr(port_id)}">'
                       f'<line class="port-moved" data-port="{attr(port_id)}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                       f'stroke="{colour}" marker-end="url(#diff-arrow)"/>'
                       f'<circle class="port-before" cx="{x1}" cy="{y1}" r="3" fill="#fff" stroke="{colour}"/>'
                       f'<circle class="port-after" cx="{x2}" cy="{y2}" r="4" fill="{colour}"/>'
                       f'<circle class="port-ring" cx="{x2}" cy="{y2}" r="11" fill="none" stroke="{colour}" '
                       f'stroke-width="1.5"/>{_note(x2, y2, len(notes) + 1)}</g>')
            notes.append(f"{b.name} moved {_distance(a.at, b.at, new.km_per_unit)}")
        else:
            kind, port = ("added", b) if a is None else ("removed", a)
            assert port is not None
            x, y = frame.point(port.at)
            out.append(f'<circle class="port-{kind}" data-port="{attr(port_id)}" cx="{x}" cy="{y}" r="4" '
                       f'fill="{COLOURS[kind]}"><title>{esc(f"{port.name} {kind}")}</title></circle>')
    return out, notes


def _note(x: float, y: float, number: int) -> str:
    """The number of a note, above the point it is about (the note itself is written under the map)."""
    return f'<text class="diff-label port-note" x="{x:.2f}" y="{y - 14:.2f}">{number}</text>'


def _distance(a: Point, b: Point, km_per_unit: float | None) -> str:
    """In map units, and in km too when the map says how long a unit is (a reviewer thinks in km)."""
    units = ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
    return f"{units:.1f} map units ({units * km_per_unit:.0f} km)" if km_per_unit else f"{units:.1f} map units"


LEGEND = (("zone added", "added"), ("zone removed", "removed"), ("zone changed (old outline dashed)", "changed"),
          ("land gained", "gained"), ("land lost", "lost"))


def overlay_svg(old: SeaMap, new: SeaMap) -> str:
    """Both versions of the map in one frame, changes coloured (see the module's docstring)."""
    frame = _frame(old, new)
    changes = zone_changes(old, new)
    width, top = max(frame.width, 400.0), frame.height
    zones, labels = _zones(old, new, frame, changes)
    land = [f'<path class="land-after" data-land="{attr(mass.id)}" fill="#d9d2c3" fill-rule="evenodd" '
            f'd="{" ".join(_path(frame, Polygon(r)) for r in mass.polygons)}"/>' for mass in new.land]
    legend = [f'<g class="legend-item" transform="translate({12 + 160 * (i % 3)},{top + 20 + 20 * (i // 3)})">'
              f'<rect width="14" height="10" y="-9" fill="{COLOURS[key]}"/><text x="20">{esc(text)}</text></g>'
              for i, (text, key) in enumerate(LEGEND)]
    marks, notes = _ports(old, new, frame)
    rows = len(LEGEND) // 3 + 1
    legend += [f'<text class="legend-note" x="12" y="{top + 20 + 20 * (rows + i):.1f}">{i + 1}: {esc(note)}</text>'
               for i, note in enumerate(notes)]
    height = top + 20 * (rows + len(notes)) + 16
    title = f"Map changes: {old.id} -> {new.id}" if old.id != new.id else f"Map changes: {new.id}"
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="admiralty-map admiralty-map-diff" viewBox="0 0 {width:.1f} '
        f'{height:.1f}" width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{attr(title)}">',
        f"<title>{esc(title)}</title><style>{STYLE}</style>",
        '<defs><marker id="diff-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{COLOURS["changed"]}"/></marker></defs>',
        f'<rect class="background" width="{width:.1f}" height="{height:.1f}" fill="#ffffff"/>',
        '<g class="zones">', *zones, "</g>",
        '<g class="lands">', *land, "</g>",
        '<g class="coast">', *_coast(old, new, frame), "</g>",
        '<g class="ports">', *marks, "</g>",
        '<g class="labels">', *labels, "</g>",
        '<g class="legend">', *legend, "</g>",
        "</svg>"])
