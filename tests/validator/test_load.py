"""The positioned loader: values keep their positions; hostile input ends in one diagnostic."""

from __future__ import annotations

from typing import Any

import pytest

from admiralty.validator.load import load_text


def test_values_and_positions() -> None:
    result = load_text("kind: map\nsides:\n  - id: a\n    n: 3\n", "t.yaml")
    assert result.diagnostics == []
    doc = result.document
    assert doc is not None
    assert doc.data == {"kind": "map", "sides": [{"id": "a", "n": 3}]}
    span = doc.locate(("sides", 0, "n"))
    assert (span.line, span.column) == (4, 8)
    key = doc.locate(("sides", 0, "n"), key=True)
    assert (key.line, key.column) == (4, 5)


def test_yaml_12_scalars_keep_nation_codes_as_text() -> None:
    doc = load_text("nations: [NO, yes, off]\nflag: true\ndate: 2024-01-01\n", "t").document
    assert doc is not None
    assert doc.data == {"nations": ["NO", "yes", "off"], "flag": True, "date": "2024-01-01"}
    assert doc.yaml11_booleans == [("nations", 0), ("nations", 1), ("nations", 2)]


def test_merge_keys_and_aliases() -> None:
    doc = load_text("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\n", "t").document
    assert doc is not None
    assert doc.data["other"] == {"x": 1, "y": 3}


@pytest.mark.parametrize(("text", "code", "line", "column"), [
    ("a: 1\na: 2\n", "YML002", 2, 1),
    ("1: x\n", "YML003", 1, 1),
    ("x: !!python/object:os.system ls\n", "YML004", 1, 4),
    ("a: [1,\n", "YML001", 1, 4),  # an unclosed flow sequence is reported where it opens
    ("", "YML009", 1, 1),
    ("# only a comment\n", "YML009", 1, 1),
    ("a: .nan\n", "YML011", 1, 4),
    ("a: 1\n---\nb: 2\n", "YML012", 2, 1),
    ("[" * 100 + "]" * 100, "YML006", 1, 65),
])
def test_hostile_inputs(text: str, code: str, line: int, column: int) -> None:
    result = load_text(text, "t")
    assert result.document is None
    [diagnostic] = result.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == (code, line, column)


def test_hundred_thousand_deep_nesting_is_one_diagnostic() -> None:
    result = load_text("x: " + "[" * 100_000 + "]" * 100_000, "t")
    assert [d.code for d in result.diagnostics] == ["YML006"]


def test_billion_laughs_is_bounded() -> None:
    levels = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 10):
        levels.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    result = load_text("\n".join(levels) + "\n", "t")
    assert [d.code for d in result.diagnostics] == ["YML005"]


# Every handler of the composer and every resolver branch, pinned to the exact diagnostic: code, message,
# start and end, hint and severity, so that a change to the loader's structure cannot move one of them.
@pytest.mark.parametrize(("text", "bounds", "expected"), [
    ("a: &x 1\n*x : 2\n", {}, ("YML003", "an alias cannot be used as a key", 2, 1, 2, 3, "write the key out")),
    ("a: *nowhere\n", {}, ("YML001", "unknown alias '*nowhere'", 1, 4, 1, 12, "define the anchor first")),
    ("a: &s 3\nb:\n  <<: *s\n", {}, ("YML001", "a merge key '<<' takes a mapping or a list of mappings", 3, 3, 3, 5,
                                      "merge an anchored mapping: <<: *base")),
    ("a: !!set {x: null}\n", {}, ("YML004", "tag 'tag:yaml.org,2002:set' is not allowed", 1, 4, 1, 11,
                                  "only the core schema's tags are allowed; remove the tag")),
    ("a: !!int abc\n", {}, ("YML004", "'abc' is not a valid !!int", 1, 4, 1, 13, "remove the tag or fix the value")),
    ("a: 99999999999999999999\n", {}, ("YML013", "the integer '99999999999999999999' does not fit in 64 bits", 1, 4,
                                       1, 24, "write a number between -9223372036854775808 and 9223372036854775807")),
    ("a: 1e999\n", {}, ("YML011", "'1e999' is too large to be a finite number", 1, 4, 1, 9, "write a finite number")),
    ("a: [1, 2, 3, 4]\n", {"max_values": 4}, (
        "YML014", "the document holds more than 4 values", 1, 8, 1, 9,
        "admiralty documents are small: simplify the polygons or split the file")),
    ("? [a]\n: 1\n", {}, ("YML003", "key a collection is not a string", 1, 3, 1, 6, "use a plain string as the key")),
    ("x: &l [1, 2]\ny: [*l, *l]\n", {"max_nodes": 5}, ("YML005", "aliases expand the document past 5 nodes", 2, 9,
                                                       2, 11, "write the data out instead of nesting aliases")),
    ("a: b\x07\n", {}, ("TXT003", "control character U+0007 <control>", 1, 5, None, None, "delete it")),
])
def test_each_failure_is_one_exact_diagnostic(text: str, bounds: dict[str, int], expected: tuple[Any, ...]) -> None:
    result = load_text(text, "t", **bounds)
    assert result.document is None
    [d] = result.diagnostics
    assert (d.code, d.message, d.line, d.column, d.end_line, d.end_column, d.hint) == expected
    assert d.severity.value == "error"


def test_yaml11_boolean_key_is_a_warning_and_the_document_loads() -> None:
    result = load_text("yes: 1\n", "t")
    assert result.document is not None and result.document.data == {"yes": 1}
    [d] = result.diagnostics
    assert (d.code, d.message, d.line, d.column, d.hint, d.severity.value) == (
        "YML010", "key 'yes' is a boolean to YAML 1.1 readers", 1, 1, 'quote it: "yes"', "warning")


def test_merged_keys_keep_the_positions_of_their_source() -> None:
    text = "base: &b {x: 1, y: 2}\nmore: &m {z: 3, x: 9}\nother:\n  <<: [*b, *m]\n  y: 3\n"
    result = load_text(text, "t")
    doc = result.document
    assert result.diagnostics == [] and doc is not None
    assert doc.data["other"] == {"y": 3, "x": 1, "z": 3}  # explicit keys win, then earlier merges
    assert tuple(doc.locate(("other", "x"))) == (1, 14, 1, 15)
    assert tuple(doc.locate(("other", "x"), key=True)) == (1, 11, 1, 12)
    assert tuple(doc.locate(("other", "y"))) == (5, 6, 5, 7)
    assert tuple(doc.locate(("other", "z"), key=True)) == (2, 11, 2, 12)


def test_core_tags_numbers_and_the_modeline() -> None:
    text = ("# yaml-language-server: $schema=../s.json\na: !!float 3\nb: !!str 4\nc: !!bool true\nd: !!null ''\n"
            "e: 0o17\nf: 0x1F\ng: ~\n")
    doc = load_text(text, "t").document
    assert doc is not None
    assert doc.data == {"a": 3.0, "b": "4", "c": True, "d": None, "e": 15, "f": 31, "g": None}
    assert isinstance(doc.data["a"], float)
    assert doc.modeline == "../s.json"


def test_the_package_keeps_the_names_the_other_stages_import() -> None:
    from admiralty.validator import load

    for name in ("MAX_BYTES", "MAX_DEPTH", "MAX_NODES", "MAX_VALUES", "YAML11_BOOLEANS", "Document", "LoadResult",
                 "PathPart", "Pos", "Span", "json_path", "load_bytes", "load_file", "load_text"):
        assert name in load.__all__ and getattr(load, name) is not None
    assert load.json_path(("sides", 0, "fleet id")) == "$.sides[0]['fleet id']"
