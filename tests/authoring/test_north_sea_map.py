"""The committed North Sea map (issue 18): what `admiralty map from-geojson` makes from its spec, byte for
byte; one connected sea; the Heligoland Bight, the Skagerrak and the English east coast on it; ports on
the coast opening on the zones they touch; Heligoland inside one zone; zero diagnostics alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
import yaml
from shapely.geometry import Point

from admiralty.validator.pipeline import validate
from admiralty.validator.rulesets.dreadnought.authoring.derive import land_shape, map_geometry
from admiralty.validator.rulesets.dreadnought.authoring.grid import Grid, grid_extent
from admiralty.validator.rulesets.dreadnought.geometry import coastline
from tests.authoring.windows import DATA

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "scenarios" / "dreadnought" / "maps" / "north-sea.yaml"
SPEC = ROOT / "data" / "maps" / "north-sea.spec.yaml"


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(MAP.read_text(encoding="utf-8"))
    return loaded


@pytest.mark.skipif(not DATA.exists(), reason="the Natural Earth 1:10m file is not here")
def test_the_command_in_the_maps_sources_makes_the_committed_file(tmp_path: Path,
                                                                  document: dict[str, Any]) -> None:
    """The map's `sources` carry the command; run as written (output redirected), it makes the same text."""
    recorded = next(s for s in document["sources"] if "admiralty map from-geojson" in s)
    assert "--spec data/maps/north-sea.spec.yaml" in recorded and "naturalearth-10m-europe" in recorded
    made = tmp_path / "scenarios" / "dreadnought" / "maps" / "north-sea.yaml"
    made.parent.mkdir(parents=True)
    done = subprocess.run([sys.executable, "-m", "admiralty", "map", "from-geojson", str(DATA), "--spec", str(SPEC),
                           "-o", str(made)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    # the modeline aside: it points at the schemas relative to where the file is written
    assert made.read_text(encoding="utf-8").splitlines()[1:] == MAP.read_text(encoding="utf-8").splitlines()[1:]


def test_the_map_alone_validates_with_zero_diagnostics() -> None:
    assert validate([str(MAP)]).report.diagnostics == []


def test_every_sea_zone_reaches_every_other(document: dict[str, Any]) -> None:
    geometry = map_geometry(document)
    assert nx.is_connected(geometry.graph)
    assert 250 <= geometry.graph.number_of_nodes() <= 320
    listed = {entry["id"]: entry["kind"] for entry in document["zones"]}
    assert listed == geometry.kinds


def test_the_bight_the_skagerrak_and_the_english_east_coast_are_on_it(document: dict[str, Any]) -> None:
    names = {entry.get("name"): entry["id"] for entry in document["zones"] if entry.get("name")}
    assert {"Heligoland Bight", "Skagerrak", "Dogger Bank", "Off Scarborough", "Firth of Forth",
            "Jutland Bank"} <= set(names)  # fmt: skip
    graph = map_geometry(document).graph
    # the Skagerrak leads on east of Skagen, and the Bight and the Skagerrak are one sea with Scapa Flow's
    assert names["Skagerrak"] in graph and names["Heligoland Bight"] in graph
    ports = {port["id"]: port for port in document["ports"]}
    east_coast = ["scapa-flow", "rosyth", "tyne", "hartlepool", "scarborough", "humber", "yarmouth", "harwich"]
    german = ["wilhelmshaven", "cuxhaven", "emden", "heligoland"]
    assert set(east_coast + german) <= set(ports)
    assert all(ports[p]["nation"] == "britain" for p in east_coast)
    assert all(ports[p]["nation"] == "germany" for p in german)
    # Scarborough opens on the zone named for it, Heligoland on the Bight
    assert ports["scarborough"]["zones"] == [names["Off Scarborough"]]
    assert ports["heligoland"]["zones"] == [names["Heligoland Bight"]]


def test_ports_sit_on_the_coast_and_touch_the_zones_they_open_on(document: dict[str, Any]) -> None:
    geometry = map_geometry(document)
    shore = coastline(geometry.land, grid_extent(Grid.from_doc(document["grid"])))
    for port in document["ports"]:
        point = Point(port["at"])
        assert shore.distance(point) < 0.5, port["id"]
        assert port["zones"], port["id"]
        for zone in port["zones"]:
            assert geometry.zones[zone].distance(point) < 0.05, (port["id"], zone)


def test_heligoland_lies_inside_one_zone(document: dict[str, Any]) -> None:
    geometry = map_geometry(document)
    island = land_shape(next(e for e in document["land"] if e["id"] == "heligoland"))
    inside = [z for z, cell in geometry.cells.items() if cell.contains_properly(island)]
    assert len(inside) == 1 and inside[0] in geometry.zones
    assert island.area < 0.1 * document["grid"]["cell"] ** 2
