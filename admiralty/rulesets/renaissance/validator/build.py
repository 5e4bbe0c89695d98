"""Build renaissance maps and scenarios, checking references (REF codes) on the way.

A scenario is built only when every reference resolves: the engine refuses a scenario with unknown ids
(``admiralty.rulesets.renaissance.engine.model.problems``), so a built scenario always starts a game. The rules'
own checks (``admiralty.rulesets.renaissance.validator.checks``) run on what is built here.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping
from typing import Any, Literal, NotRequired, TypedDict

from admiralty.contract import ScenarioModel
from admiralty.engine.model.common import Smoke
from admiralty.rulesets.renaissance.engine.model import (
    UNIT_KINDS,
    Battle,
    BattleSide,
    CardScript,
    GalleassesPlay,
    LandFormation,
    Leader,
    NavalAction,
    Port,
    RenaissanceMap,
    RenaissanceScenario,
    Sea,
    Transport,
    Units,
)
from admiralty.rulesets.renaissance.engine.tables import load_tables
from admiralty.validator.build import BuildContext, Built, Loaded, content_hash, source
from admiralty.validator.diagnostics import Severity, did_you_mean
from admiralty.validator.load import Document, PathPart

RULESET = "renaissance"


class LeaderDocument(TypedDict):
    """A scenario's ``leaders:`` entry as its schema admits it."""

    id: str
    power: str
    battle_rating: int
    at: NotRequired[str]
    name: NotRequired[str]


class FormationDocument(TypedDict):
    """A scenario's ``formations:`` entry (a land formation in a port) as its schema admits it."""

    id: str
    power: str
    at: str
    strength: NotRequired[int]
    name: NotRequired[str]


class GalleassesDocument(TypedDict):
    """A combat's scripted Galleasses reaction (RN-6): the power that plays it and the side it helps."""

    by: str
    side: BattleSide


class CardsDocument(TypedDict, total=False):
    """A combat's scripted cards (RN-3-4, RN-6); a step left out is left to the players."""

    attacker: list[str]
    defender: list[str]
    galleasses: GalleassesDocument | None


class CombatDocument(TypedDict):
    """An ``actions:`` entry of ``kind: combat`` as its schema admits it."""

    kind: Literal["combat"]
    attacker: str
    defender: str
    at: str
    turn: NotRequired[int]
    cards: NotRequired[CardsDocument]


TransportDocument = TypedDict("TransportDocument", {  # the functional form: "from" is a Python keyword
    "kind": Literal["transport"], "power": str, "formation": str, "from": str, "to": str, "turn": NotRequired[int],
})
"""An ``actions:`` entry of ``kind: transport`` (RN-16.3) as its schema admits it."""


def build(items: list[Loaded], ctx: BuildContext) -> Built:
    """Every renaissance map, and every scenario whose references all resolve."""
    by_kind: dict[str, dict[str, Loaded]] = {"map": {}, "scenario": {}}
    for item in items:
        if item.kind not in by_kind:
            continue
        seen = by_kind[item.kind]
        if item.id in seen:
            ctx.report("REF001", f"{item.kind} id '{item.id}' is also defined in {seen[item.id].doc.file}",
                       item.doc, ("id",), "give each document its own id")
            continue
        seen[item.id] = item
    maps = {map_id: ctx.memo(item.doc, "map", functools.partial(build_map, item.doc, ctx))
            for map_id, item in sorted(by_kind["map"].items())}
    scenarios: list[ScenarioModel] = []
    for item in by_kind["scenario"].values():
        scenario = build_scenario(item.doc, maps, ctx)
        if scenario is not None:
            docs = [item.doc, by_kind["map"][scenario.map.id].doc]
            scenarios.append(dataclasses.replace(scenario, content_hash=content_hash(docs)))
    return Built(scenarios, list(maps.values()))


# --- maps ------------------------------------------------------------------------------------------


def build_map(doc: Document, ctx: BuildContext) -> RenaissanceMap:
    """The map; unknown sea zones in ports and adjacency are reported (REF008) and left out."""
    data = doc.data
    seas: dict[str, Sea] = {}
    for i, entry in enumerate(data["seas"]):
        if entry["id"] in seas:
            ctx.report("REF001", f"sea zone '{entry['id']}' is listed twice", doc, ("seas", i, "id"),
                       "merge the entries or rename one")
            continue
        polygon = tuple((float(x), float(y)) for x, y in entry["polygon"]) if "polygon" in entry else None
        seas[entry["id"]] = Sea(entry["id"], entry["name"], entry["kind"], source(doc, "seas", i), polygon,
                                _position(entry))
    ports = _ports(doc, ctx, seas)
    adjacency = []
    for i, pair in enumerate(data.get("adjacency", [])):
        unknown = [(j, sea) for j, sea in enumerate(pair) if sea not in seas]
        for j, sea in unknown:
            ctx.unknown("REF008", "sea zone", sea, seas, doc, ("adjacency", i, j))
        if not unknown:
            adjacency.append((pair[0], pair[1]))
    return RenaissanceMap(data["id"], data["title"], seas, ports, tuple(adjacency), source(doc),
                          data.get("description", ""), tuple(data.get("sources", [])))


def _ports(doc: Document, ctx: BuildContext, seas: dict[str, Sea]) -> dict[str, Port]:
    """The map's ports: an id already taken is REF001, a sea zone the map lacks REF008 (left out)."""
    ports: dict[str, Port] = {}
    for i, entry in enumerate(doc.data["ports"]):
        if entry["id"] in ports or entry["id"] in seas:
            what = "port" if entry["id"] in ports else "sea zone"
            ctx.report("REF001", f"port '{entry['id']}' has the id of another {what}", doc, ("ports", i, "id"),
                       "ports and sea zones share one name space: rename one")
            continue
        known = []
        for j, sea in enumerate(entry["seas"]):
            if sea in seas:
                known.append(sea)
            else:
                ctx.unknown("REF008", "sea zone", sea, seas, doc, ("ports", i, "seas", j))
        at = (float(entry["at"][0]), float(entry["at"][1])) if "at" in entry else None
        ports[entry["id"]] = Port(entry["id"], entry["name"], tuple(known), entry["power"],
                                  source(doc, "ports", i), at, _position(entry))
    return ports


def _position(entry: Mapping[str, Any]) -> tuple[float, float] | None:
    """A sea's or port's ``[longitude, latitude]`` (the schema checked its range), if written."""
    return (float(entry["position"][0]), float(entry["position"][1])) if "position" in entry else None


# --- scenarios -------------------------------------------------------------------------------------


def build_scenario(doc: Document, maps: Mapping[str, RenaissanceMap], ctx: BuildContext
                   ) -> RenaissanceScenario | None:
    """The scenario, or ``None`` when its map is missing or a reference does not resolve."""
    data = doc.data
    sea_map = maps.get(data["map"])
    if sea_map is None:
        if (RULESET, "map", data["map"]) in ctx.broken:
            ctx.report("REF010", f"map '{data['map']}' has errors; the scenario was not checked further", doc,
                       ("map",), "fix the map first", severity=Severity.INFO)
        else:
            ctx.unknown("REF003", "map", data["map"], maps, doc, ("map",))
        return None
    refs = _References(doc, ctx, sea_map, tuple(data["powers"]))
    sea_map = refs.controlled_map(data.get("control", {}))
    alliances = tuple(tuple(refs.powers_at(group, ("alliances", i)))
                      for i, group in enumerate(data.get("alliances", [])))
    dry_dock = frozenset(refs.powers_at(data.get("dry_dock", []), ("dry_dock",)))
    hands = {power: refs.hand(power, cards) for power, cards in data.get("hands", {}).items()}
    units = refs.units(data["units"])
    leaders = refs.leaders(data.get("leaders", []))
    formations = refs.formations(data.get("formations", []))
    actions = tuple(refs.action(i, entry, formations) for i, entry in enumerate(data["actions"]))
    smoke_data = data.get("smoke", {})
    balance = smoke_data.get("balance")
    smoke = Smoke(smoke_data.get("games", Smoke.games), (float(balance[0]), float(balance[1])) if balance else None,
                  tuple(smoke_data.get("players", Smoke.players)))
    if refs.failed:
        return None
    return RenaissanceScenario(
        id=data["id"], title=data["title"], map=sea_map, powers=refs.powers, units=units, leaders=leaders,
        formations=formations, dry_dock=dry_dock, actions=actions, hands=hands, alliances=alliances,
        source=source(doc), date=str(data.get("date", "")), briefing=data.get("briefing", ""),
        outcome=data.get("outcome", ""), sources=tuple(data.get("sources", [])), smoke=smoke,
    )


class _References:
    """Resolves and checks the references of one scenario; remembers whether any failed."""

    def __init__(self, doc: Document, ctx: BuildContext, sea_map: RenaissanceMap, powers: tuple[str, ...]) -> None:
        self.doc, self.ctx, self.map, self.powers = doc, ctx, sea_map, powers
        self.tables = load_tables()
        self.failed = False

    def _unknown(self, code: str, what: str, name: str, known: Iterable[str], path: tuple[PathPart, ...],
                 *lists: str) -> None:
        """``lists``: the keys of the map (``seas``, ``ports``) that list what may be named, as related places (the
        map may be a used corpus's, which the author never opened: issue 37, item 3)."""
        self.failed = True
        related = tuple(place for key in lists for place in self.ctx.related(
            ("renaissance", "map", self.map.id), (key,), f"the {key} of map '{self.map.id}'", key=True))
        self.ctx.unknown(code, what, name, known, self.doc, path, related=related)

    def _unknown_key(self, code: str, what: str, name: str, known: Iterable[str], path: tuple[PathPart, ...]) -> None:
        """An unknown name used as a mapping key: the diagnostic points at the key."""
        self.failed = True
        known = list(known)
        hint = did_you_mean(name, known) or f"known: {', '.join(sorted(known)[:12])}"
        self.ctx.report(code, f"unknown {what} '{name}'", self.doc, path, hint, key=True)

    def _duplicate(self, what: str, name: str, first: tuple[PathPart, ...], path: tuple[PathPart, ...]) -> None:
        self.failed = True
        line = self.doc.locate(first).line
        self.ctx.report("REF001", f"{what} id '{name}' is used twice", self.doc, path,
                        f"the first is at line {line}; rename one")

    def power(self, name: str, path: tuple[PathPart, ...]) -> str:
        if name not in self.powers:
            self._unknown("REF009", "power", name, self.powers, path)
        return name

    def powers_at(self, names: Iterable[str], at: tuple[PathPart, ...]) -> list[str]:
        return [self.power(name, (*at, i)) for i, name in enumerate(names)]

    def place(self, name: str, path: tuple[PathPart, ...]) -> str:
        if name not in self.map.seas and name not in self.map.ports:
            self._unknown("REF008", "sea zone or port", name, [*self.map.seas, *self.map.ports], path, "seas", "ports")
        return name

    def port(self, name: str, path: tuple[PathPart, ...]) -> str:
        if name in self.map.seas:
            self.failed = True
            self.ctx.report("REF008", f"'{name}' is a sea zone, not a port", self.doc, path,
                            "name a port here: " + ", ".join(sorted(self.map.ports)[:8]))
        elif name not in self.map.ports:
            self._unknown("REF008", "port", name, self.map.ports, path, "ports")
        return name

    def controlled_map(self, control: Mapping[str, str]) -> RenaissanceMap:
        """The map with this scenario's changes of port control applied (the map document is shared)."""
        ports = dict(self.map.ports)
        for port_id, power in control.items():
            if port_id in ports:
                ports[port_id] = dataclasses.replace(ports[port_id], power=power)
            else:
                self._unknown_key("REF008", "port", port_id, ports, ("control", port_id))
        self.map = dataclasses.replace(self.map, ports=ports) if control else self.map
        return self.map

    def card(self, name: str, path: tuple[PathPart, ...], *, combat_only: bool) -> str:
        known = list(self.tables.combat_cards) + ([] if combat_only else list(self.tables.reactions))
        if name in known:
            return name
        self.failed = True
        if name in self.tables.reactions:
            self.ctx.report("RN-3-4-card", f"'{name}' is a reaction, not a combat card", self.doc, path,
                            "script it under `galleasses:` instead (RN-6)")
        else:
            self._unknown("RN-3-4-card", "card", name, known, path)
        return name

    def hand(self, power: str, cards: list[str]) -> tuple[str, ...]:
        if power not in self.powers:
            self._unknown_key("REF009", "power", power, self.powers, ("hands", power))
        return tuple(self.card(card, ("hands", power, i), combat_only=False) for i, card in enumerate(cards))

    def units(self, entries: list[dict[str, Any]]) -> dict[str, dict[str, Units]]:
        units: dict[str, dict[str, Units]] = {}
        armada: int | None = None  # the entry that gives the Armada
        for i, entry in enumerate(entries):
            at = self.place(entry["at"], ("units", i, "at"))
            power = self.power(entry["power"], ("units", i, "power"))
            here = units.setdefault(at, {})
            counts = {kind: int(entry.get(kind, 0)) for kind in UNIT_KINDS}
            if counts["armada"] and armada is not None:
                self.failed = True
                self.ctx.report("RN-dice-armada", "the Armada is already placed", self.doc, ("units", i, "armada"),
                                f"it stands at line {self.doc.locate(('units', armada, 'armada')).line}; give it "
                                "one entry")
                counts["armada"] = 0
            elif counts["armada"]:
                armada = i
            first = here.get(power)
            if first is None:
                here[power] = Units.of(counts, source(self.doc, "units", i))
            else:  # a second entry for the same power and place adds up; the first keeps the position
                merged = first.merge(Units.of(counts))
                here[power] = dataclasses.replace(merged, source=first.source)
        return units

    def leaders(self, entries: list[LeaderDocument]) -> dict[str, Leader]:
        leaders: dict[str, Leader] = {}
        for i, entry in enumerate(entries):
            if entry["id"] in leaders:
                self._duplicate("leader", entry["id"], ("leaders", _index(leaders, entry["id"]), "id"),
                                ("leaders", i, "id"))
                continue
            at = self.place(entry["at"], ("leaders", i, "at")) if "at" in entry else None
            leaders[entry["id"]] = Leader(entry["id"], self.power(entry["power"], ("leaders", i, "power")),
                                          int(entry["battle_rating"]), at, source(self.doc, "leaders", i),
                                          entry.get("name", ""))
        return leaders

    def formations(self, entries: list[FormationDocument]) -> dict[str, LandFormation]:
        formations: dict[str, LandFormation] = {}
        for i, entry in enumerate(entries):
            if entry["id"] in formations:
                self._duplicate("formation", entry["id"], ("formations", _index(formations, entry["id"]), "id"),
                                ("formations", i, "id"))
                continue
            formations[entry["id"]] = LandFormation(
                entry["id"], self.power(entry["power"], ("formations", i, "power")),
                self.port(entry["at"], ("formations", i, "at")), int(entry.get("strength", 1)),
                source(self.doc, "formations", i), entry.get("name", ""))
        return formations

    def action(self, index: int, entry: CombatDocument | TransportDocument,
               formations: Mapping[str, LandFormation]) -> NavalAction:
        at: tuple[PathPart, ...] = ("actions", index)
        turn = entry.get("turn")
        if entry["kind"] == "transport":
            if entry["formation"] not in formations:
                self._unknown("RN-16.3-formation", "land formation", entry["formation"], formations,
                              (*at, "formation"))
            return Transport(self.power(entry["power"], (*at, "power")), entry["formation"],
                             self.port(entry["from"], (*at, "from")), self.port(entry["to"], (*at, "to")), turn,
                             source(self.doc, *at))
        script = None
        cards = entry.get("cards")
        if cards is not None:
            scripted = {role: tuple(self.card(card, (*at, "cards", role, i), combat_only=True)
                                    for i, card in enumerate(listed))
                        for role, listed in (("attacker", cards.get("attacker")), ("defender", cards.get("defender")))
                        if listed is not None}
            galleasses = cards.get("galleasses")
            play = None
            if galleasses is not None:
                play = GalleassesPlay(self.power(galleasses["by"], (*at, "cards", "galleasses", "by")),
                                      galleasses["side"], source(self.doc, *at, "cards", "galleasses"))
            script = CardScript(scripted.get("attacker"), scripted.get("defender"), play, "galleasses" in cards,
                                source(self.doc, *at, "cards"))
        return Battle(self.power(entry["attacker"], (*at, "attacker")),
                      self.power(entry["defender"], (*at, "defender")),
                      self.place(entry["at"], (*at, "at")), script, turn, source(self.doc, *at))


def _index(built: Mapping[str, Leader | LandFormation], key: str) -> int:
    """The entry index the object built under ``key`` came from (its source path is ``(list, index)``)."""
    where = built[key].source
    assert where is not None, key  # the builder gives every leader and formation its entry's source
    return int(where.path[1])
