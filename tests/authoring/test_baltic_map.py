"""The committed Baltic map (issue 18): its size, the Gulf of Riga with its two entrances (the Irben strait
and Moon Sound), Ösel and Dagö as coast, Runö as an island, the ports on the coasts the geometry checks
expect, and the checks themselves catching a port moved inland and an island moved across a border on this
real map. What every committed map shares is in test_committed_maps.py."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
import shapely
import yaml
from shapely.geometry import Point

from admiralty.rulesets.dreadnought.validator.authoring.derive import MapGeometry, land_shape, map_geometry
from admiralty.rulesets.dreadnought.validator.authoring.projection import Projection
from admiralty.rulesets.dreadnought.validator.geometry import island_parts
from admiralty.validator.pipeline import validate
from tests.authoring.committed_map import map_document, named, ports

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return map_document("baltic")


@pytest.fixture(scope="module")
def geometry(document: dict[str, Any]) -> MapGeometry:
    return map_geometry(document)


def test_its_size(geometry: MapGeometry) -> None:
    assert 280 <= geometry.graph.number_of_nodes() <= 330


def test_the_gulf_of_riga_has_two_entrances_the_irben_strait_and_moon_sound(document: dict[str, Any],
                                                                             geometry: MapGeometry) -> None:
    """The Irben strait spans two zones (Ösel's Sworbe point in one, the Courland shore in the other); Moon
    Sound is one. Close all three and the Gulf is cut off; close either passage and the other leads in."""
    zones = named(document)
    gulf, irben, moon, open_baltic = zones["Gulf of Riga"], zones["Irben Strait"], zones["Moon Sound"], "L16"
    irben_south = "I19"
    graph = geometry.graph
    assert irben in graph[irben_south]
    assert not nx.has_path(nx.restricted_view(graph, [irben, irben_south, moon], []), gulf, open_baltic)
    through_irben = nx.shortest_path(nx.restricted_view(graph, [moon], []), gulf, open_baltic)
    assert {irben, irben_south} & set(through_irben)
    through_moon = nx.shortest_path(nx.restricted_view(graph, [irben, irben_south], []), gulf, open_baltic)
    assert moon in through_moon
    # from Windau, the Germans' way in, to Riga: through the Irben strait, a day's steaming (five zones)
    path = nx.shortest_path(graph, ports(document)["windau"]["zones"][0], ports(document)["riga"]["zones"][0])
    assert irben_south in path and len(path) == 6


def test_oesel_cannot_be_crossed_from_the_west(document: dict[str, Any], geometry: MapGeometry) -> None:
    """G19 (west of Ösel) holds a sliver of the bay by Arensburg; the spec blocks that border."""
    assert ["G19", "G20"] in document["blocked"]
    assert not geometry.graph.has_edge("G19", "G20")


def test_oesel_is_coast_dagoe_is_split_by_zones_and_runo_an_island(document: dict[str, Any],
                                                                   geometry: MapGeometry) -> None:
    """Ösel is larger than a cell: coast that may cross zones (GEO007 leaves it alone), a landmass of its
    own off the mainland. Dagö is smaller than a cell: the command split it along cell borders, so the
    part holding Kärdla lies in one zone. Runö, drawn by the spec, is an island inside one Gulf zone."""
    russia = land_shape(next(entry for entry in document["land"] if entry["id"] == "russia"))
    cell_area = document["grid"]["cell"] ** 2
    parts = {index: part for index, part in enumerate(getattr(russia, "geoms", [russia]))}
    mainland = max(parts.values(), key=lambda part: part.area)
    arensburg = Point(ports(document)["arensburg"]["at"])
    oesel = min(parts.values(), key=lambda part: part.distance(arensburg))
    assert oesel is not mainland and oesel.area > cell_area and not oesel.intersects(mainland)
    crossed = [z for z, cell in geometry.cells.items() if cell.intersection(oesel).area > 1.0]
    assert len(crossed) >= 3
    kaerdla = Point(Projection.from_bbox([9.7, 53.6, 30.5, 60.8], km_per_unit=4.0).forward(22.75, 58.99))
    dagoe = min(parts.values(), key=lambda part: part.distance(kaerdla))
    assert dagoe.distance(kaerdla) < 0.5 and dagoe.area < cell_area and not dagoe.intersects(mainland)
    assert len([z for z, cell in geometry.cells.items() if cell.intersection(dagoe).area > 1e-6]) == 1
    frame = shapely.box(*shapely.total_bounds(list(geometry.cells.values())))
    islands = island_parts(geometry.land, frame, cell_area)
    assert all(island.area <= cell_area for island in islands)
    assert not any(island.equals(oesel) for island in islands)
    runo = land_shape(next(entry for entry in document["land"] if entry["id"] == "runo"))
    holding = [z for z, cell in geometry.cells.items() if cell.contains_properly(runo)]
    assert len(holding) == 1 and holding[0] in geometry.zones
    gulf_side = nx.node_connected_component(
        nx.restricted_view(geometry.graph, ["H19", "I19", named(document)["Moon Sound"]], []),
        named(document)["Gulf of Riga"])
    assert holding[0] in gulf_side


def test_ports_open_on_the_waters_they_served(document: dict[str, Any], geometry: MapGeometry) -> None:
    zones = named(document)
    by_id = ports(document)
    gulf = nx.node_connected_component(
        nx.restricted_view(geometry.graph, ["H19", "I19", zones["Moon Sound"]], []), zones["Gulf of Riga"])
    for port in ("riga", "pernau", "arensburg"):
        assert set(by_id[port]["zones"]) <= gulf, port
    assert by_id["kuivast"]["zones"] == [zones["Moon Sound"]]
    assert by_id["windau"]["zones"] == [zones["Off Windau"]]
    assert {by_id[p]["nation"] for p in ("kiel", "swinemuende", "danzig", "memel")} == {"germany"}
    assert {by_id[p]["nation"] for p in ("libau", "windau", "riga", "reval", "helsingfors", "kronstadt")} == {"russia"}
    # Kiel reaches Kronstadt by sea (one Baltic), and the Belts join Kiel Bay to the Kattegat
    assert nx.has_path(geometry.graph, by_id["kiel"]["zones"][0], by_id["kronstadt"]["zones"][0])
    assert nx.has_path(geometry.graph, zones["Kiel Bay"], zones["Kattegat"])


def codes_of(document: dict[str, Any], tmp_path: Path) -> list[str]:
    path = tmp_path / "baltic.yaml"
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    return sorted({d.code for d in validate([str(path)]).report.diagnostics if d.severity == "error"})


def test_the_geometry_checks_catch_a_port_moved_inland_on_this_map(document: dict[str, Any],
                                                                   tmp_path: Path) -> None:
    """Riga moved 40 km up the Düna (ten map units inland): GEO005, the port is off the coast."""
    broken = copy.deepcopy(document)
    riga = next(port for port in broken["ports"] if port["id"] == "riga")
    riga["at"] = [riga["at"][0] + 2.0, riga["at"][1] - 10.0]
    assert "GEO005" in codes_of(broken, tmp_path)
    assert codes_of(copy.deepcopy(document), tmp_path) == []


@pytest.mark.rule("DN-7.41b")
def test_the_geometry_checks_catch_runo_moved_across_a_zone_border(document: dict[str, Any],
                                                                   tmp_path: Path) -> None:
    """Runö shifted onto the corner of four cells: GEO007, an island must lie inside one zone."""
    broken = copy.deepcopy(document)
    runo = next(entry for entry in broken["land"] if entry["id"] == "runo")
    ring = runo["polygon"]
    cx = sum(x for x, _ in ring) / len(ring)
    cy = sum(y for _, y in ring) / len(ring)
    corner = (round(cx / 10) * 10, round(cy / 10) * 10)
    runo["polygon"] = [[x - cx + corner[0], y - cy + corner[1]] for x, y in ring]
    assert codes_of(broken, tmp_path) == ["GEO007"]


@pytest.mark.rule("DN-13")
def test_the_riga_scenarios_irben_fields_close_the_strait_and_leave_moon_sound_open(
        document: dict[str, Any], geometry: MapGeometry) -> None:
    """gulf-of-riga-1915 lays its fields on zone borders (DN-13): with every mined border closed, the Gulf
    cannot be reached from Windau except through Moon Sound, and with Moon Sound closed too, not at all.
    So the Germans must sweep (or pay for) the strait, and Slava has her way out."""
    scenario = yaml.safe_load((ROOT / "scenarios" / "dreadnought" / "scenarios" / "gulf-of-riga-1915.yaml")
                              .read_text(encoding="utf-8"))
    assert scenario["map"] == document["id"]
    mined = [tuple(field["between"]) for field in scenario["minefields"]]
    assert all(geometry.graph.has_edge(a, b) for a, b in mined)
    zones, windau = named(document), ports(document)["windau"]["zones"][0]
    unmined = nx.restricted_view(geometry.graph, [], mined)
    assert zones["Moon Sound"] in nx.shortest_path(unmined, windau, zones["Gulf of Riga"])
    assert not nx.has_path(nx.restricted_view(geometry.graph, [zones["Moon Sound"]], mined), windau,
                           zones["Gulf of Riga"])
