"""Declared event types (``admiralty.engine.eventtypes``): the registry read from TypedDict records, and the run-time
check of a recorded event built from their annotations."""

# No ``from __future__ import annotations`` here: the records below are declared as a rule system declares them.

import re
from pathlib import Path
from typing import Literal, NotRequired, TypedDict

import pytest

from admiralty.contract import ruleset_named
from admiralty.engine.eventtypes import EventTypes, JsonValue, record_type

ROOT = Path(__file__).resolve().parents[2]


class Side(TypedDict):
    power: str
    units: dict[str, int]


class Clash(TypedDict):
    type: Literal["clash"]
    rule: str
    turn: int
    at: str
    winner: str | None
    share: float
    attacker: Side
    dice: NotRequired[list[int]]
    log: NotRequired[list[dict[str, JsonValue]]]


class Quiet(TypedDict):
    type: Literal["quiet"]
    rule: str


EVENTS: EventTypes[Clash | Quiet] = EventTypes.of(Clash, Quiet)


def clash(**changes: object) -> dict[str, object]:
    event: dict[str, object] = {"type": "clash", "rule": "XX-1", "turn": 2, "at": "malta", "winner": None,
                                "share": 0.5, "attacker": {"power": "venice", "units": {"galleys": 2}}}
    event.update(changes)
    return event


def test_the_registry_reads_each_records_type_string() -> None:
    assert record_type(Clash) == "clash"
    assert list(EVENTS.types()) == ["clash", "quiet"] and "quiet" in EVENTS and "other" not in EVENTS


def test_an_event_that_matches_its_declaration_has_no_problem() -> None:
    assert EVENTS.problems(clash()) == []
    assert EVENTS.problems(clash(dice=[], log=[{"step": 1, "hits": {"a": [1, None]}, "text": "x"}])) == []
    assert EVENTS.problems(clash(winner="venice", share=1)) == []  # JSON has one number: 1 is a float's value
    assert EVENTS.problems({"type": "quiet", "rule": "XX-2"}) == []
    assert EVENTS.narrow(clash()) == clash()


@pytest.mark.parametrize(("event", "problems"), [
    ({"rule": "XX-1"}, ["event type None is not declared (declared: clash, quiet)"]),
    ({"type": "storm", "rule": "XX-1"}, ["event type 'storm' is not declared (declared: clash, quiet)"]),
    ({"type": "quiet"}, ["lacks 'rule'"]),
    ({"type": "quiet", "rule": "XX-2", "turn": 1}, ["has 'turn', which Quiet does not declare"]),
    (clash(turn=True), ["'turn': True is not an integer"]),
    (clash(turn=2.0), ["'turn': 2.0 is not an integer"]),
    (clash(share="half"), ["'share': 'half' is not a number"]),
    (clash(winner=3), ["'winner': 3 is not str | None"]),
    (clash(dice=[1, "6"]), ["'dice': item 1: '6' is not an integer"]),
    (clash(dice=(1, 2)), ["'dice': (1, 2) is not a list"]),
    (clash(attacker={"power": "venice"}), ["'attacker': lacks 'units'"]),
    (clash(attacker={"power": "venice", "units": {"galleys": "2"}}),
     ["'attacker': 'units': 'galleys': '2' is not an integer"]),
    (clash(log=[{"step": {1, 2}}]), ["'log': item 0: 'step': {1, 2} is not a JSON value"]),
])
def test_an_event_that_breaks_its_declaration_is_told_where(event: dict[str, object], problems: list[str]) -> None:
    assert EVENTS.problems(event) == problems
    assert EVENTS.narrow(event) is None


class NoType(TypedDict):
    rule: str


class NoRule(TypedDict):
    type: Literal["x"]


class NotJson(TypedDict):
    type: Literal["y"]
    rule: str
    at: set[str]


@pytest.mark.parametrize(("records", "message"), [
    ((NoType,), "event record NoType does not declare type: Literal['<its type>']"),
    ((NoRule,), "event record NoRule does not declare rule: str"),
    ((Quiet, Quiet), "event type 'quiet' is declared twice (Quiet, Quiet)"),
    ((NotJson,), "an event detail may not be declared as set[str]"),
    ((dict,), "<class 'dict'> is not a TypedDict"),
])
def test_a_declaration_that_cannot_be_checked_is_refused(records: tuple[type, ...], message: str) -> None:
    with pytest.raises(TypeError, match=re.escape(message)):
        EventTypes.of(*records)


@pytest.mark.parametrize("name", ["dreadnought", "renaissance", "napoleonic"])
def test_every_event_type_an_engine_writes_is_declared(name: str) -> None:
    """Read from the source, not from games: a type only rare games write (a ship refloated, a base removed)
    is declared too."""
    engine = ROOT / "admiralty" / "rulesets" / name / "engine"
    written = {m for path in engine.rglob("*.py") for m in re.findall(
        r'\b(?:emit\((?:[\w.]+, )?|event\(|type=)"([a-z-]+)"', path.read_text(encoding="utf-8"))}
    events = ruleset_named(name).load_events()
    assert events is not None and len(written) > 12
    assert written - set(events.types()) == set()
