"""How napoleonic games read in the sample-game viewer: each battery's fire, rockets, fire set to buildings,
casualties and their rounding; the losses column counts figures lost by each unit's side."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from admiralty.site.replaynames import Names
from admiralty.site.replaytext import Sentence, listing, number, plural, words
from admiralty.site.replayview import ReplayState, ReplayWords


def _fire(e: Mapping[str, Any], n: Names) -> str:
    band = f" at {e['band']} range" if e.get("band") else ""
    hits = f": {plural(e['hits'], 'hit')}" if "hits" in e else ""
    return (f"{n.name(e.get('battery', '?'))} fires {number(e.get('pieces', '?'))} pieces at "
            f"{n.name(e.get('target', '?'))}{band}{hits}.")


def _fire_roll(e: Mapping[str, Any], n: Names) -> str:
    dice = e.get("dice") or []
    total = sum(d for d in dice if isinstance(d, int))
    result = "it catches fire" if e.get("ignites") else "it does not catch fire"
    return (f"{n.name(e.get('battery', '?'))} tries to set {n.name(e.get('terrain', '?'))} alight: "
            f"{total} against {e.get('needs', '?')} needed, {result}.")


SENTENCES: dict[str, Sentence] = {
    "start": lambda e, n: "The game begins.",
    "turn": lambda e, n: (f"Turn {e.get('turn', '?')}: batteries fire in the order {listing(e['order'], n)}."
                          if e.get("order") else f"Turn {e.get('turn', '?')} begins."),
    "fire": _fire,
    "fire-roll": _fire_roll,
    "rocket": lambda e, n: (f"{n.name(e.get('battery', '?'))} fires rockets at {n.name(e.get('target', '?'))}: "
                            f"{words(e.get('result', '?'))}."),
    "casualties": lambda e, n: (f"{n.name(e.get('unit', '?'))} loses {plural(e.get('figures', '?'), 'figure')} "
                                f"({number(e.get('total', '?'))} so far)."),
    "rounding": lambda e, n: (f"A part casualty on {n.name(e.get('unit', '?'))} is rounded "
                              + ("up." if e.get("rounded_up") else "down.")),
    "eliminated": lambda e, n: f"{n.name(e.get('unit', '?'))} is eliminated.",
    "already-burnt": lambda e, n: f"{n.name(e.get('terrain', '?'))} has already burnt out.",
    "burning": lambda e, n: f"{n.name(e.get('terrain', '?'))} is burning.",
    "battery-destroyed": lambda e, n: f"{n.name(e.get('battery', '?'))} is destroyed.",
    "double-six": lambda e, n: (f"Double six for {n.name(e.get('battery', '?'))} firing at "
                                f"{n.name(e.get('target', '?'))}: {words(e.get('effect', '?'))}."),
    "hold": lambda e, n: f"{n.name(e.get('battery', '?'))} holds its fire.",
    "penetration": lambda e, n: (f"The shot from {n.name(e.get('battery', '?'))} passes through "
                                 f"{n.name(e.get('target', '?'))} into {n.name(e.get('unit', '?'))}: "
                                 f"{e.get('casualties', '?')} casualties."),
    "steadies": lambda e, n: f"{n.name(e.get('unit', '?'))} steadies.",
    "wavers": lambda e, n: f"{n.name(e.get('unit', '?'))} wavers.",
    "no-penetration": lambda e, n: f"The shot does not penetrate {n.name(e.get('target', '?'))}.",
}

KINDS: dict[str, str] = {"fire": "battle", "rocket": "battle", "casualties": "damage", "eliminated": "sunk",
                         "battery-destroyed": "sunk", "penetration": "damage"}


def track(state: ReplayState, event: Mapping[str, Any]) -> None:
    """Figures lost count against the side of the unit that lost them."""
    if event.get("type") == "casualties":
        state.lose(state.names.side_of.get(str(event.get("unit", ""))), event.get("figures", 1))


REPLAY = ReplayWords(SENTENCES, KINDS, track, {"casualties": "Figures lost"})
