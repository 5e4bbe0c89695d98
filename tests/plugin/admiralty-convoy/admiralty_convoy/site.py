"""The convoy rule system's part of a scenario page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from admiralty.site.context import Renderer, SiteContext
from admiralty.site.replaynames import Names
from admiralty.site.replaytext import plural
from admiralty.site.replayview import ReplayState, ReplayWords
from admiralty.site.text import esc, html_block
from admiralty_convoy.model import ConvoyScenario


def scenario_body(scenario: ConvoyScenario, src: str, ctx: SiteContext) -> str:
    rows = "".join(f"<tr><th>{esc(k)}</th><td>{v}</td></tr>" for k, v in
                   (("Merchant ships", scenario.merchants), ("Escorts", scenario.escorts), ("Legs", scenario.legs)))
    return "## The convoy\n\n" + html_block(f"<table>{rows}</table>", "convoy-facts") + "\n"


def leg(e: Mapping[str, Any], n: Names) -> str:
    raider = "attacks" if e.get("raider") == "attack" else "shadows"
    lost = f" and loses {plural(e.get('sunk', 0), 'merchant ship')}" if e.get("sunk") else ""
    return f"Leg {e.get('leg', '?')}: the raider {raider}; the convoy {e.get('convoy', '?')}s{lost}."


def track(state: ReplayState, event: Mapping[str, Any]) -> None:
    """The convoy's token steps from leg to leg; its sunk merchant ships are its losses."""
    if event.get("type") == "leg":
        state.place("convoy", f"leg-{event.get('leg', '?')}", "convoy")
        state.lose("convoy", event.get("sunk", 0))


REPLAY = ReplayWords({"leg": leg}, {"leg": "battle"}, track, {"leg": "Merchant ships sunk"})
RENDERER = Renderer(scenario_body, replay=REPLAY)
