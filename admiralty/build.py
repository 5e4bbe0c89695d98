"""``admiralty build``: every stage of the pipeline in order, stopping at the first that fails."""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from admiralty.atomic import output_lock

if TYPE_CHECKING:
    from admiralty.validator.pipeline import Validation


@dataclass
class _Built:
    """What one stage hands the next: the validation (its scenarios go to the smoke stage, the whole result to
    the site's plugin)."""

    validation: Validation | None = None

    @property
    def checked(self) -> Validation:
        assert self.validation is not None, "the validate stage runs first"
        return self.validation


def _stage_site(args: argparse.Namespace, context: _Built) -> int:
    from admiralty.site.build import build_site

    # the validation stage's result goes to the site's plugin in this process: the corpus is validated once
    return int(build_site(list(args.paths), args.out, args.site_dir, strict=True, config_file=args.config_file,
                          validated=context.checked))


def unmet_needs(args: argparse.Namespace) -> list[str]:
    """What the stages asked for cannot do in this installation, each as one line: found before the first stage,
    so a build never plays minutes of smoke games only to stop at the site for want of MkDocs (issue 36, item 7).
    The site stage needs the ``site`` extra; a Dask executor needs the ``distributed`` extra."""
    from admiralty.site.build import missing_site_extra

    needs = [problem for problem in [missing_site_extra()] if problem]
    executor = str(getattr(args, "executor", "local"))
    if executor != "local" and executor != "dask-local" and not executor.startswith("dask://"):
        needs.append(f"unknown executor '{executor}': use local, dask-local or dask://HOST:PORT")
    elif executor != "local" and importlib.util.find_spec("distributed") is None:
        needs.append(f"the {executor} executor needs Dask, which this installation lacks; install the distributed "
                     "extra: python -m pip install 'admiralty[distributed]'")
    return needs


def run_build(args: argparse.Namespace) -> int:
    from admiralty.site.build import site_lock
    from admiralty.smoke.command import run_smoke
    from admiralty.validator.pipeline import validate
    from admiralty.validator.report import render

    needs = unmet_needs(args)
    if needs:
        for need in needs:
            print(f"admiralty build: {need}; nothing was run", file=sys.stderr)
        return 2
    context = _Built()

    def stage_validate(args: argparse.Namespace, context: _Built) -> int:
        result = validate(args.paths)
        sys.stdout.write(render(result.report, args.format or "text"))
        context.validation = result
        return result.report.exit_code(strict=args.strict)

    def stage_smoke(args: argparse.Namespace, context: _Built) -> int:
        return run_smoke(args, context.checked.scenarios)

    stages: list[tuple[str, Callable[[argparse.Namespace, _Built], int]]] = [
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
    print(f"build passed: {len(context.checked.scenarios)} scenarios validated, smoked and published in "
          f"{time.perf_counter() - started:.1f}s (site in {args.site_dir}{os.sep})")
    return 0
