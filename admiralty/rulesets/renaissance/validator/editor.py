"""The renaissance rule system's help for the language server (``Ruleset.editor``): sea zones and ports where
places go (``at``, ``from``, ``to``), powers where powers go, hover and definition of seas and ports.

In an action, the places the action can be played at come first: a battle's ``at`` where both powers can still
meet (RN-dice, RN-9), a transport's ``from`` where its formation can stand then and its ``to`` where a chain of
seas that may hold the power's ships leads (RN-16.3). That is the validator's own reckoning
(``checks.playable_after``, as RN-battle-absent and RN-16.3 judge) over the actions before this one, on the
workspace's last build of the scenario; without one the places come unranked.
"""

from __future__ import annotations

from typing import Any

from admiralty.lsp.support import Cursor, Suggestion, Target, defined_at, named_model
from admiralty.rulesets.renaissance.engine.model import Port, RenaissanceMap, RenaissanceScenario, Sea
from admiralty.rulesets.renaissance.validator.checks import playable_after

PLACES = ("at", "from", "to")


class RenaissanceEditor:
    """``admiralty.lsp.support.EditorSupport`` for renaissance maps and scenarios."""

    @staticmethod
    def _map(cursor: Cursor) -> RenaissanceMap | None:
        return named_model(cursor, RenaissanceMap, "map", "map")

    def complete(self, cursor: Cursor) -> list[Suggestion]:
        data = cursor.doc.data
        last = next((p for p in reversed(cursor.path) if isinstance(p, str)), "")
        if not isinstance(data, dict) or cursor.on_key or data.get("kind") != "scenario":
            return []
        sea_map = self._map(cursor)
        if last in PLACES and sea_map is not None:
            places = ([Suggestion(s.id, f"{s.name} ({s.kind})", "zone") for s in sea_map.seas.values()]
                      + [Suggestion(p.id, f"{p.name} ({p.power})", "port") for p in sea_map.ports.values()])
            playable = _playable(cursor, data, last)
            if playable is None:
                return places
            first, why = playable
            return [Suggestion(s.label, f"{s.detail}: {why}", s.kind, 0) if s.label in first else s for s in places]
        if last in ("power", "attacker", "defender", "by"):
            return [Suggestion(p, "power", "value") for p in data.get("powers", []) if isinstance(p, str)]
        if last == "map":
            return [Suggestion(m.id, m.title, "value") for m in cursor.models if isinstance(m, RenaissanceMap)]
        return []

    def _lookup(self, cursor: Cursor) -> Sea | Port | None:
        sea_map = self._map(cursor)
        if sea_map is None:
            return None
        return sea_map.seas.get(cursor.word) or sea_map.ports.get(cursor.word)

    def hover(self, cursor: Cursor) -> str | None:
        found = self._lookup(cursor)
        sea_map = self._map(cursor)
        if found is None or sea_map is None:
            return None
        if isinstance(found, Port):
            return f"**port {found.id}**: {found.name} ({found.power}), on {', '.join(found.seas) or 'no sea'}"
        near = sorted({b if a == found.id else a for a, b in sea_map.adjacency if found.id in (a, b)})
        ports = [p.id for p in sea_map.ports.values() if found.id in p.seas]
        return (f"**sea {found.id}**: {found.name} ({found.kind})\n\nneighbours: {', '.join(near) or 'none'}\n\n"
                f"ports: {', '.join(ports) or 'none'}")

    def definition(self, cursor: Cursor) -> Target | None:
        return defined_at(self._lookup(cursor))


def _playable(cursor: Cursor, data: dict[str, Any], place: str) -> tuple[set[str], str] | None:
    """The places the action under the cursor can be played at, and the words that say why; ``None`` off an
    action's place, or without a build of the scenario."""
    path = cursor.path
    if len(path) != 3 or path[0] != "actions" or not isinstance(path[1], int):
        return None
    actions = data.get("actions")
    row = actions[path[1]] if isinstance(actions, list) and path[1] < len(actions) else None
    scenario = named_model(cursor, RenaissanceScenario, "scenario", "id")
    if not isinstance(row, dict) or scenario is None:
        return None
    text = {key: value for key, value in row.items() if isinstance(value, str)}
    kind = text.get("kind")
    if kind == "combat" and place == "at" and "attacker" in text and "defender" in text:
        playable = playable_after(scenario, path[1])
        return (set(playable.battle_places(text["attacker"], text["defender"])),
                f"{text['attacker']} and {text['defender']} can still meet here (RN-dice, RN-9)")
    if kind == "transport" and place == "from" and "formation" in text:
        return (set(playable_after(scenario, path[1]).transport_starts(text["formation"])),
                f"{text['formation']} can stand here then (RN-16.3)")
    if kind == "transport" and place == "to" and "power" in text and "from" in text:
        return (set(playable_after(scenario, path[1]).transport_ends(text["power"], text["from"])),
                f"seas that may hold {text['power']}'s ships lead here from {text['from']} (RN-16.3)")
    return None


EDITOR = RenaissanceEditor()
