"""How dreadnought games read in the sample-game viewer: one sentence per event type, its kind, and the fleet
tokens that follow ``fleet-placed``, ``fleet-moved``, ``raider-hidden`` / ``raider-revealed`` and
``fleet-removed``; the losses column counts ships sunk."""

from __future__ import annotations

from admiralty.engine.api import EventRecord
from admiralty.rulesets.dreadnought.engine.events import (
    EVENTS,
    AbortImpossible,
    AbortOrdered,
    Battle,
    Bombardment,
    BombardmentCancelled,
    CannotMove,
    CargoUnloaded,
    ContactAvoided,
    ContactRoll,
    DamageRecorded,
    EngagementChosen,
    EscortAlone,
    FleetFormed,
    FleetMoved,
    FleetPlaced,
    FleetRemoved,
    FleetsCombined,
    FleetSplit,
    FleetTowed,
    GameStarted,
    LayRefused,
    LostWay,
    MerchantSearch,
    MerchantSearchCancelled,
    MerchantSunk,
    MinefieldCrossed,
    MinefieldFound,
    MinefieldLaid,
    MinefieldPlaced,
    MinefieldSwept,
    MineHit,
    MissionAborted,
    MoveCarriedOver,
    MovementPlanned,
    MoveShortened,
    NewMission,
    ObjectiveReached,
    OrderImpossible,
    OrderRefused,
    OrderWritten,
    PlanDelayed,
    PursuitContact,
    PursuitDeclared,
    PursuitEnded,
    PursuitRoll,
    RaiderHidden,
    RaiderRevealed,
    Rearmed,
    Refuelled,
    RefuelLost,
    RefuelRefused,
    ShipDamaged,
    ShipGrounded,
    ShipLeftBehind,
    ShipRefloated,
    ShipSunk,
    ShortOfFuel,
    Supplied,
    SupplyRefused,
    SweepRefused,
    UnloadRefused,
    Weather,
)
from admiralty.site.replaynames import Names
from admiralty.site.replaytext import Sentence, listing, mapping, number, plural, said, sentences, words
from admiralty.site.replayview import ReplayState, ReplayWords


def _fleet(e: EventRecord, n: Names) -> str:
    side = f" ({n.side(e['side'])})" if e.get("side") else ""
    return n.name(e.get("fleet", "?")) + side


def _ship(e: EventRecord, n: Names) -> str:
    """The event's ship and its side, "Lion (Britain)"."""
    return f"{n.name(e.get('ship', '?'))} ({n.side(e.get('side', '?'))})"


def _moved(e: FleetMoved, n: Names) -> str:
    path = e.get("path") or []
    end = n.name(path[-1]) if path else n.name(e["start"])
    via = f" by way of {listing(path[:-1], n)}" if len(path) > 1 else ""
    hidden = ", unseen by the enemy" if e.get("hidden") else ""
    return f"{_fleet(e, n)} moves from {n.name(e['start'])} to {end}{via}{hidden}."


def _placed(e: FleetPlaced, n: Names) -> str:
    ships = f": {listing(e['ships'], n)}" if e.get("ships") else ""
    mission_word = words(e["mission"])
    article = "an" if mission_word[:1] in "aeiou" else "a"
    mission = f" on {article} {mission_word} mission" if e.get("mission") else ""
    side = f"{n.side(e['side'])}{ships}" if e.get("side") else ships.removeprefix(": ")
    who = f"{n.name(e['fleet'])} ({side})" if side else n.name(e["fleet"])
    return f"{who} starts at {n.name(e['at'])}{mission}."


def _contact_roll(e: ContactRoll, n: Names) -> str:
    seen = "sighted" if e.get("sighted") else "not sighted"
    return (f"{n.side(e['side'])} searches {n.name(e['zone'])} for "
            f"{listing(e['group'], n)} (roll {e['roll']}): {seen}.")


def _engage(e: EngagementChosen, n: Names) -> str:
    choice = "chooses to engage" if e.get("engage") else "declines battle"
    return f"{n.side(e['side'])} {choice} in {n.name(e['zone'])}."


def _battle(e: Battle, n: Names) -> str:
    lost = " Contact is lost." if e.get("contact_lost") else ""
    return f"Battle in {n.name(e['zone'])} between {listing(e['fleets'], n)}.{lost}"


def _damage(e: DamageRecorded, n: Names) -> str:
    losses = mapping(e.get("losses"))
    what = ", ".join(f"{number(k)} {words(box)}" for box, k in losses.items()) or "nothing"
    way = "; she loses way" if e.get("lost_way") else ""
    return f"{_ship(e, n)} loses {what}{way}."


def _hull(e: ShipDamaged, n: Names) -> str:
    cause = f" ({words(e['cause'])})" if e.get("cause") else ""
    return (f"{_ship(e, n)} takes "
            f"{plural(e['boxes'], 'hull box', 'hull boxes')}{cause}; {number(e['hull'])} left.")


def _sunk(e: ShipSunk, n: Names) -> str:
    cause = f" ({words(e['cause'])})" if e.get("cause") else ""
    return f"{_ship(e, n)} is sunk{cause}."


def _removed(e: FleetRemoved, n: Names) -> str:
    no_ships = e.get("reason") == "no-ships-left"
    return f"{_fleet(e, n)} leaves the game: no ships left." if no_ships else f"{_fleet(e, n)} leaves the game."


SENTENCES: dict[str, Sentence] = sentences(
    said(GameStarted, lambda e, n: f"The game begins: {e['turns']} turns to play."),
    said(FleetPlaced, _placed),
    said(FleetMoved, _moved),
    said(MinefieldPlaced, lambda e, n: (f"A minefield of {n.side(e['owner'])} lies between "
                                      f"{listing(e['between'], n)}.")),
    said(MinefieldCrossed, lambda e, n: (f"{_fleet(e, n)} crosses the minefield between "
                                       f"{listing(e['between'], n)}.")),
    said(MineHit, lambda e, n: f"{_ship(e, n)} strikes a mine."),
    said(Weather, lambda e, n: f"The weather is {words(e['weather'])}."),
    said(RaiderHidden, lambda e, n: f"{_fleet(e, n)} slips out of sight."),
    said(RaiderRevealed, lambda e, n: f"{_fleet(e, n)} is seen again at {n.name(e['at'])}."),
    said(PlanDelayed, lambda e, n: f"{_fleet(e, n)} has to wait a turn before it can act."),
    said(Bombardment, lambda e, n: f"{_fleet(e, n)} bombards {n.name(e['port'])}."),
    said(CargoUnloaded, lambda e, n: f"{_fleet(e, n)} unloads its cargo at {n.name(e['port'])}."),
    said(ContactRoll, _contact_roll),
    said(EngagementChosen, _engage),
    said(ContactAvoided, lambda e, n: f"Both sides avoid battle in {n.name(e['zone'])}."),
    said(Battle, _battle),
    said(DamageRecorded, _damage),
    said(ShipDamaged, _hull),
    said(ShipSunk, _sunk),
    said(FleetRemoved, _removed),
    said(PursuitDeclared, lambda e, n: f"{_fleet(e, n)} sets off in pursuit of {n.name(e['target'])}."),
    said(PursuitRoll, lambda e, n: (f"{_fleet(e, n)} chases {n.name(e['target'])}: "
                                  + ("it catches up." if e.get("success") else "it falls behind."))),
    said(PursuitContact, lambda e, n: (f"{_fleet(e, n)} catches {n.name(e['target'])} in "
                                     f"{n.name(e['zone'])}.")),
    said(PursuitEnded, lambda e, n: f"{_fleet(e, n)} gives up the pursuit."),
    said(MissionAborted, lambda e, n: (f"{_fleet(e, n)} abandons its mission and heads for "
                                     f"{n.name(e['port'])}.")),
    said(FleetTowed, lambda e, n: f"{_fleet(e, n)} takes damaged ships in tow."),
    said(MoveShortened, lambda e, n: f"{_fleet(e, n)} cannot move as far as planned."),
    said(OrderImpossible, lambda e, n: (f"{_fleet(e, n)} cannot go from {n.name(e['at'])} to "
                                      f"{n.name(e['to'])}.")),
    said(AbortOrdered, lambda e, n: (f"{_fleet(e, n)} is ordered home to {n.name(e['port'])} "
                                   f"from turn {e['effective']}.")),
    said(CannotMove, lambda e, n: f"{_fleet(e, n)} cannot move this turn ({words(e.get('reason', ''))})."),
    said(FleetSplit, lambda e, n: (f"{_fleet(e, n)} detaches {listing(e['ships'], n)} as "
                                 f"{n.name(e['new_fleet'])}.")),
    said(FleetsCombined, lambda e, n: f"{_fleet(e, n)} joins {n.name(e['into'])}."),
    said(LostWay, lambda e, n: f"{_ship(e, n)} runs out of fuel."),
    said(MerchantSearch, lambda e, n: (f"{_fleet(e, n)} searches {n.name(e['zone'])} for merchant ships "
                                     f"(roll {e['roll']}): "
                                     + ("found." if e.get("found") else "none found."))),
    said(MerchantSunk, lambda e, n: f"{_fleet(e, n)} sinks a merchant ship in {n.name(e['zone'])}."),
    said(MinefieldFound, lambda e, n: (f"{_fleet(e, n)} finds a minefield between "
                                     f"{listing(e['between'], n)}.")),
    said(MinefieldSwept, lambda e, n: (f"{_fleet(e, n)} sweeps the minefield between "
                                     f"{listing(e['between'], n)}.")),
    said(MoveCarriedOver, lambda e, n: (f"{_fleet(e, n)} carries its move into {listing(e['zones'], n)} "
                                       f"over to the next turn.")),
    said(MovementPlanned, lambda e, n: f"{_fleet(e, n)} plots a course for {n.name(e['goal'])}."),
    said(NewMission, lambda e, n: f"{_fleet(e, n)} takes up a new mission: {words(e['mission'])}."),
    said(ObjectiveReached, lambda e, n: f"{_fleet(e, n)} reaches its objective, {n.name(e['target'])}."),
    said(OrderWritten, lambda e, n: f"{_fleet(e, n)} writes its order for turn {e['for_turn']}."),
    said(Rearmed, lambda e, n: (f"{_ship(e, n)} rearms at "
                             f"{n.name(e['port'])}.")),
    said(ShipLeftBehind, lambda e, n: (f"{_fleet(e, n)} leaves {n.name(e['ship'])} behind as "
                                      f"{n.name(e['new_fleet'])}.")),
    said(SupplyRefused, lambda e, n: f"{_fleet(e, n)} gets no supply at {n.name(e['at'])}."),
    said(AbortImpossible, lambda e, n: f"{_fleet(e, n)} cannot abort its mission."),
    said(BombardmentCancelled, lambda e, n: f"{_fleet(e, n)} calls off its bombardment."),
    said(EscortAlone, lambda e, n: f"{_fleet(e, n)} has nothing left to escort."),
    said(FleetFormed, lambda e, n: (f"{n.name(e['fleet'])} ({n.side(e['side'])}) forms at "
                                  f"{n.name(e['at'])}: {listing(e['ships'], n)}.")),
    said(LayRefused, lambda e, n: f"{_fleet(e, n)} cannot lay mines towards {n.name(e['to'])}."),
    said(MerchantSearchCancelled, lambda e, n: f"{_fleet(e, n)} calls off its search for merchant ships."),
    said(MinefieldLaid, lambda e, n: (f"{_fleet(e, n)} lays a minefield between "
                                    f"{listing(e['between'], n)}.")),
    said(OrderRefused, lambda e, n: (f"{_fleet(e, n)} cannot follow the order {words(e['order'])} "
                                   f"({words(e.get('reason', ''))}).")),
    said(RefuelLost, lambda e, n: f"{_fleet(e, n)} was attacked and takes on no fuel this turn."),
    said(RefuelRefused, lambda e, n: f"{_fleet(e, n)} cannot refuel at {n.name(e['at'])}."),
    said(Refuelled, lambda e, n: (f"{_ship(e, n)} takes on "
                               f"{plural(e['boxes'], 'fuel box', 'fuel boxes')}.")),
    said(ShipGrounded, lambda e, n: (f"{_ship(e, n)} runs aground in "
                                   f"{n.name(e['zone'])}.")),
    said(ShipRefloated, lambda e, n: (f"{_ship(e, n)} is refloated "
                                    f"in {n.name(e['zone'])}.")),
    said(ShortOfFuel, lambda e, n: f"{_fleet(e, n)} is short of fuel and cannot move as far as planned."),
    said(Supplied, lambda e, n: (f"{n.name(e['supplier'])} gives {n.name(e['ship'])} "
                              f"{plural(e['boxes'], 'fuel box', 'fuel boxes')}.")),
    said(SweepRefused, lambda e, n: f"{_fleet(e, n)} cannot sweep for mines here."),
    said(UnloadRefused, lambda e, n: f"{_fleet(e, n)} cannot unload its cargo here."),
)

KINDS: dict[str, str] = {
    "fleet-moved": "move", "fleet-placed": "move",
    "contact-roll": "contact", "engagement-chosen": "contact", "contact-avoided": "contact",
    "pursuit-contact": "contact",
    "battle": "battle", "bombardment": "battle",
    "damage-recorded": "damage", "ship-damaged": "damage", "mine-hit": "damage",
    "ship-sunk": "sunk", "fleet-removed": "sunk", "merchant-sunk": "sunk",
    "minefield-laid": "move", "ship-grounded": "damage",
}


def track(state: ReplayState, event: EventRecord) -> None:
    """Fleet tokens follow the fleets; a sunk warship or merchant counts as a loss of its side."""
    e = EVENTS.narrow(event)
    if e is None:
        return
    if e["type"] == "ship-sunk" or e["type"] == "merchant-sunk":
        state.lose(e["side"])
    elif e["type"] == "fleet-placed" or e["type"] == "fleet-formed":
        state.place(e["fleet"], e["at"], e["side"])
    elif e["type"] == "fleet-moved" and e["path"]:
        state.move(e["fleet"], e["path"][-1], e["hidden"])
    elif e["type"] == "raider-hidden":
        state.move(e["fleet"], hidden=True)
    elif e["type"] == "raider-revealed":
        state.move(e["fleet"], e["at"] or None, hidden=False)
    elif e["type"] == "fleet-removed" or e["type"] == "fleets-combined":
        state.remove(e["fleet"])
    elif e["type"] == "fleet-split" or e["type"] == "ship-left-behind":
        state.split(e["fleet"], e["new_fleet"])


REPLAY = ReplayWords(SENTENCES, KINDS, track, {"ship-sunk": "Ships sunk"})
