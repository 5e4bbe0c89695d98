"""Typed actions: what a legal action is, apart from the text players, replays and events see.

An action crosses the game's API as its text (``join:F2``, ``move:Q31/R32``, ``refuel``): players choose
among texts, replay files and events store them, so the event log stays what it has always been. Inside the
engine each text stands for an ``Act``: its ``word`` (the verb), its ``arg`` (the fleet, ship, mission, place)
and, for an order, the written ``Order`` it makes. ``actions.legal`` builds a decision's acts once (the game keeps
them, and their texts for the players, until the state changes); ``apply`` finds the chosen text among them
(the membership check) and reads the act's fields, never parsing the text back.

Acts are interned (``act``): one object per text for the process, made the first time the text is offered,
since building a tuple per offered action cost four times the text's own f-string.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

from admiralty.rulesets.dreadnought.engine.model import Order

Word = Literal["done", "join", "split", "leave", "mission", "plan", "hide", "show",
               "follow-orders", "stay", "move", "refuel", "coal", "oil", "bombard", "lay", "search", "sweep",
               "unload", "abort", "engage", "decline", "pursue"]

ORDER_WORDS: Final = frozenset({"stay", "refuel", "coal", "oil", "bombard", "lay", "search", "sweep", "unload"})
"""Words whose act writes (or delays to) an ``Order`` of the same kind, its ``target`` the act's ``arg``."""


class Act(NamedTuple):
    """One legal action: ``text`` as it crosses the API, its ``word`` and ``arg`` apart, and for an order
    (``ORDER_WORDS``, ``move``) the written ``Order`` it stands for."""

    text: str
    word: Word
    arg: str = ""
    order: Order | None = None


_INTERNED: dict[str, Act] = {}


def act(word: Word, arg: str = "") -> Act:
    """The act ``word:arg`` (``word`` alone without an ``arg``), made once per process. Not for ``move``
    (``move_to_zones``, ``move_to_port``: the map says whether a place is a port)."""
    text = f"{word}:{arg}" if arg else word
    found = _INTERNED.get(text)
    if found is None:
        order = Order(word, target=arg or None, text=text) if word in ORDER_WORDS else None
        found = _INTERNED[text] = Act(text, word, arg, order)
    return found


def move_to_zones(zones: tuple[str, ...]) -> Act:
    """``move:<zone>`` or ``move:<zone>/<zone>`` (DN-5.1, DN-5.11a) and the order it writes."""
    text = "/".join(zones)
    return Act(f"move:{text}", "move", text, Order("move", zones=zones, text=text))


def move_to_port(port: str) -> Act:
    """``move:<port>``: into a friendly port from a zone it opens on (DN-5.1), and the order it writes."""
    return Act(f"move:{port}", "move", port, Order("port", target=port, text=port))


DONE: Final = act("done")
FOLLOW_ORDERS: Final = act("follow-orders")
STAY: Final = act("stay")
ENGAGE: Final = act("engage")
DECLINE: Final = act("decline")
HIDE: Final = act("hide")
SHOW: Final = act("show")
TRIVIAL: Final = frozenset({DONE.text, FOLLOW_ORDERS.text})
"""A decision whose only choice is one of these is taken by the engine without asking."""
REGROUPING: Final = frozenset({"join", "split", "leave"})
"""Organise words that move ships between fleets: they touch the ships of every fleet they name."""
