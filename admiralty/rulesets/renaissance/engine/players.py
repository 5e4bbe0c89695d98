"""Players for renaissance games: they see only ``view(side)`` and the legal actions."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import networkx as nx

from admiralty.engine.api import Action
from admiralty.engine.players import (
    Player,
    play_game,
)

from .tables import load_tables

if TYPE_CHECKING:  # the game module imports this one for ``PLAYERS``
    pass

View = Mapping[str, object]
"""What ``RenaissanceGame.view`` shows a side, read by key; its parts narrowed by ``_part`` and ``_listed``."""
Legal = Sequence[Action]
__all__ = ["PLAYERS", "Player", "heuristic_player", "play_game", "random_player", "scripted_player"]


def random_player(view: View, legal_actions: Legal, rng: random.Random) -> Action:
    """Uniform over the legal actions, from the player's own seeded generator."""
    return legal_actions[rng.randrange(len(legal_actions))]


def heuristic_player(view: View, legal_actions: Legal, rng: random.Random) -> Action:
    """Plays every combat card, backs its own side with a reaction, loses its cheapest units first, keeps
    its dearest, and retreats to its own port or else toward the nearest one."""
    kind = _part(view.get("decision")).get("kind", "")
    choose = _CHOOSERS.get(kind) if isinstance(kind, str) else None
    choice = choose(view, legal_actions) if choose else None
    return choice if choice is not None else legal_actions[0]


def scripted_player(view: View, legal_actions: Legal, rng: random.Random) -> Action:
    """Follows the scenario's script: the engine itself plays the scripted cards and Galleasses (they never
    reach a player), and the choices the script leaves open are made as the heuristic player makes them."""
    return heuristic_player(view, legal_actions, rng)


def _card(view: View, legal: Legal) -> Action | None:
    return next((action for action in legal if action != "pass"), None)


def _reaction(view: View, legal: Legal) -> Action | None:
    battle = _part(view.get("battle"))
    for action in legal:
        if action != "pass" and _friendly(view, _part(battle.get(str(_field(action, "for"))))["power"]):
            return action
    return "pass"


def _lose(view: View, legal: Legal) -> Action | None:
    cost = load_tables().unit_cost
    return min(legal, key=lambda action: cost.get(str(_field(action, "lose")), 0.0))


def _keep(view: View, legal: Legal) -> Action | None:
    cost = load_tables().unit_cost
    return max(legal, key=lambda action: cost.get(str(_field(action, "keep")), 0.0))


def _retreat(view: View, legal: Legal) -> Action | None:
    ports = _part(_part(view["map"])["ports"])
    own = [name for name, port in ports.items() if _part(port)["power"] == view["side"]]
    for action in legal:
        if _field(action, "retreat") in own:
            return action
    distance = _distance_to_ports(view, own)
    return min(legal, key=lambda action: distance.get(str(_field(action, "retreat")), float("inf")))


_CHOOSERS: dict[str, Callable[[View, Legal], Action | None]] = {
    "card": _card,
    "reaction": _reaction,
    "lose": _lose,
    "keep": _keep,
    "retreat": _retreat,
}


def _part(value: object) -> Mapping[str, object]:
    """A part of the view that is a JSON object (none when it is missing: no battle, no decision)."""
    return value if isinstance(value, Mapping) else {}


def _field(action: Action, key: str) -> object:
    """A field of an action offered as a JSON object (``actions.Lose``, ``Retreat``, ...); none for ``"pass"``."""
    return _part(action).get(key)


def _listed(value: object) -> list[object]:
    """A part of the view that is a JSON array (none when it is missing)."""
    return list(value) if isinstance(value, list | tuple) else []


def _friendly(view: View, power: object) -> bool:
    me = view["side"]
    return power == me or any(me in group and power in group for group in map(_listed, _listed(view.get("alliances"))))


def _distance_to_ports(view: View, ports: list[str]) -> Mapping[str | tuple[str, str], float]:
    """Steps from each sea zone to the nearest of ``ports`` on the view's map (a port is one step off)."""
    graph = nx.Graph()
    sea_map = _part(view["map"])
    graph.add_nodes_from(_part(sea_map["seas"]))
    graph.add_edges_from(tuple(_listed(pair)) for pair in _listed(sea_map["adjacency"]))
    for port in ports:
        graph.add_edges_from((("port", port), sea) for sea in _listed(_part(_part(sea_map["ports"])[port])["seas"]))
    sources = [("port", port) for port in ports]
    if not sources:
        return {}
    lengths: Mapping[str | tuple[str, str], float] = nx.multi_source_dijkstra_path_length(graph, sources)
    return lengths


PLAYERS: dict[str, Player] = {
    "scripted": scripted_player,
    "random": random_player,
    "heuristic": heuristic_player,
}
"""Players by name, as scenarios' ``smoke.players`` name them."""
