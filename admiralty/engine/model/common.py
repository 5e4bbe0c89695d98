"""Where a model object came from, so that later stages can point back at the author's line."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    """The file and the path inside its document (``("sides", 0, "fleets", 1)``) of a model object."""

    file: str
    path: tuple[str | int, ...] = ()

    def child(self, *parts: str | int) -> Source:
        return Source(self.file, self.path + parts)


NOWHERE = Source("<generated>")


@dataclass(frozen=True)
class Smoke:
    """A scenario's smoke-game settings, the same for every ruleset: games to play per player kind, the
    expected win-rate band ``(low, high)`` of the first side (or ``None``), and the player kinds (names in
    the ruleset's ``PLAYERS``; the first kind's games measure the balance)."""

    games: int = 50
    balance: tuple[float, float] | None = None
    players: tuple[str, ...] = ("scripted", "random")
