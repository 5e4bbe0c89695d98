"""Names for the ids a recorded game's events carry: every fleet, ship, side, zone, port, sea, unit or battery
of the scenario (and its map or table) that has a name, found by walking the built scenario model.

The replay viewer (``replayview``) writes each event as a sentence with these names, never the ids.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from admiralty.engine.protocols import ScenarioModel
from admiralty.site.words import id_words, nation_name

_ID = re.compile(r"[a-z][a-z0-9]*(?:[-_]+[a-z0-9]+)*")  # lower-case words joined by - or _: a slug, not a name
MAX_DEPTH = 5  # scenario -> map -> zones -> zone: deeper objects (sources, polygons) carry no names


def _children(value: object) -> Iterator[object]:
    if isinstance(value, dict):
        yield from value.values()
    elif isinstance(value, list | tuple):
        yield from value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if field.name not in ("source", "polygon", "polygons", "topology", "cls"):
                yield getattr(value, field.name)


def _named(value: object, depth: int = 0) -> Iterator[tuple[str, str, str, object]]:
    """(kind, id, name, object) of every model object with a string ``id`` and a non-empty ``name``."""
    if depth > MAX_DEPTH:
        return
    ident, name = getattr(value, "id", None), getattr(value, "name", None)
    if isinstance(ident, str) and isinstance(name, str) and name.strip():
        yield type(value).__name__, ident, name, value
    for child in _children(value):
        if isinstance(child, dict | list | tuple) or dataclasses.is_dataclass(child):
            yield from _named(child, depth + 1)


@dataclasses.dataclass
class Names:
    """Id -> name for one scenario, and which side each unit, battery or fleet belongs to."""

    names: dict[str, str] = dataclasses.field(default_factory=dict)
    sides: dict[str, str] = dataclasses.field(default_factory=dict)  # side id -> side name
    side_of: dict[str, str] = dataclasses.field(default_factory=dict)  # unit/battery/fleet id -> side id

    def name(self, ident: object) -> str:
        """A name for ``ident``: the scenario's own, else the id in words (``flush_deck_galleons`` ->
        ``Flush deck galleons``); anything else (a ship's name, a grid code ``K12``) stays as it is."""
        text = str(ident)
        if text in self.sides:
            return self.sides[text]
        if text in self.names and self.names[text] != text:
            return self.names[text]
        if _ID.fullmatch(text):  # an id without a name: in words (a ship's name or a grid code stays as it is)
            return id_words(text)
        return text

    def side(self, ident: object) -> str:
        """A side's (or power's, or nation's) name."""
        text = str(ident)
        return self.sides.get(text) or self.names.get(text) or nation_name(text)


def scenario_names(scenario: ScenarioModel) -> Names:
    """Every name the scenario's events may need."""
    out = Names()
    try:
        out.sides = {str(k): str(v) for k, v in scenario.side_names()}
    except (AttributeError, TypeError):
        out.sides = {}
    for kind, ident, name, obj in _named(scenario):
        if kind == "Zone" and name != ident:
            out.names.setdefault(ident, f"{ident} ({name})")  # players find zones by the code the map prints
        else:
            out.names.setdefault(ident, name)
        side = getattr(obj, "side", None)
        if isinstance(side, str) and side:
            out.side_of.setdefault(ident, side)
    for side in getattr(scenario, "sides", ()) or ():  # dreadnought sides hold their fleets
        for fleet in getattr(side, "fleets", ()) or ():
            out.side_of.setdefault(str(fleet.id), str(side.id))
    return out
