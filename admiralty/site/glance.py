"""The "at a glance" box at the top of a scenario page: size, turns and playing time, difficulty, which side
the smoke games favour (named, with its win rate), the contest rating, the seats that never won, and the
historical outcome.

The size comes from the rule system's renderer (``Renderer.glance``: words for the pieces, their count, and
the minutes a turn takes at the table); the balance figures are ``SmokeStats.balance()``, the same games the
chart and the index show. Every value is escaped here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from admiralty.site.contest import (
    CONTEST_WORDS,
    Work,
    contest,
    difficulty_of,
    favoured_text,
    minutes_text,
    never_won_text,
)
from admiralty.site.richtext import render_inline
from admiralty.site.smoke import SmokeStats
from admiralty.site.text import attr, esc, html_block

DIFFICULTY: tuple[tuple[int, str], ...] = ((8, "introductory"), (25, "intermediate"))


@dataclass(frozen=True)
class Size:
    """What a renderer says of a scenario's size: words, the number of pieces, minutes per turn at the table,
    and the turns when the scenario counts none of its own (``None``: the scenario's ``turns``)."""

    words: str
    pieces: int
    minutes_per_turn: float
    turns: int | None = None


def difficulty(pieces: int) -> str:
    return next((name for most, name in DIFFICULTY if pieces <= most), "advanced")


def playing_time(turns: int | None, minutes_per_turn: float) -> str:
    if not turns:
        return "not known"
    minutes = turns * minutes_per_turn
    if minutes < 50:
        return f"about {max(5, round(minutes / 5) * 5)} minutes"
    hours = round(minutes / 30) / 2
    return f"about {hours:g} hour{'s' if hours != 1 else ''}"


def favoured(stats: SmokeStats | None, names: dict[str, str]) -> tuple[str, str]:
    """(favoured text, contest text) from the balance games: the favoured side named with its win rate, and the
    contest rating with what it means and which games it counts."""
    if stats is None:
        return ("not measured (no smoke games)", "not measured")
    balance = stats.balance()
    rating = contest(balance)
    if rating is None:
        return (favoured_text(balance, names), "not measured")
    return (favoured_text(balance, names), f"{rating}: {CONTEST_WORDS[rating]} (over the {balance.who()})")


def _played_turns(size: Size | None, turns: int | None, stats: SmokeStats | None) -> int | None:
    """The turns a game lasts: the renderer's count, else the scenario's, else (the rules count no turns) as
    long as the smoke games last on average."""
    played_turns = (size.turns if size and size.turns is not None else turns)
    if not played_turns and stats and stats.length_mean:
        played_turns = round(stats.length_mean)
    return played_turns


def _effort_rows(size: Size | None, work: Work | None, played_turns: int | None) -> list[tuple[str, str]]:
    """Playing time and difficulty: from a game's work when known (over the measured games, else the sample game),
    else from turns and pieces."""
    if work:
        return [("Playing time", f"{minutes_text(work.minutes)} ({work.moves} moves, {work.battles} battles, "
                                 f"{work.steps} rolls {work.source()})"),
                ("Difficulty", f"{difficulty_of(work)} ({work.pieces} pieces, {work.moves + work.battles} "
                               "moves and battles to decide a game)")]
    if size:
        return [("Playing time", playing_time(played_turns, size.minutes_per_turn)
                 + f" ({size.minutes_per_turn:g} minutes a turn)"),
                ("Difficulty", f"{difficulty(size.pieces)} ({size.pieces} pieces to handle)")]
    return []


def glance_box(size: Size | None, turns: int | None, stats: SmokeStats | None, sides: Sequence[tuple[str, str]],
               outcome: str = "", work: Work | None = None, alliances: Sequence[Sequence[str]] = ()) -> str:
    """The box as an HTML block (a definition list); every author value escaped. Playing time and difficulty
    come from the work of a game when known (``work``: over the measured games, else the sample game), else from
    turns and pieces."""
    names = dict(sides)
    played_turns = _played_turns(size, turns, stats)
    mean = f" (smoke games last {stats.length_mean:.1f} on average)" if stats and stats.length_mean else ""
    rows: list[tuple[str, str]] = []
    if size:
        rows.append(("Size", size.words))
    rows.append(("Turns", (str(played_turns) if played_turns else "not fixed") + mean))
    rows.extend(_effort_rows(size, work, played_turns))
    favour, rating = favoured(stats, names)
    rows.append(("Favoured", favour))
    rows.append(("Contest", rating))
    if stats is not None:
        warning = never_won_text(stats.balance(), names, alliances)
        if warning:
            rows.append(("Never won", warning))
    cells = [(label, esc(value)) for label, value in rows]
    cells.append(("Historically", render_inline(outcome) if outcome.strip() else "see the briefing"))
    body = "".join(f'<div class="glance-item" data-glance="{attr(label.lower())}"><dt>{esc(label)}</dt>'
                   f"<dd>{value}</dd></div>" for label, value in cells)
    return html_block(f'<dl class="glance">{body}</dl>', "at-a-glance")
