"""What a dreadnought scenario means, for ``admiralty diff`` (the ``Differ`` of ``admiralty.contract``):
the ships on each side, their classes' figures, each fleet's mission and written orders (DN-5.1), the
victory conditions, the set-up (turns, night, weather, minefields, the scenario's rule switches), and the
map's zones, adjacency, ports and coast. Every fact is a short readable sentence keyed by what it is
about, so that a change reads as "ship added", "class figures changed", "port moved".
"""

from __future__ import annotations

from collections.abc import Mapping

from shapely.geometry import Polygon

from admiralty.engine.protocols import ScenarioModel
from admiralty.rulesets.dreadnought.engine.model import Scenario, SeaMap, ShipClass, VictoryCondition


def _class_figures(cls: ShipClass) -> str:
    armour = "armoured" if cls.armoured else "unarmoured"
    draft = ", shallow draft" if cls.shallow_draft else ""
    carries = f", capacity {cls.capacity}" if cls.capacity else ""
    return (f"{cls.type} {cls.name}: speed {cls.speed}, hull {cls.hull}, {armour}{draft}, gunnery "
            f"{cls.primary}/{cls.secondary}/{cls.tertiary}, torpedo {cls.torpedo}, fuel {cls.fuel_kind} "
            f"{cls.fuel_boxes}, {cls.victory_points} VP{carries}")


def _condition(condition: VictoryCondition) -> str:
    parts = [f"{condition.side} wins by {condition.kind}"]
    if condition.value:
        parts.append(f"value {condition.value}")
    if condition.ships:
        parts.append("ships " + ", ".join(condition.ships))
    if condition.fleet:
        parts.append(f"fleet {condition.fleet}")
    if condition.target:
        parts.append(f"target {condition.target}")
    if condition.by_turn is not None:
        parts.append(f"by turn {condition.by_turn}")
    return " ".join(parts)


def _forces(scenario: Scenario) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    ships: dict[str, str] = {}
    classes: dict[str, str] = {}
    orders: dict[str, str] = {}
    for side in scenario.sides:
        for fleet in side.fleets:
            for name in fleet.ships:
                ship = scenario.ships.get(name)
                kind = f"{ship.cls.type} ({ship.cls.name} class, {ship.nation})" if ship is not None else "?"
                ships[f"{side.id}: {name}"] = f"{kind} in {fleet.id}"
                if ship is not None:
                    classes[ship.cls.id] = _class_figures(ship.cls)
            written = ", ".join(order.text or order.kind for order in fleet.orders) or "none"
            escort = f", escorting {fleet.escorts}" if fleet.escorts else ""
            orders[f"{side.id}/{fleet.id}"] = f"{fleet.mission} from {fleet.start}{escort}: {written}"
    return ships, dict(sorted(classes.items())), orders


def _victory(scenario: Scenario) -> dict[str, str]:
    facts: dict[str, str] = {}
    for condition in scenario.victory.conditions:
        key = f"{condition.side}: {condition.kind}"
        number = 2
        while key in facts:
            key, number = f"{condition.side}: {condition.kind} #{number}", number + 1
        facts[key] = _condition(condition)
    facts["otherwise"] = scenario.victory.otherwise
    return facts


def _setup(scenario: Scenario) -> dict[str, str]:
    rules = scenario.rules
    facts = {
        "turns": str(scenario.turns),
        "night turns": ", ".join(map(str, sorted(scenario.night))) or "none",
        "weather": ", ".join(scenario.weather) if scenario.weather else "random",
        "raid rules": f"{rules.raid_fleets} fleet(s) of at most {rules.raid_max_ships}, leader "
                      f"{'needed' if rules.raid_needs_leader else 'not needed'}",
        "refuel ports": ", ".join(rules.refuel_ports) if rules.refuel_ports is not None else "any own port",
        "house tables": ", ".join(sorted(rules.tables)) or "none",
        "smoke": f"{scenario.smoke.games} games, balance {scenario.smoke.balance}, players "
                 f"{', '.join(scenario.smoke.players)}",
    }
    for side in scenario.sides:
        facts[f"{side.id} controls"] = ", ".join(sorted(side.controls)) or "nothing"
    for field in scenario.minefields:
        facts[f"minefield {'/'.join(field.between)}"] = f"{field.owner}, strength {field.strength}"
    return facts


def _zones(seamap: SeaMap) -> tuple[dict[str, str], dict[str, str]]:
    zones: dict[str, str] = {}
    adjacency: dict[str, str] = {}
    for zone_id, zone in seamap.zones.items():
        shape = Polygon(zone.polygon)
        kind = seamap.topology.kinds.get(zone_id) or zone.kind or "sea"
        named = f" '{zone.name}'" if zone.name not in ("", zone_id) else ""
        centre = shape.centroid
        zones[zone_id] = f"{kind}{named}, area {shape.area:.1f} around ({centre.x:.1f}, {centre.y:.1f})"
        adjacency[zone_id] = ", ".join(sorted(seamap.topology.neighbours.get(zone_id, ()))) or "none"
    return zones, adjacency


def _map_facts(seamap: SeaMap) -> dict[str, dict[str, str]]:
    zones, adjacency = _zones(seamap)
    ports = {port_id: f"{port.name} ({port.nation}) at ({port.at[0]:g}, {port.at[1]:g}), zones "
                      f"{', '.join(port.zones)}" for port_id, port in seamap.ports.items()}
    coast: dict[str, str] = {}
    for land in seamap.land:
        shapes = [Polygon(ring) for ring in land.polygons]
        area = sum(s.area for s in shapes)
        length = sum(s.length for s in shapes)
        coast[land.id] = (f"{land.name} ({land.nation}): {len(shapes)} polygon(s), area {area:.1f}, outline "
                          f"{length:.1f}, {sum(len(r) for r in land.polygons)} points")
    return {"zones": zones, "adjacency": adjacency, "ports": ports, "coast": coast}


def _mine(scenario: ScenarioModel) -> Scenario:
    """The differ is handed only this rule system's scenarios (chosen by ``scenario.ruleset``)."""
    if not isinstance(scenario, Scenario):
        raise TypeError(f"not a dreadnought scenario: {type(scenario).__name__}")
    return scenario


def facts(model: ScenarioModel) -> Mapping[str, Mapping[str, str]]:
    """The scenario's meaning, group -> key -> readable value."""
    scenario = _mine(model)
    ships, classes, orders = _forces(scenario)
    seamap: SeaMap = scenario.map
    return {"ships": ships, "class figures": classes, "orders": orders, "victory": _victory(scenario),
            "set-up": _setup(scenario), "map": {"id": seamap.id, "title": seamap.title},
            **_map_facts(seamap)}


def uses(model: ScenarioModel) -> set[tuple[str, str]]:
    """The map and the ship catalogs the scenario is built from."""
    scenario = _mine(model)
    return {("map", scenario.map.id), *(("ships", catalog.id) for catalog in scenario.catalogs)}


def map_pictures(before: ScenarioModel, after: ScenarioModel) -> Mapping[str, str]:
    from admiralty.rulesets.dreadnought.site.mapdiff import pictures

    return pictures(_mine(before), _mine(after))
