"""GEO009 tests only the zones that declare a kind (issue 39): the same findings as testing every zone.

A 4 x 4 grid of 10-unit cells (row A at the top, D at the bottom) with land along the west edge of B1
and C1 (a shared border: coastal), meeting A1 at its corner only (not coastal), and an island inside D3.
Some zones declare a kind, the right or the wrong one; the others declare none. The findings must be
exactly the declared zones whose kind differs from the one derived for the whole map
(``geometry.zone_kinds``), and an undeclared zone is never reported."""

from __future__ import annotations

from pathlib import Path

import yaml
from shapely.geometry import Polygon

from admiralty.rulesets.dreadnought.engine.model import SeaMap
from admiralty.rulesets.dreadnought.validator import geometry
from admiralty.validator.pipeline import validate

LAND = {
    "westland": [[-10, 10], [0, 10], [0, 30], [-10, 30]],  # west of B1 and C1; meets A1 at (0, 30) only
    "isle": [[22, 2], [24, 2], [24, 4], [22, 4]],  # inside D3
}
DECLARED = {"A1": "open", "B1": "coastal", "C1": "open", "D3": "open", "D2": "coastal", "B2": "open"}
WRONG = ["C1", "D2", "D3"]  # C1 and D3 touch land, D2 does not


def write_map(folder: Path) -> Path:
    folder.mkdir()
    data = {"kind": "map", "ruleset": "dreadnought", "id": "kinds", "title": "Kinds",
            "grid": {"rows": ["A", "D"], "columns": [1, 4], "cell": 10, "origin": [0, 0]},
            "zones": [{"id": zone_id, "kind": kind} for zone_id, kind in DECLARED.items()],
            "land": [{"id": land_id, "name": land_id.title(), "nation": "italy", "polygon": ring}
                     for land_id, ring in LAND.items()],
            "ports": [], "adjacency": "derived"}  # fmt: skip
    path = folder / "kinds.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_findings_are_the_declared_zones_whose_kind_differs(tmp_path: Path) -> None:
    result = validate([str(write_map(tmp_path / "corpus"))])
    (sea_map,) = [m for m in result.models if isinstance(m, SeaMap)]
    ids = list(sea_map.zones)
    land = geometry.land_union(ring for mass in sea_map.land for ring in mass.polygons)
    derived = geometry.zone_kinds(ids, [Polygon(sea_map.zones[z].polygon) for z in ids], land)
    assert [z for z in ids if derived[z] == "coastal"] == ["B1", "C1", "D3"]  # A1's corner does not count
    assert sorted(z for z, kind in DECLARED.items() if derived[z] != kind) == WRONG
    findings = [d for d in result.report.diagnostics if d.code == "GEO009"]
    assert sorted(d.message.split()[1] for d in findings) == WRONG
    assert {d.json_path for d in findings} == {f"$.zones[{list(DECLARED).index(z)}].kind" for z in WRONG}
