"""How dreadnought games read in the sample-game viewer: one sentence per event type, its kind, and the fleet
tokens that follow ``fleet-placed``, ``fleet-moved``, ``raider-hidden`` / ``raider-revealed`` and
``fleet-removed``; the losses column counts ships sunk."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from admiralty.site.replaynames import Names
from admiralty.site.replaytext import Sentence, listing, mapping, number, plural, words
from admiralty.site.replayview import ReplayState, ReplayWords


def _fleet(e: Mapping[str, Any], n: Names) -> str:
    side = f" ({n.side(e['side'])})" if e.get("side") else ""
    return n.name(e.get("fleet", "?")) + side


def _ship(e: Mapping[str, Any], n: Names) -> str:
    """The event's ship and its side, "Lion (Britain)"."""
    return f"{n.name(e.get('ship', '?'))} ({n.side(e.get('side', '?'))})"


def _moved(e: Mapping[str, Any], n: Names) -> str:
    path = e.get("path") or []
    end = n.name(path[-1]) if path else n.name(e.get("start", "?"))
    via = f" by way of {listing(path[:-1], n)}" if len(path) > 1 else ""
    hidden = ", unseen by the enemy" if e.get("hidden") else ""
    return f"{_fleet(e, n)} moves from {n.name(e.get('start', '?'))} to {end}{via}{hidden}."


def _placed(e: Mapping[str, Any], n: Names) -> str:
    ships = f": {listing(e['ships'], n)}" if e.get("ships") else ""
    mission_word = words(e.get("mission", ""))
    article = "an" if mission_word[:1] in "aeiou" else "a"
    mission = f" on {article} {mission_word} mission" if e.get("mission") else ""
    side = f"{n.side(e['side'])}{ships}" if e.get("side") else ships.removeprefix(": ")
    who = f"{n.name(e.get('fleet', '?'))} ({side})" if side else n.name(e.get("fleet", "?"))
    return f"{who} starts at {n.name(e.get('at', '?'))}{mission}."


def _contact_roll(e: Mapping[str, Any], n: Names) -> str:
    seen = "sighted" if e.get("sighted") else "not sighted"
    return (f"{n.side(e.get('side', '?'))} searches {n.name(e.get('zone', '?'))} for "
            f"{listing(e.get('group', []), n)} (roll {e.get('roll', '?')}): {seen}.")


def _engage(e: Mapping[str, Any], n: Names) -> str:
    choice = "chooses to engage" if e.get("engage") else "declines battle"
    return f"{n.side(e.get('side', '?'))} {choice} in {n.name(e.get('zone', '?'))}."


def _battle(e: Mapping[str, Any], n: Names) -> str:
    lost = " Contact is lost." if e.get("contact_lost") else ""
    return f"Battle in {n.name(e.get('zone', '?'))} between {listing(e.get('fleets', []), n)}.{lost}"


def _damage(e: Mapping[str, Any], n: Names) -> str:
    losses = mapping(e.get("losses"))
    what = ", ".join(f"{number(k)} {words(box)}" for box, k in losses.items()) or "nothing"
    way = "; she loses way" if e.get("lost_way") else ""
    return f"{_ship(e, n)} loses {what}{way}."


def _hull(e: Mapping[str, Any], n: Names) -> str:
    cause = f" ({words(e['cause'])})" if e.get("cause") else ""
    return (f"{_ship(e, n)} takes "
            f"{plural(e.get('boxes', '?'), 'hull box', 'hull boxes')}{cause}; {number(e.get('hull', '?'))} left.")


def _sunk(e: Mapping[str, Any], n: Names) -> str:
    cause = f" ({words(e['cause'])})" if e.get("cause") else ""
    return f"{_ship(e, n)} is sunk{cause}."


def _removed(e: Mapping[str, Any], n: Names) -> str:
    no_ships = e.get("reason") == "no-ships-left"
    return f"{_fleet(e, n)} leaves the game: no ships left." if no_ships else f"{_fleet(e, n)} leaves the game."


SENTENCES: dict[str, Sentence] = {
    "game-started": lambda e, n: f"The game begins: {e.get('turns', '?')} turns to play.",
    "fleet-placed": _placed,
    "fleet-moved": _moved,
    "minefield-placed": lambda e, n: (f"A minefield of {n.side(e.get('owner', '?'))} lies between "
                                      f"{listing(e.get('between', []), n)}."),
    "minefield-crossed": lambda e, n: (f"{_fleet(e, n)} crosses the minefield between "
                                       f"{listing(e.get('between', []), n)}."),
    "mine-hit": lambda e, n: f"{_ship(e, n)} strikes a mine.",
    "weather": lambda e, n: f"The weather is {words(e.get('weather', '?'))}.",
    "raider-hidden": lambda e, n: f"{_fleet(e, n)} slips out of sight.",
    "raider-revealed": lambda e, n: f"{_fleet(e, n)} is seen again at {n.name(e.get('at', '?'))}.",
    "plan-delayed": lambda e, n: f"{_fleet(e, n)} has to wait a turn before it can act.",
    "bombardment": lambda e, n: f"{_fleet(e, n)} bombards {n.name(e.get('port', '?'))}.",
    "cargo-unloaded": lambda e, n: f"{_fleet(e, n)} unloads its cargo at {n.name(e.get('port', '?'))}.",
    "contact-roll": _contact_roll,
    "engagement-chosen": _engage,
    "contact-avoided": lambda e, n: f"Both sides avoid battle in {n.name(e.get('zone', '?'))}.",
    "battle": _battle,
    "damage-recorded": _damage,
    "ship-damaged": _hull,
    "ship-sunk": _sunk,
    "fleet-removed": _removed,
    "pursuit-declared": lambda e, n: f"{_fleet(e, n)} sets off in pursuit of {n.name(e.get('target', '?'))}.",
    "pursuit-roll": lambda e, n: (f"{_fleet(e, n)} chases {n.name(e.get('target', '?'))}: "
                                  + ("it catches up." if e.get("success") else "it falls behind.")),
    "pursuit-contact": lambda e, n: (f"{_fleet(e, n)} catches {n.name(e.get('target', '?'))} in "
                                     f"{n.name(e.get('zone', '?'))}."),
    "pursuit-ended": lambda e, n: f"{_fleet(e, n)} gives up the pursuit.",
    "mission-aborted": lambda e, n: (f"{_fleet(e, n)} abandons its mission and heads for "
                                     f"{n.name(e.get('port', '?'))}."),
    "fleet-towed": lambda e, n: f"{_fleet(e, n)} takes damaged ships in tow.",
    "move-shortened": lambda e, n: f"{_fleet(e, n)} cannot move as far as planned.",
    "order-impossible": lambda e, n: (f"{_fleet(e, n)} cannot go from {n.name(e.get('at', '?'))} to "
                                      f"{n.name(e.get('to', '?'))}."),
    "abort-ordered": lambda e, n: (f"{_fleet(e, n)} is ordered home to {n.name(e.get('port', '?'))} "
                                   f"from turn {e.get('effective', '?')}."),
    "cannot-move": lambda e, n: f"{_fleet(e, n)} cannot move this turn ({words(e.get('reason', ''))}).",
    "fleet-split": lambda e, n: (f"{_fleet(e, n)} detaches {listing(e.get('ships', []), n)} as "
                                 f"{n.name(e.get('new_fleet', '?'))}."),
    "fleets-combined": lambda e, n: f"{_fleet(e, n)} joins {n.name(e.get('into', '?'))}.",
    "lost-way": lambda e, n: f"{_ship(e, n)} runs out of fuel.",
    "merchant-search": lambda e, n: (f"{_fleet(e, n)} searches {n.name(e.get('zone', '?'))} for merchant ships "
                                     f"(roll {e.get('roll', '?')}): "
                                     + ("found." if e.get("found") else "none found.")),
    "merchant-sunk": lambda e, n: f"{_fleet(e, n)} sinks a merchant ship in {n.name(e.get('zone', '?'))}.",
    "minefield-found": lambda e, n: (f"{_fleet(e, n)} finds a minefield between "
                                     f"{listing(e.get('between', []), n)}."),
    "minefield-swept": lambda e, n: (f"{_fleet(e, n)} sweeps the minefield between "
                                     f"{listing(e.get('between', []), n)}."),
    "move-carried-over": lambda e, n: (f"{_fleet(e, n)} carries its move into {listing(e.get('zones', []), n)} "
                                       f"over to the next turn."),
    "movement-planned": lambda e, n: f"{_fleet(e, n)} plots a course for {n.name(e.get('goal', '?'))}.",
    "new-mission": lambda e, n: f"{_fleet(e, n)} takes up a new mission: {words(e.get('mission', '?'))}.",
    "objective-reached": lambda e, n: f"{_fleet(e, n)} reaches its objective, {n.name(e.get('target', '?'))}.",
    "order-written": lambda e, n: f"{_fleet(e, n)} writes its order for turn {e.get('for_turn', '?')}.",
    "rearmed": lambda e, n: (f"{_ship(e, n)} rearms at "
                             f"{n.name(e.get('port', '?'))}."),
    "ship-left-behind": lambda e, n: (f"{_fleet(e, n)} leaves {n.name(e.get('ship', '?'))} behind as "
                                      f"{n.name(e.get('new_fleet', '?'))}."),
    "supply-refused": lambda e, n: f"{_fleet(e, n)} gets no supply at {n.name(e.get('at', '?'))}.",
    "abort-impossible": lambda e, n: f"{_fleet(e, n)} cannot abort its mission.",
    "bombardment-cancelled": lambda e, n: f"{_fleet(e, n)} calls off its bombardment.",
    "escort-alone": lambda e, n: f"{_fleet(e, n)} has nothing left to escort.",
    "fleet-formed": lambda e, n: (f"{n.name(e.get('fleet', '?'))} ({n.side(e.get('side', '?'))}) forms at "
                                  f"{n.name(e.get('at', '?'))}: {listing(e.get('ships', []), n)}."),
    "lay-refused": lambda e, n: f"{_fleet(e, n)} cannot lay mines towards {n.name(e.get('to', '?'))}.",
    "merchant-search-cancelled": lambda e, n: f"{_fleet(e, n)} calls off its search for merchant ships.",
    "minefield-laid": lambda e, n: (f"{_fleet(e, n)} lays a minefield between "
                                    f"{listing(e.get('between', []), n)}."),
    "order-refused": lambda e, n: (f"{_fleet(e, n)} cannot follow the order {words(e.get('order', '?'))} "
                                   f"({words(e.get('reason', ''))})."),
    "refuel-lost": lambda e, n: f"{_fleet(e, n)} was attacked and takes on no fuel this turn.",
    "refuel-refused": lambda e, n: f"{_fleet(e, n)} cannot refuel at {n.name(e.get('at', '?'))}.",
    "refuelled": lambda e, n: (f"{_ship(e, n)} takes on "
                               f"{plural(e.get('boxes', '?'), 'fuel box', 'fuel boxes')}."),
    "ship-grounded": lambda e, n: (f"{_ship(e, n)} runs aground in "
                                   f"{n.name(e.get('zone', '?'))}."),
    "ship-refloated": lambda e, n: (f"{_ship(e, n)} is refloated "
                                    f"in {n.name(e.get('zone', '?'))}."),
    "short-of-fuel": lambda e, n: f"{_fleet(e, n)} is short of fuel and cannot move as far as planned.",
    "supplied": lambda e, n: (f"{n.name(e.get('supplier', '?'))} gives {n.name(e.get('ship', '?'))} "
                              f"{plural(e.get('boxes', '?'), 'fuel box', 'fuel boxes')}."),
    "sweep-refused": lambda e, n: f"{_fleet(e, n)} cannot sweep for mines here.",
    "unload-refused": lambda e, n: f"{_fleet(e, n)} cannot unload its cargo here.",
}

KINDS: dict[str, str] = {
    "fleet-moved": "move", "fleet-placed": "move",
    "contact-roll": "contact", "engagement-chosen": "contact", "contact-avoided": "contact",
    "pursuit-contact": "contact",
    "battle": "battle", "bombardment": "battle",
    "damage-recorded": "damage", "ship-damaged": "damage", "mine-hit": "damage",
    "ship-sunk": "sunk", "fleet-removed": "sunk", "merchant-sunk": "sunk",
    "minefield-laid": "move", "ship-grounded": "damage",
}


def track(state: ReplayState, event: Mapping[str, Any]) -> None:
    """Fleet tokens follow the fleets; a sunk warship or merchant counts as a loss of its side."""
    kind_, fleet = event.get("type"), event.get("fleet")
    if kind_ in ("ship-sunk", "merchant-sunk"):
        state.lose(event.get("side"))
    if not isinstance(fleet, str):
        return
    if kind_ in ("fleet-placed", "fleet-formed"):
        state.place(fleet, str(event.get("at", "")), str(event.get("side", "")))
    elif kind_ == "fleet-moved" and event.get("path"):
        state.move(fleet, str(event["path"][-1]), bool(event.get("hidden")))
    elif kind_ == "raider-hidden":
        state.move(fleet, hidden=True)
    elif kind_ == "raider-revealed":
        at = event.get("at")
        state.move(fleet, str(at) if at else None, hidden=False)
    elif kind_ in ("fleet-removed", "fleets-combined"):
        state.remove(fleet)
    elif kind_ in ("fleet-split", "ship-left-behind") and isinstance(event.get("new_fleet"), str):
        state.split(fleet, str(event["new_fleet"]))


REPLAY = ReplayWords(SENTENCES, KINDS, track, {"ship-sunk": "Ships sunk"})
