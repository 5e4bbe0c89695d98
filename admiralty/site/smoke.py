"""Smoke-game statistics as the site reads them: ``build/smoke/<id>.json``, read defensively.

Another stage writes these files; a missing, partial or malformed file must never break the site, so every
field is checked for its type and anything odd is left out (the page then says less, never wrong things).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class SideStats:
    side: str
    wins: int
    rate: float
    wilson95: tuple[float, float]
    vp_mean: float | None = None
    vp_histogram: tuple[tuple[float, int], ...] = ()


@dataclass(frozen=True)
class SmokeStats:
    scenario: str
    games: int
    sides: tuple[SideStats, ...]
    draws: int = 0
    players: tuple[str, ...] = ()
    failures: tuple[tuple[str, int], ...] = ()
    length_mean: float | None = None
    length_range: tuple[int, int] | None = None  # the shortest and longest game, in turns
    expected: tuple[float, float] | None = None
    observed: float | None = None
    in_band: bool | None = None
    balance_games: int | None = None  # games the observed rate is measured over, when not all of them
    balance_player: str | None = None
    by_player: tuple[tuple[str, PlayerStats], ...] = ()

    def balance(self) -> Balance:
        """The one balance figure the chart, the verdict and the index all show: the games of the player kind
        the band is judged on (``balance.player``), with every side's wins among them."""
        kinds = dict(self.by_player)
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


@dataclass(frozen=True)
class PlayerStats:
    """Win figures over the finished games of one player kind."""

    games: int
    sides: tuple[SideStats, ...]
    draws: int


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


def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate of ``wins`` out of ``games``."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)


def _count(value: Any) -> int | None:
    number = _number(value)
    return int(number) if number is not None and number >= 0 and number == int(number) else None


def _rate(value: Any) -> float | None:
    number = _number(value)
    return number if number is not None and 0.0 <= number <= 1.0 else None


def _mapping(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _band(value: Any) -> tuple[float, float] | None:
    if isinstance(value, list | tuple) and len(value) == 2:
        lo, hi = _rate(value[0]), _rate(value[1])
        if lo is not None and hi is not None and lo <= hi:
            return (lo, hi)
    return None


def _side(side_id: str, data: Any, games: int) -> SideStats | None:
    if not isinstance(data, dict):
        return None
    wins = _count(data.get("wins"))
    rate = _rate(data.get("rate"))
    if wins is None and rate is None:
        return None
    if wins is None:
        wins = round((rate or 0.0) * games)
    if rate is None:
        rate = wins / games if games else 0.0
    interval = _band(data.get("wilson95")) or wilson_interval(wins, games)
    vp = _mapping(data, "vp")
    histogram: list[tuple[float, int]] = []
    raw = vp.get("histogram")
    if isinstance(raw, dict):
        for key, count in raw.items():
            try:
                value = float(key)
            except (TypeError, ValueError):
                continue
            n = _count(count)
            if n is not None and math.isfinite(value):
                histogram.append((value, n))
    return SideStats(side_id, wins, rate, interval, _number(vp.get("mean")), tuple(sorted(histogram)))


def _by_player(data: Any, order: list[str]) -> tuple[tuple[str, PlayerStats], ...]:
    if not isinstance(data, dict):
        return ()
    out = []
    for kind, value in sorted(data.items()):
        games = _count(value.get("games")) if isinstance(value, dict) else None
        if not games or not isinstance(value, dict):
            continue
        raw = _mapping(value, "sides")
        keys = [k for k in order if k in raw] + [k for k in raw if k not in order]
        sides = tuple(s for s in (_side(str(k), raw[k], games) for k in keys) if s is not None)
        out.append((str(kind), PlayerStats(games, sides, _count(value.get("draws")) or 0)))
    return tuple(out)


def parse_smoke(data: Any) -> SmokeStats | None:
    """Statistics from the decoded JSON, or ``None`` when it is not usable at all."""
    if not isinstance(data, dict):
        return None
    games = _count(data.get("games"))
    if not games:
        return None
    raw_sides = _mapping(data, "sides")
    balance, failures, length = _mapping(data, "balance"), _mapping(data, "failures"), _mapping(data, "length")
    # The file's keys are sorted; the balance speaks of the scenario's first side (balance.side), which must
    # come first wherever "the first side" is read (verdict, index), as it does on the chart.
    first = balance.get("side")
    order = [str(k) for k in raw_sides]
    if isinstance(first, str) and first in order:
        order = [first, *(k for k in order if k != first)]
    sides = tuple(s for s in (_side(k, raw_sides[k], games) for k in order) if s is not None)
    players = data.get("players") if isinstance(data.get("players"), list) else []
    assert isinstance(players, list)
    in_band = balance.get("in_band")
    return SmokeStats(
        scenario=str(data.get("scenario", "")),
        games=games,
        sides=sides,
        draws=_count(data.get("draws")) or 0,
        players=tuple(str(p) for p in players),
        failures=tuple((str(k), n) for k, v in sorted(failures.items()) if (n := _count(v))),
        length_mean=_number(length.get("mean")),
        length_range=_range(length.get("min"), length.get("max")),
        expected=_band(balance.get("expected")),
        observed=_rate(balance.get("observed")),
        in_band=in_band if isinstance(in_band, bool) else None,
        balance_games=_count(balance.get("games")) or None,
        balance_player=str(balance["player"]) if isinstance(balance.get("player"), str) else None,
        by_player=_by_player(data.get("by_player"), order),
    )


def _range(low: Any, high: Any) -> tuple[int, int] | None:
    first, last = _count(low), _count(high)
    return (first, last) if first is not None and last is not None and first <= last else None


def read_smoke(smoke_dir: str | Path | None, scenario_id: str) -> SmokeStats | None:
    """The statistics for one scenario, or ``None`` (no folder, no file, unreadable, or not usable)."""
    if not smoke_dir:
        return None
    path = Path(smoke_dir) / f"{scenario_id}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return parse_smoke(data)
