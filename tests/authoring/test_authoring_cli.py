"""``admiralty map from-geojson``: the command builds what the library builds, and every mistake in its
arguments or inputs is one line on stderr with exit code 1, never a traceback.

The GeoJSON is a west coast (column 1 land) and an island, on a grid A-D x 1-5 of 10-unit cells; the bbox
[0, -2, 5, 2] at 11.1195 km a unit puts ten map units to the degree, so lon/lat (x/10, y/10 - 2).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from admiralty.cli import main as admiralty_main
from admiralty.rulesets.dreadnought.validator.authoring.cli import map_from_geojson
from admiralty.rulesets.dreadnought.validator.authoring.from_geojson import build_map_document
from admiralty.rulesets.dreadnought.validator.authoring.projection import KM_PER_DEGREE
from admiralty.scaffold.export import export_schemas
from admiralty.validator.pipeline import validate


def ring(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
    return [[x / 10, y / 10 - 2] for x, y in corners]


COLLECTION = {
    "type": "FeatureCollection",
    "features": [
        {"type": "Feature", "properties": {"name": "Westland"},
         "geometry": {"type": "Polygon", "coordinates": [ring(-5, -5, 10, 45)]}},
        {"type": "Feature", "properties": {"name": "Isle"},
         "geometry": {"type": "Polygon", "coordinates": [ring(33, 23, 36, 26)]}},
    ],
}  # fmt: skip
ARGS = ["--id", "west-sea", "--title", "West Sea", "--rows", "A:D", "--columns", "1:5", "--cell", "10",
        "--bbox", "0,-2,5,2", "--km-per-unit", str(KM_PER_DEGREE / 10), "--nation", "Westland=austria-hungary",
        "--nation", "Isle=italy", "--simplify", "0.01", "--min-land-area", "0.5",
        "--projection", "equirectangular"]  # fmt: skip
PORTS = [{"id": "westport", "name": "Westport", "nation": "austria-hungary", "at": [0.95, -0.5]}]


@pytest.fixture
def geojson(tmp_path: Path) -> Path:
    path = tmp_path / "land.geojson"
    path.write_text(json.dumps(COLLECTION), encoding="utf-8")
    return path


@pytest.fixture
def ports(tmp_path: Path) -> Path:
    path = tmp_path / "ports.yaml"
    path.write_text(yaml.safe_dump(PORTS), encoding="utf-8")
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = map_from_geojson(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_writes_the_map_the_library_builds_and_it_validates_clean(
        geojson: Path, ports: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "maps" / "west-sea.yaml"
    output.parent.mkdir()
    export_schemas(tmp_path / "schemas")  # what `admiralty schemas export` writes; the modeline names it
    code, out, err = run([str(geojson), *ARGS, "--ports", str(ports), "-o", str(output)], capsys)
    assert (code, out) == (0, "")
    assert err.startswith(f"{output}: 16 sea zones (5 coastal)") and "1 ports (moved up to 5.6 km" in err
    written = yaml.safe_load(output.read_text(encoding="utf-8"))
    spec = {"id": "west-sea", "title": "West Sea", "grid": {"rows": ["A", "D"], "columns": [1, 5], "cell": 10.0},
            "bbox": [0, -2, 5, 2], "km_per_unit": KM_PER_DEGREE / 10, "simplify": 0.01, "min_land_area": 0.5,
            "nations": {"Westland": "austria-hungary", "Isle": "italy"}, "ports": PORTS,
            "projection": "equirectangular"}  # fmt: skip
    assert written == build_map_document(COLLECTION, spec)
    assert written["ports"] == [{"id": "westport", "name": "Westport", "nation": "austria-hungary",
                                 "at": [10.0, 15.0], "zones": ["C2"]}]  # fmt: skip
    first = output.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../schemas/dreadnought/map.schema.json"
    report = validate([str(output)]).report
    assert [(d.code, d.message) for d in report.diagnostics] == []


def test_prints_to_stdout_without_output_and_lists_adjacency_on_request(
        geojson: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([str(geojson), *ARGS, "--adjacency", "list"], capsys)
    assert code == 0 and err.startswith("map: 16 sea zones")
    document = yaml.safe_load(out)
    assert ["A2", "A3"] in document["adjacency"] and ["A2", "B2"] in document["adjacency"]
    assert all(pair[0] != "D1" for pair in document["adjacency"])


def test_km_per_unit_defaults_to_the_bbox_filling_the_rows(geojson: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = [a for a in ARGS if a != str(KM_PER_DEGREE / 10)]
    args.remove("--km-per-unit")
    _, default, _ = run([str(geojson), *args], capsys)
    _, explicit, _ = run([str(geojson), *ARGS], capsys)
    assert default == explicit  # 4 degrees over 4 rows of 10 units: ten units to the degree


def test_spec_file_supplies_settings_and_options_win(geojson: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(yaml.safe_dump({"id": "from-spec", "title": "Spec", "bbox": [0, -2, 5, 2],
                                    "grid": {"rows": ["A", "D"], "columns": [1, 5], "cell": 10},
                                    "km_per_unit": KM_PER_DEGREE / 10, "nations": {"Isle": "italy"},
                                    "zone_names": [{"name": "The Gap", "id": "B3"}]}), encoding="utf-8")  # fmt: skip
    code, out, _ = run([str(geojson), "--spec", str(spec), "--title", "Options win"], capsys)
    document = yaml.safe_load(out)
    assert code == 0 and document["id"] == "from-spec" and document["title"] == "Options win"
    assert {"id": "B3", "name": "The Gap", "kind": "open"} in document["zones"]
    assert {entry["nation"] for entry in document["land"]} == {"westland", "italy"}


def test_refuses_to_overwrite_unless_forced(geojson: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "map.yaml"
    output.write_text("keep me", encoding="utf-8")
    code, _, err = run([str(geojson), *ARGS, "-o", str(output)], capsys)
    assert code == 1 and err == f"admiralty map from-geojson: error: {output} exists; pass --force to overwrite it\n"
    assert output.read_text(encoding="utf-8") == "keep me"
    code, _, _ = run([str(geojson), *ARGS, "-o", str(output), "--force"], capsys)
    assert code == 0 and yaml.safe_load(output.read_text(encoding="utf-8"))["id"] == "west-sea"


BAD_INPUTS = {
    "missing": (None, "cannot read"),
    "not-json": ("{nope", "is not JSON"),
    "not-a-collection": (json.dumps({"type": "Feature"}), "is not a GeoJSON FeatureCollection"),
    "nameless": (json.dumps({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
                 "geometry": COLLECTION["features"][0]["geometry"]}]}), "feature 1 has no `properties.name`"),  # type: ignore[index]
    "a-point": (json.dumps({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {
                "name": "X"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}]}), "not a Polygon"),
    "bad-coordinates": (json.dumps({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {
                        "name": "X"}, "geometry": {"type": "Polygon", "coordinates": [[[1, 2]]]}}]}),
                        "bad coordinates"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_a_missing_or_bad_geojson_is_one_line(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, expected = BAD_INPUTS[case]
    path = tmp_path / f"{case}.geojson"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    code, out, err = run([str(path), *ARGS], capsys)
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and err.startswith("admiralty map from-geojson: error: ") and expected in err
    assert "Traceback" not in err


BAD_ARGUMENTS = {
    "rows-without-colon": (["--rows", "A-D"], "expected FIRST:LAST"),
    "columns-not-numbers": (["--columns", "a:b"], "expected FIRST:LAST"),
    "reversed-rows": (["--rows", "D:A"], "must not come before the first"),
    "bad-row-label": (["--rows", "A1:D"], "not a row label"),
    "negative-cell": (["--cell", "-1"], "expected a positive number"),
    "nan-cell": (["--cell", "nan"], "expected a positive number"),
    "three-number-bbox": (["--bbox", "0,1,2"], "expected 4 comma-separated numbers"),
    "upside-down-bbox": (["--bbox", "0,2,5,-2"], "W < E and S < N"),
    "nation-without-equals": (["--nation", "Italy"], "expected COUNTRY=NATION"),
    "bad-id": (["--id", "West Sea"], "lowercase kebab-case"),
    "unknown-option": (["--colour", "blue"], "unrecognized arguments"),
    "bad-stagger": (["--stagger", "diagonal"], "invalid choice"),
    "sea-fraction-of-one": (["--min-sea-fraction", "1"], "a fraction from 0 to below 1"),
    # the grid bounds validate holds a map to (GRA005, GRA006) hold for the grid given here, before any work
    "hostile-grid-size": (["--rows", "A:ZZZ", "--columns", "1:9999"], "182,761,722 cells, over the bound of 25,000 "
                          "(GRA005)"),
    "huge-cell": (["--cell", "1e300"], "is beyond 1e+09 (GRA006)"),
    "origin-far-in-cells": (["--cell", "1", "--origin", "-2000000,0"], "2e+06 cells from (0, 0) (cell 1): over "
                            "1e+06, the cells round into each other (GRA006)"),
    "cell-under-one-unit": (["--cell", "0.99"], "--cell 0.99 is under 1 map unit"),
}


@pytest.mark.parametrize("case", sorted(BAD_ARGUMENTS))
def test_bad_arguments_are_one_line(case: str, geojson: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extra, expected = BAD_ARGUMENTS[case]
    code, out, err = run([str(geojson), *ARGS, *extra], capsys)
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and expected in err, err


@pytest.mark.parametrize(("argv", "expected"), [
    ([], "the following arguments are required: GEOJSON"),
    (["land.geojson", "--rows", "A:D", "--columns", "1:5", "--bbox", "0,-2,5,2"], "missing --id"),
    (["land.geojson", "--id", "x", "--columns", "1:5", "--bbox", "0,-2,5,2"], "missing --rows"),
    (["land.geojson", "--id", "x", "--rows", "A:D", "--columns", "1:5"], "missing --bbox"),
])  # fmt: skip
def test_missing_arguments_are_named(argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(argv, capsys)
    assert code == 1 and err.count("\n") == 1 and expected in err


def test_ports_file_mistakes_are_one_line(geojson: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "ports.yaml"
    bad.write_text(yaml.safe_dump([{"id": "x", "name": "X", "at": [1, 2]}]), encoding="utf-8")
    code, _, err = run([str(geojson), *ARGS, "--ports", str(bad)], capsys)
    assert code == 1 and "port 1 lacks nation" in err
    inland: list[dict[str, Any]] = [dict(PORTS[0], at=[4.9, 2.9])]  # everything is sea: no coast to snap to
    bad.write_text(yaml.safe_dump(inland), encoding="utf-8")
    empty = tmp_path / "empty.geojson"
    empty.write_text(json.dumps({"type": "FeatureCollection", "features": []}), encoding="utf-8")
    no_nations = [a for a in ARGS if a != "--nation" and "=" not in a]
    code, _, err = run([str(empty), *no_nations, "--ports", str(bad)], capsys)
    assert code == 1 and err.startswith("admiralty map from-geojson: error: cannot build the map: port 'westport'")
    code, _, err = run([str(empty), *ARGS], capsys)
    assert code == 1 and "no country in" in err and "'Westland'" in err


def test_help_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--help"], capsys)
    assert code == 0 and "--km-per-unit" in out and "COUNTRY=NATION" in out


def test_wired_into_the_admiralty_command(geojson: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert admiralty_main(["map", "from-geojson", str(geojson), *ARGS]) == 0
    assert yaml.safe_load(capsys.readouterr().out)["id"] == "west-sea"


@pytest.mark.parametrize("cell", [1, 1000])
def test_the_default_tolerances_follow_the_cell(cell: int, geojson: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same coast on a grid of cell 1 (the smallest taken) or 1000 gives the zones, kinds and borders it gives
    with the usual cell of 10: simplification and the smallest land part are in cells, not in fixed units."""
    def zones_at(size: int) -> list[dict[str, Any]]:
        args = ARGS[: ARGS.index("--simplify")] + ARGS[ARGS.index("--projection"):]
        args[args.index("--cell") + 1] = str(size)
        args[args.index("--km-per-unit") + 1] = str(KM_PER_DEGREE / size)
        code, out, _ = run([str(geojson), *args, "--adjacency", "list"], capsys)
        assert code == 0
        document = yaml.safe_load(out)
        return [document["zones"], document["adjacency"]]

    assert zones_at(cell) == zones_at(10)
