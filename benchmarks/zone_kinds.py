"""Benchmark: growth of the GEO009 check (``zone_kinds_match_the_coast``) from 5,000 to 20,000 zones (issue 39).

The maps are those of ``benchmarks/checks.py`` (a west coast, a jagged southern coast drawn as one polygon
along the whole map, an island to every ten zones, ports, four scenarios), in two forms:

* **derived**: as generated, no zone declares its ``kind`` (the common case: the build derives it);
* **declared**: the same map with every zone declaring its ``kind``, the derived one, except every 500th
  zone, which declares the wrong one (so the check has every zone to test, and its findings are counted).

Each map is validated once (the build and the checks' shared shapes are paid then), then the check alone
runs on it ``ROUNDS`` times, the three sizes **in turn** in each round so that a drift of the shared
machine's speed hits all alike. Printed per form: the median CPU seconds of the check at 5,000, 10,000 and
20,000 zones, the growth against 5,000 (linear is 2 and 4; the grids have 4,966, 9,902 and 19,861 sea
zones) and the number of findings (the same before and after a change). Exit code 1 when a 20,000-zone
growth's median exceeds ``TARGET``. Run: ``python benchmarks/zone_kinds.py``; about a minute.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checks import write_corpus

from admiralty.rulesets.dreadnought.engine.model import SeaMap
from admiralty.rulesets.dreadnought.validator.checks.geometry import shapes_of, zone_kinds_match_the_coast
from admiralty.rulesets.dreadnought.validator.map_build import LAND_UNION
from admiralty.validator.checks import CheckContext, load_check_modules
from admiralty.validator.pipeline import validate

SIZES = (5000, 10000, 20000)
ROUNDS = 7
TARGET = 4.6  # x the 5,000-zone time for 4x the zones (15% over linear), as benchmarks/growth.py
WRONG_EVERY = 500  # every 500th zone of the declared form declares the wrong kind


def declare_kinds(sea_map: SeaMap) -> SeaMap:
    """The same map with every zone declaring its derived kind (every ``WRONG_EVERY``th the wrong one). Made
    in memory: written out, 20,000 zone ids would meet the confusable-id check (``AI9`` beside ``A19``)."""
    flip = {"open": "coastal", "coastal": "open"}
    zones = {zone_id: replace(zone, kind=flip[sea_map.topology.kinds[zone_id]] if i % WRONG_EVERY == 0
                              else sea_map.topology.kinds[zone_id])
             for i, (zone_id, zone) in enumerate(sea_map.zones.items())}
    declared = replace(sea_map, zones=zones)
    union = shapes_of(sea_map).land
    declared.derived(LAND_UNION, lambda: union)  # as the build leaves it on a map
    shapes_of(declared)
    return declared


def built(folder: Path) -> tuple[SeaMap, CheckContext]:
    result = validate([str(folder)])
    ctx = CheckContext({item.doc.file: item.doc for item in result.loaded})
    (sea_map,) = [m for m in result.models if isinstance(m, SeaMap)]
    shapes_of(sea_map)  # shared by every geometry check: built by the first of them, not by this one
    return sea_map, ctx


def run_check(sea_map: SeaMap, ctx: CheckContext) -> tuple[float, int]:
    started = time.process_time()
    findings = len(list(zone_kinds_match_the_coast(sea_map, ctx)))
    return time.process_time() - started, findings


def main() -> int:
    load_check_modules()
    maps: dict[tuple[str, int], tuple[SeaMap, CheckContext]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for zones in SIZES:
            folder = Path(tmp) / f"corpus-{zones}"
            write_corpus(folder, zones)
            sea_map, ctx = maps["derived", zones] = built(folder)
            maps["declared", zones] = declare_kinds(sea_map), ctx
    ok = True
    print(f"GEO009 zone_kinds_match_the_coast alone, CPU median of {ROUNDS} rounds (sizes in turn)")
    print(f"{'form':<10}{'zones':>8}{'sea zones':>11}{'cpu s':>10}{'growth':>8}{'findings':>10}")
    for form in ("derived", "declared"):
        seconds: dict[int, list[float]] = {zones: [] for zones in SIZES}
        findings: dict[int, int] = {}
        for _ in range(ROUNDS):
            for zones in SIZES:
                spent, findings[zones] = run_check(*maps[form, zones])
                seconds[zones].append(spent)
        base = statistics.median(seconds[SIZES[0]])
        for zones in SIZES:
            median = statistics.median(seconds[zones])
            growth = median / base if base > 0 else float("nan")
            print(f"{form:<10}{zones:>8,}{len(maps[form, zones][0].zones):>11,}{median:>10.4f}"
                  f"{growth:>7.2f}x{findings[zones]:>10}")
        last = statistics.median(seconds[SIZES[-1]]) / base if base > 0 else 0.0
        ok &= last <= TARGET
    print(f"target: 20,000 / 5,000 zones at most {TARGET}x (linear 4x): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
