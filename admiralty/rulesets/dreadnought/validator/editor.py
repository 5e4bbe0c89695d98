"""The dreadnought rule system's help for the language server (``Ruleset.editor``): completion of ids where
ids go (the zones a fleet may legally enter next first; in a fleet's ships, those in no other fleet and of a
nation of its side first), hover over zones, ports and ships, and definitions.

It reads the document being edited as plain data (a scenario being typed rarely builds) and the maps and
catalogs the workspace built."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from admiralty.lsp.support import Cursor, Suggestion, Target, defined_at, named_model
from admiralty.resources import package_path
from admiralty.rulesets.dreadnought.engine.model import (
    ORDER_KEYWORDS,
    Catalog,
    Port,
    Scenario,
    SeaMap,
    Ship,
    Zone,
    normalise_zone_id,
)
from admiralty.rulesets.dreadnought.engine.routes import planned_or_written
from admiralty.rulesets.dreadnought.validator.build import parse_order


def _schema_enum(*path: str) -> list[str]:
    schema = package_path("rulesets", "dreadnought", "schemas", "scenario.schema.json")
    node: Any = json.loads(schema.read_text("utf-8"))
    for part in path:
        node = node[part]
    return list(node["enum"])


def _fleet_schema(*rest: str) -> list[str]:
    return _schema_enum("properties", "sides", "items", "properties", "fleets", "items", "properties", *rest)


class DreadnoughtEditor:
    """``admiralty.lsp.support.EditorSupport`` for dreadnought maps, catalogs and scenarios."""

    # --- what the document refers to -----------------------------------------------------------------

    @staticmethod
    def _map(cursor: Cursor) -> SeaMap | None:
        return named_model(cursor, SeaMap, "map", "map")

    @staticmethod
    def _catalogs(cursor: Cursor) -> list[Catalog]:
        data = cursor.doc.data if isinstance(cursor.doc.data, dict) else {}
        wanted = [data.get("id")] if data.get("kind") == "ships" else data.get("catalogs") or []
        return [m for m in cursor.models if isinstance(m, Catalog) and m.id in wanted]

    def _ships(self, cursor: Cursor) -> dict[str, Ship]:
        return {name: ship for catalog in self._catalogs(cursor) for name, ship in catalog.ships.items()}

    # --- completion ------------------------------------------------------------------------------------

    def complete(self, cursor: Cursor) -> list[Suggestion]:
        data = cursor.doc.data
        if not isinstance(data, dict) or cursor.on_key:
            return []
        tail = tuple(p for p in cursor.path if isinstance(p, str))
        if data.get("kind") == "ships" and tail[-2:] == ("ships", "class"):
            return [Suggestion(c["id"], c.get("name", ""), "class") for c in data.get("classes", [])
                    if isinstance(c, dict) and isinstance(c.get("id"), str)]
        if data.get("kind") != "scenario":
            return []
        return self._in_scenario(cursor, data, tail)

    def _in_scenario(self, cursor: Cursor, data: dict[str, Any], tail: tuple[str, ...]) -> list[Suggestion]:
        """A scenario: its map and catalogs among the workspace's models, a fleet's fields, else by the key."""
        path = cursor.path
        if path[:1] in (("map",), ("catalogs",)):
            wanted = SeaMap if path[0] == "map" else Catalog
            return [Suggestion(m.id, m.title, "value") for m in cursor.models if isinstance(m, wanted)]
        if len(path) >= 5 and path[0] == "sides" and path[2] in ("fleets", "colliers") and isinstance(path[3], int):
            return self._in_fleet(cursor, self._map(cursor), path)
        return self._by_key(cursor, data, tail[-1] if tail else "")

    def _by_key(self, cursor: Cursor, data: dict[str, Any], key: str) -> list[Suggestion]:
        if key == "nations":
            return [Suggestion(n, "", "value") for n in sorted({s.nation for s in self._ships(cursor).values()})]
        if key in ("controls", "between", "target"):
            return self._places(self._map(cursor), ports=key == "target")
        if key in ("minelayers", "minesweepers", "ships"):
            return self._ship_names(cursor)
        if key in ("side", "owner", "otherwise"):
            return [Suggestion(s["id"], s.get("name", ""), "value") for s in data.get("sides", [])
                    if isinstance(s, dict) and isinstance(s.get("id"), str)]
        if key == "fleet":
            return [Suggestion(f, "", "fleet") for f in _fleet_ids(data)]
        return []

    def _in_fleet(self, cursor: Cursor, sea_map: SeaMap | None, path: tuple[str | int, ...]) -> list[Suggestion]:
        field = path[4]
        fleet = cursor.doc.data["sides"][path[1]][path[2]][path[3]] if _exists(cursor.doc.data, path[:4]) else {}
        if field == "orders":
            index = path[5] if len(path) > 5 and isinstance(path[5], int) else len(fleet.get("orders") or [])
            return self._orders(sea_map, fleet, index, _planned_turn(cursor, fleet, index))
        if field == "ships":
            return self._fleet_ships(cursor, path)
        if field == "start":
            return self._places(sea_map, ports=True)
        if field == "escorts":
            return [Suggestion(f, "", "fleet") for f in _fleet_ids(cursor.doc.data) if f != fleet.get("id")]
        if field == "mission":
            return [Suggestion(m, "DN-5.2", "keyword") for m in _fleet_schema("mission")]
        return []

    def _orders(self, sea_map: SeaMap | None, fleet: dict[str, Any], index: int, turn: int) -> list[Suggestion]:
        """The zones (and ports) the fleet may enter after its first ``index`` orders, then every other zone; the
        legal ones say the turn the order is carried out on (``engine.routes``: a mission's act slips the plan)."""
        if sea_map is None:
            return [Suggestion(k, "order", "keyword") for k in sorted(ORDER_KEYWORDS)]
        zone, port = _position(sea_map, fleet, index)
        legal: list[Suggestion] = []
        when = f" (turn {turn})"
        if port is not None and port in sea_map.ports:
            legal = [Suggestion(z, f"legal: from port {port}{when}", "zone", 0) for z in sea_map.ports[port].zones]
        elif zone is not None:
            legal = [Suggestion(z, f"legal: next to {zone}{when}", "zone", 0) for z in sea_map.neighbours(zone)]
            legal += [Suggestion(p.id, f"legal: port {p.name} on {zone}{when}", "port", 0)
                      for p in sea_map.ports.values() if zone in p.zones]
        keywords = [Suggestion(k, "order", "keyword", 1) for k in sorted(ORDER_KEYWORDS)]
        taken = {s.label for s in legal}
        rest = [Suggestion(z, "not next to the fleet", "zone", 2) for z in sea_map.zones if z not in taken]
        return [*legal, *keywords, *rest]

    def _places(self, sea_map: SeaMap | None, ports: bool) -> list[Suggestion]:
        if sea_map is None:
            return []
        found = [Suggestion(z.id, z.name if z.name != z.id else (z.kind or ""), "zone") for z in sea_map.zones.values()]
        return found + ([Suggestion(p.id, p.name, "port") for p in sea_map.ports.values()] if ports else [])

    def _ship_names(self, cursor: Cursor) -> list[Suggestion]:
        return [Suggestion(name, _ship_detail(ship), "ship") for name, ship in sorted(self._ships(cursor).items())]

    def _fleet_ships(self, cursor: Cursor, path: tuple[str | int, ...]) -> list[Suggestion]:
        """A fleet's ships: first those in no other fleet (REF006) and of a nation of the fleet's side (DN-5.2);
        each of the others says why it is not one. Read from the document as typed: no build is needed."""
        sides = cursor.doc.data.get("sides")
        index = path[1]  # ("sides", i, "fleets", j, "ships", ...)
        side = sides[index] if isinstance(sides, list) and isinstance(index, int) and _exists(sides, (index,)) else {}
        nations = [n for n in side.get("nations") or [] if isinstance(n, str)]
        here = (*path[:4], path[5] if len(path) > 5 else None)  # the entry under the cursor is not "elsewhere"
        owner = _ship_owners(cursor.doc.data, here)
        found = []
        for name, ship in sorted(self._ships(cursor).items()):
            why = ""
            if name in owner:
                why = f"already in fleet {owner[name]} (REF006)"
            elif nations and ship.nation not in nations and ship.counts_as not in nations:
                why = f"not of a nation on side {side.get('id', '?')} (DN-5.2)"
            found.append(Suggestion(name, f"{_ship_detail(ship)}: {why}" if why else _ship_detail(ship), "ship",
                                    1 if why else 0))
        return found

    # --- hover and definition --------------------------------------------------------------------------

    def _lookup(self, cursor: Cursor) -> Ship | Port | Zone | None:
        """What the value or word under the cursor names: a ship, a port or a zone."""
        ships = self._ships(cursor)
        if isinstance(cursor.value, str) and cursor.value in ships:
            return ships[cursor.value]
        sea_map = self._map(cursor)
        if sea_map is None:
            return None
        if cursor.word in sea_map.ports:
            return sea_map.ports[cursor.word]
        try:
            zone_id = normalise_zone_id(cursor.word)
        except (ValueError, IndexError):
            return None
        return sea_map.zones.get(zone_id)

    def hover(self, cursor: Cursor) -> str | None:
        thing = self._lookup(cursor)
        if thing is None:
            return None
        if isinstance(thing, Ship):
            c = thing.cls
            guns = f"guns {c.primary}/{c.secondary}/{c.tertiary}, torpedo {c.torpedo}"
            return (f"**{thing.name}** ({thing.nation}, catalog `{thing.catalog}`): class **{c.name}** (`{c.id}`), "
                    f"{c.type}\n\nspeed {c.speed}, hull {c.hull}, {guns}, fuel {c.fuel_boxes} {c.fuel_kind}, "
                    f"{c.victory_points} VP{', leader' if thing.leader else ''}")
        sea_map = self._map(cursor)
        assert sea_map is not None
        if isinstance(thing, Port):
            return (f"**port {thing.id}**: {thing.name} ({thing.nation}), opens on "
                    f"{', '.join(thing.zones) or 'no zone'}")
        kind = sea_map.topology.kinds.get(thing.id, thing.kind or "open")
        ports = [p.id for p in sea_map.ports.values() if thing.id in p.zones]
        return (f"**zone {thing.id}**{': ' + thing.name if thing.name != thing.id else ''} ({kind})\n\n"
                f"neighbours: {', '.join(sea_map.neighbours(thing.id)) or 'none'}\n\n"
                f"ports: {', '.join(ports) or 'none'}")

    def definition(self, cursor: Cursor) -> Target | None:
        found = self._lookup(cursor)
        return defined_at(found) if found is not None else None


def _ship_detail(ship: Ship) -> str:
    return f"{ship.cls.name} ({ship.cls.type}, {ship.nation})"


def _exists(data: Any, path: Iterable[str | int]) -> bool:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return False
    return isinstance(data, dict)


def _ship_owners(data: dict[str, Any], here: tuple[str | int | None, ...]) -> dict[str, str]:
    """Ship name -> the fleet that already holds it, leaving out the entry at ``here`` (under the cursor)."""
    owner: dict[str, str] = {}
    for at, fleet in _fleets(data):
        names = fleet.get("ships")
        for n, name in enumerate(names if isinstance(names, list) else []):
            if isinstance(name, str) and (*at, n) != here:
                owner.setdefault(name, str(fleet.get("id", "?")))
    return owner


def _fleets(data: dict[str, Any]) -> Iterator[tuple[tuple[str, int, str, int], dict[str, Any]]]:
    """Every fleet and collier group of the document as typed, with its path (``sides``, i, key, j)."""
    sides = data.get("sides")
    for i, side in enumerate(sides if isinstance(sides, list) else []):
        for key in ("fleets", "colliers"):
            fleets = side.get(key) if isinstance(side, dict) else None
            for j, fleet in enumerate(fleets if isinstance(fleets, list) else []):
                if isinstance(fleet, dict):
                    yield ("sides", i, key, j), fleet


def _fleet_ids(data: dict[str, Any]) -> list[str]:
    return [f["id"] for _, f in _fleets(data) if isinstance(f.get("id"), str)]


def _planned_turn(cursor: Cursor, fleet: dict[str, Any], index: int) -> int:
    """The turn order ``index`` of ``fleet`` is carried out on, from the planned route of the scenario as last
    built (issue 37, item 2); its place in the list while the scenario builds nothing."""
    scenario = next((m for m in cursor.models if isinstance(m, Scenario) and m.id == cursor.doc.data.get("id")), None)
    route = planned_or_written(scenario).get(str(fleet.get("id"))) if scenario is not None else None
    return route.turn_of_order(index) if route is not None else index + 1


def _position(sea_map: SeaMap, fleet: dict[str, Any], index: int) -> tuple[str | None, str | None]:
    """Where the fleet is after its first ``index`` orders: (zone, None) or (None, port)."""
    start = fleet.get("start")
    zone: str | None = None
    port: str | None = None
    if isinstance(start, str):
        if start in sea_map.ports:
            port = start
        else:
            zone = normalise_zone_id(start)
    for text in (fleet.get("orders") or [])[:index]:
        if not isinstance(text, str):
            continue
        order = parse_order(text)
        if order.kind == "move" and order.zones:
            zone, port = order.zones[-1], None
        elif order.kind == "port" and order.target in sea_map.ports:
            port = order.target
    return zone, port


EDITOR = DreadnoughtEditor()
