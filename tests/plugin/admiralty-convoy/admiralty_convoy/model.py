"""The convoy scenario as the engine plays it."""

from __future__ import annotations

from dataclasses import dataclass, field

from admiralty.engine.model.common import Smoke, Source

SIDES = ("convoy", "raider")


@dataclass(frozen=True)
class ConvoyScenario:
    id: str
    title: str
    merchants: int
    escorts: int
    legs: int
    source: Source
    date: str = ""
    briefing: str = ""
    outcome: str = ""
    sources: tuple[str, ...] = ()
    smoke: Smoke = field(default=Smoke(games=20, players=("random",)))
    content_hash: str = ""
    ruleset: str = "convoy"

    @property
    def turns(self) -> int:
        return self.legs

    def side_names(self) -> list[tuple[str, str]]:
        return [(side, side.title()) for side in SIDES]
