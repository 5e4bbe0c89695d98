"""Regenerate ``adriatic.yaml`` from Natural Earth's 1:110m countries.

Run from the repository root: ``python scenarios/dreadnought/maps/build_adriatic.py`` (add ``--check`` to
compare with the committed file instead of writing it). The output is deterministic: the same inputs give
the same bytes, which ``tests/authoring`` checks.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from admiralty.validator.rulesets.dreadnought.authoring.derive import sea_zone_components  # noqa: E402
from admiralty.validator.rulesets.dreadnought.authoring.from_geojson import MapBuild, build_map  # noqa: E402
from admiralty.validator.rulesets.dreadnought.authoring.mapyaml import MAP_MODELINE, dump_document  # noqa: E402

GEOJSON = ROOT / "data" / "naturalearth-110m-europe.geojson"
OUTPUT = HERE / "adriatic.yaml"

DESCRIPTION = """\
The Adriatic from the Gulf of Trieste to the Strait of Otranto and the Ionian approaches, on a grid of
22 rows (K to AF, north to south) and 20 columns (10 to 29, west to east). One map unit is 3.5 km; a cell
is 10 units, 35 km across. Coastlines are Natural Earth's 1:110m, simplified; borders are those of
1915-1918: the coast from Trieste to Antivari (with occupied Montenegro) is Austro-Hungarian, Valona and
Saseno Italian (from 1914), Durazzo Austro-Hungarian (occupied 1916-1918), Corfu an Allied base (1916).
The small islands (Lissa, Lagosta, Pelagosa, Saseno, Corfu) are drawn by hand, each inside one zone. The
Tyrrhenian coast of Italy is outside the game: the grid's cells west of the Apennines are filled as land
("Tyrrhenian Sea (off the map)"), so that every sea zone on the map connects to every other."""

# lon/lat rings, kept small so that each island lies inside one cell
ISLANDS: list[dict[str, Any]] = [
    {
        "id": "lissa",
        "name": "Lissa (Vis)",
        "nation": "austria-hungary",
        "centre": (16.12, 43.03),
        "half": (0.065, 0.025),
    },
    {
        "id": "lagosta",
        "name": "Lagosta (Lastovo)",
        "nation": "austria-hungary",
        "centre": (16.87, 42.73),
        "half": (0.055, 0.02),
    },
    {
        "id": "pelagosa",
        "name": "Pelagosa (Palagruža)",
        "nation": "austria-hungary",
        "centre": (16.24, 42.39),
        "half": (0.012, 0.006),
    },
    {
        "id": "saseno",
        "name": "Saseno (Sazan)",
        "nation": "italy",
        "centre": (19.28, 40.50),
        "half": (0.019, 0.014),
    },
    {"id": "corfu", "name": "Corfu", "nation": "greece", "centre": (19.80, 39.55), "half": (0.08, 0.045)},
]

# the Tyrrhenian side of Italy, bounded by a line along the Apennines inside Italy's own land
TYRRHENIAN = [
    [11.9, 38.9],
    [16.4, 38.9],
    [16.3, 39.3],
    [16.0, 40.0],
    [15.3, 40.6],
    [14.5, 41.2],
    [13.5, 41.7],
    [12.6, 42.2],
    [11.9, 42.2],
]


def island_ring(centre: tuple[float, float], half: tuple[float, float]) -> list[list[float]]:
    """An octagon around ``centre`` with the given half-widths (degrees of longitude, latitude)."""
    (lon, lat), (dx, dy) = centre, half
    shape = [(1, 0), (0.7, 0.7), (0, 1), (-0.7, 0.7), (-1, 0), (-0.7, -0.7), (0, -1), (0.7, -0.7)]
    return [[round(lon + a * dx, 4), round(lat + b * dy, 4)] for a, b in shape]


SPEC: dict[str, Any] = {
    "id": "adriatic",
    "title": "The Adriatic and the Strait of Otranto, 1915-1918",
    "description": DESCRIPTION,
    "grid": {"rows": ["K", "AF"], "columns": [10, 29], "cell": 10, "origin": [0, 0], "stagger": "none"},
    "bbox": [12.0, 39.0, 20.5, 45.9],
    "km_per_unit": 3.5,
    "projection": "equirectangular",
    "state_projection": False,
    "nations": {
        "Italy": "italy",
        "Slovenia": "austria-hungary",
        "Croatia": "austria-hungary",
        "Bosnia and Herz.": "austria-hungary",
        "Montenegro": "austria-hungary",
        "Hungary": "austria-hungary",
        "Austria": "austria-hungary",
        "Albania": "albania",
        "Greece": "greece",
        "Serbia": "serbia",
        "Kosovo": "serbia",
        "North Macedonia": "serbia",
    },
    "nation_names": {
        "italy": "Italy",
        "austria-hungary": "Austria-Hungary",
        "albania": "Albania",
        "greece": "Greece",
        "serbia": "Serbia",
    },
    "simplify": 0.5,
    "min_land_area": 1.0,
    "extra_land": [
        {"id": "tyrrhenian-off-map", "name": "Tyrrhenian Sea (off the map)", "nation": "italy", "polygon": TYRRHENIAN},
        *(
            {
                "id": i["id"],
                "name": i["name"],
                "nation": i["nation"],
                "island": True,
                "polygon": island_ring(i["centre"], i["half"]),
            }
            for i in ISLANDS
        ),
    ],
    "ports": [
        {"id": "trieste", "name": "Trieste", "nation": "austria-hungary", "at": [13.77, 45.65],
         "coast": "italy"},
        {"id": "pola", "name": "Pola", "nation": "austria-hungary", "at": [13.85, 44.87]},
        {"id": "sebenico", "name": "Sebenico", "nation": "austria-hungary", "at": [15.89, 43.73]},
        {"id": "cattaro", "name": "Cattaro", "nation": "austria-hungary", "at": [18.77, 42.42]},
        {"id": "durazzo", "name": "Durazzo", "nation": "austria-hungary", "at": [19.45, 41.31],
         "coast": "albania"},
        {"id": "venice", "name": "Venice", "nation": "italy", "at": [12.33, 45.43]},
        {"id": "ancona", "name": "Ancona", "nation": "italy", "at": [13.52, 43.62]},
        {"id": "bari", "name": "Bari", "nation": "italy", "at": [16.87, 41.13]},
        {"id": "brindisi", "name": "Brindisi", "nation": "italy", "at": [17.94, 40.64]},
        {"id": "otranto", "name": "Otranto", "nation": "italy", "at": [18.49, 40.15]},
        {"id": "taranto", "name": "Taranto", "nation": "italy", "at": [17.23, 40.47]},
        {"id": "valona", "name": "Valona (Vlorë)", "nation": "italy", "at": [19.49, 40.47], "coast": "albania"},
        {"id": "corfu", "name": "Corfu", "nation": "france", "at": [19.92, 39.62]},
    ],
    "zone_names": [
        {"name": "Gulf of Trieste", "at": [13.6, 45.65]},
        {"name": "Gulf of Venice", "at": [12.6, 45.5]},
        {"name": "Kvarner (Quarnero)", "at": [14.4, 45.0]},
        {"name": "Northern Adriatic", "at": [13.0, 44.6]},
        {"name": "Off Ancona", "at": [13.75, 43.75]},
        {"name": "Lissa", "at": [16.12, 43.03]},
        {"name": "Lagosta", "at": [16.87, 42.73]},
        {"name": "Pelagosa", "at": [16.24, 42.39]},
        {"name": "Gulf of Manfredonia", "at": [16.1, 41.6]},
        {"name": "Bocche di Cattaro", "at": [18.6, 42.35]},
        {"name": "Southern Adriatic", "at": [18.0, 41.8]},
        {"name": "Gulf of Drin", "at": [19.4, 41.75]},
        {"name": "Off Brindisi", "at": [18.1, 40.75]},
        {"name": "Bay of Valona", "at": [19.28, 40.5]},
        {"name": "Strait of Otranto", "at": [18.9, 40.2]},
        {"name": "Gulf of Taranto", "at": [17.2, 40.0]},
        {"name": "Corfu", "at": [19.8, 39.55]},
        {"name": "Ionian Sea", "at": [18.5, 39.3]},
    ],
    "sources": [
        "Natural Earth, Admin 0 countries 1:110m (public domain), naturalearthdata.com; "
        "data/naturalearth-110m-europe.geojson",
        "Generated by scenarios/dreadnought/maps/build_adriatic.py with "
        "admiralty.validator.rulesets.dreadnought.authoring.from_geojson",
    ],
}


def build() -> MapBuild:
    """Build the map and check what the corpus relies on: one connected sea, ports on open water."""
    import json

    result = build_map(json.loads(GEOJSON.read_text(encoding="utf-8")), SPEC)
    groups = sea_zone_components(result.geometry.graph)
    if len(groups) != 1:
        raise SystemExit(f"the sea zones fall apart into {len(groups)} groups: {[g[:3] for g in groups]}")
    return result


def render() -> str:
    """The text of ``adriatic.yaml`` as the builder makes it now."""
    return dump_document(build().document, MAP_MODELINE)


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        same = OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == text
        print("adriatic.yaml is up to date" if same else "adriatic.yaml differs from what the builder makes")
        return 0 if same else 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
