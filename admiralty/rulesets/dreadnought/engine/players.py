"""Dreadnought players: ``scripted`` (follows the written orders; takes the rules' choices by a simple
heuristic) and ``heuristic`` (also refuels, aborts when hurt or short of fuel, combines fleets).

Players see only ``view(side)`` (see ``view.py``) and the legal actions (see ``actions.py``). The view reaches a
player as JSON values behind a ``Mapping[str, object]`` (``engine.players.LazyView``, built only if read); the
helpers ``_map``, ``_rows``, ``_items``, ``_number`` and ``_text`` read its parts as what ``view.py`` writes there.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from admiralty.engine.api import Action
from admiralty.engine.players import Player, random_player

DELAYING = ("bombard:", "unload", "lay:")

View = Mapping[str, object]
"""A side's view, or a part of it (a fleet, a ship, a minefield, the decision): JSON values by name."""
_NOTHING: View = MappingProxyType({})


def _map(value: object) -> View:
    """A JSON object of the view (nothing for ``None``: an unsighted fleet's ships, no decision)."""
    return value if isinstance(value, Mapping) else _NOTHING


def _rows(value: object) -> list[View]:
    """The JSON objects of a JSON array (a fleet's ships, the minefields); none for ``None``."""
    return [row for row in value if isinstance(row, Mapping)] if isinstance(value, list) else []


def _items(value: object) -> list[object]:
    """A JSON array (a fleet's acts done, a minefield's two zones); empty for anything else."""
    return value if isinstance(value, list) else []


def _number(value: object) -> float:
    """A JSON number (hull, guns, fuel: small integers, exact as floats)."""
    return float(value) if isinstance(value, (int, float)) else 0.0


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def strength(ships: Sequence[View]) -> float:
    """Gunnery weight of some ships, scaled by hull left where the view shows it."""
    total = 0.0
    for ship in ships:
        guns = (_number(ship["primary"]) + _number(ship["secondary"]) / 2 + _number(ship["tertiary"]) / 4
                + _number(ship["torpedo"]) / 2)
        most = _number(ship["hull_max"])
        total += guns * _number(ship.get("hull", most)) / max(1, most)
    return total


def _zone_forces(view: View, zone: object) -> tuple[float, float]:
    own = [s for f in _map(view["fleets"]).values() if _map(f)["at"] == zone for s in _rows(_map(f)["ships"])]
    enemy = [s for f in _map(view["enemy_fleets"]).values() if _map(f)["at"] == zone and _map(f)["ships"]
             for s in _rows(_map(f)["ships"])]
    return strength(own), strength(enemy)


def _fleet(view: View) -> View | None:
    decision = _map(view["decision"])
    fleet = _map(view["fleets"]).get(_text(decision.get("fleet")))
    return None if fleet is None else _map(fleet)


def _hurt(fleet: View, fraction: float) -> bool:
    ships = _rows(fleet["ships"])
    hull = sum(_number(s["hull"]) for s in ships)
    most = sum(_number(s["hull_max"]) for s in ships)
    return bool(hull < fraction * most)


def _engage(view: View, ratio: float) -> str:
    decision = _map(view["decision"])
    zone = decision.get("zone")
    own, enemy = _zone_forces(view, zone)
    missions = {_map(f)["mission"] for f in _map(view["fleets"]).values() if _map(f)["at"] == zone}
    if missions and missions <= {"transport", "minelay", "minesweep", "abort"}:
        return "decline"
    return "engage" if own >= ratio * enemy and own > 0 else "decline"


def _after_battle(view: View, legal: Sequence[Action], hurt: float) -> Action:
    fleet = _fleet(view)
    aborts = [a for a in legal if isinstance(a, str) and a.startswith("abort:")]
    if fleet is not None and aborts and _hurt(fleet, hurt):
        return aborts[0]
    pursuits = [a for a in legal if isinstance(a, str) and a.startswith("pursue:")]
    if fleet is not None and pursuits:
        own = strength(_rows(fleet["ships"]))
        enemy = _map(view["enemy_fleets"])
        weakest = min(pursuits, key=lambda a: strength(_rows(_map(enemy.get(a[7:])).get("ships"))))
        target = _map(enemy.get(weakest[7:]))
        if own >= strength(_rows(target.get("ships"))):
            return weakest
    return "follow-orders"


def _delaying_act(view: View, legal: Sequence[Action]) -> Action | None:
    """Bombard, unload or lay once where the rules allow it; sweep where a known enemy field touches."""
    fleet = _fleet(view)
    if fleet is None:
        return None
    for action in legal:
        if isinstance(action, str) and action.startswith(DELAYING) and action not in _items(fleet.get("done")):
            return action
    if "sweep" in legal:
        me = view["side"]
        if any(fleet["at"] in _items(m["between"]) and m["owner"] != me for m in _rows(view["minefields"])):
            return "sweep"
    return None


def scripted(game_view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """Follows the written orders; engages when not weaker, pursues a weaker enemy, raiders hide, pre-planned
    fleets bombard, unload, lay and sweep once where they can."""
    first = legal_actions[0]
    if first == "engage":
        return _engage(game_view, 0.75)
    if first == "done":
        return "hide" if "hide" in legal_actions else "done"
    if first != "follow-orders":
        return first
    if "stay" in legal_actions:  # an order written ahead (intercept, raid): keep the written one
        return first
    words = [a for a in legal_actions if isinstance(a, str) and not a.startswith("abort:")]
    if any(a.startswith("pursue:") for a in words):
        return _after_battle(game_view, legal_actions, 0.0)
    if len(words) > 1:
        act = _delaying_act(game_view, legal_actions)
        if act is not None:
            return act
    return first


def heuristic(game_view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """As ``scripted``, and also: combines fleets, refuels when low, aborts when badly hurt or nearly dry."""
    legal = list(legal_actions)
    if "engage" in legal:
        return _engage(game_view, 1.0)
    if "done" in legal:
        joins = [a for a in legal if isinstance(a, str) and a.startswith("join:")]
        return "hide" if "hide" in legal else (joins[0] if joins else "done")
    decision = _map(game_view["decision"])
    if decision.get("kind") == "after-battle":
        return _after_battle(game_view, legal, 0.5)
    fleet = _fleet(game_view)
    act = None if fleet is None else _careful_order(game_view, fleet, legal)
    if act is not None:
        return act
    return "follow-orders" if "follow-orders" in legal else legal[0]


def _careful_order(view: View, fleet: View, legal: list[Action]) -> Action | None:
    """The heuristic's order for a fleet: refuel when low, abort when badly hurt or dry at sea, else a
    delaying act where one fits; None to follow the written orders."""
    low = any(_number(s["fuel"]) <= max(1, _number(s["fuel_max"]) // 4) for s in _rows(fleet["ships"]))
    if low and "refuel" in legal:
        return "refuel"
    aborts = [a for a in legal if isinstance(a, str) and a.startswith("abort:")]
    if aborts and fleet["mission"] != "abort" and (_hurt(fleet, 0.4) or (low and not fleet["in_port"])):
        return aborts[0]
    return _delaying_act(view, legal)


PLAYERS: dict[str, Player] = {"scripted": scripted, "random": random_player, "heuristic": heuristic}
