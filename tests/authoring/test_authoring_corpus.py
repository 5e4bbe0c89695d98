"""The dreadnought corpus written with the map builder: catalogs and scenarios that obey the rules.

These are authoring checks on the committed files, walking every written order over the derived zone
graph of the scenario's map; the validator's own checks report the same faults to authors with line numbers.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
import yaml

from admiralty.rulesets.dreadnought.validator.authoring.derive import map_geometry
from admiralty.rulesets.dreadnought.validator.authoring.grid import normalise_zone_id

CORPUS = Path(__file__).resolve().parents[2] / "scenarios" / "dreadnought"
SCENARIOS = sorted((CORPUS / "scenarios").glob("*.yaml"))
FAST = {"2", "2+"}
COMBAT = {"BB", "BC", "B", "CA", "CL", "DD", "TB"}
SUPPLY = {"collier", "tanker"}
MODELINES = {
    "maps": "# yaml-language-server: $schema=../../../schemas/dreadnought/map.schema.json",
    "ships": "# yaml-language-server: $schema=../../../schemas/dreadnought/ships.schema.json",
    "scenarios": "# yaml-language-server: $schema=../../../schemas/dreadnought/scenario.schema.json",
}
VERBS = {"stay", "refuel", "coal", "oil", "abort", "pursuit", "split"}


def load(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return loaded


def catalogs() -> dict[str, dict[str, Any]]:
    return {doc["id"]: doc for doc in map(load, sorted((CORPUS / "ships").glob("*.yaml")))}


def ships_of(scenario: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Ship name -> {class fields..., nation} over the scenario's catalogs."""
    found: dict[str, dict[str, Any]] = {}
    for catalog_id in scenario["catalogs"]:
        catalog = catalogs()[catalog_id]
        classes = {c["id"]: c for c in catalog["classes"]}
        for ship in catalog["ships"]:
            assert ship["name"] not in found, f"{ship['name']} is in two catalogs"
            found[ship["name"]] = dict(classes[ship["class"]], nation=ship.get("nation", catalog["nation"]),
                                       leader=ship.get("leader", False))  # fmt: skip
    return found


def counted_nation(nation: str) -> str:
    """DN-5.2: Canadian and Australian ships count as British."""
    return "britain" if nation in {"canada", "australia"} else nation


@pytest.mark.parametrize("folder", ["maps", "ships", "scenarios"])
def test_every_document_starts_with_its_modeline(folder: str) -> None:
    for path in sorted((CORPUS / folder).glob("*.yaml")):
        assert path.read_text(encoding="utf-8").splitlines()[0] == MODELINES[folder], path.name
        assert load(path)["ruleset"] == "dreadnought"


def test_catalog_values_stay_on_the_game_scale() -> None:
    names: Counter[str] = Counter()
    for catalog in catalogs().values():
        assert catalog["kind"] == "ships"
        class_ids = {c["id"] for c in catalog["classes"]}
        kinds = Counter(c["type"] for c in catalog["classes"])
        assert kinds["collier"] == 1 and kinds["tanker"] == 1, catalog["id"]
        for cls in catalog["classes"]:
            assert 2 <= cls["hull"] <= 14 and 2 <= cls["fuel"]["boxes"] <= 8, cls["id"]
            assert 0 <= cls["torpedo"] <= 3 and cls["speed"] in {"1s", "1", "1+", "2", "2+"}
            if cls["type"] in {"CL", "DD"}:
                assert cls["speed"] in FAST, cls["id"]
        for ship in catalog["ships"]:
            assert ship["class"] in class_ids, ship["name"]
            names[ship["name"]] += 1
    assert [name for name, count in names.items() if count > 1] == []


@pytest.fixture(scope="module")
def maps() -> dict[str, tuple[nx.Graph, dict[str, list[str]]]]:
    """Map id -> its derived zone graph and its ports' zones."""
    found = {}
    for path in sorted((CORPUS / "maps").glob("*.yaml")):
        document = load(path)
        ports = {port["id"]: port["zones"] for port in document["ports"]}
        found[document["id"]] = (map_geometry(document).graph, ports)
    return found


def test_there_are_at_least_two_historical_scenarios() -> None:
    ids = {load(path)["id"] for path in SCENARIOS}
    assert {"otranto-1917", "ancona-1915"} <= ids


def walk(fleet: dict[str, Any], graph: nx.Graph, ports: dict[str, list[str]], fast: bool,
         positions: dict[str, list[str]]) -> list[str]:  # fmt: skip
    """DN-5.1 / DN-5.11a: every order leads from where the fleet is to a legal next place."""
    here = normalise_zone_id(str(fleet["start"]))
    assert here in ports or here in graph, f"{fleet['id']} starts nowhere: {here}"
    trail = []
    for turn, raw in enumerate(fleet["orders"], start=1):
        order = str(raw).strip()
        if order.startswith("convoy "):
            escorted = order.split()[1]
            assert escorted == fleet.get("escorts"), (fleet["id"], turn, order)
            here = positions[escorted][turn - 1]
        elif order in VERBS:
            pass
        elif order in ports:
            assert here == order or here in ports[order], (fleet["id"], turn, f"{order} from {here}")
            here = order
        else:
            steps = [normalise_zone_id(part) for part in order.split("/")]
            assert len(steps) <= 2 and (len(steps) == 1 or fast), (fleet["id"], turn, order)
            for step in steps:
                reachable = ports[here] if here in ports else list(graph.neighbors(here))
                assert step in reachable, (fleet["id"], turn, f"{step} is not next to {here}")
                here = step
        trail.append(here)
    return trail


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_orders_and_forces_are_legal(path: Path,
                                             maps: dict[str, tuple[nx.Graph, dict[str, list[str]]]]) -> None:
    scenario = load(path)
    assert scenario["kind"] == "scenario" and scenario["map"] in maps
    graph, ports = maps[scenario["map"]]
    assert isinstance(scenario["date"], str) and len(scenario["briefing"].split("\n\n")) >= 3
    assert scenario["sources"]
    turns = scenario["turns"]["count"]
    assert 8 <= turns <= 24 and scenario["turns"]["night"]
    assert all(1 <= t <= turns for t in scenario["turns"]["night"])
    ships = ships_of(scenario)
    rules = scenario.get("rules", {})
    assert len(scenario["sides"]) == 2
    used: Counter[str] = Counter()
    fleet_ids: set[str] = set()
    for side in scenario["sides"]:
        fleets = side["fleets"] + side.get("colliers", [])
        assert all(normalise_zone_id(z) in graph for z in side["controls"])
        raids = [f for f in side["fleets"] if f["mission"] == "raid"]
        assert len(raids) <= rules.get("raid_fleets", 1)
        positions: dict[str, list[str]] = {}
        for fleet in sorted(fleets, key=lambda f: "escorts" in f):
            fleet_ids.add(fleet["id"])
            members = [ships[name] for name in fleet["ships"]]
            used.update(fleet["ships"])
            assert all(counted_nation(s["nation"]) in side["nations"] or s["nation"] == "germany"
                       for s in members), fleet["id"]  # fmt: skip
            nations = {counted_nation(s["nation"]) for s in members if s["nation"] != "germany"}
            assert len(nations) <= 1 or len(members) <= 4 or rules.get("mixed_nationality"), fleet["id"]
            _check_mission(fleet, members, side, rules)
            mission = fleet.get("mission")
            if mission in {"transport", "bombard", "minelay", "minesweep"}:
                assert len(fleet["orders"]) == turns, f"{fleet['id']}: DN-5.12 plans every turn"
            if mission == "escort":
                assert fleet["escorts"] in positions and fleet["start"] == _fleet(side, fleet["escorts"])["start"]
            assert len(fleet["orders"]) <= turns
            fast = all(s["speed"] in FAST for s in members)
            positions[fleet["id"]] = walk(fleet, graph, ports, fast, positions)
    assert [name for name, count in used.items() if count > 1] == []
    for field in scenario.get("minefields", []):
        a, b = (normalise_zone_id(z) for z in field["between"])
        assert graph.has_edge(a, b), field
    side_ids = {side["id"] for side in scenario["sides"]}
    for condition in scenario["victory"]["conditions"]:
        assert condition["side"] in side_ids
        if condition["kind"] == "reach":
            assert condition["fleet"] in fleet_ids
            assert condition["target"] in ports or normalise_zone_id(condition["target"]) in graph
        if condition["kind"] == "sink":
            assert set(condition["ships"]) <= set(used)
    assert scenario["victory"]["otherwise"] in side_ids | {"draw"}
    assert set(rules.get("refuel_ports", [])) <= set(ports)


def _check_mission(fleet: dict[str, Any], members: list[dict[str, Any]], side: dict[str, Any],
                   rules: dict[str, Any]) -> None:
    """The ship types a fleet's mission allows, and the raid and minelaying limits."""
    mission = fleet.get("mission")
    types = {s["type"] for s in members}
    if fleet in side.get("colliers", []):
        assert types <= SUPPLY, fleet["id"]
    elif mission in {"bombard", "escort", "intercept"}:
        assert types <= COMBAT | SUPPLY, fleet["id"]
    elif mission == "raid":
        assert types <= COMBAT | {"collier"}, fleet["id"]
        assert len(members) <= rules.get("raid_max_ships", 2), fleet["id"]
        assert any(s["leader"] for s in members), fleet["id"]
    elif mission == "minelay":
        assert all(s["type"] == "ML" or n in rules.get("minelayers", []) for n, s in
                   zip(fleet["ships"], members, strict=True))  # fmt: skip


def _fleet(side: dict[str, Any], fleet_id: str) -> dict[str, Any]:
    return next(f for f in side["fleets"] if f["id"] == fleet_id)
