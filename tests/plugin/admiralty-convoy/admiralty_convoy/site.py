"""The convoy rule system's part of a scenario page."""

from __future__ import annotations

from admiralty.engine.api import EventRecord
from admiralty.site.context import Renderer, SiteContext
from admiralty.site.replaynames import Names
from admiralty.site.replaytext import plural, said, sentences
from admiralty.site.replayview import ReplayState, ReplayWords
from admiralty.site.text import esc, html_block
from admiralty_convoy.game import EVENTS, Leg
from admiralty_convoy.model import ConvoyScenario


def scenario_body(scenario: ConvoyScenario, src: str, ctx: SiteContext) -> str:
    rows = "".join(f"<tr><th>{esc(k)}</th><td>{v}</td></tr>" for k, v in
                   (("Merchant ships", scenario.merchants), ("Escorts", scenario.escorts), ("Legs", scenario.legs)))
    return "## The convoy\n\n" + html_block(f"<table>{rows}</table>", "convoy-facts") + "\n"


def leg(e: Leg, n: Names) -> str:
    raider = "attacks" if e["raider"] == "attack" else "shadows"
    lost = f" and loses {plural(e['sunk'], 'merchant ship')}" if e["sunk"] else ""
    return f"Leg {e['leg']}: the raider {raider}; the convoy {e['convoy']}s{lost}."


def track(state: ReplayState, event: EventRecord) -> None:
    """The convoy's token steps from leg to leg; its sunk merchant ships are its losses."""
    e = EVENTS.narrow(event)  # the event as the game declares it, or None
    if e is not None and e["type"] == "leg":
        state.place("convoy", f"leg-{e['leg']}", "convoy")
        state.lose("convoy", e["sunk"])


REPLAY = ReplayWords(sentences(said(Leg, leg)), {"leg": "battle"}, track, {"leg": "Merchant ships sunk"})
RENDERER = Renderer(scenario_body, replay=REPLAY)
