"""How napoleonic games read in the sample-game viewer: each battery's fire, rockets, fire set to buildings,
casualties and their rounding; the losses column counts figures lost by each unit's side."""

from __future__ import annotations

from admiralty.engine.api import EventRecord
from admiralty.rulesets.napoleonic.engine.events import (
    EVENTS,
    AlreadyBurnt,
    BatteryDestroyed,
    Burning,
    Casualties,
    DoubleSix,
    Eliminated,
    Fire,
    FireRoll,
    Hold,
    NoPenetration,
    Penetration,
    Rocket,
    Rounding,
    Start,
    Steadies,
    Turn,
    Wavers,
)
from admiralty.site.replaynames import Names
from admiralty.site.replaytext import Sentence, listing, number, plural, said, sentences, words
from admiralty.site.replayview import ReplayState, ReplayWords


def _fire(e: Fire, n: Names) -> str:
    band = f" at {e['band']} range" if e.get("band") else ""
    hits = f": {plural(e['hits'], 'hit')}" if "hits" in e else ""
    return (f"{n.name(e['battery'])} fires {number(e['pieces'])} pieces at "
            f"{n.name(e['target'])}{band}{hits}.")


def _fire_roll(e: FireRoll, n: Names) -> str:
    total = sum(e["dice"])
    result = "it catches fire" if e["ignites"] else "it does not catch fire"
    return (f"{n.name(e['battery'])} tries to set {n.name(e['terrain'])} alight: "
            f"{total} against {e['needs']} needed, {result}.")


SENTENCES: dict[str, Sentence] = sentences(
    said(Start, lambda e, n: "The game begins."),
    said(Turn, lambda e, n: (f"Turn {e['turn']}: batteries fire in the order {listing(e['order'], n)}."
                          if e.get("order") else f"Turn {e['turn']} begins.")),
    said(Fire, _fire),
    said(FireRoll, _fire_roll),
    said(Rocket, lambda e, n: (f"{n.name(e['battery'])} fires rockets at {n.name(e['target'])}: "
                            f"{words(e['result'])}.")),
    said(Casualties, lambda e, n: (f"{n.name(e['unit'])} loses {plural(e['figures'], 'figure')} "
                                f"({number(e['total'])} so far).")),
    said(Rounding, lambda e, n: (f"A part casualty on {n.name(e['unit'])} is rounded "
                              + ("up." if e.get("rounded_up") else "down."))),
    said(Eliminated, lambda e, n: f"{n.name(e['unit'])} is eliminated."),
    said(AlreadyBurnt, lambda e, n: f"{n.name(e['terrain'])} has already burnt out."),
    said(Burning, lambda e, n: f"{n.name(e['terrain'])} is burning."),
    said(BatteryDestroyed, lambda e, n: f"{n.name(e['battery'])} is destroyed."),
    said(DoubleSix, lambda e, n: (f"Double six for {n.name(e['battery'])} firing at "
                                f"{n.name(e['target'])}: {words(e['effect'])}.")),
    said(Hold, lambda e, n: f"{n.name(e['battery'])} holds its fire."),
    said(Penetration, lambda e, n: (f"The shot from {n.name(e['battery'])} passes through "
                                 f"{n.name(e['target'])} into {n.name(e['unit'])}: "
                                 f"{e['casualties']} casualties.")),
    said(Steadies, lambda e, n: f"{n.name(e['unit'])} steadies."),
    said(Wavers, lambda e, n: f"{n.name(e['unit'])} wavers."),
    said(NoPenetration, lambda e, n: f"The shot does not penetrate {n.name(e['target'])}."),
)

KINDS: dict[str, str] = {"fire": "battle", "rocket": "battle", "casualties": "damage", "eliminated": "sunk",
                         "battery-destroyed": "sunk", "penetration": "damage"}


def track(state: ReplayState, event: EventRecord) -> None:
    """Figures lost count against the side of the unit that lost them."""
    e = EVENTS.narrow(event)
    if e is not None and e["type"] == "casualties":
        state.lose(state.names.side_of.get(e["unit"]), e["figures"])


REPLAY = ReplayWords(SENTENCES, KINDS, track, {"casualties": "Figures lost"})
