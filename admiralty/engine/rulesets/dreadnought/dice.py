"""Dice, always rolled from the game's own ``random.Random`` (never the global one)."""

from __future__ import annotations

import random


def d6(rng: random.Random) -> int:
    return rng.randint(1, 6)


def two_d6(rng: random.Random) -> int:
    return rng.randint(1, 6) + rng.randint(1, 6)


def half_up(value: int) -> int:
    """Half a roll, rounded up (DN-7.43)."""
    return (value + 1) // 2
