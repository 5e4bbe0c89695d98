"""``admiralty map from-geojson`` on real coastlines (issue 16, item 1): any window over Natural Earth's
1:10m Europe gives a map that validates with zero errors; islands across cells are split, cut-off sea is
made land, landmasses touching the frame or larger than a cell are coast; ports snap to their nation's
coast; nations by name or ISO code; negative bbox values; the projection is equal-area and stated."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest
import shapely
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from admiralty.rulesets.dreadnought.validator.authoring.countries import country_keys, nation_of
from admiralty.rulesets.dreadnought.validator.authoring.derive import land_shape, map_geometry
from admiralty.rulesets.dreadnought.validator.authoring.from_geojson import build_map
from admiralty.rulesets.dreadnought.validator.authoring.projection import Projection
from admiralty.rulesets.dreadnought.validator.geometry import island_parts
from admiralty.validator.pipeline import validate
from tests.authoring.windows import DATA, SEAS, build_and_validate, europe, window

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "maps"

NORTH_SEA = ["--id", "north-sea", "--title", "The North Sea, 1914-1918", "--rows", "A:T", "--columns", "1:20",
             "--cell", "10", "--bbox", "-4,51,10,60", "--nation", "GBR=britain", "--nation", "DEU=germany",
             "--nation", "NL=netherlands", "--nation", "056=belgium", "--nation", "Denmark=denmark",
             "--nation", "NOR=norway", "--nation", "FRA=france", "--nation", "SWE=sweden",
             "--ports", "tests/fixtures/maps/north-sea.ports.yaml"]  # fmt: skip
BALTIC = ["--id", "baltic", "--title", "The Baltic, 1914-1918", "--rows", "A:X", "--columns", "1:24", "--cell", "10",
          "--bbox", "9,53,30,66", "--nation", "DEU=germany", "--nation", "POL=germany", "--nation", "RUS=russia",
          "--nation", "FIN=russia", "--nation", "EST=russia", "--nation", "LVA=russia", "--nation", "LTU=russia",
          "--nation", "SWE=sweden", "--nation", "DNK=denmark", "--nation", "248=russia",
          "--ports", "tests/fixtures/maps/baltic.ports.yaml"]  # fmt: skip


@settings(max_examples=12, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sea=st.sampled_from(sorted(SEAS)), dx=st.floats(-1.5, 1.5), dy=st.floats(-1.0, 1.0),
       width=st.floats(3.0, 9.0), rows=st.integers(6, 16), columns=st.integers(6, 16))
def test_any_window_over_real_coasts_validates_with_zero_errors(sea: str, dx: float, dy: float, width: float,
                                                                 rows: int, columns: int) -> None:
    """Property: 12 windows (a fixed, derandomised draw) over the seas of Europe, each 3-9 degrees wide
    with 6-16 rows and columns, all build and validate alone with no error."""
    zones, errors = build_and_validate(window(sea, dx, dy, width, rows, columns))
    assert zones > 0
    assert errors == []


def run(args: list[str], out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "admiralty", "map", "from-geojson", str(DATA), *args, "-o", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.parametrize(("name", "args"), [("north-sea", NORTH_SEA), ("baltic", BALTIC)])
def test_the_committed_north_sea_and_baltic_maps_are_what_the_command_makes(name: str, args: list[str],
                                                                            tmp_path: Path) -> None:
    """The command as an author types it (a west longitude in --bbox, nations by ISO code) writes the
    fixture byte for byte (the modeline aside), and the map validates with zero diagnostics."""
    made = tmp_path / f"{name}.yaml"
    done = run(args, made)
    assert done.returncode == 0, done.stderr
    assert "Projection: Lambert cylindrical equal-area" in done.stderr
    committed = FIXTURES / f"{name}.yaml"
    assert made.read_text().splitlines()[1:] == committed.read_text().splitlines()[1:]
    assert validate([str(committed)]).report.diagnostics == []


def test_negative_bbox_values_are_accepted_as_written(tmp_path: Path) -> None:
    done = run(["--id", "biscay", "--rows", "A:H", "--columns", "1:8", "--bbox", "-8,43.3,-1,48.3", "--origin",
                "-10,-10"], tmp_path / "biscay.yaml")
    assert done.returncode == 0, done.stderr
    written = yaml.safe_load((tmp_path / "biscay.yaml").read_text())
    assert written["grid"]["origin"] == [-10, -10]
    assert "south-west corner at -8°, 43.3°" in written["description"]


def test_nations_by_name_or_any_iso_code() -> None:
    italy = {"name": "Italy", "id": "380"}
    for key in ("Italy", "italy", "ITA", "it", "380"):
        assert nation_of(italy, {key: "regno"}) == "regno"
    assert nation_of({"name": "United Kingdom", "iso_a3": "GBR"}, {"826": "britain"}) == "britain"
    assert nation_of({"name": "Åland", "id": "248"}, {"aland": "russia"}) == "russia"
    assert nation_of({"name": "Kosovo", "id": None}, {"XK": "serbia"}) == "serbia"
    assert nation_of(italy, {"FRA": "france"}) is None
    assert {"gb", "gbr", "826"} <= country_keys({"name": "United Kingdom", "id": "826"})


def test_an_unknown_nation_key_is_one_line_with_suggestions(tmp_path: Path) -> None:
    done = run(["--id", "x", "--rows", "A:D", "--columns", "1:4", "--bbox", "12,40,16,43", "--nation",
                "Italia=italy"], tmp_path / "x.yaml")
    assert done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1
    assert "'Italia' (did you mean 'Italy'?)" in done.stderr


def test_equal_area_projection_keeps_areas_in_proportion() -> None:
    """A 1x1 degree square at 40 N and one at 60 N: their map areas are in the ratio of their areas on the
    sphere, (sin 61 - sin 60) / (sin 41 - sin 40), to within rounding."""
    projection = Projection.from_bbox([0, 35, 10, 65], km_per_unit=5.0)
    def area(lat: float) -> float:
        return float(projection.geometry(shapely.box(3, lat, 4, lat + 1)).area)
    sphere = (math.sin(math.radians(61)) - math.sin(math.radians(60))) / (
        math.sin(math.radians(41)) - math.sin(math.radians(40)))
    assert area(60) / area(40) == pytest.approx(sphere, rel=1e-9)
    # and one map unit is km_per_unit on the standard parallel (50 N), east-west
    x0, _ = projection.forward(0, 50)
    x1, _ = projection.forward(1, 50)
    assert (x1 - x0) * 5.0 == pytest.approx(111.195 * math.cos(math.radians(50)), rel=1e-4)


@pytest.fixture(scope="module")
def aegean() -> dict[str, object]:
    spec = window("Aegean", 0.0, 0.0, 6.0, 12, 12)
    spec["nations"] = {"GRC": "greece", "TUR": "turkey"}
    spec["ports"] = [{"id": "smyrna", "name": "Smyrna", "nation": "turkey", "at": [26.5, 39.0]}]
    spec["allow_port_moves"] = True  # at this scale Smyrna's gulf is open sea: the port moves to the coast
    return build_map(europe(), spec).document


def test_islands_across_cells_are_split_so_each_part_lies_in_one_zone(aegean: dict[str, object]) -> None:
    geometry = map_geometry(aegean)
    frame = shapely.box(*shapely.total_bounds(list(geometry.cells.values())))
    islands = island_parts(geometry.land, frame, 100.0)
    assert len(islands) > 20  # the Cyclades and the Dodecanese
    for island in islands:
        holding = [z for z, cell in geometry.cells.items() if cell.intersection(island).area > 1e-6 * island.area]
        assert len(holding) == 1


def test_a_port_snaps_to_the_coast_of_its_own_nation(aegean: dict[str, object]) -> None:
    """Smyrna's point lies between Lesbos (Greek) and the Anatolian shore: it moves onto Turkey's coast."""
    port = aegean["ports"][0]  # type: ignore[index]
    turkey = next(land_shape(e) for e in aegean["land"] if e["nation"] == "turkey")  # type: ignore[attr-defined]
    greece = next(land_shape(e) for e in aegean["land"] if e["nation"] == "greece")  # type: ignore[attr-defined]
    assert turkey.distance(Point(port["at"])) < 0.02 < greece.distance(Point(port["at"]))
