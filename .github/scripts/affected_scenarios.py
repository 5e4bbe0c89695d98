"""Print the ids of the scenarios a change touches: the changed scenarios themselves, and every scenario
whose map or ship catalogs changed. Used by CI to smoke only what a pull request can break."""

from __future__ import annotations

import sys
from pathlib import Path

from admiralty.validator.pipeline import validate


def affected(changed: list[str], corpus: str = "scenarios") -> list[str]:
    changed_paths = {Path(p).resolve() for p in changed}
    result = validate([corpus])
    changed_ids = {(item.kind, item.id) for item in result.loaded if Path(item.doc.file).resolve() in changed_paths}
    ids = set()
    for scenario in result.scenarios:
        uses = {("scenario", scenario.id)}
        sea_map = getattr(scenario, "map", None)
        if sea_map is not None and hasattr(sea_map, "id"):
            uses.add(("map", sea_map.id))
        table = getattr(scenario, "table", None)
        if table is not None and hasattr(table, "id"):
            uses.add(("table", table.id))
        uses |= {("ships", c.id) for c in getattr(scenario, "catalogs", ())}
        if uses & changed_ids:
            ids.add(scenario.id)
    return sorted(ids)


if __name__ == "__main__":
    print(" ".join(affected(sys.argv[1:])))
