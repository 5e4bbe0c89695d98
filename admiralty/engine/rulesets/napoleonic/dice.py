"""Dice: every roll comes from one source with ``randint`` (the game's own ``random.Random``).

``ScriptedDice`` replays given faces instead, so that a test (or a worked example in the docs) can say
exactly which dice fell.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class Dice(Protocol):
    def randint(self, a: int, b: int) -> int: ...


def d6(dice: Dice) -> int:
    return dice.randint(1, 6)


def roll(dice: Dice, count: int) -> tuple[int, ...]:
    """``count`` d6."""
    return tuple(dice.randint(1, 6) for _ in range(count))


class ScriptedDice:
    """Dice that show the given faces in order; running out is an error (a test asked for too few)."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self.used = 0

    def randint(self, a: int, b: int) -> int:
        if self.used >= len(self._faces):
            raise IndexError(f"scripted dice ran out after {self.used} rolls")
        face = self._faces[self.used]
        if not a <= face <= b:
            raise ValueError(f"scripted face {face} outside {a}..{b}")
        self.used += 1
        return face

    @property
    def left(self) -> int:
        return len(self._faces) - self.used
