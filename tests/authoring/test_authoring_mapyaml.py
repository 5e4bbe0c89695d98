"""The YAML writer: flow pairs, aligned lists of small mappings, YAML 1.1 booleans quoted, no anchors."""

from __future__ import annotations

import yaml

from admiralty.rulesets.dreadnought.validator.authoring.mapyaml import dump_document


def test_layout_and_round_trip() -> None:
    shared = [1.234567, 2.0]
    document = {
        "kind": "map",
        "rows": ["N", "Y"],
        "answer": "no",
        "ring": [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0]],
        "at": shared,
        "again": shared,
        "zones": [{"id": "A1", "kind": "open"}, {"id": "A2", "name": "Strait", "kind": "coastal"}],
        "text": "line one\nline two\n",
    }
    text = dump_document(document, "# modeline")
    lines = text.splitlines()
    assert lines[0] == "# modeline"
    assert 'rows: ["N", "Y"]' in lines
    assert 'answer: "no"' in lines
    assert "  - [10.0, 0.0]" in lines
    assert "at: [1.23, 2.0]" in lines and "again: [1.23, 2.0]" in lines
    assert "  - {id: A2, name: Strait, kind: coastal}" in lines
    assert "&" not in text and "*" not in text and "!!" not in text
    loaded = yaml.safe_load(text)
    assert loaded["ring"] == document["ring"] and loaded["text"] == document["text"]
    assert loaded["at"] == [1.23, 2.0] and loaded["answer"] == "no"


def test_long_mappings_in_a_list_stay_in_block_style_together() -> None:
    ports = [
        {"id": "a", "name": "A", "at": [1.0, 2.0]},
        {"id": "b", "name": "B" * 120, "at": [3.0, 4.0]},
    ]
    lines = dump_document({"ports": ports}, "#").splitlines()
    assert "  - id: a" in lines and "  - id: b" in lines
