"""Events built from keyword details, for a rule system that writes its events this way.

An event is a JSON object with the event ``type`` (its kind) and the ``rule`` clause behind it
(``admiralty.engine.api`` says every event names its rule), plus whatever the rule system records about it: the
turn and phase where its rules count them, the units, the dice. ``event`` builds one, ``emit`` appends one; both
take the type first and the rule second, positionally; a detail named ``type`` or ``rule`` is refused
(``TypeError``) rather than silently replacing them. Whichever way a rule system builds its events (these
helpers, or its own ``TypedDict`` records), it declares each type in ``admiralty.engine.eventtypes.EventTypes``.

The serialised form is what the rule systems have always written (the log is hashed with sorted keys, so
key order never matters): this module is one code path, not a new format.
"""

from __future__ import annotations

from collections.abc import Mapping

from admiralty.engine.api import Event


def event(type_: str, rule: str, /, **details: object) -> Event:
    """One event of ``type_`` under clause ``rule``; ``details`` must be JSON values (lists, not tuples or
    sets, so that a replay reads back what was written)."""
    _refuse_reserved(type_, details)
    return {"type": type_, "rule": rule, **details}


def emit(events: list[Event], type_: str, rule: str, /, **details: object) -> Event:
    """Append ``event(type_, rule, **details)`` to ``events`` and return it."""
    made = event(type_, rule, **details)
    events.append(made)
    return made


def emit_stamped(events: list[Event], type_: str, rule: str, stamp: Mapping[str, object],
                 details: Mapping[str, object]) -> None:
    """``emit(events, type_, rule, **stamp, **details)`` where ``details`` may restate a key of ``stamp`` (a
    detail's value wins, in the stamp's place): the event built in one step, for rule systems that stamp
    every event with the turn and phase (a dreadnought game writes hundreds a game)."""
    _refuse_reserved(type_, details)
    events.append({"type": type_, "rule": rule, **stamp, **details})


def _refuse_reserved(type_: str, details: Mapping[str, object]) -> None:
    """``TypeError`` for a detail that would replace the event's type or rule."""
    if "type" in details or "rule" in details:
        raise TypeError(f"event {type_!r}: a detail may not be called 'type' or 'rule' ({sorted(details)})")
