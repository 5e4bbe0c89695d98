"""The work a game is, as the smoke sweep measures it: the mean count of each event type over the games the balance
is judged on. Kept in ``SmokeStats.events`` and written and read only through it (``summary.py``)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from admiralty.json_types import JSONObject

DIGITS = 3  # the means are written rounded, so the file carries no float noise


@dataclass(frozen=True)
class EventMeans:
    """The mean count of each event ``type`` a game writes, over the ``games`` finished games of the balance
    player kind ``player`` (the games the balance is judged on), and their mean length in turns. The site maps
    each type to a move, battle or step through its rule system's words; the core names no type."""

    player: str | None
    games: int
    turns: float
    means: tuple[tuple[str, float], ...]  # (event type, mean count a game), by type

    def to_json(self) -> JSONObject:
        return {"player": self.player, "games": self.games, "turns": round(self.turns, DIGITS),
                "means": {kind: round(mean, DIGITS) for kind, mean in self.means}}

    @classmethod
    def from_json(cls, data: object) -> EventMeans | None:
        """The means in a decoded ``events`` field, or ``None`` (an older file without them, no games, or a field
        of the wrong type); a mean that is no finite number at or above 0 is left out."""
        if not isinstance(data, dict):
            return None
        games = _finite(data.get("games"))
        if games is None or games < 1 or games != int(games):
            return None
        raw = data.get("means")
        means = tuple((str(kind), mean) for kind, value in sorted(raw.items() if isinstance(raw, dict) else ())
                      if (mean := _finite(value)) is not None and mean >= 0)
        player = data.get("player")
        return cls(player if isinstance(player, str) else None, int(games), _finite(data.get("turns")) or 0.0, means)


def _finite(value: object) -> float | None:
    """A finite JSON number as a float, else None."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)
