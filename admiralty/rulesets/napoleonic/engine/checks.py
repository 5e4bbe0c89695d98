"""Scenario checks: pure functions over the model that return findings ``(code, message, object id)``.

Each finding carries the registered diagnostic code the validator reports (the validator owns the codes'
explanations and turns a finding into a positioned diagnostic at the object's line; references are the
validator's builder's and the schema's business, so none is checked here). Pairwise work goes through a
shapely ``STRtree``.

* ``GEO020``: a unit's footprint or a battery's point is not on the table;
* ``GEO021``: two units' footprints overlap (touching is fine);
* ``GEO022``: a unit or battery stands in a building;
* ``GEO023`` / ``GEO024``: a gun or howitzer battery cannot see / reach a planned target
  (``check_planned_target`` answers for one entry: the validator points at that entry);
* ``NA-rocket``: a rocket battery that cannot see or reach its planned target, or that also holds guns;
* ``NA-pen-a``: a battery whose bands do not rise to its long range, or (house ``range_cap`` on) whose long
  range is past the cap;
* ``NA-how-a``: a howitzer battery formed during play, or part of a gun battery planned to fire alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from shapely import STRtree
from shapely.geometry import Point, Polygon, box

from .geometry import EPSILON, terrain_shape, unit_footprint
from .howitzers import battery_kind, check_howitzer_batteries
from .model import Battery, Finding, NapoleonicScenario
from .tables import Tables, load_tables, typed_tables
from .targets import describe

# The registered codes of the validator's diagnostics, which these findings become.
OFF_TABLE, OVERLAP, IN_BUILDING, NO_SIGHT, OUT_OF_RANGE = "GEO020", "GEO021", "GEO022", "GEO023", "GEO024"


def check_on_table(scenario: NapoleonicScenario, tables: Tables | None = None) -> list[Finding]:
    """Every unit's footprint and every battery lies wholly on the table."""
    width, depth = scenario.table.size
    table = box(0.0, 0.0, width, depth).buffer(EPSILON)
    findings = [
        Finding(OFF_TABLE, f"unit {u.id!r} is not wholly on the {width:g} x {depth:g} cm table", u.id)
        for u in scenario.units
        if not table.contains(unit_footprint(u))
    ]
    findings += [
        Finding(OFF_TABLE, f"battery {b.id!r} is not on the table", b.id)
        for b in scenario.batteries
        if not table.contains(Point(b.at))
    ]
    return findings


def check_overlaps(scenario: NapoleonicScenario, tables: Tables | None = None) -> list[Finding]:
    """No two units' footprints overlap (an STRtree finds the candidate pairs)."""
    shapes = [unit_footprint(u) for u in scenario.units]
    tree = STRtree(shapes)
    findings: list[Finding] = []
    for i, shape in enumerate(shapes):
        for j in sorted(int(k) for k in tree.query(shape, predicate="intersects")):
            if j > i and shape.intersection(shapes[j]).area > EPSILON:
                a, b = scenario.units[i].id, scenario.units[j].id
                findings.append(Finding(OVERLAP, f"units {a!r} and {b!r} overlap", b))
    return findings


def check_buildings(scenario: NapoleonicScenario, tables: Tables | None = None) -> list[Finding]:
    """No unit or battery stands in a building (built-up areas may be held; buildings may not)."""
    pieces = [t for t in scenario.table.terrain if t.kind == "building"]
    if not pieces:
        return []
    shapes: list[Polygon] = [terrain_shape(t) for t in pieces]
    tree = STRtree(shapes)
    findings: list[Finding] = []
    for unit in scenario.units:
        footprint = unit_footprint(unit)
        for k in sorted(int(i) for i in tree.query(footprint, predicate="intersects")):
            if footprint.intersection(shapes[k]).area > EPSILON:
                findings.append(Finding(IN_BUILDING, f"unit {unit.id!r} stands in building {pieces[k].id!r}",
                                        unit.id))
    for battery in scenario.batteries:
        for k in sorted(int(i) for i in tree.query(Point(battery.at), predicate="within")):
            findings.append(Finding(IN_BUILDING, f"battery {battery.id!r} stands in building "
                                    f"{pieces[k].id!r}", battery.id))
    return findings


def check_batteries(scenario: NapoleonicScenario, tables: Tables) -> list[Finding]:
    """Ranges in order (and within the house cap, when it is on); rockets stand alone."""
    findings: list[Finding] = []
    maximum = typed_tables(tables).range_cap
    for b in scenario.batteries:
        if b.rockets and (b.guns or b.howitzers):
            findings.append(Finding("NA-rocket", f"battery {b.id!r} mixes rockets with guns or howitzers", b.id))
        r = b.ranges
        if maximum is not None and r.long > maximum + EPSILON:
            findings.append(Finding("NA-pen-a", f"battery {b.id!r}: long range {r.long:g} cm is past the "
                                    f"{maximum:g} cm cap (house rule range_cap)", b.id))
        if not 0 < r.canister <= r.effective <= r.long:
            findings.append(Finding("NA-pen-a", f"battery {b.id!r}: ranges must rise canister <= effective <= long",
                                    b.id))
    return findings


def check_planned_target(
    scenario: NapoleonicScenario, battery: Battery, target_id: str, shapes: Mapping[str, Polygon], tables: Tables
) -> list[Finding]:
    """One fire-plan target of ``battery``: in sight and in range at the start of play (``shapes``: the
    units' footprints by id). An id that is neither a unit nor terrain is ``check_references``' business."""
    target = describe(scenario, battery, target_id, shapes, typed_tables(tables))
    if target is None:
        return []
    no_sight, no_range = target_codes(battery)
    findings: list[Finding] = []
    if not target.visible:
        findings.append(Finding(no_sight, f"battery {battery.id!r} cannot see its planned target {target_id!r}",
                                battery.id))
    if not target.in_range:
        findings.append(Finding(no_range, f"battery {battery.id!r}: planned target {target_id!r} is "
                                f"{target.distance:g} cm away, out of range", battery.id))
    return findings


def target_codes(battery: Battery) -> tuple[str, str]:
    """The codes of a planned target ``battery`` cannot see and of one it cannot reach: NA-rocket for both with a
    rocket battery (its own rule), GEO023 and GEO024 otherwise."""
    return ("NA-rocket", "NA-rocket") if battery_kind(battery) == "rocket" else (NO_SIGHT, OUT_OF_RANGE)


def check_fire_plan_sight(scenario: NapoleonicScenario, tables: Tables) -> list[Finding]:
    """Each planned target is in range and in sight of its battery at the start of play."""
    batteries = {b.id: b for b in scenario.batteries}
    shapes = {u.id: unit_footprint(u) for u in scenario.units}
    findings: list[Finding] = []
    seen: set[tuple[str, str]] = set()
    for entry in scenario.fire_plan:
        battery = batteries.get(entry.battery)
        if battery is None or (entry.battery, entry.target) in seen:
            continue
        seen.add((entry.battery, entry.target))
        findings += check_planned_target(scenario, battery, entry.target, shapes, tables)
    return findings


def check_howitzers(scenario: NapoleonicScenario, tables: Tables | None = None) -> list[Finding]:
    """NA-how-a (see ``howitzers.check_howitzer_batteries``)."""
    return list(check_howitzer_batteries(scenario))


Check = Callable[[NapoleonicScenario, Tables], Iterable[Finding]]

# Named, so that a caller can report a check that raised by its name.
CHECKS: tuple[tuple[str, Check], ...] = (
    ("on-table", check_on_table),
    ("overlaps", check_overlaps),
    ("buildings", check_buildings),
    ("batteries", check_batteries),
    ("fire-plan-sight", check_fire_plan_sight),
    ("howitzers", check_howitzers),
)


def check_scenario(scenario: NapoleonicScenario, tables: Tables | None = None) -> list[Finding]:
    """All the checks above, in order."""
    tables = tables or load_tables(scenario.rules.get("tables"))
    findings: list[Finding] = []
    for _name, check in CHECKS:
        findings.extend(check(scenario, tables))
    return findings
