"""The map builder on a small synthetic GeoJSON whose zones, kinds and adjacency are known by hand.

The grid has rows A-D (north to south) and columns 1-5, cells of 10 units; the projection is set to ten
units per degree at the equator, so a land rectangle [lon0, lon1] x [lat0, lat1] lands on
x = 10 * lon, y = 10 * (lat + 2). Row A is y 30-40, row D is y 0-10; column 1 is x 0-10.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
import yaml
from shapely.geometry import Point

from admiralty.rulesets.dreadnought.validator.authoring.derive import map_geometry, sea_zones
from admiralty.rulesets.dreadnought.validator.authoring.from_geojson import (
    build_from_files,
    build_map,
    build_map_document,
)
from admiralty.rulesets.dreadnought.validator.authoring.mapyaml import write_map_yaml
from admiralty.rulesets.dreadnought.validator.authoring.projection import KM_PER_DEGREE, Projection


def feature(name: str, ring: list[tuple[float, float]]) -> dict[str, Any]:
    """A country feature given in map units (converted to lon/lat for this test's projection)."""
    lonlat = [[x / 10, y / 10 - 2] for x, y in [*ring, ring[0]]]
    return {
        "type": "Feature",
        "properties": {"name": name},
        "geometry": {"type": "Polygon", "coordinates": [lonlat]},
    }


def rectangle(name: str, x0: float, y0: float, x1: float, y1: float) -> dict[str, Any]:
    return feature(name, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


COLLECTION = {
    "type": "FeatureCollection",
    "features": [
        rectangle("Alpha", -10, -10, 10, 50),  # column 1 wholly land (clipped to the grid)
        rectangle("Beta", 20, 27, 40, 33),  # a wall over the A3/B3 and A4/B4 borders, larger than a cell: coast
        rectangle("Gamma", 40, 0, 50, 10),  # D5 wholly land, its edge along C5 and D4
        rectangle("Delta", 13, 23, 15, 25),  # an island inside B2
        rectangle("Epsilon", 18, 8, 20, 10),  # in D2, touching C3 and D3 at one corner only
        rectangle("Zeta", 35, 12, 45, 18),  # across the C4/C5 border, covering part of it
        rectangle("Speck", 25.0, 35.0, 25.05, 35.05),  # an isolated sliver, dropped
    ],
}

SPEC: dict[str, Any] = {
    "id": "test-sea",
    "title": "Test sea",
    "grid": {"rows": ["A", "D"], "columns": [1, 5], "cell": 10},
    "bbox": [0, -2, 5, 2],
    "km_per_unit": KM_PER_DEGREE / 10,
    "projection": "equirectangular",  # lon/lat = (x/10, y/10 - 2) exactly
    "nations": {"Alpha": "north", "Gamma": "north"},
    "simplify": 0.01,
    "min_land_area": 0.5,
    "ports": [
        {"id": "harbour", "name": "Harbour", "nation": "north", "at": [1.2, -0.5]},
        {"id": "corner", "name": "Corner", "nation": "north", "at": [1.05, 0.0]},
    ],
    "zone_names": [{"name": "The Wall", "id": "A3"}, {"name": "Open water", "at": [2.5, -1.5]}],
}

ZONES = {"A2", "A3", "A4", "A5", "B2", "B3", "B4", "B5", "C2", "C3", "C4", "C5", "D2", "D3", "D4"}
OPEN = {"C3"}  # Epsilon runs along D3's west edge but meets C3 at one corner only
ADJACENT = {
    ("A2", "A3"), ("A3", "A4"), ("A4", "A5"), ("B2", "B3"), ("B3", "B4"), ("B4", "B5"),
    ("C2", "C3"), ("C3", "C4"), ("C4", "C5"), ("D2", "D3"), ("D3", "D4"),
    ("A2", "B2"), ("A5", "B5"), ("B2", "C2"), ("B3", "C3"), ("B4", "C4"), ("B5", "C5"),
    ("C2", "D2"), ("C3", "D3"), ("C4", "D4"),
}  # fmt: skip


@pytest.fixture(scope="module")
def built() -> Any:
    return build_map(COLLECTION, SPEC)


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def edges(graph: nx.Graph) -> set[tuple[str, str]]:
    return {pair(a, b) for a, b in graph.edges}


def brute_force_adjacency(cells: dict[str, Any], land: Any) -> set[tuple[str, str]]:
    """Every pair of cells: adjacent when their sea areas share a stretch of border of positive length."""
    seas = sea_zones(cells, land)
    pairs = set()
    for first, second in itertools.combinations(seas, 2):
        if seas[first].intersection(seas[second]).length > 1e-9:
            pairs.add(pair(first, second))
    return pairs


def test_projection_puts_the_bbox_corner_on_the_origin_with_square_units() -> None:
    projection = Projection.from_bbox([12, 39, 20.5, 45.9], km_per_unit=3.5, kind="equirectangular")
    assert projection.forward(12, 39) == (0.0, 0.0)
    north = projection.forward(12, 40)[1]
    east = projection.forward(13, 42.45)[0]
    assert north == pytest.approx(111.195 / 3.5, rel=1e-4)
    # one unit is 3.5 km both ways on the middle latitude
    assert east * 3.5 == pytest.approx(111.195 * 0.7379, rel=1e-3)


def test_sea_zones_are_the_cells_not_wholly_land(built: Any) -> None:
    assert set(built.geometry.zones) == ZONES


def test_kinds_coastal_when_land_touches_along_an_edge_or_inside(built: Any) -> None:
    kinds = built.geometry.kinds
    assert {zone for zone, kind in kinds.items() if kind == "open"} == OPEN
    listed = {entry["id"]: entry for entry in built.document["zones"]}
    assert listed["A3"] == {"id": "A3", "name": "The Wall", "kind": "coastal"}
    assert listed["D3"]["name"] == "Open water"


def test_adjacency_matches_the_hand_count_and_brute_force(built: Any) -> None:
    geometry = built.geometry
    assert edges(geometry.graph) == {pair(a, b) for a, b in ADJACENT}
    assert edges(geometry.graph) == brute_force_adjacency(geometry.cells, geometry.land)


def test_land_is_merged_per_nation_and_slivers_dropped(built: Any) -> None:
    land = {entry["id"]: entry for entry in built.document["land"]}
    assert next(iter(land)) == "north"
    assert land["north"]["nation"] == "north"
    assert len(land["north"]["multipolygon"]) == 2  # Alpha and Gamma
    assert land["beta"]["nation"] == "beta"  # unlisted countries keep their own name
    assert "speck" not in land


def test_land_rings_are_open_and_counter_clockwise(built: Any) -> None:
    ring = next(e for e in built.document["land"] if e["id"] == "delta")["polygon"]
    assert ring == [[13.0, 23.0], [15.0, 23.0], [15.0, 25.0], [13.0, 25.0]]


def test_ports_snap_onto_the_coast_and_open_on_the_zones_they_touch(built: Any) -> None:
    ports = {port["id"]: port for port in built.document["ports"]}
    assert ports["harbour"]["at"] == [10.0, 15.0]
    assert ports["harbour"]["zones"] == ["C2"]
    assert ports["corner"]["at"] == [10.0, 20.0]
    assert ports["corner"]["zones"] == ["B2", "C2"]
    assert built.port_snap_km["harbour"] == pytest.approx(2 * KM_PER_DEGREE / 10, abs=0.1)


def test_a_port_far_from_any_sea_is_refused() -> None:
    land_locked = dict(SPEC, ports=[{"id": "x", "name": "X", "nation": "n", "at": [4.5, -1.5]}])
    closed = {"type": "FeatureCollection", "features": [rectangle("All", -1, -1, 60, 60)]}
    with pytest.raises(ValueError, match="no sea zone"):
        build_map(closed, dict(land_locked, zone_names=[]))


def test_an_island_must_stay_inside_one_cell() -> None:
    crossing = {"id": "isle", "name": "Isle", "nation": "n", "island": True,
                "polygon": [[2.9, 0.1], [3.1, 0.1], [3.1, 0.3], [2.9, 0.3]]}  # fmt: skip
    with pytest.raises(ValueError, match="crosses a cell border"):
        build_map(COLLECTION, dict(SPEC, extra_land=[crossing]))
    inside = dict(crossing, polygon=[[3.2, 0.1], [3.4, 0.1], [3.4, 0.3], [3.2, 0.3]])
    land = {e["id"]: e for e in build_map(COLLECTION, dict(SPEC, extra_land=[inside])).document["land"]}
    assert land["isle"]["polygon"] == [[32.0, 21.0], [34.0, 21.0], [34.0, 23.0], [32.0, 23.0]]


def test_extra_land_is_cut_away_from_land_already_there() -> None:
    overlap = {"id": "fill", "name": "Fill", "nation": "north",
               "polygon": [[0.5, -2.5], [1.5, -2.5], [1.5, -1.5], [0.5, -1.5]]}  # fmt: skip
    document = build_map_document(COLLECTION, dict(SPEC, extra_land=[overlap]))
    fill = next(e for e in document["land"] if e["id"] == "fill")
    assert fill["polygon"] == [[10.0, 0.0], [15.0, 0.0], [15.0, 5.0], [10.0, 5.0]]


def test_written_map_reads_back_to_the_same_geometry(built: Any, tmp_path: Path) -> None:
    path = tmp_path / "test-sea.yaml"
    write_map_yaml(built.document, path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../../schemas/dreadnought/map.schema.json\n")
    assert "  - [13.0, 23.0]\n" in text.replace("      - ", "  - ")
    loaded = yaml.safe_load(text)
    assert loaded == built.document
    again = map_geometry(loaded)
    assert edges(again.graph) == edges(built.geometry.graph)
    assert again.kinds == built.geometry.kinds


def test_explicit_adjacency_list_and_blocked_borders() -> None:
    document = build_map_document(COLLECTION, dict(SPEC, adjacency="list", blocked=[["C 3", "D 3"]]))
    assert document["blocked"] == [["C3", "D3"]]
    pairs = {pair(a, b) for a, b in document["adjacency"]}
    assert pairs == {pair(a, b) for a, b in ADJACENT} - {("C3", "D3")}
    assert ("C3", "D3") not in edges(map_geometry(document).graph)


def test_build_from_files_reads_geojson(tmp_path: Path) -> None:
    path = tmp_path / "land.geojson"
    path.write_text(json.dumps(COLLECTION), encoding="utf-8")
    document = build_from_files(path, SPEC)
    assert document["kind"] == "map" and document["ruleset"] == "dreadnought"
    assert document["grid"] == {"rows": ["A", "D"], "columns": [1, 5], "cell": 10, "origin": [0, 0],
                                "stagger": "none"}  # fmt: skip
    assert document["adjacency"] == "derived"


def test_zone_name_on_land_is_refused() -> None:
    with pytest.raises(ValueError, match="not a sea zone"):
        build_map(COLLECTION, dict(SPEC, zone_names=[{"name": "Dry", "at": [0.5, 0.0]}]))


def test_ports_lie_on_the_land_boundary(built: Any) -> None:
    for port in built.document["ports"]:
        assert built.geometry.land.boundary.distance(Point(port["at"])) < 1e-9


def test_a_coast_grazing_a_cell_corner_leaves_no_sliver_zone() -> None:
    # D3 is land but for a triangle of 0.0002 square units at its north-west corner
    graze = feature("Graze", [(20, 0), (30, 0), (30, 10), (20.02, 10), (20, 9.98)])
    built = build_map({"type": "FeatureCollection", "features": [graze]}, dict(SPEC, ports=[], zone_names=[]))
    assert "D3" not in built.geometry.zones
    assert {"C2", "C3", "D2", "D4"} <= set(built.geometry.zones)
    assert [20.0, 10.0] in next(e for e in built.document["land"] if e["id"] == "graze")["polygon"]
