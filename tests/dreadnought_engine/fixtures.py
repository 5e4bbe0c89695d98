"""Hand-built dreadnought scenarios for the engine tests (no YAML, no validator).

A grid of sea zones (rows N..V, columns 5..33, eight neighbours each, so that ``Q31`` touches ``R32`` as
in the seed's example), a few ports, two catalogs (Central Powers and Entente), and builders for fleets
and scenarios. ``drive`` plays a game with a policy that defaults to following the written orders.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from admiralty.engine.api import Action
from admiralty.rulesets.dreadnought.engine.game import DreadnoughtGame, new_game
from admiralty.rulesets.dreadnought.engine.model import (
    STAY,
    Catalog,
    Fleet,
    Minefield,
    Order,
    Port,
    Rules,
    Scenario,
    SeaMap,
    Ship,
    ShipClass,
    Side,
    Smoke,
    Topology,
    Victory,
    VictoryCondition,
    Zone,
)

ROWS = "NOPQRSTUV"
COLUMNS = range(5, 34)

PORTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "danzig": ("germany", ("Q31",)),
    "kiel": ("germany", ("Q25",)),
    "windau": ("russia", ("N32",)),
    "dover": ("britain", ("V8",)),
    "harwich": ("britain", ("U7",)),
    "cattaro": ("austria-hungary", ("S20",)),
    "pola": ("austria-hungary", ("P18",)),
    "brindisi": ("italy", ("T22",)),
    "halifax": ("canada", ("N5",)),
}
COASTAL = frozenset({"Q31", "Q25", "N32", "V8", "U7", "S20", "P18", "T22", "N5", "S21", "R20"})


def grid_map(land: Iterable[str] = (), ports: Mapping[str, tuple[str, tuple[str, ...]]] = PORTS,
             coastal: Iterable[str] = COASTAL) -> SeaMap:
    """A grid map whose zones touch their eight neighbours (``land`` cells are not zones)."""
    land = set(land)
    zones = [f"{r}{c}" for r in ROWS for c in COLUMNS if f"{r}{c}" not in land]
    present = set(zones)
    neighbours: dict[str, tuple[str, ...]] = {}
    for zone in zones:
        row, col = ROWS.index(zone[0]), int(zone[1:])
        near = [f"{ROWS[row + dr]}{col + dc}" for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= row + dr < len(ROWS)]
        neighbours[zone] = tuple(z for z in near if z in present)
    coastal = set(coastal)
    kinds = {z: "coastal" if z in coastal else "open" for z in zones}
    return SeaMap(
        id="test-grid", title="Test grid", grid=None,
        zones=MappingProxyType({z: Zone(z, z, kinds[z], ()) for z in zones}), land=(),
        ports=MappingProxyType({pid: Port(pid, pid.title(), nation, (0.0, 0.0), zs)
                                for pid, (nation, zs) in ports.items()}),
        declared_adjacency=None, blocked=frozenset(),
        topology=Topology(MappingProxyType(neighbours), MappingProxyType(kinds), MappingProxyType({}),
                          MappingProxyType({})),
    )


def _cls(cid: str, type_: str, speed: str, hull: int, fuel: str, boxes: int, vp: int, **kw: Any) -> ShipClass:
    return ShipClass(cid, cid.title(), type_, speed, hull, fuel, boxes, vp, **kw)


CLASSES: dict[str, ShipClass] = {c.id: c for c in (
    _cls("rostock", "CL", "2", 4, "coal", 8, 4, armoured=False, secondary=6, tertiary=2, torpedo=2),
    _cls("novara", "CL", "2", 3, "coal", 6, 3, armoured=False, secondary=4, tertiary=2, torpedo=2),
    _cls("canada", "BB", "1", 10, "coal", 10, 12, primary=10, secondary=8, torpedo=2),
    _cls("superb", "BB", "1", 9, "coal", 10, 10, primary=8, secondary=6),
    _cls("queen", "BB", "2", 10, "oil", 9, 14, primary=8, secondary=6),
    _cls("habsburg", "B", "1s", 6, "coal", 8, 5, primary=4, secondary=4),
    _cls("destroyer", "DD", "2+", 1, "oil", 4, 1, tertiary=2, torpedo=4),
    _cls("collier", "collier", "1", 2, "coal", 10, 1, armoured=False),
    _cls("slow-collier", "collier", "1s", 2, "coal", 10, 1, armoured=False),
    _cls("tanker", "tanker", "1s", 2, "oil", 12, 1, armoured=False),
    _cls("minelayer", "ML", "1", 2, "coal", 6, 1, armoured=False, tertiary=1),
    _cls("sweeper", "MS", "1", 1, "coal", 6, 1, armoured=False),
    _cls("transport", "transport", "1", 2, "coal", 8, 2, armoured=False, capacity=1),
)}

SHIPS: dict[str, tuple[str, str, dict[str, Any]]] = {
    # Central Powers
    "Rostock": ("rostock", "germany", {}), "Frankfurt": ("rostock", "germany", {}),
    "Emden": ("rostock", "germany", {"leader": True}), "Karlsruhe": ("rostock", "germany", {}),
    "Novara": ("novara", "austria-hungary", {}), "Helgoland": ("novara", "austria-hungary", {"leader": True}),
    "Saida": ("novara", "austria-hungary", {}), "Admiral Spaun": ("novara", "austria-hungary", {}),
    "Habsburg": ("habsburg", "austria-hungary", {}), "Arpad": ("habsburg", "austria-hungary", {}),
    "Babenberg": ("habsburg", "austria-hungary", {}),
    "G101": ("destroyer", "germany", {}), "G102": ("destroyer", "germany", {}),
    "Albatross": ("minelayer", "germany", {}), "Meteor": ("minelayer", "germany", {"leader": True}),
    "M1": ("sweeper", "germany", {}), "M2": ("sweeper", "germany", {}),
    "Bayern Collier": ("collier", "germany", {}), "Slow Collier": ("slow-collier", "germany", {}),
    "Second Collier": ("collier", "germany", {}),
    # Entente
    "Canada": ("canada", "britain", {}), "Superb": ("superb", "britain", {}),
    "Queen Elizabeth": ("queen", "britain", {}), "Warspite": ("queen", "britain", {"italic": True}),
    "Majestic": ("habsburg", "britain", {}),
    "Niobe": ("rostock", "canada", {}), "Sydney": ("rostock", "australia", {}),
    "Bogatyr": ("rostock", "russia", {}), "Oleg": ("rostock", "russia", {}),
    "Dartmouth": ("rostock", "britain", {}), "Bristol": ("rostock", "britain", {}),
    "Liverpool": ("rostock", "britain", {}), "Glasgow": ("rostock", "britain", {}),
    "Lance": ("destroyer", "britain", {}), "Legion": ("destroyer", "britain", {}),
    "Olna": ("tanker", "britain", {}), "Olympia Tanker": ("tanker", "britain", {}),
    "Cyclops": ("collier", "usa", {}), "Welsh Collier": ("collier", "britain", {}),
    "Sweeper One": ("sweeper", "britain", {}),
    "Transport 1": ("transport", "britain", {}), "Transport 2": ("transport", "britain", {}),
}
CENTRAL_NATIONS = ("germany", "austria-hungary")
ENTENTE_NATIONS = ("britain", "russia", "italy", "canada", "australia", "usa")


def all_ships() -> dict[str, Ship]:
    return {name: Ship(name, CLASSES[cid], nation, "central" if nation in CENTRAL_NATIONS else "entente", **kw)
            for name, (cid, nation, kw) in SHIPS.items()}


ZONE = re.compile(r"^[A-Z]{1,3} ?[0-9]{1,4}$")


def order(text: str) -> Order:
    """A written order as the validator would build it (FORMAT.md's order grammar)."""
    parts = [p.strip() for p in text.split("/")]
    if all(ZONE.match(p) for p in parts):
        return Order("move", zones=tuple(p.replace(" ", "") for p in parts), text=text)
    if text.startswith("convoy "):
        return Order("convoy", target=text[7:], text=text)
    if text in ("stay", "refuel", "coal", "oil", "abort", "pursuit", "split"):
        return STAY if text == "stay" else Order(text, text=text)
    return Order("port", target=text, text=text)


def fleet(fid: str, mission: str, start: str, ships: Sequence[str], orders: Sequence[str] = (),
          escorts: str | None = None, collier: bool = False) -> Fleet:
    return Fleet(fid, fid, "", mission, start, tuple(ships), tuple(order(o) for o in orders), escorts, collier)


def scenario(central: Sequence[Fleet], entente: Sequence[Fleet], *, turns: int = 24, night: Iterable[int] = (),
             weather: str | Sequence[str] | None = "calm", minefields: Sequence[Minefield] = (),
             rules: Rules | None = None, conditions: Sequence[VictoryCondition] = (), otherwise: str = "draw",
             controls: Mapping[str, Iterable[str]] | None = None, date: str = "1917-05-15",
             land: Iterable[str] = ()) -> Scenario:
    """A two-sided scenario on the test grid; ``weather`` is one state for every turn, a list, or None
    (rolled on the house table)."""
    ships = all_ships()
    listed = None if weather is None else (tuple([weather] * turns) if isinstance(weather, str) else tuple(weather))
    controls = controls or {}
    sides = (
        Side("central", "Central Powers", CENTRAL_NATIONS, frozenset(controls.get("central", ())),
             tuple(replace(f, side="central") for f in central)),
        Side("entente", "Entente", ENTENTE_NATIONS, frozenset(controls.get("entente", ())),
             tuple(replace(f, side="entente") for f in entente)),
    )
    catalogs = tuple(
        Catalog(cid, cid.title(), cid, MappingProxyType(CLASSES),
                MappingProxyType({n: s for n, s in ships.items() if s.catalog == cid}))
        for cid in ("central", "entente"))
    return Scenario(
        id="test-scenario", title="Test", date=date, map=grid_map(land=land), catalogs=catalogs,
        ships=MappingProxyType(ships), turns=turns, night=frozenset(night), weather=listed, sides=sides,
        minefields=tuple(minefields), rules=rules or Rules(), victory=Victory(tuple(conditions), otherwise),
        smoke=Smoke(), content_hash="test-hash")


Policy = Callable[[DreadnoughtGame, str, list[Action]], Action | None]


def default_action(legal: list[Action]) -> Action:
    for preferred in ("follow-orders", "done", "engage"):
        if preferred in legal:
            return preferred
    return legal[0]


def drive(game: DreadnoughtGame, policy: Policy | None = None,
          until: Callable[[DreadnoughtGame], bool] | None = None, limit: int = 10_000) -> DreadnoughtGame:
    """Play on with ``policy`` (None: the default) until the end, or until ``until(game)`` holds."""
    for _ in range(limit):
        if game.is_over or (until is not None and until(game)):
            return game
        side = game.to_move()[0]
        legal = game.legal_actions(side)
        action = policy(game, side, legal) if policy is not None else None
        game.apply(side, default_action(legal) if action is None else action)
    raise AssertionError("game did not end")


def start(scn: Scenario, seed: int = 1, **options: Any) -> DreadnoughtGame:
    return new_game(scn, seed, options or None)


def events(game: DreadnoughtGame, type_: str, **match: Any) -> list[dict[str, Any]]:
    return [e for e in game.events if e["type"] == type_ and all(e.get(k) == v for k, v in match.items())]


def at_turn(turn: int, phase: str = "orders") -> Callable[[DreadnoughtGame], bool]:
    return lambda g: g.state.turn >= turn and (g.state.phase == phase or g.state.turn > turn)


def decision(game: DreadnoughtGame, side: str) -> Any:
    return game.view(side)["decision"]


ALWAYS_CONTACT = {"contact": {"need": {"day": 1, "night": 1}}}
ONE_BOX_A_ZONE = {"fuel": {"units_per_box": 1}}
"""Every zone entered crosses out a box (the second of a turn, two for coal): fuel runs out in a few turns."""


def rules(tables: Mapping[str, Any] | None = None, **switches: Any) -> Rules:
    """Scenario rules with table overrides (``rules.tables``)."""
    return Rules(tables=MappingProxyType(dict(tables or {})), **switches)


class FakeResolver:
    """A battle resolver that records each battle and returns a fixed (or computed) outcome."""

    name = "fake"

    def __init__(self, outcome: Any = None) -> None:
        from admiralty.rulesets.dreadnought.engine.battle_types import BattleOutcome
        self.outcome = outcome if outcome is not None else BattleOutcome()
        self.battles: list[Any] = []

    def resolve(self, battle: Any, rng: Any) -> Any:
        self.battles.append(battle)
        return self.outcome(battle) if callable(self.outcome) else self.outcome


def campaign(turns: int = 24, weather: str | Sequence[str] | None = None) -> Scenario:
    """A busy 24-turn scenario: every mission, colliers, a tanker, minefields, night turns, random weather."""
    central = [
        fleet("fleet-1", "intercept", "danzig", ["Rostock", "Frankfurt"],
              ["Q31/R32", "R33/S33", "T33/U32", "U31/U30", "U29", "U28", "U27", "U26", "U25", "U24"]),
        fleet("raider", "raid", "kiel", ["Emden"], ["Q25", "R24", "S23", "S22", "S21", "R20"]),
        fleet("fleet-3", "bombard", "cattaro", ["Habsburg", "Arpad"], ["S20", "T21", "T22"]),
        fleet("layers", "minelay", "kiel", ["Albatross"], ["Q25", "R25", "S25"]),
        fleet("sweepers", "minesweep", "pola", ["M1", "M2"], ["P18", "Q19", "R20"]),
        fleet("supply", "transport", "kiel", ["Bayern Collier"], ["Q25", "stay", "stay", "R25"], collier=True),
    ]
    entente = [
        fleet("fleet-4", "intercept", "dover", ["Canada", "Superb"],
              ["V8", "U9", "U10", "U11", "U12", "U13", "U14", "U15", "U16", "U17", "U18", "U19", "U20", "U21"]),
        fleet("cruisers", "intercept", "harwich", ["Dartmouth", "Bristol"],
              ["U7", "U8/U9", "T10/T11", "T12/T13", "T14/T15", "T16/T17", "T18/T19", "T20/T21", "T22"]),
        fleet("convoy", "transport", "harwich", ["Transport 1", "Transport 2"], ["U7", "U8", "U9", "U10"]),
        fleet("screen", "escort", "harwich", ["Lance", "Legion"], ["convoy convoy"] * 4, escorts="convoy"),
        fleet("corsair", "raid", "brindisi", ["Glasgow"], ["T22", "S21", "R20", "Q19"]),
        fleet("oilers", "transport", "brindisi", ["Olna"], ["T22", "stay", "stay"], collier=True),
    ]
    return scenario(central, entente, turns=turns, night=(8, 9, 10, 20, 21), weather=weather,
                    minefields=[Minefield(("T21", "S20"), "central"), Minefield(("U8", "U9"), "central", 2),
                                Minefield(("R20", "Q19"), "entente")],
                    rules=rules(raid_needs_leader=False),
                    conditions=[VictoryCondition("entente", "reach", fleet="convoy", target="U10", by_turn=10),
                                VictoryCondition("central", "vp-lead", value=5)],
                    controls={"central": ["S20", "Q25", "Q31"], "entente": ["U7", "V8", "T22"]})
