"""``admiralty new scenario ID``: a skeleton scenario that validates, built from the corpus's map and
catalogs, with the schema modeline first so that editors help from the first keystroke."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import yaml

from admiralty.validator.build import BuildContext
from admiralty.validator.build.dreadnought import build_catalog, build_map
from admiralty.validator.pipeline import validate
from admiralty.validator.schema import schema_path

ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _fail(message: str) -> int:
    print(f"admiralty new: {message}", file=sys.stderr)
    return 1


def new_scenario(scenario_id: str, corpus: str, map_id: str | None, out: str | None) -> int:
    if not ID.match(scenario_id):
        return _fail(f"'{scenario_id}' is not a lowercase kebab-case id (e.g. lissa-1916)")
    result = validate([corpus])
    ctx = BuildContext()
    maps = {i.id: i for i in result.loaded if i.ruleset == "dreadnought" and i.kind == "map"}
    catalogs = [build_catalog(i.doc, ctx) for i in result.loaded if i.ruleset == "dreadnought" and i.kind == "ships"]
    if not maps or not catalogs:
        return _fail(f"no valid dreadnought map and ship catalogs under '{corpus}'; validate it first")
    chosen = maps.get(map_id) if map_id else maps[sorted(maps)[0]]
    if chosen is None:
        return _fail(f"no map '{map_id}' under '{corpus}'; known: {', '.join(sorted(maps))}")
    sea_map = build_map(chosen.doc, ctx)
    sides: list[dict[str, Any]] = []
    used: list[str] = []
    for catalog in sorted(catalogs, key=lambda c: c.id):
        port = next((p for p in sea_map.ports.values() if p.nation == catalog.nation and p.zones), None)
        ship = next(iter(catalog.ships.values()), None)
        if port is None or ship is None or any(catalog.nation in s["nations"] for s in sides):
            continue
        used.append(catalog.id)
        sides.append({"id": f"side-{len(sides) + 1}", "name": catalog.nation.replace("-", " ").title(),
                      "nations": [catalog.nation], "fleets": [{
                          "id": f"fleet-{len(sides) + 1}", "mission": "intercept", "start": port.id,
                          "ships": [ship.name], "orders": [port.zones[0], "stay"]}]})
        if len(sides) == 2:
            break
    if len(sides) < 2:
        return _fail("the corpus needs catalogs of two nations that hold ports on the map")
    folder = Path(out) if out else next((p for p in (Path(corpus) / "dreadnought" / "scenarios",) if p.is_dir()),
                                        Path(corpus))
    target = folder / f"{scenario_id}.yaml"
    if target.exists():
        return _fail(f"'{target}' already exists; nothing was written")
    modeline = os.path.relpath(schema_path("dreadnought", "scenario"), folder.resolve()).replace(os.sep, "/")
    body = {
        "kind": "scenario", "ruleset": "dreadnought", "id": scenario_id,
        "title": scenario_id.replace("-", " ").title(), "date": "1917-01-01", "map": chosen.id,
        "catalogs": used, "briefing": "Write the historical background here (Markdown).\n",
        "sources": ["Name your sources here."], "turns": {"count": 12, "night": [1, 2, 11, 12]},
        "sides": sides,
        "victory": {"conditions": [{"side": sides[0]["id"], "kind": "vp-lead", "value": 1}], "otherwise": "draw"},
        "smoke": {"games": 50, "balance": [0.35, 0.65]},
    }
    folder.mkdir(parents=True, exist_ok=True)
    text = f"# yaml-language-server: $schema={modeline}\n" + yaml.safe_dump(body, sort_keys=False, allow_unicode=True,
                                                                             width=100)
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}: validate it with `admiralty validate {corpus} {target}`")
    return 0
