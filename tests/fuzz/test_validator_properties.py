"""Property tests of the validator on documents generated from the schemas' shapes: it never raises,
always ends with exit 0 or 1 and no ``internal`` diagnostic, renders in every format, and what it
accepts plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from admiralty.fuzz.corpus import Corpus, load_corpus
from admiralty.smoke.runner import Limits, play_smoke_game
from admiralty.validator import schema
from admiralty.validator.load import load_text
from admiralty.validator.pipeline import validate_loaded
from admiralty.validator.report import FORMATS, render
from tests.fuzz.schema_strategies import document

ROOT = Path(__file__).resolve().parents[2]
KINDS = [("dreadnought", "scenario"), ("dreadnought", "map"), ("dreadnought", "ships"),
         ("renaissance", "scenario"), ("renaissance", "map"), ("napoleonic", "scenario"), ("napoleonic", "table")]
CORPUS: Corpus = load_corpus([str(ROOT / "scenarios")])


def _judge(ruleset: str, kind: str, data: Any) -> int:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    name = f"generated/{ruleset}-{kind}.yaml"
    others = [(f.shown, f.result) for f in CORPUS.files.values() if f.ruleset == ruleset]
    # A generated scenario changes no other document, so the corpus is its context, built only as far as it
    # needs (the pipeline's mode for a file named on its own), and only it is played. A generated map or
    # catalog may change how the corpus's scenarios build: those are validated and played with it.
    context = {shown for shown, _ in others} if kind == "scenario" else set()
    validation = validate_loaded([*others, (name, load_text(text, name))], context=context)
    report = validation.report
    assert report.exit_code() in (0, 1)
    assert [d.message for d in report.diagnostics if d.code == "internal"] == []
    for fmt in FORMATS:
        render(report, fmt).encode("utf-8")
    if report.exit_code() == 0:
        for scenario in validation.scenarios:
            outcome = play_smoke_game(scenario, 0, "random", limits=Limits(steps=5_000, seconds=20))
            assert outcome.failure is None, (outcome.failure, outcome.message, text)
    return report.exit_code()


@pytest.mark.parametrize(("ruleset", "kind"), KINDS)
def test_generated_documents_end_in_exit_0_or_1(ruleset: str, kind: str) -> None:
    exits: list[int] = []

    @settings(max_examples=25, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
    @given(document(ruleset, kind, CORPUS.vocabulary(ruleset)))
    def check(data: Any) -> None:
        exits.append(_judge(ruleset, kind, data))

    check()
    assert set(exits) <= {0, 1} and len(exits) >= 15


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KINDS).flatmap(lambda rk: st.tuples(st.just(rk), document(*rk, CORPUS.vocabulary(rk[0])))))
def test_generated_documents_of_any_kind(pair: tuple[tuple[str, str], Any]) -> None:
    (ruleset, kind), data = pair
    assert _judge(ruleset, kind, data) in (0, 1)


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KINDS).flatmap(lambda rk: st.tuples(st.just(rk), document(*rk, CORPUS.vocabulary(rk[0])))))
def test_a_document_the_schema_rejects_always_gets_an_error(pair: tuple[tuple[str, str], Any]) -> None:
    """The pipeline builds every document without schema errors, and the builders trust the schema: a
    rejected document whose diagnostics were all suppressed (a missing `kind` taken for a misspelt `id`)
    crashed the renaissance builder."""
    (ruleset, kind), data = pair
    doc = load_text(yaml.safe_dump(data, sort_keys=False), "g.yaml").document
    if doc is None:
        return
    valid = schema.validator_for(ruleset, kind).is_valid(doc.data)  # type: ignore[union-attr]
    errors = [d for d in schema.schema_diagnostics(doc, ruleset, kind) if d.severity.value == "error"]
    assert valid or errors
