"""What every dreadnought event carries besides its type and details."""

from typing import TypedDict


class Stamped(TypedDict):
    """The clause behind the event (``rule``), and the turn and phase it happened in (``GameState.emit``)."""

    rule: str
    turn: int
    phase: str
