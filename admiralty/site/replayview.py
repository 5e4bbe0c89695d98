"""A sample game to watch: the scenario's recorded smoke game (``<smoke>/replays/<id>-sample.jsonl``, kept by the smoke
stage) turn by turn beside a copy of the scenario's map, no server needed.

For each turn the page carries, as JSON in a ``<script type="application/json">`` block (``<``, ``>`` and ``&``
written as ``\\u`` escapes, so no author text in it can close the block): the turn's events as plain sentences with
the scenario's names (``replaytext``), where every fleet stands at the end of the turn (the tokens), the zones of
contacts and battles, each battery's fire of the turn (battery and target), the damage and sinkings, and each side's
running victory points. ``replay.js`` draws them; rule systems whose events place no fleets show the text and the
tally alone.

The viewer knows no rule system's events: each renderer's ``ReplayWords`` says how its events read, which kind each
is, and (``track``) what each does to the tokens, the points and the losses through ``ReplayState``'s verbs. The
viewer steps through the events; ``points`` and ``game-over`` (the victory points every game may record) it counts
itself."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from admiralty.engine.api import EventRecord
from admiralty.json_types import JSONObject, JSONValue
from admiralty.site.replaynames import Names
from admiralty.site.replaytext import Sentence, kind, sentence
from admiralty.site.text import attr, esc, html_block

MAX_EVENTS = 4000
PLACE_KEYS = ("zone", "at", "port", "start", "to", "from", "origin", "target", "between", "path", "unit", "battery",
              "fleet", "fleets")


class Sample(TypedDict):
    """The sample game as read from its replay file: the header line and the events (JSON objects)."""

    header: JSONObject
    events: list[JSONObject]


class _Token(TypedDict):
    at: str
    side: str
    hidden: bool


class TokenView(TypedDict):
    """A token as the viewer's script draws it."""

    id: str
    name: str
    side: str
    at: str
    place: str
    hidden: bool


class EventLine(TypedDict):
    text: str
    kind: str
    type: str
    rule: str


class Turn(TypedDict, total=False):
    """One step of the viewer (a turn, or a step within it): its events, marks and the state after it."""

    turn: object  # the events' ``turn`` as recorded (a number; written back as it was read)
    step: str
    events: list[EventLine]
    marks: list[str]
    contacts: list[str]
    battles: list[str]
    fires: list[list[str]]
    tokens: list[TokenView]
    vp: dict[str, float]
    losses: dict[str, int]


class ReplayData(TypedDict):
    """What the viewer's script reads from the page's JSON block."""

    turns: list[Turn]
    sides: list[dict[str, str]]
    scored: bool
    vp_label: str
    loss_label: str


def read_sample(smoke_dir: Path | None, scenario_id: str) -> Sample | None:
    """The sample game's header and events, or ``None`` (no file, unreadable, or no events kept)."""
    if smoke_dir is None:
        return None
    path = Path(smoke_dir) / "replays" / f"{scenario_id}-sample.jsonl"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        header: JSONValue = json.loads(lines[0])
        tail: JSONValue = json.loads(lines[-1])
    except (OSError, ValueError, IndexError):
        return None
    events = tail.get("events") if isinstance(tail, dict) else None
    if not isinstance(header, dict) or not isinstance(events, list) or not events:
        return None
    return {"header": header, "events": [e for e in events[:MAX_EVENTS] if isinstance(e, dict)]}


def _ids(value: object) -> list[str]:
    """Every plain string in an event detail: the ids the map may mark."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [n for v in value for n in _ids(v)]
    return []


class ReplayState:
    """The running state the viewer shows: fleet tokens, victory points and losses per side. A rule system's
    ``track`` changes it through these verbs only."""

    def __init__(self, names: Names) -> None:
        self.names = names
        self.fleets: dict[str, _Token] = {}
        self.vp: dict[str, float] = dict.fromkeys(names.sides, 0.0)
        self.losses: dict[str, int] = dict.fromkeys(names.sides, 0)

    def place(self, token: str, at: str, side: str) -> None:
        """A token appears at ``at``."""
        self.fleets[token] = {"at": at, "side": side, "hidden": False}

    def move(self, token: str, at: str | None = None, hidden: bool | None = None) -> None:
        """A token on the map moves to ``at`` and/or is hidden or seen again; unknown tokens are ignored."""
        if token in self.fleets:
            if at is not None:
                self.fleets[token]["at"] = at
            if hidden is not None:
                self.fleets[token]["hidden"] = hidden

    def split(self, token: str, new_token: str) -> None:
        """A new token appears where ``token`` stands, on its side (a fleet detaching ships)."""
        if token in self.fleets:
            self.fleets[new_token] = self.fleets[token].copy()

    def remove(self, token: str) -> None:
        """A token leaves the map."""
        self.fleets.pop(token, None)

    def lose(self, side: object, count: object = 1) -> None:
        """``side`` loses ``count`` of what its losses column counts (ships, units, figures)."""
        if isinstance(side, str) and side:
            self.losses[side] = self.losses.get(side, 0) + (count if isinstance(count, int) else 1)

    def apply(self, event: EventRecord, track: Tracker | None) -> None:
        """The victory points of ``points`` and ``game-over``, then the rule system's own ``track``."""
        kind_, points = event.get("type"), event.get("points")
        if kind_ == "points" and isinstance(points, int | float):
            side = str(event.get("side", ""))
            self.vp[side] = self.vp.get(side, 0.0) + float(points)
        elif kind_ == "game-over" and isinstance(points, Mapping):
            self.vp.update({str(s): float(p) for s, p in points.items() if isinstance(p, int | float)})
        if track is not None:
            track(self, event)

    def tokens(self) -> list[TokenView]:
        return [{"id": f, "name": self.names.name(f), "side": d["side"], "at": d["at"],
                 "place": self.names.name(d["at"]), "hidden": d["hidden"]} for f, d in sorted(self.fleets.items())]


Tracker = Callable[[ReplayState, EventRecord], None]
"""A rule system's ``track``: what one of its events does to the tokens and losses (it narrows the event to its
declared record, ``EventTypes.narrow``, and on ``event["type"]``)."""


@dataclass(frozen=True)
class ReplayWords:
    """How a rule system's events show in the sample game: each type's sentence, its kind (move, contact,
    battle, damage, sunk, points), what it does to the tokens and losses (``track``), and what the losses
    column is called after the first loss event type found in the game (``loss_labels``)."""

    sentences: Mapping[str, Sentence] = field(default_factory=dict)
    kinds: Mapping[str, str] = field(default_factory=dict)
    track: Tracker | None = None
    loss_labels: Mapping[str, str] = field(default_factory=dict)
    # The step an event belongs to within its turn (a renaissance turn's scripted actions and battles, one by
    # one, the map updating at each), in words ("battle 1"); None: the viewer steps a whole turn at a time.
    step: Callable[[EventRecord], str] | None = None


NO_WORDS = ReplayWords()


def turns(events: Sequence[EventRecord], names: Names | None = None,
          replay: ReplayWords = NO_WORDS) -> list[Turn]:
    """Events grouped by turn, each turn with its sentences, places to mark, tokens, VP and losses so far."""
    names = names or Names()
    game = ReplayState(names)
    out: list[Turn] = []
    for event in events:
        turn = event.get("turn")
        step = replay.step(event) if replay.step is not None else ""
        if not out or out[-1]["turn"] != turn or out[-1]["step"] != step:
            out.append({"turn": turn, "step": step, "events": [], "marks": [], "contacts": [], "battles": [],
                        "fires": []})
        current, what = out[-1], kind(event, replay.kinds)
        game.apply(event, replay.track)
        current["events"].append({"text": sentence(event, names, replay.sentences), "kind": what,
                                  "type": str(event.get("type", "")), "rule": str(event.get("rule", ""))})
        _mark(current, event, what)
        current.update(Turn(tokens=game.tokens(), vp=dict(game.vp), losses=dict(game.losses)))
    return out


def _mark(current: Turn, event: EventRecord, what: str) -> None:
    """Add to a turn what the map marks for one of its events: the places it names, a battery's fire (a line of
    its own) and where a contact or battle is; each once."""
    places = [n for key in PLACE_KEYS for n in _ids(event.get(key))]
    current["marks"].extend(n for n in places if n not in current["marks"])
    # a battery's fire this turn, drawn as its own line: both ends named
    shot = [n for n in (event.get("battery"), event.get("target")) if isinstance(n, str)]
    if what == "battle" and len(shot) == 2 and shot not in current["fires"]:
        current["fires"].append(shot)
    target = {"contact": current["contacts"], "battle": current["battles"]}.get(what)
    where = event.get("at") or event.get("zone")  # a renaissance battle's "zone" is its region
    if target is not None and isinstance(where, str) and where not in target:
        target.append(where)


def _json(data: object) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


CONTROLS = ('<div class="replay-controls" role="group" aria-label="Turn">'
            '<button type="button" data-step="first" aria-label="First turn">« First</button>'
            '<button type="button" data-step="-1" aria-label="Previous turn">◀ Previous</button>'
            '<input type="range" class="replay-slider" min="0" value="0" aria-label="Turn">'
            '<button type="button" data-step="1" aria-label="Next turn">Next ▶</button>'
            '<button type="button" data-step="last" aria-label="Last turn">Last »</button>'
            '<span class="replay-turn" aria-live="polite"></span></div>')


def viewer(scenario_id: str, sample: Sample | None, names: Names | None = None,
           colours: Mapping[str, str] | None = None, replay: ReplayWords = NO_WORDS) -> str:
    """The replay viewer block for a scenario page (a note when no sample game was kept)."""
    if sample is None:
        return ("No sample game was recorded when this site was built (run `admiralty smoke` before "
                "`admiralty docs`).\n")
    names = names or Names()
    data = _replay_data(sample["events"], names, colours or {}, replay)
    about = _about(sample, names)
    return html_block(f'<div class="replay-viewer" data-scenario="{attr(scenario_id)}" tabindex="0">'
                      f'<p class="replay-about">{esc(about)}</p>{CONTROLS}'
                      '<div class="replay-stage"><div class="replay-map"></div><div class="replay-side">'
                      '<div class="replay-state"><table class="replay-tally"><caption>Victory points so far</caption>'
                      '<tbody></tbody></table></div><ol class="replay-events"></ol></div></div>'
                      f'<script type="application/json" class="replay-data">{_json(data)}</script></div>',
                      "replay")


def _replay_data(events: Sequence[EventRecord], names: Names, colours: Mapping[str, str],
                 replay: ReplayWords) -> ReplayData:
    """What the viewer's script draws: the turns, the sides with their colours, and how the tally is labelled
    (victory points counted only when the game ends; the rule system's word for losses)."""
    sides = [{"id": s, "name": n, "colour": colours.get(s, "#555")} for s, n in names.sides.items()]
    scored = any(e.get("type") in ("points", "game-over") and e.get("points") for e in events)
    at_the_end = scored and not any(e.get("type") == "points" for e in events)
    return {"turns": turns(events, names, replay), "sides": sides, "scored": scored,
            "vp_label": "Victory points (counted when the game ends)" if at_the_end else "Victory points so far",
            "loss_label": next((label for kind_, label in replay.loss_labels.items()
                                if any(e.get("type") == kind_ for e in events)), "Losses")}


def _about(sample: Sample, names: Names) -> str:
    """The line above the viewer: the sample game's seed, players and length, and the keys."""
    header = sample["header"]
    players = header.get("players") or {}
    who = ", ".join(f"{names.side(side)}: {kind_}" for side, kind_ in
                    sorted(players.items() if isinstance(players, dict) else ()))
    return (f"Seed {header.get('seed', '?')}; players {who or 'unknown'}; {len(sample['events'])} events. "
            "Keys: ← → step a turn, Home and End jump; swipe the panel on a phone.")
