"""Declared event types: a rule system's events as typed records, and the check that a recorded event is one.

A rule system declares every event type it writes as a ``TypedDict``: ``type`` (the event's kind) a ``Literal``
of its type string, ``rule`` (the clause behind it) a ``str``, then its details, ``NotRequired`` for a detail an
event may lack. ``EventTypes.of(*records)`` is the registry (type string -> record) that ``Ruleset.events``
names; the union of the records is the rule system's event type, which its game, its replay sentences and the
generic contract (``Game[E]``) are written against. The records are only types: an event is still the plain JSON
object the rule system has always written, so the log and its hash stay byte for byte the same.

``EventTypes.problems(event)`` reads the declarations (keys required and optional, JSON value types) to check a
recorded event at run time (``admiralty.testing`` checks every event a random game writes); ``narrow(event)``
returns the event as its record when it matches, so that a reader (a replay sentence) may rely on its keys.

Keep ``from __future__ import annotations`` out of a declaration module: on Python 3.11 a ``TypedDict`` does
not see ``NotRequired`` inside a string annotation (this module reads the annotations itself either way).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import ForwardRef, Generic, Literal, NotRequired, Required, TypeVar, Union, cast, get_args, get_origin

JsonValue = str | int | float | bool | None | list["JsonValue"] | dict[str, "JsonValue"]
"""A JSON value of any kind (a detail whose shape the rule system leaves open, such as a battle's own step log)."""

Record = TypeVar("Record", bound=Mapping[str, object])
Check = Callable[[object], str | None]  # None: the value matches; else what is wrong, in words


def record_type(record: type) -> str:
    """The type string a record declares (its ``type: Literal["..."]``); ``TypeError`` when it declares none."""
    hints = typing.get_type_hints(record, include_extras=True)
    declared = _bare(hints.get("type"))
    values = get_args(declared) if get_origin(declared) is Literal else ()
    if len(values) != 1 or not isinstance(values[0], str):
        raise TypeError(f"event record {record.__qualname__} does not declare type: Literal['<its type>']")
    if _bare(hints.get("rule")) is not str:
        raise TypeError(f"event record {record.__qualname__} does not declare rule: str")
    return values[0]


def _bare(annotation: object) -> object:
    """``annotation`` without a ``Required``/``NotRequired`` wrapper."""
    while get_origin(annotation) in (Required, NotRequired):
        annotation = get_args(annotation)[0]
    return annotation


def _is_json(value: object) -> bool:
    if value is None or isinstance(value, str | int | float):
        return True
    if isinstance(value, list):
        return all(_is_json(item) for item in value)
    return isinstance(value, dict) and all(isinstance(k, str) and _is_json(v) for k, v in value.items())


def _is_json_value(annotation: object) -> bool:
    """``JsonValue`` as declared, or as ``typing.get_type_hints`` hands it back (evaluated one level deep)."""
    if annotation is JsonValue:
        return True
    if isinstance(annotation, ForwardRef):
        return annotation.__forward_arg__ == "JsonValue"
    return get_origin(annotation) in (Union, types.UnionType) and len(get_args(annotation)) == len(
        get_args(JsonValue)) and "JsonValue" in repr(annotation) and str in get_args(annotation)


def _name(annotation: object) -> str:
    if _is_json_value(annotation):
        return "JSON"
    if isinstance(annotation, type) and not get_args(annotation):
        return "None" if annotation is type(None) else annotation.__name__
    return str(annotation).replace("typing.", "")


def _scalar(kind: type) -> Check:
    if kind is float:  # JSON has one number: an int is a float's value too (never a bool)
        return lambda v: None if isinstance(v, int | float) and not isinstance(v, bool) else f"{v!r} is not a number"
    if kind is int:
        return lambda v: None if isinstance(v, int) and not isinstance(v, bool) else f"{v!r} is not an integer"
    if kind is type(None):
        return lambda v: None if v is None else f"{v!r} is not null"
    return lambda v: None if isinstance(v, kind) else f"{v!r} is not a {kind.__name__}"


def _checker(annotation: object) -> Check:
    """A check of one JSON value against ``annotation``: str, int, float, bool, None, a Literal, a union, a
    list, a dict with string keys, a nested TypedDict, or ``JsonValue``."""
    annotation = _bare(annotation)
    origin, args = get_origin(annotation), get_args(annotation)
    if _is_json_value(annotation):
        return lambda v: None if _is_json(v) else f"{v!r} is not a JSON value"
    if origin is Literal:
        return lambda v: None if any(v == a and type(v) is type(a) for a in args) else f"{v!r} is not one of {args}"
    if origin in (Union, types.UnionType):
        return _any_of([_checker(arg) for arg in args], annotation)
    if origin is list:
        return _list_of(_checker(args[0]))
    if origin in (dict, Mapping):
        return _dict_of(_checker(args[1]))
    if typing.is_typeddict(annotation):
        return _RecordCheck.of(cast(type, annotation)).value_problem
    if isinstance(annotation, type) and annotation in (str, int, float, bool, type(None)):
        return _scalar(annotation)
    raise TypeError(f"an event detail may not be declared as {annotation!r}: use JSON types (str, int, float, "
                    "bool, None, Literal, list, dict[str, ...], a TypedDict or JsonValue)")


def _any_of(checks: list[Check], annotation: object) -> Check:
    def check(value: object) -> str | None:
        return None if any(c(value) is None for c in checks) else f"{value!r} is not {_name(annotation)}"
    return check


def _list_of(item: Check) -> Check:
    def check(value: object) -> str | None:
        if not isinstance(value, list):
            return f"{value!r} is not a list"
        return next((f"item {i}: {p}" for i, v in enumerate(value) if (p := item(v)) is not None), None)
    return check


def _dict_of(item: Check) -> Check:
    def check(value: object) -> str | None:
        if not isinstance(value, dict):
            return f"{value!r} is not an object"
        for key, entry in value.items():
            problem = item(entry) if isinstance(key, str) else f"key {key!r} is not a string"
            if problem is not None:
                return f"{key!r}: {problem}"
        return None
    return check


@dataclass(frozen=True)
class _RecordCheck:
    """The keys of one TypedDict, required and optional, each with the check of its value."""

    name: str
    required: frozenset[str]
    checks: Mapping[str, Check]

    @classmethod
    def of(cls, record: type) -> _RecordCheck:
        hints = typing.get_type_hints(record, include_extras=True)
        total = getattr(record, "__total__", True)
        optional = {key for key, hint in hints.items()
                    if get_origin(hint) is NotRequired or (not total and get_origin(hint) is not Required)}
        return cls(record.__qualname__, frozenset(hints) - optional,
                   {key: _checker(hint) for key, hint in hints.items()})

    def problems(self, event: Mapping[str, object]) -> list[str]:
        missing = sorted(self.required - event.keys())
        found = [f"lacks {key!r}" for key in missing]
        found += [f"has {key!r}, which {self.name} does not declare" for key in event if key not in self.checks]
        for key, value in event.items():
            check = self.checks.get(key)
            problem = None if check is None else check(value)
            if problem is not None:
                found.append(f"{key!r}: {problem}")
        return found

    def value_problem(self, value: object) -> str | None:
        if not isinstance(value, dict):
            return f"{value!r} is not an object"
        found = self.problems(value)
        return "; ".join(found) if found else None


@dataclass(frozen=True)
class EventTypes(Generic[Record]):
    """A rule system's event registry: type string -> its ``TypedDict`` record (``E``: their union), with the
    run-time check of each built from the record's annotations."""

    records: Mapping[str, type]
    _checks: Mapping[str, _RecordCheck] = field(repr=False, compare=False)

    @classmethod
    def of(cls, *records: type) -> EventTypes[Record]:
        """The registry of ``records`` (each a ``TypedDict`` declaring ``type: Literal[...]`` and ``rule: str``),
        typed by the variable it is assigned to (``EVENTS: EventTypes[ConvoyEvent] = EventTypes.of(Leg)``).
        ``TypeError`` for a record without its type string, a type declared twice, or a detail that is not a
        JSON type."""
        by_type: dict[str, type] = {}
        for record in records:
            if not typing.is_typeddict(record):
                raise TypeError(f"{record!r} is not a TypedDict")
            kind = record_type(record)
            if kind in by_type:
                raise TypeError(f"event type {kind!r} is declared twice ({by_type[kind].__qualname__}, "
                                f"{record.__qualname__})")
            by_type[kind] = record
        return cls(by_type, {kind: _RecordCheck.of(record) for kind, record in by_type.items()})

    def __contains__(self, kind: object) -> bool:
        return kind in self.records

    def problems(self, event: Mapping[str, object]) -> list[str]:
        """What is wrong with ``event`` against its declaration: an undeclared type, a missing or undeclared key,
        a value of another JSON type; ``[]`` when it matches."""
        kind = event.get("type")
        check = self._checks.get(kind) if isinstance(kind, str) else None
        if check is None:
            known = ", ".join(sorted(self.records)) or "none"
            return [f"event type {kind!r} is not declared (declared: {known})"]
        return check.problems(event)

    def narrow(self, event: Mapping[str, object]) -> Record | None:
        """``event`` as its declared record when it matches its declaration, else ``None``."""
        return cast(Record, event) if not self.problems(event) else None

    def types(self) -> Iterable[str]:
        return self.records.keys()
