"""The renaissance rule system's help for the language server (``Ruleset.editor``): sea zones and ports where
places go (``at``, ``from``, ``to``), powers where powers go, hover and definition of seas and ports."""

from __future__ import annotations

from admiralty.engine.rulesets.renaissance.model import Port, RenaissanceMap, Sea
from admiralty.lsp.support import Cursor, Suggestion, Target, defined_at, named_model

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
            return ([Suggestion(s.id, f"{s.name} ({s.kind})", "zone") for s in sea_map.seas.values()]
                    + [Suggestion(p.id, f"{p.name} ({p.power})", "port") for p in sea_map.ports.values()])
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


EDITOR = RenaissanceEditor()
