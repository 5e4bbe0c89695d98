"""The short fuzz run of the test suite: a few hundred mutants of the whole corpus, a fixed seed, two
workers. No mutant may make the validator raise or report ``internal``, and every mutant it accepts must
play (the longer run on main is ``admiralty fuzz scenarios/ --mutants 10000``)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from admiralty.fuzz import FuzzSettings, run_fuzz
from admiralty.fuzz.runner import FuzzReport

ROOT = Path(__file__).resolve().parents[2]
CORPUS = str(ROOT / "scenarios")


@pytest.fixture(scope="module")
def short_run() -> FuzzReport:
    jobs = 2 if (os.cpu_count() or 1) >= 2 else 1
    return run_fuzz([CORPUS], FuzzSettings(mutants=300, seed=20_260_101, jobs=jobs, play_seeds=1, out=None,
                                           shrink=False))


def test_no_mutant_makes_the_validator_raise_or_accept_what_cannot_play(short_run: FuzzReport) -> None:
    findings = {f"{f.kind}: {f.signature}": f.first.notes for f in short_run.findings}
    assert findings == {}


def test_every_mutant_ends_in_exactly_one_outcome(short_run: FuzzReport) -> None:
    rejected = sum(short_run.rejected.values())
    assert rejected + short_run.accepted + sum(short_run.found.values()) == short_run.mutants == 300
    # both outcomes are well represented: the mutations neither all break the YAML nor all leave it valid
    assert rejected > 100 and short_run.accepted > 30
    assert short_run.games >= short_run.accepted  # every accepted mutant played at least one game
    assert {"YML001", "SCH003", "REF002"} <= set(short_run.rejected)


def test_every_mutation_is_drawn(short_run: FuzzReport) -> None:
    from admiralty.fuzz.mutations import MUTATIONS

    rare = {"oversize", "utf16", "replace-root", "kind-or-ruleset", "recursive-alias", "nul-bytes", "crlf", "bom",
            "laughs", "document-marker", "tab-indent"}  # weights under 0.5: not every short run draws them
    assert set(MUTATIONS) - rare <= set(short_run.by_mutation)


def test_the_counts_do_not_depend_on_the_number_of_workers() -> None:
    settings = FuzzSettings(mutants=24, seed=5, play_seeds=1, out=None, shrink=False)
    one = run_fuzz([CORPUS], replace(settings, jobs=1)).summary()
    two = run_fuzz([CORPUS], replace(settings, jobs=2, chunk=5)).summary()
    for summary in (one, two):
        summary.pop("seconds")
    assert one == two
