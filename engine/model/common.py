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
