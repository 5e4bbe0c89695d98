"""The one small game API every ruleset implements (modelled on OpenSpiel's state API).

A game is created by its ruleset's ``new_game(scenario, seed, options)``; all chance comes from the one
``random.Random`` the game owns. Actions are JSON-serialisable values (a string, or a dict of strings and
numbers) so that a replay file can store them. Every change to the state is appended to ``game.events`` as a
JSON object: its ``type`` (the event's kind) and ``rule`` (the clause behind it), then its details.

The contract is generic in the event type: ``Game[E]`` records events of type ``E``, a rule system's union of
``TypedDict`` records (declared with ``admiralty.engine.eventtypes.EventTypes``, named by ``Ruleset.events``);
the core, which knows no rule system's events, reads any of them as an ``EventRecord`` (a read-only JSON
object). The records are types only: the serialised log is what it always was.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol, runtime_checkable

from typing_extensions import TypeVar

Action = object
"""An action as the core handles it: a JSON value (a rule system's text such as ``join:F2``, or a JSON object)
that a game offers in ``legal_actions`` and takes back in ``apply``. The core only passes it on, compares it by
equality and writes it to a replay; each rule system types its own (dreadnought's texts, renaissance's
``TypedDict`` choices) and checks, in ``apply``, that what it is given is one of the actions it offered."""
EventRecord = Mapping[str, object]
"""An event of any rule system as the core reads it: ``type`` is its kind and ``rule`` its clause (the names the
log has always used: renaming them would change every game's hash), the rest its details."""
Event = dict[str, object]
"""An event built from keyword details (``admiralty.engine.events.emit``), for a rule system that has not typed
its own records (its ``EventTypes`` still declares and checks them)."""
EventT_co = TypeVar("EventT_co", bound=EventRecord, covariant=True, default=EventRecord)
"""A game's event type; without it, ``Game`` is any rule system's game, read as ``EventRecord``."""


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended: the winning side id (``None`` for a draw) and each side's points."""

    winner: str | None
    points: dict[str, float]
    turns: int
    reason: str = ""
    details: Mapping[str, object] = field(default_factory=dict)


class Touched(NamedTuple):
    """What one action changed, for the invariants to check (the smoke runner asks after every action):
    the ships, fleets and zones (or the rule system's units, formations and places) it touched, by id; or
    ``whole`` when the action ran on into the rule system's own steps (a phase, the end of a turn or of the
    game), after which the whole state is checked. A tuple: one is made after every action."""

    ships: tuple[str, ...] = ()
    fleets: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    whole: bool = False


WHOLE = Touched(whole=True)
"""Check everything: the answer of a game that does not say what its actions touched."""
NOTHING = Touched()
"""The last action changed nothing the invariants look at (a written order, a declined engagement)."""


@runtime_checkable
class Game(Protocol[EventT_co]):
    """The state of one game; players only ever see ``view(side)``. ``events`` is the log, appended to in
    order and never edited (read-only here: a game may keep it as a list of its own records)."""

    @property
    def events(self) -> Sequence[EventT_co]: ...

    @property
    def sides(self) -> tuple[str, ...]: ...

    @property
    def is_over(self) -> bool: ...

    def to_move(self) -> tuple[str, ...]:
        """The sides that must act now (empty once the game is over)."""
        ...

    def legal_actions(self, side: str) -> Sequence[Action]: ...

    def apply(self, side: str, action: Action) -> None: ...

    def view(self, side: str) -> Mapping[str, object]: ...

    def result(self) -> GameResult: ...


def event_log_hash(events: Sequence[EventRecord]) -> str:
    """SHA-256 of the event log in canonical JSON: equal hashes mean byte-identical games. The log is read as
    one text, each event's canonical JSON followed by a newline (nothing at all for an empty log), so that
    :class:`EventDigest`, fed the same events as they were appended, gives the same value."""
    return EventDigest().feed(events).hexdigest()


class EventDigest:
    """``event_log_hash`` computed as the log grows: ``feed(events)`` hashes the events appended since the last
    call (each event's canonical JSON and a newline), so a game's hash needs no pass over the whole log at its
    end. The events fed must not change afterwards (the rule systems never edit an event once appended)."""

    __slots__ = ("_sha", "hashed")

    def __init__(self) -> None:
        self._sha = hashlib.sha256()
        self.hashed = 0
        """How many events of the log have gone into the digest."""

    def feed(self, events: Sequence[EventRecord]) -> EventDigest:
        """Hash ``events[self.hashed:]`` (the ones appended since the last call); returns ``self``."""
        start = self.hashed
        if start < len(events):
            fresh = events[start:] if start else events
            if _C_CANONICAL is not None:  # the C encoder directly: JSONEncoder.encode's Python layers cost a third
                text = "".join(["".join(_C_CANONICAL(event, 0)) + "\n" for event in fresh])
            else:
                text = "".join([_CANONICAL.encode(event) + "\n" for event in fresh])
            self._sha.update(text.encode())
            self.hashed = len(events)
        return self

    def hexdigest(self) -> str:
        return self._sha.hexdigest()


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
"""Canonical JSON, byte for byte what ``json.dumps(event, sort_keys=True, separators=(",", ":"))`` writes."""
_MAKE_C_ENCODER = getattr(json.encoder, "c_make_encoder", None)  # None where the C accelerator is missing
_C_CANONICAL = None if _MAKE_C_ENCODER is None else _MAKE_C_ENCODER(
    None, _CANONICAL.default, json.encoder.encode_basestring_ascii, None, ":", ",", True, False, True)
"""``_CANONICAL``'s C encoder, as ``JSONEncoder.iterencode`` builds it (no circular check: events are trees)."""
