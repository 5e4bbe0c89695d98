"""One recorded event as a plain sentence, with the scenario's names instead of ids.

The three rule systems' engines write events as ``type`` plus details (``fleet-moved``, ``fleet=horthy``,
``path=[V25, V26]``). Each known type has a sentence here; any other type still reads as words ("Order
refused: fleet Horthy's squadron, reason not adjacent."), so a new event type never shows raw ``key=value``.
The ``kind`` of an event (move, contact, battle, damage, sunk, points) is what the viewer marks and lists.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from admiralty.site.replaynames import Names
from admiralty.site.words import id_words

Sentence = Callable[[Mapping[str, Any], Names], str]
SKIP = {"turn", "phase", "type", "rule", "log", "battle", "scripted", "chosen"}

KINDS: dict[str, str] = {
    "fleet-moved": "move", "fleet-placed": "move", "transport": "move", "retreat": "move",
    "contact-roll": "contact", "engagement-chosen": "contact", "contact-avoided": "contact",
    "pursuit-contact": "contact",
    "battle": "battle", "bombardment": "battle", "fire": "battle", "rocket": "battle",
    "damage-recorded": "damage", "ship-damaged": "damage", "mine-hit": "damage", "casualties": "damage",
    "unit-lost": "damage", "losses": "damage",
    "ship-sunk": "sunk", "eliminated": "sunk", "fleet-removed": "sunk", "merchant-sunk": "sunk",
    "points": "points", "game-over": "points",
}


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def plural(count: Any, word: str, words: str = "") -> str:
    """``1 figure``, ``3 figures`` (``words``: an irregular plural)."""
    return f"{_number(count)} " + (word if count == 1 else words or word + "s")


def _list(values: Any, n: Names) -> str:
    items = [n.name(v) for v in values] if isinstance(values, list | tuple) else [n.name(values)]
    if len(items) <= 1:
        return items[0] if items else "nothing"
    return ", ".join(items[:-1]) + " and " + items[-1]


def _counts(units: Any, n: Names) -> str:
    """``{"galleys": 3, "corsairs": 1}`` -> ``3 galleys, 1 corsairs``."""
    if not isinstance(units, Mapping) or not units:
        return "no units"
    return ", ".join(f"{_number(k)} {n.name(u).lower()}" for u, k in units.items())


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _fleet(e: Mapping[str, Any], n: Names) -> str:
    side = f" ({n.side(e['side'])})" if e.get("side") else ""
    return n.name(e.get("fleet", "?")) + side


def _moved(e: Mapping[str, Any], n: Names) -> str:
    path = e.get("path") or []
    end = n.name(path[-1]) if path else n.name(e.get("start", "?"))
    via = f" by way of {_list(path[:-1], n)}" if len(path) > 1 else ""
    hidden = ", unseen by the enemy" if e.get("hidden") else ""
    return f"{_fleet(e, n)} moves from {n.name(e.get('start', '?'))} to {end}{via}{hidden}."


def _placed(e: Mapping[str, Any], n: Names) -> str:
    ships = f": {_list(e['ships'], n)}" if e.get("ships") else ""
    mission_word = id_words(str(e.get("mission", ""))).lower()
    article = "an" if mission_word[:1] in "aeiou" else "a"
    mission = f" on {article} {mission_word} mission" if e.get("mission") else ""
    side = f"{n.side(e['side'])}{ships}" if e.get("side") else ships.removeprefix(": ")
    who = f"{n.name(e.get('fleet', '?'))} ({side})" if side else n.name(e.get("fleet", "?"))
    return f"{who} starts at {n.name(e.get('at', '?'))}{mission}."


def _points(e: Mapping[str, Any], n: Names) -> str:
    why = id_words(str(e.get("reason", ""))).lower()
    what = f": {n.name(e['ship'])}" if e.get("ship") else ""
    return f"{n.side(e.get('side', '?'))} scores {_number(e.get('points', 0))} VP ({why}{what})."


def _game_over(e: Mapping[str, Any], n: Names) -> str:
    points = _mapping(e.get("points"))
    score = "; ".join(f"{n.side(s)} {_number(p)}" for s, p in points.items())
    who = f"{n.side(e['winner'])} wins" if e.get("winner") else "a draw"
    why = f" ({id_words(str(e['reason'])).lower()})" if e.get("reason") else ""
    return f"Game over: {who}{why}." + (f" Final VP: {score}." if score else "")


def _contact_roll(e: Mapping[str, Any], n: Names) -> str:
    seen = "sighted" if e.get("sighted") else "not sighted"
    return (f"{n.side(e.get('side', '?'))} searches {n.name(e.get('zone', '?'))} for {_list(e.get('group', []), n)}"
            f" (roll {e.get('roll', '?')}): {seen}.")


def _engage(e: Mapping[str, Any], n: Names) -> str:
    choice = "chooses to engage" if e.get("engage") else "declines battle"
    return f"{n.side(e.get('side', '?'))} {choice} in {n.name(e.get('zone', '?'))}."


def _battle(e: Mapping[str, Any], n: Names) -> str:
    attacker, defender = e.get("attacker"), e.get("defender")
    if isinstance(attacker, Mapping) and isinstance(defender, Mapping):  # renaissance: two powers' squadrons
        return (f"Battle at {n.name(e.get('at', e.get('zone', '?')))}: {n.side(attacker.get('power', '?'))} "
                f"({_counts(attacker.get('units'), n)}) attacks {n.side(defender.get('power', '?'))} "
                f"({_counts(defender.get('units'), n)}).")
    lost = " Contact is lost." if e.get("contact_lost") else ""
    return f"Battle in {n.name(e.get('zone', '?'))} between {_list(e.get('fleets', []), n)}.{lost}"


def _damage(e: Mapping[str, Any], n: Names) -> str:
    losses = _mapping(e.get("losses"))
    what = ", ".join(f"{_number(k)} {id_words(str(box)).lower()}" for box, k in losses.items()) or "nothing"
    way = "; she loses way" if e.get("lost_way") else ""
    return f"{n.name(e.get('ship', '?'))} ({n.side(e.get('side', '?'))}) loses {what}{way}."


def _hull(e: Mapping[str, Any], n: Names) -> str:
    cause = f" ({id_words(str(e['cause'])).lower()})" if e.get("cause") else ""
    return (f"{n.name(e.get('ship', '?'))} ({n.side(e.get('side', '?'))}) takes "
            f"{plural(e.get('boxes', '?'), 'hull box', 'hull boxes')}{cause}; {_number(e.get('hull', '?'))} left.")


def _sunk(e: Mapping[str, Any], n: Names) -> str:
    cause = f" ({id_words(str(e['cause'])).lower()})" if e.get("cause") else ""
    return f"{n.name(e.get('ship', '?'))} ({n.side(e.get('side', '?'))}) is sunk{cause}."


def _fire(e: Mapping[str, Any], n: Names) -> str:
    band = f" at {e['band']} range" if e.get("band") else ""
    hits = f": {plural(e['hits'], 'hit')}" if "hits" in e else ""
    return (f"{n.name(e.get('battery', '?'))} fires {_number(e.get('pieces', '?'))} pieces at "
            f"{n.name(e.get('target', '?'))}{band}{hits}.")


def _fire_roll(e: Mapping[str, Any], n: Names) -> str:
    dice = e.get("dice") or []
    total = sum(d for d in dice if isinstance(d, int))
    result = "it catches fire" if e.get("ignites") else "it does not catch fire"
    return (f"{n.name(e.get('battery', '?'))} tries to set {n.name(e.get('terrain', '?'))} alight: "
            f"{total} against {e.get('needs', '?')} needed, {result}.")


def _by_power(verb: str) -> Sentence:
    return lambda e, n: f"{n.side(e.get('power', '?'))} {verb.format(**{k: n.name(v) for k, v in e.items()})}."


TEMPLATES: dict[str, Sentence] = {
    "game-started": lambda e, n: f"The game begins: {e.get('turns', '?')} turns to play.",
    "start": lambda e, n: "The game begins.",
    "fleet-placed": _placed,
    "fleet-moved": _moved,
    "minefield-placed": lambda e, n: (f"A minefield of {n.side(e.get('owner', '?'))} lies between "
                                      f"{_list(e.get('between', []), n)}."),
    "minefield-crossed": lambda e, n: f"{_fleet(e, n)} crosses the minefield between {_list(e.get('between', []), n)}.",
    "mine-hit": lambda e, n: f"{n.name(e.get('ship', '?'))} ({n.side(e.get('side', '?'))}) strikes a mine.",
    "weather": lambda e, n: f"The weather is {id_words(str(e.get('weather', '?'))).lower()}.",
    "raider-hidden": lambda e, n: f"{_fleet(e, n)} slips out of sight.",
    "raider-revealed": lambda e, n: f"{_fleet(e, n)} is seen again at {n.name(e.get('at', '?'))}.",
    "plan-delayed": lambda e, n: f"{_fleet(e, n)} has to wait a turn before it can act.",
    "bombardment": lambda e, n: f"{_fleet(e, n)} bombards {n.name(e.get('port', '?'))}.",
    "cargo-unloaded": lambda e, n: f"{_fleet(e, n)} unloads its cargo at {n.name(e.get('port', '?'))}.",
    "points": _points,
    "game-over": _game_over,
    "contact-roll": _contact_roll,
    "engagement-chosen": _engage,
    "contact-avoided": lambda e, n: f"Both sides avoid battle in {n.name(e.get('zone', '?'))}.",
    "battle": _battle,
    "damage-recorded": _damage,
    "ship-damaged": _hull,
    "ship-sunk": _sunk,
    "fleet-removed": lambda e, n: f"{_fleet(e, n)} leaves the game: no ships left." if e.get("reason") ==
    "no-ships-left" else f"{_fleet(e, n)} leaves the game.",
    "pursuit-declared": lambda e, n: f"{_fleet(e, n)} sets off in pursuit of {n.name(e.get('target', '?'))}.",
    "pursuit-roll": lambda e, n: (f"{_fleet(e, n)} chases {n.name(e.get('target', '?'))}: "
                                  + ("it catches up." if e.get("success") else "it falls behind.")),
    "pursuit-contact": lambda e, n: (f"{_fleet(e, n)} catches {n.name(e.get('target', '?'))} in "
                                     f"{n.name(e.get('zone', '?'))}."),
    "pursuit-ended": lambda e, n: f"{_fleet(e, n)} gives up the pursuit.",
    "mission-aborted": lambda e, n: f"{_fleet(e, n)} abandons its mission and heads for {n.name(e.get('port', '?'))}.",
    "fleet-towed": lambda e, n: f"{_fleet(e, n)} takes damaged ships in tow.",
    "move-shortened": lambda e, n: f"{_fleet(e, n)} cannot move as far as planned.",
    "order-impossible": lambda e, n: (f"{_fleet(e, n)} cannot go from {n.name(e.get('at', '?'))} to "
                                      f"{n.name(e.get('to', '?'))}."),
    # renaissance
    "turn": lambda e, n: (f"Turn {e.get('turn', '?')}: batteries fire in the order {_list(e['order'], n)}."
                          if e.get("order") else f"Turn {e.get('turn', '?')} begins."),
    "card": lambda e, n: f"{n.side(e.get('power', '?'))} plays the card {n.name(e.get('card', '?'))}.",
    "roll": lambda e, n: (f"{n.side(e.get('power', '?'))} rolls {len(e.get('rolls') or [])} dice: "
                          f"{plural(e.get('hits', 0), 'hit')}."),
    "reaction": lambda e, n: (f"{n.side(e.get('by', '?'))} answers with the card {n.name(e.get('card', '?'))}: "
                              f"{plural(e.get('hits', 0), 'hit')}."),
    "winner": lambda e, n: f"{n.side(e.get('power', '?'))} wins the battle.",
    "losses": lambda e, n: f"{n.side(e.get('power', '?'))} loses {plural(e.get('ships', 0), 'ship')}.",
    "unit-lost": lambda e, n: (f"{n.side(e.get('power', '?'))} loses {_number(e.get('amount', 1))} "
                               f"{n.name(e.get('unit', '?')).lower()}."),
    "retreat": _by_power("retreats from {origin} to {target}"),
    "units-to-pool": lambda e, n: f"{n.side(e.get('power', '?'))} returns {_counts(e.get('units'), n)} to its pool.",
    "to-turn-track": lambda e, n: (f"{n.side(e.get('power', '?'))}'s {_counts(e.get('units'), n)} come back on "
                                   f"turn {e.get('returns_on', '?')}."),
    "transport": _by_power("carries {formation} from {from} to {to}"),
    "battle-skipped": lambda e, n: (f"No battle at {n.name(e.get('at', '?'))} between "
                                    f"{n.side(e.get('attacker', '?'))} and {n.side(e.get('defender', '?'))}: "
                                    f"{e.get('reason', '')}."),
    # napoleonic
    "fire": _fire,
    "fire-roll": _fire_roll,
    "rocket": lambda e, n: (f"{n.name(e.get('battery', '?'))} fires rockets at {n.name(e.get('target', '?'))}: "
                            f"{id_words(str(e.get('result', '?'))).lower()}."),
    "casualties": lambda e, n: (f"{n.name(e.get('unit', '?'))} loses {plural(e.get('figures', '?'), 'figure')} "
                                f"({_number(e.get('total', '?'))} so far)."),
    "rounding": lambda e, n: (f"A part casualty on {n.name(e.get('unit', '?'))} is rounded "
                              + ("up." if e.get("rounded_up") else "down.")),
    "eliminated": lambda e, n: f"{n.name(e.get('unit', '?'))} is eliminated.",
    "no-penetration": lambda e, n: f"The shot does not penetrate {n.name(e.get('target', '?'))}.",
}


def _value(value: Any, n: Names) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return _list(value, n)
    if isinstance(value, Mapping):
        return ", ".join(f"{id_words(str(k)).lower()} {_value(v, n)}" for k, v in value.items())
    if isinstance(value, int | float):
        return _number(value)
    return n.name(value)


def generic(e: Mapping[str, Any], n: Names) -> str:
    """Any event type without its own sentence: its type and details in words."""
    details = "; ".join(f"{id_words(str(k)).lower()} {_value(v, n)}" for k, v in e.items()
                        if k not in SKIP and v not in (None, False, "", [], {}))
    head = id_words(str(e.get("type", "event")))
    return f"{head}: {details}." if details else f"{head}."


def sentence(event: Mapping[str, Any], names: Names) -> str:
    """The event in plain words; a detail of an unexpected shape falls back to the generic sentence."""
    template = TEMPLATES.get(str(event.get("type", "")), generic)
    try:
        return template(event, names)
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        return generic(event, names)


def kind(event: Mapping[str, Any]) -> str:
    """move, contact, battle, damage, sunk, points, or other."""
    return KINDS.get(str(event.get("type", "")), "other")
