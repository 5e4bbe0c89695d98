"""One recorded event as a plain sentence, with the scenario's names instead of ids.

A rule system's engine writes events as ``type`` plus details (``fleet-moved``, ``fleet=horthy``,
``path=[V25, V26]``). Each rule system's renderer says how its own event types read (``ReplayWords.sentences``,
``rulesets/<name>/site/replay.py``) and which kind each is. Its sentences are written against its declared event
records (``said(Record, words)``: ``words`` reads a ``Record``, every key checked by the type checker),
and an event reaches one only when it matches that record's declaration; this module holds the pieces those
sentences are
made of, the sentences of the two events every game may write (``points``, ``game-over``: the victory points
of ``GameResult``), and the generic sentence for any other type ("Order refused: fleet Horthy's squadron,
reason not adjacent."), so that a new event type never shows raw ``key=value``. The ``kind`` of an event
(move, contact, battle, damage, sunk, points) is what the viewer marks and lists.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from admiralty.engine.api import EventRecord
from admiralty.engine.eventtypes import EventTypes, record_type
from admiralty.site.replaynames import Names
from admiralty.site.words import id_words

Sentence = Callable[[EventRecord, Names], str]
Record = TypeVar("Record", bound=EventRecord)
SKIP = {"turn", "phase", "type", "rule", "log", "battle", "scripted", "chosen"}
EVENT_KINDS = ("move", "contact", "battle", "damage", "sunk", "points")


def number(value: object) -> str:
    """``3``, ``2.5`` (no trailing ``.0``)."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def plural(count: object, word: str, words: str = "") -> str:
    """``1 figure``, ``3 figures`` (``words``: an irregular plural)."""
    return f"{number(count)} " + (word if count == 1 else words or word + "s")


def listing(values: object, n: Names) -> str:
    """``Novara, Saida and Helgoland`` by name (one value: its name; none: ``nothing``)."""
    items = [n.name(v) for v in values] if isinstance(values, list | tuple) else [n.name(values)]
    if len(items) <= 1:
        return items[0] if items else "nothing"
    return ", ".join(items[:-1]) + " and " + items[-1]


def counted(count: object, kind: str) -> str:
    """``3 galleys``, ``1 galley``: a count of a kind of unit named in the plural (``galleasses`` -> ``1 galleass``,
    ``fire ships`` -> ``1 fire ship``)."""
    if count == 1 and kind.endswith("s"):
        kind = kind[:-2] if kind.endswith("sses") else kind[:-1]
    return f"{number(count)} {kind}"


def counts(units: object, n: Names) -> str:
    """``{"galleys": 3, "corsairs": 1}`` -> ``3 galleys, 1 corsair``."""
    if not isinstance(units, Mapping) or not units:
        return "no units"
    return ", ".join(counted(k, n.name(u).lower()) for u, k in units.items())


def mapping(value: object) -> Mapping[str, object]:
    """The value if it is a mapping, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def words(value: object) -> str:
    """An id as lower-case words (``no-ships-left`` -> ``no ships left``)."""
    return id_words(str(value)).lower()


def _points(e: EventRecord, n: Names) -> str:
    what = f": {n.name(e['ship'])}" if e.get("ship") else ""
    return f"{n.side(e.get('side', '?'))} scores {number(e.get('points', 0))} VP ({words(e.get('reason', ''))}{what})."


def _game_over(e: EventRecord, n: Names) -> str:
    points = mapping(e.get("points"))
    score = "; ".join(f"{n.side(s)} {number(p)}" for s, p in points.items())
    who = f"{n.side(e['winner'])} wins" if e.get("winner") else "a draw"
    why = f" ({words(e['reason'])})" if e.get("reason") else ""
    return f"Game over: {who}{why}." + (f" Final VP: {score}." if score else "")


def said(record: type[Record], words_of: Callable[[Record, Names], str]) -> tuple[str, Sentence]:
    """(the record's type string, a sentence): ``words_of`` reads an event of ``record``'s type as that record,
    once the event matches its declaration (one that does not is read by the generic sentence)."""
    declared: EventTypes[Record] = EventTypes.of(record)

    def read(event: EventRecord, names: Names) -> str:
        typed = declared.narrow(event)
        if typed is None:
            raise ValueError(f"not a {record.__qualname__}: {'; '.join(declared.problems(event))}")
        return words_of(typed, names)

    return record_type(record), read


def sentences(*each: tuple[str, Sentence]) -> dict[str, Sentence]:
    """A rule system's ``ReplayWords.sentences`` from its ``said(...)`` entries; ``ValueError`` for a type said
    twice."""
    found: dict[str, Sentence] = {}
    for kind_, words_of in each:
        if kind_ in found:
            raise ValueError(f"event type {kind_!r} has two sentences")
        found[kind_] = words_of
    return found


COMMON_SENTENCES: dict[str, Sentence] = {"points": _points, "game-over": _game_over}
COMMON_KINDS: dict[str, str] = {"points": "points", "game-over": "points"}


def _value(value: object, n: Names) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return listing(value, n)
    if isinstance(value, Mapping):
        return ", ".join(f"{words(k)} {_value(v, n)}" for k, v in value.items())
    if isinstance(value, int | float):
        return number(value)
    return n.name(value)


def generic(e: EventRecord, n: Names) -> str:
    """An event type without its own sentence: its type and details in words."""
    details = "; ".join(f"{words(k)} {_value(v, n)}" for k, v in e.items()
                        if k not in SKIP and v not in (None, False, "", [], {}))
    head = id_words(str(e.get("type", "event")))
    return f"{head}: {details}." if details else f"{head}."


def sentence(event: EventRecord, names: Names, sentences: Mapping[str, Sentence] | None = None) -> str:
    """The event in plain words, by the rule system's ``sentences`` (then the common ones); a detail of an
    unexpected shape falls back to the generic sentence."""
    kind_ = str(event.get("type", ""))
    template = (sentences or {}).get(kind_) or COMMON_SENTENCES.get(kind_, generic)
    try:
        return template(event, names)
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        return generic(event, names)


def kind(event: EventRecord, kinds: Mapping[str, str] | None = None) -> str:
    """move, contact, battle, damage, sunk, points, or other."""
    kind_ = str(event.get("type", ""))
    return (kinds or {}).get(kind_) or COMMON_KINDS.get(kind_, "other")
