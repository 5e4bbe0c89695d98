"""One recorded event as a plain sentence, with the scenario's names instead of ids.

A rule system's engine writes events as ``type`` plus details (``fleet-moved``, ``fleet=horthy``,
``path=[V25, V26]``). Each rule system's renderer says how its own event types read (``ReplayWords.sentences``,
``rulesets/<name>/site/replay.py``) and which kind each is; this module holds the pieces those sentences are
made of, the sentences of the two events every game may write (``points``, ``game-over``: the victory points
of ``GameResult``), and the generic sentence for any other type ("Order refused: fleet Horthy's squadron,
reason not adjacent."), so that a new event type never shows raw ``key=value``. The ``kind`` of an event
(move, contact, battle, damage, sunk, points) is what the viewer marks and lists.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from admiralty.site.replaynames import Names
from admiralty.site.words import id_words

Sentence = Callable[[Mapping[str, Any], Names], str]
SKIP = {"turn", "phase", "type", "rule", "log", "battle", "scripted", "chosen"}
EVENT_KINDS = ("move", "contact", "battle", "damage", "sunk", "points")


def number(value: Any) -> str:
    """``3``, ``2.5`` (no trailing ``.0``)."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def plural(count: Any, word: str, words: str = "") -> str:
    """``1 figure``, ``3 figures`` (``words``: an irregular plural)."""
    return f"{number(count)} " + (word if count == 1 else words or word + "s")


def listing(values: Any, n: Names) -> str:
    """``Novara, Saida and Helgoland`` by name (one value: its name; none: ``nothing``)."""
    items = [n.name(v) for v in values] if isinstance(values, list | tuple) else [n.name(values)]
    if len(items) <= 1:
        return items[0] if items else "nothing"
    return ", ".join(items[:-1]) + " and " + items[-1]


def counted(count: Any, kind: str) -> str:
    """``3 galleys``, ``1 galley``: a count of a kind of unit named in the plural (``galleasses`` -> ``1 galleass``,
    ``fire ships`` -> ``1 fire ship``)."""
    if count == 1 and kind.endswith("s"):
        kind = kind[:-2] if kind.endswith("sses") else kind[:-1]
    return f"{number(count)} {kind}"


def counts(units: Any, n: Names) -> str:
    """``{"galleys": 3, "corsairs": 1}`` -> ``3 galleys, 1 corsair``."""
    if not isinstance(units, Mapping) or not units:
        return "no units"
    return ", ".join(counted(k, n.name(u).lower()) for u, k in units.items())


def mapping(value: Any) -> Mapping[str, Any]:
    """The value if it is a mapping, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def words(value: Any) -> str:
    """An id as lower-case words (``no-ships-left`` -> ``no ships left``)."""
    return id_words(str(value)).lower()


def _points(e: Mapping[str, Any], n: Names) -> str:
    what = f": {n.name(e['ship'])}" if e.get("ship") else ""
    return f"{n.side(e.get('side', '?'))} scores {number(e.get('points', 0))} VP ({words(e.get('reason', ''))}{what})."


def _game_over(e: Mapping[str, Any], n: Names) -> str:
    points = mapping(e.get("points"))
    score = "; ".join(f"{n.side(s)} {number(p)}" for s, p in points.items())
    who = f"{n.side(e['winner'])} wins" if e.get("winner") else "a draw"
    why = f" ({words(e['reason'])})" if e.get("reason") else ""
    return f"Game over: {who}{why}." + (f" Final VP: {score}." if score else "")


COMMON_SENTENCES: dict[str, Sentence] = {"points": _points, "game-over": _game_over}
COMMON_KINDS: dict[str, str] = {"points": "points", "game-over": "points"}


def _value(value: Any, n: Names) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return listing(value, n)
    if isinstance(value, Mapping):
        return ", ".join(f"{words(k)} {_value(v, n)}" for k, v in value.items())
    if isinstance(value, int | float):
        return number(value)
    return n.name(value)


def generic(e: Mapping[str, Any], n: Names) -> str:
    """Any event type without its own sentence: its type and details in words."""
    details = "; ".join(f"{words(k)} {_value(v, n)}" for k, v in e.items()
                        if k not in SKIP and v not in (None, False, "", [], {}))
    head = id_words(str(e.get("type", "event")))
    return f"{head}: {details}." if details else f"{head}."


def sentence(event: Mapping[str, Any], names: Names, sentences: Mapping[str, Sentence] | None = None) -> str:
    """The event in plain words, by the rule system's ``sentences`` (then the common ones); a detail of an
    unexpected shape falls back to the generic sentence."""
    kind_ = str(event.get("type", ""))
    template = (sentences or {}).get(kind_) or COMMON_SENTENCES.get(kind_, generic)
    try:
        return template(event, names)
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        return generic(event, names)


def kind(event: Mapping[str, Any], kinds: Mapping[str, str] | None = None) -> str:
    """move, contact, battle, damage, sunk, points, or other."""
    kind_ = str(event.get("type", ""))
    return (kinds or {}).get(kind_) or COMMON_KINDS.get(kind_, "other")
