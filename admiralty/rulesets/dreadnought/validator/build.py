"""Build dreadnought maps, catalogs and scenarios, checking references (REF codes) on the way."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Mapping, Sequence

from admiralty.contract import ScenarioModel
from admiralty.engine.model.common import Smoke
from admiralty.rulesets.dreadnought.engine.model import (
    ORDER_KEYWORDS,
    Catalog,
    Fleet,
    Minefield,
    Order,
    Rules,
    Scenario,
    SeaMap,
    Ship,
    Side,
    Victory,
    VictoryCondition,
    normalise_zone_id,
)
from admiralty.rulesets.dreadnought.engine.tables import TablesError, base_tables, merged_tables
from admiralty.rulesets.dreadnought.validator import geometry
from admiralty.rulesets.dreadnought.validator.catalogs import build_catalogs
from admiralty.rulesets.dreadnought.validator.codes import MAX_COORDINATE, MAX_GRID_CELLS, MAX_ORIGIN_IN_CELLS
from admiralty.rulesets.dreadnought.validator.documents import (
    FleetDocument,
    RulesDocument,
    SideDocument,
    VictoryDocument,
)
from admiralty.rulesets.dreadnought.validator.features import build_features
from admiralty.rulesets.dreadnought.validator.map_build import build_map
from admiralty.rulesets.dreadnought.validator.place_hints import (
    case_slip,
    land_cell,
    land_cell_hint,
    off_grid,
    off_grid_hint,
)
from admiralty.validator.build import BuildContext, Built, Loaded, content_hash, source
from admiralty.validator.diagnostics import Related, Severity, did_you_mean
from admiralty.validator.load import Document, PathPart

_ZONE = re.compile(r"^[A-Z]{1,3} ?[0-9]{1,4}$")


def build(items: list[Loaded], ctx: BuildContext) -> Built:
    by_kind: dict[str, dict[str, Loaded]] = {"map": {}, "ships": {}, "scenario": {}}
    for item in items:
        if item.kind not in by_kind:
            continue
        seen = by_kind[item.kind]
        if item.id in seen:
            first = seen[item.id].doc.file
            ctx.report("REF001", f"{item.kind} id '{item.id}' is also defined in {first}", item.doc, ("id",),
                       "give each document its own id")
            continue
        seen[item.id] = item
    built_maps = {map_id: ctx.memo(item.doc, "map", functools.partial(build_map, item.doc, ctx))  # once per content
                  for map_id, item in sorted(by_kind["map"].items()) if grid_fits(item.doc, ctx)}
    maps = {map_id: sea_map for map_id, sea_map in built_maps.items() if sea_map is not None}  # None: GRA007
    catalogs = build_catalogs(by_kind["ships"], ctx)
    scenarios: list[ScenarioModel] = []
    for item in by_kind["scenario"].values():
        scenario = build_scenario(item.doc, maps, catalogs, ctx)
        if scenario is not None:
            docs = [item.doc, by_kind["map"][scenario.map.id].doc]
            docs += [by_kind["ships"][catalog.id].doc for catalog in scenario.catalogs]
            scenarios.append(dataclasses.replace(scenario, content_hash=content_hash(docs)))
    return Built(scenarios, [*maps.values(), *catalogs.values()])


# --- maps ------------------------------------------------------------------------------------------


def grid_fits(doc: Document, ctx: BuildContext) -> bool:
    """GRA005 and GRA006 (see :func:`grid_problem`): a grid that fails them is reported at its key and the
    map is then treated as broken, its scenarios not checked further."""
    problem = grid_problem(doc.data["grid"])
    if problem is None:
        return True
    code, message, hint = problem
    ctx.report(code, message, doc, ("grid",), hint, key=True)
    ctx.broken.add(("dreadnought", "map", doc.data["id"]))
    return False


def grid_problem(grid: geometry.GridDocument) -> tuple[str, str, str] | None:
    """``(code, message, hint)`` when a grid (as written, schema-valid) is empty or too large (GRA005: at most
    ``MAX_GRID_CELLS`` cells, since the geometry work grows with them and a hostile ``rows: [A, ZZZ],
    columns: [0, 9999]`` has 180 million) or out of numeric range (GRA006); else None. ``map from-geojson``
    asks the same of the grid it is given."""
    rows = max(0, geometry.label_index(grid["rows"][1]) - geometry.label_index(grid["rows"][0]) + 1)
    columns = max(0, grid["columns"][1] - grid["columns"][0] + 1)
    if not rows or not columns:  # a hypothesis finding: the geometry of a grid of no cells has no outline
        which, (first, last) = ("rows", grid["rows"]) if not rows else ("columns", grid["columns"])
        return ("GRA005", f"the grid has no cells: its {which} run backwards, from {first} to {last}",
                f"write the first {which[:-1]} first: {which}: [{last}, {first}]")
    if rows * columns > MAX_GRID_CELLS:
        return ("GRA005", f"the grid has {rows:,} rows and {columns:,} columns: {rows * columns:,} cells, over the "
                f"bound of {MAX_GRID_CELLS:,}", "use fewer, larger cells")
    if (problem := _grid_out_of_range(float(grid["cell"]), [float(v) for v in grid.get("origin", (0, 0))])):
        return ("GRA006", problem, "draw the map in units where the origin is near (0, 0) and a cell is a few "
                "units or more (the bundled maps: cell: 10, origin: [0, 0])")
    return None


def _grid_out_of_range(cell: float, origin: list[float]) -> str | None:
    """GRA006: what puts the grid out of the range where floating point keeps its cells apart, if anything."""
    far = max((abs(v) for v in origin), default=0.0)
    if cell > MAX_COORDINATE or far > MAX_COORDINATE:
        return f"the grid's cell ({cell:g}) or origin ({far:g} from 0) is beyond {MAX_COORDINATE:g}"
    if far > cell * MAX_ORIGIN_IN_CELLS:
        return (f"the grid's origin is {far / cell:.3g} cells from (0, 0) (cell {cell:g}): over "
                f"{MAX_ORIGIN_IN_CELLS:g}, the cells round into each other")
    return None


# --- scenarios -------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def parse_order(text: str) -> Order:
    """Parse one written order (the schema has checked its form); orders repeat, so parses are cached."""
    word = text.strip()
    if word in ORDER_KEYWORDS:
        return Order(word, text=text)
    if word.startswith("convoy "):
        return Order("convoy", target=word.split(" ", 1)[1].strip(), text=text)
    parts = [p.strip() for p in word.split("/")]
    if all(_ZONE.match(p) for p in parts):
        return Order("move", zones=tuple(normalise_zone_id(p) for p in parts), text=text)
    return Order("port", target=word, text=text)


def build_scenario(doc: Document, maps: dict[str, SeaMap], catalogs: dict[str, Catalog],
                   ctx: BuildContext) -> Scenario | None:
    data = doc.data
    sea_map = _scenario_map(doc, maps, ctx)
    if sea_map is None:
        return None
    used, complete = _scenario_catalogs(doc, catalogs, ctx)
    ships = _ships_of(used, doc, ctx)
    refs = _References(doc, ctx, sea_map, ships, complete)
    sides = tuple(refs.side(i, side) for i, side in enumerate(data["sides"]))
    refs.check_fleet_links(sides)
    side_ids = [s.id for s in sides]
    minefields = _minefields(doc, refs, side_ids)
    features, features_sound = build_features(data.get("features", []), sea_map, doc, ctx)
    refs.failed = refs.failed or not features_sound
    rules = refs.rules(data.get("rules", {}))
    victory = refs.victory(data["victory"], side_ids)
    smoke_data = data.get("smoke", {})
    smoke = Smoke(smoke_data.get("games", 50), tuple(smoke_data["balance"]) if "balance" in smoke_data else None,
                  tuple(smoke_data.get("players", ("scripted", "random"))))
    if refs.failed or not complete:
        return None
    turns = data["turns"]
    weather = data.get("weather", "random")
    return Scenario(
        data["id"], data["title"], data.get("date", ""), sea_map, tuple(used), (ships),
        turns["count"], frozenset(turns.get("night", [])), None if weather == "random" else tuple(weather),
        sides, tuple(minefields), rules, victory, smoke, data.get("briefing", ""), tuple(data.get("sources", [])),
        "", source(doc), outcome=data.get("outcome", ""), features=features,
    )


def _scenario_map(doc: Document, maps: dict[str, SeaMap], ctx: BuildContext) -> SeaMap | None:
    """The scenario's map; else REF010 (the map has errors) or REF003 (no such map)."""
    map_id = doc.data["map"]
    sea_map = maps.get(map_id)
    if sea_map is None:
        if ("dreadnought", "map", map_id) in ctx.broken:
            ctx.report("REF010", f"map '{map_id}' has errors; the scenario was not checked further", doc,
                       ("map",), "fix the map first", severity=Severity.INFO)
        else:
            ctx.unknown("REF003", "map", map_id, maps, doc, ("map",))
    return sea_map


def _scenario_catalogs(doc: Document, catalogs: dict[str, Catalog], ctx: BuildContext) -> tuple[list[Catalog], bool]:
    """The ship catalogs the scenario names, and whether every one was found (else REF010 or REF004)."""
    used: list[Catalog] = []
    complete = True
    for i, cat_id in enumerate(doc.data["catalogs"]):
        if cat_id in catalogs:
            used.append(catalogs[cat_id])
        elif ("dreadnought", "ships", cat_id) in ctx.broken:
            ctx.report("REF010", f"catalog '{cat_id}' has errors; the scenario was not checked further", doc,
                       ("catalogs", i), "fix the catalog first", severity=Severity.INFO)
            complete = False
        else:
            ctx.unknown("REF004", "catalog", cat_id, catalogs, doc, ("catalogs", i))
            complete = False
    return used, complete


def _ships_of(used: list[Catalog], doc: Document, ctx: BuildContext) -> dict[str, Ship]:
    """The ships of the catalogs by name, the first catalog's where two have one (REF001)."""
    ships: dict[str, Ship] = {}
    for catalog in used:
        for name, ship in catalog.ships.items():
            if name in ships:
                ctx.report("REF001", f"ship '{name}' is in catalogs '{ships[name].catalog}' and '{catalog.id}'", doc,
                           ("catalogs",), "rename one of the ships or use only one of the catalogs")
            ships.setdefault(name, ship)
    return ships


def _minefields(doc: Document, refs: _References, side_ids: list[str]) -> list[Minefield]:
    minefields = []
    for i, entry in enumerate(doc.data.get("minefields", [])):
        a, b = (normalise_zone_id(z) for z in entry["between"])
        for j, zone_id in enumerate((a, b)):
            refs.zone(zone_id, ("minefields", i, "between", j))
        refs.side_id(entry["owner"], side_ids, ("minefields", i, "owner"))
        minefields.append(Minefield((a, b), entry["owner"], entry.get("strength", 1), source(doc, "minefields", i)))
    return minefields


class _References:
    """Resolves and checks the references of one scenario; remembers whether any failed."""

    def __init__(self, doc: Document, ctx: BuildContext, sea_map: SeaMap, ships: dict[str, Ship],
                 catalogs_complete: bool) -> None:
        self.doc, self.ctx, self.map, self.ships = doc, ctx, sea_map, ships
        self.catalogs_complete = catalogs_complete
        self.failed = False
        self.fleet_ids: dict[str, tuple[PathPart, ...]] = {}
        self.ship_owner: dict[str, tuple[PathPart, ...]] = {}

    def _unknown(self, code: str, what: str, name: str, known: Iterable[str], path: tuple[PathPart, ...],
                 related: tuple[Related, ...] = ()) -> None:
        self.failed = True
        self.ctx.unknown(code, what, name, known, self.doc, path, related=related)

    def _on_map(self, key: str) -> tuple[Related, ...]:
        """The map's ``zones:`` or ``ports:`` as an unknown zone's or port's related place (in a used corpus's
        file, the only way to it from the scenario: issue 37, item 3)."""
        return self.ctx.related(("dreadnought", "map", self.map.id), (key,), f"the {key} of map '{self.map.id}'",
                                key=True)

    def zone(self, zone_id: str, path: tuple[PathPart, ...]) -> None:
        """A zone the scenario names must be a sea zone of the map; a land cell is said to be land."""
        if zone_id in self.map.zones:
            return
        nearest = land_cell(self.map, zone_id)
        if nearest is None:
            outside = off_grid(self.map, zone_id)
            if outside is None:
                self._unknown("REF008", "zone", zone_id, self.map.zones, path, self._on_map("zones"))
            else:
                self.failed = True
                self.ctx.report("REF008", f"unknown zone '{zone_id}'", self.doc, path, off_grid_hint(self.map, outside),
                                related=self._on_map("zones"))
            return
        self.failed = True
        self.ctx.report("REF008", f"'{zone_id}' is a land cell of map '{self.map.id}', not a sea zone", self.doc,
                        path, land_cell_hint(nearest), related=self._on_map("zones"))

    def place(self, text: str, path: tuple[PathPart, ...]) -> str:
        """A zone code or a port id; a port-like word is compared with ports only."""
        if _ZONE.match(text):
            zone_id = normalise_zone_id(text)
            self.zone(zone_id, path)
            return zone_id
        if text in self.map.ports:
            return text
        meant = case_slip(self.map, text)
        if meant is None:
            self._unknown("REF008", "port", text, self.map.ports, path, self._on_map("ports"))
            return text
        self.failed = True
        kind = "zone" if meant in self.map.zones else "port"
        self.ctx.report("REF008", f"unknown port or zone '{text}'", self.doc, path,
                        f"did you mean the {kind} '{meant}'? ids are case-sensitive", related=self._on_map(f"{kind}s"))
        return text

    def ship(self, name: str, path: tuple[PathPart, ...]) -> None:
        if name not in self.ships and self.catalogs_complete:
            lists = tuple(place for catalog in dict.fromkeys(self.doc.data["catalogs"]) for place in self.ctx.related(
                ("dreadnought", "ships", catalog), ("ships",), f"the ships of catalog '{catalog}'", key=True))
            self._unknown("REF005", "ship", name, self.ships, path, lists)

    def side_id(self, side: str, known: list[str], path: tuple[PathPart, ...]) -> None:
        if side not in known:
            self._unknown("REF009", "side", side, known, path)

    def side(self, index: int, data: SideDocument) -> Side:
        fleets = [self.fleet(data["id"], ("sides", index, "fleets", i), entry, False)
                  for i, entry in enumerate(data.get("fleets", []))]
        fleets += [self.fleet(data["id"], ("sides", index, "colliers", i), entry, True)
                   for i, entry in enumerate(data.get("colliers", []))]
        controls = []
        for i, zone_id in enumerate(data.get("controls", [])):
            zone_id = normalise_zone_id(zone_id)
            self.zone(zone_id, ("sides", index, "controls", i))
            controls.append(zone_id)
        return Side(data["id"], data["name"], tuple(data["nations"]), frozenset(controls), tuple(fleets),
                    data.get("players"), source(self.doc, "sides", index))

    def fleet(self, side: str, at: tuple[PathPart, ...], data: FleetDocument, colliers: bool) -> Fleet:
        if data["id"] in self.fleet_ids:
            self.failed = True
            first = self.doc.locate(self.fleet_ids[data["id"]]).line
            self.ctx.report("REF001", f"fleet id '{data['id']}' is used twice", self.doc, (*at, "id"),
                            f"the first is at line {first}; rename one")
        self.fleet_ids.setdefault(data["id"], at)
        start = self.place(data["start"], (*at, "start"))
        for i, name in enumerate(data["ships"]):
            self.ship(name, (*at, "ships", i))
            if name in self.ship_owner:
                self.failed = True
                first = self.doc.locate(self.ship_owner[name]).line
                self.ctx.report("REF006", f"ship '{name}' is already in another fleet (line {first})", self.doc,
                                (*at, "ships", i), "take it out of one of the fleets")
            self.ship_owner.setdefault(name, (*at, "ships", i))
        orders = []
        for i, text in enumerate(data.get("orders", [])):
            order = parse_order(text)
            where = (*at, "orders", i)
            for zone_id in order.zones:
                self.zone(zone_id, where)
            if order.kind == "port" and order.target is not None:
                self.place(order.target, where)
            orders.append(order)
        return Fleet(data["id"], data.get("name", data["id"]), side, data.get("mission", "transport"), start,
                     tuple(data["ships"]), tuple(orders), data.get("escorts"), colliers, source(self.doc, *at))

    def check_fleet_links(self, sides: Sequence[Side]) -> None:
        known = list(self.fleet_ids)
        for side in sides:
            for fleet in side.fleets:
                at = fleet.source.path
                if fleet.escorts is not None and fleet.escorts not in self.fleet_ids:
                    self._unknown("REF007", "fleet", fleet.escorts, known, (*at, "escorts"))
                for i, order in enumerate(fleet.orders):
                    if order.kind == "convoy" and order.target not in self.fleet_ids:
                        self._unknown("REF007", "fleet", str(order.target), known, fleet.order_source(i).path)

    def rules(self, data: RulesDocument) -> Rules:
        for i, port in enumerate(data.get("refuel_ports", [])):
            self.place(port, ("rules", "refuel_ports", i))
        for key, names in (("minelayers", data.get("minelayers", [])), ("minesweepers", data.get("minesweepers", []))):
            for i, name in enumerate(names):
                self.ship(name, ("rules", key, i))
        refuel = data.get("refuel_ports")
        self.table_overrides(data.get("tables", {}))
        return Rules(
            data.get("raid_fleets", 1), data.get("raid_max_ships", 2), data.get("raid_needs_leader", True),
            data.get("mixed_nationality", False), data.get("abort_at_start", False),
            tuple(refuel) if refuel is not None else None, frozenset(data.get("minelayers", [])),
            frozenset(data.get("minesweepers", [])), data.get("american_colliers_after_1920", False),
            data.get("pursuit_speed_bonus", "literal"), data.get("abort_port", "nearest"),
            dict(data.get("tables", {})), source(self.doc, "rules"))

    def table_overrides(self, overrides: Mapping[str, object]) -> None:
        """SCH020: the house tables with ``rules.tables`` merged in must still fit the tables schema; the
        engine refuses to start a game with them otherwise."""
        at: tuple[PathPart, ...] = ("rules", "tables")
        tables = base_tables()
        names = sorted(name for name, table in tables.items() if isinstance(table, dict))
        for name, entries in overrides.items():
            if name not in names:
                self.failed = True
                self.ctx.report("SCH020", f"rules.tables: there is no house table '{name}'", self.doc, (*at, name),
                                did_you_mean(name, names) or f"the tables are: {', '.join(names)}", key=True)
            elif not isinstance(entries, dict):
                self.failed = True
                self.ctx.report("SCH020", f"rules.tables: the override of '{name}' is not a mapping of its keys",
                                self.doc, (*at, name), f"write {name}: {{key: value, ...}}")
        if self.failed or not overrides:
            return
        try:
            merged_tables(overrides)
        except TablesError as error:
            self.failed = True
            self._tables_no_longer_fit(error, at)

    def _tables_no_longer_fit(self, error: TablesError, at: tuple[PathPart, ...]) -> None:
        """SCH020 at each place the merged tables break their schema (one line of the error each)."""
        for line in str(error).splitlines()[1:] or [str(error)]:
            where, _, message = line.partition(": ")
            path = tuple(int(p) if p.isdigit() else p for p in where.split("/") if p and p != "<root>")
            shown = ".".join(str(p) for p in ("rules.tables", *path))
            self.ctx.report("SCH020", f"{shown}: {message or line}", self.doc, (*at, *path),
                            "the house tables with this override no longer fit; see the tables file for the shape")

    def victory(self, data: VictoryDocument, side_ids: list[str]) -> Victory:
        conditions = []
        for i, entry in enumerate(data["conditions"]):
            at: tuple[PathPart, ...] = ("victory", "conditions", i)
            self.side_id(entry["side"], side_ids, (*at, "side"))
            if "fleet" in entry and entry["fleet"] not in self.fleet_ids:
                self._unknown("REF007", "fleet", entry["fleet"], self.fleet_ids, (*at, "fleet"))
            target = self.place(entry["target"], (*at, "target")) if "target" in entry else None
            for j, name in enumerate(entry.get("ships", [])):
                self.ship(name, (*at, "ships", j))
            conditions.append(VictoryCondition(entry["side"], entry["kind"], entry.get("value", 0), entry.get("fleet"),
                                               target, entry.get("by_turn"), tuple(entry.get("ships", [])),
                                               source(self.doc, *at)))
        otherwise = data.get("otherwise", "draw")
        if otherwise != "draw":
            self.side_id(otherwise, side_ids, ("victory", "otherwise"))
        return Victory(tuple(conditions), otherwise)
