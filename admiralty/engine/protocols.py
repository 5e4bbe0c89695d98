"""What the engine and the core stages read of any rule system's scenario and game, whatever the rule system.

These protocols are the engine's: the smoke runner and the replay need them, and ``admiralty.contract``
(the registry, one layer up) re-exports them for plug-in authors, so that the engine never imports the
registry's module and the registry imports the engine, one way only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from typing_extensions import TypeVar

from admiralty.engine.api import Action, EventT_co, Game
from admiralty.engine.model.common import Smoke, Source

Player = Callable[[Mapping[str, object], Sequence[Action], random.Random], Action]
"""A player: ``(view(side), legal actions, its own seeded generator) -> one of the actions``."""


@runtime_checkable
class Sourced(Protocol):
    """Any built model (scenario, map, catalog, table): the core reads where it came from, to put a finding
    about it at its file."""

    @property
    def source(self) -> Source: ...


@runtime_checkable
class ScenarioModel(Protocol):
    """What the core (smoke, replay, the site's generic parts) reads of any built scenario."""

    @property
    def source(self) -> Source: ...

    @property
    def id(self) -> str: ...

    @property
    def ruleset(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def date(self) -> str: ...

    @property
    def briefing(self) -> str: ...

    @property
    def outcome(self) -> str:
        """What happened historically (Markdown); empty when the author gave none."""
        ...

    @property
    def sources(self) -> tuple[str, ...]: ...

    @property
    def turns(self) -> int | None:
        """Game turns, or ``None`` where the rules count no turns."""
        ...

    @property
    def content_hash(self) -> str: ...

    @property
    def smoke(self) -> Smoke: ...

    def side_names(self) -> list[tuple[str, str]]:
        """(id, display name) of each side, in the author's order; the first is the one balance speaks of."""
        ...


SCENARIO_MEMBERS = ("source", "id", "ruleset", "title", "date", "briefing", "outcome", "sources", "turns",
                    "content_hash", "smoke", "side_names")


ScenarioT_contra = TypeVar("ScenarioT_contra", contravariant=True, default=ScenarioModel)
"""The built scenario a game module plays (dreadnought's ``Scenario``, ...); without it, any ``ScenarioModel``,
as the core (smoke, replay) hands one to a module it found by name."""


class GameModule(Protocol[EventT_co, ScenarioT_contra]):
    """A rule system's game: ``new_game`` with its players, the invariants smoke checks after every action,
    and the engine version written into replays. ``GameModule[E]``: its games record events of type ``E`` (the
    union of the records its ``Ruleset.events`` declares); the core reads any of them as ``EventRecord``.
    ``GameModule[E, S]``: it plays built scenarios of type ``S``."""

    __name__: str  # the module's import name, written into replays so a replay finds its game again
    ENGINE_VERSION: str
    PLAYERS: Mapping[str, Player]

    def new_game(self, scenario: ScenarioT_contra, seed: int,
                 options: Mapping[str, object] | None = None) -> Game[EventT_co]: ...

    def invariants(self, game: Game) -> list[str]: ...


def invariants_after_action(module: GameModule) -> Callable[[Game], list[str]]:
    """What the smoke runner checks after every action: the module's ``invariants_touched(game)`` (the
    invariants over what the last action touched, the whole state when it ran into the end of a turn or of
    the game) where the rule system has one, else its whole-state ``invariants``."""
    return getattr(module, "invariants_touched", module.invariants)
