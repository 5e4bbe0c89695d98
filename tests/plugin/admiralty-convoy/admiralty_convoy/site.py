"""The convoy rule system's part of a scenario page."""

from __future__ import annotations

from admiralty.site.context import Renderer, SiteContext
from admiralty.site.text import esc, html_block
from admiralty_convoy.model import ConvoyScenario


def scenario_body(scenario: ConvoyScenario, src: str, ctx: SiteContext) -> str:
    rows = "".join(f"<tr><th>{esc(k)}</th><td>{v}</td></tr>" for k, v in
                   (("Merchant ships", scenario.merchants), ("Escorts", scenario.escorts), ("Legs", scenario.legs)))
    return "## The convoy\n\n" + html_block(f"<table>{rows}</table>", "convoy-facts") + "\n"


RENDERER = Renderer(scenario_body)
