"""The positioned loader: values keep their positions; hostile input ends in one diagnostic."""

from __future__ import annotations

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
    ("a: [1,\n", "YML001", 2, 1),
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
