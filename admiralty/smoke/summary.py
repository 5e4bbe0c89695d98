"""A scenario's smoke statistics as one frozen type, ``SmokeStats``: built by ``stats.summarise``, written to
``build/smoke/<id>.json`` by :meth:`SmokeStats.to_json` and read back by :meth:`SmokeStats.from_json` only (the
smoke summary, the site, the benchmarks).

Reading is defensive: another run (an older admiralty, an interrupted run, a hand edit) may have written the file,
and a missing, partial or malformed field must never break a reader, so every field is checked for its type and
anything odd is left out (the reader then knows less, never wrong things). A file ``to_json`` wrote reads back to
an equal object, which writes the same bytes again. JSON numbers keep their type (a band of ``[0, 1]`` is written
back as ``[0, 1]``, not ``[0.0, 1.0]``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from admiralty.json_types import JSONArray, JSONObject
from admiralty.smoke.eventmeans import EventMeans

FAILURE_KINDS = ("crash", "invariant", "dead-end", "step-limit", "timeout", "non-determinism")
Json = JSONObject  # a JSON object as this module writes it
Read = Mapping[str, object]  # a decoded JSON object as this module reads it: every field checked for its type


def wilson_interval(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default); (0, 1) with no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def vp_key(value: float) -> str:
    """A victory-point total as the histogram's key: ``3`` for 3.0, ``2.5`` for 2.5."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@dataclass(frozen=True)
class SideStats:
    """One side's wins, win rate with its Wilson 95% interval and, over all games, its victory points."""

    side: str
    wins: int
    rate: float
    wilson95: tuple[float, float]
    vp_mean: float | None = None  # None: not measured (the per-player-kind figures carry no VP)
    vp_histogram: tuple[tuple[float, int], ...] = ()  # (VP total, games), by total

    def to_json(self) -> Json:
        data: Json = {"wins": self.wins, "rate": self.rate, "wilson95": list(self.wilson95)}
        if self.vp_mean is not None or self.vp_histogram:
            data["vp"] = {"mean": self.vp_mean, "histogram": {vp_key(v): n for v, n in self.vp_histogram}}
        return data


@dataclass(frozen=True)
class LengthStats:
    """Game length in turns over the finished games (all 0 when none finished; None: not in the file)."""

    mean: float | None
    stdev: float | None
    min: int | None
    max: int | None


@dataclass(frozen=True)
class PlayerStats:
    """Win figures over the finished games of one player kind."""

    games: int
    sides: tuple[SideStats, ...]
    draws: int

    def to_json(self) -> Json:
        return {"games": self.games, "draws": self.draws, "sides": {s.side: s.to_json() for s in self.sides}}


@dataclass(frozen=True)
class BalanceCheck:
    """The first side's win rate over the balance player kind's finished games, against the author's band."""

    expected: tuple[float, float] | None
    observed: float | None
    side: str | None
    in_band: bool | None
    player: str | None
    games: int | None
    wilson95: tuple[float, float] | None

    def to_json(self) -> Json:
        return {"expected": _list(self.expected), "observed": self.observed, "side": self.side,
                "in_band": self.in_band, "player": self.player, "games": self.games,
                "wilson95": _list(self.wilson95)}


@dataclass(frozen=True)
class FailedGame:
    player: str
    seed: int
    kind: str
    message: str
    replay: str | None  # the replay file that reproduces it

    def to_json(self) -> Json:
        return {"player": self.player, "seed": self.seed, "kind": self.kind, "message": self.message,
                "replay": self.replay}


@dataclass(frozen=True)
class SequentialStats:
    """How a sequential sweep decided the balance verdict (``smoke/sequential.py``)."""

    confidence: float
    floor: int
    budget: int  # games per player kind at most
    fixed_games: int  # what a fixed sweep plays
    verdict: str | None  # inside, outside, or None: undecided, judged as a fixed sweep
    balance_games: int
    sequence: tuple[float, float] | None  # the confidence sequence at the last look

    def to_json(self) -> Json:
        return {"confidence": self.confidence, "floor": self.floor, "budget": self.budget,
                "fixed_games": self.fixed_games, "verdict": self.verdict, "balance_games": self.balance_games,
                "sequence": _list(self.sequence)}


@dataclass(frozen=True)
class PartialRun:
    """Why a run ended before its games were played, and how many it meant to play."""

    reason: str
    planned_games: int


@dataclass(frozen=True)
class Balance:
    """The games the balance is judged on: their player kind, count, each side's wins (Wilson 95%), draws."""

    player: str | None
    games: int
    sides: tuple[SideStats, ...]
    draws: int | None
    expected: tuple[float, float] | None
    in_band: bool | None

    @property
    def first(self) -> SideStats | None:
        return self.sides[0] if self.sides else None

    def who(self) -> str:
        """``50 games with scripted players on every side`` (plain words for the chart, verdict and index)."""
        kind = f" with {self.player} players on every side" if self.player else ""
        return f"{self.games} games{kind}"


@dataclass(frozen=True)
class SmokeStats:
    """Everything ``build/smoke/<id>.json`` holds. ``sides`` come in the scenario's order where known (the
    first is the one the balance band speaks of); ``failures`` lists only the kinds that happened."""

    scenario: str
    games: int
    sides: tuple[SideStats, ...]
    draws: int = 0
    players: tuple[str, ...] = ()
    ruleset: str | None = None
    title: str | None = None
    games_per_player: tuple[tuple[str, int], ...] = ()
    failures: tuple[tuple[str, int], ...] = ()
    length: LengthStats | None = None
    balance_check: BalanceCheck | None = None
    by_player: tuple[tuple[str, PlayerStats], ...] = ()
    failed_games: tuple[FailedGame, ...] = ()
    event_hashes: tuple[tuple[str, str], ...] = ()  # ("<player>:<seed>", event-log hash)
    sequential: SequentialStats | None = None
    partial: PartialRun | None = None
    events: EventMeans | None = None  # None: not measured (no finished balance game, or an older file)

    @property
    def expected(self) -> tuple[float, float] | None:
        return self.balance_check.expected if self.balance_check else None

    @property
    def observed(self) -> float | None:
        return self.balance_check.observed if self.balance_check else None

    @property
    def in_band(self) -> bool | None:
        return self.balance_check.in_band if self.balance_check else None

    @property
    def balance_games(self) -> int | None:
        """Games the observed rate is measured over, when known and not none."""
        return (self.balance_check.games or None) if self.balance_check else None

    @property
    def balance_player(self) -> str | None:
        return self.balance_check.player if self.balance_check else None

    @property
    def length_mean(self) -> float | None:
        return self.length.mean if self.length else None

    @property
    def length_range(self) -> tuple[int, int] | None:
        """The shortest and longest game, in turns."""
        low, high = (self.length.min, self.length.max) if self.length else (None, None)
        return (low, high) if low is not None and high is not None and low <= high else None

    def balance(self) -> Balance:
        """The one balance figure the chart, the verdict and the index all show: the games of the player kind
        the band is judged on (``balance.player``), with every side's wins among them."""
        kinds = {kind: stats for kind, stats in self.by_player if stats.games}
        kind = self.balance_player or (self.players[0] if len(self.players) == 1 else None)
        if kind in kinds:
            chosen = kinds[kind]
            return Balance(kind, chosen.games, chosen.sides, chosen.draws, self.expected, self.in_band)
        if kind is None or len(self.players) <= 1:  # every game is of the one kind
            return Balance(kind, self.games, self.sides, self.draws, self.expected, self.in_band)
        games = self.balance_games or self.games  # an older file: only the first side's rate is known
        observed = self.observed if self.observed is not None else 0.0
        first = self.sides[0].side if self.sides else "first side"
        wins = round(observed * games)
        side = SideStats(first, wins, observed, wilson_interval(wins, games))
        return Balance(kind, games, (side,), None, self.expected, self.in_band)

    def to_json(self) -> Json:
        """The file's object (written with sorted keys, so the order of the fields here does not matter)."""
        data: Json = {
            "scenario": self.scenario, "ruleset": self.ruleset, "title": self.title, "games": self.games,
            "players": list(self.players), "games_per_player": dict(self.games_per_player),
            "failures": {**{kind: 0 for kind in FAILURE_KINDS}, **dict(self.failures)},
            "length": None if self.length is None else {
                "mean": self.length.mean, "stdev": self.length.stdev, "min": self.length.min, "max": self.length.max},
            "sides": {s.side: s.to_json() for s in self.sides},
            "draws": self.draws,
            "balance": None if self.balance_check is None else self.balance_check.to_json(),
            "by_player": {kind: stats.to_json() for kind, stats in self.by_player},
            "failed_games": [failed.to_json() for failed in self.failed_games],
            "event_hashes": dict(self.event_hashes),
        }
        if self.events is not None:
            data["events"] = self.events.to_json()
        if self.sequential is not None:
            data["sequential"] = self.sequential.to_json()
        if self.partial is not None:
            data.update(partial=True, reason=self.partial.reason, planned_games=self.partial.planned_games)
        return data

    def dumps(self) -> str:
        """The file's text: the object with sorted keys, indented, and a final newline."""
        return json.dumps(self.to_json(), indent=2, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, data: object) -> SmokeStats | None:
        """The statistics in a decoded file, or ``None`` when it is no object or has no count of games."""
        if not isinstance(data, dict) or (games := _count(data.get("games"))) is None:
            return None
        balance = _balance(_mapping(data, "balance"))
        order = _side_order(_mapping(data, "sides"), balance)
        return cls(
            scenario=str(data.get("scenario", "")), games=games, sides=_sides(_mapping(data, "sides"), order, games),
            draws=_count(data.get("draws")) or 0, players=tuple(_texts(data.get("players"))),
            ruleset=_text(data.get("ruleset")), title=_text(data.get("title")),
            games_per_player=_counts(_mapping(data, "games_per_player")),
            failures=tuple((kind, n) for kind, n in _counts(_mapping(data, "failures")) if n),
            length=_length(data.get("length")), balance_check=balance,
            by_player=_by_player(_mapping(data, "by_player"), order), failed_games=_failed_games(data),
            event_hashes=tuple((k, v) for k, v in sorted(_mapping(data, "event_hashes").items())
                               if isinstance(v, str) and v),
            sequential=_sequential(data.get("sequential")), partial=_partial(data),
            events=EventMeans.from_json(data.get("events")),
        )

    @classmethod
    def load(cls, path: str | Path) -> SmokeStats | None:
        """The statistics in ``path``, or ``None`` (no file, unreadable, not JSON, or not usable)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return cls.from_json(data)


def _list(pair: tuple[float, float] | None) -> JSONArray | None:
    return None if pair is None else [pair[0], pair[1]]


# -- reading: every field checked for its type; what does not fit is left out ------------------------------------


def _number(value: object) -> float | None:
    """A finite JSON number as it is (an int stays an int), else None."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return value


def _count(value: object) -> int | None:
    number = _number(value)
    return int(number) if number is not None and number >= 0 and number == int(number) else None


def _rate(value: object) -> float | None:
    number = _number(value)
    return number if number is not None and 0.0 <= number <= 1.0 else None


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _texts(value: object) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


def _mapping(data: Read, key: str) -> Read:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _counts(data: Read) -> tuple[tuple[str, int], ...]:
    return tuple((str(key), n) for key, value in sorted(data.items()) if (n := _count(value)) is not None)


def _band(value: object) -> tuple[float, float] | None:
    if isinstance(value, list | tuple) and len(value) == 2:
        low, high = _rate(value[0]), _rate(value[1])
        if low is not None and high is not None and low <= high:
            return (low, high)
    return None


def _side_order(raw_sides: Read, balance: BalanceCheck | None) -> list[str]:
    """The file's keys are sorted; the balance speaks of the scenario's first side (``balance.side``), which
    must come first wherever "the first side" is read (verdict, index, chart)."""
    order = [str(key) for key in raw_sides]
    first = balance.side if balance else None
    return [first, *(key for key in order if key != first)] if first in order else order


def _side(side_id: str, data: object, games: int) -> SideStats | None:
    if not isinstance(data, dict):
        return None
    wins, rate = _count(data.get("wins")), _rate(data.get("rate"))
    if wins is None and rate is None:
        return None
    if wins is None:
        wins = round((rate or 0.0) * games)
    if rate is None:
        rate = wins / games if games else 0.0
    interval = _band(data.get("wilson95")) or wilson_interval(wins, games)
    vp = data.get("vp")
    if not isinstance(vp, dict):
        return SideStats(side_id, wins, rate, interval)
    return SideStats(side_id, wins, rate, interval, _number(vp.get("mean")), _histogram(vp.get("histogram")))


def _histogram(raw: object) -> tuple[tuple[float, int], ...]:
    found: list[tuple[float, int]] = []
    for key, count in (raw.items() if isinstance(raw, dict) else ()):
        try:
            value = float(key)
        except (TypeError, ValueError):
            continue
        n = _count(count)
        if n is not None and math.isfinite(value):
            found.append((value, n))
    return tuple(sorted(found))


def _sides(raw: Read, order: list[str], games: int) -> tuple[SideStats, ...]:
    return tuple(side for side in (_side(key, raw[key], games) for key in order) if side is not None)


def _by_player(data: Read, order: list[str]) -> tuple[tuple[str, PlayerStats], ...]:
    found = []
    for kind, value in sorted(data.items()):
        games = _count(value.get("games")) if isinstance(value, dict) else None
        if games is None or not isinstance(value, dict):
            continue
        raw = _mapping(value, "sides")
        keys = [key for key in order if key in raw] + [key for key in raw if key not in order]
        found.append((str(kind), PlayerStats(games, _sides(raw, keys, games), _count(value.get("draws")) or 0)))
    return tuple(found)


def _length(data: object) -> LengthStats | None:
    if not isinstance(data, dict):
        return None
    return LengthStats(_number(data.get("mean")), _number(data.get("stdev")), _count(data.get("min")),
                       _count(data.get("max")))


def _balance(data: Read) -> BalanceCheck | None:
    if not data:
        return None
    in_band = data.get("in_band")
    return BalanceCheck(_band(data.get("expected")), _rate(data.get("observed")), _text(data.get("side")),
                        in_band if isinstance(in_band, bool) else None, _text(data.get("player")),
                        _count(data.get("games")), _band(data.get("wilson95")))


def _failed_games(data: Read) -> tuple[FailedGame, ...]:
    raw = data.get("failed_games")
    found = []
    for game in raw if isinstance(raw, list) else ():
        if not isinstance(game, dict) or (seed := _number(game.get("seed"))) is None or seed != int(seed):
            continue
        replay = game.get("replay")
        found.append(FailedGame(str(game.get("player", "")), int(seed), str(game.get("kind", "")),
                                str(game.get("message", "")), replay if isinstance(replay, str) else None))
    return tuple(found)


def _sequential(data: object) -> SequentialStats | None:
    if not isinstance(data, dict):
        return None
    confidence = _rate(data.get("confidence"))
    counts = [_count(data.get(key)) for key in ("floor", "budget", "fixed_games", "balance_games")]
    if confidence is None or None in counts:
        return None
    floor, budget, fixed_games, balance_games = (n or 0 for n in counts)
    return SequentialStats(confidence, floor, budget, fixed_games, _text(data.get("verdict")), balance_games,
                           _band(data.get("sequence")))


def _partial(data: Read) -> PartialRun | None:
    if data.get("partial") is not True:
        return None
    return PartialRun(_text(data.get("reason")) or "", _count(data.get("planned_games")) or 0)

