"""Random map windows over Natural Earth's 1:10m Europe, for the from-geojson property test and its benchmark.

A window is a bbox around one of the seas below, moved and sized at random, with a grid of random rows and
columns whose cells come out roughly square on the map.
"""

from __future__ import annotations

import json
import math
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from admiralty.rulesets.dreadnought.validator.authoring.from_geojson import build_map
from admiralty.rulesets.dreadnought.validator.authoring.grid import index_label
from admiralty.rulesets.dreadnought.validator.authoring.mapyaml import dump_document
from admiralty.rulesets.dreadnought.validator.authoring.projection import height_km
from admiralty.validator.pipeline import validate

DATA = Path(__file__).resolve().parents[2] / "data" / "naturalearth-10m-europe.geojson"  # committed: public domain
SEAS = {  # a point at sea in each, lon/lat
    "North Sea": (3.0, 56.0), "Baltic": (19.0, 57.0), "Aegean": (25.0, 38.5), "Channel": (-2.0, 50.0),
    "Black Sea": (34.0, 43.5), "Adriatic": (16.0, 42.5), "Tyrrhenian": (12.0, 40.0), "Gulf of Bothnia": (20.0, 62.0),
    "Gulf of Finland": (26.0, 59.8), "Kattegat": (11.5, 57.0), "Ionian": (19.0, 37.5), "Bay of Biscay": (-4.0, 45.5),
    "Irish Sea": (-4.8, 53.8), "Sea of Marmara": (28.0, 40.7), "Balearic Sea": (2.5, 40.5),
}  # fmt: skip


@lru_cache(maxsize=1)
def europe() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


def window(sea: str, dx: float, dy: float, width: float, rows: int, columns: int) -> dict[str, Any]:
    """The spec of a window ``width`` degrees wide, centred ``dx``, ``dy`` degrees from the sea's point."""
    lon, lat = SEAS[sea]
    lon, lat = lon + dx, lat + dy
    # as many degrees of latitude as make the cells square on the map
    height = width * math.cos(math.radians(lat)) * rows / columns
    west, south = round(lon - width / 2, 2), round(lat - height / 2, 2)
    bbox = [west, south, round(west + width, 2), round(south + height, 2)]
    grid = {"rows": ["A", index_label(rows - 1)], "columns": [1, columns], "cell": 10}
    km = height_km(bbox) / (rows * 10)
    return {"id": "window", "title": f"{sea} window", "grid": grid, "bbox": bbox, "km_per_unit": km}


def build_and_validate(spec: dict[str, Any]) -> tuple[int, list[str]]:
    """Build the window's map, write it and validate it alone: (sea zones, error diagnostics)."""
    built = build_map(europe(), spec)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "window.yaml"
        path.write_text(dump_document(built.document, ""), encoding="utf-8")
        report = validate([str(path)]).report
    errors = [f"{d.code} {d.message}" for d in report.diagnostics if d.severity == "error"]
    return len(built.geometry.zones), errors
