"""The choices a renaissance side makes, as typed values: a combat card or a pass (RN-3-4), a reaction for a
side or a pass (RN-6), the kind of unit to lose (RN-8) or to keep (RN-8, both sides wiped out), the place to
retreat to (RN-9).

Each is a JSON object or ``"pass"``, as a replay file stores and reads it back (``admiralty.engine.replay``
writes actions as JSON): the ``TypedDict``s type the values the rules offer and receive without changing a
byte of what is written. The rules never parse an action back from text; :func:`ask` hands a decision to a side
and returns its answer typed as one of the options offered (the game checks that it is one of them).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Final, Literal, TypeAlias, TypedDict, TypeVar, cast

from .model import BattleSide
from .state import Decision

PASS: Final = "pass"
Pass = Literal["pass"]


class PlayCard(TypedDict):
    """RN-3-4: declare this combat card."""

    card: str


ReactFor = TypedDict("ReactFor", {"reaction": str, "for": BattleSide})
"""RN-6: play this reaction card for the attacker or the defender (``for`` is a Python keyword)."""


class Lose(TypedDict):
    """RN-8: lose a unit of this kind."""

    lose: str


class Keep(TypedDict):
    """RN-8: keep a unit of this kind when both sides are wiped out."""

    keep: str


class Retreat(TypedDict):
    """RN-9: retreat to this sea or port."""

    retreat: str


RenaissanceAction = PlayCard | ReactFor | Lose | Keep | Retreat | Pass
Choice = TypeVar("Choice", bound=RenaissanceAction)
Result = TypeVar("Result")
Script: TypeAlias = Generator[Decision, RenaissanceAction, Result]
"""A step of the rules that may ask the sides (it yields a ``Decision``, is sent the answer) and ends with a
``Result``."""


def ask(side: str, kind: str, options: tuple[Choice, ...],
        context: dict[str, int | str]) -> Script[Choice]:
    """Hand ``side`` the choice among ``options`` and return its answer, which ``RenaissanceGame.apply`` has
    already found among them."""
    choice = yield Decision(side, kind, options, context)
    return cast(Choice, choice)
