"""How renaissance games read in the sample-game viewer: cards, rolls, battles between two powers' squadrons,
retreats and transports; the losses column counts naval units lost."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from admiralty.site.replaynames import Names
from admiralty.site.replaytext import Sentence, counted, counts, plural
from admiralty.site.replayview import ReplayState, ReplayWords


def _by_power(verb: str) -> Sentence:
    return lambda e, n: f"{n.side(e.get('power', '?'))} {verb.format(**{k: n.name(v) for k, v in e.items()})}."


def _battle(e: Mapping[str, Any], n: Names) -> str:
    attacker, defender = e.get("attacker"), e.get("defender")
    if not (isinstance(attacker, Mapping) and isinstance(defender, Mapping)):
        return f"Battle at {n.name(e.get('at', e.get('zone', '?')))}."
    return (f"Battle at {n.name(e.get('at', e.get('zone', '?')))}: {n.side(attacker.get('power', '?'))} "
            f"({counts(attacker.get('units'), n)}) attacks {n.side(defender.get('power', '?'))} "
            f"({counts(defender.get('units'), n)}).")


SENTENCES: dict[str, Sentence] = {
    "turn": lambda e, n: f"Turn {e.get('turn', '?')} begins.",
    "battle": _battle,
    "card": lambda e, n: f"{n.side(e.get('power', '?'))} plays the card {n.name(e.get('card', '?'))}.",
    "roll": lambda e, n: (f"{n.side(e.get('power', '?'))} rolls {len(e.get('rolls') or [])} dice: "
                          f"{plural(e.get('hits', 0), 'hit')}."),
    "reaction": lambda e, n: (f"{n.side(e.get('by', '?'))} answers with the card {n.name(e.get('card', '?'))}: "
                              f"{plural(e.get('hits', 0), 'hit')}."),
    "winner": lambda e, n: f"{n.side(e.get('power', '?'))} wins the battle.",
    "losses": lambda e, n: (f"{n.side(e.get('power', '?'))} loses "
                            + (plural(e['ships'], 'ship') if e.get("ships") else "no ships") + "."),
    "unit-lost": lambda e, n: (f"{n.side(e.get('power', '?'))} loses "
                               f"{counted(e.get('amount', 1), n.name(e.get('unit', '?')).lower())}."),
    "retreat": _by_power("retreats from {origin} to {target}"),
    "units-to-pool": lambda e, n: f"{n.side(e.get('power', '?'))} returns {counts(e.get('units'), n)} to its pool.",
    "to-turn-track": lambda e, n: (f"{n.side(e.get('power', '?'))} sends {counts(e.get('units'), n)} to the turn "
                                   f"track, back on turn {e.get('returns_on', '?')} if the game lasts that long."),
    "transport": _by_power("carries {formation} from {from} to {to}"),
    "destroyed-no-retreat": lambda e, n: (f"{n.side(e.get('power', '?'))} has nowhere to retreat from "
                                          f"{n.name(e.get('at', '?'))}: {counts(e.get('units'), n)} destroyed."),
    "leader-returns": lambda e, n: (f"{n.name(e.get('leader', '?'))} of {n.side(e.get('power', '?'))} returns "
                                    f"at {n.name(e.get('at', '?'))}."),
    "transport-impossible": lambda e, n: (f"{n.side(e.get('power', '?'))} cannot carry "
                                          f"{n.name(e.get('formation', '?'))} from {n.name(e.get('from', '?'))} to "
                                          f"{n.name(e.get('to', '?'))}: {e.get('reason', '')}."),
    "battle-skipped": lambda e, n: (f"No battle at {n.name(e.get('at', '?'))} between "
                                    f"{n.side(e.get('attacker', '?'))} and {n.side(e.get('defender', '?'))}: "
                                    f"{e.get('reason', '')}."),
}

KINDS: dict[str, str] = {"transport": "move", "retreat": "move", "battle": "battle", "unit-lost": "damage",
                         "losses": "damage", "destroyed-no-retreat": "sunk"}



def track(state: ReplayState, event: Mapping[str, Any]) -> None:
    """A naval unit lost counts as a loss of its power."""
    if event.get("type") == "unit-lost":
        state.lose(event.get("power"), event.get("amount", 1))


def step(event: Mapping[str, Any]) -> str:
    """A renaissance turn is stepped action by action: each scripted action (a transport) and each battle with
    its cards, rolls, losses and retreats is a step of its own, so that the map marks one place at a time."""
    if isinstance(event.get("battle"), int):
        return f"battle {event['battle'] + 1}"  # numbered from 0 in the log, from 1 for a player
    if isinstance(event.get("action"), int):
        return f"action {event['action'] + 1}"
    return ""


REPLAY = ReplayWords(SENTENCES, KINDS, track, {"unit-lost": "Naval units lost"}, step)
