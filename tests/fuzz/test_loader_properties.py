"""Property tests of the positioned loader: no input makes it raise, and every position points at the
text of its value."""

from __future__ import annotations

import re
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from admiralty.validator.diagnostics import CODES
from admiralty.validator.load import MAX_DEPTH, Document, LoadResult, Span, load_bytes, load_text
from admiralty.validator.spoofing import classify

_BREAK = re.compile("\r\n|\r|\n|\x85|\u2028|\u2029")  # the line breaks libyaml counts
YAMLISH = st.text(alphabet=st.sampled_from([*"[]{}:,-?!&*#|>'\"%@`~ \t\n\r.01aZé\u2028\ufeff<", "\x00", "\x85"]),
                  max_size=120)


def _lines(text: str) -> int:
    return len(_BREAK.findall(text)) + 1


def _assert_result(result: LoadResult, text: str) -> None:
    assert (result.document is None) == any(d.severity.value == "error" for d in result.diagnostics)
    for d in result.diagnostics:
        assert d.code in CODES and d.message and d.hint
        assert 1 <= d.line <= _lines(text) + 1 and d.column >= 1


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200) | YAMLISH)
def test_no_text_makes_the_loader_raise(text: str) -> None:
    _assert_result(load_text(text, "t.yaml"), text)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200) | YAMLISH.map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_no_bytes_make_the_loader_raise(raw: bytes) -> None:
    result = load_bytes(raw, "t.yaml")
    _assert_result(result, raw.decode("utf-8", "replace"))


@settings(max_examples=50, deadline=None)
@given(st.binary(max_size=40), st.integers(1, 3))
def test_tiny_bounds_end_in_a_diagnostic_too(raw: bytes, bound: int) -> None:
    result = load_bytes(raw, "t.yaml", max_bytes=bound * 10, max_depth=bound, max_nodes=bound, max_values=bound * 3)
    _assert_result(result, raw.decode("utf-8", "replace"))


# Text without the characters the loader refuses on sight (TXT001-TXT003: bidi controls, invisible and control
# characters), which the dumper would write as escapes: those tests are in tests/validator/test_spoofing.py.
# No lone surrogates either (category Cs): no UTF-8 file can hold one, so no author can write one, and PyYAML
# itself refuses the "\uD800" escape its dumper writes for it.
VISIBLE = st.characters(exclude_categories=("Cs",)).filter(lambda char: classify(char) is None)
SCALARS = (st.none() | st.booleans() | st.integers(-(2 ** 63), 2 ** 63 - 1)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(VISIBLE, max_size=30))


def _dumps_as_text(key: str) -> bool:
    """PyYAML dumps by YAML 1.1's rules: a key such as ``0E0`` (text there, a float in YAML 1.2) goes out
    unquoted and comes back as a number, which the loader rightly rejects as a key (YML003). Such keys test
    PyYAML's dumper, not positions, so they are left out."""
    result = load_text(yaml.dump({key: None}), "key.yaml")
    return result.document is not None and list(result.document.data) == [key]


KEYS = st.text(VISIBLE, max_size=12).filter(_dumps_as_text)


def _data(leaves: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
                        max_leaves=25)


@st.composite
def _shared(draw: st.DrawFn) -> Any:
    """Data where some lists and mappings appear twice: the dumper writes anchors and aliases for them."""
    base = draw(_data(SCALARS))
    if isinstance(base, dict | list) and base and draw(st.booleans()):
        return {"first": base, "again": base, "more": [base]}
    return base


DUMP_STYLES = st.fixed_dictionaries({
    "default_flow_style": st.sampled_from([False, True, None]), "allow_unicode": st.booleans(),
    "width": st.sampled_from([20, 80, 4096]), "canonical": st.booleans(), "explicit_start": st.booleans(),
    "default_style": st.sampled_from([None, None, None, "'", '"']), "indent": st.sampled_from([2, 4]),
})


def _offsets(text: str) -> list[int]:
    """The offset of the start of each line (1-based line n starts at ``offsets[n - 1]``)."""
    return [0] + [m.end() for m in _BREAK.finditer(text)]


def _slice(text: str, starts: list[int], span: Span) -> str:
    return text[starts[span.line - 1] + span.column - 1: starts[span.end_line - 1] + span.end_column - 1]


def _walk(doc: Document, data: Any, path: tuple[str | int, ...]) -> list[tuple[tuple[str | int, ...], Any, bool]]:
    """(path, value, is_key) for every scalar value and every key."""
    out: list[tuple[tuple[str | int, ...], Any, bool]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            out.append(((*path, key), key, True))
            out.extend(_walk(doc, value, (*path, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.extend(_walk(doc, value, (*path, i)))
    else:
        out.append((path, data, False))
    return out


def _text_value(text: str) -> Any:
    result = load_text(text, "slice")
    return None if result.document is None else result.document.data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_shared(), DUMP_STYLES)
def test_every_scalar_position_points_at_its_own_text(data: Any, style: dict[str, Any]) -> None:
    text = yaml.dump({"document": data}, **style)
    result = load_text(text, "t.yaml")
    assert result.document is not None, (text, result.diagnostics)
    doc = result.document
    starts = _offsets(text)
    for path, value, is_key in _walk(doc, doc.data, ()):
        span = doc.locate(path, key=is_key)
        written = _slice(text, starts, span)
        if value is None and not is_key and written == "":
            continue  # an empty value: nothing written, a zero-width span where it would be
        assert _text_value(written) == value, (path, written, text)
    assert len(doc.data["document"] if isinstance(doc.data["document"], list | dict) else [0]) >= 0


@settings(max_examples=100, deadline=None)
@given(st.integers(1, MAX_DEPTH + 3), st.sampled_from(["[", "{a: "]))
def test_nesting_is_refused_exactly_past_the_bound(depth: int, opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    text = "x: " + opener * depth + "1" + closer * depth
    codes = [d.code for d in load_text(text, "t").diagnostics]
    assert codes == ([] if depth < MAX_DEPTH else ["YML006"])
