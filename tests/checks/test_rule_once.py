"""Each rule once: DN-5.11a (two zones a turn only for all-fast fleets) is decided by the engine's
``may_enter_two_zones`` over ``effective_speed`` (DN-12.63: tankers at speed 1), and the validator asks the
same functions, so a written order the validator accepts is one the engine lets the fleet carry out."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from admiralty.engine.rulesets.dreadnought.model import Catalog, effective_speed, may_enter_two_zones
from admiralty.engine.rulesets.dreadnought.state import ShipState
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
