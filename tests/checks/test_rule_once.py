"""Each rule once. DN-5.11a (two zones a turn only for all-fast fleets) is decided by the engine's
``may_enter_two_zones`` over ``effective_speed`` (DN-12.63: tankers at speed 1), and the validator asks the
same functions, so a written order the validator accepts is one the engine lets the fleet carry out. Friendly and
enemy ports (DN-5.2-abort, DN-12.5, DN-12.6, bombardment) are the engine's ``Geography`` facts for both: Dominion
ports count as British, a neutral port is neither."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from admiralty.rulesets.dreadnought.engine.model import Catalog, effective_speed, may_enter_two_zones
from admiralty.rulesets.dreadnought.engine.state import ShipState
from admiralty.validator.pipeline import validate

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def corpus_with_a_fast_tanker(tmp_path: Path, orders: str) -> Path:
    """The checks fixtures, with the tanker class written as speed "2" and its fleet given ``orders``."""
    shutil.copytree(FIXTURES / "mini", tmp_path / "mini")
    shutil.copytree(FIXTURES / "checks", tmp_path / "checks")
    catalog = tmp_path / "checks" / "entente.yaml"
    text = catalog.read_text()
    assert '    type: tanker\n    speed: "1"\n' in text
    catalog.write_text(text.replace('    type: tanker\n    speed: "1"\n', '    type: tanker\n    speed: "2"\n'))
    scenario = tmp_path / "checks" / "tanker-enemy-port.yaml"
    text = scenario.read_text()
    assert "orders: [C4, C3, C2]" in text
    scenario.write_text(text.replace("orders: [C4, C3, C2]", orders))
    return scenario


def two_zone_findings(tmp_path: Path, scenario: Path) -> list[tuple[str, int]]:
    keep = ["map.yaml", "ah.yaml", "it.yaml"]
    paths = [str(tmp_path / "mini" / n) for n in keep]
    paths += [str(tmp_path / "checks" / n) for n in ("entente.yaml", "ah-extra.yaml", scenario.name)]
    result = validate(paths)
    return [(d.code, d.line) for d in result.report.diagnostics if d.code == "DN-5.11a"]


@pytest.mark.rule("DN-5.11a")
@pytest.mark.rule("DN-12.63")
def test_a_tanker_written_as_fast_may_not_enter_two_zones(tmp_path: Path) -> None:
    scenario = corpus_with_a_fast_tanker(tmp_path, 'orders: ["C4/C3", C2]')
    found = two_zone_findings(tmp_path, scenario)
    line = next(i for i, text in enumerate(scenario.read_text().splitlines(), 1) if '"C4/C3"' in text)
    assert found == [("DN-5.11a", line)]


@pytest.mark.rule("DN-5.11a")
def test_the_same_tanker_one_zone_a_turn_is_fine(tmp_path: Path) -> None:
    scenario = corpus_with_a_fast_tanker(tmp_path, "orders: [C4, C3, C2]")
    assert two_zone_findings(tmp_path, scenario) == []


@pytest.mark.rule("DN-12.63")
def test_the_engine_and_the_validator_read_the_same_speed() -> None:
    result = validate([str(FIXTURES / "mini"), str(FIXTURES / "checks" / "entente.yaml")])
    catalogs = [m for m in result.models if isinstance(m, Catalog)]
    classes = {ship.cls.id: ship for catalog in catalogs for ship in catalog.ships.values()}
    assert classes, "the fixtures have ship classes"
    for ship in classes.values():
        state = ShipState(ship, side="entente", hull=1, fuel=1, fleet=None)
        assert state.speed == effective_speed(ship.cls)
        assert may_enter_two_zones([ship.cls]) == (state.speed in ("2", "2+"))
    tanker = next(s.cls for s in classes.values() if s.cls.type == "tanker")
    assert effective_speed(tanker) == "1"


# --- friendly and enemy ports: one notion for the engine and the validator -----------------------------


def corpus_with_ports(tmp_path: Path, extra_ports: str, scenario_edits: dict[str, str]) -> list[str]:
    """The mini map with ``extra_ports`` added and the collier fixture edited: the files to validate."""
    shutil.copytree(FIXTURES / "mini", tmp_path / "mini")
    shutil.copytree(FIXTURES / "checks", tmp_path / "checks")
    sea = tmp_path / "mini" / "map.yaml"
    sea.write_text(sea.read_text().replace("adjacency: derived\n", extra_ports + "adjacency: derived\n"))
    scenario = tmp_path / "checks" / "collier-enemy-port.yaml"
    text = scenario.read_text()
    for old, new in scenario_edits.items():
        assert old in text
        text = text.replace(old, new)
    scenario.write_text(text)
    names = [tmp_path / "mini" / n for n in ("map.yaml", "ah.yaml", "it.yaml")]
    names += [tmp_path / "checks" / n for n in ("entente.yaml", "ah-extra.yaml", "collier-enemy-port.yaml")]
    return [str(p) for p in names]


def scripted_events(scenario: object) -> list[dict[str, object]]:
    from admiralty.rulesets.dreadnought.engine.game import new_game

    game = new_game(scenario, 1)  # type: ignore[arg-type]
    while not game.is_over:
        side = game.to_move()[0]
        legal = game.legal_actions(side)
        game.apply(side, "follow-orders" if "follow-orders" in legal else legal[0])
    return list(game.events)


NEUTRAL_PORT = "  - id: neutralport\n    name: Neutralport\n    nation: greece\n    at: [10, 5]\n"


@pytest.mark.rule("DN-12.5")
def test_a_neutral_port_is_no_enemy_port_for_a_collier(tmp_path: Path) -> None:
    """A collier may sail into a zone where a neutral port opens (D2, Neutralport): the validator accepts the
    orders and the engine carries them out (it used to refuse the move, calling every port not the side's own
    an enemy's)."""
    files = corpus_with_ports(tmp_path, NEUTRAL_PORT, {"orders: [C4, C3, C2]": "orders: [C4, C3, D3, D2]"})
    result = validate(files)
    assert [d.code for d in result.report.diagnostics if d.severity.name == "ERROR"] == []  # no DN-12.5, no GRA004
    [scenario] = result.scenarios
    refused = [e for e in scripted_events(scenario) if e["type"] in ("order-refused", "order-impossible")
               and e.get("fleet") == "coal-train"]
    assert refused == []
    assert scenario.geography.enemy_ports == {"central-powers": frozenset({"eastport"}),
                                              "entente": frozenset({"westport"})}  # fmt: skip


@pytest.mark.rule("DN-12.5")
def test_an_enemy_port_still_stops_the_collier_in_both(tmp_path: Path) -> None:
    files = corpus_with_ports(tmp_path, NEUTRAL_PORT, {})
    codes = [d.code for d in validate(files).report.diagnostics]
    assert "DN-12.5" in codes  # C2 holds Westport, Austro-Hungarian


@pytest.mark.rule("DN-5.2")
@pytest.mark.rule("DN-5.2-abort")
def test_a_canadian_port_is_a_british_sides_nearest_friendly_port(tmp_path: Path) -> None:
    """An entente fleet (Italy, Britain) aborting next to a Canadian port heads into it: the engine counts the
    port as British (DN-5.2) and so does the validator's abort check, which used to want the farther Italian
    port instead."""
    canadian = "  - id: halifax\n    name: Halifax\n    nation: canada\n    at: [30, 5]\n"
    edits = {"orders: [C4, C3, B3]": "orders: [C4, C3, D3, abort, halifax]", "orders: [C4, C3, C2]": "orders: [C4]"}
    files = corpus_with_ports(tmp_path, canadian, edits)
    result = validate(files)
    assert [d.code for d in result.report.diagnostics if d.severity.name == "ERROR"] == []
    [scenario] = result.scenarios
    assert "halifax" in scenario.geography.friendly_ports["entente"]
    aborted = [e for e in scripted_events(scenario) if e["type"] == "mission-aborted" and e.get("fleet") == "patrol"]
    assert [e["port"] for e in aborted] == ["halifax"]


@pytest.mark.rule("DN-5.1")
def test_an_order_naming_the_fleets_own_zone_is_refused_by_both(tmp_path: Path) -> None:
    """Moving 'into' the zone a fleet is in is no move: the engine refuses it (not adjacent), and the validator,
    which let it pass as a stay, now says so at the order with the word to write instead."""
    files = corpus_with_ports(tmp_path, "", {"orders: [C4, C3, B3]": "orders: [C4, C4, C3]"})
    result = validate(files)
    found = [(d.code, d.hint) for d in result.report.diagnostics if d.code == "GRA004"]
    assert found == [("GRA004", "it is in C4 already: write 'stay' to stay there")]
