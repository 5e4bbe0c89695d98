"""The header scan that tells the language server which documents of a used corpus a focused refresh needs
(``context.header_key``), and what a document's closure takes (``context.reached``): a key it cannot read
plainly is ``None``, and the file is then read in full."""

from __future__ import annotations

from pathlib import Path

import pytest

from admiralty.validator.context import header_key, reached

CORPUS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.mark.parametrize(("text", "key"), [
    ("kind: map\nruleset: dreadnought\nid: baltic\n", ("dreadnought", "map", "baltic")),
    ("# a comment\nkind: 'ships'  # the catalog\r\nruleset: \"dreadnought\"\r\nid: hochseeflotte-1914\r\n",
     ("dreadnought", "ships", "hochseeflotte-1914")),
    ("kind: map\nruleset: dreadnought\nzones:\n  - id: A1\n", None),  # no id at the top: an entry's is no key
    ("kind: map\nruleset: dreadnought\nid: a\nid: b\n", None),  # written twice: YAML's business, read it
    ("{kind: map, ruleset: dreadnought, id: baltic}\n", None),  # flow style
    ("kind: map\nruleset: dreadnought\nid: \"bal\\u0074ic\"\n", None),  # an escape
])
def test_header_key(text: str, key: tuple[str, str, str] | None) -> None:
    assert header_key(text.encode()) == key


def test_text_that_is_not_utf8_has_no_key() -> None:
    assert header_key(b"kind: map\nruleset: dreadnought\nid: \xff\n") is None


def test_every_bundled_document_says_its_key_plainly() -> None:
    """Every document of the bundled corpus (the one ``init`` repositories use) is found by its header, so a focused
    refresh never reads one it does not need."""
    files = sorted(CORPUS.rglob("*.yaml"))
    assert files and all(header_key(path.read_bytes()) is not None for path in files)


def test_reached_takes_what_the_closure_takes() -> None:
    scenario = ("dreadnought", "scenario", "aland-1915")
    baltic, adriatic = ("dreadnought", "map", "baltic"), ("dreadnought", "map", "adriatic")
    files = [("baltic.yaml", baltic, True), ("adriatic.yaml", adriatic, True),
             ("a.yaml", ("dreadnought", "ships", "a"), False), ("b.yaml", ("dreadnought", "ships", "b"), True),
             ("twin.yaml", scenario, True)]
    assert reached(scenario, frozenset({baltic}), files) == [("baltic.yaml", True), ("twin.yaml", True)]
    # a catalog no file holds: every catalog, read or deferred (its hint lists them)
    missing = frozenset({baltic, ("dreadnought", "ships", "c")})
    assert reached(scenario, missing, files) == [("baltic.yaml", True), ("a.yaml", False), ("b.yaml", True),
                                                 ("twin.yaml", True)]
    # a rule system that says nothing of its references: all of it
    assert len(reached(scenario, None, files)) == len(files)
