"""What the balance games say to a player: who is favoured, how close the contest is, which seats never won, and
how much work a game is (the pieces to set up and the moves, battles and rolls of a game: on average over the
measured smoke games where the statistics carry their event counts, else those of the sample game).

The rating reads the Wilson 95% intervals and the draw rate of ``SmokeStats.balance()`` (the games the author's
band is judged on):

- **one-sided**: the favourite's interval lies wholly at or above ``ONE_SIDED`` (it wins at least three games in
  four even at the low end), or no other side won a single game;
- **drawish**: at least ``DRAWISH`` of the games end drawn;
- **lopsided**: the favourite's interval lies wholly above every other side's;
- **balanced**: the intervals overlap: neither side is clearly ahead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from admiralty.engine.api import EventRecord
from admiralty.site.charts import percent
from admiralty.site.replaytext import kind
from admiralty.site.smoke import Balance, EventMeans, SideStats

ONE_SIDED = 0.75
DRAWISH = 0.40


def favourite(balance: Balance) -> SideStats | None:
    """The side with the highest win rate (the first in the author's order on a tie), or ``None``."""
    return max(balance.sides, key=lambda s: s.rate, default=None)


def contest(balance: Balance) -> str | None:
    """One of "one-sided", "lopsided", "balanced" or "drawish" for the balance games, or ``None`` when fewer
    than two sides are measured."""
    top = favourite(balance)
    if top is None or len(balance.sides) < 2 or not balance.games:
        return None
    others = [s for s in balance.sides if s is not top]
    if top.wilson95[0] >= ONE_SIDED or (top.wins and all(s.wins == 0 for s in others)):
        return "one-sided"
    if balance.draws is not None and balance.draws / balance.games >= DRAWISH:
        return "drawish"
    if all(top.wilson95[0] > s.wilson95[1] for s in others):
        return "lopsided"
    return "balanced"


CONTEST_WORDS = {
    "one-sided": "one side nearly always wins",
    "lopsided": "one side is clearly ahead",
    "balanced": "either side can win",
    "drawish": "many games end drawn",
}


def favoured_text(balance: Balance, names: Mapping[str, str]) -> str:
    """``Britain: wins 55% of games (Germany 20%, drawn 25%)``, naming the side; ``no side clearly`` when the
    intervals overlap (the rates still named)."""
    top = favourite(balance)
    if top is None or not balance.games:
        return "not measured"
    rest = [f"{names.get(s.side, s.side)} {percent(s.rate)}" for s in balance.sides if s is not top]
    if balance.draws:
        rest.append(f"drawn {percent(balance.draws / balance.games)}")
    detail = f"{names.get(top.side, top.side)} wins {percent(top.rate)} of games" + (
        f" ({', '.join(rest)})" if rest else "")
    if contest(balance) in ("one-sided", "lopsided"):
        return detail
    return f"no side clearly: {detail}"


def never_won(balance: Balance) -> list[str]:
    """The sides that won none of the balance games (when some game was won at all)."""
    if not any(s.wins for s in balance.sides):
        return []
    return [s.side for s in balance.sides if s.wins == 0]


def never_won_text(balance: Balance, names: Mapping[str, str], alliances: Iterable[Sequence[str]] = ()) -> str:
    """A sentence flagging the seats that never won and why it may be so ("" when every side won)."""
    losers = never_won(balance)
    if not losers:
        return ""
    words = ", ".join(names.get(s, s) for s in losers)
    out = f"{words} never won in the {balance.who()}."
    groups = [tuple(g) for g in alliances]
    allied = [next((g for g in groups if s in g), ()) for s in losers]
    if any(allied):
        partners = sorted({names.get(p, p) for g in allied for p in g if p not in losers})
        fights = "They fight" if len(losers) > 1 else "It fights"
        out += (f" {fights} in an alliance" + (f" with {', '.join(partners)}" if partners else "")
                + ": victory points go to the power that wins each battle, so a partner whose squadrons seldom lead "
                  "a battle can see its alliance succeed without winning itself. Play the seat as part of the "
                  "alliance, or give it to the player of a winning partner.")
    else:
        out += " A player taking it should expect to lose, whatever the play; the scenario is a lesson, not a contest."
    return out


@dataclass(frozen=True)
class Work:
    """What a player handles in a game: pieces to set up, and the moves, battles and other resolutions (rolls,
    damage, losses) of a game: the mean over ``games`` measured games, or (``games`` None) the sample game's."""

    pieces: int
    moves: int
    battles: int
    steps: int
    turns: int
    games: int | None = None

    def source(self) -> str:
        """Where the counts come from: ``a game on average over 50 measured games``, or ``in the sample game``."""
        if self.games is None:
            return "in the sample game"
        return f"a game on average over {self.games} measured game{'s' if self.games != 1 else ''}"

    @property
    def minutes(self) -> float:
        """Set-up at 20 seconds a piece, a minute a move, three a battle, 15 seconds a roll or loss, and two
        minutes of bookkeeping a turn."""
        return self.pieces / 3 + self.moves + 3 * self.battles + self.steps / 4 + 2 * self.turns

    @property
    def load(self) -> float:
        """The difficulty score: pieces plus decisions (a battle counts as three)."""
        return self.pieces + self.moves + 3 * self.battles


DIFFICULTY = ((40.0, "introductory"), (200.0, "intermediate"))


def _tally(counts: Iterable[tuple[str, float]], kinds: Mapping[str, str] | None) -> dict[str, float]:
    """(event type, count) pairs summed by the kind its rule system's ``ReplayWords.kinds`` gives each type: a
    move, a battle, or a step to resolve (a contact, damage, a loss); other events (bookkeeping) do not count."""
    tally = {"move": 0.0, "battle": 0.0, "step": 0.0}
    for event_type, count in counts:
        what = kind({"type": event_type}, kinds)
        if what in ("move", "battle"):
            tally[what] += count
        elif what in ("contact", "damage", "sunk"):
            tally["step"] += count
    return tally


def work_from(pieces: int, turns: int | None, events: Sequence[EventRecord] | None,
              kinds: Mapping[str, str] | None = None, measured: EventMeans | None = None) -> Work | None:
    """The work of a game from its pieces and, first, the ``measured`` games' mean event counts (the smoke
    statistics' ``events``: the balance kind's finished games), else the sample game's ``events``; ``None``
    with neither. Each event type counts by the kind its rule system's ``ReplayWords.kinds`` gives it."""
    if measured is not None and measured.games and measured.means:
        tally = _tally(measured.means, kinds)
        played = turns or max(1, round(measured.turns))
        return Work(pieces, round(tally["move"]), round(tally["battle"]), round(tally["step"]), played,
                    measured.games)
    if not events:
        return None
    tally = _tally(((str(e.get("type", "")), 1) for e in events), kinds)
    played = turns or max((turn for e in events if isinstance(turn := e.get("turn"), int)), default=1)
    return Work(pieces, round(tally["move"]), round(tally["battle"]), round(tally["step"]), played)


def difficulty_of(work: Work) -> str:
    return next((name for most, name in DIFFICULTY if work.load <= most), "advanced")


def minutes_text(minutes: float) -> str:
    if minutes < 50:
        return f"about {max(5, round(minutes / 5) * 5)} minutes"
    hours = round(minutes / 30) / 2
    return f"about {hours:g} hour{'s' if hours != 1 else ''}"
