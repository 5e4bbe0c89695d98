"""``admiralty build``: every stage of the pipeline in order, stopping at the first that fails."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from admiralty.atomic import output_lock


def _stage_site(args: argparse.Namespace, context: dict[str, Any]) -> int:
    from admiralty.site.build import build_site

    # the validation stage's result goes to the site's plugin in this process: the corpus is validated once
    return int(build_site(list(args.paths), args.out, args.site_dir, strict=True, config_file=args.config_file,
                          validated=context["validation"]))


def run_build(args: argparse.Namespace) -> int:
    from admiralty.site.build import site_lock
    from admiralty.smoke.command import run_smoke
    from admiralty.validator.pipeline import validate
    from admiralty.validator.report import render

    context: dict[str, Any] = {}

    def stage_validate(args: argparse.Namespace, context: dict[str, Any]) -> int:
        result = validate(args.paths)
        sys.stdout.write(render(result.report, args.format or "text"))
        context["scenarios"] = result.scenarios
        context["validation"] = result
        return result.report.exit_code(strict=args.strict)

    def stage_smoke(args: argparse.Namespace, context: dict[str, Any]) -> int:
        return run_smoke(args, context["scenarios"])

    stages: list[tuple[str, Callable[[argparse.Namespace, dict[str, Any]], int]]] = [
        ("validate", stage_validate), ("smoke", stage_smoke), ("site", _stage_site)]
    started = time.perf_counter()
    # One lock for the whole build, on both its outputs, taken before any stage: a second build (or a smoke or
    # docs run into the same folders) started while this one is in its site stage cannot replace the smoke
    # statistics this site is being built from (issue 35). The stages' own locks are then this one (re-entrant).
    with output_lock(args.out, "admiralty build"), site_lock(args.site_dir, "admiralty build"):
        for number, (name, stage) in enumerate(stages, start=1):
            print(f"[{number}/{len(stages)}] {name}", flush=True)
            code = stage(args, context)
            if code:
                print(f"build stopped at stage '{name}' (exit {code})")
                return code
    print(f"build passed: {len(context['scenarios'])} scenarios validated, smoked and published in "
          f"{time.perf_counter() - started:.1f}s (site in {args.site_dir}{os.sep})")
    return 0
