"""Build napoleonic tables and scenarios, checking references (REF codes) on the way.

A scenario is built only when every id it uses resolves (its table, the sides of its units and batteries,
the batteries and targets of its fire plan) and every id is unique;
``documents.scenario_from_documents`` then makes the model, with each object's ``source`` pointing at the
author's line. Mistakes that leave the model whole (a planned turn past the end, fire at one's own unit) are
reported here too, but the scenario is still built, so that the geometry checks run on it as well.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from admiralty.contract import ScenarioModel
from admiralty.engine.model.common import Source
from admiralty.rulesets.napoleonic.engine.model import NapoleonicScenario, Table
from admiralty.rulesets.napoleonic.engine.tables import Tables, check_tables, load_tables, merge
from admiralty.rulesets.napoleonic.engine.targets import TARGET_TERRAIN
from admiralty.rulesets.napoleonic.validator.documents import scenario_from_documents, table_from_document
from admiralty.validator import schema
from admiralty.validator.build import BuildContext, Built, Loaded, content_hash, source
from admiralty.validator.diagnostics import Severity
from admiralty.validator.load import Document, PathPart

RULESET = "napoleonic"


def build(items: list[Loaded], ctx: BuildContext) -> Built:
    """The napoleonic tables and the scenarios that resolve; diagnostics go to ``ctx``."""
    by_kind: dict[str, dict[str, Loaded]] = {"table": {}, "scenario": {}}
    for item in items:
        if item.kind not in by_kind:
            continue  # the house tables file is data for the engine, not part of a corpus
        seen = by_kind[item.kind]
        if item.id in seen:
            ctx.report("REF001", f"{item.kind} id '{item.id}' is also defined in {seen[item.id].doc.file}",
                       item.doc, ("id",), "give each document its own id")
            continue
        seen[item.id] = item
    tables: dict[str, Table] = {}
    flawed: set[str] = set()
    for table_id, item in sorted(by_kind["table"].items()):
        tables[table_id] = build_table(item.doc)
        if _duplicate_terrain(item.doc, ctx):
            flawed.add(table_id)
    scenarios: list[ScenarioModel] = []
    for item in by_kind["scenario"].values():
        table_item = by_kind["table"].get(item.doc.data["table"])
        scenario = build_scenario(item.doc, table_item.doc if table_item else None, tables, flawed, ctx)
        if scenario is not None:
            scenarios.append(scenario)
    return Built(scenarios, list(tables.values()))


def locator(scenario_doc: Document, table_doc: Document | None = None) -> Callable[..., Source]:
    """The ``locate`` function the engine's builders call: a ``Source`` in the right document."""

    def locate(document: str, *path: PathPart) -> Source:
        doc = table_doc if document == "table" and table_doc is not None else scenario_doc
        return source(doc, *path)

    return locate


def build_table(doc: Document) -> Table:
    """A table document as the engine's ``Table``, every terrain piece knowing its line."""
    return table_from_document(doc.data, locator(doc, doc))


def _duplicate_terrain(doc: Document, ctx: BuildContext) -> bool:
    first: dict[str, int] = {}
    found = False
    for i, piece in enumerate(doc.data.get("terrain", [])):
        if piece["id"] in first:
            found = True
            line = doc.locate(("terrain", first[piece["id"]], "id")).line
            ctx.report("REF001", f"terrain id '{piece['id']}' is used twice", doc, ("terrain", i, "id"),
                       f"the first is at line {line}; rename one")
        first.setdefault(piece["id"], i)
    return found


def build_scenario(doc: Document, table_doc: Document | None, tables: dict[str, Table], flawed: set[str],
                   ctx: BuildContext) -> NapoleonicScenario | None:
    data = doc.data
    table_id = data["table"]
    if table_doc is None or table_id in flawed:
        if (RULESET, "table", table_id) in ctx.broken or table_id in flawed:
            ctx.report("REF010", f"table '{table_id}' has errors; the scenario was not checked further", doc,
                       ("table",), "fix the table first", severity=Severity.INFO)
        else:
            ctx.unknown("REF020", "table", table_id, tables, doc, ("table",))
        return None
    refs = _References(doc, ctx, table_doc)
    refs.check_ids()
    refs.check_sides()
    refs.check_fire_plan()
    house = house_tables(doc, ctx)
    if refs.failed or house is None:
        return None
    scenario = scenario_from_documents(data, table_doc.data, house, locator(doc, table_doc))
    return dataclasses.replace(scenario, table=tables[table_id], content_hash=content_hash([doc, table_doc]))


def house_tables(doc: Document, ctx: BuildContext) -> Tables | None:
    """The house tables with the scenario's overrides merged in; ``None`` (after SCH020 diagnostics) when
    the merged tables no longer fit the tables schema or the rules' limits."""
    overrides = doc.data.get("rules", {}).get("tables", {})
    if not overrides:
        return load_tables()
    at: tuple[PathPart, ...] = ("rules", "tables")
    merged = merge(load_tables(), overrides)
    errors = []
    if not schema.fast_is_valid(RULESET, "tables", merged):  # the Python validator only to describe a finding
        validator = schema.validator_for(RULESET, "tables")
        assert validator is not None
        errors = sorted(validator.iter_errors(merged), key=lambda e: [str(p) for p in e.absolute_path])
    for error in errors:
        ctx.report("SCH020", f"rules.tables: {error.message}", doc, (*at, *error.absolute_path),
                   "the house tables with this override no longer fit; see the tables file for the shape")
    if errors:
        return None
    try:
        check_tables(merged)
    except ValueError as error:
        ctx.report("SCH020", f"rules.tables: {error}", doc, at, "see the tables file for the allowed values")
        return None
    return merged


class _References:
    """Resolves and checks the ids of one scenario; remembers whether any failed to resolve."""

    def __init__(self, doc: Document, ctx: BuildContext, table_doc: Document) -> None:
        self.doc, self.ctx, self.data = doc, ctx, doc.data
        self.failed = False
        self.terrain = {t["id"]: t for t in table_doc.data.get("terrain", [])}
        self.table = str(table_doc.data["id"])
        self.units = {u["id"]: u for u in self.data["units"]}
        self.batteries = {b["id"]: b for b in self.data["batteries"]}
        self.sides = [s["id"] for s in self.data["sides"]]

    def _error(self, code: str, message: str, path: tuple[PathPart, ...], hint: str) -> None:
        self.ctx.report(code, message, self.doc, path, hint)

    def check_ids(self) -> None:
        """REF001: sides, and units and batteries together, have unique ids that no terrain piece shares
        (a fire-plan target names either)."""
        first: dict[str, tuple[PathPart, ...]] = {}
        for i, side in enumerate(self.data["sides"]):
            if side["id"] in first:
                self.failed = True
                self._error("REF001", f"side id '{side['id']}' is used twice", ("sides", i, "id"), "rename one")
            first.setdefault(side["id"], ("sides", i, "id"))
        first.clear()
        for key in ("units", "batteries"):
            for i, entry in enumerate(self.data[key]):
                path: tuple[PathPart, ...] = (key, i, "id")
                if entry["id"] in first:
                    self.failed = True
                    line = self.doc.locate(first[entry["id"]]).line
                    self._error("REF001", f"id '{entry['id']}' is used twice", path,
                                f"the first is at line {line}; units and batteries need ids of their own")
                elif entry["id"] in self.terrain:
                    self.failed = True
                    self._error("REF001", f"id '{entry['id']}' is also a terrain piece of the table", path,
                                "rename the unit or battery: a fire-plan target must say which one it means")
                first.setdefault(entry["id"], path)

    def check_sides(self) -> None:
        """REF009: every unit and battery fights for one of the scenario's two sides."""
        for key in ("units", "batteries"):
            for i, entry in enumerate(self.data[key]):
                if entry["side"] not in self.sides:
                    self.failed = True
                    self.ctx.unknown("REF009", "side", entry["side"], self.sides, self.doc, (key, i, "side"))

    def check_fire_plan(self) -> None:
        """REF021/REF022 (unknown ids), REF023 (turns), REF024/REF025 (what may be fired at), REF001 (a
        battery planned twice on one turn)."""
        count = int(self.data["turns"]["count"])
        planned: dict[tuple[str, int], int] = {}
        for i, entry in enumerate(self.data.get("fire_plan", [])):
            at: tuple[PathPart, ...] = ("fire_plan", i)
            battery = self.batteries.get(entry["battery"])
            if battery is None:
                self.failed = True
                self.ctx.unknown("REF021", "battery", entry["battery"], self.batteries, self.doc, (*at, "battery"))
            self._target(entry["target"], battery, (*at, "target"))
            turns = [(entry["turn"], (*at, "turn"))] if "turn" in entry else [
                (turn, (*at, "turns", j)) for j, turn in enumerate(entry["turns"])]
            for turn, where in turns:
                if turn > count:
                    self._error("REF023", f"turn {turn} is after the last turn, {count}", where,
                                f"plan turns 1 to {count}, or raise turns.count")
                key = (entry["battery"], turn)
                if key in planned:
                    line = self.doc.locate(("fire_plan", planned[key])).line
                    self._error("REF001", f"battery '{entry['battery']}' is already planned to fire on turn {turn}",
                                where, f"a battery fires once a turn; the other entry is at line {line}")
                planned.setdefault(key, i)

    def _target(self, target: str, battery: Mapping[str, object] | None, path: tuple[PathPart, ...]) -> None:
        if target in self.units:
            unit = self.units[target]
            if battery is not None and unit["side"] == battery["side"]:
                self._error("REF024", f"'{battery['id']}' would fire at '{target}', a unit of its own side",
                            path, "plan an enemy unit, or a building or built-up area")
        elif target in self.terrain:
            kind = self.terrain[target]["kind"]
            if kind not in TARGET_TERRAIN:
                self._error("REF025", f"terrain '{target}' is {kind} ground, not a building or built-up area",
                            path, "plan a unit standing in it instead")
        else:
            self.failed = True
            enemies = [u for u, unit in self.units.items() if battery is None or unit["side"] != battery["side"]]
            burnable = [t for t, piece in self.terrain.items() if piece["kind"] in TARGET_TERRAIN]
            if target in self.batteries:
                self._error("REF022", f"'{target}' is a battery, and batteries are never fire-plan targets",
                            path, "a target is an enemy unit, or a building or built-up area of the table: "
                            + ", ".join(sorted(enemies + burnable)[:12]))
                return
            # the table's terrain, where its buildings are: perhaps a used corpus's file (issue 37, item 3)
            listed = self.ctx.related((RULESET, "table", self.table), ("terrain",), f"the terrain of table "
                                      f"'{self.table}'", key=True)
            self.ctx.unknown("REF022", "fire-plan target", target, [*self.units, *burnable], self.doc, path,
                             allowed="a target is an enemy unit, or a building or built-up area of the table "
                                     "(never a battery)", related=listed)
