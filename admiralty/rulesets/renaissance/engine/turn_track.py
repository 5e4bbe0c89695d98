"""The turn track (RN-10): lost naval units and the leaders of a wiped-out side wait there for a turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .model import Units


@dataclass(frozen=True)
class TrackEntry:
    """What one power put on the turn track at ``turn``: naval units (to its pool) and leaders."""

    turn: int
    power: str
    units: Units
    leaders: tuple[str, ...] = ()


def place_on_track(
    track: tuple[TrackEntry, ...],
    current_turn: int,
    power: str,
    lost: Units,
    leaders: Sequence[str],
    dry_dock: bool,
) -> tuple[tuple[TrackEntry, ...], Units]:
    """RN-10: put lost units and leaders on the next turn of the track.

    Returns the new track and the units that go straight back to the power's pool: with the "Dry Dock"
    bonus the lost units skip the track (its leaders still wait a turn).
    """
    to_pool = lost if dry_dock else Units()
    waiting = Units() if dry_dock else lost
    if waiting.is_empty and not leaders:
        return track, to_pool
    entry = TrackEntry(turn=current_turn + 1, power=power, units=waiting, leaders=tuple(leaders))
    return (*track, entry), to_pool


def due(track: tuple[TrackEntry, ...], turn: int) -> tuple[list[TrackEntry], tuple[TrackEntry, ...]]:
    """RN-10: the entries that come back at ``turn`` (or earlier), and the track that stays."""
    released = [entry for entry in track if entry.turn <= turn]
    return released, tuple(entry for entry in track if entry.turn > turn)
