"""Issue 19 (1): identifiers and names a reviewer can trust.

Invisible and control characters are refused where they stand, naming the code point (TXT001-TXT003); display
text is NFC-normalised when read; two names of one namespace with equal TR39 skeletons are an error (TXT004);
one word mixing scripts is an error (TXT005); names written wholly in Cyrillic or Greek stay accepted.
"""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from admiralty.validator.diagnostics import CODES
from admiralty.validator.load import load_text
from admiralty.validator.spoofing import classify, confusable_pairs, skeleton

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"
BIDI = [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
INVISIBLE = [0x00AD, 0x034F, 0x115F, 0x180E, 0x200B, 0x200C, 0x200D, 0x2060, 0x2064, 0x3164, 0xFE0F, 0xFEFF,
             0xFFA0, 0x1D173, 0xE0001, 0xE0041]
CONTROLS = [0x01, 0x07, 0x1B, 0x7F, 0x80, 0x85, 0x9B, 0x9F]


def _codes(text: str) -> list[tuple[str, int, int, str]]:
    result = load_text(text, "f.yaml")
    return [(d.code, d.line, d.column, d.message) for d in result.diagnostics]


@pytest.mark.parametrize(("points", "code"), [(BIDI, "TXT001"), (INVISIBLE, "TXT002"), (CONTROLS, "TXT003")])
def test_each_hidden_character_is_refused_at_its_column_by_name(points: list[int], code: str) -> None:
    for number in points:
        char = chr(number)
        assert classify(char) == code, hex(number)
        found = _codes(f"kind: map\ntitle: ab{char}cd\n")
        assert [(c, line, column) for c, line, column, _ in found] == [(code, 2, 10)], hex(number)
        assert f"U+{number:04X}" in found[0][3]
        if unicodedata.name(char, ""):
            assert unicodedata.name(char) in found[0][3]


def test_written_as_an_escape_it_is_refused_at_the_escape() -> None:
    assert _codes('title: "Otranto\\u202e7191"\n')[0][:3] == ("TXT001", 1, 16)
    assert _codes('title: "a\\x1b[8m"\n')[0][:3] == ("TXT003", 1, 10)
    assert _codes('title: "a\\N"\n')[0][:3] == ("TXT003", 1, 10)
    assert _codes('title: "zero\\u200Bwidth"\n')[0][:3] == ("TXT002", 1, 13)


def test_in_a_comment_too_and_every_one_is_reported() -> None:
    found = _codes("# access \u202e check \u2066 here\nkind: map\ntitle: x\u200by\n")
    assert [(c, line, column) for c, line, column, _ in found] == [("TXT001", 1, 10), ("TXT001", 1, 18),
                                                                   ("TXT002", 3, 9)]


def test_tabs_line_breaks_and_ordinary_text_pass() -> None:
    text = "kind: map\ntitle: \"Tab\\there\"\nbriefing: |\n  Two lines\r\n  and CRLF, ünïcödé, Ελλάδα, Россия.\n"
    assert _codes(text) == []


def test_display_text_is_nfc_normalised_when_read() -> None:
    decomposed = "Zri\u0301nyi"
    data = load_text(f"name: {decomposed}\nother: \"{decomposed}\"\n", "f.yaml").document
    assert data is not None
    assert data.data == {"name": "Zr\u00ednyi", "other": "Zr\u00ednyi"}
    duplicate = load_text(f"Zr\u00ednyi: 1\n{decomposed}: 2\n", "f.yaml")
    assert [d.code for d in duplicate.diagnostics] == ["YML002"]  # the same key once normalised


def test_skeletons_follow_tr39() -> None:
    assert skeleton("Novara") == skeleton("N\u043evara")  # Cyrillic o
    assert skeleton("Saida") == skeleton("\u0405\u0430\u0456\u0501\u0430")  # wholly Cyrillic
    assert skeleton("Hornet") == skeleton("Homet")  # rn and m
    assert skeleton("Novara") != skeleton("Novarra")
    assert skeleton("\u0421\u0435\u0432\u0430\u0441\u0442\u043e\u043f\u043e\u043b\u044c") != skeleton("Sevastopol")


def test_every_text_code_has_a_wrong_and_right_example() -> None:
    for code in ("TXT001", "TXT002", "TXT003", "TXT004", "TXT005"):
        assert CODES[code].wrong and CODES[code].right and CODES[code].explanation


def _catalog(tmp_path: Path, names: list[str]) -> Path:
    ships = "".join(f"  - {{name: {name}, class: novara-x}}\n" for name in names)
    text = (MINI / "ah.yaml").read_text(encoding="utf-8")
    head = text[:text.index("ships:\n")].replace("id: ah-test", "id: spoof-test").replace("id: novara\n",
                                                                                          "id: novara-x\n")
    path = tmp_path / "spoof.yaml"
    path.write_text(head + "ships:\n" + ships, encoding="utf-8")
    return path


def _validate(path: Path) -> tuple[int, list[dict[str, object]]]:
    proc = subprocess.run([sys.executable, "-m", "admiralty", "validate", str(MINI / "map.yaml"),
                           str(MINI / "ah.yaml"), str(MINI / "it.yaml"), str(path), "--format", "json"],
                          capture_output=True, text=True, check=False)
    assert "Traceback" not in proc.stderr
    return proc.returncode, json.loads(proc.stdout)["diagnostics"]


def test_a_cyrillic_o_in_a_ship_name_is_reported_twice_over(tmp_path: Path) -> None:
    code, found = _validate(_catalog(tmp_path, ["N\u043evara"]))
    assert code == 1
    ours = sorted((d["code"], d["message"]) for d in found if str(d["file"]).endswith("spoof.yaml")
                  and d["severity"] == "error")
    assert ours == [("TXT004", "'N\u043evara' and 'Novara' look the same: '\u043e' (U+043E CYRILLIC SMALL LETTER O) "
                               "where the other has 'o' (U+006F LATIN SMALL LETTER O)"),
                    ("TXT005", "'N\u043evara' mixes scripts: U+043E CYRILLIC SMALL LETTER O among letters of another "
                               "script")]


def test_a_zero_width_twin_is_refused(tmp_path: Path) -> None:
    code, found = _validate(_catalog(tmp_path, ["Nova\u200bra"]))
    assert code == 1
    assert [(d["code"], d["line"], d["column"]) for d in found if d["severity"] == "error"] == [("TXT002", 18, 16)]


def test_names_wholly_in_one_script_stay_accepted(tmp_path: Path) -> None:
    names = ["Севастополь", "Гангут",
             "Αβέρωφ", "Петропавловск"]
    code, found = _validate(_catalog(tmp_path, names))
    assert (code, [d for d in found if d["severity"] == "error"]) == (0, [])


def test_the_look_alike_is_reported_not_the_plain_name() -> None:
    space = ("dreadnought", "ships", "ships", "name")
    names = [(space, ("a.yaml", ("ships", 0, "name"), "Hornet")), (space, ("b.yaml", ("ships", 0, "name"), "Homet")),
             (space, ("b.yaml", ("ships", 1, "name"), "Hornet")), (("other",), ("c.yaml", (), "Homet"))]
    assert [(a[0], b[2]) for a, b in confusable_pairs(names)] == [("b.yaml", "Hornet")]
    neither = [(space, ("a.yaml", (), "N\u043evara")), (space, ("b.yaml", (), "Nov\u0430ra"))]
    assert sorted(a[2] for a, _ in confusable_pairs(neither)) == sorted(["N\u043evara", "Nov\u0430ra"])


# Issue 35: blank twins. Each is drawn as "Novara" followed by, or around, nothing visible.
BLANK_TWINS = ['"Novara\u00a0"', '"Novara\u2800"', '"Novara\u3000"', '"Novara "', '" Novara"', '"Novara\u2007"',
               '"Novara\u202f"', '"Novara\u205f"', '"Novara\u1680"', '"Novara\u3164"', '"Novara\u00a0\u2800 "']


@pytest.mark.parametrize("twin", BLANK_TWINS)
def test_a_name_with_blank_characters_around_it_is_a_look_alike(tmp_path: Path, twin: str) -> None:
    """Blank characters fold to one space and count for nothing at either end: a name with a trailing NBSP,
    U+2800 BRAILLE PATTERN BLANK, U+3000 IDEOGRAPHIC SPACE or space showed on the site as a second Novara."""
    code, found = _validate(_catalog(tmp_path, [twin]))
    assert code == 1
    ours = [(d["code"], d["line"]) for d in found if str(d["file"]).endswith("spoof.yaml") and d["severity"] == "error"]
    assert ours == [("TXT002", 18)] if "\u3164" in twin else [("TXT004", 18)]


def test_blanks_inside_a_name_fold_to_one_space_and_ordinary_names_stay_apart() -> None:
    from admiralty.validator.spoofing import look_alike_key

    assert look_alike_key("Sankt\u3000Georg") == look_alike_key("Sankt  Georg") == look_alike_key("Sankt Georg")
    assert look_alike_key("Sankt\u2800Georg") == look_alike_key("Sankt Georg")
    assert look_alike_key("Bala\u200bton") == look_alike_key("Balaton")  # invisible: nothing at all
    assert look_alike_key("SanktGeorg") != look_alike_key("Sankt Georg")  # a visible gap is a difference
    assert look_alike_key("Novara") != look_alike_key("Novarra")
    for number in (*range(0x09, 0x0E), 0x20, 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F,
                   0x205F, 0x3000, 0x2800):  # every White_Space code point, and the braille blank
        assert look_alike_key(f"Novara{chr(number)}") == "Novara", hex(number)


def test_line_and_paragraph_separators_are_refused_typed_or_escaped() -> None:
    """U+2028 and U+2029 break a line to YAML 1.1 (libyaml) and not to YAML 1.2: refused everywhere (TXT006), as
    typed characters at their place and as the escapes \\L, \\P, \\u2028 at the escape."""
    for escape, name in (("\\L", "LINE"), ("\\P", "PARAGRAPH"), ("\\u2028", "LINE"), ("\\u2029", "PARAGRAPH"),
                         ("\\U00002028", "LINE")):
        found = _codes(f'kind: map\ntitle: "Otranto{escape}1917"\n')
        assert [(c, line, column) for c, line, column, _ in found] == [("TXT006", 2, 16)], escape
        assert f"{name} SEPARATOR" in found[0][3]
    for char in ("\u2028", "\u2029"):
        for text, place in ((f"kind: map\ntitle: Otranto{char}1917\n", (2, 15)),
                            (f"kind: map\n# a comment{char}\ntitle: x\n", (2, 12)),
                            (f"kind: map\nbriefing: |\n  one{char}two\n", (3, 6)),
                            (f"kind: map\ntitle: 'Otranto{char}1917'\n", (2, 16))):
            found = _codes(text)
            assert [(c, line, column) for c, line, column, _ in found] == [("TXT006", *place)], repr(text)
    assert CODES["TXT006"].wrong and CODES["TXT006"].right
    assert [d.code for d in load_text(CODES["TXT006"].wrong + "\n", "f.yaml").diagnostics] == ["TXT006"]
    assert load_text(CODES["TXT006"].right + "\n", "f.yaml").diagnostics == []
