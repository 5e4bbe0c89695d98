"""Issue 35: SCH007 says what is wrong. jsonschema's message starts with the whole list or mapping, and the
validator cut it at 200 characters, before the reason ("is too long", "has non-unique elements")."""

from __future__ import annotations

from pathlib import Path

import pytest

from admiralty.validator.load import load_text
from admiralty.validator.schema import schema_diagnostics

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = (ROOT / "scenarios" / "dreadnought" / "scenarios" / "otranto-1917.yaml").read_text(encoding="utf-8")
CATALOGS = "catalogs: [austria-hungary-1917, germany-1917, italy-1917, britain-1917, france-1917]"
NIGHT = "night: [1, 2, 3, 4, 12]"


def _findings(old: str, new: str) -> list[tuple[str, int, int, str]]:
    assert old in OTRANTO
    doc = load_text(OTRANTO.replace(old, new, 1), "otranto.yaml").document
    assert doc is not None
    return [(d.code, d.line, d.column, d.message) for d in schema_diagnostics(doc, "dreadnought", "scenario")]


def test_a_list_too_long_says_how_long_and_the_bound() -> None:
    many = ", ".join(f"catalog-number-{i}" for i in range(25))
    assert _findings(CATALOGS, f"catalogs: [{many}]") == [
        ("SCH007", 8, 11, "the list has 25 items, more than the 20 allowed")]


def test_a_repeated_item_is_named_at_its_place() -> None:
    found = _findings(NIGHT, "night: [1, 2, 3, 4, 12, 3]")
    assert found == [("SCH007", 50, 27, "item 6 repeats item 3 (3); the items must all differ")]


def test_a_long_list_with_a_repeat_keeps_the_reason() -> None:
    long_names = ", ".join(f"a-catalog-with-a-long-name-{i}" for i in range(15))
    found = _findings(CATALOGS, f"catalogs: [{long_names}, a-catalog-with-a-long-name-3]")
    assert [(code, message) for code, _, _, message in found] == [
        ("SCH007", 'item 16 repeats item 4 ("a-catalog-with-a-long-name-3"); the items must all differ')]


def test_an_empty_list_says_the_least_it_needs() -> None:
    assert _findings(CATALOGS, "catalogs: []") == [("SCH007", 8, 11, "the list has 0 items, fewer than the 1 required")]


SHORTENED = [([1] * 3, "[1, 1, 1]"), ("x" * 100, '"' + "x" * 27 + '..." (102 characters)'),
             (list(range(30)), "[0, 1, 2, 3, 4, 5, 6, 7, 8, ... (110 characters)")]


@pytest.mark.parametrize(("value", "shown"), SHORTENED, ids=["short", "long text", "long list"])
def test_shortened_values_keep_their_length_said(value: object, shown: str) -> None:
    from admiralty.validator.schema_messages import short_value

    assert short_value(value) == shown


def test_a_text_too_long_keeps_the_reason_after_a_shortened_value() -> None:
    """Not SCH007, but the same cut: jsonschema's '<the whole text> is too long' lost its reason past 200
    characters; the value is shortened now and the reason kept."""
    found = _findings("title: The Otranto Straits, 15 May 1917", "title: " + "x" * 500)
    assert [(code, message) for code, _, _, message in found] == [
        ("SCH008", '"' + "x" * 27 + '..." (502 characters) is too long')]
