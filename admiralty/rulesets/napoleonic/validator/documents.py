"""Build the napoleonic model from parsed ``table`` and ``scenario`` documents (field names as in FORMAT.md).

The engine reads no documents: this is the validator's half of the napoleonic build (``build.py`` resolves
the references first, then calls ``scenario_from_documents``). House defaults (base sizes, ranges) come
from the rule system's tables. ``locate``, when given, is called as ``locate(document, *path)``
(``document`` is ``"scenario"`` or ``"table"``) for every object built, and what it returns becomes that
object's ``source``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from admiralty.engine.model.common import NOWHERE, Smoke, Source
from admiralty.rulesets.napoleonic.engine.model import (
    SMOKE_PLAYERS,
    Battery,
    FirePlan,
    NapoleonicScenario,
    Point,
    Ranges,
    Side,
    Table,
    Terrain,
    Unit,
)
from admiralty.rulesets.napoleonic.engine.tables import Tables, load_tables

Locate = Callable[..., Source | None]
"""``(*path) -> where that part of the document is``: ``_nowhere`` for a document without positions."""


def _point(value: Sequence[float]) -> Point:
    return (float(value[0]), float(value[1]))


def _polygon(value: Sequence[Sequence[float]]) -> tuple[Point, ...]:
    return tuple(_point(p) for p in value)


def _nowhere(*path: str | int) -> None:
    return None


def table_from_document(doc: Mapping[str, Any], locate: Locate = _nowhere) -> Table:
    """A ``table`` document: ``id``, ``title``, ``size: [w, d]``, ``terrain: [{id, kind, polygon, name?}]``."""
    terrain = tuple(
        Terrain(id=t["id"], kind=t["kind"], polygon=_polygon(t["polygon"]), name=str(t.get("name", "")),
                source=locate("table", "terrain", i))
        for i, t in enumerate(doc.get("terrain", ()))
    )
    return Table(id=doc["id"], title=doc.get("title", doc["id"]), size=_point(doc["size"]), terrain=terrain,
                 source=locate("table") or NOWHERE, description=str(doc.get("description", "")),
                 sources=tuple(str(s) for s in doc.get("sources", ())))


def unit_from_document(doc: Mapping[str, Any], tables: Tables, source: Source | None = None) -> Unit:
    """A scenario ``units`` entry; ``base_width``, ``base_depth``, ``figures_per_base`` default by type."""
    defaults = tables["bases"].get(doc["type"], {})
    return Unit(
        id=doc["id"],
        side=doc["side"],
        type=doc["type"],
        class_=str(doc.get("class", "first")),
        figures=int(doc["figures"]),
        bases=int(doc["bases"]),
        formation=doc.get("formation", "line"),
        at=_point(doc["at"]),
        facing=float(doc.get("facing", 0.0)),
        base_width=float(doc.get("base_width", defaults.get("width", 4.0))),
        base_depth=float(doc.get("base_depth", defaults.get("depth", 2.0))),
        figures_per_base=int(doc.get("figures_per_base", 0)),
        source=source,
        name=str(doc.get("name", "")),
    )


def battery_from_document(doc: Mapping[str, Any], tables: Tables, source: Source | None = None) -> Battery:
    """A scenario ``batteries`` entry; ``ranges: {canister, effective, long}`` defaults to the house ranges."""
    house = tables["ranges"]
    given = doc.get("ranges", {})
    ranges = Ranges(
        canister=float(given.get("canister", house["canister"])),
        effective=float(given.get("effective", house["effective"])),
        long=float(given.get("long", house["long"])),
    )
    return Battery(
        id=doc["id"],
        side=doc["side"],
        guns=int(doc.get("guns", 0)),
        howitzers=int(doc.get("howitzers", 0)),
        rockets=int(doc.get("rockets", 0)),
        at=_point(doc["at"]),
        facing=float(doc.get("facing", 0.0)),
        ranges=ranges,
        formed_turn=int(doc.get("formed_turn", 0)),
        source=source,
        name=str(doc.get("name", "")),
    )


def fire_plan_from_document(entries: Sequence[Mapping[str, Any]], locate: Locate = _nowhere) -> tuple[FirePlan, ...]:
    """``fire_plan: [{battery, turn, target, pieces?}]`` or ``{battery, turns: [..], target}``; every
    entry made from one item of the list has that item's ``source``."""
    plan: list[FirePlan] = []
    for i, entry in enumerate(entries):
        turns = entry["turns"] if "turns" in entry else [entry["turn"]]
        for turn in turns:
            plan.append(
                FirePlan(
                    battery=entry["battery"],
                    turn=int(turn),
                    target=entry["target"],
                    pieces=entry.get("pieces", "all"),
                    source=locate("scenario", "fire_plan", i),
                )
            )
    return tuple(plan)


def smoke_from_document(doc: Mapping[str, Any]) -> Smoke:
    """The ``smoke: {games, balance: [low, high], players}`` block; every key optional."""
    balance = doc.get("balance")
    return Smoke(
        games=int(doc.get("games", 50)),
        balance=(float(balance[0]), float(balance[1])) if balance is not None else None,
        players=tuple(doc.get("players", SMOKE_PLAYERS)),
    )


def scenario_from_documents(
    scenario: Mapping[str, Any], table: Mapping[str, Any], tables: Tables | None = None, locate: Locate = _nowhere
) -> NapoleonicScenario:
    """Build the model from a parsed ``scenario`` and its ``table`` document (``locate``: see above)."""
    rules = dict(scenario.get("rules", {}))
    tables = tables or load_tables(rules.get("tables"))
    turns = scenario.get("turns", 1)
    sides = tuple(
        Side(id=s["id"], name=s.get("name", s["id"]), nations=tuple(s.get("nations", ())),
             source=locate("scenario", "sides", i))
        for i, s in enumerate(scenario.get("sides", ()))
    )
    if not sides:
        seen = dict.fromkeys(u["side"] for u in (*scenario.get("units", ()), *scenario.get("batteries", ())))
        sides = tuple(Side(id=s, name=s) for s in seen)
    return NapoleonicScenario(
        id=scenario["id"],
        title=scenario.get("title", scenario["id"]),
        table=table_from_document(table, locate),
        sides=sides,
        units=tuple(
            unit_from_document(u, tables, locate("scenario", "units", i))
            for i, u in enumerate(scenario.get("units", ()))
        ),
        batteries=tuple(
            battery_from_document(b, tables, locate("scenario", "batteries", i))
            for i, b in enumerate(scenario.get("batteries", ()))
        ),
        turns=int(turns["count"] if isinstance(turns, Mapping) else turns),
        fire_plan=fire_plan_from_document(scenario.get("fire_plan", ()), locate),
        rules=rules,
        source=locate("scenario") or NOWHERE,
        date=str(scenario.get("date", "")),
        briefing=str(scenario.get("briefing", "")),
        outcome=str(scenario.get("outcome", "")),
        sources=tuple(str(s) for s in scenario.get("sources", ())),
        smoke=smoke_from_document(scenario.get("smoke", {})),
    )
