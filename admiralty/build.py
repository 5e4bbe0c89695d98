"""``admiralty build``: every stage of the pipeline in order, stopping at the first that fails."""

from __future__ import annotations

import argparse
import sys
import time


def run_build(args: argparse.Namespace) -> int:
    from validator.pipeline import validate
    from validator.report import render, summary

    started = time.perf_counter()
    print(f"[1/1] validate {' '.join(args.paths)}", flush=True)
    result = validate(args.paths)
    fmt = args.format or "text"
    sys.stdout.write(render(result.report, fmt))
    code = result.report.exit_code(strict=args.strict)
    if code:
        print(f"build stopped at stage 'validate': {summary(result.report)}")
        return code
    print(f"build passed: {len(result.scenarios)} scenarios validated in {time.perf_counter() - started:.1f}s")
    return 0
