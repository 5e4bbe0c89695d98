"""The one small game API every ruleset implements (modelled on OpenSpiel's state API).

A game is created by its ruleset's ``new_game(scenario, seed, options)``; all chance comes from the one
``random.Random`` the game owns. Actions are JSON-serialisable values (a string, or a dict of strings and
numbers) so that a replay file can store them. Every change to the state is appended to ``game.events`` as a
JSON-serialisable dict that names the rule clause behind it under the key ``"rule"``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

Action = Any  # str | int | dict[str, Any]: JSON-serialisable, compared by equality
Event = dict[str, Any]


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended: the winning side id (``None`` for a draw) and each side's points."""

    winner: str | None
    points: dict[str, float]
    turns: int
    reason: str = ""
    details: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Game(Protocol):
    """The state of one game; players only ever see ``view(side)``."""

    events: list[Event]

    @property
    def sides(self) -> tuple[str, ...]: ...

    @property
    def is_over(self) -> bool: ...

    def to_move(self) -> tuple[str, ...]:
        """The sides that must act now (empty once the game is over)."""
        ...

    def legal_actions(self, side: str) -> list[Action]: ...

    def apply(self, side: str, action: Action) -> None: ...

    def view(self, side: str) -> dict[str, Any]: ...

    def result(self) -> GameResult: ...


def event_log_hash(events: list[Event]) -> str:
    """SHA-256 of the event log in canonical JSON: equal hashes mean byte-identical games."""
    if not events:
        return hashlib.sha256().hexdigest()
    if _C_CANONICAL is not None:  # the C encoder called directly: JSONEncoder.encode's Python layers cost a third
        text = "\n".join(["".join(_C_CANONICAL(event, 0)) for event in events])
    else:
        text = "\n".join(map(_CANONICAL.encode, events))
    return hashlib.sha256((text + "\n").encode()).hexdigest()


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
"""Canonical JSON, byte for byte what ``json.dumps(event, sort_keys=True, separators=(",", ":"))`` writes."""
_MAKE_C_ENCODER = getattr(json.encoder, "c_make_encoder", None)  # None where the C accelerator is missing
_C_CANONICAL = None if _MAKE_C_ENCODER is None else _MAKE_C_ENCODER(
    None, _CANONICAL.default, json.encoder.encode_basestring_ascii, None, ":", ",", True, False, True)
"""``_CANONICAL``'s C encoder, as ``JSONEncoder.iterencode`` builds it (no circular check: events are trees)."""
