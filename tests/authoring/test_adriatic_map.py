"""The committed Adriatic map, rebuilt at 1:10m by `admiralty map from-geojson` from data/maps/adriatic.spec.yaml
(what every committed map shares is in test_committed_maps.py): the grid the three Adriatic scenarios were
written on, its named waters, and the Dalmatian and Ionian islands from the data itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from admiralty.rulesets.dreadnought.validator.authoring.derive import map_geometry

MAP = Path(__file__).resolve().parents[2] / "scenarios" / "dreadnought" / "maps" / "adriatic.yaml"


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(MAP.read_text(encoding="utf-8"))
    return loaded


def test_the_scenarios_grid_and_ports(document: dict[str, Any]) -> None:
    assert document["grid"] == {"rows": ["K", "AF"], "columns": [10, 29], "cell": 10, "origin": [0, 0],
                                "stagger": "none"}  # fmt: skip
    assert 150 <= len(document["zones"]) <= 250
    ports = {port["id"]: port for port in document["ports"]}
    assert {"pola", "trieste", "sebenico", "cattaro", "durazzo", "venice", "ancona", "brindisi", "taranto",
            "otranto", "valona", "bari", "corfu"} == set(ports)  # fmt: skip
    assert ports["cattaro"]["zones"] == ["V25"] and ports["taranto"]["zones"] == ["AB22"]


def test_named_waters(document: dict[str, Any]) -> None:
    names = {entry.get("name"): entry["id"] for entry in document["zones"]}
    for name in ("Strait of Otranto", "Gulf of Trieste", "Gulf of Venice", "Gulf of Taranto", "Kvarner (Quarnero)"):
        assert name in names
    assert names["Strait of Otranto"] == "AC26"


def test_islands_from_the_data_are_land_in_the_zones_named_for_them(document: dict[str, Any]) -> None:
    """Lissa, Lagosta and Corfu come from Natural Earth's 1:10m coast, not from a drawing: the zone named for
    each holds land that does not touch the zone's edge (an island inside it)."""
    geometry = map_geometry(document)
    names = {entry.get("name"): entry["id"] for entry in document["zones"]}
    assert {entry["id"] for entry in document["land"]} - {"italy", "austria-hungary", "albania", "greece",
                                                          "serbia"} == {"pelagosa", "saseno"}  # fmt: skip
    for name in ("Lissa", "Lagosta", "Corfu"):
        cell = geometry.cells[names[name]]
        inland = geometry.land.intersection(cell.buffer(-0.01))
        assert inland.area > 0.05, name
