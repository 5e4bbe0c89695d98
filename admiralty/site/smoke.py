"""Smoke-game statistics as the site reads them: ``build/smoke/<id>.json``, read by the one type the smoke sweep
writes them with (``admiralty.smoke.summary.SmokeStats``), which reads defensively.

Another stage writes these files; a missing, partial or malformed file must never break the site, so every
field is checked for its type and anything odd is left out (the page then says less, never wrong things).
"""

from __future__ import annotations

from pathlib import Path

from admiralty.smoke.eventmeans import EventMeans
from admiralty.smoke.summary import Balance, PlayerStats, SideStats, SmokeStats, wilson_interval

__all__ = ["Balance", "EventMeans", "PlayerStats", "SideStats", "SmokeStats", "parse_smoke", "read_smoke",
           "wilson_interval"]


def parse_smoke(data: object) -> SmokeStats | None:
    """Statistics from the decoded JSON (any value: checked field by field), or ``None`` when it is not usable
    at all (no games to show)."""
    stats = SmokeStats.from_json(data)
    return stats if stats is not None and stats.games else None


def read_smoke(smoke_dir: str | Path | None, scenario_id: str) -> SmokeStats | None:
    """The statistics for one scenario, or ``None`` (no folder, no file, unreadable, or not usable)."""
    if not smoke_dir:
        return None
    stats = SmokeStats.load(Path(smoke_dir) / f"{scenario_id}.json")
    return stats if stats is not None and stats.games else None
