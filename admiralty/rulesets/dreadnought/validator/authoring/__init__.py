"""Tools for corpus authors: build dreadnought maps from GeoJSON, derive their zones, write tidy YAML.

The grid geometry (cells, sea zones, kinds, adjacency) is :mod:`dreadnought.geometry`'s, shared with the
validator's build; ``admiralty map from-geojson`` is :func:`dreadnought.authoring.cli.map_from_geojson`.
"""

from admiralty.rulesets.dreadnought.validator.authoring.derive import MapGeometry, map_geometry, sea_zone_components
from admiralty.rulesets.dreadnought.validator.authoring.from_geojson import (
    MapBuild,
    build_from_files,
    build_map,
    build_map_document,
)
from admiralty.rulesets.dreadnought.validator.authoring.grid import (
    Grid,
    grid_cells,
    index_label,
    label_index,
    row_labels,
)
from admiralty.rulesets.dreadnought.validator.authoring.mapyaml import dump_document, write_map_yaml
from admiralty.rulesets.dreadnought.validator.authoring.projection import Projection

__all__ = [
    "Grid",
    "MapBuild",
    "MapGeometry",
    "Projection",
    "build_from_files",
    "build_map",
    "build_map_document",
    "dump_document",
    "grid_cells",
    "index_label",
    "label_index",
    "map_geometry",
    "row_labels",
    "sea_zone_components",
    "write_map_yaml",
]
