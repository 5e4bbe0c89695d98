"""Players for napoleonic games: random and heuristic. A player is a function of ``view(side)``, the
legal actions and the player's own ``random.Random`` (never the game's: a player's choices are actions
in the replay, not chance in the game), and returns one of the legal actions.

* ``random_player``: uniform over the legal actions.
* ``heuristic_player``: fires at the target with the most expected casualties: the fire table's mean for
  that target (``expected_figures`` in the view), plus half of it again for each unit the view says the
  shot would pass on into (NA-pen-c). With nothing to kill it sets alight a building or built-up area
  that is not burning yet, else holds. Ties go to the first target listed (scenario order): deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence, Sized

from admiralty.engine.api import Action
from admiralty.engine.players import play_game  # noqa: F401 - re-exported: the ruleset's tests drive games with it

View = Mapping[str, object]
"""What ``NapoleonicGame.view`` shows a side (or an entry of its ``targets``), read by key."""
Player = Callable[[View, Sequence[Action], random.Random], Action]


def random_player(view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """Uniform over the legal actions, from the player's own seeded generator."""
    return legal_actions[rng.randrange(len(legal_actions))]


def expected_value(target: View, penetration_share: float = 0.5) -> float:
    """Mean figures a shot at ``target`` (an entry of ``view["targets"]``) kills, penetration included."""
    mean = target.get("expected_figures", 0.0)
    base = float(mean) if isinstance(mean, (int, float)) else 0.0
    behind = target.get("penetrates", ())
    return base * (1.0 + penetration_share * (len(behind) if isinstance(behind, Sized) else 0))


def _targets(view: View) -> dict[object, View]:
    """``view["targets"]`` by id (none when the side has no battery to fire now)."""
    listed = view.get("targets", ())
    return {t["id"]: t for t in listed if isinstance(t, Mapping)} if isinstance(listed, (list, tuple)) else {}


def heuristic_player(view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """The legal target with the most expected casualties; else an unburnt building; else hold."""
    targets = _targets(view)
    aimed = [(action, targets[_target(action)]) for action in legal_actions
             if _target(action) is not None and _target(action) in targets]
    choice = _deadliest(aimed) or _arson(aimed)
    if choice is not None:
        return choice
    holds = [a for a in legal_actions if _target(a) is None]
    return holds[0] if holds else legal_actions[0]


def _target(action: Action) -> object:
    """The target an action (a ``game.FireOrder``, as the game offers it) fires at: ``None`` to hold."""
    return action.get("target") if isinstance(action, Mapping) else None


def _deadliest(aimed: Sequence[tuple[Action, View]]) -> Action | None:
    """The first of the actions whose target loses the most figures on average, if any loses some."""
    best: tuple[float, Action] | None = None
    for action, target in aimed:
        value = expected_value(target)
        if value > 0 and (best is None or value > best[0]):
            best = (value, action)
    return best[1] if best else None


def _arson(aimed: Sequence[tuple[Action, View]]) -> Action | None:
    """The first action at a building or built-up area not burning yet."""
    return next((action for action, target in aimed if target["kind"] == "terrain" and not target["burning"]),
                None)


PLAYERS: dict[str, Player] = {"random": random_player, "heuristic": heuristic_player}
