"""Dice for every rule system: one protocol, the game's seeded ``random.Random`` behind it, scripted faces
for tests.

A rule system rolls only through ``d6``, ``two_d6`` and ``roll`` over a ``Dice``: anything with
``randint(a, b)``. The game's own ``random.Random(seed)`` is one as it stands (no wrapper, so a roll costs
what ``randint`` costs and a seed plays the same game it always did). ``ScriptedDice`` shows given faces in
order, so that a test (or a worked example in the docs) says exactly which dice fell; running out is an
error that says how many faces were used, unless ``then`` names the dice that roll on after the script
(``FixedDice`` for one face for ever, or the game's generator).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class Dice(Protocol):
    """Where a game's dice come from: ``random.Random`` or ``ScriptedDice``."""

    def randint(self, a: int, b: int, /) -> int: ...


def d6(dice: Dice) -> int:
    """One six-sided die."""
    return dice.randint(1, 6)


def two_d6(dice: Dice) -> int:
    """The total of two six-sided dice (rolled one after the other, as ``roll(dice, 2)`` rolls them)."""
    return dice.randint(1, 6) + dice.randint(1, 6)


def roll(dice: Dice, count: int) -> tuple[int, ...]:
    """``count`` six-sided dice in the order rolled; none for a count of zero or less."""
    return tuple(dice.randint(1, 6) for _ in range(count))


def half_up(value: int) -> int:
    """Half a roll, rounded up (DN-7.43 halves the second damage die so)."""
    return (value + 1) // 2


class FixedDice:
    """Dice that always show ``face``: a test whose point is not the dice (or ``ScriptedDice``'s ``then``)."""

    def __init__(self, face: int) -> None:
        self.face = face

    def randint(self, a: int, b: int, /) -> int:
        if not a <= self.face <= b:
            raise ValueError(f"fixed face {self.face} is outside {a}..{b}")
        return self.face


class DiceRanOut(IndexError):
    """Scripted dice were asked for more faces than the script gives (the test scripted too few)."""


class ScriptedDice:
    """Dice that show ``faces`` in order. When they run out: ``DiceRanOut`` (``then`` is ``None``) or the
    ``then`` dice roll on (a game re-enacting a table game's first rolls, then its own generator)."""

    def __init__(self, faces: Iterable[int], then: Dice | None = None) -> None:
        self._faces = list(faces)
        self.used = 0
        self.then = then

    def randint(self, a: int, b: int, /) -> int:
        if self.used >= len(self._faces):
            if self.then is not None:
                return self.then.randint(a, b)
            raise DiceRanOut(f"the scripted dice ran out: all {len(self._faces)} faces were used and the rules "
                             f"asked for another roll of {a}..{b}")
        face = self._faces[self.used]
        if not a <= face <= b:
            raise ValueError(f"scripted face {face} (roll {self.used + 1}) is outside {a}..{b}")
        self.used += 1
        return face

    @property
    def left(self) -> int:
        """Faces not yet shown."""
        return len(self._faces) - self.used
