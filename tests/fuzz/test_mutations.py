"""The mutations: each makes the mistake it is named after, the same one from the same seed, and never
touches the corpus it reads."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from admiralty.fuzz.corpus import Corpus, load_corpus
from admiralty.fuzz.data_mutations import move_point
from admiralty.fuzz.domain_mutations import DATA_MUTATIONS
from admiralty.fuzz.mutations import MUTATIONS, Step, dump, make_mutant, plan_mutant
from admiralty.fuzz.oracle import evaluate, validate_mutant
from admiralty.fuzz.tree import Raw
from admiralty.validator.load import load_bytes, load_text

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = "scenarios/dreadnought/scenarios/otranto-1917.yaml"
ADRIATIC = "scenarios/dreadnought/maps/adriatic.yaml"


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus([str(ROOT / "scenarios")])


def _name(corpus: Corpus, suffix: str) -> str:
    return next(name for name in corpus.files if name.endswith(suffix))


def _codes(corpus: Corpus, file: str, content: bytes) -> set[str]:
    validation, _ = validate_mutant(corpus, file, content)
    return {d.code for d in validation.report.diagnostics if d.severity.value == "error"}


def test_every_corpus_document_dumps_back_to_the_same_data(corpus: Corpus) -> None:
    for item in corpus.files.values():
        text = dump(item.data, item.modeline)
        again = load_text(text, item.shown)
        assert again.document is not None and again.document.data == item.data, item.shown
        assert text.startswith("# yaml-language-server: $schema=")


def test_unmutated_documents_validate_clean_in_their_context(corpus: Corpus) -> None:
    for name, item in corpus.files.items():
        assert evaluate(corpus, name, item.raw, play_seeds=0).outcome == "accepted", name


def test_the_context_of_a_scenario_is_its_map_and_catalogs(corpus: Corpus) -> None:
    otranto = _name(corpus, "otranto-1917.yaml")
    context = corpus.context(otranto)
    assert otranto in context and _name(corpus, "adriatic.yaml") in context
    assert len([c for c in context if "/ships/" in c]) == 5 and len(context) == 7
    germany = corpus.context(_name(corpus, "germany-1917.yaml"))
    assert len([c for c in germany if "/scenarios/" in c]) >= 1 and "napoleonic" not in " ".join(germany)


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_each_mutation_is_reproducible_and_changes_something(corpus: Corpus, name: str) -> None:
    changed = 0
    for file in corpus.names():
        steps = (Step(name, 12345),)
        first, second = make_mutant(corpus, file, steps), make_mutant(corpus, file, steps)
        assert first.content == second.content and first.notes == second.notes
        changed += first.content != corpus.files[file].raw
    assert changed >= len(corpus.names()) // 2, f"{name} changed only {changed} documents"


def test_plans_depend_on_the_seed_and_index_only(corpus: Corpus) -> None:
    plans = [plan_mutant(corpus, i, 7, 4) for i in range(50)]
    assert plans == [plan_mutant(corpus, i, 7, 4) for i in range(50)]
    assert plans != [plan_mutant(corpus, i, 8, 4) for i in range(50)]
    assert all(1 <= len(steps) <= 4 for _, steps in plans)
    only = [plan_mutant(corpus, i, 7, 3, only=("delete-key",)) for i in range(20)]
    assert {s.name for _, steps in only for s in steps} == {"delete-key"}


def _apply(corpus: Corpus, file: str, name: str, seed: int = 0) -> tuple[Any, str]:
    box = [copy.deepcopy(corpus.files[file].data)]
    note = DATA_MUTATIONS[name][0](box, random.Random(seed), corpus.vocabulary(corpus.files[file].ruleset))
    assert note is not None
    return box[0], note


def test_ship_in_two_fleets_is_rejected_as_ref006(corpus: Corpus) -> None:
    file = _name(corpus, "otranto-1917.yaml")
    hits = 0
    for seed in range(30):
        data, note = _apply(corpus, file, "ship-in-two-fleets", seed)
        if ".fleets[" in note.split(" into ")[-1] and ".fleets[" in note.split(" into ")[0]:
            codes = _codes(corpus, file, dump(data).encode())
            assert codes & {"REF006", "DN-5.2", "DN-5.2-raid"}, note
            hits += "REF006" in codes
    assert hits


def test_alias_and_merge_key_write_anchors_the_loader_resolves(corpus: Corpus) -> None:
    file = _name(corpus, "otranto-1917.yaml")
    data, _ = _apply(corpus, file, "alias", 3)
    text = dump(data)
    assert "&id" in text and "*id" in text
    loaded = load_text(text, "x")
    assert loaded.document is not None and loaded.document.data == data
    data, note = _apply(corpus, file, "merge-key", 4)
    text = dump(data)
    assert "<<: *id" in text or "<<:\n" in text or "<<: [" in text, note
    assert load_text(text, "x").document is not None


@pytest.mark.parametrize(("raw", "code"), [("1e999", "YML011"), ("1" + "0" * 5000, "YML013"),
                                           ("0x" + "f" * 5000, "YML013"), (".NaN", "YML011")])
def test_raw_numbers_are_rejected_by_the_loader(raw: str, code: str) -> None:
    result = load_text(dump({"kind": "map", "hull": Raw(raw)}), "x")
    assert [d.code for d in result.diagnostics] == [code]


def test_deep_nesting_past_the_bound_is_yml006() -> None:
    value: Any = "x"
    for _ in range(65):
        value = [value]
    assert [d.code for d in load_text(dump({"kind": value}), "x").diagnostics] == ["YML006"]


def test_byte_mutations_reach_the_utf8_check(corpus: Corpus) -> None:
    file = _name(corpus, "armada-1588.yaml")
    mutant = make_mutant(corpus, file, (Step("invalid-utf8", 1),))
    assert [d.code for d in load_bytes(mutant.content, file).diagnostics] == ["YML008"]


def test_making_mutants_never_changes_the_corpus(corpus: Corpus) -> None:
    before = {name: (item.raw, repr(item.data)) for name, item in corpus.files.items()}
    for i in range(60):
        file, steps = plan_mutant(corpus, i, 3, 4)
        make_mutant(corpus, file, steps)
    assert before == {name: (item.raw, repr(item.data)) for name, item in corpus.files.items()}


@pytest.mark.parametrize("seed", range(40))
def test_moving_a_point_that_an_earlier_step_made_infinite_does_not_crash_the_fuzzer(seed: int) -> None:
    """Soak finding (chunk seed 1961): an earlier mutation left a point at ``[inf, 3]`` and ``move_point``
    rounded it (``OverflowError``), which stopped the whole ``admiralty fuzz`` run with a traceback."""
    box: list[Any] = [{"ports": [{"id": "p", "at": [float("inf"), 3.0]}], "spot": [float("-inf"), float("nan")]}]
    note = move_point(box, random.Random(seed), None)  # type: ignore[arg-type]  # move_point reads no vocabulary
    assert note is not None and note.startswith("moved point")
