"""The napoleonic checks: the engine's scenario checks turned into positioned diagnostics, and the table's
own geometry.

The engine (``admiralty.rulesets.napoleonic.engine.checks``) decides; each finding carries its registered
code (explained here) and the id of the object concerned, and is reported at that object's line: a unit's
or battery's ``at``, or the fire-plan entry that asks for the impossible.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from shapely.geometry import Polygon, box
from shapely.validation import explain_validity

from admiralty.engine.model.common import NOWHERE, Source
from admiralty.rulesets.napoleonic.engine import checks as engine
from admiralty.rulesets.napoleonic.engine.geometry import EPSILON, unit_footprint
from admiralty.rulesets.napoleonic.engine.howitzers import howitzer_battery_formed, pieces_fire_together
from admiralty.rulesets.napoleonic.engine.model import Finding, NapoleonicScenario, Table
from admiralty.rulesets.napoleonic.engine.tables import Tables, load_tables
from admiralty.validator.checks import CheckContext, check
from admiralty.validator.diagnostics import Diagnostic, Severity, register

register("GEO020", "Unit or battery off the table", "Every unit's bases and every battery must stand on the "
         "table, whose south-west corner is (0, 0) and whose `size` is `[width, depth]` in cm. A unit's `at` is "
         "the middle of its front edge and its bases stand behind it (away from its facing), so a unit at the "
         "table's edge facing outwards still has its bases on the table, while one facing inwards does not.",
         wrong="size: [120, 80]\n- {id: landwehr, at: [60, 1], facing: 0, formation: column, bases: 4}",
         right="size: [120, 80]\n- {id: landwehr, at: [60, 9], facing: 0, formation: column, bases: 4}")
register("GEO021", "Units overlap", "Two units' bases cover the same ground. Bases may touch, edge to edge, "
         "but a figure stands in one unit only.",
         wrong="- {id: column-1, at: [40, 45], facing: 180, formation: column, bases: 4}   # y 45..53\n"
         "- {id: column-2, at: [40, 40], facing: 180, formation: column, bases: 4}   # y 40..48",
         right="- {id: column-1, at: [40, 45], facing: 180, formation: column, bases: 4}   # y 45..53\n"
         "- {id: column-2, at: [40, 55], facing: 180, formation: column, bases: 4}   # y 55..63")
register("GEO022", "Unit or battery in a building", "A building (a terrain piece of kind `building`) blocks "
         "sight and cannot be occupied: no unit's bases and no battery may stand in one. Troops may hold a "
         "built-up area (`kind: built-up`) instead.",
         wrong="- {id: church, kind: building, polygon: [[84, 52], [90, 52], [90, 58], [84, 58]]}\n"
         "- {id: guard, at: [87, 57], ...}",
         right="- {id: guard, at: [87, 50], ...}   # in front of the church")
register("GEO023", "Planned target out of sight", "A gun or howitzer battery can fire only at what it sees: "
         "the line from the battery to the middle of its target must not pass through a building (grazing a "
         "corner does not block; the building fired at does not hide itself). The fire plan names a target "
         "that a building hides at the start of play.",
         wrong="fire_plan:\n  - {battery: foot-battery, turn: 1, target: guard-reserve}   # behind the church",
         right="fire_plan:\n  - {battery: foot-battery, turn: 1, target: church}")
register("GEO024", "Planned target out of range", "A battery reaches no further than its long range (its "
         "maximum, NA-pen-a), measured from the battery to the nearest point of the target. The fire plan names "
         "a target beyond it.",
         wrong="ranges: {long: 70}\n# the target's nearest base is 75 cm away",
         right="ranges: {long: 80}\n# or move the battery 5 cm closer")
register("GEO025", "Invalid terrain polygon", "A terrain piece's outline is not a simple polygon (it crosses "
         "itself, or has fewer than three distinct points), so nothing can be said about what stands in it. "
         "The message gives shapely's reason and where.",
         wrong="polygon: [[0, 0], [10, 10], [10, 0], [0, 10]]   # a bow tie",
         right="polygon: [[0, 0], [10, 0], [10, 10], [0, 10]]")
register("GEO026", "Terrain off the table", "A terrain piece lies partly or wholly beyond the table's edge. "
         "The part beyond the edge plays no part in the game; most likely a coordinate or the table's size is "
         "wrong.", wrong="size: [120, 80]\npolygon: [[100, 70], [130, 70], [130, 90], [100, 90]]",
         right="size: [120, 80]\npolygon: [[100, 60], [120, 60], [120, 80], [100, 80]]", severity=Severity.WARNING)
register("NA-rocket", "Rocket battery", "Rockets (NA-rocket) fly up to 80 cm and need to see their target; "
         "a rocket battery holds rocket frames only, and its fire is one unmodified 2d6 roll. The battery "
         "either mixes rockets with guns or howitzers, or cannot see or reach its planned target.",
         wrong="- {id: rocket-troop, rockets: 2, guns: 2, ...}",
         right="- {id: rocket-troop, rockets: 2, ...}\n- {id: horse-guns, guns: 2, ...}")
register("NA-pen-a", "Battery ranges", "A battery's long range is its maximum: a target past it is out "
         "(NA-pen-a). The bands rise from canister through effective to long. Under the house rule "
         "`range_cap` (off by default) no battery's long range may pass the cap (80 cm: 81 cm is out).",
         wrong="ranges: {canister: 20, effective: 15, long: 60}",
         right="ranges: {canister: 15, effective: 40, long: 80}")
register("NA-how-a", "Howitzer batteries", "Howitzer batteries are formed before play only, and the "
         "howitzers (or mortars) of a gun battery never fire apart from its guns (NA-how-a). Either a battery "
         "of howitzers alone has `formed_turn` other than 0, or a fire-plan entry asks part of a battery "
         "holding guns and howitzers to fire alone.",
         wrong="- {id: howitzers, howitzers: 4, formed_turn: 3, ...}\n"
         "fire_plan:\n  - {battery: foot-12pdr, turn: 1, target: church, pieces: howitzers}",
         right="- {id: howitzers, howitzers: 4, ...}\n"
         "fire_plan:\n  - {battery: foot-12pdr, turn: 1, target: church}")

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


def _objects(scenario: NapoleonicScenario) -> dict[str, Any]:
    found: dict[str, Any] = scenario.derived("objects", lambda: {
        **{t.id: t for t in scenario.table.terrain}, **{u.id: u for u in scenario.units},
        **{b.id: b for b in scenario.batteries}})
    return found


def _where(scenario: NapoleonicScenario, object_id: str, *child: str) -> Source:
    item = _objects(scenario).get(object_id)
    where = getattr(item, "source", None) or scenario.source or NOWHERE
    return where.child(*child) if item is not None else where


def _entry_key(entry: Any) -> Any:
    """Fire-plan entries made from one YAML entry (``turns: [...]``) share a source: report them once."""
    return entry.source if entry.source is not None else entry


def _positioned(scenario: NapoleonicScenario, findings: list[Finding], ctx: CheckContext,
                child: str = "at") -> Iterator[Diagnostic]:
    for finding in findings:
        where = _where(scenario, finding.object_id, child)
        yield ctx.at(finding.code, finding.message, where, HINTS.get(finding.code, ""))


@check("napoleonic", Table, "GEO025", "GEO026")
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


@check("napoleonic", NapoleonicScenario, "GEO020")
def everything_on_the_table(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    yield from _positioned(scenario, engine.check_on_table(scenario, tables_of(scenario)), ctx)


@check("napoleonic", NapoleonicScenario, "GEO021")
def units_do_not_overlap(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    yield from _positioned(scenario, engine.check_overlaps(scenario, tables_of(scenario)), ctx)


@check("napoleonic", NapoleonicScenario, "GEO022")
def nobody_in_a_building(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    if _valid_polygons(scenario.table):  # GEO025 has said what is wrong with the others
        yield from _positioned(scenario, engine.check_buildings(scenario, tables_of(scenario)), ctx)


@check("napoleonic", NapoleonicScenario, "NA-rocket", "NA-pen-a")
def batteries_are_sound(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """NA-rocket (rockets stand alone) and NA-pen-a (ranges), at the battery's pieces or ranges."""
    for finding in engine.check_batteries(scenario, tables_of(scenario)):
        if finding.code == "NA-rocket":
            where = _where(scenario, finding.object_id, "rockets")
            yield ctx.at("NA-rocket", finding.message, where, "put the guns and howitzers in a battery of their own")
        elif finding.code == "NA-pen-a":
            yield ctx.at("NA-pen-a", finding.message, _where(scenario, finding.object_id, "ranges"), HINTS["NA-pen-a"])


@check("napoleonic", NapoleonicScenario, "GEO023", "GEO024", "NA-rocket")
def planned_targets_in_sight_and_range(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """Each fire-plan entry's target is seen and reached from its battery at the start of play."""
    if not _valid_polygons(scenario.table):
        return
    tables = tables_of(scenario)
    shapes = {u.id: unit_footprint(u) for u in scenario.units}
    batteries = {b.id: b for b in scenario.batteries}
    seen: set[Any] = set()
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


@check("napoleonic", NapoleonicScenario, "NA-how-a")
def howitzers_formed_before_play(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """NA-how-a, at the battery's ``formed_turn`` or at the entry's ``pieces``."""
    for battery in scenario.batteries:
        for finding in howitzer_battery_formed(battery):
            yield ctx.at("NA-how-a", finding.message, _where(scenario, battery.id, "formed_turn"),
                         "form the howitzer battery before play (formed_turn: 0), or give it guns")
    batteries = {b.id: b for b in scenario.batteries}
    reported: set[Any] = set()
    for entry in scenario.fire_plan:
        if entry.battery not in batteries or _entry_key(entry) in reported:
            continue
        for finding in pieces_fire_together(entry, batteries[entry.battery]):
            reported.add(_entry_key(entry))
            yield ctx.at("NA-how-a", finding.message, (entry.source or NOWHERE).child("pieces"),
                         "leave out `pieces:`: the whole battery fires together")


register("SID201", "Side with nothing on the table", "A side has no unit and no battery, so it takes part in "
         "nothing: it fires no shot and offers no target, and the game is scored as if it were not there. Usually "
         "its units were given the other side's id.",
         wrong="sides: [{id: france}, {id: allies}]\nunits:\n  - {id: foy-column, side: france, ...}\n"
               "batteries:\n  - {id: french-guns, side: france, ...}",
         right="units:\n  - {id: foy-column, side: france, ...}\n  - {id: nassau-battalion, side: allies, ...}",
         severity=Severity.WARNING)


@check("napoleonic", NapoleonicScenario, "SID201")
def sides_on_the_table(scenario: NapoleonicScenario, ctx: CheckContext) -> Iterator[Diagnostic]:
    """SID201: every side has a unit or a battery on the table."""
    present = {unit.side for unit in scenario.units} | {battery.side for battery in scenario.batteries}
    home = scenario.source if isinstance(scenario.source, Source) else NOWHERE
    for i, side in enumerate(scenario.sides):
        if side.id not in present:
            yield ctx.at("SID201", f"side '{side.id}' has no unit and no battery: it takes part in nothing",
                         home.child("sides", i, "id"), "give it units or batteries (their `side:` is its id)",
                         severity=Severity.WARNING)
