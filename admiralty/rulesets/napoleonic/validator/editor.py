"""The napoleonic rule system's help for the language server (``Ruleset.editor``).

In a scenario it completes the ids that go in ``table``, a unit's or battery's ``side``, and a fire plan's
``battery`` and ``target`` (the battery's enemy units and the table's buildings and built-up areas: what a
battery may fire at, NA-fire-a); it hovers over units, batteries, terrain pieces and tables, and jumps to
where each is defined. Targets in range and in sight of the battery come first, each with its distance; the
others follow, saying which they are not. That is the validator's own judgement (``targets.describe``, as
GEO023 and GEO024 make it) of the scenario as the language server last built it: the text being edited, or,
while that does not build (a half-typed id is an unknown reference), the last text that did. Without any
build the targets come in the document's order, unjudged: completion never guesses.

Like the other rule systems' editors it reads the document being edited as plain data (a scenario being typed
rarely builds) and the tables the workspace built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from admiralty.lsp.support import Cursor, Suggestion, Target, defined_at, named_model
from admiralty.rulesets.napoleonic.engine.buildings import BURNING_KINDS
from admiralty.rulesets.napoleonic.engine.checks import target_codes
from admiralty.rulesets.napoleonic.engine.geometry import unit_footprint
from admiralty.rulesets.napoleonic.engine.model import NapoleonicScenario, Table, Terrain
from admiralty.rulesets.napoleonic.engine.tables import load_tables
from admiralty.rulesets.napoleonic.engine.targets import describe
from admiralty.validator.load import PathPart

FORCES = ("units", "batteries")


def _items(data: dict[str, Any], key: str) -> list[tuple[int, dict[str, Any]]]:
    """(index, item) of each mapping with a text ``id`` in the list ``data[key]``."""
    found = data.get(key)
    return [(i, item) for i, item in enumerate(found if isinstance(found, list) else [])
            if isinstance(item, dict) and isinstance(item.get("id"), str)]


def _pieces(battery: dict[str, Any]) -> str:
    counts = [f"{battery[k]} {k}" for k in ("guns", "howitzers", "rockets") if isinstance(battery.get(k), int)
              and battery[k]]
    return ", ".join(counts) or "no pieces"


def _enemy_units(data: dict[str, Any], battery: object) -> list[tuple[str, str]]:
    """(id, detail) of the units not of the battery's side (every unit when the battery is unknown)."""
    side = next((b.get("side") for _, b in _items(data, "batteries") if b["id"] == battery), None)
    return [(u["id"], f"{u.get('name', '')} ({u.get('side', '?')} {u.get('type', '')})")
            for _, u in _items(data, "units") if side is None or u.get("side") != side]


class NapoleonicEditor:
    """``admiralty.lsp.support.EditorSupport`` for napoleonic scenarios and tables."""

    @staticmethod
    def _table(cursor: Cursor) -> Table | None:
        return named_model(cursor, Table, "table", "table")

    # --- completion ------------------------------------------------------------------------------------

    def complete(self, cursor: Cursor) -> list[Suggestion]:
        data, path = cursor.doc.data, cursor.path
        if not isinstance(data, dict) or cursor.on_key or data.get("kind") != "scenario" or not path:
            return []
        if path == ("table",):
            return [Suggestion(t.id, t.title, "value") for t in cursor.models if isinstance(t, Table)]
        if len(path) != 3:
            return []
        if path[0] in FORCES and path[2] == "side":
            return [Suggestion(s["id"], str(s.get("name", "")), "value") for _, s in _items(data, "sides")]
        if path[0] == "fire_plan":
            return self._fire_plan(cursor, data, path)
        return []

    def _fire_plan(self, cursor: Cursor, data: dict[str, Any], path: tuple[PathPart, ...]) -> list[Suggestion]:
        """A fire plan entry's ``battery`` (the scenario's batteries) or ``target`` (``_targets``)."""
        if path[2] == "battery":
            return [Suggestion(b["id"], f"{b.get('name', '')} ({b.get('side', '?')}: {_pieces(b)})", "value")
                    for _, b in _items(data, "batteries")]
        if path[2] == "target" and isinstance(path[1], int):
            return self._targets(cursor, data, path[1])
        return []

    def _targets(self, cursor: Cursor, data: dict[str, Any], entry: int) -> list[Suggestion]:
        """NA-fire-a: the enemy units of the entry's battery, then the table's buildings and built-up areas;
        those in range and in sight first (GEO023, GEO024), when the scenario has been built."""
        plan = data.get("fire_plan")
        row = plan[entry] if isinstance(plan, list) and entry < len(plan) and isinstance(plan[entry], dict) else {}
        battery = row.get("battery")
        units = _enemy_units(data, battery)
        table = self._table(cursor)
        burnable = [(t.id, f"{t.name or t.id} ({t.kind}: to set alight, NA-fire-a)")
                    for t in (table.terrain if table is not None else ()) if t.kind in BURNING_KINDS]
        judge = _judge(cursor, battery)
        suggestions = []
        for label, detail in units + burnable:
            clear, why = judge(label)
            suggestions.append(Suggestion(label, f"{detail}: {why}" if why else detail, "value", 0 if clear else 1))
        return suggestions

    # --- hover and definition --------------------------------------------------------------------------

    def _lookup(self, cursor: Cursor) -> tuple[str, Any, Target | None] | None:
        """What the word under the cursor names (a unit, a battery, a terrain piece or a table), and where."""
        data = cursor.doc.data if isinstance(cursor.doc.data, dict) else {}
        word = cursor.word
        if data.get("kind") == "scenario":
            for key in FORCES:
                for index, item in _items(data, key):
                    if item["id"] == word:
                        return key, item, Target(cursor.doc.file, (key, index))
        table = self._table(cursor)
        if table is None:
            return None
        if word == table.id:
            return "table", table, defined_at(table)
        piece = next((t for t in table.terrain if t.id == word), None)
        return ("terrain", piece, defined_at(piece)) if piece is not None else None

    def hover(self, cursor: Cursor) -> str | None:
        found = self._lookup(cursor)
        if found is None:
            return None
        what, thing, _ = found
        if what == "units":
            figures = f"{thing.get('figures', '?')} figures on {thing.get('bases', '?')} bases"
            return (f"**unit {thing['id']}**: {thing.get('name', '')}\n\n{thing.get('side', '?')}, "
                    f"{thing.get('type', '?')} ({thing.get('class', '?')}), {figures}, "
                    f"{thing.get('formation', '?')} at {_point(thing.get('at'))} facing {thing.get('facing', 0)}°")
        if what == "batteries":
            return (f"**battery {thing['id']}**: {thing.get('name', '')}\n\n{thing.get('side', '?')}, "
                    f"{_pieces(thing)}, at {_point(thing.get('at'))} facing {thing.get('facing', 0)}°")
        if what == "table":
            width, depth = thing.size
            return (f"**table {thing.id}**: {thing.title}\n\n{width:g} × {depth:g} cm, "
                    f"{len(thing.terrain)} terrain pieces")
        terrain: Terrain = thing
        burns = " (may be set alight, NA-fire-a)" if terrain.kind in BURNING_KINDS else ""
        return f"**terrain {terrain.id}**: {terrain.name or terrain.id}, {terrain.kind}{burns}"

    def definition(self, cursor: Cursor) -> Target | None:
        found = self._lookup(cursor)
        return found[2] if found is not None else None


def _judge(cursor: Cursor, battery_id: object) -> Callable[[str], tuple[bool, str]]:
    """For a target id: whether the battery reaches and sees it at the start of play, and the words that say so
    (or why not), judged on the last build of this scenario; (False, "") for any id without one."""
    scenario = named_model(cursor, NapoleonicScenario, "scenario", "id")
    battery = next((b for b in scenario.batteries if b.id == battery_id), None) if scenario is not None else None
    if scenario is None or battery is None:
        return lambda target_id: (False, "")
    shapes = {u.id: unit_footprint(u) for u in scenario.units}
    tables = load_tables(scenario.rules.get("tables"))
    no_sight, no_range = target_codes(battery)  # as the validator's check_planned_target reports them

    def judged(target_id: str) -> tuple[bool, str]:
        target = describe(scenario, battery, target_id, shapes, tables)
        if target is None:
            return False, ""
        away = f"{target.distance:g} cm"
        if target.in_range and target.visible:
            return True, f"in range and in sight, {away}"
        if target.visible:
            return False, f"out of range, {away} ({no_range})"
        if target.in_range:
            return False, f"out of sight, {away} ({no_sight})"
        return False, f"out of range and out of sight, {away} ({', '.join(sorted({no_sight, no_range}))})"

    return judged


def _point(at: object) -> str:
    return f"({at[0]}, {at[1]})" if isinstance(at, list) and len(at) == 2 else "?"


EDITOR = NapoleonicEditor()
