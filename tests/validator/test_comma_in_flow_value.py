"""SCH002 for a property that is really the second half of an unquoted value: inside `{...}` a comma ends the
value, and the message says so and the hint says to quote it, instead of listing the known properties."""

from __future__ import annotations

from pathlib import Path

import pytest

from admiralty.validator.pipeline import validate

HEAD = "kind: table\nruleset: napoleonic\nid: field\ntitle: A field\nsize: [120, 80]\nterrain:\n"
SQUARE = "polygon: [[10, 10], [20, 10], [20, 20], [10, 20]]"


def findings(tmp_path: Path, terrain: str) -> list[tuple[str, int, int, str, str]]:
    path = tmp_path / "field.yaml"
    path.write_text(HEAD + terrain, encoding="utf-8")
    report = validate([str(path)]).report
    return [(d.code, d.line, d.column, d.message, d.hint) for d in report.diagnostics if d.code.startswith("SCH0")
            and d.code != "SCH012"]


def test_a_comma_in_an_unquoted_flow_value_asks_for_quotes(tmp_path: Path) -> None:
    terrain = f"  - {{id: church, name: St Mary, Old Town, kind: building, {SQUARE}}}\n"
    assert findings(tmp_path, terrain) == [
        ("SCH002", 7, 33, "unknown property 'Old Town': the comma before it ended the value of 'name'",
         'quote the value: name: "St Mary, Old Town"')]
    quoted = f'  - {{id: church, name: "St Mary, Old Town", kind: building, {SQUARE}}}\n'
    assert findings(tmp_path, quoted) == []


def test_the_comma_may_end_the_line_before(tmp_path: Path) -> None:
    terrain = f"  - {{id: church, name: St Mary,\n     Old Town, kind: building, {SQUARE}}}\n"
    [(code, line, column, _, hint)] = findings(tmp_path, terrain)
    assert (code, line, column) == ("SCH002", 8, 6) and hint == 'quote the value: name: "St Mary, Old Town"'


@pytest.mark.parametrize("terrain", [
    f"  - {{id: church, name: St Mary, kind: building, colour: red, {SQUARE}}}\n",  # a real unknown key
    f"  - id: church\n    name: St Mary\n    colour:\n    kind: building\n    {SQUARE}\n",  # block style, no value
    f"  - {{id: church, kind: building, {SQUARE}, colour}}\n",  # after a value that is no string
    f"  - {{id: church, name: St Mary, kind: building, large, {SQUARE}}}\n",  # after a value from a fixed list
])
def test_other_unknown_properties_keep_the_list_of_known_ones(tmp_path: Path, terrain: str) -> None:
    [(code, _, _, message, hint)] = findings(tmp_path, terrain)
    assert code == "SCH002" and "comma" not in message and "quote" not in hint
    assert hint.startswith("known properties: ") or hint.startswith("did you mean")
