"""Builds convoy scenarios from schema-valid documents."""

from __future__ import annotations

from admiralty.validator.build import BuildContext, Built, Loaded, content_hash, source
from admiralty_convoy.model import ConvoyScenario


def build(items: list[Loaded], ctx: BuildContext) -> Built:
    scenarios = []
    for item in items:
        data = item.doc.data
        scenarios.append(ConvoyScenario(data["id"], data["title"], data["merchants"], data["escorts"], data["legs"],
                                        source(item.doc), str(data.get("date", "")), str(data.get("briefing", "")),
                                        content_hash=content_hash([item.doc])))
    return Built(scenarios, [])
