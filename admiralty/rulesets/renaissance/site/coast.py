"""The coastlines under the renaissance maps: Natural Earth land (public domain) in longitude and latitude.

The site must build from the installed package alone (no coastline file in a wheel), so a
simplified copy ships as package data, ``coast.json``: the 1:10m land of Natural Earth between 12°W and
31°E, 29°N and 59°N (Gibraltar to Constantinople, Djerba to Leith), simplified to about 2 km, islands
smaller than ~4 km² dropped (Malta, Gozo, Djerba and the Ionian islands stay). Regenerate it with

    python -m admiralty.rulesets.renaissance.site.coast data/naturalearth-10m-europe.geojson
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

from shapely.geometry import Polygon, box, shape
from shapely.ops import unary_union

from admiralty.atomic import write_text

COAST_FILE = Path(__file__).with_name("coast.json")
EXTENT = (-12.0, 29.0, 31.0, 59.0)  # west, south, east, north in degrees
TOLERANCE = 0.02  # degrees: about 2 km, finer than a pixel on any of these maps
SMALLEST = 0.0004  # square degrees: about 4 km², smaller than any island a scenario names
ATTRIBUTION = "Coastlines: Natural Earth (naturalearthdata.com), public domain."


@lru_cache(maxsize=1)
def land() -> tuple[Polygon, ...]:
    """The packaged land polygons, each with its holes (lakes), in (longitude, latitude)."""
    data = json.loads(COAST_FILE.read_text(encoding="utf-8"))
    return tuple(Polygon(rings[0], rings[1:]) for rings in data["polygons"])


def make_coast(geojson: Path) -> dict[str, object]:
    """The content of ``coast.json`` from a Natural Earth countries GeoJSON: borders dissolved, clipped to
    ``EXTENT``, simplified, small islands dropped, coordinates to 3 decimals (100 m)."""
    features = json.loads(geojson.read_text(encoding="utf-8"))["features"]
    merged = unary_union([shape(f["geometry"]).buffer(0) for f in features]).intersection(box(*EXTENT))
    simple = merged.simplify(TOLERANCE).buffer(0)
    parts = [p for p in getattr(simple, "geoms", [simple]) if isinstance(p, Polygon) and p.area >= SMALLEST]
    parts.sort(key=lambda p: (-p.area, p.bounds))  # a fixed order: the file is the same on every run

    def ring(coords: object) -> list[list[float]]:
        return [[round(x, 3), round(y, 3)] for x, y in coords]  # type: ignore[attr-defined]

    return {"source": "Natural Earth, Admin 0 countries 1:10m, public domain (naturalearthdata.com)",
            "extent": list(EXTENT), "tolerance_degrees": TOLERANCE,
            "polygons": [[ring(p.exterior.coords), *(ring(i.coords) for i in p.interiors)] for p in parts]}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m admiralty.rulesets.renaissance.site.coast NATURALEARTH.geojson", file=sys.stderr)
        return 2
    write_text(COAST_FILE, json.dumps(make_coast(Path(argv[0])), separators=(",", ":")) + "\n")
    print(f"wrote {COAST_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
