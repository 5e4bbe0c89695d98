"""Dreadnought players: ``scripted`` (follows the written orders; takes the rules' choices by a simple
heuristic) and ``heuristic`` (also refuels, aborts when hurt or short of fuel, combines fleets).

Players see only ``view(side)`` (see ``view.py``) and the legal actions (see ``actions.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from admiralty.engine.api import Action
from admiralty.engine.players import Player, random_player

DELAYING = ("bombard:", "unload", "lay:")


def strength(ships: Sequence[Mapping[str, Any]]) -> float:
    """Gunnery weight of some ships, scaled by hull left where the view shows it."""
    total = 0.0
    for ship in ships:
        guns = ship["primary"] + ship["secondary"] / 2 + ship["tertiary"] / 4 + ship["torpedo"] / 2
        total += guns * ship.get("hull", ship["hull_max"]) / max(1, ship["hull_max"])
    return total


def _zone_forces(view: Mapping[str, Any], zone: str | None) -> tuple[float, float]:
    own = [s for f in view["fleets"].values() if f["at"] == zone for s in f["ships"]]
    enemy = [s for f in view["enemy_fleets"].values() if f["at"] == zone and f["ships"] for s in f["ships"]]
    return strength(own), strength(enemy)


def _fleet(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    decision = view["decision"] or {}
    fleet: Mapping[str, Any] | None = view["fleets"].get(decision.get("fleet") or "")
    return fleet


def _hurt(fleet: Mapping[str, Any], fraction: float) -> bool:
    hull = sum(s["hull"] for s in fleet["ships"])
    most = sum(s["hull_max"] for s in fleet["ships"])
    return bool(hull < fraction * most)


def _engage(view: Mapping[str, Any], ratio: float) -> str:
    decision = view["decision"] or {}
    zone = decision.get("zone")
    own, enemy = _zone_forces(view, zone)
    missions = {f["mission"] for f in view["fleets"].values() if f["at"] == zone}
    if missions and missions <= {"transport", "minelay", "minesweep", "abort"}:
        return "decline"
    return "engage" if own >= ratio * enemy and own > 0 else "decline"


def _after_battle(view: Mapping[str, Any], legal: Sequence[Action], hurt: float) -> Action:
    fleet = _fleet(view)
    aborts = [a for a in legal if isinstance(a, str) and a.startswith("abort:")]
    if fleet is not None and aborts and _hurt(fleet, hurt):
        return aborts[0]
    pursuits = [a for a in legal if isinstance(a, str) and a.startswith("pursue:")]
    if fleet is not None and pursuits:
        own = strength(fleet["ships"])
        weakest = min(pursuits, key=lambda a: strength(view["enemy_fleets"].get(a[7:], {}).get("ships") or []))
        target = view["enemy_fleets"].get(weakest[7:], {})
        if own >= strength(target.get("ships") or []):
            return weakest
    return "follow-orders"


def _delaying_act(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Bombard, unload or lay once where the rules allow it; sweep where a known enemy field touches."""
    fleet = _fleet(view)
    if fleet is None:
        return None
    for action in legal:
        if isinstance(action, str) and action.startswith(DELAYING) and action not in fleet.get("done", []):
            return action
    if "sweep" in legal:
        me = view["side"]
        if any(fleet["at"] in m["between"] and m["owner"] != me for m in view["minefields"]):
            return "sweep"
    return None


def scripted(game_view: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
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


def heuristic(game_view: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """As ``scripted``, and also: combines fleets, refuels when low, aborts when badly hurt or nearly dry."""
    legal = list(legal_actions)
    if "engage" in legal:
        return _engage(game_view, 1.0)
    if "done" in legal:
        joins = [a for a in legal if isinstance(a, str) and a.startswith("join:")]
        return "hide" if "hide" in legal else (joins[0] if joins else "done")
    decision = game_view["decision"] or {}
    if decision.get("kind") == "after-battle":
        return _after_battle(game_view, legal, 0.5)
    fleet = _fleet(game_view)
    act = None if fleet is None else _careful_order(game_view, fleet, legal)
    if act is not None:
        return act
    return "follow-orders" if "follow-orders" in legal else legal[0]


def _careful_order(view: Mapping[str, Any], fleet: Mapping[str, Any], legal: list[Action]) -> Action | None:
    """The heuristic's order for a fleet: refuel when low, abort when badly hurt or dry at sea, else a
    delaying act where one fits; None to follow the written orders."""
    low = any(s["fuel"] <= max(1, s["fuel_max"] // 4) for s in fleet["ships"])
    if low and "refuel" in legal:
        return "refuel"
    aborts = [a for a in legal if isinstance(a, str) and a.startswith("abort:")]
    if aborts and fleet["mission"] != "abort" and (_hurt(fleet, 0.4) or (low and not fleet["in_port"])):
        return aborts[0]
    return _delaying_act(view, legal)


PLAYERS: dict[str, Player] = {"scripted": scripted, "random": random_player, "heuristic": heuristic}
