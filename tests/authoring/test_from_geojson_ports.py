"""``map from-geojson`` never moves a port silently: onto another landmass, or further than
``max_port_move_km``, it fails naming the port unless allowed, and the summary lists every move and every
zone made land. ``assign_land`` gives land to a nation by polygon or island name (historical borders): a
Greek port on Imbros, Turkish today, stays on Imbros once Imbros is Greek."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from admiralty.rulesets.dreadnought.validator.authoring.from_geojson import build_map
from admiralty.rulesets.dreadnought.validator.authoring.projection import KM_PER_DEGREE
from tests.authoring.test_authoring_from_geojson import rectangle

AEGEAN = {
    "type": "FeatureCollection",
    "features": [
        rectangle("Greece", -10, -10, 10, 50),      # column 1
        rectangle("Samothrace", 13, 23, 15, 25),    # an island in B2
        rectangle("Imbros", 33, 23, 35, 25),        # an island in B4
        rectangle("Turkey", 40, -10, 60, 50),       # column 5
    ],
}
IMBROS_PORT = {"id": "kephalos", "name": "Kephalos", "nation": "greece", "at": [3.36, 0.4]}  # on Imbros, west
SPEC: dict[str, Any] = {
    "id": "aegean-test", "title": "Aegean test", "grid": {"rows": ["A", "D"], "columns": [1, 5], "cell": 10},
    "bbox": [0, -2, 5, 2], "km_per_unit": KM_PER_DEGREE / 10, "projection": "equirectangular",
    "nations": {"Greece": "greece", "Samothrace": "greece", "Imbros": "turkey", "Turkey": "turkey"},
    "simplify": 0.01, "min_land_area": 0.5, "ports": [IMBROS_PORT],
}


def test_a_port_is_never_moved_onto_another_landmass() -> None:
    with pytest.raises(ValueError, match=r"port 'kephalos' would move [0-9.]+ km from \(3.36, 0.4\) to "
                                         r"\[15, 2[0-9.]*\], onto another landmass"):
        build_map(AEGEAN, SPEC)


def test_allowed_the_move_is_made_and_kept_on_record() -> None:
    built = build_map(AEGEAN, dict(SPEC, allow_port_moves=True))
    (move,) = built.port_moves
    assert move.port == "kephalos" and move.other_landmass and move.at[0] == 15.0 and move.km > 150


@pytest.mark.parametrize("assignment", [{"nation": "greece", "island": "Imbros"},
                                        {"nation": "greece", "polygon": [[3.2, 0.2], [3.6, 0.2], [3.6, 0.6],
                                                                         [3.2, 0.6]]}])
def test_land_given_to_the_ports_nation_keeps_the_port_on_imbros(assignment: dict[str, Any]) -> None:
    built = build_map(AEGEAN, dict(SPEC, assign_land=[assignment]))
    greek = next(entry for entry in built.document["land"] if entry["nation"] == "greece")
    assert len(greek["multipolygon"]) == 3  # the mainland, Samothrace and Imbros
    assert not any(entry["nation"] == "turkey" and "multipolygon" in entry for entry in built.document["land"])
    (port,) = built.document["ports"]
    assert port["at"] == [33.0, 24.0] and built.port_snap_km["kephalos"] == pytest.approx(0.6 * KM_PER_DEGREE / 10,
                                                                                         abs=0.2)


def test_an_unknown_island_name_is_refused_with_a_way_out() -> None:
    with pytest.raises(ValueError, match=r"no island named 'Tenedos'.*polygon"):
        build_map(AEGEAN, dict(SPEC, assign_land=[{"nation": "greece", "island": "Tenedos"}]))


def test_a_port_further_than_the_limit_fails_naming_it() -> None:
    far = {"id": "far", "name": "Far", "nation": "turkey", "at": [3.6, -1.5]}  # 4 map units off Turkey's coast
    with pytest.raises(ValueError, match=r"port 'far' would move 44\.\d km .* more than 30 km"):
        build_map(AEGEAN, dict(SPEC, ports=[far]))
    assert build_map(AEGEAN, dict(SPEC, ports=[far], max_port_move_km=50)).port_snap_km["far"] > 44


def test_the_command_fails_naming_the_port_and_lists_every_move_when_allowed(tmp_path: Path) -> None:
    (tmp_path / "land.geojson").write_text(json.dumps(AEGEAN), encoding="utf-8")
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC), encoding="utf-8")

    def run(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "admiralty", "map", "from-geojson", "land.geojson", "--spec",
                               "spec.yaml", "-o", "aegean.yaml", "--force", *extra], cwd=tmp_path,
                              capture_output=True, text=True, timeout=300, check=False)

    refused = run()
    assert refused.returncode == 1 and "port 'kephalos' would move" in refused.stderr
    assert "--allow-port-moves" in refused.stderr and "Traceback" not in refused.stderr
    allowed = run("--allow-port-moves")
    assert allowed.returncode == 0, allowed.stderr
    assert "port kephalos: moved " in allowed.stderr and "from (3.36, 0.4) to [15, 2" in allowed.stderr
    assert "on another landmass (allowed)" in allowed.stderr


def test_help_names_the_spec_keys() -> None:
    done = subprocess.run([sys.executable, "-m", "admiralty", "map", "from-geojson", "--help"], capture_output=True,
                          text=True, timeout=120, check=False)
    text = " ".join(done.stdout.split())
    for key in ("nations", "nation_names", "extra_land", "zone_names", "blocked", "assign_land",
                "allow_port_moves", "max_port_move_km"):
        assert key in text, key
    assert "--allow-port-moves" in text


def test_the_summary_names_every_zone_made_land() -> None:
    from admiralty.rulesets.dreadnought.validator.authoring.cli import summary

    walls = [rectangle("Wall", 19, -1, 21, 12), rectangle("Wall2", 29, -1, 31, 12), rectangle("Wall3", 19, 9, 31, 12)]
    collection = {"type": "FeatureCollection", "features": [*AEGEAN["features"], *walls]}
    nations = {**SPEC["nations"], "Wall": "greece", "Wall2": "greece", "Wall3": "greece"}
    built = build_map(collection, dict(SPEC, nations=nations, assign_land=[{"nation": "greece", "island": "Imbros"}]))
    text = summary(built, None)
    assert "1 zone(s) cut off from the main sea were made land: D3" in text  # which one, not only how many
    assert "port kephalos: moved 6.7 km from (3.36, 0.4) to [33, 24]" in text
