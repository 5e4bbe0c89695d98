"""Every committed dreadnought map that has a spec in data/maps is what `admiralty map from-geojson` makes
from it (issue 16 item 1: no script, no hand-drawn parts beyond what the spec states), byte for byte, run as
its `sources` say; it validates alone with zero diagnostics; its sea is one; its ports sit on the coast;
what the spec draws by hand lies inside one zone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
import yaml
from shapely.geometry import Point

from admiralty.rulesets.dreadnought.validator.authoring.derive import land_shape, map_geometry
from admiralty.rulesets.dreadnought.validator.authoring.grid import Grid, grid_extent
from admiralty.rulesets.dreadnought.validator.geometry import coastline
from admiralty.validator.pipeline import validate
from tests.authoring.windows import DATA

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "data" / "maps").glob("*.spec.yaml"))
MAPS = ROOT / "scenarios" / "dreadnought" / "maps"


def map_of(spec: Path) -> Path:
    return MAPS / spec.name.replace(".spec.yaml", ".yaml")


def document_of(spec: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(map_of(spec).read_text(encoding="utf-8"))
    return loaded


def test_the_bundled_maps_all_have_specs() -> None:
    assert {map_of(spec).name for spec in SPECS} == {path.name for path in MAPS.glob("*.yaml")}
    assert not list(MAPS.glob("*.py")), "a map is made by the command from its spec, not by a script"


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_the_command_in_the_maps_sources_makes_the_committed_file(tmp_path: Path, spec: Path) -> None:
    """The map's `sources` carry the command; run as written (output redirected), it makes the same text."""
    recorded = next(s for s in document_of(spec)["sources"] if "admiralty map from-geojson" in s)
    assert f"--spec data/maps/{spec.name}" in recorded and "naturalearth-10m-europe" in recorded
    made = tmp_path / "scenarios" / "dreadnought" / "maps" / map_of(spec).name
    made.parent.mkdir(parents=True)
    done = subprocess.run([sys.executable, "-m", "admiralty", "map", "from-geojson", str(DATA), "--spec", str(spec),
                           "-o", str(made)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    # the modeline aside: it points at the schemas relative to where the file is written
    committed = map_of(spec).read_text(encoding="utf-8")
    assert made.read_text(encoding="utf-8").splitlines()[1:] == committed.splitlines()[1:]


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_the_map_alone_validates_with_zero_diagnostics(spec: Path) -> None:
    assert validate([str(map_of(spec))]).report.diagnostics == []


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_every_sea_zone_reaches_every_other_and_the_zone_list_is_derived(spec: Path) -> None:
    document = document_of(spec)
    geometry = map_geometry(document)
    assert nx.is_connected(geometry.graph)
    listed = {entry["id"]: entry["kind"] for entry in document["zones"]}
    assert listed == geometry.kinds
    assert list(listed) == list(geometry.zones)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_ports_sit_on_the_coast_and_touch_the_zones_they_open_on(spec: Path) -> None:
    document = document_of(spec)
    geometry = map_geometry(document)
    shore = coastline(geometry.land, grid_extent(Grid.from_doc(document["grid"])))
    wanted = {port["id"] for port in yaml.safe_load(spec.read_text(encoding="utf-8"))["ports"]}
    assert wanted == {port["id"] for port in document["ports"]}
    for port in document["ports"]:
        point = Point(port["at"])
        assert shore.distance(point) < 0.5, port["id"]
        assert port["zones"], port["id"]
        for zone in port["zones"]:
            assert geometry.zones[zone].distance(point) < 0.05, (port["id"], zone)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_islands_drawn_by_the_spec_lie_inside_one_zone_each(spec: Path) -> None:
    document = document_of(spec)
    geometry = map_geometry(document)
    drawn = [entry["id"] for entry in yaml.safe_load(spec.read_text(encoding="utf-8")).get("extra_land", [])
             if entry.get("island")]
    assert drawn, "each bundled map draws at least one island too small for 1:10m"
    for entry in (e for e in document["land"] if e["id"] in drawn):
        shape = land_shape(entry)
        inside = [z for z, cell in geometry.cells.items() if cell.contains_properly(shape)]
        assert len(inside) == 1 and inside[0] in geometry.zones, entry["id"]
        assert shape.area < 0.1 * document["grid"]["cell"] ** 2
