"""The renaissance rules' checks on built maps and scenarios (seed 002).

Map checks walk the sea-zone graph (networkx). Scenario checks read the set-up against the rules and
follow the scripted actions in order: naval units only move by retreating after a battle, and only to
places free of enemy naval units (RN-9), so where a power *can* have naval units when an action comes up
is known before play. A battle or transport that can never find the units it needs is reported (the
engine would skip it); one that merely might not is left alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from admiralty.engine.model.common import Source
from admiralty.rulesets.renaissance.engine.model import (
    Battle,
    RenaissanceMap,
    RenaissanceScenario,
    Transport,
    are_enemies,
    battles_between_friends,
    location_kind,
    ports_on,
    sea_graph,
    turn_order_breaks,
)
from admiralty.rulesets.renaissance.engine.tables import load_tables
from admiralty.rulesets.renaissance.engine.transport import transport_path
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic, Severity

GALLEASSES = "galleasses"


def _line(ctx: CheckContext, where: Source) -> str:
    """"line N" of ``where`` for a message, or "" when its document is not at hand."""
    doc = ctx.documents.get(where.file)
    return f"line {doc.locate(where.path).line}" if doc is not None else "an earlier action"


def _where(obj: object, fallback: Source, *child: str | int) -> Source:
    """The source of a model object (or ``fallback`` for a hand-built one), down to ``child``."""
    found = getattr(obj, "source", None)
    where = found if isinstance(found, Source) else fallback
    return where.child(*child)


# --- maps ------------------------------------------------------------------------------------------


@check(RenaissanceMap, "GRA101", "GRA102", "GRA103")
def sea_zone_graph(sea_map: RenaissanceMap, ctx: CheckContext) -> Iterator[Diagnostic]:
    """Every adjacency joins two zones, every sea zone can be reached, every port opens on a sea zone."""
    home = _where(sea_map, Source("<generated>"))
    doc = ctx.documents.get(home.file)
    # The written pairs, for their positions: the map keeps only the pairs of known zones.
    written = doc.data.get("adjacency", []) if doc is not None else [list(pair) for pair in sea_map.adjacency]
    for i, pair in enumerate(written):
        if len(pair) == 2 and pair[0] == pair[1] and pair[0] in sea_map.seas:
            yield ctx.at("GRA101", f"sea zone '{pair[0]}' is listed as adjacent to itself", home.child("adjacency", i),
                         "pair it with the zone it touches")
    graph = sea_graph(sea_map)
    order = list(sea_map.seas)
    import networkx as nx  # here, where a graph algorithm is needed

    parts = sorted((sorted(part, key=order.index) for part in nx.connected_components(graph)),
                   key=lambda part: order.index(part[0]))
    for part in parts[1:]:
        shown = ", ".join(part[:6]) + (" ..." if len(part) > 6 else "")
        yield ctx.at("GRA102", f"sea zones {shown} cannot be reached from '{parts[0][0]}'",
                     _where(sea_map.seas[part[0]], home, "id"), "add an adjacency pair joining them to the rest",
                     severity=Severity.WARNING)
    for port in sea_map.ports.values():
        if not port.seas:
            yield ctx.at("GRA103", f"port '{port.id}' opens on no sea zone of the map", _where(port, home, "seas"),
                         "list the sea zones it opens on: " + ", ".join(order[:6]))


# --- the set-up ------------------------------------------------------------------------------------


@check(RenaissanceScenario, "RN-9-port")
def units_where_their_power_may_be(scenario: RenaissanceScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """RN-9: naval units start at sea, in their own or an ally's port, or in an enemy port they attack."""
    sea_map = scenario.map
    attackers = {(a.at, a.attacker) for a in scenario.actions if isinstance(a, Battle)}
    for location, by_power in scenario.units.items():
        port = sea_map.ports.get(location)
        if port is None:
            continue
        for power, units in by_power.items():
            if not are_enemies(power, port.power, scenario.alliances) or (location, power) in attackers:
                continue
            yield ctx.at("RN-9-port", f"{power}'s naval units start in {port.name}, a port held by {port.power}, "
                         f"an enemy, and no battle has {power} attack it", _where(units, scenario.source, "at"),
                         f"put them in a sea zone the port opens on ({', '.join(port.seas)}), or script a port "
                         f"battle with attacker: {power}, at: {port.id}")


@check(RenaissanceScenario, "RN-8-corsairs")
def corsairs_are_ottoman(scenario: RenaissanceScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """RN-8: only the corsair powers of the tables (the Ottoman) have corsairs."""
    corsair_powers = load_tables().corsair_powers
    for by_power in scenario.units.values():
        for power, units in by_power.items():
            if units.corsairs and power not in corsair_powers:
                yield ctx.at("RN-8-corsairs", f"{power} has corsairs; only {', '.join(sorted(corsair_powers))} "
                             "may", _where(units, scenario.source, "corsairs"),
                             "count them as galleys, or give them to " + " or ".join(sorted(corsair_powers)))


# --- the actions -----------------------------------------------------------------------------------


@check(RenaissanceScenario, "RN-battle-friends", "RN-turn-order")
def actions_in_order_between_enemies(scenario: RenaissanceScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """RN-10: turns never go back; every battle is fought between enemies (the engine's rules, at their lines)."""
    for gap in turn_order_breaks(scenario.actions):
        earlier = _line(ctx, _where(scenario.actions[gap.latest_index], scenario.source, "turn"))
        yield ctx.at("RN-turn-order", f"turn {gap.turn} comes after turn {gap.latest} ({earlier})",
                     _where(scenario.actions[gap.action], scenario.source, "turn"),
                     f"move this action before the turn-{gap.latest} actions, or give it turn {gap.latest} or "
                     "later")
    for index in battles_between_friends(scenario):
        action = scenario.actions[index]
        assert isinstance(action, Battle)
        why = "the same power" if action.attacker == action.defender else "allies"
        yield ctx.at("RN-battle-friends", f"{action.attacker} and {action.defender} are {why}; a battle needs "
                     "enemies", _where(action, scenario.source, "defender"),
                     "name an enemy of the attacker as defender")


@dataclass
class _Reach:
    """What following the actions in order tells about where naval units and formations can be.

    ``meet`` holds the (place, power) pairs that can still fight there: only where the power starts,
    since a retreat never enters a place holding enemy naval units (RN-9), so two enemies meet only where
    both start. ``may`` also holds every place a retreat can bring the power's units to (for transports);
    ``must`` the places where it surely still has units.
    """

    meet: set[tuple[str, str]]
    may: set[tuple[str, str]]
    must: set[tuple[str, str]]
    formations: dict[str, set[str]]
    formation_sure: dict[str, str | None]
    left_port: dict[tuple[str, str], Battle] = field(default_factory=dict)  # (port, power) -> port battle
    # (place, both powers) -> the battle they fought there: since then at most one of them is there (RN-9).
    fought: dict[tuple[str, frozenset[str]], Battle] = field(default_factory=dict)

    def seas_of(self, power: str, sea_map: RenaissanceMap, sure: bool = False) -> set[str]:
        pairs = self.must if sure else self.may
        return {place for place, owner in pairs if owner == power and place in sea_map.seas}


@check(RenaissanceScenario, "RN-battle-absent", "RN-16.3")
def scripted_actions_can_be_played(scenario: RenaissanceScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """RN-dice, RN-9, RN-16.3: follow the actions in order, tracking where units can be after retreats."""
    reach = _start(scenario)
    for action in scenario.actions:
        yield from _follow(scenario, action, reach, ctx)


def _start(scenario: RenaissanceScenario) -> _Reach:
    placed = {(place, power) for place, by_power in scenario.units.items()
              for power, units in by_power.items() if not units.is_empty}
    return _Reach(set(placed), set(placed), set(placed), {f.id: {f.at} for f in scenario.formations.values()},
                  {f.id: f.at for f in scenario.formations.values()})


def _follow(scenario: RenaissanceScenario, action: Battle | Transport, reach: _Reach,
            ctx: CheckContext) -> Iterator[Diagnostic]:
    if isinstance(action, Transport):
        yield from _transport(scenario, action, reach, ctx)
    elif are_enemies(action.attacker, action.defender, scenario.alliances):
        yield from _battle(scenario, action, reach, ctx)


@dataclass(frozen=True)
class Playable:
    """Where the scenario's next action can be, after its first actions (as ``scripted_actions_can_be_played``
    follows them): for the language server, to offer these places first."""

    reach: _Reach
    sea_map: RenaissanceMap

    def battle_places(self, attacker: str, defender: str) -> list[str]:
        """RN-dice, RN-9: where both start with naval units and have not fought yet."""
        return _battle_places(self.reach, attacker, defender)

    def transport_starts(self, formation: str) -> list[str]:
        """RN-16.3: the ports the formation may stand in then."""
        return sorted(self.reach.formations.get(formation, ()))

    def transport_ends(self, power: str, from_port: str) -> list[str]:
        """RN-16.3: the ports a chain of sea zones that may hold the power's naval units joins to ``from_port``."""
        seas = self.reach.seas_of(power, self.sea_map)
        return [port for port in sorted(self.sea_map.ports) if port != from_port
                and transport_path(self.sea_map, seas, from_port, port) is not None]


def playable_after(scenario: RenaissanceScenario, count: int) -> Playable:
    """The :class:`Playable` places after the scenario's first ``count`` actions (their findings dropped)."""
    reach, ctx = _start(scenario), CheckContext({})
    for action in scenario.actions[:count]:
        for _ in _follow(scenario, action, reach, ctx):
            pass
    return Playable(reach, scenario.map)


def _battle_places(reach: _Reach, attacker: str, defender: str) -> list[str]:
    pair = frozenset((attacker, defender))
    return sorted(place for place, owner in reach.meet if owner == attacker and (place, defender) in reach.meet
                  and (place, pair) not in reach.fought)


def _battle(scenario: RenaissanceScenario, battle: Battle, reach: _Reach, ctx: CheckContext) -> Iterator[Diagnostic]:
    """RN-dice: both sides need naval units there; RN-9: after it, the loser (in a port, the attacker) left."""
    problem = _why_never_fought(scenario, battle, reach, ctx)
    if problem:
        starts = _battle_places(reach, battle.attacker, battle.defender)
        yield ctx.at("RN-battle-absent", f"this battle can never be fought: {problem}; the engine would skip it",
                     _where(battle, scenario.source, "at"),
                     f"{battle.attacker} and {battle.defender} can only fight where both start and have not "
                     f"fought yet: {', '.join(starts) or 'nowhere (place both under `units:`)'}")
        return
    _after_battle(scenario, battle, reach)


def _why_never_fought(scenario: RenaissanceScenario, battle: Battle, reach: _Reach, ctx: CheckContext) -> str:
    """Why the battle can never be fought (RN-dice, RN-9), or "" when it may be."""
    at = battle.at
    for power in (battle.attacker, battle.defender):
        if (at, power) in reach.left_port:
            earlier = _line(ctx, _where(reach.left_port[(at, power)], scenario.source))
            return f"{power}'s naval units left {at} after the port battle at {earlier} (RN-9)"
        if (at, power) not in reach.meet:
            return (f"{power} has no naval units at {at} at the start, and a retreat never enters a place "
                    "holding enemy naval units (RN-9)")
    pair = (at, frozenset((battle.attacker, battle.defender)))
    if pair in reach.fought:
        earlier = _line(ctx, _where(reach.fought[pair], scenario.source))
        return (f"{battle.attacker} and {battle.defender} already fought at {at} ({earlier}), and after a "
                "battle the loser (in a port, the attacker) leaves for good (RN-9)")
    return ""


def _after_battle(scenario: RenaissanceScenario, battle: Battle, reach: _Reach) -> None:
    """RN-9: where each side's naval units may be after the battle, which is fought (or skipped) once."""
    sea_map, at = scenario.map, battle.at
    if at in sea_map.ports:
        reach.may |= {(sea, battle.attacker) for sea in sea_map.ports[at].seas}
        if (at, battle.defender) in reach.must:  # surely fought, so the attacker surely leaves
            reach.left_port[(at, battle.attacker)] = battle
            reach.meet.discard((at, battle.attacker))
    else:
        neighbours = list(sea_graph(sea_map).neighbors(at))
        for power in (battle.attacker, battle.defender):
            reach.may |= {(place, power) for place in [*ports_on(sea_map, at), *neighbours]
                          if place in sea_map.seas or sea_map.ports[place].power == power}
    reach.must -= {(at, battle.attacker), (at, battle.defender)}
    pair = (at, frozenset((battle.attacker, battle.defender)))
    reach.fought[pair] = battle  # fought: the loser left; skipped: one of them was missing


def _transport(scenario: RenaissanceScenario, action: Transport, reach: _Reach,
               ctx: CheckContext) -> Iterator[Diagnostic]:
    """RN-16.3: the formation is the power's, stands in the port, and a chain of sea zones may hold its ships."""
    sea_map, formation = scenario.map, scenario.formations[action.formation]
    where = reach.formations[formation.id]
    problem, at, hint = "", "formation", ""
    if formation.power != action.power:
        problem, hint = f"formation '{formation.id}' belongs to {formation.power}, not {action.power}", \
            f"write power: {formation.power}"
    elif action.from_port == action.to_port:
        problem, at, hint = "the transport sails from and to the same port", "to", "name the port it lands in"
    elif action.from_port not in where:
        problem, at = f"formation '{formation.id}' cannot be in {action.from_port} then", "from"
        hint = f"it may be in {', '.join(sorted(where))}"
    elif transport_path(sea_map, reach.seas_of(action.power, sea_map), action.from_port, action.to_port) is None:
        problem, at = (f"no chain of sea zones from {action.from_port} to {action.to_port} can hold "
                       f"{action.power}'s naval units then"), "to"
        hint = (f"place {action.power}'s naval units in the sea zones between the two ports (they may be in "
                f"{', '.join(sorted(reach.seas_of(action.power, sea_map))) or 'no sea zone'})")
    if problem:
        yield ctx.at("RN-16.3", problem, _where(action, scenario.source, at), hint)
        return
    where.add(action.to_port)
    sure_path = transport_path(sea_map, reach.seas_of(action.power, sea_map, sure=True), action.from_port,
                               action.to_port)
    if reach.formation_sure[formation.id] == action.from_port and sure_path is not None:
        reach.formations[formation.id] = {action.to_port}
        reach.formation_sure[formation.id] = action.to_port
    else:
        reach.formation_sure[formation.id] = None


# --- scripted cards --------------------------------------------------------------------------------


@check(RenaissanceScenario, "RN-6", "RN-3-4")
def scripted_cards_can_be_played(scenario: RenaissanceScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """RN-3-4, RN-6: scripted cards come from the power's hand; the Galleasses only in the Mediterranean."""
    left = {power: Counter(hand) for power, hand in scenario.hands.items()}
    for action in scenario.actions:
        if not isinstance(action, Battle) or action.cards is None:
            continue
        script = action.cards
        for role, power in (("attacker", action.attacker), ("defender", action.defender)):
            for i, card in enumerate(getattr(script, role) or ()):
                if left.setdefault(power, Counter())[card] > 0:
                    left[power][card] -= 1
                    continue
                yield ctx.at("RN-3-4", f"{power} plays '{card}' here but its hand holds no copy left for it",
                             _where(script, scenario.source, role, i), f"add '{card}' to hands.{power}, or leave "
                             "it out of the script", severity=Severity.WARNING)
        play = script.galleasses
        if play is None:
            continue
        zone = location_kind(scenario.map, action.at)
        if zone != "mediterranean":
            place = "a port" if zone == "port" else "an Atlantic sea zone"
            yield ctx.at("RN-6", f"the Galleasses are scripted at {action.at}, {place}; they may only be played "
                         "in a Mediterranean sea zone, so the play is ignored", _where(play, scenario.source),
                         "write `galleasses: null` (nobody plays them) or fight in a Mediterranean sea zone",
                         severity=Severity.WARNING)
        elif left.setdefault(play.by, Counter())[GALLEASSES] > 0:
            left[play.by][GALLEASSES] -= 1
        else:
            yield ctx.at("RN-3-4", f"{play.by} plays the Galleasses here but its hand holds no copy left for it",
                         _where(play, scenario.source, "by"), f"add '{GALLEASSES}' to hands.{play.by}, or let a "
                         "power that holds them play them", severity=Severity.WARNING)
