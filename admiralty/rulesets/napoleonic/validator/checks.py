"""The napoleonic checks: the engine's scenario checks turned into positioned diagnostics, and the table's
own geometry.

The engine (``admiralty.rulesets.napoleonic.engine.checks``) decides; each finding carries its listed
code (explained in ``codes``) and the id of the object concerned, and is reported at that object's line: a unit's
or battery's ``at``, or the fire-plan entry that asks for the impossible.
"""

from __future__ import annotations

from collections.abc import Iterator

from shapely.geometry import Polygon, box
from shapely.validation import explain_validity

from admiralty.engine.model.common import NOWHERE, Source
from admiralty.rulesets.napoleonic.engine import checks as engine
from admiralty.rulesets.napoleonic.engine.geometry import EPSILON, unit_footprint
from admiralty.rulesets.napoleonic.engine.howitzers import howitzer_battery_formed, pieces_fire_together
from admiralty.rulesets.napoleonic.engine.model import (
    Battery,
    Finding,
    FirePlan,
    NapoleonicScenario,
    Table,
    Terrain,
    Unit,
)
from admiralty.rulesets.napoleonic.engine.tables import Tables, load_tables
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic, Severity

HINTS = {
    "GEO020": "move it onto the table; a unit's bases stand behind its `at` (the middle of its front edge)",
    "GEO021": "move one of the units: bases may touch, not overlap",
    "GEO022": "place it beside the building, or hold a built-up area instead",
    "GEO023": "move the battery or the target, or plan a target no building hides",
    "GEO024": "move the battery closer, or plan a target within its long range",
    "NA-pen-a": "canister <= effective <= long, and long within the house range_cap when it is on",
}


def tables_of(scenario: NapoleonicScenario) -> Tables:
    """The scenario's house tables (with its overrides), computed once for all the checks."""
    result: Tables = scenario.derived("tables", lambda: load_tables(scenario.rules.get("tables")))
    return result


def _valid_polygons(table: Table) -> bool:
    result: bool = table.derived("valid", lambda: all(Polygon(t.polygon).is_valid for t in table.terrain))
    return result


def _objects(scenario: NapoleonicScenario) -> dict[str, Terrain | Unit | Battery]:
    found: dict[str, Terrain | Unit | Battery] = scenario.derived("objects", lambda: {
        **{t.id: t for t in scenario.table.terrain}, **{u.id: u for u in scenario.units},
        **{b.id: b for b in scenario.batteries}})
    return found


def _where(scenario: NapoleonicScenario, object_id: str, *child: str) -> Source:
    item = _objects(scenario).get(object_id)
    where = getattr(item, "source", None) or scenario.source or NOWHERE
    return where.child(*child) if item is not None else where


def _entry_key(entry: FirePlan) -> object:
    """Fire-plan entries made from one YAML entry (``turns: [...]``) share a source: report them once."""
    return entry.source if entry.source is not None else entry


def _positioned(scenario: NapoleonicScenario, findings: list[Finding], ctx: CheckContext,
                child: str = "at") -> Iterator[Diagnostic]:
    for finding in findings:
        where = _where(scenario, finding.object_id, child)
        yield ctx.at(finding.code, finding.message, where, HINTS.get(finding.code, ""))


@check(Table, "GEO025", "GEO026")
def terrain_is_valid_and_on_the_table(table: Table, ctx: CheckContext) -> Iterator[Diagnostic]:
    width, depth = table.size
    edge = box(0.0, 0.0, width, depth).buffer(EPSILON)
    for piece in table.terrain:
        polygon = Polygon(piece.polygon)
        where = (piece.source or NOWHERE).child("polygon")
        if not polygon.is_valid:
            yield ctx.at("GEO025", f"terrain '{piece.id}': {explain_validity(polygon)}", where,
                         "redraw the outline so that it does not cross itself")
        elif not edge.contains(polygon):
            yield ctx.at("GEO026", f"terrain '{piece.id}' runs off the {width:g} x {depth:g} cm table", where,
                         "bring its points within the table", severity=Severity.WARNING)


@check(NapoleonicScenario, "GEO020")
def everything_on_the_table(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    yield from _positioned(scenario, engine.check_on_table(scenario, tables_of(scenario)), ctx)


@check(NapoleonicScenario, "GEO021")
def units_do_not_overlap(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    yield from _positioned(scenario, engine.check_overlaps(scenario, tables_of(scenario)), ctx)


@check(NapoleonicScenario, "GEO022")
def nobody_in_a_building(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    if _valid_polygons(scenario.table):  # GEO025 has said what is wrong with the others
        yield from _positioned(scenario, engine.check_buildings(scenario, tables_of(scenario)), ctx)


@check(NapoleonicScenario, "NA-rocket", "NA-pen-a")
def batteries_are_sound(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """NA-rocket (rockets stand alone) and NA-pen-a (ranges), at the battery's pieces or ranges."""
    for finding in engine.check_batteries(scenario, tables_of(scenario)):
        if finding.code == "NA-rocket":
            where = _where(scenario, finding.object_id, "rockets")
            yield ctx.at("NA-rocket", finding.message, where, "put the guns and howitzers in a battery of their own")
        elif finding.code == "NA-pen-a":
            yield ctx.at("NA-pen-a", finding.message, _where(scenario, finding.object_id, "ranges"), HINTS["NA-pen-a"])


@check(NapoleonicScenario, "GEO023", "GEO024", "NA-rocket")
def planned_targets_in_sight_and_range(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """Each fire-plan entry's target is seen and reached from its battery at the start of play."""
    if not _valid_polygons(scenario.table):
        return
    tables = tables_of(scenario)
    shapes = {u.id: unit_footprint(u) for u in scenario.units}
    batteries = {b.id: b for b in scenario.batteries}
    seen: set[object] = set()
    for entry in scenario.fire_plan:
        battery = batteries.get(entry.battery)
        if battery is None or _entry_key(entry) in seen:
            continue  # an entry with several turns is reported once
        seen.add(_entry_key(entry))
        where = (entry.source or scenario.source or NOWHERE).child("target")
        for finding in engine.check_planned_target(scenario, battery, entry.target, shapes, tables):
            code = finding.code
            hint = HINTS.get(code, "rockets reach 80 cm and need a clear line to the target; plan another one")
            yield ctx.at(code, finding.message, where, hint)


@check(NapoleonicScenario, "NA-how-a")
def howitzers_formed_before_play(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """NA-how-a, at the battery's ``formed_turn`` or at the entry's ``pieces``."""
    for battery in scenario.batteries:
        for finding in howitzer_battery_formed(battery):
            yield ctx.at("NA-how-a", finding.message, _where(scenario, battery.id, "formed_turn"),
                         "form the howitzer battery before play (formed_turn: 0), or give it guns")
    batteries = {b.id: b for b in scenario.batteries}
    reported: set[object] = set()
    for entry in scenario.fire_plan:
        if entry.battery not in batteries or _entry_key(entry) in reported:
            continue
        for finding in pieces_fire_together(entry, batteries[entry.battery]):
            reported.add(_entry_key(entry))
            yield ctx.at("NA-how-a", finding.message, (entry.source or NOWHERE).child("pieces"),
                         "leave out `pieces:`: the whole battery fires together")


@check(NapoleonicScenario, "SID201")
def sides_on_the_table(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """SID201: every side has a unit or a battery on the table."""
    present = {unit.side for unit in scenario.units} | {battery.side for battery in scenario.batteries}
    home = scenario.source if isinstance(scenario.source, Source) else NOWHERE
    for i, side in enumerate(scenario.sides):
        if side.id not in present:
            yield ctx.at("SID201", f"side '{side.id}' has no unit and no battery: it takes part in nothing",
                         home.child("sides", i, "id"), "give it units or batteries (their `side:` is its id)",
                         severity=Severity.WARNING)
