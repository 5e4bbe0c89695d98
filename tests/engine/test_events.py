"""The one event helper: type first, rule second, details after; every rule system's log is written by it."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from admiralty.contract import rulesets
from admiralty.engine.api import event_log_hash
from admiralty.engine.events import emit, event


def test_an_event_names_its_type_and_rule_and_keeps_its_details() -> None:
    log: list[dict[str, object]] = []
    made = emit(log, "fire", "NA-fire-a", turn=2, dice=[6, 6])
    assert log == [made] == [{"type": "fire", "rule": "NA-fire-a", "turn": 2, "dice": [6, 6]}]
    assert event("turn", "house") == {"type": "turn", "rule": "house"}


def test_a_detail_cannot_take_the_type_or_rule_by_mistake() -> None:
    """Type and rule are positional only, so a detail called ``type_`` is just a detail; a detail called
    ``type`` or ``rule`` would silently replace them, so it fails loudly instead."""
    assert event("a", "r", type_="x")["type"] == "a"
    with pytest.raises(TypeError, match="'type'"):
        event("a", "r", type="b")
    with pytest.raises(TypeError, match="'rule'"):
        emit([], "a", "r", rule="other")


def test_key_order_does_not_change_the_log_hash() -> None:
    """The helper's key order differs from the dicts rule systems wrote by hand before; the hash (and the
    replay files) sort keys, so the serialised log is the same."""
    by_hand = [{"turn": 1, "phase": "weather", "type": "weather", "rule": "house:weather", "roll": 7}]
    helped = [event("weather", "house:weather", turn=1, phase="weather", roll=7)]
    assert event_log_hash(by_hand) == event_log_hash(helped)
    assert json.dumps(by_hand[0], sort_keys=True) == json.dumps(helped[0], sort_keys=True)


@pytest.mark.parametrize("name", sorted(rulesets()))
def test_every_bundled_rule_system_writes_type_and_rule(name: str) -> None:
    """A short game of each rule system's first corpus scenario: each event carries a type and a rule."""
    from admiralty.contract import ruleset_module
    from admiralty.engine.replay import play
    from tests.golden.record import corpus_scenarios

    scenario = next((s for s in corpus_scenarios() if s.ruleset == name), None)
    if scenario is None:
        pytest.skip(f"no corpus scenario of {name}")
    module = ruleset_module(name)
    played = play(module, scenario, 1, {side: "random" for side, _ in scenario.side_names()})
    assert played.events and all(isinstance(e["type"], str) and isinstance(e["rule"], str) for e in played.events)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(events=st.lists(st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=6), max_size=5))
def test_the_event_log_hash_is_sha256_of_canonical_json_lines(events: list[dict[str, object]]) -> None:
    """The hash calls the C encoder directly for speed; it must stay byte for byte the documented form:
    SHA-256 of each event as ``json.dumps(sort_keys=True, separators=(",", ":"))``, one per line."""
    lines = "".join(json.dumps(e, sort_keys=True, separators=(",", ":")) + "\n" for e in events)
    expected = hashlib.sha256(lines.encode()).hexdigest() if events else hashlib.sha256().hexdigest()
    assert event_log_hash(events) == expected


def test_a_stamped_event_is_the_event_emit_writes() -> None:
    """The dreadnought state's one-step event: the same dict, key order included, as ``emit`` with the stamp
    first; a detail restating a stamp key takes its place; ``type`` and ``rule`` are refused as details."""
    from admiralty.engine.events import emit_stamped

    for details in ({"fleet": "f1", "path": ["Q31"]}, {"turn": 9, "side": "a"}, {}):
        stamped: list[dict[str, object]] = []
        emit_stamped(stamped, "fleet-moved", "DN-5.1", {"turn": 3, "phase": "movement"}, dict(details))
        plain: list[dict[str, object]] = []
        emit(plain, "fleet-moved", "DN-5.1", **{"turn": 3, "phase": "movement", **details})
        assert stamped == plain and list(stamped[0]) == list(plain[0])
    with pytest.raises(TypeError):
        emit_stamped([], "x", "y", {"turn": 1}, {"rule": "z"})
