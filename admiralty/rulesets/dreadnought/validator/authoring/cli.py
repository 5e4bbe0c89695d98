"""``admiralty map from-geojson``: build a dreadnought map document from a GeoJSON of land and a grid spec."""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import shapely
import yaml
from shapely.geometry import shape

from admiralty.atomic import OutputError, write_text
from admiralty.rulesets.dreadnought.validator.authoring.countries import unmatched
from admiralty.rulesets.dreadnought.validator.authoring.derive import sea_zone_components
from admiralty.rulesets.dreadnought.validator.authoring.from_geojson import SLIVER_FRACTION, MapBuild, build_map
from admiralty.rulesets.dreadnought.validator.authoring.grid import Grid
from admiralty.rulesets.dreadnought.validator.authoring.mapyaml import dump_document
from admiralty.rulesets.dreadnought.validator.authoring.ports import MAX_PORT_MOVE_KM
from admiralty.rulesets.dreadnought.validator.authoring.projection import PROJECTIONS, height_km
from admiralty.rulesets.dreadnought.validator.build import grid_problem
from admiralty.scaffold.modeline import export_note
from admiralty.scaffold.modeline import modeline_for as shared_modeline

T = TypeVar("T")

PROG = "admiralty map from-geojson"
SPEC_KEYS = ("id", "title", "description", "sources", "grid", "bbox", "km_per_unit", "projection",
             "state_projection", "nations", "nation_names", "default_nation", "merge", "assign_land", "simplify",
             "min_land_area", "min_sea_fraction", "extra_land", "ports", "port_tolerance", "max_port_move_km",
             "allow_port_moves", "zone_names", "list_zones", "adjacency", "blocked")
LAND_TYPES = ("Polygon", "MultiPolygon")
ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")  # the schema's id pattern


MIN_CELL = 1.0  # coordinates are written to 2 decimals: a hundredth of a cell at worst


class CommandError(Exception):
    """A mistake in the command's arguments or inputs: reported on one line, exit code 1."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CommandError(message)


def map_from_geojson(argv: list[str]) -> int:
    """Build a map document from GeoJSON land and a grid spec; write it to ``-o PATH`` or print it.

    Returns the exit code: 0 written, 1 a mistake in the arguments or inputs (one line on stderr, no
    traceback). Every option may also come from ``--spec spec.yaml`` (the keys of
    :func:`dreadnought.authoring.from_geojson.build_from_files`); options given on the command line win.
    ``--km-per-unit`` defaults to what makes the bbox's height fill the grid's rows. The Adriatic map
    of the corpus, drafted from the command line::

        admiralty map from-geojson data/naturalearth-110m-europe.geojson \\
            --id adriatic-draft --title "The Adriatic, 1915-1918" \\
            --rows K:AF --columns 10:29 --cell 10 --origin 0,0 \\
            --bbox 12,39,20.5,45.9 --km-per-unit 3.5 \\
            --nation Italy=italy --nation Croatia=austria-hungary --nation Slovenia=austria-hungary \\
            --nation "Bosnia and Herz.=austria-hungary" --nation Montenegro=austria-hungary \\
            --ports ports.yaml -o scenarios/dreadnought/maps/adriatic-draft.yaml

    with ``ports.yaml`` a list of ports in longitude and latitude (each is moved onto the nearest coast)::

        - {id: pola, name: Pola, nation: austria-hungary, at: [13.85, 44.87]}
        - {id: brindisi, name: Brindisi, nation: italy, at: [17.94, 40.64]}

    The committed maps are made by this command from a spec (``--spec data/maps/adriatic.spec.yaml``: grid,
    nations, ports, zone names and the islands too small for the data), as each map's ``sources`` say.
    """
    try:
        args = _parser().parse_args(attach_values(argv))
        spec = assemble_spec(args)
        collection = read_geojson(Path(args.geojson))
        unknown = unmatched(spec.get("nations", {}), collection["features"])
        if unknown:
            raise CommandError(f"no country in {args.geojson} answers to --nation {', '.join(unknown)} (a name, "
                               "or an ISO 3166 code: alpha-2, alpha-3 or numeric)")
        output = Path(args.output) if args.output else None
        if output is not None and output.exists() and not args.force:
            raise CommandError(f"{output} exists; pass --force to overwrite it")
        try:
            built = build_map(collection, spec)
        except (ValueError, KeyError, TypeError, shapely.errors.GEOSException) as error:
            raise CommandError(f"cannot build the map: {_text(error)}") from error
        text = dump_document(built.document, modeline_for(output))
        if output is None:
            sys.stdout.write(text)
        else:
            try:
                write_text(output, text)
            except OutputError as error:
                raise CommandError(str(error)) from error
        print(summary(built, output), file=sys.stderr)
        return 0
    except CommandError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    except SystemExit as done:  # --help
        return int(done.code or 0)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Build a dreadnought map document from a GeoJSON FeatureCollection "
                     "of land polygons (property `name`, lon/lat) and a grid spec.",
                     epilog="example: admiralty map from-geojson land.geojson --id adriatic --rows K:AF "
                     "--columns 10:29 --cell 10 --bbox 12,39,20.5,45.9 --nation Italy=italy -o adriatic.yaml")
    parser.add_argument("geojson", metavar="GEOJSON", help="FeatureCollection of land polygons in lon/lat")
    parser.add_argument("--spec", metavar="SPEC.yaml", help="a YAML spec with any of these settings, options "
                        f"winning; its keys: {', '.join(SPEC_KEYS)} (each described in the exported schema "
                        "dreadnought/map-spec.schema.json, which editors complete)")
    parser.add_argument("--id", help="the map's id (lowercase kebab-case)")
    parser.add_argument("--title", help="the map's title (default: its id)")
    parser.add_argument("--rows", type=_span(str.upper), metavar="FIRST:LAST", help="row letters, north to south: K:AF")
    parser.add_argument("--columns", type=_span(int), metavar="FIRST:LAST", help="column numbers: 10:29")
    parser.add_argument("--cell", type=_positive, help="side of a cell in map units (default 10)")
    parser.add_argument("--origin", type=_numbers(2), metavar="X,Y", help="the grid's south-west corner (0,0)")
    parser.add_argument("--stagger", choices=("none", "odd-rows", "even-rows"), help="brick layout (default none)")
    parser.add_argument("--bbox", type=_numbers(4), metavar="W,S,E,N", help="degrees, west and south negative "
                        "(--bbox -4,51,10,60 works as written); its south-west corner lands on the origin")
    parser.add_argument("--projection", choices=PROJECTIONS, help="equal-area (default: Lambert cylindrical "
                        "equal-area on the bbox's middle latitude) or equirectangular; the map's description "
                        "states it")
    parser.add_argument("--km-per-unit", type=_positive, help="kilometres per map unit (default: the bbox's "
                        "height fills the grid)")
    parser.add_argument("--nation", action="append", type=_assignment, default=[], metavar="COUNTRY=NATION",
                        help="the nation a GeoJSON country belongs to, the country named or given by its ISO "
                        "code (Italy=italy, ITA=italy, IT=italy, 380=italy; repeatable)")
    parser.add_argument("--merge", choices=("nation", "country"), help="one land entry per nation (default) "
                        "or per country")
    parser.add_argument("--simplify", type=_non_negative, help="simplification tolerance in map units "
                        "(default: a twentieth of the cell, 0.5 for a cell of 10)")
    parser.add_argument("--min-land-area", type=_non_negative, help="smaller land parts join a neighbour or "
                        "are dropped (default: a hundredth of a cell's area, 1.0 for a cell of 10)")
    parser.add_argument("--min-sea-fraction", type=_fraction, help=f"cells with less sea become land "
                        f"({SLIVER_FRACTION})")
    parser.add_argument("--ports", metavar="PORTS.yaml", help="a YAML list of {id, name, nation, at: [lon, lat]}")
    parser.add_argument("--adjacency", choices=("derived", "list"), help="write `adjacency: derived` (default) "
                        "or the derived pairs as a list")
    parser.add_argument("--max-port-move-km", type=_positive, help="refuse to move a port further than this "
                        f"onto the coast (default {MAX_PORT_MOVE_KM:g})")
    parser.add_argument("--allow-port-moves", action="store_true", default=None, help="allow a port to move "
                        "further than that, or onto another landmass (each move is still listed)")
    parser.add_argument("-o", "--output", metavar="PATH", help="where to write the map (default: stdout)")
    parser.add_argument("--force", action="store_true", help="overwrite PATH if it exists")
    return parser


def assemble_spec(args: argparse.Namespace) -> dict[str, Any]:
    """The builder's spec: ``--spec`` first, then each option given on the command line over it."""
    spec: dict[str, Any] = dict(_read_yaml(Path(args.spec), "spec")) if args.spec else {}
    spec["grid"] = _grid_spec(spec, args)
    _override(spec, (("id", args.id), ("title", args.title), ("bbox", args.bbox), ("merge", args.merge),
                     ("km_per_unit", args.km_per_unit), ("simplify", args.simplify),
                     ("min_land_area", args.min_land_area), ("min_sea_fraction", args.min_sea_fraction),
                     ("adjacency", args.adjacency), ("projection", args.projection),
                     ("max_port_move_km", args.max_port_move_km), ("allow_port_moves", args.allow_port_moves)))
    spec["nations"] = {**dict(spec.get("nations", {})), **dict(args.nation)}
    if args.ports:
        spec["ports"] = read_ports(Path(args.ports))
    for key, option in (("id", "--id"), ("bbox", "--bbox")):
        if key not in spec:
            raise CommandError(f"missing {option} (or `{key}` in the spec)")
    if not isinstance(spec["id"], str) or not ID.match(spec["id"]):
        raise CommandError(f"--id must be lowercase kebab-case (like adriatic-1915), not {spec['id']!r}")
    spec.setdefault("title", spec["id"])
    parsed = _checked_frame(spec)
    height = height_km(spec["bbox"], str(spec.get("projection", "equal-area")))
    spec.setdefault("km_per_unit", height / (len(parsed.row_labels) * parsed.cell))
    return spec


def _override(target: dict[str, Any], given: tuple[tuple[str, object], ...]) -> None:
    """Options given on the command line replace the spec's values (tuples become lists, as YAML has them)."""
    for key, value in given:
        if value is not None:
            target[key] = list(value) if isinstance(value, tuple) else value


def _grid_spec(spec: Mapping[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    if not isinstance(spec.get("grid", {}), Mapping):
        raise CommandError("the spec's `grid` must be a mapping")
    grid = dict(spec.get("grid", {}))
    _override(grid, (("rows", args.rows), ("columns", args.columns), ("cell", args.cell),
                     ("origin", args.origin), ("stagger", args.stagger)))
    grid.setdefault("cell", 10)
    for key in ("rows", "columns"):
        if key not in grid:
            raise CommandError(f"missing --{key} (or grid.{key} in the spec)")
    return grid


def _checked_frame(spec: Mapping[str, Any]) -> Grid:
    """The spec's grid, parsed, once its bbox is known to be W,S,E,N in order."""
    try:
        parsed = Grid.from_doc(spec["grid"])
        west, south, east, north = (float(v) for v in spec["bbox"])
    except (ValueError, TypeError, KeyError, IndexError) as error:
        raise CommandError(f"bad grid or bbox: {_text(error)}") from error
    if not (west < east and south < north):
        raise CommandError("--bbox must be W,S,E,N with W < E and S < N")
    if (problem := grid_problem(spec["grid"])) is not None:  # what validate would say of the map made
        code, message, hint = problem
        raise CommandError(f"{message} ({code}): {hint}")
    if parsed.cell < MIN_CELL:
        raise CommandError(f"--cell {parsed.cell:g} is under {MIN_CELL:g} map unit: the map's coordinates are written "
                           "to 2 decimals, which would blur a cell this small; use --cell 10 (the bundled maps') and "
                           "let --km-per-unit follow")
    return parsed


def read_geojson(path: Path) -> dict[str, Any]:
    """A GeoJSON FeatureCollection of named land polygons, or a :class:`CommandError` saying what is wrong."""
    collection = _parse_file(path, "GeoJSON file", json.loads, json.JSONDecodeError, "JSON")
    if not isinstance(collection, dict) or collection.get("type") != "FeatureCollection" or not isinstance(
            collection.get("features"), list):
        raise CommandError(f"{path} is not a GeoJSON FeatureCollection (no `type: FeatureCollection` with "
                           "a list of `features`)")
    for number, feature in enumerate(collection["features"], start=1):
        name = feature.get("properties", {}).get("name") if isinstance(feature, dict) else None
        geometry = feature.get("geometry") if isinstance(feature, dict) else None
        if not isinstance(name, str) or not name:
            raise CommandError(f"{path}: feature {number} has no `properties.name`")
        if not isinstance(geometry, dict) or geometry.get("type") not in LAND_TYPES:
            raise CommandError(f"{path}: feature {number} ({name}) is not a Polygon or MultiPolygon")
        try:
            shape(geometry)
        except (ValueError, TypeError, IndexError, KeyError, shapely.errors.GEOSException) as error:
            raise CommandError(f"{path}: feature {number} ({name}) has bad coordinates: {_text(error)}") from error
    return collection


def read_ports(path: Path) -> list[dict[str, Any]]:
    """The ports file: a YAML list (or a mapping with a ``ports:`` list) of ``{id, name, nation, at}``."""
    data = _read_yaml(path, "ports file", allow_list=True)
    ports = data.get("ports") if isinstance(data, dict) else data
    if not isinstance(ports, list):
        raise CommandError(f"{path}: expected a list of ports")
    for number, port in enumerate(ports, start=1):
        missing = [k for k in ("id", "name", "nation", "at") if not isinstance(port, dict) or k not in port]
        if missing:
            raise CommandError(f"{path}: port {number} lacks {', '.join(missing)}")
        at = port["at"]
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int | float) for v in at)):
            raise CommandError(f"{path}: port {port['id']}: `at` must be [longitude, latitude]")
    return ports


def _parse_file(path: Path, what: str, parse: Callable[[str], object], invalid: type[Exception], form: str) -> object:
    try:
        return parse(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CommandError(f"cannot read {what} {path}: {error.strerror or error}") from error
    except (UnicodeDecodeError, invalid) as error:
        raise CommandError(f"{what} {path} is not {form}: {_text(error)}") from error


def _read_yaml(path: Path, what: str, allow_list: bool = False) -> Any:
    data = _parse_file(path, what, yaml.safe_load, yaml.YAMLError, "YAML")
    if not isinstance(data, dict) and not (allow_list and isinstance(data, list)):
        raise CommandError(f"{what} {path} must be a YAML mapping")
    return data


def modeline_for(output: Path | None) -> str:
    """The schema modeline from the output's folder (the working directory when printing) to the nearest
    schemas folder (``admiralty.scaffold.modeline``); when there is none, to ``schemas/`` in the working
    directory (or beside the output when that lies elsewhere), with a note on stderr to export them there."""
    document = output if output is not None else Path.cwd() / "map.yaml"
    here = Path.cwd().resolve()
    root = here if document.absolute().resolve().is_relative_to(here) else document.absolute().parent
    modeline = shared_modeline(document, "dreadnought", "map", root)
    note = export_note([modeline])
    if note:
        print(f"{PROG}: {note}", file=sys.stderr)
    return modeline.text


def summary(built: MapBuild, output: Path | None) -> str:
    """One line for the author: what was built, and whether the sea holds together."""
    kinds = list(built.geometry.kinds.values())
    moved = max(built.port_snap_km.values(), default=0.0)
    line = (f"{output or 'map'}: {len(kinds)} sea zones ({kinds.count('coastal')} coastal), "
            f"{len(built.document.get('land', []))} land entries, {len(built.port_snap_km)} ports"
            + (f" (moved up to {moved} km onto the coast)" if built.port_snap_km else ""))
    repairs = built.repairs
    if repairs is not None and repairs.cut_off:
        line += (f"; {len(repairs.cut_off)} zone(s) cut off from the main sea were made land: "
                 f"{', '.join(repairs.cut_off)}")
    if repairs is not None and repairs.split:
        line += f"; {repairs.split} island(s) split along cell borders"
    if built.projection is not None:
        line += f"\n{built.projection.describe()}"
    groups = sea_zone_components(built.geometry.graph)
    if len(groups) > 1:
        line += f"; warning: the sea falls apart into {len(groups)} groups (the validator reports GRA002)"
    for move in built.port_moves:  # every port that moved, so that none moves unseen
        line += (f"\nport {move.port}: moved {move.km:g} km from ({move.given[0]:g}, {move.given[1]:g}) to "
                 f"[{move.at[0]:g}, {move.at[1]:g}]" + (" on another landmass (allowed)" if move.other_landmass
                                                         else ""))
    return line


VALUE_OPTIONS = ("--bbox", "--origin")
NUMBER_LIST = re.compile(r"^-[0-9.]")


def attach_values(argv: Sequence[str]) -> list[str]:
    """``--bbox -4,51,10,60`` as ``--bbox=-4,51,10,60``: argparse takes a value that starts with ``-`` and is
    not a plain negative number for an option, so a west longitude or a negative origin would be refused."""
    out: list[str] = []
    for arg in argv:
        if out and out[-1] in VALUE_OPTIONS and NUMBER_LIST.match(arg):
            out[-1] = f"{out[-1]}={arg}"
        else:
            out.append(arg)
    return out


def _text(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


def _span(kind: Callable[[str], T]) -> Callable[[str], tuple[T, T]]:
    def parse(text: str) -> tuple[T, T]:
        first, sep, last = text.partition(":")
        if not sep or not first.strip() or not last.strip():
            raise argparse.ArgumentTypeError(f"expected FIRST:LAST, not {text!r}")
        try:
            return kind(first.strip()), kind(last.strip())
        except ValueError as error:
            raise argparse.ArgumentTypeError(f"expected FIRST:LAST, not {text!r}") from error

    return parse


def _numbers(count: int) -> Callable[[str], tuple[float, ...]]:
    def parse(text: str) -> tuple[float, ...]:
        try:
            values = tuple(float(part) for part in text.split(","))
        except ValueError as error:
            raise argparse.ArgumentTypeError(f"expected {count} comma-separated numbers, not {text!r}") from error
        if len(values) != count or not all(math.isfinite(v) for v in values):
            raise argparse.ArgumentTypeError(f"expected {count} comma-separated numbers, not {text!r}")
        return values

    return parse


def _number(text: str, ok: Callable[[float], bool], wanted: str) -> float:
    try:
        value = float(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"expected {wanted}, not {text!r}") from error
    if not math.isfinite(value) or not ok(value):
        raise argparse.ArgumentTypeError(f"expected {wanted}, not {text!r}")
    return value


def _positive(text: str) -> float:
    return _number(text, lambda v: v > 0, "a positive number")


def _non_negative(text: str) -> float:
    return _number(text, lambda v: v >= 0, "a number of at least 0")


def _fraction(text: str) -> float:
    return _number(text, lambda v: 0 <= v < 1, "a fraction from 0 to below 1")


def _assignment(text: str) -> tuple[str, str]:
    country, sep, nation = text.partition("=")
    if not sep or not country.strip() or not nation.strip():
        raise argparse.ArgumentTypeError(f"expected COUNTRY=NATION, not {text!r}")
    return country.strip(), nation.strip()


def main(argv: Sequence[str] | None = None) -> int:
    return map_from_geojson(list(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    raise SystemExit(main())
