"""Generate large synthetic dreadnought corpora for the benchmarks (deterministic for a seed)."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from admiralty.rulesets.dreadnought.validator.geometry import index_label
from admiralty.scaffold.export import export_schemas

COAST_ROWS = 4  # rows a southern coast (``write_map(coast=True)``) may reach into
MODELINE = "# yaml-language-server: $schema=schemas/dreadnought/{kind}.schema.json\n"  # exported beside the files


def _dump(path: Path, kind: str, data: dict[str, object]) -> None:
    path.write_text(MODELINE.format(kind=kind) + yaml.safe_dump(data, sort_keys=False, default_flow_style=None))


def grid_shape(zones: int) -> tuple[int, int]:
    rows = max(2, int(zones ** 0.5 * 0.8))
    columns = max(2, -(-zones // rows))
    return rows, columns


def write_map(folder: Path, zones: int, *, seed: int = 1, islands: int = 0, ports: int = 8,
              map_id: str = "bench-map", coast: bool = False) -> dict[str, object]:
    """A grid map of about ``zones`` zones with a land strip along the west, islands and ports; with
    ``coast``, also a jagged southern coast that runs through cells, along grid lines and across corners
    (wholly-land cells, coastal zones, land sides, borders closed by land)."""
    rng = random.Random(seed)
    rows, columns = grid_shape(zones)
    cell = 10.0
    height = rows * cell
    land = [{"id": "westland", "name": "Westland", "nation": "austria-hungary",
             "polygon": [[-cell, 0.0], [0.0, 0.0], [0.0, height], [-cell, height]]}]
    if coast:
        land.append({"id": "southland", "name": "Southland", "nation": "italy",
                     "polygon": jagged_coast(columns, cell, random.Random(seed + 1))})
    taken = set()
    for i in range(islands):
        r, c = rng.randrange(rows), rng.randrange(1, columns)
        if (r, c) in taken:
            continue
        taken.add((r, c))
        x0, y0 = c * cell + 3, (rows - 1 - r) * cell + 3
        land.append({"id": f"isle-{i}", "name": f"Isle {i}", "nation": "italy",
                     "polygon": [[x0, y0], [x0 + 2, y0], [x0 + 2, y0 + 2], [x0, y0 + 2]]})
    port_list = []  # along the west coast, in the middle of a cell's side, north of a southern coast
    port_rows = rows - COAST_ROWS if coast else rows
    for i in range(ports):
        r = (i * port_rows) // ports
        port_list.append({"id": f"port-{i}", "name": f"Port {i}", "nation": "austria-hungary" if i % 2 else "italy",
                          "at": [0.0, (rows - r - 0.5) * cell]})
    data: dict[str, object] = {
            "kind": "map", "ruleset": "dreadnought", "id": map_id, "title": f"Benchmark sea of {rows * columns} zones",
            "grid": {"rows": ["A", index_label(rows - 1)], "columns": [1, columns], "cell": cell, "origin": [0, 0]},
            "land": land, "ports": port_list, "adjacency": "derived"}
    _dump(folder / f"{map_id}.yaml", "map", data)
    return data


def jagged_coast(columns: int, cell: float, rng: random.Random) -> list[list[float]]:
    """A coast across the bottom rows: at each column boundary the shore sits 1 to 3 cells up, on a grid
    line or halfway between, with a headland or a bay in between; the bottom row is mostly land."""
    ring = [[0.0, -cell]]
    for c in range(columns + 1):
        ring.append([c * cell, rng.choice((1.0, 1.5, 2.0, 3.0)) * cell])
        if c < columns:
            ring.append([(c + 0.5) * cell, rng.choice((0.5, 1.0, 2.5)) * cell])
    ring.append([columns * cell, -cell])
    return ring


def write_catalogs(folder: Path) -> None:
    for nation, prefix in (("austria-hungary", "Aus"), ("italy", "Ita")):
        classes = [{"id": "cruiser", "name": "Cruiser", "type": "CL", "speed": "2", "hull": 4,
                    "fuel": {"kind": "coal", "boxes": 40}, "gunnery": {"secondary": 2}, "victory_points": 5},
                   {"id": "battleship", "name": "Battleship", "type": "BB", "speed": "1", "hull": 12,
                    "fuel": {"kind": "oil", "boxes": 40}, "gunnery": {"primary": 8}, "victory_points": 40}]
        ships = [{"name": f"{prefix} {i}", "class": "cruiser" if i % 3 else "battleship", "leader": i == 0}
                 for i in range(40)]
        _dump(folder / f"{nation}-bench.yaml", "ships", {"kind": "ships", "ruleset": "dreadnought",
                                                         "id": f"{nation}-bench", "nation": nation,
                                                         "classes": classes, "ships": ships})


def _wandering(rng: random.Random, rows: int, columns: int, turns: int) -> list[str]:
    """A fleet drifting north and south along one column; a turn it keeps its zone is written 'stay', as an
    author writes it (an order to the zone it is in is GRA004), so that the generated corpus is valid."""
    r, c = rng.randrange(rows), rng.randrange(2, columns + 1)
    orders: list[str] = []
    for _ in range(turns):
        moved = min(rows - 1, max(0, r + rng.choice((-1, 0, 1))))
        orders.append("stay" if orders and moved == r else f"{index_label(moved)}{c}")
        r = moved
    return orders


def _meeting(rng: random.Random, rows: int, columns: int, turns: int, side: int, band: int) -> list[str]:
    """Courses that cross the other side's: side 0 steams east and side 1 west along the same few rows, a
    zone a turn, then back, so fleets meet (contacts, then battles) as the corpus's do."""
    r = min(rows - 1, band + rng.choice((0, 1)))
    c = 2 + rng.randrange(2) if side == 0 else columns - rng.randrange(2)
    step = 1 if side == 0 else -1
    orders = []
    for _ in range(turns):
        if not 2 <= c + step <= columns:
            step = -step
        turn_row = rng.random() < 0.2  # now and then a row north or south instead (never diagonally)
        row = min(rows - 1, max(0, r + rng.choice((1, -1)))) if turn_row else r
        if row != r:
            r = row
        else:  # on the first or last row the turn would stay put, which is GRA004 ("write 'stay'")
            c += step
        orders.append(f"{index_label(r)}{c}")
    return orders


def write_scenarios(folder: Path, count: int, rows: int, columns: int, *, seed: int = 2,
                    map_id: str = "bench-map", turns: int = 12, meet: bool = False) -> None:
    """``count`` scenarios of four fleets a side; ``meet``: on crossing courses (see ``_meeting``)."""
    rng = random.Random(seed)
    for n in range(count):
        sides = []
        for s, (side_id, nation, prefix) in enumerate((("central-powers", "austria-hungary", "Aus"),
                                                        ("entente", "italy", "Ita"))):
            fleets = []
            for f in range(4):
                orders = (_meeting(rng, rows, columns, turns, s, rows // 2 - 2 + f) if meet
                          else _wandering(rng, rows, columns, turns))
                ships = [f"{prefix} {f * 2 + 1}", f"{prefix} {f * 2 + 2}"]
                fleets.append({"id": f"fleet-{s}-{f}", "mission": "intercept", "start": orders[0],
                               "ships": ships, "orders": orders[1:]})
            sides.append({"id": side_id, "name": side_id.title(), "nations": [nation], "fleets": fleets})
        data: dict[str, object] = {
                "kind": "scenario", "ruleset": "dreadnought", "id": f"bench-{n}", "title": f"Benchmark {n}",
                "date": "1917-05-15", "map": map_id, "catalogs": ["austria-hungary-bench", "italy-bench"],
                "briefing": "A generated scenario for the benchmarks.", "turns": {"count": turns, "night": [1, turns]},
                "sides": sides,
                # each side can win (else SID002 warns on every file, and a validate benchmark times the
                # re-parse with positions that a finding costs instead of a clean corpus)
                "victory": {"conditions": [{"side": side, "kind": "vp-lead", "value": 1}
                                           for side in ("central-powers", "entente")]},
                "smoke": {"games": 10}}
        _dump(folder / f"bench-{n}.yaml", "scenario", data)


def copy_schemas(folder: Path) -> None:
    """The package's schemas beside the generated files, so that their modelines resolve (else every file
    carries an SCH012 warning and the figures time the warnings too)."""
    export_schemas(folder / "schemas", on_conflict="overwrite")


def write_corpus(folder: Path, zones: int, scenarios: int, *, islands: int = 0, ports: int = 8) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    copy_schemas(folder)
    write_map(folder, zones, islands=islands, ports=ports)
    write_catalogs(folder)
    rows, columns = grid_shape(zones)
    write_scenarios(folder, scenarios, rows, columns)
