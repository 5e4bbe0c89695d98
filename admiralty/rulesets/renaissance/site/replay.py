"""How renaissance games read in the sample-game viewer: cards, rolls, battles between two powers' squadrons,
retreats and transports; the losses column counts naval units lost."""

from __future__ import annotations

from admiralty.engine.api import EventRecord
from admiralty.rulesets.renaissance.engine.events import (
    EVENTS,
    Battle,
    BattleSkipped,
    Card,
    DestroyedNoRetreat,
    LeaderReturns,
    Losses,
    Reaction,
    Retreat,
    Roll,
    ToTurnTrack,
    Transport,
    TransportImpossible,
    Turn,
    UnitLost,
    UnitsToPool,
    Winner,
)
from admiralty.site.replaynames import Names
from admiralty.site.replaytext import Sentence, counted, counts, plural, said, sentences
from admiralty.site.replayview import ReplayState, ReplayWords


def _by_power(verb: str) -> Sentence:
    """``verb`` with the event's details by name (``{origin}``, ``{from}``), after the power's name."""
    return lambda e, n: f"{n.side(e.get('power', '?'))} {verb.format(**{k: n.name(v) for k, v in e.items()})}."


def _battle(e: Battle, n: Names) -> str:
    attacker, defender = e["attacker"], e["defender"]
    return (f"Battle at {n.name(e['at'])}: {n.side(attacker['power'])} ({counts(attacker['units'], n)}) attacks "
            f"{n.side(defender['power'])} ({counts(defender['units'], n)}).")


SENTENCES: dict[str, Sentence] = sentences(
    said(Turn, lambda e, n: f"Turn {e['turn']} begins."),
    said(Battle, _battle),
    said(Card, lambda e, n: f"{n.side(e['power'])} plays the card {n.name(e['card'])}."),
    said(Roll, lambda e, n: f"{n.side(e['power'])} rolls {len(e['rolls'])} dice: {plural(e['hits'], 'hit')}."),
    said(Reaction, lambda e, n: (f"{n.side(e['by'])} answers with the card {n.name(e['card'])}: "
                              f"{plural(e['hits'], 'hit')}.")),
    said(Winner, lambda e, n: f"{n.side(e['power'])} wins the battle."),
    said(Losses, lambda e, n: (f"{n.side(e['power'])} loses "
                            + (plural(e['ships'], 'ship') if e.get("ships") else "no ships") + ".")),
    said(UnitLost, lambda e, n: (f"{n.side(e['power'])} loses "
                               f"{counted(e['amount'], n.name(e['unit']).lower())}.")),
    said(Retreat, _by_power("retreats from {origin} to {target}")),
    said(UnitsToPool, lambda e, n: f"{n.side(e['power'])} returns {counts(e.get('units'), n)} to its pool."),
    said(ToTurnTrack, lambda e, n: (f"{n.side(e['power'])} sends {counts(e.get('units'), n)} to the turn "
                                   f"track, back on turn {e['returns_on']} if the game lasts that long.")),
    said(Transport, _by_power("carries {formation} from {from} to {to}")),
    said(DestroyedNoRetreat, lambda e, n: (f"{n.side(e['power'])} has nowhere to retreat from "
                                          f"{n.name(e['at'])}: {counts(e.get('units'), n)} destroyed.")),
    said(LeaderReturns, lambda e, n: (f"{n.name(e['leader'])} of {n.side(e['power'])} returns "
                                    f"at {n.name(e['at'])}.")),
    said(TransportImpossible, lambda e, n: (f"{n.side(e['power'])} cannot carry "
                                          f"{n.name(e['formation'])} from {n.name(e['from'])} to "
                                          f"{n.name(e['to'])}: {e['reason']}.")),
    said(BattleSkipped, lambda e, n: (f"No battle at {n.name(e['at'])} between "
                                    f"{n.side(e['attacker'])} and {n.side(e['defender'])}: "
                                    f"{e['reason']}.")),
)

KINDS: dict[str, str] = {"transport": "move", "retreat": "move", "battle": "battle", "unit-lost": "damage",
                         "losses": "damage", "destroyed-no-retreat": "sunk"}


def track(state: ReplayState, event: EventRecord) -> None:
    """A naval unit lost counts as a loss of its power."""
    e = EVENTS.narrow(event)
    if e is not None and e["type"] == "unit-lost":
        state.lose(e["power"], e["amount"])


def step(event: EventRecord) -> str:
    """A renaissance turn is stepped action by action: each scripted action (a transport) and each battle with
    its cards, rolls, losses and retreats is a step of its own, so that the map marks one place at a time."""
    battle, action = event.get("battle"), event.get("action")
    if isinstance(battle, int):
        return f"battle {battle + 1}"  # numbered from 0 in the log, from 1 for a player
    if isinstance(action, int):
        return f"action {action + 1}"
    return ""


REPLAY = ReplayWords(SENTENCES, KINDS, track, {"unit-lost": "Naval units lost"}, step)
