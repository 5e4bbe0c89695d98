"""The committed Black Sea map (issue 18): its size, the Bosporus approach, Sevastopol and Cape Sarych, Odessa,
the Anatolian coast to Trebizond, the Sea of Azov behind the Kerch strait, Snake Island as an island, and
the geometry checks catching a port moved inland and the island moved across a border on this real map.
What every committed map shares is in test_committed_maps.py."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
import yaml

from admiralty.rulesets.dreadnought.validator.authoring.derive import MapGeometry, land_shape, map_geometry
from admiralty.validator.pipeline import validate
from tests.authoring.committed_map import map_document, named, ports

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return map_document("black-sea")


@pytest.fixture(scope="module")
def geometry(document: dict[str, Any]) -> MapGeometry:
    return map_geometry(document)


def test_its_size(geometry: MapGeometry) -> None:
    assert 220 <= geometry.graph.number_of_nodes() <= 270


def test_the_ports_of_both_sides_open_on_the_zones_named_for_them(document: dict[str, Any]) -> None:
    zones, by_id = named(document), ports(document)
    assert by_id["sevastopol"]["zones"] == [zones["Off Sevastopol"]]
    assert by_id["sinope"]["zones"] == [zones["Off Sinope"]]
    assert zones["Bosporus approach"] not in by_id["bosporus"]["zones"]  # the strait's mouth, one zone out
    ottoman = ["bosporus", "zonguldak", "sinope", "samsun", "trebizond"]
    russian = ["sevastopol", "odessa", "nikolaev", "feodosia", "novorossiysk", "batum"]
    assert {by_id[p]["nation"] for p in ottoman} == {"ottoman-empire"}
    assert {by_id[p]["nation"] for p in russian} == {"russia"}


def test_the_bosporus_leads_from_the_black_sea_to_the_marmara_and_azov_lies_behind_kerch(
        document: dict[str, Any], geometry: MapGeometry) -> None:
    """Closing the Bosporus's one zone cuts the Marmara off; closing the two Kerch zones cuts off Azov."""
    zones, by_id = named(document), ports(document)
    graph = geometry.graph
    bosporus = by_id["bosporus"]["zones"][0]
    assert zones["Bosporus approach"] in graph[bosporus]
    marmara = "N3"
    assert nx.has_path(graph, marmara, zones["Western Black Sea"])
    assert not nx.has_path(nx.restricted_view(graph, [bosporus], []), marmara, zones["Western Black Sea"])
    kerch = [zones["Kerch Strait"], "E16"]
    assert not nx.has_path(nx.restricted_view(graph, kerch, []), zones["Sea of Azov"], zones["Off Sevastopol"])
    assert nx.has_path(graph, zones["Sea of Azov"], zones["Off Sevastopol"])


def test_distances_that_made_the_campaign(document: dict[str, Any], geometry: MapGeometry) -> None:
    """Goeben's raids: the Bosporus to Sevastopol is about 300 nm (560 km) as the crow flies; on a square grid
    without diagonal moves that is some fourteen zones of 50 km, seven turns for a ship of speed 2;
    Cape Sarych lies next to Sevastopol, across the way home from the Caucasus coast."""
    zones, by_id = named(document), ports(document)
    graph = geometry.graph
    bosporus, sevastopol = by_id["bosporus"]["zones"][0], by_id["sevastopol"]["zones"][0]
    assert 12 <= nx.shortest_path_length(graph, bosporus, sevastopol) <= 15
    assert nx.shortest_path_length(graph, zones["Off Cape Sarych"], sevastopol) <= 2


def codes_of(document: dict[str, Any], tmp_path: Path) -> list[str]:
    path = tmp_path / "black-sea.yaml"
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    return sorted({d.code for d in validate([str(path)]).report.diagnostics if d.severity == "error"})


def test_the_geometry_checks_catch_sevastopol_moved_inland(document: dict[str, Any], tmp_path: Path) -> None:
    broken = copy.deepcopy(document)
    sevastopol = next(port for port in broken["ports"] if port["id"] == "sevastopol")
    sevastopol["at"] = [sevastopol["at"][0] + 6.0, sevastopol["at"][1] + 4.0]  # 35 km into the Crimea
    assert "GEO005" in codes_of(broken, tmp_path)
    assert codes_of(copy.deepcopy(document), tmp_path) == []


@pytest.mark.rule("DN-7.41b")
def test_snake_island_lies_in_one_zone_and_the_checks_catch_it_moved(document: dict[str, Any],
                                                                     geometry: MapGeometry,
                                                                     tmp_path: Path) -> None:
    island = land_shape(next(entry for entry in document["land"] if entry["id"] == "fidonisi"))
    assert len([z for z, cell in geometry.cells.items() if cell.contains_properly(island)]) == 1
    broken = copy.deepcopy(document)
    entry = next(entry for entry in broken["land"] if entry["id"] == "fidonisi")
    ring = entry["polygon"]
    cx, cy = sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring)
    corner = (round(cx / 10) * 10, round(cy / 10) * 10)
    entry["polygon"] = [[x - cx + corner[0], y - cy + corner[1]] for x, y in ring]
    # GEO009 as well: the open zones around the new corner now touch land
    assert "GEO007" in codes_of(broken, tmp_path)
