"""Random windows over Natural Earth's 1:10m Europe through ``map from-geojson``'s builder: for each window
its sea, bbox, grid, sea zones, repairs and the validator's errors (issue 16: every count must be 0).

Run from the checkout: ``python benchmarks/from_geojson_windows.py [COUNT] [SEED]`` (default 40 windows,
seed 16). The windows are drawn like the property test's (tests/authoring/test_from_geojson_real.py), from
the same ranges, with Python's ``random`` and a fixed seed.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from admiralty.rulesets.dreadnought.validator.authoring.from_geojson import build_map
from tests.authoring.windows import SEAS, build_and_validate, europe, window


def main(count: int, seed: int) -> int:
    draw = random.Random(seed)
    failures = 0
    print("| # | sea | bbox (W,S,E,N) | grid | sea zones | cut off | islands split | errors | s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for number in range(1, count + 1):
        sea = draw.choice(sorted(SEAS))
        spec = window(sea, draw.uniform(-1.5, 1.5), draw.uniform(-1.0, 1.0), draw.uniform(3.0, 9.0),
                      draw.randint(6, 16), draw.randint(6, 16))
        started = time.perf_counter()
        repairs = build_map(europe(), spec).repairs
        zones, errors = build_and_validate(spec)
        failures += bool(errors)
        grid = spec["grid"]
        print(f"| {number} | {sea} | {', '.join(f'{v:g}' for v in spec['bbox'])} | {grid['rows'][0]}-{grid['rows'][1]}"
              f" x {grid['columns'][0]}-{grid['columns'][1]} | {zones} | {len(repairs.cut_off) if repairs else 0} | "
              f"{repairs.split if repairs else 0} | {len(errors)}{': ' + errors[0] if errors else ''} | "
              f"{time.perf_counter() - started:.1f} |")
    print(f"\n{count} windows, {failures} with errors")
    return 1 if failures else 0


if __name__ == "__main__":
    arguments = [int(a) for a in sys.argv[1:3]]
    raise SystemExit(main(*(arguments + [40, 16][len(arguments):])))
