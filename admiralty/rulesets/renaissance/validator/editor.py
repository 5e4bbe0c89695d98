"""The renaissance rule system's help for the language server (``Ruleset.editor``): sea zones and ports where
places go (``at``, ``from``, ``to``), powers where powers go, hover and definition of seas, ports, powers and
combat cards and reactions (in the packaged tables); leaders and formations by their id, as the core finds any
declared id.

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
from admiralty.rulesets.renaissance.engine.tables import HOUSE, TABLES_PATH, load_tables
from admiralty.rulesets.renaissance.validator.checks import playable_after
from admiralty.validator.load import PathPart
from admiralty.validator.pipeline import display_path

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
            return _places(cursor, data, last, sea_map)
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
        card = _card_hover(cursor.word)
        if card is not None:
            return card
        if _power_index(cursor) is not None:
            return _power_hover(cursor)
        if _listing_power(cursor) is not None:
            return _map_power_hover(cursor)
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
        """A sea or port on the map; a card in the packaged tables; a power where the scenario lists it. Leaders
        and formations are found by their id (``support.declared``)."""
        card = _card_path(cursor.word)
        if card is not None:
            return Target(display_path(TABLES_PATH), card)
        power = _power_index(cursor)
        if power is not None:
            return Target(cursor.doc.file, ("powers", power))
        return _listing_power(cursor) or defined_at(self._lookup(cursor))


def _card_path(word: str) -> tuple[PathPart, ...] | None:
    """Where the packaged tables define a combat card (RN-3-4) or a reaction (RN-6) of this id."""
    base = HOUSE.base()
    for key, cards in (("combat_cards", base["combat_cards"]["cards"]), ("reactions", base["reactions"])):
        index = next((i for i, card in enumerate(cards) if card["id"] == word), None)
        if index is not None:
            return ("combat_cards", "cards", index) if key == "combat_cards" else ("reactions", index)
    return None


def _card_hover(word: str) -> str | None:
    tables = load_tables()
    card = tables.combat_cards.get(word)
    if card is not None:
        return (f"**combat card {card.id}**: {card.name}\n\nits side's dice {card.own_dice:+d}, the enemy's "
                f"{card.enemy_dice:+d}, once declared in steps 3-4 (RN-3-4; the deck is a house rule)")
    reaction = tables.reactions.get(word)
    if reaction is not None:
        return (f"**reaction {reaction.id}**: {reaction.name}\n\n{reaction.extra_dice} more dice for the side it "
                f"is played for, after the roll, in {reaction.zone} sea zones only (RN-6)")
    return None


def _power_index(cursor: Cursor) -> int | None:
    """The index in the scenario's ``powers`` of the power under the cursor (a value, not a key)."""
    data = cursor.doc.data
    powers = data.get("powers") if isinstance(data, dict) and data.get("kind") == "scenario" else None
    if cursor.on_key or not isinstance(powers, list) or cursor.word not in powers:
        return None
    return powers.index(cursor.word)


def _listing_power(cursor: Cursor) -> Target | None:
    """For a power named in a map (a port's ``power``), the first scenario (by file) that lists it among its
    powers: maps name powers, scenarios declare them."""
    data = cursor.doc.data
    if cursor.on_key or not isinstance(data, dict) or data.get("kind") != "map" or not cursor.word:
        return None
    for shown, doc in sorted(cursor.documents.items()):
        other = doc.data
        powers = other.get("powers") if isinstance(other, dict) and other.get("ruleset") == "renaissance" else None
        if isinstance(powers, list) and cursor.word in powers:
            return Target(shown, ("powers", powers.index(cursor.word)))
    return None


def _map_power_hover(cursor: Cursor) -> str:
    data = cursor.doc.data
    assert isinstance(data, dict)
    ports = [str(p.get("id")) for p in data.get("ports") or [] if isinstance(p, dict) and p.get("power") == cursor.word]
    return f"**power {cursor.word}**\n\nports on this map: {', '.join(ports) or 'none'}"


def _power_hover(cursor: Cursor) -> str:
    data = cursor.doc.data
    assert isinstance(data, dict)
    mine = {key: [str(item.get("id")) for item in data.get(key) or [] if isinstance(item, dict)
                  and item.get("power") == cursor.word] for key in ("leaders", "formations")}
    hand = (data.get("hands") or {}).get(cursor.word) if isinstance(data.get("hands"), dict) else None
    return (f"**power {cursor.word}**\n\nleaders: {', '.join(mine['leaders']) or 'none'}\n\n"
            f"formations: {', '.join(mine['formations']) or 'none'}\n\n"
            f"hand: {', '.join(map(str, hand)) if isinstance(hand, list) and hand else 'none'}")


def _places(cursor: Cursor, data: dict[str, Any], last: str, sea_map: RenaissanceMap) -> list[Suggestion]:
    """The map's seas and ports; those the action under the cursor can be played at first, saying why."""
    places = ([Suggestion(s.id, f"{s.name} ({s.kind})", "zone") for s in sea_map.seas.values()]
              + [Suggestion(p.id, f"{p.name} ({p.power})", "port") for p in sea_map.ports.values()])
    playable = _playable(cursor, data, last)
    if playable is None:
        return places
    first, why = playable
    return [Suggestion(s.label, f"{s.detail}: {why}", s.kind, 0) if s.label in first else s for s in places]


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
    return _transport_playable(scenario, path[1], text, place) if kind == "transport" else None


def _transport_playable(scenario: RenaissanceScenario, index: int, text: dict[str, str],
                        place: str) -> tuple[set[str], str] | None:
    """RN-16.3: where a transport action can start (``from``) or end (``to``), after the actions before it."""
    if place == "from" and "formation" in text:
        return (set(playable_after(scenario, index).transport_starts(text["formation"])),
                f"{text['formation']} can stand here then (RN-16.3)")
    if place == "to" and "power" in text and "from" in text:
        return (set(playable_after(scenario, index).transport_ends(text["power"], text["from"])),
                f"seas that may hold {text['power']}'s ships lead here from {text['from']} (RN-16.3)")
    return None


EDITOR = RenaissanceEditor()
